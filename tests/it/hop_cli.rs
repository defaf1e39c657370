//! The command line with Hop Chess: record notation in `play`, canonical
//! texts in `moves`, rule IDs in `explain`.

use crate::common;
use common::arbiter;

#[test]
fn play_reads_the_game_record() {
    let (code, out, err) = arbiter(&[
        "play",
        "--variant",
        "hop",
        "--moves",
        "e4",
        "Nf6 d5",
        "d4 d3",
        "e6 b4+",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        "rnbqkb1r/pppp1ppp/4pn2/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3 d3 b4"
    );
}

#[test]
fn ambiguous_record_token_lists_candidates() {
    let (code, out, err) = arbiter(&[
        "play",
        "--variant",
        "hop",
        "--moves",
        "e4",
        "Nf6 d5",
        "d4 d3",
        "e6 b4+",
        "Nc3 g5",
        "Be7 b4",
    ]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains("move 6") && err.contains("Bf8-e7@b4") && err.contains("Bf8-b4-e7@b4"),
        "{err}"
    );
}

#[test]
fn moves_and_explain() {
    let (code, out, _) = arbiter(&["moves", "--variant", "hop"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 20);
    assert!(out.lines().any(|l| l == "Ng1-f3"));
    let pos = "r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 5 d4 f5";
    let (code, out, err) = arbiter(&["explain", "--variant", "hop", "--position", pos, "d2-d3@a5"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("illegal") && out.contains("HOP-7"), "{out}");
    let (code, out, _) = arbiter(&["perft", "--variant", "hop", "--depth", "2"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "12788");
}
