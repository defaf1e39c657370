//! The command-line contract: output shapes and exit codes.

use std::process::Command;

fn arbiter(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("run arbiter");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// Bad input exits 2 with one line naming the problem, never a panic.
fn assert_input_error(args: &[&str], needle: &str) {
    let (code, out, err) = arbiter(args);
    assert_eq!(
        code, 2,
        "{args:?}: exit code (stdout {out:?}, stderr {err:?})"
    );
    assert!(
        out.is_empty(),
        "{args:?}: no partial result on stdout, got {out:?}"
    );
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: one-line message, got {err:?}"
    );
    assert!(
        err.contains(needle),
        "{args:?}: message {err:?} should name {needle:?}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("internal error"),
        "{args:?}: {err}"
    );
}

#[test]
fn unknown_variant_is_an_input_error() {
    assert_input_error(
        &["perft", "--variant", "chess960", "--depth", "1"],
        "chess960",
    );
    assert_input_error(&["moves", "--variant", "nope"], "nope");
}

#[test]
fn unknown_rule_option_is_an_input_error() {
    assert_input_error(
        &[
            "perft",
            "--variant",
            "fide",
            "--rule",
            "springs",
            "--depth",
            "1",
        ],
        "springs",
    );
}

#[test]
fn check_reports_a_summary_line() {
    let (code, out, _) = arbiter(&["check", "fixtures/invalid"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.lines().last().unwrap().ends_with("passed, 0 failed"),
        "{out}"
    );
}

#[test]
fn check_of_a_missing_path_is_an_input_error() {
    assert_input_error(&["check", "no/such/dir"], "no/such/dir");
}
