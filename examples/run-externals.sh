#!/bin/sh
# Checks the implementations we did not write against the fixtures:
#   Stockfish through the perftree adapter on fixtures/fide (moves / perft
#   / divide cases; the rest are skipped), pydraughts through its protocol
#   shim on fixtures/english, Fairy-Stockfish through its protocol shim on
#   fixtures/fide and fixtures/capablanca (CAP-1), and the hexchess
#   crate through examples/hexchess-engine on fixtures/glinski (with its
#   expected failures) plus a divide comparison from the start. A missing
#   program is skipped with a message, or with CI=true (as .ci/run sets) is
#   a failure.
# Usage: examples/run-externals.sh [ARBITER]   (default: target/release/arbiter,
# else target/debug/arbiter, else arbiter on PATH). Exit 1 on any failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
arbiter=${1:-}
if [ -z "$arbiter" ]; then
    for a in "$root/target/release/arbiter" "$root/target/debug/arbiter"; do
        [ -x "$a" ] && { arbiter=$a; break; }
    done
fi
arbiter=${arbiter:-arbiter}
cd "$root"
status=0
if command -v stockfish >/dev/null 2>&1 || [ -x /usr/games/stockfish ]; then
    if [ -d fixtures/fide ]; then
        echo "== stockfish (perftree adapter) on fixtures/fide"
        "$arbiter" check --perftree "sh $here/stockfish-perftree.sh" --max-nodes 5000000 --timeout 60 fixtures/fide || status=1
    else
        echo "== stockfish: skipped (no fixtures/fide)"
    fi
else
    echo "== stockfish: SKIPPED (not installed; see examples/install-externals.sh)"
    [ "${CI:-}" = true ] && { echo "run-externals: CI=true: stockfish must be installed" >&2; status=1; }
fi
if python3 -c 'import draughts' >/dev/null 2>&1; then
    if [ -d fixtures/english ]; then
        echo "== pydraughts (protocol shim) on fixtures/english"
        # pydraughts is slow (~1000 nodes/s): small perft budget.
        "$arbiter" check --engine "python3 $here/pydraughts-engine.py" --max-nodes 5000 --timeout 60 \
            --xfail "$here/pydraughts.xfail.yaml" fixtures/english || status=1
    else
        echo "== pydraughts: skipped (no fixtures/english)"
    fi
else
    echo "== pydraughts: SKIPPED (python3 module draughts not installed; see examples/install-externals.sh)"
    [ "${CI:-}" = true ] && { echo "run-externals: CI=true: pydraughts must be installed" >&2; status=1; }
fi
if { command -v fairy-stockfish >/dev/null 2>&1 || [ -x /usr/games/fairy-stockfish ]; } \
    && command -v python3 >/dev/null 2>&1; then
    for v in fide capablanca; do
        echo "== fairy-stockfish (protocol shim) on fixtures/$v"
        "$arbiter" check --engine "python3 $here/fairy-stockfish-engine.py" --max-nodes 5000000 --timeout 60 \
            "fixtures/$v" || status=1
    done
else
    echo "== fairy-stockfish: SKIPPED (fairy-stockfish or python3 not installed; see examples/install-externals.sh)"
    [ "${CI:-}" = true ] && { echo "run-externals: CI=true: fairy-stockfish must be installed" >&2; status=1; }
fi
hexchess=$root/target/hexchess-engine/release/hexchess-engine
if [ -x "$hexchess" ]; then
    echo "== hexchess (examples/hexchess-engine) on fixtures/glinski"
    "$arbiter" check --engine "$hexchess" --timeout 60 --xfail "$here/hexchess.xfail.yaml" fixtures/glinski || status=1
    echo "== hexchess: divide from the start, depth 4"
    "$arbiter" bisect --engine "$hexchess" --variant glinski --depth 4 --timeout 300 || status=1
else
    echo "== hexchess: SKIPPED (examples/hexchess-engine not built; see examples/install-externals.sh)"
    [ "${CI:-}" = true ] && { echo "run-externals: CI=true: examples/hexchess-engine must be built" >&2; status=1; }
fi
exit $status
