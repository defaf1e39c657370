//! End to end: `arbiter check --engine`, `arbiter engine`, `bisect` and
//! `mutants` through the real binary, with the reference as the engine,
//! its mutants, and small fake engines (shell scripts) that answer wrongly,
//! crash or hang.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_arbiter");

fn arbiter(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run arbiter");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn last_line(s: &str) -> &str {
    s.trim_end().lines().last().unwrap_or("")
}

/// A fresh scratch directory under the target dir.
fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("engine-{name}-{}", std::process::id()));
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
    let (code, out, err) = arbiter(&[
        "check",
        "--engine",
        &engine,
        "--max-nodes",
        "200000",
        "fixtures",
    ]);
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
    let (code, out, _) = arbiter(&[
        "check",
        "--engine",
        &wrong,
        d,
        "--junit",
        junit.to_str().unwrap(),
        "--write-xfail",
        xfail.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAIL  G3-start-1") && out.contains("perft(1): expected 20, actual 0"),
        "{out}"
    );
    assert_eq!(last_line(&out), "0 passed, 2 failed");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("<testcase classname=\"fide\" name=\"G3-start-1\"")
            && xml.contains("<failure"),
        "{xml}"
    );
    let x = std::fs::read_to_string(&xfail).unwrap();
    assert!(
        x.contains("G3-start-2") && x.contains("perft(2): expected 400, actual 0"),
        "{x}"
    );
    // With the expected failures the run passes...
    let (code, out, _) = arbiter(&[
        "check",
        "--engine",
        &wrong,
        d,
        "--xfail",
        xfail.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(last_line(&out), "0 passed, 0 failed, 2 skipped");
    assert!(out.contains("xfail: 2 failed as expected"), "{out}");
    // ...and an engine that now passes one of them fails it (unexpected pass).
    let half = fake_engine(
        r#"case "$l" in *'"depth":1'*) n=20;; *) n=0;; esac; echo "{\"id\":$id,\"nodes\":$n}""#,
    );
    let (code, out, _) = arbiter(&[
        "check",
        "--engine",
        &half,
        d,
        "--xfail",
        xfail.to_str().unwrap(),
        "--json",
    ]);
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
    let (code, out, err) = arbiter(&[
        "check",
        "--engine",
        &hang,
        "--timeout",
        "0.5",
        dir.to_str().unwrap(),
    ]);
    assert!(
        t.elapsed() < Duration::from_secs(15),
        "took {:?}",
        t.elapsed()
    );
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out.matches("ERROR").count(),
        2,
        "both cases error (the engine was restarted): {out}"
    );
    assert!(out.contains("no answer to 'perft' within 500.0ms"), "{out}");
    assert_eq!(last_line(&out), "0 passed, 2 failed");
    // Nothing promises a restart that never comes; the restarts are noted.
    assert!(!out.contains("restarted for the next request"), "{out}");
    assert!(err.contains("restarted 1 time(s)"), "{err}");
}

#[test]
fn a_crashing_engine_is_reported_and_restarted() {
    let dir = fake_fixtures("crash");
    let crash = fake_engine("echo dying >&2; exit 3");
    let (code, out, _) = arbiter(&["check", "--engine", &crash, dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(out.matches("ERROR").count(), 2, "{out}");
    assert!(
        out.contains("engine exited") && out.contains("dying"),
        "{out}"
    );
}

/// 16.7: an engine that cannot start, crashes before `hello` or never
/// answers it is a conformance failure (exit code 1), not bad input.
#[test]
fn an_engine_that_never_says_hello_is_a_conformance_failure() {
    for engine in ["exit 7", "echo not-json; sleep 60", "read l; sleep 60"] {
        let t = Instant::now();
        let (code, out, err) =
            arbiter(&["check", "--engine", engine, "--timeout", "1", "fixtures"]);
        assert_eq!(code, 1, "{engine}: {out} {err}");
        assert!(err.contains(engine) && err.contains("hello"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "{engine}: {:?}",
            t.elapsed()
        );
    }
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

/// Writes fixtures `(id, yaml body after the header)` for `variant`.
fn write_fixtures(name: &str, variant: &str, cases: &[(&str, &str)]) -> PathBuf {
    let d = scratch(name);
    for (id, body) in cases {
        std::fs::write(
            d.join(format!("{id}.yaml")),
            format!(
                "id: {id}\nvariant: {variant}\nrules: [G3]\nsource: {{document: test}}\n{body}"
            ),
        )
        .unwrap();
    }
    d
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Well-known perft counts (the chess programming community's standard
/// positions), independent of arbiter.
fn fide_suite(name: &str) -> PathBuf {
    write_fixtures(
        name,
        "fide",
        &[
            ("G3-start", "expect:\n  perft: {1: 20, 2: 400, 3: 8902}\n"),
            ("G3-kiwipete", &format!("position: \"{KIWIPETE}\"\nexpect:\n  perft: {{1: 48, 2: 2039, 3: 97862}}\n")),
            ("G3-position3", "position: \"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\"\nexpect:\n  perft: {1: 14, 2: 191, 3: 2812, 4: 43238}\n"),
            (
                "G3-position4",
                "position: \"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1\"\nexpect:\n  perft: {1: 6, 2: 264, 3: 9467}\n",
            ),
            ("G3-position5", "position: \"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8\"\nexpect:\n  perft: {1: 44, 2: 1486, 3: 62379}\n"),
            ("G3-kiwipete-a2a4", &format!("position: \"{KIWIPETE}\"\nmoves: [a2a4]\nexpect:\n  include: [b4a3]\n")),
        ],
    )
}

#[test]
fn a_mutant_engine_fails_and_is_reported() {
    let dir = fide_suite("mutant");
    let d = dir.to_str().unwrap();
    let (code, out, err) = arbiter(&["check", "--engine", &format!("{BIN} engine"), d]);
    assert_eq!(
        (code, last_line(&out)),
        (0, "6 passed, 0 failed"),
        "{out}\n{err}"
    );
    let (code, out, err) = arbiter(&[
        "check",
        "--engine",
        &format!("{BIN} engine --mutant fide/no-en-passant"),
        d,
    ]);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(err.contains("mutant fide/no-en-passant"), "{err}");
    assert!(
        out.contains("FAIL  G3-kiwipete ") && out.contains("perft(2): expected 2039, actual"),
        "{out}"
    );
    assert!(
        out.contains("move 'b4a3' must be legal but is not"),
        "{out}"
    );
    // The bare name works too (the variant that declares it).
    let (code, _, _) = arbiter(&[
        "check",
        "--engine",
        &format!("{BIN} engine --mutant no-en-passant"),
        d,
        "--glob",
        "*a2a4*",
    ]);
    assert_eq!(code, 1);
}

#[test]
fn bisect_finds_the_seeded_divergence_and_emits_a_regression_fixture() {
    let dir = scratch("bisect");
    let emit = dir.join("G3-bisect-ep.yaml");
    let mutant = format!("{BIN} engine --mutant fide/no-en-passant");
    let (code, out, err) = arbiter(&[
        "bisect",
        "--engine",
        &mutant,
        "--variant",
        "fide",
        "--position",
        KIWIPETE,
        "--depth",
        "3",
        "--emit",
        emit.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(
        out.contains("perft(3): reference 97862, engine 97766"),
        "{out}"
    );
    assert!(out.contains("divergence after 1 move(s): a2a4"), "{out}");
    assert!(out.contains("- missing b4a3"), "{out}");
    assert!(out.contains("(reference: passes, engine: fails)"), "{out}");
    let e = emit.to_str().unwrap();
    let (code, out, _) = arbiter(&["check", e]);
    assert_eq!((code, last_line(&out)), (0, "1 passed, 0 failed"), "{out}");
    let (code, out, _) = arbiter(&["check", "--engine", &mutant, e]);
    assert_eq!((code, last_line(&out)), (1, "0 passed, 1 failed"), "{out}");
    assert!(out.contains("- missing b4a3"), "{out}");
    // The reference against itself: nothing to find.
    let (code, out, _) = arbiter(&[
        "bisect",
        "--engine",
        &format!("{BIN} engine"),
        "--variant",
        "fide",
        "--position",
        KIWIPETE,
        "--depth",
        "2",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("agree: perft(2) = 2039"), "{out}");
}

#[test]
fn mutants_reports_the_score_and_survivors() {
    let dir = fide_suite("mutants");
    let (code, out, err) = arbiter(&["mutants", "--variant", "fide", dir.to_str().unwrap()]);
    assert!(
        out.contains("killed    fide/no-en-passant by "),
        "{out}\n{err}"
    );
    assert!(last_line(&out).starts_with("mutation score: "), "{out}");
    assert_eq!(code, if out.contains("SURVIVED") { 1 } else { 0 }, "{out}");
    // A suite that cannot kill anything: every mutant survives.
    let weak = write_fixtures(
        "mutants-weak",
        "fide",
        &[("G3-one", "expect:\n  perft: {1: 20}\n")],
    );
    let (code, out, _) = arbiter(&["mutants", "--variant", "fide", weak.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("SURVIVED  fide/no-en-passant") && out.contains("survivors: "),
        "{out}"
    );
    assert!(last_line(&out).starts_with("mutation score: 0/"), "{out}");
}

/// `arbiter mutants --json` reports every declared mutant of the chosen
/// variant with its killers and exits 0 when all are killed (the score
/// itself is kept at 100% for every variant by `tests/it/mutants.rs`).
#[test]
fn mutants_json_lists_each_mutant_with_its_killers() {
    let (code, out, err) = arbiter(&[
        "mutants",
        "--json",
        "--variant",
        "english",
        "--max-nodes",
        "300000",
        "fixtures",
    ]);
    let v: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"));
    let declared = arbiter::variants::get("english").unwrap().mutants.len();
    let listed = v["mutants"].as_array().unwrap();
    assert_eq!(listed.len(), declared, "{v}");
    for m in listed {
        assert_eq!(m["variant"], "english", "{m}");
        assert_eq!(m["killed"], true, "{m}");
    }
    assert!(v["broken_fixtures"].as_array().unwrap().is_empty(), "{v}");
    assert_eq!(code, 0, "{err}");
}

/// 15.4: a multi-line error message of an engine is flagged (the
/// protocol asks for one line).
#[test]
fn a_multi_line_engine_error_is_flagged() {
    let dir = write_fixtures(
        "multiline",
        "fide",
        &[
            (
                "G3-bad-move",
                "moves: [e2e5]\nexpect:\n  error: {kind: illegal-move}\n",
            ),
            ("G3-history", "moves: [e2e4]\nexpect:\n  perft: {1: 20}\n"),
        ],
    );
    let engine = fake_engine(
        r#"printf '%s\n' "{\"id\":$id,\"error\":{\"kind\":\"illegal-move\",\"message\":\"no\\nsuch move\"}}""#,
    );
    let (code, out, err) = arbiter(&["check", "--engine", &engine, dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(
        out.matches("error message is not one line").count(),
        2,
        "{out}"
    );
    assert_eq!(last_line(&out), "0 passed, 2 failed");
}

/// 15.4: bisect reports an engine that fails as an engine failure (exit
/// 1), not as a divergence after 0 moves.
#[test]
fn bisect_reports_an_engine_failure_as_such() {
    let crash = fake_engine("echo dying >&2; exit 3");
    let (code, out, err) = arbiter(&[
        "bisect",
        "--engine",
        &crash,
        "--variant",
        "fide",
        "--depth",
        "2",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(!out.contains("divergence"), "{out}");
    assert!(
        out.contains("engine failed (after the setup): engine exited"),
        "{out}"
    );
    assert!(
        last_line(&err).starts_with("error: the engine failed"),
        "{err}"
    );
}

/// 15.4: `--emit`, `--write-xfail` and `--junit` neither create folders
/// nor overwrite files unless `--force`; the refusal comes before any work.
#[test]
fn output_files_are_never_clobbered_without_force() {
    let dir = fake_fixtures("clobber");
    let d = dir.to_str().unwrap();
    let out_dir = scratch("clobber-out");
    let existing = out_dir.join("x.yaml");
    std::fs::write(&existing, "keep me").unwrap();
    let missing = out_dir.join("no/such/folder/x.yaml");
    let wrong = fake_engine(r#"echo "{\"id\":$id,\"nodes\":0}""#);
    for flag in ["--write-xfail", "--junit"] {
        for (path, needle) in [(&existing, "exists"), (&missing, "no folder")] {
            let (code, out, err) = arbiter(&["check", d, flag, path.to_str().unwrap()]);
            assert_eq!(code, 2, "{flag} {}: {out}{err}", path.display());
            assert!(
                out.is_empty() && err.contains(needle) && err.contains("--force"),
                "{err}"
            );
        }
    }
    let mutant = format!("{BIN} engine --mutant fide/no-en-passant");
    let bisect = |path: &Path, force: bool| {
        let mut args = vec![
            "bisect",
            "--engine",
            &mutant,
            "--variant",
            "fide",
            "--position",
            KIWIPETE,
            "--depth",
            "2",
            "--emit",
            path.to_str().unwrap(),
        ];
        if force {
            args.push("--force");
        }
        arbiter(&args)
    };
    let (code, _, err) = bisect(&existing, false);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "keep me");
    let (code, _, err) = bisect(&missing, false);
    assert_eq!(code, 2, "{err}");
    assert!(!missing.parent().unwrap().exists());
    // With --force: written.
    let (code, out, err) = bisect(&missing, true);
    assert_eq!(code, 1, "{out}{err}");
    assert!(std::fs::read_to_string(&missing)
        .unwrap()
        .contains("expect:"));
    let (code, _, _) = arbiter(&[
        "check",
        "--engine",
        &wrong,
        d,
        "--write-xfail",
        existing.to_str().unwrap(),
        "--force",
    ]);
    assert_eq!(code, 1);
    assert!(std::fs::read_to_string(&existing)
        .unwrap()
        .contains("G3-start-1"));
}

/// A conversation with `arbiter engine` over real pipes.
#[test]
fn arbiter_engine_answers_json_lines() {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(["engine", "--mutant", "fide/no-en-passant"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let requests = [
        r#"{"id":0,"cmd":"hello","protocol":1}"#,
        r#"{"id":1,"cmd":"moves","variant":"fide","position":null,"moves":["e2e4","a7a6","e4e5","d7d5"]}"#,
        r#"{"id":2,"cmd":"play","variant":"fide","position":null,"moves":["e2e4","e7e5","e1e3"]}"#,
        r#"{"id":3,"cmd":"divide","variant":"fide","position":null,"moves":[],"depth":2}"#,
        r#"{"id":4,"cmd":"quit"}"#,
    ];
    child
        .stdin
        .take()
        .unwrap()
        .write_all((requests.join("\n") + "\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[0]["name"].as_str().unwrap().contains("no-en-passant"));
    let moves: Vec<&str> = lines[1]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(
        moves.contains(&"e5e6") && !moves.contains(&"e5d6"),
        "the mutant forgets en passant: {moves:?}"
    );
    assert_eq!(lines[2]["error"]["kind"], "illegal-move");
    assert_eq!(lines[2]["error"]["ply"], 3);
    assert_eq!(
        (
            lines[3]["nodes"].as_u64(),
            lines[3]["divide"]["e2e4"].as_u64()
        ),
        (Some(400), Some(20))
    );
}

/// `expect.explain` through the protocol's `explain` command: the
/// reference engine passes; an engine that judges wrongly fails; one that
/// answers legality without rule IDs is held to legality only; one that
/// names other rule IDs fails; one without the command (`unsupported`)
/// is skipped.
#[test]
fn explain_is_checked_through_the_protocol() {
    let dir = write_fixtures(
        "explain",
        "fide",
        &[(
            "FIDE-1-explain",
            "position: \"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1\"\nexpect:\n  explain:\n    - {move: e5d6, legal: false, rules: [FIDE-1]}\n",
        )],
    );
    let d = dir.to_str().unwrap();
    let reference = format!("{BIN} engine");
    let answering = |answer: &str| {
        fake_engine(&format!(
            r#"case "$l" in *'"cmd":"explain"'*) echo "{{\"id\":$id,{answer}}}";; *) echo "{{\"id\":$id,\"error\":{{\"kind\":\"unsupported\",\"message\":\"no\"}}}}";; esac"#
        ))
    };
    let cases = [
        (reference, 0, "1 passed, 0 failed"),
        (
            answering(r#"\"legal\":true,\"rules\":[\"FIDE-1\"]"#),
            1,
            "0 passed, 1 failed",
        ),
        (answering(r#"\"legal\":false"#), 0, "1 passed, 0 failed"),
        (
            answering(r#"\"legal\":false,\"rules\":[\"X-9\"]"#),
            1,
            "0 passed, 1 failed",
        ),
        // Nothing checked is no pass: exit 1.
        (
            answering(r#"\"error\":{\"kind\":\"unsupported\",\"message\":\"no explain\"}"#),
            1,
            "0 passed, 0 failed, 1 skipped",
        ),
    ];
    for (engine, code, last) in cases {
        let (got, out, err) = arbiter(&["check", "--engine", &engine, d]);
        assert_eq!(
            (got, last_line(&out)),
            (code, last),
            "{engine}\n{out}\n{err}"
        );
    }
}
