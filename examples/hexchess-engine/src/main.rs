//! Engine-protocol adapter (CONFORMANCE.md "Engine protocol") for the
//! `hexchess` crate 2.5.1 (crates.io, MIT, Scott Bedard; the library
//! behind hexchess.club): Gliński's chess as someone else wrote it,
//! checked against arbiter's `glinski` (GLN-1).
//!
//! ```text
//! cargo build --release --locked --manifest-path examples/hexchess-engine/Cargo.toml \
//!     --target-dir target/hexchess-engine
//! arbiter check --engine target/hexchess-engine/release/hexchess-engine \
//!     --xfail examples/hexchess.xfail.yaml fixtures/glinski
//! ```
//!
//! One JSON request per line on stdin, one answer per line on stdout;
//! variant `glinski` only, no rule options, no `explain`.
//!
//! Notation: the two sides write the same texts, so translation is mostly
//! the identity, but it is done here explicitly (one function each way) so
//! a difference would be visible in one place:
//! - position: arbiter's glinski text (`b/qbk/n1b1n/... w - 0 1`, ranks 11
//!   to 1, cells from file a to l, counts of empty cells, then turn, en
//!   passant cell, halfmove, fullmove; the three-field form means `0 1`) is
//!   the library's FEN (`Hexchess::parse`, which fills missing trailing
//!   fields itself); the library's `Display` writes the same five fields;
//! - move: arbiter's `f5f6`, `e9e10q` (from, to, lower-case promotion
//!   letter) is the library's `San` text (`San::from_string`,
//!   `San::to_string`).
//!
//! The library is used as it is: its own parser, move generator, legality
//! test and move application (`Hexchess::current_moves`, `is_legal`,
//! `apply_move`, `apply_move_unsafe` on its legal moves). A panic of the
//! library on some input is caught and answered as an `internal` error.

use std::io::{BufRead, Write};

use hexchess::{Color, Hexchess, San};
use serde_json::{json, Value};

/// The variant this adapter answers for.
const VARIANT: &str = "glinski";

/// A protocol error: kind (kebab case, as the protocol names them),
/// message, and the 1-based ply of the history it concerns.
struct Failure {
    kind: &'static str,
    message: String,
    ply: Option<usize>,
}

fn fail(kind: &'static str, message: impl Into<String>) -> Failure {
    Failure {
        kind,
        message: message.into(),
        ply: None,
    }
}

/// arbiter's position text → the library's game (its FEN reader).
fn from_position_text(text: &str) -> Result<Hexchess, Failure> {
    Hexchess::parse(text.trim())
        .map_err(|e| fail("position", format!("hexchess rejected the position: {e}")))
}

/// The library's game → arbiter's canonical position text.
fn to_position_text(game: &Hexchess) -> String {
    game.to_string()
}

/// arbiter's move text → the library's move.
fn from_move_text(text: &str) -> Result<San, String> {
    San::from_string(text)
}

/// The library's move → arbiter's move text.
fn to_move_text(san: &San) -> String {
    san.to_string()
}

/// The game of a request: the position (or the start) with the history
/// played, each move checked by the library's own legality test.
fn game(req: &Value) -> Result<Hexchess, Failure> {
    match req.get("variant").and_then(Value::as_str) {
        Some(VARIANT) => {}
        Some(v) => return Err(fail("unsupported", format!("variant {v}: only {VARIANT}"))),
        None => return Err(fail("protocol", "missing 'variant'")),
    }
    if req
        .get("options")
        .and_then(Value::as_array)
        .is_some_and(|o| !o.is_empty())
    {
        return Err(fail("unsupported", "no rule options"));
    }
    let mut g = match req.get("position").and_then(Value::as_str) {
        None => Hexchess::init(),
        Some(text) => from_position_text(text)?,
    };
    let moves = req
        .get("moves")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for (i, m) in moves.iter().enumerate() {
        let ply = Some(i + 1);
        let text = m.as_str().unwrap_or_default();
        let san = from_move_text(text).map_err(|e| Failure {
            kind: "move-syntax",
            message: format!("move {}: malformed move '{text}': {e}", i + 1),
            ply,
        })?;
        g.apply_move(&san).map_err(|e| Failure {
            kind: "illegal-move",
            message: format!("move {}: illegal move '{text}': {e}", i + 1),
            ply,
        })?;
    }
    Ok(g)
}

fn after(g: &Hexchess, san: &San) -> Hexchess {
    let mut next = g.clone();
    next.apply_move_unsafe(san)
        .expect("a move of current_moves applies");
    next
}

fn perft(g: &Hexchess, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => g.current_moves().len() as u64,
        _ => g
            .current_moves()
            .iter()
            .map(|m| perft(&after(g, m), depth - 1))
            .sum(),
    }
}

fn outcome(g: &Hexchess) -> &'static str {
    if !g.current_moves().is_empty() {
        "none"
    } else if g.is_check() {
        match g.turn {
            Color::White => "black-wins",
            Color::Black => "white-wins",
        }
    } else {
        "draw"
    }
}

fn depth(req: &Value) -> Result<u32, Failure> {
    req.get("depth")
        .and_then(Value::as_u64)
        .map(|d| d as u32)
        .ok_or_else(|| fail("protocol", "missing 'depth'"))
}

fn handle(req: &Value) -> Result<Value, Failure> {
    let cmd = req.get("cmd").and_then(Value::as_str).unwrap_or_default();
    match cmd {
        "hello" => Ok(json!({
            "protocol": 1,
            "name": "hexchess 2.5.1 (crates.io) through examples/hexchess-engine",
            "variants": [{"id": VARIANT, "options": []}],
        })),
        "moves" => {
            let g = game(req)?;
            let moves: Vec<String> = g.current_moves().iter().map(to_move_text).collect();
            Ok(json!({ "moves": moves }))
        }
        "play" => Ok(json!({ "position": to_position_text(&game(req)?) })),
        "outcome" => Ok(json!({ "outcome": outcome(&game(req)?) })),
        "perft" => {
            let d = depth(req)?;
            Ok(json!({ "nodes": perft(&game(req)?, d) }))
        }
        "divide" => {
            let d = depth(req)?;
            if d == 0 {
                return Err(fail("protocol", "divide: 'depth' must be at least 1"));
            }
            let g = game(req)?;
            let mut rows = serde_json::Map::new();
            let mut total = 0;
            for m in g.current_moves() {
                let n = perft(&after(&g, &m), d - 1);
                total += n;
                rows.insert(to_move_text(&m), json!(n));
            }
            Ok(json!({ "divide": rows, "nodes": total }))
        }
        other => Err(fail(
            "unsupported",
            format!("command '{other}' not implemented"),
        )),
    }
}

/// One line of the protocol: the answer (with the request's id), or
/// `None` for `quit`.
fn answer(line: &str) -> Option<Value> {
    let req: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return Some(
                json!({"id": null, "error": {"kind": "protocol", "message": format!("bad request: {e}")}}),
            )
        }
    };
    if req.get("cmd").and_then(Value::as_str) == Some("quit") {
        return None;
    }
    let id = req.get("id").cloned().unwrap_or(Value::Null);
    let result = std::panic::catch_unwind(|| handle(&req)).unwrap_or_else(|p| {
        let why = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        Err(fail("internal", format!("hexchess panicked: {why}")))
    });
    let mut body = match result {
        Ok(v) => v,
        Err(f) => {
            let mut e = json!({"kind": f.kind, "message": f.message.replace(['\n', '\r'], " ")});
            if let Some(p) = f.ply {
                e["ply"] = json!(p);
            }
            json!({ "error": e })
        }
    };
    body["id"] = id;
    Some(body)
}

fn main() {
    // Panics are answered as `internal` errors; keep stderr to one line each.
    std::panic::set_hook(Box::new(|info| eprintln!("hexchess-engine: {info}")));
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let Some(a) = answer(&line) else { break };
        if writeln!(out, "{a}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}
