//! Test oracle of McCooey's hexagonal chess, MCC-1 of RULINGS.md 3.4
//! (Dave McCooey and Richard Honeycutt, 1978–79): a naive second
//! implementation written from the rulings alone, for checking arbiter's
//! `mccooey` when it lands (the lead adds `mccooey` to
//! `common::NEW_BOARDS_READY`, which switches on
//! `oracle_agrees_with_arbiters_mccooey` below).
//!
//! MCC-1 as implemented here (`MCCOOEY`, on the machinery of
//! `oracle_hex.rs`, whose pieces, board and check test are first proved
//! on Gliński's game against arbiter's `glinski`):
//! - GLN-1's 91 cells, names, position text and move text; King, queen,
//!   rook, bishop and knight as GLN-1; no castling.
//! - Start: White K g1, Q e1, R d1 h1, N e2 g2, B f1 f2 f3, pawns c1 d2
//!   e3 f4 g3 h2 i1; Black K g10, Q e10, R d9 h9, N e9 g9, B f9 f10 f11,
//!   pawns c8 d8 e8 f8 g8 h8 i8.
//! - Pawns: one cell straight ahead onto an empty cell; capture one cell
//!   along a forward diagonal (White 11 and 1 o'clock, Black 5 and 7: a
//!   White pawn on e4 and a Black pawn on e7 both take on d5 and f6),
//!   never along GLN-1's orthogonals; from a start cell of its side other
//!   than f4 / f8, two cells straight ahead through an empty cell; en
//!   passant on the skipped cell, next move only, by a pawn attacking it;
//!   promotion on the far rim (no cell straight ahead) to Q, R, B or N.
//! - Check and mate as in chess (perft does not score results).

use super::oracle_hex::{HexPosition, HexRules, Shape};
use crate::common::NEW_BOARDS_READY;

/// MCC-1's parameters.
pub const MCCOOEY: HexRules = HexRules {
    shape: Shape::Glinski,
    start: &[
        ('K', &["g1"]),
        ('Q', &["e1"]),
        ('R', &["d1", "h1"]),
        ('N', &["e2", "g2"]),
        ('B', &["f1", "f2", "f3"]),
        ('P', &["c1", "d2", "e3", "f4", "g3", "h2", "i1"]),
        ('k', &["g10"]),
        ('q', &["e10"]),
        ('r', &["d9", "h9"]),
        ('n', &["e9", "g9"]),
        ('b', &["f9", "f10", "f11"]),
        ('p', &["c8", "d8", "e8", "f8", "g8", "h8", "i8"]),
    ],
    // 11 and 1 o'clock: the forward diagonals.
    pawn_captures: [(-1, 1), (1, 2)],
    // Every start cell but the centre pawn's (f4, f8): two cells.
    first_moves: &[
        ("c1", 2),
        ("d2", 2),
        ("e3", 2),
        ("g3", 2),
        ("h2", 2),
        ("i1", 2),
        ("c8", 2),
        ("d8", 2),
        ("e8", 2),
        ("g8", 2),
        ("h8", 2),
        ("i8", 2),
    ],
    ep_every_crossed_cell: true,
    castlings: &[],
    long_castling_only: false,
};

/// The start position of MCC-1.
pub fn start() -> HexPosition {
    HexPosition::start(MCCOOEY)
}

/// Reads a McCooey position text (GLN-1's form).
///
/// # Errors
/// A one-line reason (syntax and cell names only).
pub fn parse(text: &str) -> Result<HexPosition, String> {
    HexPosition::parse(MCCOOEY, text)
}

/// MCC-1's array in GLN-1's position text, written out by hand: rank 11
/// (f11) to rank 1 (a1 … l1).
const START: &str = "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - 0 1";

#[test]
fn start_array_is_mccooeys() {
    assert_eq!(start().to_text(), START);
    assert_eq!(parse(START).unwrap().to_text(), START);
}

/// MCC-1's start perft 31 / 947 / 33307; divide splits it by
/// first move.
#[test]
fn start_perft() {
    let s = start();
    assert_eq!([s.perft(1), s.perft(2), s.perft(3)], [31, 947, 33307]);
    let rows = s.divide(2);
    assert_eq!(
        rows.iter().map(|r| r.0.clone()).collect::<Vec<_>>(),
        s.legal()
    );
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 947);
}

/// arbiter's `mccooey` against this oracle (switched on by
/// `common::NEW_BOARDS_READY`).
#[test]
fn oracle_agrees_with_arbiters_mccooey() {
    if !NEW_BOARDS_READY.contains(&"mccooey") {
        eprintln!("mccooey is not in arbiter yet (common::NEW_BOARDS_READY): comparison off");
        return;
    }
    crate::common::oracle::agrees_with_arbiter(
        "mccooey",
        &[],
        START,
        |t| parse(t).map(|p| Box::new(p) as Box<dyn crate::common::oracle::OracleGame>),
        3,
    );
}
