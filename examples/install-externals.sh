#!/bin/sh
# Installs the implementations we did not write, used as the end-to-end
# proof of `arbiter check --engine` (examples/run-externals.sh,
# tests/externals.rs):
#   - Stockfish, the Debian package `stockfish` (installs /usr/games/stockfish);
#   - Fairy-Stockfish, the Debian package `fairy-stockfish`
#     (/usr/games/fairy-stockfish; fide and capablanca);
#   - pydraughts from PyPI (module `draughts`);
#   - the hexchess crate from crates.io, built into the engine adapter
#     examples/hexchess-engine (target/hexchess-engine/release/hexchess-engine).
# Each install is best effort: a failure is reported, and the tests that
# need the program skip (saying SKIPPED) or, under CI=true, fail; the
# script itself always exits 0.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")

SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo -n"
apt_updated=no

# apt_install PACKAGE BINARY: the Debian package that installs /usr/games/BINARY.
apt_install() {
    if command -v "$2" >/dev/null 2>&1 || [ -x "/usr/games/$2" ]; then
        echo "install-externals: $1 already installed"
        return
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "install-externals: no apt-get; install $1 by hand" >&2
        return
    fi
    if [ $apt_updated = no ]; then
        $SUDO apt-get update -qq >/dev/null 2>&1 || echo "install-externals: apt-get update failed" >&2
        apt_updated=yes
    fi
    if apt-cache policy "$1" 2>/dev/null | grep -q 'Candidate: [0-9]'; then
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$1" >/dev/null 2>&1 \
            && echo "install-externals: installed $1" \
            || echo "install-externals: apt-get install $1 failed" >&2
    else
        echo "install-externals: no Debian package $1 available" >&2
    fi
}

apt_install stockfish stockfish
apt_install fairy-stockfish fairy-stockfish

if python3 -c 'import draughts' >/dev/null 2>&1; then
    echo "install-externals: pydraughts already installed"
elif command -v python3 >/dev/null 2>&1; then
    python3 -m pip install -q pydraughts >/dev/null 2>&1 \
        && echo "install-externals: installed pydraughts" \
        || echo "install-externals: pip install pydraughts failed" >&2
else
    echo "install-externals: no python3; cannot install pydraughts" >&2
fi

# The adapter is its own Cargo package (examples/hexchess-engine/Cargo.lock);
# tests/externals.rs runs the same command, a no-op once built.
if command -v cargo >/dev/null 2>&1; then
    cargo build --release --locked --quiet \
        --manifest-path "$root/examples/hexchess-engine/Cargo.toml" \
        --target-dir "$root/target/hexchess-engine" \
        && echo "install-externals: built examples/hexchess-engine (hexchess crate)" \
        || echo "install-externals: cargo build of examples/hexchess-engine failed" >&2
else
    echo "install-externals: no cargo; cannot build examples/hexchess-engine" >&2
fi
exit 0
