#!/usr/bin/env python3
"""A tiny engine-protocol shim: answers every request by running the
`arbiter` command line (moves / play / perft / divide with --json).

It is the worked example of CONFORMANCE.md "Validating your
implementation": replace the `arbiter(...)` calls with calls into your own
implementation and run

    arbiter check --engine 'python3 examples/toy-engine.py' fixtures/

The arbiter binary is taken from $ARBITER (default: `arbiter` on PATH).
"""
import json
import os
import re
import subprocess
import sys

ARBITER = os.environ.get("ARBITER", "arbiter")

# Error kinds of the protocol, recognised from arbiter's one-line messages.
KINDS = [
    (r"unknown variant", "variant"),
    (r"rule option|mutant|for rule option", "option"),
    (r"malformed position|impossible position", "position"),
    (r"malformed move", "move-syntax"),
    (r"ambiguous move", "ambiguous-move"),
    (r"illegal move|after the game has ended", "illegal-move"),
]


class EngineError(Exception):
    def __init__(self, kind, message, ply=None):
        super().__init__(message)
        self.kind, self.message, self.ply = kind, message, ply


def arbiter(command, req, *extra):
    args = [ARBITER, command, "--json", "--variant", req["variant"]]
    if req.get("position") is not None:
        args += ["--position", req["position"]]
    for opt in req.get("options") or []:
        args += ["--rule", opt]
    args += list(extra)
    if req.get("moves"):
        args += ["--moves", *req["moves"]]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        message = p.stderr.strip().removeprefix("error: ")
        kind = next((k for pattern, k in KINDS if re.search(pattern, message)), "internal")
        m = re.match(r"move (\d+): ", message)
        raise EngineError(kind, message, int(m.group(1)) if m else None)
    return json.loads(p.stdout)


def hello():
    variants = arbiter_variants()
    return {"protocol": 1, "name": "toy-engine (arbiter CLI shim)", "variants": variants}


def arbiter_variants():
    p = subprocess.run([ARBITER, "variants", "--json"], capture_output=True, text=True, check=True)
    return [{"id": v["id"], "options": [o["name"] for o in v["options"]]} for v in json.loads(p.stdout)]


def handle(req):
    cmd = req["cmd"]
    if cmd == "hello":
        return hello()
    if cmd == "moves":
        return {"moves": arbiter("moves", req)["moves"]}
    if cmd == "play":
        return {"position": arbiter("play", req)["position"]}
    if cmd == "outcome":
        return {"outcome": arbiter("play", req)["outcome"] or "none"}
    if cmd == "perft":
        return {"nodes": arbiter("perft", req, "--depth", str(req["depth"]))["nodes"]}
    if cmd == "divide":
        d = arbiter("divide", req, "--depth", str(req["depth"]))
        return {"divide": {m["move"]: m["nodes"] for m in d["moves"]}, "nodes": d["nodes"]}
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
        resp["id"] = req.get("id")
        print(json.dumps(resp), flush=True)


if __name__ == "__main__":
    main()
