#!/usr/bin/env python3
"""Engine-protocol shim for the PyPI library `pydraughts` (module
`draughts`), variant `english` only: an implementation we did not write,
checked against arbiter's english fixtures:

    pip install pydraughts
    arbiter check --engine 'python3 examples/pydraughts-engine.py' fixtures/english

Notation conversion (arbiter's english notation, CONFORMANCE.md):
- positions are PDN FEN; arbiter's canonical text lists White then Black,
  squares ascending, kings prefixed K (`B:W21,...,32:B1,...,12`);
  pydraughts' `Board.fen` has the same fields but another order, so it is
  re-sorted;
- a step is `11-15`; a capture series is its full path `22x15x6`
  (pydraughts' `Move.steps_move` is that path); in histories the short
  form `22x6` is accepted when exactly one series matches.
History moves are matched against the library's legal moves by that text.
"""
import json
import re
import sys

try:
    from draughts import BLACK, WHITE, Board
except ImportError:  # reported on hello, so the runner says why
    Board = None

SQUARE = r"([1-9]|[12][0-9]|3[0-2])"
# Our move syntax: a step `a-b`, or a capture path `axbx...` (squares 1..32).
MOVE_RE = re.compile(rf"^{SQUARE}-{SQUARE}$|^{SQUARE}(x{SQUARE})+$")


class EngineError(Exception):
    def __init__(self, kind, message, ply=None):
        super().__init__(message)
        self.kind, self.message, self.ply = kind, message, ply


def move_text(m):
    sep = "x" if m.captures else "-"
    return sep.join(str(s) for s in m.steps_move)


def canonical_fen(fen):
    turn, *sides = fen.split(":")
    lists = {}
    for side in sides:
        if not side:
            continue
        colour, items = side[0], [x for x in side[1:].split(",") if x]
        key = lambda x: int(x.lstrip("K"))
        lists[colour] = sorted(items, key=key)
    return f"{turn}:W{','.join(lists.get('W', []))}:B{','.join(lists.get('B', []))}"


def board(req):
    if req.get("variant") != "english":
        raise EngineError("unsupported", "only english")
    if req.get("options"):
        raise EngineError("unsupported", "no rule options")
    fen = req.get("position")
    try:
        b = Board(variant="english", fen=fen) if fen is not None else Board(variant="english")
    except Exception as e:  # the library has no typed errors
        raise EngineError("position", f"pydraughts rejected the position: {type(e).__name__}: {e}")
    for ply, text in enumerate(req.get("moves") or [], start=1):
        if not MOVE_RE.match(text):
            raise EngineError("move-syntax", f"move {ply}: malformed move '{text}'", ply)
        legal = {move_text(m): m for m in b.legal_moves()}
        if text not in legal:
            # The short PDN form `from x to` names the unique series between them.
            ends = text.split("x")
            short = [t for t in legal if "x" in t and len(ends) == 2 and t.split("x")[0] == ends[0] and t.split("x")[-1] == ends[1]]
            if len(short) > 1:
                raise EngineError("ambiguous-move", f"move {ply}: ambiguous move '{text}': {', '.join(short)}", ply)
            if not short:
                raise EngineError("illegal-move", f"move {ply}: illegal move '{text}'", ply)
            text = short[0]
        b.push(legal[text])
    return b


def perft(b, depth):
    if depth == 0:
        return 1
    moves = b.legal_moves()
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        b.push(m)
        n += perft(b, depth - 1)
        b.pop()
    return n


def outcome(b):
    if not b.legal_moves():
        # No move: the side to move loses (ENG-1).
        return "black-wins" if b.turn == WHITE else "white-wins"
    return "none"


def handle(req):
    cmd = req["cmd"]
    if cmd == "hello":
        if Board is None:
            raise EngineError("internal", "pydraughts is not installed (pip install pydraughts)")
        return {"protocol": 1, "name": "pydraughts (english shim)", "variants": [{"id": "english", "options": []}]}
    b = board(req)
    if cmd == "moves":
        return {"moves": [move_text(m) for m in b.legal_moves()]}
    if cmd == "play":
        return {"position": canonical_fen(b.fen)}
    if cmd == "outcome":
        return {"outcome": outcome(b)}
    if cmd == "perft":
        return {"nodes": perft(b, req["depth"])}
    if cmd == "divide":
        out = {}
        for m in b.legal_moves():
            b.push(m)
            out[move_text(m)] = perft(b, req["depth"] - 1)
            b.pop()
        return {"divide": out, "nodes": sum(out.values())}
    raise EngineError("unsupported", f"unknown command {cmd}")


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        if req.get("cmd") == "quit":
            break
        try:
            resp = handle(req)
        except EngineError as e:
            resp = {"error": {"kind": e.kind, "message": e.message}}
            if e.ply is not None:
                resp["error"]["ply"] = e.ply
        except Exception as e:  # a library crash on this input
            resp = {"error": {"kind": "internal", "message": f"{type(e).__name__}: {e}"}}
        resp["id"] = req.get("id")
        print(json.dumps(resp), flush=True)


if __name__ == "__main__":
    main()
