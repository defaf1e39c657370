#!/usr/bin/env python3
"""Engine-protocol shim for Fairy-Stockfish (Debian package
`fairy-stockfish`, /usr/games/fairy-stockfish), an implementation we did
not write, for the variants `fide` (UCI_Variant `chess`) and `capablanca`
(CAP-1; Fairy-Stockfish's `capablanca`):

    arbiter check --engine 'python3 examples/fairy-stockfish-engine.py' fixtures/fide

One Fairy-Stockfish process serves the whole run (a perftree script
starts one per request, which costs 0.2 s each). It answers `moves`,
`perft` and `divide` through the UCI command `go perft N` (its divide
lines `e2e4: 600`); `play`, `outcome` and `explain` are `unsupported`
(the engine does not validate positions and prints no game result), so
those expectations are skipped, as with a perftree script.

Notation: none to convert. arbiter's fide/capablanca position text is
FEN (10 files: `rnabqkbcnr/pppppppppp/10/...`), its move text UCI with the
king's move for castling (`e1g1`, `f1i1`) and lower-case promotion
letters (`a7a8c`): Fairy-Stockfish's own. A history move is checked
against the engine's legal moves (`go perft 1`) before it is played, since
`position ... moves` silently stops at an illegal one.

$FAIRY_STOCKFISH overrides the binary (default: fairy-stockfish on PATH,
else /usr/games/fairy-stockfish).
"""
import json
import os
import re
import shutil
import subprocess
import sys

# arbiter variant id -> (Fairy-Stockfish UCI_Variant, start FEN)
VARIANTS = {
    "fide": ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    "capablanca": ("capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"),
}
DIVIDE_LINE = re.compile(r"^([a-j](?:10|[1-9])[a-j](?:10|[1-9])[qrbnac]?): (\d+)$")
MOVE_TEXT = re.compile(r"^[a-j](?:10|[1-9])[a-j](?:10|[1-9])[qrbnac]?$")


class EngineError(Exception):
    def __init__(self, kind, message, ply=None):
        super().__init__(message)
        self.kind, self.message, self.ply = kind, message, ply


def binary():
    explicit = os.environ.get("FAIRY_STOCKFISH")
    if explicit:
        return explicit
    return shutil.which("fairy-stockfish") or (
        "/usr/games/fairy-stockfish" if os.access("/usr/games/fairy-stockfish", os.X_OK) else None
    )


class Engine:
    """One Fairy-Stockfish process, driven line by line over UCI."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.variant = None
        # (variant, fen, history) -> legal moves there: a history checked
        # once is not replayed move by move again.
        self.legal_cache = {}
        self.send("uci")
        self.read_until(lambda line: line == "uciok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, done):
        lines = []
        for line in self.proc.stdout:
            line = line.rstrip("\n")
            lines.append(line)
            if done(line):
                return lines
        raise EngineError("internal", "fairy-stockfish exited")

    def divide(self, variant, fen, moves, depth):
        """`go perft depth` after the moves: {move: count} and the total."""
        if variant != self.variant:
            self.send(f"setoption name UCI_Variant value {variant}")
            self.variant = variant
        position = f"position fen {fen}" + (" moves " + " ".join(moves) if moves else "")
        self.send(position)
        self.send(f"go perft {depth}")
        rows, total = {}, None
        for line in self.read_until(lambda l: l.startswith("Nodes searched")):
            m = DIVIDE_LINE.match(line)
            if m:
                rows[m.group(1)] = int(m.group(2))
            elif line.startswith("Nodes searched"):
                total = int(line.split()[-1])
        return rows, total

    def legal(self, variant, fen, history):
        key = (variant, fen, tuple(history))
        if key not in self.legal_cache:
            rows, _ = self.divide(variant, fen, history, 1)
            self.legal_cache[key] = set(rows)
        return self.legal_cache[key]


def game(engine, req):
    """(UCI_Variant, FEN, history) of a request, the history checked move by move."""
    vid = req.get("variant")
    if vid not in VARIANTS:
        raise EngineError("unsupported", f"variant {vid}: only fide and capablanca")
    if req.get("options"):
        raise EngineError("unsupported", "no rule options")
    variant, start = VARIANTS[vid]
    fen = req.get("position") or start
    if "\n" in fen or "\r" in fen:
        raise EngineError("position", "a position text is one line")
    history = []
    for ply, text in enumerate(req.get("moves") or [], start=1):
        if not MOVE_TEXT.match(text):
            raise EngineError("move-syntax", f"move {ply}: malformed move '{text}'", ply)
        if text not in engine.legal(variant, fen, history):
            raise EngineError("illegal-move", f"move {ply}: illegal move '{text}'", ply)
        history.append(text)
    return variant, fen, history


def handle(engine, req):
    cmd = req["cmd"]
    if cmd == "hello":
        return {
            "protocol": 1,
            "name": "Fairy-Stockfish (fide, capablanca shim)",
            "variants": [{"id": v, "options": []} for v in VARIANTS],
        }
    if cmd in ("play", "outcome", "explain"):
        raise EngineError("unsupported", f"{cmd}: not answered by this shim (go perft only)")
    if cmd not in ("moves", "perft", "divide"):
        raise EngineError("unsupported", f"unknown command {cmd}")
    variant, fen, history = game(engine, req)
    if cmd == "moves":
        rows, _ = engine.divide(variant, fen, history, 1)
        return {"moves": sorted(rows)}
    depth = req.get("depth")
    if depth is None:
        raise EngineError("protocol", f"{cmd}: missing 'depth'")
    if cmd == "perft" and depth == 0:
        return {"nodes": 1}
    if cmd == "divide" and depth == 0:
        raise EngineError("protocol", "divide: 'depth' must be at least 1")
    rows, total = engine.divide(variant, fen, history, depth)
    if total is None or (rows and sum(rows.values()) != total):
        raise EngineError("internal", "fairy-stockfish printed no consistent perft")
    if cmd == "perft":
        return {"nodes": total}
    return {"divide": rows, "nodes": total}


def main():
    path = binary()
    engine = None
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except ValueError as e:
            print(json.dumps({"id": None, "error": {"kind": "protocol", "message": f"bad request: {e}"}}), flush=True)
            continue
        if req.get("cmd") == "quit":
            break
        try:
            if path is None:
                raise EngineError("internal", "fairy-stockfish not found (install the Debian package fairy-stockfish)")
            if engine is None:
                engine = Engine(path)
            resp = handle(engine, req)
        except EngineError as e:
            resp = {"error": {"kind": e.kind, "message": e.message}}
            if e.ply is not None:
                resp["error"]["ply"] = e.ply
        except Exception as e:  # the engine died or printed nonsense
            resp = {"error": {"kind": "internal", "message": f"{type(e).__name__}: {e}"}}
            engine = None
        resp["id"] = req.get("id")
        print(json.dumps(resp), flush=True)
    if engine is not None:
        engine.send("quit")


if __name__ == "__main__":
    main()
