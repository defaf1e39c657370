//! The command-line contract: output shapes and exit codes.

use crate::common;
use common::{arbiter, assert_input_error};

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

/// The output shapes of the contract, for every variant: `perft` prints
/// exactly one line (the count), `divide` prints "<move>: <n>" lines, a
/// blank line and "Nodes searched: N" summing them, `moves` prints the
/// sorted canonical moves (as many as perft 1), `play` prints a position
/// text that `--position` accepts back, and `--json` prints one JSON line.
#[test]
fn output_shapes_for_every_variant() {
    for v in ["fide", "sonic", "hop", "crazy", "bosses", "english"] {
        let (code, out, err) = arbiter(&["perft", "--variant", v, "--depth", "2"]);
        assert_eq!(code, 0, "{v}: {err}");
        assert_eq!(
            out.lines().count(),
            1,
            "{v}: perft prints one line: {out:?}"
        );
        let p2: u64 = out
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{v}: not a count: {out:?}"));

        let (code, out, _) = arbiter(&["divide", "--variant", v, "--depth", "2", "--threads", "2"]);
        assert_eq!(code, 0);
        let (rows, total) = out
            .trim_end()
            .rsplit_once("\n\n")
            .unwrap_or_else(|| panic!("{v}: no blank line: {out}"));
        assert_eq!(total, format!("Nodes searched: {p2}"), "{v}");
        let sum: u64 = rows
            .lines()
            .map(|l| {
                l.rsplit_once(": ")
                    .expect("<move>: <n>")
                    .1
                    .parse::<u64>()
                    .unwrap()
            })
            .sum();
        assert_eq!(sum, p2, "{v}: divide rows sum to the total");

        let (code, out, _) = arbiter(&["moves", "--variant", v]);
        assert_eq!(code, 0);
        let moves: Vec<&str> = out.lines().collect();
        let mut sorted = moves.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(moves, sorted, "{v}: moves sorted and distinct");
        let (_, p1, _) = arbiter(&["perft", "--variant", v, "--depth", "1"]);
        assert_eq!(
            p1.trim(),
            moves.len().to_string(),
            "{v}: perft 1 = number of moves"
        );
        assert_eq!(
            rows.lines().count(),
            moves.len(),
            "{v}: one divide row per move"
        );

        let first = moves[0];
        let (code, after, err) = arbiter(&["play", "--variant", v, "--moves", first]);
        assert_eq!(code, 0, "{v}: play {first}: {err}");
        assert_eq!(after.lines().count(), 1);
        let (code, again, err) = arbiter(&["play", "--variant", v, "--position", after.trim()]);
        assert_eq!(
            (code, again.as_str()),
            (0, after.as_str()),
            "{v}: position text round trip: {err}"
        );

        let (code, out, _) = arbiter(&["explain", "--variant", v, "--", first]);
        assert_eq!(code, 0);
        assert!(out.starts_with(&format!("legal: {first}")), "{v}: {out}");

        for cmd in [
            &["moves", "--variant", v, "--json"][..],
            &["perft", "--variant", v, "--depth", "1", "--json"][..],
        ] {
            let (code, out, _) = arbiter(cmd);
            assert_eq!(code, 0);
            assert_eq!(out.lines().count(), 1);
            serde_json::from_str::<serde_json::Value>(&out)
                .unwrap_or_else(|e| panic!("{v}: {cmd:?}: {e}: {out}"));
        }
    }
}

/// Malformed positions and moves are input errors in every variant.
#[test]
fn malformed_input_in_every_variant() {
    for v in ["fide", "sonic", "hop", "crazy", "bosses", "english"] {
        assert_input_error(
            &["moves", "--variant", v, "--position", "not a position"],
            "position",
        );
        assert_input_error(&["play", "--variant", v, "--moves", "zz99"], "zz99");
        assert_input_error(
            &[
                "perft",
                "--variant",
                v,
                "--rule",
                "no-such-rule",
                "--depth",
                "1",
            ],
            "no-such-rule",
        );
    }
}

/// `--moves` takes every following value, so `explain` judges the last of
/// them when no MOVE follows `--`; the same verdict either way, and no
/// move at all is an input error.
#[test]
fn explain_takes_the_last_of_moves_as_its_move() {
    let head = ["explain", "--variant", "crazy", "--moves", "e2e4", "deny"];
    let split = arbiter(&[&head[..], &["--", "e2e4"]].concat());
    let joined = arbiter(&[&head[..], &["e2e4"]].concat());
    assert_eq!(split.0, 0, "{}", split.2);
    assert_eq!(split, joined);
    assert!(split.1.starts_with("illegal: e2e4:"), "{}", split.1);
    assert!(split.1.contains("DEN-2"), "{}", split.1);
    assert_input_error(&["explain", "--variant", "crazy"], "MOVE");
}
