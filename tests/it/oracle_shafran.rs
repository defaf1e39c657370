//! Test oracle of Shafran's hexagonal chess, SHF-1 of RULINGS.md 3.4
//! (I. G. Shafran, 1939) with its options `ep=last` and `castling=long`:
//! a naive second implementation written from the rulings alone, for
//! checking arbiter's `shafran` when it lands (the lead adds `shafran` to
//! `common::NEW_BOARDS_READY`, which switches on
//! `oracle_agrees_with_arbiters_shafran` below).
//!
//! SHF-1 as implemented here ([`rules`], on the machinery of
//! `oracle_hex.rs`, whose pieces and check test are first proved on
//! Gliński's game against arbiter's `glinski`):
//! - Board: 70 cells, files a–i of 6 7 8 9 10 9 8 7 6 cells, from a1 b1
//!   c1 d1 e1 f2 g3 h4 i5 up to a6 b7 c8 d9 e10 f10 g10 h10 i10; ranks run
//!   from upper left to lower right. Pieces move as GLN-1's; White moves up.
//! - Start: White K e1, Q d1, R a1 i5, N b1 g3, B c1 f2 h4, pawns a2 b2 c2
//!   d2 e2 f3 g4 h5 i6; Black K e10, Q f10, R a6 i10, N c8 h10, B b7 d9
//!   g10, pawns a5 b6 c7 d8 e9 f9 g9 h9 i9.
//! - Pawns: one cell straight ahead onto an empty cell; capture one cell
//!   along a forward diagonal (as MCC-1); from its start cell up to 3
//!   cells (files d e f), 2 (b c g h) or 1 (a i) straight ahead over empty
//!   cells. En passant, next move only: a pawn attacking any cell a 2- or
//!   3-cell move crossed may move there and remove that pawn (`ep=last`:
//!   only the crossed cell next to the pawn's destination). Promotion on
//!   the last cell of its file to Q, R, B or N.
//! - Castling with either rook: king and rook unmoved, the cells between
//!   them empty, the king not in check and not passing over an attacked
//!   cell (nor landing on one: the king may never end attacked); long: the
//!   king moves 3 cells toward the rook, short: 2; the rook goes to the last
//!   cell the king passed over. Written as the king's move (`e1b1`); rights
//!   `AIai` (the rook's file, upper case White). `castling=long`: long only.
//!   A right is lost when its king or rook leaves its start cell or is
//!   captured there.
//! - Position text (the rulings' form): the rows from the top, here read as
//!   Shafran's ranks 10 (e10 … i10) down to 1 (a1 … e1), each from file a on,
//!   runs of empty cells as numbers; side; castling (`AIai` subset or `-`);
//!   en passant (the crossed cells in the order crossed, `d3,d4`, or `-`);
//!   halfmove and fullmove (optional together).
//!   **Doubt**: SHF-1 says "horizontal rows of cells from the top" and
//!   "the same layout as the project's glinski position text"; glinski's
//!   rows are its ranks, so Shafran's ranks are used here. If arbiter
//!   reads another row order, [`parse`]'s rows are the one place to change.

use super::oracle_hex::{Castling, HexPosition, HexRules, Shape};
use crate::common::NEW_BOARDS_READY;

/// SHF-1's parameters under the rule options `options` (`ep=last`,
/// `castling=long`).
pub fn rules(options: &[&str]) -> HexRules {
    for o in options {
        assert!(
            ["ep=last", "castling=long"].contains(o),
            "unknown option {o}"
        );
    }
    HexRules {
        shape: Shape::Shafran,
        start: &[
            ('K', &["e1"]),
            ('Q', &["d1"]),
            ('R', &["a1", "i5"]),
            ('N', &["b1", "g3"]),
            ('B', &["c1", "f2", "h4"]),
            ('P', &["a2", "b2", "c2", "d2", "e2", "f3", "g4", "h5", "i6"]),
            ('k', &["e10"]),
            ('q', &["f10"]),
            ('r', &["a6", "i10"]),
            ('n', &["c8", "h10"]),
            ('b', &["b7", "d9", "g10"]),
            ('p', &["a5", "b6", "c7", "d8", "e9", "f9", "g9", "h9", "i9"]),
        ],
        // 11 and 1 o'clock: the forward diagonals.
        pawn_captures: [(-1, 1), (1, 2)],
        first_moves: &[
            ("a2", 1),
            ("b2", 2),
            ("c2", 2),
            ("d2", 3),
            ("e2", 3),
            ("f3", 3),
            ("g4", 2),
            ("h5", 2),
            ("i6", 1),
            ("a5", 1),
            ("b6", 2),
            ("c7", 2),
            ("d8", 3),
            ("e9", 3),
            ("f9", 3),
            ("g9", 2),
            ("h9", 2),
            ("i9", 1),
        ],
        ep_every_crossed_cell: !options.contains(&"ep=last"),
        castlings: &[
            Castling {
                letter: 'A',
                white: true,
                king: "e1",
                rook: "a1",
            },
            Castling {
                letter: 'I',
                white: true,
                king: "e1",
                rook: "i5",
            },
            Castling {
                letter: 'a',
                white: false,
                king: "e10",
                rook: "a6",
            },
            Castling {
                letter: 'i',
                white: false,
                king: "e10",
                rook: "i10",
            },
        ],
        long_castling_only: options.contains(&"castling=long"),
    }
}

/// The start position of SHF-1.
pub fn start(options: &[&str]) -> HexPosition {
    HexPosition::start(rules(options))
}

/// Reads a Shafran position text (see the module doc).
///
/// # Errors
/// A one-line reason (syntax, cell names, castling rights without their
/// king and rook).
pub fn parse(options: &[&str], text: &str) -> Result<HexPosition, String> {
    HexPosition::parse(rules(options), text)
}

/// SHF-1's array written out by hand, rank 10 (e10 … i10) to rank 1
/// (a1 … e1).
const START: &str = "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIai - 0 1";

#[test]
fn start_array_is_shafrans() {
    assert_eq!(start(&[]).to_text(), START);
    assert_eq!(parse(&[], START).unwrap().to_text(), START);
}

/// SHF-1's start perft 42 / 1706 / 75494. Neither option
/// changes the first three plies: no en passant or castling is possible
/// that early.
#[test]
fn start_perft() {
    for options in [&[][..], &["ep=last"], &["castling=long"]] {
        let s = start(options);
        assert_eq!(
            [s.perft(1), s.perft(2), s.perft(3)],
            [42, 1706, 75494],
            "{options:?}"
        );
    }
}

/// Of the 42 first moves, the pawns make 19 (a2 1 cell, b2 c2 2 each, d2
/// e2 f3 3 each, g4 h5 2 each, i6 1; nothing to capture) and the king none
/// (every neighbour of e1 is its own piece or off the board).
#[test]
fn start_moves_by_piece() {
    let legal = start(&[]).legal();
    let from = |cell: &str| {
        legal
            .iter()
            .filter(|m| {
                m.starts_with(cell) && !m[cell.len()..].starts_with(|c: char| c.is_ascii_digit())
            })
            .count()
    };
    let pawns: usize = ["a2", "b2", "c2", "d2", "e2", "f3", "g4", "h5", "i6"]
        .iter()
        .map(|c| from(c))
        .sum();
    assert_eq!(pawns, 1 + 2 + 2 + 3 + 3 + 3 + 2 + 2 + 1);
    assert_eq!(from("e1"), 0, "the king is walled in");
    assert_eq!(legal.len(), 42);
}

fn legal_from(p: &HexPosition, cell: &str) -> Vec<String> {
    p.legal()
        .into_iter()
        .filter(|m| {
            m.starts_with(cell) && !m[cell.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

/// A triple step d2-d5 crosses d3 and d4: the pawn on c4 attacks d3 (its
/// 5 o'clock cell), the pawn on e6 attacks d4 (its 7 o'clock cell); both
/// may take en passant, removing the pawn on d5; with `ep=last` only d4,
/// the crossed cell next to d5.
#[test]
fn en_passant_on_every_crossed_cell() {
    let text = "4k/6/7/8/4p4/9/2p5/7/3P2/K4 w - - 0 1";
    let after = parse(&[], text).unwrap().play("d2d5").unwrap();
    assert_eq!(after.to_text(), "4k/6/7/8/4p4/3P5/2p5/7/6/K4 b - d3,d4 0 1");
    assert_eq!(legal_from(&after, "c4"), ["c4c3", "c4d3"]);
    assert_eq!(legal_from(&after, "e6"), ["e6d4", "e6e5"]);
    assert_eq!(
        after.play("c4d3").unwrap().to_text(),
        "4k/6/7/8/4p4/9/8/3p3/6/K4 w - - 0 2"
    );
    assert_eq!(
        after.play("e6d4").unwrap().to_text(),
        "4k/6/7/8/9/9/2pp4/7/6/K4 w - - 0 2"
    );
    let last = parse(&["ep=last"], text).unwrap().play("d2d5").unwrap();
    assert_eq!(legal_from(&last, "c4"), ["c4c3"]);
    assert_eq!(legal_from(&last, "e6"), ["e6d4", "e6e5"]);
    // The next move only.
    let later = after.play("c4c3").unwrap().play("a1a2").unwrap();
    assert_eq!(legal_from(&later, "e6"), ["e6e5"]);
}

/// Castling with either rook, long (3 cells) and short (2), the rook on
/// the last cell the king passed over; `castling=long`: long only.
#[test]
fn castling_long_and_short_with_either_rook() {
    let text = "k4/6/7/8/9/8R/8/7/6/R3K w AI - 0 1";
    let p = parse(&[], text).unwrap();
    let king = legal_from(&p, "e1");
    for m in ["e1b1", "e1c1", "e1g3", "e1h4"] {
        assert!(king.contains(&m.to_string()), "{m} in {king:?}");
    }
    assert_eq!(
        p.play("e1b1").unwrap().to_text(),
        "k4/6/7/8/9/8R/8/7/6/1KR2 b - - 1 1"
    );
    assert_eq!(
        p.play("e1c1").unwrap().to_text(),
        "k4/6/7/8/9/8R/8/7/6/2KR1 b - - 1 1"
    );
    assert_eq!(
        p.play("e1h4").unwrap().to_text(),
        "k4/6/7/8/9/9/7K/6R/6/R4 b - - 1 1"
    );
    assert_eq!(
        p.play("e1g3").unwrap().to_text(),
        "k4/6/7/8/9/9/8/6K/5R/R4 b - - 1 1"
    );
    let long = legal_from(&parse(&["castling=long"], text).unwrap(), "e1");
    assert!(long.contains(&"e1b1".to_string()) && long.contains(&"e1h4".to_string()));
    assert!(!long.contains(&"e1c1".to_string()) && !long.contains(&"e1g3".to_string()));
    // A rook move loses its right only.
    let moved = p
        .play("a1a2")
        .unwrap()
        .play("e10e9")
        .unwrap()
        .play("a2a1")
        .unwrap()
        .play("e9e10")
        .unwrap();
    assert_eq!(moved.castling, ['I']);
}

/// The king may not pass over or land on an attacked cell, nor castle out
/// of check: a black rook on c8 attacks c1 (both castlings toward a1 are
/// off), one on b7 attacks b1 (only the long one is off), one on e5 gives
/// check (all are off).
#[test]
fn castling_through_attack_or_out_of_check_is_illegal() {
    let castlings = |text: &str| -> Vec<String> {
        let p = parse(&[], text).unwrap();
        legal_from(&p, "e1")
            .into_iter()
            .filter(|m| ["e1b1", "e1c1", "e1g3", "e1h4"].contains(&m.as_str()))
            .collect()
    };
    assert_eq!(
        castlings("k4/6/r6/8/9/8R/8/7/6/R3K w AI - 0 1"),
        ["e1g3", "e1h4"]
    );
    assert_eq!(
        castlings("k4/6/7/r7/9/8R/8/7/6/R3K w AI - 0 1"),
        ["e1c1", "e1g3", "e1h4"]
    );
    assert_eq!(
        castlings("k4/6/7/8/9/4r3R/8/7/6/R3K w AI - 0 1"),
        Vec::<String>::new()
    );
}

/// Promotion on the last cell of a file, by a step or a capture: f10
/// for White (f's top cell), g3 and f2 for Black (the bottom cells of g
/// and f).
#[test]
fn promotion_on_the_last_cell_of_the_file() {
    let text = "4k/2P3/7/8/9/9/6p1/7/5N/4K b - - 0 1";
    let black = parse(&[], text).unwrap();
    let promotions = [
        "g4f2b", "g4f2n", "g4f2q", "g4f2r", "g4g3b", "g4g3n", "g4g3q", "g4g3r",
    ];
    assert_eq!(legal_from(&black, "g4"), promotions);
    let white = parse(&[], &text.replace(" b ", " w ")).unwrap();
    assert_eq!(
        legal_from(&white, "f9"),
        ["f9f10b", "f9f10n", "f9f10q", "f9f10r"]
    );
}

/// arbiter's `shafran` against this oracle, with and without its options
/// (switched on by `common::NEW_BOARDS_READY`).
#[test]
fn oracle_agrees_with_arbiters_shafran() {
    if !NEW_BOARDS_READY.contains(&"shafran") {
        eprintln!("shafran is not in arbiter yet (common::NEW_BOARDS_READY): comparison off");
        return;
    }
    for options in [&[][..], &["ep=last"], &["castling=long"]] {
        let owned: Vec<String> = options.iter().map(|o| o.to_string()).collect();
        crate::common::oracle::agrees_with_arbiter(
            "shafran",
            &owned,
            START,
            |t| {
                parse(options, t).map(|p| Box::new(p) as Box<dyn crate::common::oracle::OracleGame>)
            },
            3,
        );
    }
}
