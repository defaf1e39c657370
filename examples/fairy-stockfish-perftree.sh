#!/bin/sh
# perftree-style adapter for Fairy-Stockfish (Debian package
# `fairy-stockfish`, /usr/games/fairy-stockfish), variants `fide` and
# `capablanca` (CAP-1):
#   fairy-stockfish-perftree.sh DEPTH FEN [MOVES]
# prints Fairy-Stockfish's `go perft DEPTH` divide: "move: n" lines, a
# blank line, and the total. The variant is read from the FEN's width
# (8 files: UCI_Variant chess, 10 files: capablanca); $FSF_VARIANT
# overrides it. Use it with
#   arbiter check --perftree 'sh examples/fairy-stockfish-perftree.sh' \
#       --engine-variant fide --engine-variant capablanca fixtures/fide
# No notation conversion: arbiter's FEN and UCI move texts (castling as the
# king's move: e1g1, f1i1; promotion letters q r b n a c) are
# Fairy-Stockfish's. $FAIRY_STOCKFISH overrides the binary (default:
# fairy-stockfish on PATH, else /usr/games/fairy-stockfish).
set -eu
depth=$1
fen=$2
moves=${3:-}
sf=${FAIRY_STOCKFISH:-}
if [ -z "$sf" ]; then
    if command -v fairy-stockfish >/dev/null 2>&1; then sf=fairy-stockfish
    elif [ -x /usr/games/fairy-stockfish ]; then sf=/usr/games/fairy-stockfish
    else echo "fairy-stockfish not found (install the Debian package fairy-stockfish)" >&2; exit 127
    fi
fi
variant=${FSF_VARIANT:-}
if [ -z "$variant" ]; then
    # Width of the first rank: letters count 1, a number counts its value.
    width=$(printf '%s\n' "${fen%%/*}" | awk '{
        n = 0; w = 0
        for (i = 1; i <= length($0); i++) {
            c = substr($0, i, 1)
            if (c ~ /[0-9]/) { n = n * 10 + c } else { w += n + 1; n = 0 }
        }
        print w + n }')
    case $width in
        8) variant=chess ;;
        10) variant=capablanca ;;
        *) echo "fairy-stockfish-perftree: a board $width files wide is neither fide (8) nor capablanca (10)" >&2; exit 2 ;;
    esac
fi
if [ -n "$moves" ]; then
    position="position fen $fen moves $moves"
else
    position="position fen $fen"
fi
# `go perft` runs synchronously in the UCI loop, so `quit` after it is safe.
printf 'setoption name UCI_Variant value %s\n%s\ngo perft %s\nquit\n' "$variant" "$position" "$depth" \
    | "$sf" | awk '
    /^[a-j](10|[1-9])[a-j](10|[1-9])[qrbnac]?: [0-9]+$/ { print; next }
    /^Nodes searched: / { total = $3 }
    END { if (total == "") exit 1; print ""; print total }
'
