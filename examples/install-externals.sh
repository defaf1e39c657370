#!/bin/sh
# Installs the implementations we did not write, used as the end-to-end
# proof of `arbiter check --engine` (examples/run-externals.sh):
#   - Stockfish, the Debian package `stockfish` (installs /usr/games/stockfish);
#   - pydraughts from PyPI (module `draughts`).
# Each install is best effort: a failure is reported, and the tests that
# need the program skip (saying SKIPPED) or, under CI=true, fail; the
# script itself always exits 0.
set -u
if command -v stockfish >/dev/null 2>&1 || [ -x /usr/games/stockfish ]; then
    echo "install-externals: stockfish already installed"
elif command -v apt-get >/dev/null 2>&1; then
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO="sudo -n"
    $SUDO apt-get update -qq >/dev/null 2>&1 || echo "install-externals: apt-get update failed" >&2
    if apt-cache policy stockfish 2>/dev/null | grep -q 'Candidate: [0-9]'; then
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq stockfish >/dev/null 2>&1 \
            && echo "install-externals: installed stockfish" \
            || echo "install-externals: apt-get install stockfish failed" >&2
    else
        echo "install-externals: no Debian package stockfish available" >&2
    fi
else
    echo "install-externals: no apt-get; install stockfish by hand" >&2
fi
if python3 -c 'import draughts' >/dev/null 2>&1; then
    echo "install-externals: pydraughts already installed"
elif command -v python3 >/dev/null 2>&1; then
    python3 -m pip install -q pydraughts >/dev/null 2>&1 \
        && echo "install-externals: installed pydraughts" \
        || echo "install-externals: pip install pydraughts failed" >&2
else
    echo "install-externals: no python3; cannot install pydraughts" >&2
fi
exit 0
