#!/bin/sh
# perftree-style adapter for Stockfish (Debian package `stockfish`):
#   stockfish-perftree.sh DEPTH FEN [MOVES]
# prints Stockfish's `go perft DEPTH` divide: "move: n" lines, a blank
# line, and the total. Use it with
#   arbiter check --perftree 'sh examples/stockfish-perftree.sh' fixtures/fide
# $STOCKFISH overrides the binary (default: stockfish on PATH, else
# /usr/games/stockfish, where Debian installs it).
set -eu
depth=$1
fen=$2
moves=${3:-}
sf=${STOCKFISH:-}
if [ -z "$sf" ]; then
    if command -v stockfish >/dev/null 2>&1; then sf=stockfish
    elif [ -x /usr/games/stockfish ]; then sf=/usr/games/stockfish
    else echo "stockfish not found (install the Debian package stockfish)" >&2; exit 127
    fi
fi
if [ -n "$moves" ]; then
    position="position fen $fen moves $moves"
else
    position="position fen $fen"
fi
# `go perft` runs synchronously in the UCI loop, so `quit` after it is safe.
printf '%s\ngo perft %s\nquit\n' "$position" "$depth" | "$sf" | awk '
    /^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$/ { print; next }
    /^Nodes searched: / { total = $3 }
    END { if (total == "") exit 1; print ""; print total }
'
