//! The shipped JSON Schemas (`schemas/`) agree with what arbiter reads and
//! writes: every fixture validates against `fixture.schema.json`, and the
//! reference engine's requests and responses against the protocol schemas.
//!
//! The validator is the small hand-written one of `tests/common/schema.rs`
//! (the subset of JSON Schema the files use; an unknown keyword fails the
//! test so the subset cannot silently grow).

use std::path::{Path, PathBuf};

use arbiter::conformance::protocol::{answer, EngineRequest};
use arbiter::conformance::{Reference, Request};
use serde_json::Value;

use crate::common::schema;

use schema::{errors, load};

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
