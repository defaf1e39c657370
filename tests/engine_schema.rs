//! The shipped JSON Schemas (`schemas/`) agree with what arbiter reads and
//! writes: every fixture validates against `fixture.schema.json`, and the
//! reference engine's requests and responses against the protocol schemas.
//!
//! The validator here is a small hand-written one for the subset of JSON
//! Schema the files use (`$ref` to `#/$defs`, `type`, `enum`, `required`,
//! `properties`, `additionalProperties`, `items`, `minItems`, `minLength`,
//! `minimum`, `maximum`, `minProperties`, `maxProperties`, `propertyNames` with a
//! digits-only `pattern`, `anyOf`, `not`); an unknown keyword fails the
//! test so the subset cannot silently grow.

use std::path::{Path, PathBuf};

use arbiter::conformance::protocol::{answer, EngineRequest};
use arbiter::conformance::{Reference, Request};
use serde_json::Value;

fn load(name: &str) -> Value {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("schemas")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(&p).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn type_ok(t: &str, v: &Value) -> bool {
    match t {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        other => panic!("unknown type {other}"),
    }
}

/// Errors of `v` against `s` (empty = valid), with JSON-pointer-ish paths.
fn validate(root: &Value, s: &Value, v: &Value, path: &str, errs: &mut Vec<String>) {
    let Some(obj) = s.as_object() else { return };
    for (k, kw) in obj {
        match k.as_str() {
            "$schema" | "title" | "description" | "$defs" => {}
            "$ref" => {
                let name = kw
                    .as_str()
                    .unwrap()
                    .strip_prefix("#/$defs/")
                    .expect("local $ref");
                validate(root, &root["$defs"][name], v, path, errs);
            }
            "type" => {
                let ok = match kw {
                    Value::String(t) => type_ok(t, v),
                    Value::Array(ts) => ts.iter().any(|t| type_ok(t.as_str().unwrap(), v)),
                    _ => panic!("bad type keyword"),
                };
                if !ok {
                    errs.push(format!("{path}: expected type {kw}, got {v}"));
                }
            }
            "enum" => {
                if !kw.as_array().unwrap().contains(v) {
                    errs.push(format!("{path}: {v} is not one of {kw}"));
                }
            }
            "required" => {
                if let Some(o) = v.as_object() {
                    for r in kw.as_array().unwrap() {
                        if !o.contains_key(r.as_str().unwrap()) {
                            errs.push(format!(
                                "{path}: missing required '{}'",
                                r.as_str().unwrap()
                            ));
                        }
                    }
                }
            }
            "properties" => {
                if let Some(o) = v.as_object() {
                    for (name, sub) in kw.as_object().unwrap() {
                        if let Some(x) = o.get(name) {
                            validate(root, sub, x, &format!("{path}/{name}"), errs);
                        }
                    }
                }
            }
            "additionalProperties" => {
                if let Some(o) = v.as_object() {
                    let known = obj.get("properties").and_then(Value::as_object);
                    for (name, x) in o {
                        if known.is_some_and(|k| k.contains_key(name)) {
                            continue;
                        }
                        match kw {
                            Value::Bool(false) => {
                                errs.push(format!("{path}: unexpected property '{name}'"))
                            }
                            Value::Bool(true) => {}
                            sub => validate(root, sub, x, &format!("{path}/{name}"), errs),
                        }
                    }
                }
            }
            "propertyNames" => {
                assert_eq!(
                    kw["pattern"], "^[0-9]+$",
                    "only digit patterns are supported"
                );
                if let Some(o) = v.as_object() {
                    for name in o.keys() {
                        if name.is_empty() || !name.chars().all(|c| c.is_ascii_digit()) {
                            errs.push(format!("{path}: property name '{name}' is not a number"));
                        }
                    }
                }
            }
            "items" => {
                if let Some(a) = v.as_array() {
                    for (i, x) in a.iter().enumerate() {
                        validate(root, kw, x, &format!("{path}/{i}"), errs);
                    }
                }
            }
            "minItems" => {
                if v.as_array()
                    .is_some_and(|a| (a.len() as u64) < kw.as_u64().unwrap())
                {
                    errs.push(format!("{path}: fewer than {kw} items"));
                }
            }
            "minLength" => {
                if v.as_str()
                    .is_some_and(|s| (s.chars().count() as u64) < kw.as_u64().unwrap())
                {
                    errs.push(format!("{path}: shorter than {kw}"));
                }
            }
            "minimum" => {
                if v.as_f64().is_some_and(|n| n < kw.as_f64().unwrap()) {
                    errs.push(format!("{path}: {v} below the minimum {kw}"));
                }
            }
            "maximum" => {
                if v.as_f64().is_some_and(|n| n > kw.as_f64().unwrap()) {
                    errs.push(format!("{path}: {v} above the maximum {kw}"));
                }
            }
            "minProperties" => {
                if v.as_object()
                    .is_some_and(|o| (o.len() as u64) < kw.as_u64().unwrap())
                {
                    errs.push(format!("{path}: fewer than {kw} properties"));
                }
            }
            "maxProperties" => {
                if v.as_object()
                    .is_some_and(|o| (o.len() as u64) > kw.as_u64().unwrap())
                {
                    errs.push(format!("{path}: more than {kw} properties"));
                }
            }
            "anyOf" => {
                let branches: Vec<Vec<String>> = kw
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| {
                        let mut e = Vec::new();
                        validate(root, b, v, path, &mut e);
                        e
                    })
                    .collect();
                if branches.iter().all(|e| !e.is_empty()) {
                    errs.push(format!("{path}: matches no branch of anyOf: {branches:?}"));
                }
            }
            "not" => {
                let mut e = Vec::new();
                validate(root, kw, v, path, &mut e);
                if e.is_empty() {
                    errs.push(format!("{path}: must not match {kw}"));
                }
            }
            other => panic!("schema keyword '{other}' is not supported by this test's validator"),
        }
    }
}

fn errors(schema: &Value, v: &Value) -> Vec<String> {
    let mut e = Vec::new();
    validate(schema, schema, v, "", &mut e);
    e
}

fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            yaml_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml") {
            out.push(p);
        }
    }
}

#[test]
fn every_fixture_validates_against_the_fixture_schema() {
    let schema = load("fixture.schema.json");
    let mut files = Vec::new();
    yaml_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
        &mut files,
    );
    assert!(!files.is_empty());
    let mut bad = Vec::new();
    for f in &files {
        let y: serde_yaml::Value =
            serde_yaml::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
        let v = serde_json::to_value(y).unwrap();
        let e = errors(&schema, &v);
        if !e.is_empty() {
            bad.push(format!("{}: {}", f.display(), e.join("; ")));
        }
    }
    assert!(
        bad.is_empty(),
        "fixtures not matching schemas/fixture.schema.json:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_fixture_schema_rejects_what_the_loader_rejects() {
    let schema = load("fixture.schema.json");
    let good = serde_json::json!({"id": "G3-x", "variant": "fide", "rules": ["G3"], "source": {"document": "d"},
        "position": null, "expect": {"perft": {"1": 20}, "legal_from": {"e2": ["e2e4"]}}});
    assert_eq!(errors(&schema, &good), Vec::<String>::new());
    let cases = [
        serde_json::json!({"id": "x", "variant": "fide", "rules": [], "source": {"document": "d"}, "expect": {"perft": {"1": 1}}}),
        serde_json::json!({"id": "x", "variant": "fide", "rules": ["G3"], "source": {"document": "d"}, "expect": {}}),
        serde_json::json!({"id": "x", "variant": "fide", "rules": ["G3"], "source": {"document": "d"}, "expect": {"legall": []}}),
        serde_json::json!({"id": "x", "variant": "fide", "rules": ["G3"], "source": {"document": "d"}, "expect": {"perft": {"one": 1}}}),
        serde_json::json!({"id": "x", "variant": "fide", "rules": ["G3"], "source": {"document": "d"},
            "expect": {"error": {"kind": "position"}, "legal": []}}),
        serde_json::json!({"id": "x", "variant": "fide", "rules": ["G3"], "source": {"document": "d"}, "expect": {"error": {"kind": "oops"}}}),
    ];
    for c in &cases {
        assert!(!errors(&schema, c).is_empty(), "should be rejected: {c}");
        // The Rust loader agrees.
        let f: Result<arbiter::conformance::Fixture, _> = serde_json::from_value(c.clone());
        assert!(f.map_or(true, |f| f.check().is_err()), "loader accepts {c}");
    }
}

#[test]
fn reference_engine_messages_match_the_protocol_schemas() {
    let req_schema = load("engine-request.schema.json");
    let resp_schema = load("engine-response.schema.json");
    let base = Request {
        variant: "fide".into(),
        options: vec![],
        position: None,
        moves: vec!["e2e4".into()],
    };
    let mut requests = vec![EngineRequest {
        id: 0,
        cmd: "hello".into(),
        protocol: Some(1),
        ..Default::default()
    }];
    for (i, cmd) in ["moves", "play", "outcome", "perft", "divide"]
        .iter()
        .enumerate()
    {
        let depth = matches!(*cmd, "perft" | "divide").then_some(1);
        requests.push(EngineRequest::game(i as u64 + 1, cmd, &base, depth));
    }
    let mut explain = EngineRequest::game(7, "explain", &base, None);
    explain.mv = Some("e7e5".into());
    requests.push(explain);
    requests.push(EngineRequest::game(
        9,
        "moves",
        &Request {
            variant: "nope".into(),
            ..Default::default()
        },
        None,
    ));
    let mut reference = Reference::default();
    for r in &requests {
        let line = serde_json::to_string(r).unwrap();
        let v: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(errors(&req_schema, &v), Vec::<String>::new(), "{line}");
        let (id, mut body) = answer(&mut reference, &line).unwrap();
        body["id"] = id;
        assert_eq!(errors(&resp_schema, &body), Vec::<String>::new(), "{body}");
    }
    // A divide answer with a count map, and a malformed response.
    let divide = serde_json::json!({"id": 3, "divide": {"e2e4": 20}, "nodes": 20});
    assert_eq!(errors(&resp_schema, &divide), Vec::<String>::new());
    assert!(!errors(&resp_schema, &serde_json::json!({"id": 3})).is_empty());
    assert!(!errors(
        &req_schema,
        &serde_json::json!({"id": 3, "cmd": "perft", "variant": "fide"})
    )
    .is_empty());
    // explain needs the move; its answer may leave out the rule IDs.
    assert!(!errors(
        &req_schema,
        &serde_json::json!({"id": 3, "cmd": "explain", "variant": "fide"})
    )
    .is_empty());
    let legal_only = serde_json::json!({"id": 3, "legal": true});
    assert_eq!(errors(&resp_schema, &legal_only), Vec::<String>::new());
}

/// The request schema's depth limit is arbiter's perft limit.
#[test]
fn the_request_depth_limit_is_max_depth() {
    let s = load("engine-request.schema.json");
    assert_eq!(
        s["properties"]["depth"]["maximum"].as_u64(),
        Some(u64::from(arbiter::core::perft::MAX_DEPTH)),
        "{}",
        s["properties"]["depth"]
    );
}
