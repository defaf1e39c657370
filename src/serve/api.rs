//! The JSON API of `arbiter serve`, without HTTP: a request body in, a
//! status code and a JSON body out (the HTTP layer, [`super::http`], adds
//! the limits on bodies, concurrency and time).
//!
//! The game requests (`moves`, `play`, `perft`, `divide`, `outcome`,
//! `explain`) take the engine protocol's fields (`variant`, `options`,
//! `position`, `moves`, `depth`, `move`; CONFORMANCE.md "Engine protocol")
//! and are answered by the protocol's own request handling
//! ([`protocol::answer_request`] with the [`Reference`] backend), so the
//! two interfaces answer alike. The API adds:
//!
//! - `moves` with `from`: only the moves of the piece on that cell, as
//!   `arbiter moves --from`; with `picture: true` also their picture;
//! - `play` with `picture: true`: the board as SVG, with the outline of
//!   every cell (`cells`) so a page can make the cells clickable;
//! - `explain`: the canonical move text, the reason, the picture (SVG) and
//!   the CONFORMANCE.md entry of each rule ID named;
//! - `perft` and `divide` under a node budget (413 beyond it) and a time
//!   limit (503).
//!
//! Errors are `{"error": {"kind", "message"}}` (with `ply` for a move of
//! the history), kinds and status codes as [`status_of`] says.

use std::time::Duration;

use serde::Deserialize;
use serde_json::{json, Value};

use super::rules;
use crate::conformance::protocol::{self, EngineRequest};
use crate::conformance::{BackendError, Reference, Request};
use crate::core::diagram::{Picture, Title};
use crate::core::error::one_line;
use crate::core::perft::{Limit, StopReason};
use crate::core::{DynGame, OptionKind, Rules};
use crate::render;
use crate::variants;

/// The longest error message the API writes (cut, saying so), as the
/// engine protocol.
pub const MAX_MESSAGE: usize = protocol::MAX_MESSAGE;

/// The server's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest request body, in bytes (413 beyond).
    pub max_body: usize,
    /// The most nodes one perft or divide may visit (413 beyond).
    pub max_nodes: u64,
    /// The most requests computing at once.
    pub max_busy: usize,
    /// How long a request waits for one of the others to finish when
    /// [`Limits::max_busy`] are computing (503 after that).
    pub max_wait: Duration,
    /// The longest a request may compute (503 beyond).
    pub time_limit: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body: 64 * 1024,
            max_nodes: 20_000_000,
            max_busy: std::thread::available_parallelism()
                .map_or(2, |n| n.get())
                .clamp(2, 64),
            max_wait: Duration::from_millis(250),
            time_limit: Duration::from_secs(10),
        }
    }
}

/// The game requests, one per `POST /api/<name>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `POST /api/moves`: the legal moves (or one piece's, with `from`).
    Moves,
    /// `POST /api/play`: the position after the moves.
    Play,
    /// `POST /api/perft`: the perft count at `depth`.
    Perft,
    /// `POST /api/divide`: the perft count by root move.
    Divide,
    /// `POST /api/outcome`: whether the game is over, and how.
    Outcome,
    /// `POST /api/explain`: whether `move` is legal and which rule IDs decide it.
    Explain,
}

impl Command {
    /// Every command, in the order of the API table.
    pub const ALL: [Command; 6] = [
        Command::Moves,
        Command::Play,
        Command::Perft,
        Command::Divide,
        Command::Outcome,
        Command::Explain,
    ];
    /// The path segment and the engine protocol's `cmd`.
    pub fn name(self) -> &'static str {
        match self {
            Command::Moves => "moves",
            Command::Play => "play",
            Command::Perft => "perft",
            Command::Divide => "divide",
            Command::Outcome => "outcome",
            Command::Explain => "explain",
        }
    }
}

/// A status code and a JSON body.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// The HTTP status code.
    pub status: u16,
    /// The JSON body (`{"error": {"kind", "message"}}` on an error).
    pub body: Value,
}

impl Reply {
    fn ok(body: Value) -> Reply {
        Reply { status: 200, body }
    }
}

/// The status code of an error kind: 400 bad input, 404 no such rule or
/// path, 405 wrong method, 413 too large (body or node budget), 415 not
/// JSON, 422 an illegal move, 503 busy or out of time, 500 a bug.
pub fn status_of(kind: &str) -> u16 {
    match kind {
        "illegal-move" => 422,
        "not-found" => 404,
        "method" => 405,
        "too-large" => 413,
        "media-type" => 415,
        "busy" | "timeout" => 503,
        "internal" => 500,
        // variant, option, position, move-syntax, ambiguous-move,
        // unsupported, input
        _ => 400,
    }
}

/// An error reply of `kind` (status by [`status_of`]), the message as one
/// line of at most [`MAX_MESSAGE`] characters.
pub fn error(kind: &str, message: &str) -> Reply {
    Reply {
        status: status_of(kind),
        body: json!({"error": {"kind": kind, "message": one_line(message, MAX_MESSAGE)}}),
    }
}

/// An error object of the engine protocol as a reply: its `protocol` kind
/// (the request itself is wrong) is `input` here.
fn protocol_reply(mut e: Value) -> Reply {
    if e["kind"] == "protocol" {
        e["kind"] = json!("input");
    }
    let kind = e["kind"].as_str().unwrap_or("internal").to_string();
    Reply {
        status: status_of(&kind),
        body: json!({ "error": e }),
    }
}

fn backend_reply(e: &BackendError) -> Reply {
    protocol_reply(protocol::error_value(e))
}

/// A request body: the engine protocol's fields, and the API's `from` and
/// `picture`. Unknown fields are refused (a misspelt field is an error,
/// never ignored).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApiRequest {
    /// The variant id (required by every game request).
    pub variant: Option<String>,
    /// Rule options, `name` or `name=value`.
    #[serde(default)]
    pub options: Vec<String>,
    /// The position text; none: the variant's start position.
    #[serde(default)]
    pub position: Option<String>,
    /// Moves played from the position first.
    #[serde(default)]
    pub moves: Vec<String>,
    /// `perft` and `divide`: the depth.
    #[serde(default)]
    pub depth: Option<u32>,
    /// JSON `move`, `explain` only: the move text to judge.
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
    /// `moves` only: the cell of the piece whose moves are asked for.
    #[serde(default)]
    pub from: Option<String>,
    /// `moves` with `from`, and `play`: also the picture as SVG.
    #[serde(default)]
    pub picture: bool,
}

impl ApiRequest {
    fn engine(&self, cmd: Command) -> EngineRequest {
        EngineRequest {
            id: 0,
            cmd: cmd.name().into(),
            protocol: None,
            variant: self.variant.clone(),
            options: Some(self.options.clone()),
            position: self.position.clone(),
            moves: Some(self.moves.clone()),
            depth: self.depth,
            mv: self.mv.clone(),
        }
    }
    fn request(&self) -> Request {
        Request {
            variant: self.variant.clone().unwrap_or_default(),
            options: self.options.clone(),
            position: self.position.clone(),
            moves: self.moves.clone(),
        }
    }
}

/// Reads a request body.
///
/// # Errors
/// A reply saying why the body is not a request (400).
pub fn parse_request(body: &[u8]) -> Result<ApiRequest, Reply> {
    let text = std::str::from_utf8(body)
        .map_err(|e| error("input", &format!("the request body is not UTF-8 ({e})")))?;
    let bad = |e: &dyn std::fmt::Display| {
        error(
            "input",
            &format!("the request body is not a request of this API: {e}"),
        )
    };
    let v: Value = serde_json::from_str(text).map_err(|e| bad(&e))?;
    if !v.is_object() {
        return Err(bad(&"it must be a JSON object"));
    }
    serde_json::from_value(v).map_err(|e| bad(&e))
}

/// Answers `cmd` for the request `body`.
pub fn answer(cmd: Command, body: &[u8], limits: &Limits) -> Reply {
    match parse_request(body) {
        Ok(r) => answer_request(cmd, &r, limits),
        Err(reply) => reply,
    }
}

/// Answers `cmd` for a parsed request.
pub fn answer_request(cmd: Command, r: &ApiRequest, limits: &Limits) -> Reply {
    let mut backend = Reference::default();
    let engine = r.engine(cmd);
    if cmd == Command::Moves && r.from.is_some() {
        return piece_moves(&mut backend, r);
    }
    if r.from.is_some() {
        return error("input", "'from' is a field of moves only");
    }
    if r.picture && cmd != Command::Play {
        return error(
            "input",
            "'picture' is a field of moves (with 'from') and play only",
        );
    }
    let answered = match cmd {
        Command::Perft | Command::Divide => {
            // The node budget and time limit of this one perft.
            backend.limit = Limit {
                max_nodes: Some(limits.max_nodes),
                max_time: Some(limits.time_limit),
            };
            let v = protocol::answer_request(&mut backend, &engine);
            if let Some(s) = backend.stopped {
                let depth = r.depth.unwrap_or(0);
                return match s.reason {
                    StopReason::Nodes(n) => error(
                        "too-large",
                        &format!(
                            "{}({depth}) needs more than {n} nodes, the node budget of this server (arbiter serve --max-nodes {n}); ask for a smaller depth",
                            cmd.name()
                        ),
                    ),
                    StopReason::Time(t) => error(
                        "timeout",
                        &format!(
                            "{}({depth}) took longer than the time limit of this server ({:.1} s)",
                            cmd.name(),
                            t.as_secs_f64()
                        ),
                    ),
                };
            }
            v
        }
        _ => protocol::answer_request(&mut backend, &engine),
    };
    let Some(mut v) = answered else {
        return error("internal", "no answer");
    };
    if let Some(e) = v.get("error") {
        return protocol_reply(e.clone());
    }
    match cmd {
        Command::Explain => explain_extras(&mut backend, r, &mut v),
        Command::Play if r.picture => board_picture(&mut backend, r, &mut v),
        _ => Ok(()),
    }
    .map_or_else(|e| e, |()| Reply::ok(v))
}

/// The board of a picture: each cell's name and outline (SVG points in
/// the picture's units), for a page to lay clickable cells over it.
fn cells(picture: &Picture) -> Value {
    let layout = render::board_layout(picture);
    let g = picture.diagram.geometry;
    let list: Vec<Value> = g
        .cells()
        .into_iter()
        .map(|sq| {
            let points: Vec<String> = layout
                .outline(sq)
                .iter()
                .map(|(x, y)| format!("{:.1},{:.1}", x, y))
                .collect();
            json!({"cell": g.name(sq), "points": points.join(" ")})
        })
        .collect();
    Value::Array(list)
}

fn game(backend: &mut Reference, r: &ApiRequest) -> Result<Box<dyn DynGame>, Reply> {
    backend.game(&r.request()).map_err(|e| backend_reply(&e))
}

fn no_picture(e: render::RenderError) -> Reply {
    match e {
        render::RenderError::UnknownSquare { square } => error(
            "input",
            &format!(
                "'{}' is not a cell of this board",
                crate::core::error::echo(&square)
            ),
        ),
        other => error("unsupported", &other.to_string()),
    }
}

/// `play` with `picture`: the position drawn, with its cells.
fn board_picture(backend: &mut Reference, r: &ApiRequest, v: &mut Value) -> Result<(), Reply> {
    let g = game(backend, r)?;
    let diagram = g.diagram();
    let title = match g.outcome() {
        Some(o) => format!("the game is over: {}", o.as_str().replace('-', " ")),
        None => {
            let n = g.legal_texts().len();
            format!("{n} legal move{}", if n == 1 { "" } else { "s" })
        }
    };
    let picture = Picture {
        title: Title::plain(title),
        diagram,
        moves: Vec::new(),
        breaks: None,
    };
    v["outcome"] = json!(g.outcome().map_or("none", |o| o.as_str()));
    v["svg"] = json!(render::svg(&picture));
    v["cells"] = cells(&picture);
    Ok(())
}

/// `moves` with `from`: the moves of one piece (and their picture).
fn piece_moves(backend: &mut Reference, r: &ApiRequest) -> Reply {
    let g = match game(backend, r) {
        Ok(g) => g,
        Err(reply) => return reply,
    };
    let from = r.from.as_deref().unwrap_or_default();
    if !r.picture {
        return match render::piece_files(g.as_ref(), from, None, None) {
            Ok(moves) => Reply::ok(json!({"moves": moves})),
            Err(e) => no_picture(e),
        };
    }
    match render::piece_picture(g.as_ref(), from) {
        Ok((picture, moves)) => Reply::ok(json!({
            "moves": moves,
            "svg": render::svg(&picture),
            "cells": cells(&picture),
        })),
        Err(e) => no_picture(e),
    }
}

/// `explain`: the canonical text, the reason, the picture and the rule
/// entries, beside the protocol's `legal` and `rules`.
fn explain_extras(backend: &mut Reference, r: &ApiRequest, v: &mut Value) -> Result<(), Reply> {
    let g = game(backend, r)?;
    let mv = r.mv.as_deref().unwrap_or_default();
    let verdict = g.explain(mv).map_err(|e| {
        backend_reply(&BackendError::Rejected {
            kind: None,
            ply: Some(r.moves.len() + 1),
            message: e.to_string(),
        })
    })?;
    v["move"] = json!(verdict.text);
    v["reason"] = json!(verdict.reason);
    v["svg"] = match render::explain_picture(g.as_ref(), mv, &verdict) {
        Ok(p) => json!(render::svg(&p)),
        Err(_) => Value::Null,
    };
    v["entries"] = Value::Array(
        verdict
            .rules
            .iter()
            .filter_map(|id| rules::entry(id))
            .map(|e| json!(e))
            .collect(),
    );
    Ok(())
}

/// `GET /api/rules/{id}`: the entry, or 404.
pub fn rule(id: &str) -> Reply {
    match rules::entry(id) {
        Some(e) => Reply::ok(json!(e)),
        None => error(
            "not-found",
            &format!(
                "no rule ID '{}' in CONFORMANCE.md (GET /api/rules lists them)",
                crate::core::error::echo(id)
            ),
        ),
    }
}

/// `GET /api/rules`: every rule ID with an entry.
pub fn rule_ids() -> Reply {
    Reply::ok(json!({"rules": rules::entries().keys().collect::<Vec<_>>()}))
}

/// One rule option for a page: its name, kind and default.
fn option_value(o: &crate::core::RuleOption) -> Value {
    let mut v = json!({"name": o.name, "doc": o.doc});
    match o.kind {
        OptionKind::Flag => v["kind"] = json!("flag"),
        OptionKind::Int { min, max, default } => {
            v["kind"] = json!("int");
            v["min"] = json!(min);
            v["max"] = json!(max);
            v["default"] = json!(default);
        }
        OptionKind::Choice { values } => {
            v["kind"] = json!("choice");
            v["values"] = json!(values);
            v["default"] = json!(values.first());
        }
        OptionKind::Letters { alphabet } => {
            v["kind"] = json!("letters");
            v["alphabet"] = json!(alphabet);
        }
    }
    v
}

/// `GET /api/variants`: every game with its name, start text and rule
/// options, and the server's limits.
pub fn variants(limits: &Limits) -> Reply {
    let list: Vec<Value> = variants::all()
        .iter()
        .map(|v| {
            let start = Rules::parse(v.id, v.options, v.mutants, &[])
                .map_err(crate::core::Error::from)
                .and_then(|rules| (v.start)(&rules))
                .unwrap_or_default();
            json!({
                "id": v.id,
                "name": v.name,
                "start": start,
                "options": v.options.iter().map(option_value).collect::<Vec<_>>(),
            })
        })
        .collect();
    Reply::ok(json!({
        "protocol": protocol::PROTOCOL_VERSION,
        "variants": list,
        "limits": {
            "max_body_bytes": limits.max_body,
            "max_nodes": limits.max_nodes,
            "max_busy": limits.max_busy,
            "max_wait_ms": limits.max_wait.as_millis() as u64,
            "time_limit_ms": limits.time_limit.as_millis() as u64,
        },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(cmd: Command, body: Value) -> Reply {
        answer(cmd, body.to_string().as_bytes(), &Limits::default())
    }

    #[test]
    fn the_protocol_answers_and_errors_become_status_codes() {
        let r = ask(Command::Moves, json!({"variant": "fide"}));
        assert_eq!(r.status, 200);
        assert_eq!(r.body["moves"].as_array().unwrap().len(), 20);
        let r = ask(
            Command::Play,
            json!({"variant": "fide", "moves": ["e2e4", "e2e4"]}),
        );
        assert_eq!(
            (r.status, &r.body["error"]["kind"]),
            (422, &json!("illegal-move"))
        );
        assert_eq!(r.body["error"]["ply"], 2);
        let r = ask(
            Command::Play,
            json!({"variant": "fide", "position": "8/8 w"}),
        );
        assert_eq!(
            (r.status, &r.body["error"]["kind"]),
            (400, &json!("position"))
        );
        let r = ask(Command::Perft, json!({"variant": "fide"}));
        assert_eq!((r.status, &r.body["error"]["kind"]), (400, &json!("input")));
        let r = ask(Command::Perft, json!({"variant": "fide", "depth": 65}));
        assert_eq!(
            (r.status, &r.body["error"]["kind"]),
            (400, &json!("unsupported"))
        );
        let r = ask(Command::Moves, json!({"variant": "fide", "mvoes": []}));
        assert_eq!(r.status, 400);
        assert!(r.body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("mvoes"));
        let r = answer(Command::Moves, b"{", &Limits::default());
        assert_eq!((r.status, &r.body["error"]["kind"]), (400, &json!("input")));
    }

    #[test]
    fn perft_beyond_the_node_budget_is_413_naming_the_budget() {
        let limits = Limits {
            max_nodes: 1000,
            ..Limits::default()
        };
        let body = json!({"variant": "fide", "depth": 4}).to_string();
        let r = answer(Command::Perft, body.as_bytes(), &limits);
        assert_eq!(r.status, 413, "{:?}", r.body);
        assert!(r.body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("1000"));
        let body = json!({"variant": "fide", "depth": 2}).to_string();
        let r = answer(Command::Divide, body.as_bytes(), &limits);
        assert_eq!((r.status, &r.body["nodes"]), (200, &json!(400)));
    }

    #[test]
    fn explain_carries_picture_and_rule_texts() {
        let r = ask(
            Command::Explain,
            json!({"variant": "hop", "position": "r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 5 d4 f5", "move": "d2-d3@a5"}),
        );
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["legal"], false);
        assert_eq!(r.body["rules"], json!(["HOP-7"]));
        assert_eq!(r.body["entries"][0]["id"], "HOP-7");
        assert!(r.body["svg"].as_str().unwrap().starts_with("<svg"));
    }

    #[test]
    fn a_piece_and_the_board_have_pictures_and_cells() {
        let r = ask(
            Command::Moves,
            json!({"variant": "fide", "from": "g1", "picture": true}),
        );
        assert_eq!(r.body["moves"], json!(["g1f3", "g1h3"]));
        assert_eq!(r.body["cells"].as_array().unwrap().len(), 64);
        let r = ask(Command::Moves, json!({"variant": "fide", "from": "z9"}));
        assert_eq!(r.status, 400, "{:?}", r.body);
        let r = ask(
            Command::Play,
            json!({"variant": "glinski", "picture": true}),
        );
        assert_eq!(r.body["cells"].as_array().unwrap().len(), 91);
        assert_eq!(r.body["outcome"], "none");
    }
}
