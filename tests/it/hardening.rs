//! Hardening repros through the real binary: deep input, bad durations,
//! fixture folders that could hang or loop, `play` at the end of a game,
//! CLI details (threads, JSON errors, usage errors, the built-in suite).
//! Each gives a clean one-line error or a correct result: no abort, no
//! panic, no hang.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{arbiter, arbiter_in, assert_input_error, scratch_dir};

/// Every registered variant (the registry, so a new game is covered).
fn variant_ids() -> Vec<&'static str> {
    arbiter::variants::all().iter().map(|v| v.id).collect()
}

/// Writes a fide fixture `id` with the given `expect` body into `dir`.
fn fixture(dir: &Path, id: &str, file: &str, expect: &str) -> PathBuf {
    let p = dir.join(file);
    std::fs::write(
        &p,
        format!(
            "id: {id}\nvariant: fide\nrules: [G3]\nsource: {{document: test}}\nexpect:\n{expect}"
        ),
    )
    .unwrap();
    p
}

/// Runs arbiter with a watchdog: a run that takes longer than `limit` is
/// killed and the test fails (so a hang is a failure, not a stuck test).
fn arbiter_within(limit: Duration, dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("arbiter {args:?} did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn last_line(s: &str) -> &str {
    s.trim_end().lines().last().unwrap_or("")
}

/// 15.1: no stack-overflow abort; depths above perft::MAX_DEPTH (64) are
/// input errors naming the limit, in every variant, for perft, divide and
/// bisect.
#[test]
fn absurd_depths_are_input_errors_naming_the_limit() {
    assert_input_error(&["perft", "--variant", "fide", "--depth", "20000"], "64");
    for v in variant_ids() {
        for cmd in ["perft", "divide"] {
            assert_input_error(&[cmd, "--variant", v, "--depth", "100000"], "limit of 64");
        }
    }
    assert_input_error(&["perft", "--variant", "fide", "--depth", "65"], "64");
    assert_input_error(
        &[
            "perft",
            "--variant",
            "fide",
            "--depth",
            "99999999999999999999",
        ],
        "depth",
    );
    assert_input_error(&["perft", "--variant", "fide", "--depth", "-1"], "depth");
    assert_input_error(
        &[
            "bisect",
            "--engine",
            "true",
            "--variant",
            "fide",
            "--depth",
            "20000",
        ],
        "64",
    );
}

/// 15.1: the engine answers a huge depth with an error naming the limit,
/// and goes on.
#[test]
fn the_engine_refuses_huge_depths_and_goes_on() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            concat!(
                "{\"id\":1,\"cmd\":\"perft\",\"variant\":\"fide\",\"depth\":20000}\n",
                "{\"id\":2,\"cmd\":\"divide\",\"variant\":\"sonic\",\"depth\":100000}\n",
                "{\"id\":3,\"cmd\":\"perft\",\"variant\":\"fide\",\"depth\":2}\n",
            )
            .as_bytes(),
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    for l in &lines[..2] {
        assert_eq!(l["error"]["kind"], "unsupported", "{l}");
        assert!(
            l["error"]["message"].as_str().unwrap().contains("64"),
            "{l}"
        );
    }
    assert_eq!(lines[2]["nodes"], 400);
}

/// 15.1: a fixture with a huge perft depth is a fixture error; the run
/// goes on and ends with its summary.
#[test]
fn a_fixture_with_a_huge_depth_is_a_fixture_error() {
    let d = scratch_dir("huge-depth");
    fixture(&d, "G3-huge", "G3-huge.yaml", "  perft: {20000: 1}\n");
    fixture(&d, "G3-ok", "G3-ok.yaml", "  perft: {1: 20}\n");
    let (code, out, err) = arbiter_within(Duration::from_secs(60), &d, &["check", "."]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("ERROR G3-huge") && out.contains("limit of 64"),
        "{out}"
    );
    assert_eq!(last_line(&out), "1 passed, 1 failed");
}

/// 15.2: durations are validated (no panic on 1e20, 0, NaN, inf).
#[test]
fn timeouts_are_validated() {
    for t in ["1e20", "0", "-1", "NaN", "inf", "soon", "86401"] {
        assert_input_error(&["check", "--timeout", t, "fixtures/english"], "--timeout");
        assert_input_error(
            &[
                "bisect",
                "--engine",
                "true",
                "--timeout",
                t,
                "--variant",
                "fide",
                "--depth",
                "1",
            ],
            "--timeout",
        );
    }
}

/// 15.3: the node budget is judged from the work done: a fixture that
/// expects 1 node at depth 12 ends within the budget as a failure.
#[test]
fn a_wrong_deep_expectation_ends_within_the_budget() {
    let d = scratch_dir("deep");
    fixture(&d, "G3-deep", "G3-deep.yaml", "  perft: {12: 1}\n");
    let (code, out, err) = arbiter_within(
        Duration::from_secs(60),
        &d,
        &["check", "--max-nodes", "200000", "."],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("perft(12): expected 1, actual more than")
            && out.contains("stopped after visiting more than 200001 nodes"),
        "{out}"
    );
    // With no node budget the reference's time limit (--timeout) ends it:
    // a failure when it already counted more than expected, else an error.
    let (code, out, err) = arbiter_within(
        Duration::from_secs(60),
        &d,
        &["check", "--max-nodes", "0", "--timeout", "0.5", "."],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("FAIL  G3-deep") && out.contains("time limit 500.0ms"),
        "{out}"
    );
    fixture(
        &d,
        "G3-deep",
        "G3-deep.yaml",
        "  perft: {12: 62854969236701747}
",
    );
    let (code, out, err) = arbiter_within(
        Duration::from_secs(60),
        &d,
        &["check", "--max-nodes", "0", "--timeout", "0.5", "."],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("ERROR G3-deep") && out.contains("perft(12): the reference stopped after"),
        "{out}"
    );
}

/// 15.3: `x -> .` and `y -> ..` links are followed once: the run ends and
/// each fixture counts once.
#[test]
fn link_loops_are_visited_once() {
    let d = scratch_dir("links");
    let f = d.join("f");
    std::fs::create_dir(&f).unwrap();
    fixture(&f, "G3-one", "G3-one.yaml", "  perft: {1: 20}\n");
    std::os::unix::fs::symlink(".", f.join("x")).unwrap();
    std::os::unix::fs::symlink("..", f.join("y")).unwrap();
    std::os::unix::fs::symlink("G3-one.yaml", f.join("G3-one-again.yaml")).unwrap();
    let (code, out, err) = arbiter_within(Duration::from_secs(60), &d, &["check", "f", "f/x", "."]);
    assert_eq!(
        (code, last_line(&out)),
        (0, "1 passed, 0 failed"),
        "{out}{err}"
    );
}

/// 15.3: a FIFO named `*.yaml` is skipped with a message, never opened.
#[test]
fn a_fifo_named_yaml_is_skipped_with_a_message() {
    let d = scratch_dir("fifo");
    fixture(&d, "G3-one", "G3-one.yaml", "  perft: {1: 20}\n");
    let fifo = d.join("G3-fifo.yaml");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let (code, out, err) = arbiter_within(Duration::from_secs(60), &d, &["check", "."]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("SKIP  G3-fifo") && out.contains("not a regular file"),
        "{out}"
    );
    assert_eq!(last_line(&out), "1 passed, 0 failed, 1 skipped");
    // Given by name it is skipped the same way.
    let (_, out, _) = arbiter_within(Duration::from_secs(60), &d, &["check", "G3-fifo.yaml"]);
    assert_eq!(last_line(&out), "0 passed, 0 failed, 1 skipped", "{out}");
}

/// 15.3: an unreadable folder is reported (an error), not silently left
/// out. Root reads every folder, so as root the check runs as `nobody`.
#[test]
fn an_unreadable_folder_is_reported() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let d = scratch_dir("unreadable");
    fixture(&d, "G3-one", "G3-one.yaml", "  perft: {1: 20}\n");
    let locked = d.join("locked");
    std::fs::create_dir(&locked).unwrap();
    fixture(&locked, "G3-hidden", "G3-hidden.yaml", "  perft: {1: 20}\n");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(["check", d.to_str().unwrap()]);
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        cmd.uid(65534).gid(65534);
    }
    let out = cmd.output().unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    if err.contains("Permission denied") && !text.contains("passed") {
        // `nobody` cannot reach the scratch folder at all on this machine.
        panic!("cannot run the check as an unprivileged user: {err}");
    }
    assert_eq!(out.status.code(), Some(1), "{text}{err}");
    assert!(
        text.contains("ERROR locked") && text.contains("cannot read folder"),
        "{text}"
    );
    assert_eq!(last_line(&text), "1 passed, 1 failed");
}

/// 15.3: a fixture whose id is not its file name is rejected.
#[test]
fn a_fixture_id_must_be_its_file_name() {
    let d = scratch_dir("ids");
    fixture(&d, "G3-other", "G3-named.yaml", "  perft: {1: 20}\n");
    let (code, out, _) = arbiter_in(&d, &["check", "."]);
    assert_eq!(code, 1);
    assert!(
        out.contains("ERROR G3-named") && out.contains("differs from the file name"),
        "{out}"
    );
}

/// 15.3 (where the issue is silent): a file given by name must be a
/// fixture file, and a filter on an unknown variant is an input error.
#[test]
fn check_arguments_are_validated() {
    let d = scratch_dir("args");
    std::fs::write(d.join("notes.txt"), "hello").unwrap();
    let (code, out, _) = arbiter_in(&d, &["check", "notes.txt"]);
    assert_eq!(code, 1);
    assert!(out.contains("not a fixture file"), "{out}");
    assert_input_error(
        &["check", "--variant", "chess960", "fixtures/english"],
        "chess960",
    );
}

/// 15.5 (the CLI side): `play` of a move that ends the game prints the
/// final position and an outcome line, and when that text does not parse
/// back as a position, a line saying why.
#[test]
fn play_says_when_the_game_is_over() {
    let cases = [
        (
            "sonic",
            "7k/6P1/8/8/8/8/8/K7 w - - 0 1 - K=K KNA=K",
            vec!["g7xh8=Q"],
            "white-wins",
        ),
        (
            "fide",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            vec!["f2f3", "e7e5", "g2g4", "d8h4"],
            "black-wins",
        ),
    ];
    for (variant, position, moves, outcome) in cases {
        let mut args = vec![
            "play",
            "--variant",
            variant,
            "--position",
            position,
            "--moves",
        ];
        args.extend(moves.iter());
        let (code, out, err) = arbiter(&args);
        assert_eq!(code, 0, "{variant}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.len() >= 2, "{variant}: {out}");
        assert_eq!(
            lines[1],
            format!("outcome: {outcome} (the game is over: no move follows, G6)"),
            "{variant}: {out}"
        );
        // The text either parses back, or a third line says why not.
        let (back, _, back_err) = arbiter(&["play", "--variant", variant, "--position", lines[0]]);
        if back == 0 {
            assert_eq!(lines.len(), 2, "{variant}: {out}");
        } else {
            assert_eq!(lines.len(), 3, "{variant}: {out}");
            let why = back_err.trim().trim_start_matches("error: ");
            assert!(
                lines[2].starts_with("note: this final position is not a valid position text")
                    && lines[2].ends_with(why),
                "{variant}: {out} / {back_err}"
            );
        }
        args.push("--json");
        let (_, out, _) = arbiter(&args);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["outcome"], outcome);
        assert_eq!(v["position"], lines[0]);
        assert_eq!(v["position_valid"], back == 0);
    }
}

/// 15.7: thread counts are checked (exit 2).
#[test]
fn thread_counts_are_checked() {
    for n in ["0", "100000", "-3", "many"] {
        assert_input_error(
            &["perft", "--variant", "fide", "--depth", "1", "--threads", n],
            "threads",
        );
        assert_input_error(&["check", "--threads", n, "fixtures/english"], "threads");
        assert_input_error(&["engine", "--threads", n], "threads");
    }
}

/// 15.7: with `--json`, an error is also one JSON object on stdout.
#[test]
fn json_errors_are_json_objects() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["perft", "--variant", "nope", "--depth", "1", "--json"],
            "variant",
        ),
        (
            &["moves", "--variant", "fide", "--position", "x", "--json"],
            "position",
        ),
        (
            &["play", "--variant", "fide", "--moves", "e2e5", "--json"],
            "illegal-move",
        ),
        (
            &["perft", "--variant", "fide", "--depth", "99", "--json"],
            "usage",
        ),
    ];
    for (args, kind) in cases {
        let (code, out, err) = arbiter(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(out.lines().count(), 1, "{args:?}: {out}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["error"]["kind"], kind, "{args:?}: {v}");
        assert_eq!(v["error"]["exit_code"], 2);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(v["error"]["message"].as_str().unwrap()),
            "{err}"
        );
    }
}

/// 15.7: clap's usage errors are one line, naming the command's help;
/// `--help` keeps clap's own text.
#[test]
fn usage_errors_are_one_line() {
    assert_input_error(&["perft", "--variant", "fide"], "--depth");
    assert_input_error(
        &["perft", "--variant", "fide", "--depth", "1", "--bogus"],
        "--bogus",
    );
    assert_input_error(&["frobnicate"], "frobnicate");
    assert_input_error(&[], "missing command");
    let (_, _, err) = arbiter(&["perft", "--variant", "fide"]);
    assert!(err.contains("see 'arbiter perft --help'"), "{err}");
    let (code, out, _) = arbiter(&["perft", "--help"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Usage: arbiter perft") && out.lines().count() > 5,
        "{out}"
    );
}

/// 15.7: `arbiter check` with no path runs the suite built into the
/// binary, from any folder.
#[test]
fn check_without_a_path_runs_the_built_in_suite_anywhere() {
    let d = scratch_dir("anywhere");
    let (code, out, err) = arbiter_in(&d, &["check", "--variant", "english"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("fixtures built into arbiter"), "{err}");
    let ran: usize = last_line(&out).split(' ').next().unwrap().parse().unwrap();
    let on_disk = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/english"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "yaml")
        })
        .count();
    assert!(
        ran >= on_disk && on_disk > 0,
        "{ran} run, {on_disk} on disk: {out}"
    );
}

/// 15.5 (the games' side, G6 of rulings 3.3): the final text after a move
/// that captures the last king is well-formed: `--position` rejects it
/// for the missing king (an impossible position, G6), not as malformed
/// text.
#[test]
fn a_final_text_after_a_king_capture_is_well_formed() {
    let (code, out, err) = arbiter(&[
        "play",
        "--variant",
        "sonic",
        "--position",
        "7k/6P1/8/8/8/8/8/K7 w - - 0 1 - K=K KNA=K",
        "--moves",
        "g7xh8=Q",
    ]);
    assert_eq!(code, 0, "{err}");
    let text = out.lines().next().unwrap();
    let (_, _, err) = arbiter(&["moves", "--variant", "sonic", "--position", text]);
    assert!(
        !err.contains("malformed position"),
        "the final text should parse, failing only validation: {err}"
    );
}
