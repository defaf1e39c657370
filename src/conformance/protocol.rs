//! The engine protocol (CONFORMANCE.md "Validating another
//! implementation"; JSON Schemas in `schemas/`): the implementation under
//! test is one long-lived child process reading one JSON request per line
//! on stdin and writing one JSON response per line on stdout.
//!
//! Request: `{"id": 7, "cmd": "moves", "variant": "fide", "options": [],
//! "position": null, "moves": ["e2e4"], "depth": 2}` (`position` null or
//! absent = the variant's start position; `moves` = history played first;
//! `depth` only for `perft` / `divide`).
//!
//! `explain` also names the `move` to judge after the history.
//!
//! Responses echo the `id` and carry the result (`moves`, `position`,
//! `nodes`, `divide`, `outcome`, `legal` / `rules` for `explain`, or for
//! `hello` `name` / `variants`), or
//! `error: {kind, message, ply?}` with a kind of [`ErrorKind`] in kebab
//! case, `unsupported` (the case is skipped) or `internal` (the case
//! errors).
//!
//! [`serve`] is the reference side (`arbiter engine`).

use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::backend::{Backend, BackendError, Reference, Request};
use crate::core::ErrorKind;
use crate::variants;

/// Version of the protocol described here (sent in `hello`).
pub const PROTOCOL_VERSION: u32 = 1;

/// One request line.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EngineRequest {
    pub id: u64,
    /// `hello`, `moves`, `play`, `perft`, `divide`, `outcome`, `explain`,
    /// `quit`.
    pub cmd: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<String>>,
    /// `None`/null: the variant's start position. Always written by the
    /// runner (as null when absent) so engines can rely on the key.
    #[serde(default)]
    pub position: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// `explain` only: the move to judge after the history.
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
}

impl EngineRequest {
    /// A game request from the runner's [`Request`].
    pub fn game(id: u64, cmd: &str, req: &Request, depth: Option<u32>) -> EngineRequest {
        EngineRequest {
            id,
            cmd: cmd.into(),
            protocol: None,
            variant: Some(req.variant.clone()),
            options: Some(req.options.clone()),
            position: req.position.clone(),
            moves: Some(req.moves.clone()),
            depth,
            mv: None,
        }
    }
    fn request(&self) -> Request {
        Request {
            variant: self.variant.clone().unwrap_or_default(),
            options: self.options.clone().unwrap_or_default(),
            position: self.position.clone(),
            moves: self.moves.clone().unwrap_or_default(),
        }
    }
}

/// The kebab-case protocol name of an error kind (`illegal-move`).
pub fn kind_name(k: ErrorKind) -> String {
    serde_json::to_value(k)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Parses a protocol error kind name into an [`ErrorKind`].
pub fn parse_kind(s: &str) -> Option<ErrorKind> {
    serde_json::from_value(Value::String(s.to_string())).ok()
}

/// The `error` object of a response for a backend error.
pub fn error_value(e: &BackendError) -> Value {
    match e {
        BackendError::Rejected { kind, ply, message } => {
            let mut v = json!({"kind": kind.map_or("illegal-move".to_string(), kind_name), "message": message});
            if let Some(p) = ply {
                v["ply"] = json!(p);
            }
            v
        }
        BackendError::Failed(m) => json!({"kind": "internal", "message": m}),
        BackendError::Unsupported(m) => json!({"kind": "unsupported", "message": m}),
    }
}

/// Reads an `error` object of a response back into a [`BackendError`].
pub fn parse_error(v: &Value) -> BackendError {
    let message = v
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let kind = v.get("kind").and_then(Value::as_str).unwrap_or("");
    match kind {
        "unsupported" => BackendError::Unsupported(message),
        "internal" | "protocol" => {
            BackendError::Failed(format!("engine error ({kind}): {message}"))
        }
        k => match parse_kind(k) {
            Some(kind) => {
                let ply = v.get("ply").and_then(Value::as_u64).map(|p| p as usize);
                BackendError::Rejected {
                    kind: Some(kind),
                    ply,
                    message,
                }
            }
            None => BackendError::Failed(format!(
                "engine answered an unknown error kind '{k}': {message}"
            )),
        },
    }
}

/// The `hello` answer of the reference: every registered variant with its
/// option names.
pub fn hello_value(name: &str) -> Value {
    let variants: Vec<Value> = variants::all()
        .iter()
        .map(|v| json!({"id": v.id, "options": v.options.iter().map(|o| o.name).collect::<Vec<_>>()}))
        .collect();
    json!({"protocol": PROTOCOL_VERSION, "name": name, "variants": variants})
}

/// Answers one request line with the reference `backend` (without the
/// `id`, which [`serve`] adds). `None` for `quit`.
pub fn answer(backend: &mut Reference, line: &str) -> Option<(Value, Value)> {
    let r: EngineRequest = match serde_json::from_str(line) {
        Ok(r) => r,
        Err(e) => {
            // Echo the id if the line has one, so the client can match it.
            let id = serde_json::from_str::<Value>(line)
                .ok()
                .and_then(|v| v.get("id").cloned())
                .unwrap_or(Value::Null);
            return Some((
                id,
                json!({"error": {"kind": "protocol", "message": format!("bad request: {e}")}}),
            ));
        }
    };
    let id = json!(r.id);
    let req = r.request();
    let needs_variant = !matches!(r.cmd.as_str(), "hello" | "quit");
    if needs_variant && r.variant.is_none() {
        return Some((
            id,
            json!({"error": {"kind": "protocol", "message": format!("{}: missing 'variant'", r.cmd)}}),
        ));
    }
    let depth = r.depth.unwrap_or(0);
    let result: Result<Value, BackendError> = match r.cmd.as_str() {
        "quit" => return None,
        "hello" => Ok(hello_value(&backend.name())),
        "moves" => backend.moves(&req).map(|m| json!({"moves": m})),
        "play" => backend.position(&req).map(|p| json!({"position": p})),
        "outcome" => backend.outcome(&req).map(|o| json!({"outcome": o})),
        "perft" => backend.perft(&req, depth).map(|n| json!({"nodes": n})),
        "explain" => match &r.mv {
            None => {
                return Some((
                    id,
                    json!({"error": {"kind": "protocol", "message": "explain: missing 'move'"}}),
                ))
            }
            Some(mv) => backend
                .explain(&req, mv)
                .map(|(legal, rules)| json!({"legal": legal, "rules": rules})),
        },
        "divide" if depth == 0 => Err(BackendError::Failed("divide needs depth ≥ 1".into())),
        "divide" => backend.divide(&req, depth).map(|rows| {
            let total: u64 = rows.iter().map(|r| r.1).sum();
            let map: serde_json::Map<String, Value> =
                rows.into_iter().map(|(m, n)| (m, json!(n))).collect();
            json!({"divide": map, "nodes": total})
        }),
        other => Err(BackendError::Unsupported(format!(
            "unknown command '{other}'"
        ))),
    };
    Some((
        id,
        match result {
            Ok(v) => v,
            Err(e) => json!({ "error": error_value(&e) }),
        },
    ))
}

/// Serves the protocol on `input` / `output` until `quit` or end of input.
///
/// # Errors
/// Only I/O errors of the streams.
pub fn serve(
    backend: &mut Reference,
    input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let Some((id, mut body)) = answer(backend, &line) else {
            break;
        };
        if let Value::Object(m) = &mut body {
            m.insert("id".into(), id);
        }
        writeln!(output, "{body}")?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talk(lines: &str) -> Vec<Value> {
        let mut out = Vec::new();
        serve(&mut Reference::default(), lines.as_bytes(), &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn hello_lists_every_variant() {
        let r = talk("{\"id\":1,\"cmd\":\"hello\",\"protocol\":1}\n");
        assert_eq!(r[0]["id"], 1);
        assert_eq!(r[0]["protocol"], 1);
        let ids: Vec<&str> = r[0]["variants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["id"].as_str().unwrap())
            .collect();
        assert!(ids.contains(&"fide") && ids.contains(&"english"), "{ids:?}");
    }

    #[test]
    fn errors_carry_kebab_kinds_and_quit_stops() {
        let r = talk(concat!(
            "{\"id\":2,\"cmd\":\"moves\",\"variant\":\"chess960\",\"position\":null}\n",
            "{\"id\":3,\"cmd\":\"moves\",\"variant\":\"fide\",\"options\":[\"nope\"]}\n",
            "not json\n",
            "{\"id\":4,\"cmd\":\"fly\",\"variant\":\"fide\"}\n",
            "{\"id\":5,\"cmd\":\"quit\"}\n",
            "{\"id\":6,\"cmd\":\"hello\"}\n",
        ));
        assert_eq!(r.len(), 4, "{r:?}");
        assert_eq!(r[0]["error"]["kind"], "variant");
        assert_eq!(r[1]["error"]["kind"], "option");
        assert_eq!(r[2]["error"]["kind"], "protocol");
        assert_eq!(r[3]["error"]["kind"], "unsupported");
        assert_eq!(r[3]["id"], 4);
    }

    #[test]
    fn error_objects_round_trip() {
        for e in [
            BackendError::Rejected {
                kind: Some(ErrorKind::IllegalMove),
                ply: Some(3),
                message: "m".into(),
            },
            BackendError::Rejected {
                kind: Some(ErrorKind::MoveSyntax),
                ply: None,
                message: "m".into(),
            },
            BackendError::Unsupported("u".into()),
        ] {
            assert_eq!(parse_error(&error_value(&e)), e);
        }
        assert!(matches!(
            parse_error(&json!({"kind": "weird", "message": "x"})),
            BackendError::Failed(_)
        ));
        assert_eq!(kind_name(ErrorKind::AmbiguousMove), "ambiguous-move");
    }
}
