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
//! case, `unsupported` (the case is skipped; also a depth above
//! `perft::MAX_DEPTH`), `protocol` (the request itself is wrong: not
//! UTF-8, not JSON, too long, a missing field, `divide` at depth 0) or
//! `internal` (the case errors).
//!
//! [`serve`] is the reference side (`arbiter engine`): every request line
//! gets one answer line, whatever it holds; error messages are one line of
//! at most [`MAX_MESSAGE`] characters.

use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::backend::{Backend, BackendError, Reference, Request};
use crate::core::error::one_line;
use crate::core::ErrorKind;
use crate::variants;

/// Version of the protocol described here (sent in `hello`).
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest request line [`serve`] reads (a longer one is answered with
/// a `protocol` error and skipped without being held in memory).
pub const MAX_REQUEST_BYTES: usize = 1 << 20;

/// The longest error message [`serve`] writes (cut, saying so).
pub const MAX_MESSAGE: usize = 400;

fn protocol_error(message: impl AsRef<str>) -> Value {
    json!({"error": {"kind": "protocol", "message": one_line(message.as_ref(), MAX_MESSAGE)}})
}

/// One request line.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EngineRequest {
    /// Echoed in the response; `hello` has id 0.
    pub id: u64,
    /// `hello`, `moves`, `play`, `perft`, `divide`, `outcome`, `explain`,
    /// `quit`.
    pub cmd: String,
    /// `hello` only: the protocol version the runner speaks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<u32>,
    /// The variant id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Rule options, `name` or `name=value` (as `--rule`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<String>>,
    /// `None`/null: the variant's start position. Always written by the
    /// runner (as null when absent) so engines can rely on the key.
    #[serde(default)]
    pub position: Option<String>,
    /// The history played from the position first (canonical texts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// `perft` and `divide` only: the depth.
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

/// The `error` object of a response for a backend error (the message as
/// one line of at most [`MAX_MESSAGE`] characters).
pub fn error_value(e: &BackendError) -> Value {
    let line = |m: &str| one_line(m, MAX_MESSAGE);
    match e {
        BackendError::Rejected { kind, ply, message } => {
            let mut v = json!({"kind": kind.map_or("illegal-move".to_string(), kind_name), "message": line(message)});
            if let Some(p) = ply {
                v["ply"] = json!(p);
            }
            v
        }
        BackendError::Failed(m) => json!({"kind": "internal", "message": line(m)}),
        BackendError::Unsupported(m) => json!({"kind": "unsupported", "message": line(m)}),
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

/// The request's `id` when it is a count (echoed even for a request that
/// does not parse, so the client can match the answer).
fn request_id(line: &str) -> Value {
    serde_json::from_str::<Value>(line)
        .ok()
        .and_then(|v| v.get("id").filter(|id| id.is_u64()).cloned())
        .unwrap_or(Value::Null)
}

/// Answers one request line with the reference `backend` (without the
/// `id`, which [`serve`] adds). `None` for `quit`.
pub fn answer(backend: &mut Reference, line: &str) -> Option<(Value, Value)> {
    let r: EngineRequest = match serde_json::from_str(line) {
        Ok(r) => r,
        Err(e) => {
            return Some((
                request_id(line),
                protocol_error(format!("bad request: {e}")),
            ))
        }
    };
    let id = json!(r.id);
    answer_request(backend, &r).map(|v| (id, v))
}

/// Answers one parsed request with the reference `backend` (the answer
/// without the `id`; `None` for `quit`). Used by [`answer`] and by the
/// HTTP API of `arbiter serve`.
pub fn answer_request(backend: &mut Reference, r: &EngineRequest) -> Option<Value> {
    let req = r.request();
    let needs_variant = !matches!(r.cmd.as_str(), "hello" | "quit");
    if needs_variant && r.variant.is_none() {
        return Some(protocol_error(format!("{}: missing 'variant'", r.cmd)));
    }
    let depth = match (r.cmd.as_str(), r.depth) {
        ("perft" | "divide", None) => {
            return Some(protocol_error(format!("{}: missing 'depth'", r.cmd)))
        }
        ("divide", Some(0)) => return Some(protocol_error("divide: 'depth' must be at least 1")),
        (_, d) => d.unwrap_or(0),
    };
    let result: Result<Value, BackendError> = match r.cmd.as_str() {
        "quit" => return None,
        "hello" => match r.protocol {
            Some(v) if v != PROTOCOL_VERSION => {
                return Some(protocol_error(format!(
                    "hello: protocol version {v} is not spoken here (this reference speaks version {PROTOCOL_VERSION})"
                )))
            }
            _ => Ok(hello_value(&backend.name())),
        },
        "moves" => backend.moves(&req).map(|m| json!({"moves": m})),
        "play" => backend.position(&req).map(|p| json!({"position": p})),
        "outcome" => backend.outcome(&req).map(|o| json!({"outcome": o})),
        "perft" => backend.nodes(&req, depth).map(|n| json!({"nodes": n})),
        "explain" => match &r.mv {
            None => return Some(protocol_error("explain: missing 'move'")),
            Some(mv) => backend
                .explain(&req, mv)
                .map(|(legal, rules)| json!({"legal": legal, "rules": rules})),
        },
        "divide" => backend.divide(&req, depth).map(|rows| {
            let total: u64 = rows.iter().map(|r| r.1).sum();
            let map: serde_json::Map<String, Value> =
                rows.into_iter().map(|(m, n)| (m, json!(n))).collect();
            json!({"divide": map, "nodes": total})
        }),
        other => Err(BackendError::Unsupported(format!(
            "unknown command '{}'",
            crate::core::error::echo(other)
        ))),
    };
    Some(match result {
        Ok(v) => v,
        Err(e) => json!({ "error": error_value(&e) }),
    })
}

/// Serves the protocol on `input` / `output` until `quit` or end of input.
/// Every non-blank request line gets exactly one answer line: a line that
/// is not UTF-8, longer than [`MAX_REQUEST_BYTES`] or not a request gets a
/// `protocol` error, a panic of the reference an `internal` error, and the
/// conversation goes on.
///
/// # Errors
/// Only I/O errors of the streams.
pub fn serve(
    backend: &mut Reference,
    mut input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    let mut raw: Vec<u8> = Vec::new();
    loop {
        raw.clear();
        let (read, complete) = read_line_capped(&mut input, &mut raw, MAX_REQUEST_BYTES)?;
        if read == 0 {
            break;
        }
        let answer_of = |backend: &mut Reference| -> Option<(Value, Value)> {
            if !complete {
                return Some((
                    Value::Null,
                    protocol_error(format!(
                        "request line longer than {MAX_REQUEST_BYTES} bytes (skipped)"
                    )),
                ));
            }
            let line = match std::str::from_utf8(&raw) {
                Ok(l) => l,
                Err(e) => {
                    let lossy = String::from_utf8_lossy(&raw);
                    return Some((
                        request_id(&lossy),
                        protocol_error(format!("request is not UTF-8 ({e})")),
                    ));
                }
            };
            if line.trim().is_empty() {
                return Some((Value::Null, Value::Null));
            }
            let caught =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(backend, line)));
            match caught {
                Ok(a) => a,
                Err(p) => {
                    let m = p
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| p.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "unknown panic".into());
                    Some((
                        request_id(line),
                        json!({"error": {"kind": "internal", "message": one_line(&format!("internal error of arbiter: {m}"), MAX_MESSAGE)}}),
                    ))
                }
            }
        };
        let Some((id, mut body)) = answer_of(backend) else {
            break;
        };
        if body.is_null() {
            continue; // a blank line
        }
        if let Value::Object(m) = &mut body {
            m.insert("id".into(), id);
        }
        writeln!(output, "{body}")?;
        output.flush()?;
    }
    Ok(())
}

/// Reads one line (without its `\n`, and a `\r` before it) into `buf`,
/// keeping at most `cap` bytes: (bytes read, whether the line fit). A
/// longer line is read to its end and dropped.
fn read_line_capped(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    cap: usize,
) -> std::io::Result<(usize, bool)> {
    let (mut read, mut fits) = (0usize, true);
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        if fits && buf.len() + part.len() <= cap {
            buf.extend_from_slice(part);
        } else {
            fits = false;
            buf.clear();
        }
        read += used;
        input.consume(used);
        if done {
            break;
        }
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok((read, fits))
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

    /// A line that is not UTF-8, too long or holds CR/LF in its strings
    /// gets a one-line answer, and the conversation goes on.
    #[test]
    fn bad_lines_are_answered_and_the_conversation_goes_on() {
        let mut input: Vec<u8> =
            b"{\"id\":1,\"cmd\":\"moves\",\"variant\":\"fide\",\"moves\":[\"e2\xffe4\"]}\n"
                .to_vec();
        input.extend(vec![b'x'; MAX_REQUEST_BYTES + 5]);
        input.extend(b"\n{\"id\":2,\"cmd\":\"divide\",\"variant\":\"fide\",\"depth\":0}\n");
        input.extend(b"{\"id\":3,\"cmd\":\"perft\",\"variant\":\"fide\",\"depth\":20000}\n");
        input.extend(b"{\"id\":4,\"cmd\":\"play\",\"variant\":\"fide\",\"moves\":[\"a\\r\\nb");
        input.extend("ü".repeat(500).as_bytes());
        input.extend(b"\"]}\r\n{\"id\":5,\"cmd\":\"perft\",\"variant\":\"fide\"}\n");
        input.extend(b"{\"id\":6,\"cmd\":\"perft\",\"variant\":\"fide\",\"depth\":1}\n");
        let mut out = Vec::new();
        serve(&mut Reference::default(), &input[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let r: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(r.len(), 7, "{text}");
        assert_eq!(
            (r[0]["id"].as_u64(), r[0]["error"]["kind"].as_str()),
            (Some(1), Some("protocol"))
        );
        assert!(
            r[0]["error"]["message"].as_str().unwrap().contains("UTF-8"),
            "{}",
            r[0]
        );
        assert_eq!(r[1]["error"]["kind"], "protocol");
        assert!(r[1]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("longer than"));
        assert_eq!(
            (r[2]["id"].as_u64(), r[2]["error"]["kind"].as_str()),
            (Some(2), Some("protocol"))
        );
        assert_eq!(r[3]["error"]["kind"], "unsupported");
        assert!(
            r[3]["error"]["message"].as_str().unwrap().contains("64"),
            "{}",
            r[3]
        );
        let m = r[4]["error"]["message"].as_str().unwrap();
        assert!(
            !m.contains(['\r', '\n']) && m.chars().count() <= MAX_MESSAGE + 10,
            "{m}"
        );
        assert_eq!(r[5]["error"]["kind"], "protocol");
        assert_eq!(
            (r[6]["id"].as_u64(), r[6]["nodes"].as_u64()),
            (Some(6), Some(20))
        );
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
