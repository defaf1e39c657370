//! The command line on `fide` input errors: exit code 2, one line naming
//! the problem (the FEN field, the move), never a panic; and `explain`
//! naming FIDE-1.

use crate::common;
use common::{arbiter, assert_input_error};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

#[test]
fn malformed_fen_names_the_field() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            "board",
        ),
        (format!("{START} x KQkq - 0 1"), "turn"),
        (format!("{START} w KQx - 0 1"), "castling"),
        (format!("{START} w KQkq z3 0 1"), "en passant"),
        (format!("{START} w KQkq - -1 1"), "halfmove"),
        (format!("{START} w KQkq - 0 x"), "fullmove"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1".to_string(), "castling"),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1".to_string(), "white kings"),
        (format!("{START} w KQkq e3 0 1"), "en passant"),
    ];
    for (fen, field) in &cases {
        assert_input_error(
            &[
                "perft",
                "--variant",
                "fide",
                "--position",
                fen,
                "--depth",
                "1",
            ],
            field,
        );
    }
}

#[test]
fn malformed_and_illegal_moves() {
    assert_input_error(
        &["play", "--variant", "fide", "--moves", "e2e9"],
        "malformed move 'e2e9'",
    );
    assert_input_error(
        &["play", "--variant", "fide", "--moves", "e2e4", "Nf6"],
        "move 2",
    );
    assert_input_error(&["play", "--variant", "fide", "--moves", "e2e5"], "FIDE-1");
    assert_input_error(
        &["play", "--variant", "fide", "--moves", "e1g1"],
        "castling",
    );
}

#[test]
fn explain_names_fide_1() {
    let (code, out, _) = arbiter(&[
        "explain",
        "--variant",
        "fide",
        "--position",
        "4k3/8/8/8/8/7b/8/R3K2R w KQ - 0 1",
        "e1g1",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("illegal")
            && out.contains("castling through an attacked square")
            && out.contains("FIDE-1"),
        "{out}"
    );
    let (code, out, _) = arbiter(&["explain", "--variant", "fide", "e2e4"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("legal") && out.contains("FIDE-1"), "{out}");
}

#[test]
fn perft_and_divide_output() {
    let (code, out, _) = arbiter(&["perft", "--variant", "fide", "--depth", "3"]);
    assert_eq!((code, out.trim()), (0, "8902"));
    let (code, out, _) = arbiter(&[
        "divide",
        "--variant",
        "fide",
        "--depth",
        "2",
        "--threads",
        "2",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("e2e4: 20") && out.trim_end().ends_with("Nodes searched: 400"),
        "{out}"
    );
}
