//! A fuzz test of the engine protocol (`arbiter engine`):
//! random requests — well-formed, mistyped, unknown fields, mangled
//! positions and moves, huge depths, CR/LF in strings, control bytes,
//! invalid UTF-8, over-long lines — from a fixed seed, bounded in count and
//! time. Every non-blank line must get exactly one answer line: a JSON
//! object echoing a numeric `id`, with either a result or an `error` of a
//! known kind whose message is one line of bounded length.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use arbiter::conformance::protocol::{serve, MAX_MESSAGE, MAX_REQUEST_BYTES};
use arbiter::conformance::Reference;
use arbiter::variants;
use serde_json::{json, Value};

const KINDS: [&str; 9] = [
    "variant",
    "option",
    "position",
    "move-syntax",
    "illegal-move",
    "ambiguous-move",
    "unsupported",
    "protocol",
    "internal",
];

const CMDS: [&str; 9] = [
    "hello", "moves", "play", "perft", "divide", "outcome", "explain", "fly", "",
];

struct Gen {
    next: Box<dyn FnMut(usize) -> usize>,
    starts: Vec<(String, String, Vec<String>)>,
}

impl Gen {
    fn new(seed: u64) -> Gen {
        let starts = variants::all()
            .iter()
            .map(|v| {
                let rules = v.rules(&[], None).unwrap();
                let start = (v.start)(&rules).unwrap();
                let g = (v.parse)(&start, &rules).unwrap();
                (v.id.to_string(), start, g.legal_texts())
            })
            .collect();
        Gen {
            next: Box::new(common::xorshift(seed)),
            starts,
        }
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[(self.next)(xs.len())]
    }
    fn chance(&mut self, percent: usize) -> bool {
        (self.next)(100) < percent
    }
    /// A string with the kinds of characters that break naive code.
    fn junk(&mut self) -> String {
        let parts = [
            "e2e4", "\r\n", "\n", "\t", "\u{0}", "ü", "\"", "\\", "{", "}", "x", "=", "🙂", " ",
        ];
        let n = 1 + (self.next)(8);
        let mut s = String::new();
        for _ in 0..n {
            s.push_str(parts[(self.next)(parts.len())]);
        }
        if self.chance(3) {
            s.push_str(&"z".repeat(20_000));
        }
        s
    }
    fn mangle(&mut self, text: &str) -> String {
        let mut c: Vec<char> = text.chars().collect();
        for _ in 0..1 + (self.next)(3) {
            if c.is_empty() {
                break;
            }
            let i = (self.next)(c.len());
            match (self.next)(3) {
                0 => {
                    c.remove(i);
                }
                1 => c.insert(i, *self.pick(&['/', 'K', '9', ' ', '-', '\n'])),
                _ => c[i] = *self.pick(&['Q', 'p', '8', 'w', 'x']),
            }
        }
        c.into_iter().collect()
    }
    /// One request line (bytes, without the newline).
    fn line(&mut self, id: u64) -> Vec<u8> {
        match (self.next)(20) {
            // Raw bytes: invalid UTF-8, control characters, no JSON.
            0 => {
                let n = 1 + (self.next)(40);
                (0..n)
                    .map(|_| (self.next)(256) as u8)
                    .filter(|&b| b != b'\n')
                    .collect()
            }
            // JSON of the wrong shape.
            1 => {
                let shapes = [
                    json!([1, 2]),
                    json!("hello"),
                    json!({"id": "seven", "cmd": "moves", "variant": "fide"}),
                    json!({"id": id, "cmd": "perft", "variant": "fide", "depth": -1}),
                    json!({"id": id, "cmd": "perft", "variant": "fide", "depth": 2.5}),
                    json!({"id": id, "cmd": "perft", "variant": "fide", "depth": 1e30}),
                    json!({"id": id, "cmd": "moves", "variant": "fide", "moves": "e2e4"}),
                    json!({"id": id, "cmd": "moves", "variant": "fide", "extra": true}),
                    json!({"id": id, "cmd": 5}),
                    json!({"id": id}),
                ];
                shapes[(self.next)(shapes.len())].to_string().into_bytes()
            }
            // Truncated JSON.
            2 => {
                let s = json!({"id": id, "cmd": "moves", "variant": "fide"}).to_string();
                s.as_bytes()[..(self.next)(s.len())].to_vec()
            }
            _ => {
                let (variant, start, moves) = self.starts[(self.next)(self.starts.len())].clone();
                let cmd = *self.pick(&CMDS);
                let mut v = json!({"id": id, "cmd": cmd});
                if !self.chance(5) {
                    v["variant"] = json!(if self.chance(5) { self.junk() } else { variant });
                }
                if self.chance(10) {
                    v["options"] = json!([self
                        .pick(&["springs", "boss-hp=4", "boss-hp=99", "nope"])
                        .to_string()]);
                }
                v["position"] = match (self.next)(5) {
                    0 => json!(self.mangle(&start)),
                    1 => json!(self.junk()),
                    2 => json!(start),
                    _ => Value::Null,
                };
                if self.chance(60) && !moves.is_empty() {
                    let mut list = vec![json!(self.pick(&moves).clone())];
                    if self.chance(30) {
                        list.push(json!(self.junk()));
                    }
                    v["moves"] = json!(list);
                }
                match (self.next)(10) {
                    0 => v["depth"] = json!(20_000),
                    1 => v["depth"] = json!(u32::MAX),
                    2 => {}
                    _ => v["depth"] = json!((self.next)(3)),
                }
                if cmd == "explain" && !self.chance(10) {
                    v["move"] = json!(if self.chance(50) && !moves.is_empty() {
                        self.pick(&moves).clone()
                    } else {
                        self.junk()
                    });
                }
                v.to_string().into_bytes()
            }
        }
    }
}

/// Checks the answers to `lines` (one per non-blank line).
fn check_answers(lines: &[Vec<u8>], out: &str) {
    let sent: Vec<&Vec<u8>> = lines
        .iter()
        .filter(|l| !String::from_utf8_lossy(l).trim().is_empty())
        .collect();
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), sent.len(), "one answer per request line");
    for (req, ans) in sent.iter().zip(&answers) {
        let shown = String::from_utf8_lossy(req);
        let shown: String = shown.chars().take(200).collect();
        let v: Value = serde_json::from_str(ans)
            .unwrap_or_else(|e| panic!("answer is not JSON ({e}): {ans}\nto: {shown}"));
        let obj = v
            .as_object()
            .unwrap_or_else(|| panic!("not an object: {ans}"));
        assert!(obj.contains_key("id"), "no id: {ans}");
        let asked_id = std::str::from_utf8(req)
            .ok()
            .and_then(|s| serde_json::from_str::<Value>(s).ok())
            .and_then(|r| r.get("id").and_then(Value::as_u64));
        if let Some(id) = asked_id {
            assert_eq!(v["id"].as_u64(), Some(id), "id echo: {ans}\nto: {shown}");
        }
        if let Some(e) = obj.get("error") {
            let kind = e["kind"].as_str().unwrap_or_default();
            assert!(KINDS.contains(&kind), "unknown kind {kind}: {ans}");
            assert_ne!(
                kind, "internal",
                "a request made arbiter fail: {ans}\nto: {shown}"
            );
            let m = e["message"].as_str().expect("message");
            assert!(!m.contains(['\n', '\r']), "multi-line message: {ans}");
            assert!(m.chars().count() <= MAX_MESSAGE + 16, "long message: {ans}");
        } else {
            let keys = [
                "moves", "position", "nodes", "divide", "outcome", "legal", "variants",
            ];
            assert!(
                keys.iter().any(|k| obj.contains_key(*k)),
                "no result: {ans}\nto: {shown}"
            );
        }
    }
}

fn requests(seed: u64, n: usize) -> Vec<Vec<u8>> {
    let mut g = Gen::new(seed);
    let mut lines: Vec<Vec<u8>> = (0..n as u64).map(|id| g.line(id)).collect();
    // One over-long line, then a normal request after it.
    lines.insert(n / 2, vec![b'{'; MAX_REQUEST_BYTES + 100]);
    lines.push(
        json!({"id": 99_999, "cmd": "perft", "variant": "fide", "depth": 1})
            .to_string()
            .into_bytes(),
    );
    lines
}

fn join(lines: &[Vec<u8>]) -> Vec<u8> {
    let mut input = Vec::new();
    for l in lines {
        input.extend_from_slice(l);
        input.push(b'\n');
    }
    input
}

/// In process: many requests, stopped after 20 s of work at the latest.
#[test]
fn every_line_gets_one_well_formed_answer() {
    let started = Instant::now();
    let mut total = 0;
    for round in 0..20u64 {
        if started.elapsed() > Duration::from_secs(20) {
            break;
        }
        let lines = requests(0xF00D + round, 250);
        let mut out = Vec::new();
        serve(&mut Reference::default(), &join(&lines)[..], &mut out).unwrap();
        let out = String::from_utf8(out).expect("answers are UTF-8");
        check_answers(&lines, &out);
        let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
        assert_eq!(last["nodes"], 20, "the conversation went on to the end");
        total += lines.len();
    }
    assert!(total >= 250, "{total} requests");
}

/// Through the binary over real pipes.
#[test]
fn the_engine_binary_answers_every_line() {
    let lines = requests(0xBEEF, 200);
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = join(&lines);
    let writer = std::thread::spawn(move || {
        stdin.write_all(&input).unwrap();
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    check_answers(&lines, &String::from_utf8(out.stdout).unwrap());
}
