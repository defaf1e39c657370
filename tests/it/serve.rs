//! `arbiter serve` over HTTP: every route and every error
//! status, each response validated against `schemas/serve-response.schema.json`
//! (its route's `$defs` entry) and each request body against
//! `schemas/serve-request.schema.json`; the API agrees with the engine
//! protocol; the limits (body size, node budget, busy, time); Ctrl-C; the
//! rule entries of every rule ID a game names. The bounded load test is
//! `load_test` (`#[ignore]`, run by `.ci/run`).

use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

use arbiter::conformance::protocol::{answer, EngineRequest};
use arbiter::conformance::Reference;
use serde_json::{json, Value};

use crate::common::http::{Client, Server};
use crate::common::schema::{self, load};

const ROOK_D2: &str = "4k3/8/1p1p2p1/8/8/6P1/3R4/4K3 w - - 0 1 - K=K KNA=K";
const HOP_POSITION: &str = "r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 5 d4 f5";

/// The errors of `v` against `#/$defs/<def>` of the response schema.
fn def_errors(root: &Value, def: &str, v: &Value) -> Vec<String> {
    assert!(root["$defs"].get(def).is_some(), "no $defs/{def}");
    let mut e = Vec::new();
    schema::validate(root, &root["$defs"][def], v, "", &mut e);
    e
}

/// One request of the table: method, path, content type, body, expected
/// status, the `$defs` entry its answer must match, and the error kind.
struct Case {
    method: &'static str,
    path: String,
    json: bool,
    body: Vec<u8>,
    status: u16,
    def: &'static str,
    kind: Option<&'static str>,
}

fn post(path: &str, body: Value, status: u16, def: &'static str) -> Case {
    Case {
        method: "POST",
        path: path.to_string(),
        json: true,
        body: body.to_string().into_bytes(),
        status,
        def,
        kind: None,
    }
}

fn fails(path: &str, body: Value, status: u16, kind: &'static str) -> Case {
    Case {
        kind: Some(kind),
        ..post(path, body, status, "error")
    }
}

fn get(path: &str, status: u16, def: &'static str) -> Case {
    Case {
        method: "GET",
        path: path.to_string(),
        json: false,
        body: Vec::new(),
        status,
        def,
        kind: None,
    }
}

#[test]
fn every_route_and_error_answers_as_its_schema_says() {
    let server = Server::start(&["--max-nodes", "100000"]);
    let mut c = Client::new(&server.addr);
    let response_schema = load("serve-response.schema.json");
    let request_schema = load("serve-request.schema.json");
    let hop_illegal = json!({"variant": "hop", "position": HOP_POSITION, "move": "d2-d3@a5"});
    let mut cases = vec![
        get("/api/variants", 200, "variants"),
        get("/api/rules", 200, "rules"),
        get("/api/rules/HOP-7", 200, "rule"),
        get("/api/rules/G2", 200, "rule"),
        post("/api/moves", json!({"variant": "fide"}), 200, "moves"),
        post(
            "/api/moves",
            json!({"variant": "sonic", "position": ROOK_D2, "from": "d2"}),
            200,
            "moves",
        ),
        post(
            "/api/moves",
            json!({"variant": "sonic", "position": ROOK_D2, "from": "d2", "picture": true}),
            200,
            "moves",
        ),
        post(
            "/api/moves",
            json!({"variant": "english", "from": "22", "picture": true}),
            200,
            "moves",
        ),
        post(
            "/api/play",
            json!({"variant": "fide", "moves": ["e2e4", "e7e5"]}),
            200,
            "play",
        ),
        post(
            "/api/play",
            json!({"variant": "glinski", "picture": true}),
            200,
            "play",
        ),
        post(
            "/api/play",
            json!({"variant": "sonic", "options": ["setup=capablanca", "springs"], "picture": true}),
            200,
            "play",
        ),
        post(
            "/api/perft",
            json!({"variant": "hop", "depth": 2}),
            200,
            "perft",
        ),
        post(
            "/api/divide",
            json!({"variant": "crazy", "depth": 1, "moves": ["e2e4"]}),
            200,
            "divide",
        ),
        post(
            "/api/outcome",
            json!({"variant": "fide", "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]}),
            200,
            "outcome",
        ),
        post("/api/explain", hop_illegal.clone(), 200, "explain"),
        post(
            "/api/explain",
            json!({"variant": "fide", "move": "e2e4"}),
            200,
            "explain",
        ),
        post(
            "/api/explain",
            json!({"variant": "bosses", "position": "8/8/5d2/8/1d3d2/D3D3/8/8 w Dd", "move": "a3xc5"}),
            200,
            "explain",
        ),
        // 400: each kind of bad input.
        fails("/api/moves", json!({"variant": "chess960"}), 400, "variant"),
        fails(
            "/api/moves",
            json!({"variant": "fide", "options": ["springs"]}),
            400,
            "option",
        ),
        fails(
            "/api/play",
            json!({"variant": "fide", "position": "8/8/8 w - - 0 1"}),
            400,
            "position",
        ),
        fails(
            "/api/play",
            json!({"variant": "fide", "moves": ["e2-e4!"]}),
            400,
            "move-syntax",
        ),
        fails(
            "/api/explain",
            json!({"variant": "fide", "move": "x"}),
            400,
            "move-syntax",
        ),
        fails(
            "/api/perft",
            json!({"variant": "fide", "depth": 65}),
            400,
            "unsupported",
        ),
        fails("/api/perft", json!({"variant": "fide"}), 400, "input"),
        fails(
            "/api/divide",
            json!({"variant": "fide", "depth": 0}),
            400,
            "input",
        ),
        fails("/api/explain", json!({"variant": "fide"}), 400, "input"),
        fails("/api/moves", json!({}), 400, "input"),
        fails(
            "/api/moves",
            json!({"variant": "fide", "mvoes": ["e2e4"]}),
            400,
            "input",
        ),
        fails(
            "/api/moves",
            json!({"variant": "fide", "from": "z9"}),
            400,
            "input",
        ),
        fails(
            "/api/play",
            json!({"variant": "fide", "from": "e2"}),
            400,
            "input",
        ),
        fails("/api/moves", json!(["fide"]), 400, "input"),
        // 422: an illegal move of the history.
        fails(
            "/api/moves",
            json!({"variant": "fide", "moves": ["e2e5"]}),
            422,
            "illegal-move",
        ),
        fails(
            "/api/explain",
            json!({"variant": "hop", "moves": ["e2-e4", "e2-e4"], "move": "d7-d5"}),
            422,
            "illegal-move",
        ),
        // 413: the node budget.
        fails(
            "/api/perft",
            json!({"variant": "fide", "depth": 5}),
            413,
            "too-large",
        ),
        fails(
            "/api/divide",
            json!({"variant": "sonic", "depth": 5}),
            413,
            "too-large",
        ),
        // 404.
        Case {
            kind: Some("not-found"),
            ..get("/api/rules/NOPE-1", 404, "error")
        },
        Case {
            kind: Some("not-found"),
            ..get("/nope", 404, "error")
        },
        fails("/api/fly", json!({"variant": "fide"}), 404, "not-found"),
        // 405.
        Case {
            kind: Some("method"),
            ..get("/api/moves", 405, "error")
        },
        fails("/api/variants", json!({}), 405, "method"),
    ];
    // 400: not JSON, not UTF-8.
    cases.push(Case {
        body: b"{\"variant\":".to_vec(),
        kind: Some("input"),
        ..post("/api/moves", json!(null), 400, "error")
    });
    cases.push(Case {
        body: b"{\"variant\":\"fi\xffde\"}".to_vec(),
        kind: Some("input"),
        ..post("/api/moves", json!(null), 400, "error")
    });
    // 415: not sent as JSON.
    cases.push(Case {
        json: false,
        kind: Some("media-type"),
        ..post("/api/moves", json!({"variant": "fide"}), 415, "error")
    });
    // 413: a body over 64 KiB (a long history).
    let long: Vec<String> = (0..9000).map(|i| format!("m{i}")).collect();
    cases.push(fails(
        "/api/moves",
        json!({"variant": "fide", "moves": long}),
        413,
        "too-large",
    ));

    // Bodies refused for their shape are refused by the request schema too.
    for body in [
        json!({}),
        json!({"variant": "fide", "mvoes": []}),
        json!(["fide"]),
        json!({"variant": "fide", "depth": -1}),
        json!({"variant": 7}),
    ] {
        assert!(!schema::errors(&request_schema, &body).is_empty(), "{body}");
    }
    let mut seen_status = BTreeSet::new();
    for case in &cases {
        let r = c
            .send(
                case.method,
                &case.path,
                case.json.then_some("application/json"),
                &case.body,
            )
            .unwrap_or_else(|e| panic!("{} {}: {e}", case.method, case.path));
        let what = format!(
            "{} {} {}",
            case.method,
            case.path,
            String::from_utf8_lossy(&case.body[..case.body.len().min(200)])
        );
        let v = r.json();
        assert_eq!(r.status, case.status, "{what}: {v}");
        assert_eq!(r.header("content-type"), Some("application/json"), "{what}");
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "{what}"
        );
        let e = def_errors(&response_schema, case.def, &v);
        assert!(e.is_empty(), "{what}: {v}\n{e:?}");
        assert_eq!(
            schema::errors(&response_schema, &v),
            Vec::<String>::new(),
            "{what}"
        );
        if let Some(kind) = case.kind {
            assert_eq!(v["error"]["kind"], kind, "{what}: {v}");
            let m = v["error"]["message"].as_str().unwrap();
            assert!(!m.contains('\n') && m.chars().count() <= 420, "{what}: {m}");
        }
        // Every body the API answers is one the request schema accepts.
        if case.method == "POST" && r.status == 200 {
            let body: Value = serde_json::from_slice(&case.body).unwrap();
            assert_eq!(
                schema::errors(&request_schema, &body),
                Vec::<String>::new(),
                "{what}"
            );
        }
        seen_status.insert(r.status);
    }
    assert_eq!(
        seen_status.into_iter().collect::<Vec<_>>(),
        vec![200, 400, 404, 405, 413, 415, 422]
    );
    // The page: HTML with its policy, nothing loaded from elsewhere.
    let page = c.get("/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let csp = page.header("content-security-policy").unwrap();
    assert!(
        csp.contains("default-src 'none'") && csp.contains("script-src 'sha256-"),
        "{csp}"
    );
    let html = String::from_utf8(page.body).unwrap();
    assert!(html.contains("<select id=\"variant\"") && html.contains("/api/explain"));
}

#[test]
fn the_api_answers_as_the_engine_protocol() {
    let server = Server::start(&[]);
    let mut c = Client::new(&server.addr);
    let mut reference = Reference::default();
    let requests = [
        ("moves", json!({"variant": "sonic", "position": ROOK_D2})),
        (
            "play",
            json!({"variant": "english", "moves": ["11-15", "22-18", "15x22"]}),
        ),
        ("perft", json!({"variant": "bosses", "depth": 2})),
        ("divide", json!({"variant": "glinski", "depth": 2})),
        (
            "outcome",
            json!({"variant": "crazy", "moves": ["e2e4", "deny"]}),
        ),
        (
            "explain",
            json!({"variant": "crazy", "moves": ["e2e4", "deny"], "move": "e2e4"}),
        ),
        (
            "moves",
            json!({"variant": "hop", "moves": ["e2-e4", "e2-e4"]}),
        ),
    ];
    for (cmd, body) in requests {
        let r = c.post(&format!("/api/{cmd}"), &body);
        let v = r.json();
        let mut line = body.clone();
        line["id"] = json!(1);
        line["cmd"] = json!(cmd);
        let req: EngineRequest = serde_json::from_value(line.clone()).unwrap();
        let (_, want) = answer(&mut reference, &serde_json::to_string(&req).unwrap()).unwrap();
        match want.get("error") {
            Some(e) => {
                assert_eq!(v["error"]["kind"], e["kind"], "{cmd} {body}: {v}");
                assert_eq!(v["error"]["message"], e["message"], "{cmd} {body}");
                assert_eq!(v["error"]["ply"], e["ply"], "{cmd} {body}");
            }
            None => {
                for (k, x) in want.as_object().unwrap() {
                    assert_eq!(&v[k], x, "{cmd} {body}: field {k}");
                }
            }
        }
    }
}

#[test]
fn explain_gives_the_verdict_its_rule_texts_and_the_picture() {
    let server = Server::start(&[]);
    let mut c = Client::new(&server.addr);
    let v = c
        .post(
            "/api/explain",
            &json!({"variant": "hop", "position": HOP_POSITION, "move": "d2-d3@a5"}),
        )
        .json();
    assert_eq!(v["legal"], false);
    assert_eq!(v["rules"], json!(["HOP-7"]));
    assert_eq!(v["move"], "d2-d3@a5");
    let entry = arbiter::serve::rules::entry("HOP-7").unwrap();
    assert_eq!(v["entries"], json!([entry]));
    assert!(entry.text.starts_with("- **HOP-7 Check and legality.**"));
    assert!(entry
        .text
        .contains("A turn is legal only if the mover's king is not"));
    assert_eq!(c.get("/api/rules/HOP-7").json(), json!(entry));
    let svg = v["svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("<title>illegal: d2-d3@a5 [HOP-7]"),
        "{}",
        &svg[..300]
    );
    // The picture of the rook-d2 piece: every move of the rook, both bounces.
    let p = c
        .post(
            "/api/moves",
            &json!({"variant": "sonic", "position": ROOK_D2, "from": "d2", "picture": true}),
        )
        .json();
    let moves: Vec<&str> = p["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves.len(), 13, "{moves:?}");
    assert!(moves.contains(&"d2xd6xb6-b1:ccw") && moves.contains(&"d2xd6xg6-g4:cw"));
    assert!(p["svg"]
        .as_str()
        .unwrap()
        .contains("<title>13 legal moves of the white R on d2</title>"));
    let cells = p["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 64);
    assert!(cells.iter().any(|c| c["cell"] == "d2"));
}

/// Every rule ID a game's code names (a quoted `"FAMILY-N"` or `"GN"`
/// literal under `src/variants/`: the IDs `explain` can answer) has a
/// CONFORMANCE.md entry for the page to show.
#[test]
fn every_rule_id_a_game_names_has_an_entry() {
    fn walk(dir: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    let mut texts = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/variants"),
        &mut texts,
    );
    let families = ["FIDE", "SCA", "GLN", "HOP", "DEN", "CRZ", "CWB", "ENG", "G"];
    let mut ids = BTreeSet::new();
    for t in &texts {
        for quoted in t.split('"').skip(1).step_by(2) {
            let Some(id) = arbiter::serve::rules::leading_id(quoted) else {
                continue;
            };
            let family = id.split('-').next().unwrap();
            let family = if id.starts_with('G') && !id.contains('-') {
                "G"
            } else {
                family
            };
            if id == quoted && families.contains(&family) {
                ids.insert(id.to_string());
            }
        }
    }
    assert!(ids.len() > 50, "too few IDs found: {ids:?}");
    let missing: Vec<_> = ids
        .iter()
        .filter(|id| arbiter::serve::rules::entry(id).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "no CONFORMANCE.md entry for {missing:?}"
    );
    for id in &ids {
        let e = arbiter::serve::rules::entry(id).unwrap();
        assert!(
            e.text.contains(id.as_str()) && !e.section.is_empty(),
            "{id}: {e:?}"
        );
    }
}

/// With one request computing, the next gets 503 busy at once; the
/// computing one stops at the time limit with 503 timeout; then the
/// server answers again.
#[test]
fn busy_and_out_of_time_are_503_and_the_server_recovers() {
    let server = Server::start(&[
        "--max-busy",
        "1",
        "--max-nodes",
        "1000000000000",
        "--timeout",
        "2",
    ]);
    let mut c = Client::new(&server.addr);
    // The perft must get the one permit first: when a request sent beside
    // it got in first (and the perft was the one refused), try again.
    let (busy, timed_out) = (0..20)
        .find_map(|_| {
            let addr = server.addr.clone();
            let long = std::thread::spawn(move || {
                Client::new(&addr).post("/api/perft", &json!({"variant": "fide", "depth": 9}))
            });
            std::thread::sleep(Duration::from_millis(50));
            let mut busy = None;
            while !long.is_finished() {
                let r = c.post("/api/moves", &json!({"variant": "fide"}));
                if r.status == 503 {
                    busy = Some(r.json());
                    break;
                }
            }
            let perft = long.join().unwrap();
            let perft_busy = perft.status == 503 && perft.json()["error"]["kind"] == "busy";
            (!perft_busy).then(|| (busy.expect("a request beside the perft gets 503"), perft))
        })
        .expect("the perft got the permit once in 20 tries");
    assert_eq!(timed_out.status, 503);
    let v = timed_out.json();
    assert_eq!(v["error"]["kind"], "timeout", "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("time limit"),
        "{v}"
    );
    let schema = load("serve-response.schema.json");
    assert_eq!(def_errors(&schema, "error", &v), Vec::<String>::new());
    assert_eq!(def_errors(&schema, "error", &busy), Vec::<String>::new());
    let again = c.post("/api/moves", &json!({"variant": "fide"}));
    assert_eq!(again.status, 200);
}

#[test]
fn ctrl_c_stops_the_server_cleanly() {
    let server = Server::start(&[]);
    assert!(
        server.url.starts_with("http://127.0.0.1:"),
        "loopback by default: {}",
        server.url
    );
    let mut c = Client::new(&server.addr);
    assert_eq!(c.get("/api/variants").status, 200);
    let (code, out) = server.interrupt();
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("arbiter serve: stopped"), "{out}");
}

#[test]
fn an_address_it_cannot_listen_on_is_an_input_error() {
    crate::common::assert_input_error(
        &["serve", "--bind", "192.0.2.1", "--port", "0"],
        "cannot listen on 192.0.2.1:0",
    );
    crate::common::assert_input_error(&["serve", "--max-busy", "0"], "max-busy");
}

/// No request reaches the file system: the server's code opens no file
/// (the page, the rule texts and the pictures are built in or made in
/// memory).
#[test]
fn the_server_code_opens_no_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/serve");
    let mut files = 0;
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let text = std::fs::read_to_string(e.path()).unwrap();
        files += 1;
        for needle in ["std::fs", "File::", "OpenOptions", "read_dir"] {
            assert!(!text.contains(needle), "{}: {needle}", e.path().display());
        }
    }
    assert!(files >= 5);
    // Piece and picture requests never write files (moves --from --svg
    // writes DIR/SQUARE.svg on the command line; the API has no such field).
    let server = Server::start(&[]);
    let mut c = Client::new(&server.addr);
    let r = c.post(
        "/api/moves",
        &json!({"variant": "fide", "from": "g1", "svg": "/tmp"}),
    );
    assert_eq!(r.status, 400);
}

/// The bounded load test: 20 000 mixed requests from 32 clients, then bad
/// inputs; no request fails other than with the expected 4xx or 503, and
/// the server's memory does not grow over the second half. Prints
/// throughput and latency (recorded in CONFORMANCE.md). Run by `.ci/run`:
/// `cargo test --test it serve::load_test -- --ignored --nocapture`.
#[test]
#[ignore]
fn load_test() {
    let total: usize = std::env::var("ARBITER_LOAD_REQUESTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    let clients = 32;
    let server = Server::start(&[]);
    let mix = load_mix();
    let run = |n: usize| -> (Vec<u128>, [usize; 4], Duration) {
        let start = Instant::now();

        let results: Vec<(Vec<u128>, [usize; 4])> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..clients)
                .map(|k| {
                    let addr = server.addr.clone();
                    let mix = &mix;
                    // n requests in all: the first n % clients clients send one more.
                    let per = n / clients + usize::from(k < n % clients);
                    s.spawn(move || {
                        let mut c = Client::new(&addr);
                        let mut lat = Vec::with_capacity(per);
                        // ok, expected 4xx, 503, failed
                        let mut counts = [0usize; 4];
                        for i in 0..per {
                            let (method, path, body, want) = &mix[(k * 7919 + i * 31) % mix.len()];
                            let t = Instant::now();
                            let r = c.send(method, path, Some("application/json"), body);
                            lat.push(t.elapsed().as_micros());
                            match r {
                                Ok(r)
                                    if r.status == *want
                                        && (r.status < 400
                                            || serde_json::from_slice::<Value>(&r.body)
                                                .is_ok()) =>
                                {
                                    counts[if r.status < 400 { 0 } else { 1 }] += 1
                                }
                                Ok(r)
                                    if r.status == 503
                                        && serde_json::from_slice::<Value>(&r.body)
                                            .is_ok_and(|v| v["error"]["kind"] == "busy") =>
                                {
                                    counts[2] += 1
                                }
                                Ok(r) => {
                                    eprintln!(
                                        "FAILED {method} {path}: HTTP {} (expected {want}): {}",
                                        r.status,
                                        String::from_utf8_lossy(&r.body)
                                    );
                                    counts[3] += 1
                                }
                                Err(e) => {
                                    eprintln!("FAILED {method} {path}: {e}");
                                    counts[3] += 1
                                }
                            }
                        }
                        (lat, counts)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let elapsed = start.elapsed();
        let mut lat = Vec::new();
        let mut counts = [0usize; 4];
        for (l, c) in results {
            lat.extend(l);
            for i in 0..4 {
                counts[i] += c[i];
            }
        }
        lat.sort_unstable();
        (lat, counts, elapsed)
    };
    let report = |name: &str, (lat, counts, elapsed): &(Vec<u128>, [usize; 4], Duration)| {
        let pct =
            |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)] as f64 / 1000.0;
        println!(
            "load {name}: {} requests from {clients} clients in {:.2} s: {:.0} requests/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} ok, {} expected 4xx, {} busy 503, {} failed",
            lat.len(),
            elapsed.as_secs_f64(),
            lat.len() as f64 / elapsed.as_secs_f64(),
            pct(0.50),
            pct(0.99),
            *lat.last().unwrap() as f64 / 1000.0,
            counts[0],
            counts[1],
            counts[2],
            counts[3],
        );
    };
    let first = run(total / 2);
    report("first half", &first);
    let rss_half = server.rss_kib();
    let second = run(total / 2);
    report("second half", &second);
    let rss_end = server.rss_kib();
    // Bad inputs after the load: each answered with its expected status.
    let mut c = Client::new(&server.addr);
    let bad = bad_inputs();
    let mut bad_failed = 0;
    for (method, path, ct, body, want) in &bad {
        match c.send(method, path, *ct, body) {
            Ok(r) if r.status == *want && serde_json::from_slice::<Value>(&r.body).is_ok() => {}
            Ok(r) => {
                eprintln!(
                    "FAILED bad input {method} {path}: HTTP {} (expected {want})",
                    r.status
                );
                bad_failed += 1;
            }
            Err(e) => {
                eprintln!("FAILED bad input {method} {path}: {e}");
                bad_failed += 1;
            }
        }
    }
    let rss_after_bad = server.rss_kib();
    println!(
        "load memory (VmRSS): {} KiB after the first half, {} KiB after the second, {} KiB after {} bad inputs",
        rss_half.unwrap_or(0),
        rss_end.unwrap_or(0),
        rss_after_bad.unwrap_or(0),
        bad.len()
    );
    assert_eq!(first.1[3] + second.1[3] + bad_failed, 0, "failed requests");
    assert!(
        first.1[0] + second.1[0] > total / 2,
        "most requests are answered: {:?} {:?}",
        first.1,
        second.1
    );
    if let (Some(a), Some(b), Some(c)) = (rss_half, rss_end, rss_after_bad) {
        // The second half runs the same requests as the first: no growth
        // beyond allocator noise.
        assert!(
            b <= a + a / 10 + 8 * 1024,
            "memory grew from {a} KiB to {b} KiB"
        );
        assert!(
            c <= a + a / 10 + 8 * 1024,
            "memory grew from {a} KiB to {c} KiB after bad inputs"
        );
    }
    // The server is still well.
    assert_eq!(c.get("/api/variants").status, 200);
}

type MixItem = (&'static str, String, Vec<u8>, u16);

/// The load test's requests: every route and game, with their expected
/// status (a few expected 4xx among them).
fn load_mix() -> Vec<MixItem> {
    let p = |path: &str, body: Value, want: u16| -> MixItem {
        (
            "POST",
            path.to_string(),
            body.to_string().into_bytes(),
            want,
        )
    };
    let g = |path: &str| -> MixItem { ("GET", path.to_string(), Vec::new(), 200) };
    vec![
        g("/api/variants"),
        g("/api/rules/SCA-4.2"),
        g("/"),
        p(
            "/api/moves",
            json!({"variant": "fide", "moves": ["e2e4", "e7e5", "g1f3"]}),
            200,
        ),
        p(
            "/api/moves",
            json!({"variant": "crazy", "moves": ["e2e4", "deny"]}),
            200,
        ),
        p(
            "/api/moves",
            json!({"variant": "sonic", "position": ROOK_D2, "from": "d2", "picture": true}),
            200,
        ),
        p(
            "/api/play",
            json!({"variant": "hop", "moves": ["e2-e4", "e7-e5@e6"], "picture": true}),
            200,
        ),
        p(
            "/api/play",
            json!({"variant": "glinski", "picture": true}),
            200,
        ),
        p(
            "/api/play",
            json!({"variant": "english", "moves": ["11-15", "22-18", "15x22"]}),
            200,
        ),
        p("/api/perft", json!({"variant": "bosses", "depth": 3}), 200),
        p(
            "/api/perft",
            json!({"variant": "sonic-hex", "depth": 2}),
            200,
        ),
        p("/api/divide", json!({"variant": "fide", "depth": 3}), 200),
        p(
            "/api/outcome",
            json!({"variant": "fide", "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]}),
            200,
        ),
        p(
            "/api/explain",
            json!({"variant": "hop", "position": HOP_POSITION, "move": "d2-d3@a5"}),
            200,
        ),
        p(
            "/api/explain",
            json!({"variant": "sonic", "position": ROOK_D2, "move": "d2xd6xb6-b1:ccw"}),
            200,
        ),
        p(
            "/api/explain",
            json!({"variant": "fide", "move": "e2e5"}),
            200,
        ),
        p(
            "/api/play",
            json!({"variant": "fide", "moves": ["e2e5"]}),
            422,
        ),
        p(
            "/api/play",
            json!({"variant": "fide", "position": "8/8"}),
            400,
        ),
    ]
}

type BadInput = (&'static str, String, Option<&'static str>, Vec<u8>, u16);

fn bad_inputs() -> Vec<BadInput> {
    let json = Some("application/json");
    let mut out: Vec<BadInput> = vec![
        ("POST", "/api/moves".into(), json, b"{".to_vec(), 400),
        ("POST", "/api/moves".into(), json, b"\xff\xfe".to_vec(), 400),
        (
            "POST",
            "/api/moves".into(),
            json,
            b"{\"variant\":\"fide\",\"x\":1}".to_vec(),
            400,
        ),
        (
            "POST",
            "/api/moves".into(),
            None,
            b"{\"variant\":\"fide\"}".to_vec(),
            415,
        ),
        ("POST", "/api/moves".into(), json, vec![b' '; 70_000], 413),
        (
            "POST",
            "/api/perft".into(),
            json,
            b"{\"variant\":\"fide\",\"depth\":64}".to_vec(),
            413,
        ),
        (
            "POST",
            "/api/perft".into(),
            json,
            b"{\"variant\":\"fide\",\"depth\":4294967296}".to_vec(),
            400,
        ),
        (
            "POST",
            "/api/explain".into(),
            json,
            b"{\"variant\":\"fide\",\"move\":\"e2e4\",\"moves\":[\"e2e4\",\"e2e4\"]}".to_vec(),
            422,
        ),
        ("GET", "/api/perft".into(), None, Vec::new(), 405),
        ("GET", "/../../etc/passwd".into(), None, Vec::new(), 404),
        (
            "GET",
            "/api/rules/..%2F..%2Fetc%2Fpasswd".into(),
            None,
            Vec::new(),
            404,
        ),
        (
            "POST",
            "/api/moves".into(),
            json,
            format!(
                "{{\"variant\":\"fide\",\"position\":\"{}\"}}",
                "x".repeat(60_000)
            )
            .into_bytes(),
            400,
        ),
    ];
    for bad_position in [
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "\u{0}\u{1}",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
    ] {
        out.push((
            "POST",
            "/api/play".into(),
            json,
            json!({"variant": "fide", "position": bad_position})
                .to_string()
                .into_bytes(),
            400,
        ));
    }
    out
}
