//! End to end: `arbiter check --engine`, `arbiter engine`, `bisect` and
//! `mutants` through the real binary, with the reference as the engine,
//! its mutants, and small fake engines (shell scripts) that answer wrongly,
//! crash or hang.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_arbiter");

fn arbiter(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("run arbiter");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).to_string(), String::from_utf8_lossy(&out.stderr).to_string())
}

fn last_line(s: &str) -> &str {
    s.trim_end().lines().last().unwrap_or("")
}

/// A fresh scratch directory under the target dir.
fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("engine-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Two fide perft fixtures in a scratch dir (the fake engines claim fide;
/// what the reference says does not matter for them).
fn fake_fixtures(name: &str) -> PathBuf {
    let d = scratch(name);
    for (id, n) in [("G3-start-1", 20), ("G3-start-2", 400)] {
        let depth = if n == 20 { 1 } else { 2 };
        std::fs::write(
            d.join(format!("{id}.yaml")),
            format!("id: {id}\nvariant: fide\nrules: [G3]\nsource: {{document: test}}\nexpect:\n  perft: {{{depth}: {n}}}\n"),
        )
        .unwrap();
    }
    d
}

const HELLO: &str = r#"{"id":0,"name":"fake","variants":["fide"]}"#;

/// A shell engine that answers hello, then `body` for each request line
/// (`$id` holds the request id).
fn fake_engine(body: &str) -> String {
    format!(
        r#"read l; echo '{HELLO}'; while read l; do id=$(echo "$l" | sed 's/^{{"id":\([0-9]*\).*/\1/'); {body}; done"#
    )
}

#[test]
fn the_reference_engine_passes_the_fixtures() {
    let engine = format!("{BIN} engine");
    let (code, out, err) = arbiter(&["check", "--engine", &engine, "--max-nodes", "200000", "fixtures"]);
    assert_eq!(code, 0, "{out}\n{err}");
    let last = last_line(&out);
    assert!(last.contains(" passed, 0 failed"), "{out}");
    assert!(err.contains("arbiter (reference)"), "{err}");
}

#[test]
fn a_wrong_engine_fails_and_xfail_files_work() {
    let dir = fake_fixtures("wrong");
    let d = dir.to_str().unwrap();
    let wrong = fake_engine(r#"echo "{\"id\":$id,\"nodes\":0}""#);
    let outdir = scratch("wrong-out");
    let junit = outdir.join("junit.xml");
    let xfail = outdir.join("xfail.yaml");
    let (code, out, _) = arbiter(&["check", "--engine", &wrong, d, "--junit", junit.to_str().unwrap(), "--write-xfail", xfail.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL  G3-start-1") && out.contains("perft(1): expected 20, actual 0"), "{out}");
    assert_eq!(last_line(&out), "0 passed, 2 failed");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("<testcase classname=\"fide\" name=\"G3-start-1\"") && xml.contains("<failure"), "{xml}");
    let x = std::fs::read_to_string(&xfail).unwrap();
    assert!(x.contains("G3-start-2") && x.contains("perft(2): expected 400, actual 0"), "{x}");
    // With the expected failures the run passes...
    let (code, out, _) = arbiter(&["check", "--engine", &wrong, d, "--xfail", xfail.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(last_line(&out), "0 passed, 0 failed, 2 xfailed");
    // ...and an engine that now passes one of them fails it (unexpected pass).
    let half = fake_engine(r#"case "$l" in *'"depth":1'*) n=20;; *) n=0;; esac; echo "{\"id\":$id,\"nodes\":$n}""#);
    let (code, out, _) = arbiter(&["check", "--engine", &half, d, "--xfail", xfail.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["xpassed"], 1, "{v}");
    assert_eq!(v["xfailed"], 1, "{v}");
    // Filters: only one case runs.
    let (_, out, _) = arbiter(&["check", "--engine", &wrong, d, "--glob", "*-2"]);
    assert_eq!(last_line(&out), "0 passed, 1 failed");
    let (_, out, _) = arbiter(&["check", "--engine", &wrong, d, "--variant", "sonic"]);
    assert_eq!(last_line(&out), "0 passed, 0 failed");
}

#[test]
fn a_hanging_engine_is_reported_after_its_timeout_and_restarted() {
    let dir = fake_fixtures("hang");
    let hang = fake_engine("sleep 60");
    let t = Instant::now();
    let (code, out, _) = arbiter(&["check", "--engine", &hang, "--timeout", "0.5", dir.to_str().unwrap()]);
    assert!(t.elapsed() < Duration::from_secs(15), "took {:?}", t.elapsed());
    assert_eq!(code, 1, "{out}");
    assert_eq!(out.matches("ERROR").count(), 2, "both cases error (the engine was restarted): {out}");
    assert!(out.contains("no answer to 'perft' within 500.0ms"), "{out}");
    assert_eq!(last_line(&out), "0 passed, 2 failed");
}

#[test]
fn a_crashing_engine_is_reported_and_restarted() {
    let dir = fake_fixtures("crash");
    let crash = fake_engine("echo dying >&2; exit 3");
    let (code, out, _) = arbiter(&["check", "--engine", &crash, dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(out.matches("ERROR").count(), 2, "{out}");
    assert!(out.contains("engine exited") && out.contains("dying"), "{out}");
}

#[test]
fn an_engine_that_cannot_start_is_an_input_error() {
    let (code, out, err) = arbiter(&["check", "--engine", "exit 7", "fixtures"]);
    assert_eq!(code, 2, "{out} {err}");
    assert!(err.contains("exit 7"), "{err}");
}

#[test]
fn a_perftree_script_is_checked_per_request() {
    let dir = fake_fixtures("perftree");
    // Prints 20 moves at depth 1 and 400 nodes at depth 2 (20 × 20).
    let script = dir.join("perftree.sh");
    std::fs::write(&script, "n=1; [ \"$1\" = 2 ] && n=20\nfor i in $(seq 1 20); do echo \"m$i: $n\"; done\necho\necho $((n * 20))\n").unwrap();
    let cmd = format!("sh {}", script.display());
    let (code, out, _) = arbiter(&["check", "--perftree", &cmd, dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(last_line(&out), "2 passed, 0 failed");
}

#[test]
fn unknown_mutants_are_input_errors() {
    let (code, _, err) = arbiter(&["engine", "--mutant", "no-such-mutant"]);
    assert_eq!(code, 2);
    assert!(err.contains("no-such-mutant"), "{err}");
}

#[test]
fn the_toy_engine_example_speaks_the_protocol() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("skipped: python3 is not installed");
        return;
    }
    let toy = format!("ARBITER={BIN} python3 examples/toy-engine.py");
    let (code, out, err) = arbiter(&["check", "--engine", &toy, "--max-nodes", "10000", "fixtures"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(err.contains("toy-engine"), "{err}");
}
