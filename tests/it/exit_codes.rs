//! Exit codes and messages at the edges. Output that cannot be
//! written (a full disk: `/dev/full`; a reader that went away: a pipe whose
//! read end is closed) for every command, with and without `--json`;
//! pictures and other output files never overwrite without `--force`; one
//! OS error said once; messages in the user's words (fixture error kinds,
//! no "move 1" for the judged move, no internal constant, no `-- -1`);
//! protocol version 2 said, not ignored; `moves --from` an empty square.

use crate::common;

use std::os::fd::{FromRawFd, OwnedFd};
use std::path::Path;
use std::process::{Command, Stdio};

use common::{arbiter, arbiter_in, assert_input_error};

const BIN: &str = env!("CARGO_BIN_EXE_arbiter");

/// A pipe whose read end is already closed: every write gets EPIPE.
fn closed_pipe() -> OwnedFd {
    let mut fds = [0; 2];
    // SAFETY: pipe(2) fills the two descriptors we then own.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: both descriptors are fresh and owned here.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(read);
    write
}

enum Out {
    Full,
    Closed,
}

/// Runs arbiter in `dir` with stdout going to `/dev/full` or a closed
/// pipe and `stdin` as input: (exit code, stderr).
fn run_to(dir: &Path, args: &[&str], out: Out, stdin: &str) -> (i32, String) {
    let stdout = match out {
        Out::Full => Stdio::from(std::fs::File::create("/dev/full").unwrap()),
        Out::Closed => Stdio::from(closed_pipe()),
    };
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        let _ = input.write_all(stdin.as_bytes());
    }
    let o = child.wait_with_output().unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stderr).to_string(),
    )
}

/// One invocation of every command that prints (and its `--json` form when
/// it has one), in a scratch folder holding a fixture, a split and its
/// results: (arguments, standard input).
fn every_command(dir: &Path) -> Vec<(Vec<String>, String)> {
    std::fs::write(
        dir.join("G3-start.yaml"),
        "id: G3-start\nvariant: fide\nrules: [G3]\nsource: {document: test}\nexpect:\n  perft: {1: 20}\n",
    )
    .unwrap();
    let (_, jobs, _) = arbiter_in(
        dir,
        &["split", "--variant", "fide", "--depth", "2", "--at", "1"],
    );
    std::fs::write(dir.join("jobs.jsonl"), &jobs).unwrap();
    let (_, results, _) = arbiter_in(dir, &["perft", "--job-file", "jobs.jsonl"]);
    std::fs::write(dir.join("r.jsonl"), &results).unwrap();
    let job = jobs.lines().nth(1).unwrap().to_string();
    let engine = format!("{BIN} engine");
    let hello = "{\"id\":0,\"cmd\":\"hello\"}\n{\"id\":1,\"cmd\":\"moves\",\"variant\":\"fide\"}\n";
    let mut out: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--help"], ""),
        (vec!["perft", "--help"], ""),
        (vec!["perft", "--variant", "fide", "--depth", "2"], ""),
        (vec!["divide", "--variant", "fide", "--depth", "2"], ""),
        (vec!["moves", "--variant", "fide"], ""),
        (vec!["moves", "--variant", "fide", "--from", "g1"], ""),
        (vec!["play", "--variant", "fide", "--moves", "e2e4"], ""),
        (vec!["explain", "--variant", "fide", "e2e4"], ""),
        (vec!["check", "G3-start.yaml"], ""),
        (vec!["variants"], ""),
        (vec!["mutants", "--variant", "english"], ""),
        (
            vec!["split", "--variant", "fide", "--depth", "2", "--at", "1"],
            "",
        ),
        (vec!["perft", "--job", &job], ""),
        (vec!["perft", "--job-file", "jobs.jsonl"], ""),
        (vec!["merge", "jobs.jsonl", "r.jsonl"], ""),
        (vec!["merge", "--divide", "jobs.jsonl", "r.jsonl"], ""),
        (vec!["export", "--epd", "G3-start.yaml"], ""),
        (vec!["engine"], hello),
        (
            vec![
                "bisect",
                "--engine",
                &engine,
                "--variant",
                "fide",
                "--depth",
                "2",
            ],
            "",
        ),
    ];
    let with_json: Vec<(Vec<&str>, &str)> = out
        .iter()
        .filter(|(a, _)| {
            [
                "perft", "divide", "moves", "play", "explain", "check", "variants", "mutants",
                "merge",
            ]
            .contains(&a[0])
                && !a.contains(&"--job")
                && !a.contains(&"--job-file")
        })
        .map(|(a, i)| {
            let mut a = a.clone();
            a.push("--json");
            (a, *i)
        })
        .collect();
    out.extend(with_json);
    out.into_iter()
        .map(|(a, i)| (a.iter().map(|s| s.to_string()).collect(), i.to_string()))
        .collect()
}

/// A full disk is exit code 2 and one line on stderr (never 3, never
/// 101, never a panic); a reader that went away is a quiet exit 0.
#[test]
fn write_errors_are_exit_2_and_a_closed_reader_exit_0_for_every_command() {
    let dir = common::scratch_dir("exit-codes-write");
    let cases = every_command(&dir);
    assert!(cases.len() >= 25, "{}", cases.len());
    for (args, stdin) in &cases {
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, err) = run_to(&dir, &a, Out::Full, stdin);
        assert_eq!(code, 2, "{a:?} > /dev/full: {err}");
        assert_eq!(
            err.trim_end().lines().last(),
            Some("error: cannot write to standard output: No space left on device (os error 28)"),
            "{a:?}: {err}"
        );
        assert!(
            !err.contains("internal error") && !err.contains("panicked"),
            "{a:?}: {err}"
        );
        let (code, err) = run_to(&dir, &a, Out::Closed, stdin);
        assert_eq!(code, 0, "{a:?} | (closed): {err}");
        assert!(
            !err.contains("error") && !err.contains("panicked"),
            "{a:?} | (closed): {err}"
        );
    }
}

/// `moves --variant chess --json 2>/dev/full`: one error object, exit 2
/// (two objects and 101 before).
#[test]
fn a_full_stderr_still_gives_one_json_error() {
    let o = Command::new(BIN)
        .args(["moves", "--variant", "chess", "--json"])
        .stderr(Stdio::from(std::fs::File::create("/dev/full").unwrap()))
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(2), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["error"]["kind"], "variant");
}

/// Pictures are output files like any other: never over an existing file
/// without `--force` (`--svg`, `--png`, `moves --from --svg DIR`), never
/// the same file twice; `--help` says so.
#[test]
fn pictures_never_overwrite_without_force() {
    let dir = common::scratch_dir("exit-codes-pictures");
    std::fs::write(dir.join("keep.svg"), "mine").unwrap();
    std::fs::create_dir(dir.join("pics")).unwrap();
    std::fs::write(dir.join("pics/g1.svg"), "mine").unwrap();
    let explain = ["explain", "--variant", "fide", "e2e4"];
    for (extra, needle) in [
        (
            vec!["--svg", "keep.svg"],
            "--svg keep.svg: the file exists (add --force to overwrite it)",
        ),
        (vec!["--png", "keep.svg"], "--png keep.svg: the file exists"),
        (
            vec!["--svg", "same", "--png", "same"],
            "--svg and --png name the same file same",
        ),
        (
            vec!["--svg", "same", "--png", "./same", "--force"],
            "name the same file",
        ),
    ] {
        let args: Vec<&str> = explain
            .iter()
            .copied()
            .chain(extra.iter().copied())
            .collect();
        let (code, out, err) = arbiter_in(&dir, &args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    assert!(!dir.join("same").exists());
    let moves = [
        "moves",
        "--variant",
        "fide",
        "--from",
        "g1",
        "--svg",
        "pics",
    ];
    let (code, out, err) = arbiter_in(&dir, &moves);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("--svg pics/g1.svg: the file exists"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.join("keep.svg")).unwrap(),
        "mine"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("pics/g1.svg")).unwrap(),
        "mine"
    );
    // With --force: written.
    let (code, _, err) = arbiter_in(
        &dir,
        &[&explain[..], &["--svg", "keep.svg", "--force"]].concat(),
    );
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(dir.join("keep.svg"))
        .unwrap()
        .starts_with("<svg"));
    let (code, _, err) = arbiter_in(&dir, &[&moves[..], &["--force"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(dir.join("pics/g1.svg"))
        .unwrap()
        .starts_with("<svg"));
    for cmd in ["explain", "moves"] {
        let (_, help, _) = arbiter(&[cmd, "--help"]);
        assert!(help.contains("--force"), "{cmd}: {help}");
        assert!(help.contains("overwrit"), "{cmd}: {help}");
    }
}

/// `explain --svg nofolder/a.svg`: one line, the OS error (when there is
/// one) said once.
#[test]
fn a_picture_that_cannot_be_written_is_said_once() {
    let dir = common::scratch_dir("exit-codes-os-error");
    std::fs::write(dir.join("a-file"), "").unwrap();
    let (code, out, err) = arbiter_in(
        &dir,
        &[
            "explain",
            "--variant",
            "fide",
            "e2e4",
            "--svg",
            "nofolder/a.svg",
        ],
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: --svg nofolder/a.svg: no folder nofolder (create it, or add --force)\n"
    );
    // With --force the folder is made, but a file stands in its way.
    let (code, _, err) = arbiter_in(
        &dir,
        &[
            "explain",
            "--variant",
            "fide",
            "e2e4",
            "--svg",
            "a-file/a.svg",
            "--force",
        ],
    );
    assert_eq!(code, 2);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert_eq!(err.matches("os error").count(), 1, "{err}");
}

/// `moves --from e4` on an empty square: an error, and no picture.
#[test]
fn moves_from_an_empty_square_is_an_error() {
    let dir = common::scratch_dir("exit-codes-empty-square");
    assert_input_error(
        &["moves", "--variant", "fide", "--from", "e4"],
        "no piece on e4",
    );
    let (code, out, err) = arbiter_in(
        &dir,
        &[
            "moves",
            "--variant",
            "fide",
            "--from",
            "e4",
            "--svg",
            "pics",
        ],
    );
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(!dir.join("pics/e4.svg").exists());
    // A piece that cannot move is no error: it has no moves.
    let (code, out, _) = arbiter(&["moves", "--variant", "fide", "--from", "a1"]);
    assert_eq!((code, out.as_str()), (0, ""));
}

/// Messages in the user's words.
#[test]
fn messages_name_what_the_user_wrote() {
    // The judged move is no "move 1" (that would point into --moves).
    let (code, _, err) = arbiter(&["explain", "--variant", "fide", "zz"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: malformed move 'zz'"), "{err}");
    assert!(!err.contains("move 1"), "{err}");
    let (_, out, _) = arbiter(&["explain", "--variant", "fide", "zz", "--json"]);
    assert!(out.contains("\"kind\":\"move-syntax\""), "{out}");
    // A move of the history still names its ply.
    assert_input_error(
        &[
            "explain",
            "--variant",
            "fide",
            "--moves",
            "e2e4",
            "zz",
            "--",
            "e7e5",
        ],
        "move 2: malformed move 'zz'",
    );
    // The limit without the internal constant's name.
    for cmd in ["perft", "divide"] {
        let (_, _, err) = arbiter(&[cmd, "--variant", "fide", "--depth", "65"]);
        assert!(err.contains("depth 65 is above the limit of 64"), "{err}");
        assert!(!err.contains("MAX_DEPTH"), "{err}");
    }
    // A negative count is a bad value, not a path after `--`.
    for args in [
        vec!["check", "--max-nodes", "-1"],
        vec!["mutants", "--max-nodes", "-1"],
        vec!["check", "--max-failures", "-1"],
    ] {
        assert_input_error(&args, "must be a whole number, 0 or more");
        let (_, _, err) = arbiter(&args);
        assert!(!err.contains("-- -1"), "{err}");
    }
    // Explain names each rule ID once.
    let (code, out, _) = arbiter(&[
        "explain",
        "--variant",
        "crazy",
        "--moves",
        "e2e4",
        "deny",
        "--",
        "e2e4",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out.matches("DEN-2").count(), 1, "{out}");
}

/// A fixture's error kinds are named as the fixture names them.
#[test]
fn fixture_failures_name_error_kinds_not_types() {
    let dir = common::scratch_dir("exit-codes-kinds");
    std::fs::write(
        dir.join("G3-wrong-kind.yaml"),
        "id: G3-wrong-kind\nvariant: fide\nrules: [G3]\nsource: {document: test}\nmoves: [zz]\nexpect:\n  error: {kind: ambiguous-move}\n",
    )
    .unwrap();
    let (code, out, _) = arbiter_in(&dir, &["check", "G3-wrong-kind.yaml"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("expected error kind ambiguous-move, got move-syntax"),
        "{out}"
    );
    assert!(
        !out.contains("AmbiguousMove") && !out.contains("MoveSyntax"),
        "{out}"
    );
}

/// `"protocol": 2` is not silently taken: the reference answers hello
/// with a protocol error, the runner warns about an engine that names it.
#[test]
fn protocol_version_2_is_said() {
    let o = Command::new(BIN)
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin
                .take()
                .unwrap()
                .write_all(b"{\"id\":0,\"cmd\":\"hello\",\"protocol\":2}\n{\"id\":0,\"cmd\":\"hello\",\"protocol\":1}\n")?;
            c.wait_with_output()
        })
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["error"]["kind"], "protocol", "{out}");
    assert!(lines[0]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("protocol version 2"));
    assert_eq!(lines[1]["protocol"], 1, "{out}");
    let dir = common::scratch_dir("exit-codes-protocol");
    std::fs::write(
        dir.join("G3-start.yaml"),
        "id: G3-start\nvariant: fide\nrules: [G3]\nsource: {document: test}\nexpect:\n  perft: {1: 20}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("v2.sh"),
        format!("read l; echo '{{\"id\":0,\"protocol\":2,\"name\":\"v2\",\"variants\":[\"fide\"]}}'; exec {BIN} engine\n"),
    )
    .unwrap();
    let (code, out, err) = arbiter_in(&dir, &["check", "--engine", "sh v2.sh", "G3-start.yaml"]);
    assert_eq!(code, 0, "{out}{err}");
    let warnings: Vec<&str> = err.lines().filter(|l| l.starts_with("warning:")).collect();
    assert_eq!(warnings.len(), 1, "{err}");
    assert!(warnings[0].contains("protocol 2"), "{err}");
}
