//! Hop Chess (João Pedro Neto, 2005; sources `hop-chess-cvp.txt` and
//! `hop-chess-blog.txt`, where the trampoline is called "hopper"), read as
//! RULINGS.md section HOP (HOP-1 … HOP-8).
//!
//! The modules read like the rules:
//! - [`hops`]: the piece move of a turn, with its hops (HOP-3, HOP-3.1,
//!   HOP-4, HOP-5, HOP-6);
//! - [`placements`]: the trampoline placement that ends a turn, the
//!   legality of the whole turn, and the one move generator
//!   ([`placements::Turn`], the game's compact move; placements counted in
//!   bulk for perft) (HOP-2, HOP-7);
//! - [`check`]: attacks through trampolines (HOP-7);
//! - [`notation`]: position text and canonical move text (G4, HOP-2);
//! - [`record`]: the documents' game-record notation, with the look-ahead
//!   that settles an omitted promotion piece (HOP-8);
//! - `diagram`: pictures of positions and turns;
//! - [`game`]: [`crate::core::Game`] on the game's own [`placements::Turn`],
//!   and `explain`.
//!
//! The board is a 0x88 mailbox indexed by `core::geometry::Square` (which
//! packs `rank * 16 + file`), so "off the board" is `sq & 0x88 != 0`.

use crate::core::Variant;
use crate::core::{Color, DynGame, Mutant, Rules};

pub mod check;
#[cfg(feature = "pictures")]
mod diagram;
pub mod game;
pub mod hops;
pub mod notation;
pub mod placements;
pub mod record;

/// HOP-1: FIDE start position, both trampolines off the board; White's
/// first turn (HOP-2).
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - -";

/// The registry entry of Hop Chess (`hop`): start position, parser and mutants.
pub static VARIANT: Variant = Variant {
    id: "hop",
    name: "Hop Chess (J. P. Neto, 2005; hop-chess-cvp.txt, hop-chess-blog.txt)",
    options: &[],
    mutants: &MUTANTS,
    start: |_| Ok(START.to_string()),
    parse,
};

/// Deliberate misreadings, one per mechanism or ruling with another
/// plausible reading.
pub static MUTANTS: [Mutant; 12] = [
    Mutant { name: "king-on-trampoline", doc: "kings may land on a trampoline and hop like other pieces (against HOP-4)" },
    Mutant { name: "queen-changes-line", doc: "a hopping queen may switch between orthogonal and diagonal legs (against HOP-3)" },
    Mutant { name: "three-hops", doc: "a piece may land on the same trampoline again, up to three hops (against HOP-3.1)" },
    Mutant { name: "return-to-start", doc: "a hopping piece may end on its start square (against HOP-3.1)" },
    Mutant { name: "ep-after-hop", doc: "a pawn may capture en passant on a leg after a hop (against HOP-5)" },
    Mutant { name: "castle-across-trampoline", doc: "castling ignores trampolines between king and rook (against HOP-4)" },
    Mutant { name: "no-stay", doc: "the trampoline must change square; leaving it in place is not a placement (against HOP-2)" },
    Mutant { name: "check-before-placement", doc: "king safety is judged after the piece move, before the placement (against HOP-7)" },
    Mutant { name: "first-turn-placement", doc: "White's first turn also places the trampoline (against HOP-2)" },
    Mutant { name: "double-after-hop", doc: "a pawn may push two squares from a trampoline (against HOP-3.1; move generation only)" },
    Mutant { name: "castle-king-path-only", doc: "only trampolines on squares the king crosses or lands on forbid castling, b1/b8 do not (against the HOP-4 ruling)" },
    Mutant { name: "ep-onto-trampoline", doc: "en passant may end on a trampoline square without hopping (against HOP-5)" },
];

/// The rules of one game, converted once from [`Rules`] (mutants only:
/// Hop Chess has no rule options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HopRules {
    /// Mutant `king-on-trampoline` (against HOP-4).
    pub king_on_trampoline: bool,
    /// Mutant `queen-changes-line` (against HOP-3).
    pub queen_changes_line: bool,
    /// Mutant `three-hops` (against HOP-3.1).
    pub three_hops: bool,
    /// Mutant `return-to-start` (against HOP-3.1).
    pub return_to_start: bool,
    /// Mutant `ep-after-hop` (against HOP-5).
    pub ep_after_hop: bool,
    /// Mutant `castle-across-trampoline` (against HOP-4).
    pub castle_across_trampoline: bool,
    /// Mutant `no-stay` (against HOP-2).
    pub no_stay: bool,
    /// Mutant `check-before-placement` (against HOP-7).
    pub check_before_placement: bool,
    /// Mutant `first-turn-placement` (against HOP-2).
    pub first_turn_placement: bool,
    /// Mutant `double-after-hop` (against HOP-3.1).
    pub double_after_hop: bool,
    /// Mutant `castle-king-path-only` (against the HOP-4 ruling).
    pub castle_king_path_only: bool,
    /// Mutant `ep-onto-trampoline` (against HOP-5).
    pub ep_onto_trampoline: bool,
    /// Internal (test oracles): judge no king safety at all.
    pub ignore_check: bool,
}

impl HopRules {
    /// The rules of validated options.
    ///
    /// # Errors
    /// A name `hop` does not declare (a bug).
    pub fn from_rules(r: &Rules) -> Result<HopRules, crate::core::RuleError> {
        Ok(HopRules {
            king_on_trampoline: r.is_mutant("king-on-trampoline")?,
            queen_changes_line: r.is_mutant("queen-changes-line")?,
            three_hops: r.is_mutant("three-hops")?,
            return_to_start: r.is_mutant("return-to-start")?,
            ep_after_hop: r.is_mutant("ep-after-hop")?,
            castle_across_trampoline: r.is_mutant("castle-across-trampoline")?,
            no_stay: r.is_mutant("no-stay")?,
            check_before_placement: r.is_mutant("check-before-placement")?,
            first_turn_placement: r.is_mutant("first-turn-placement")?,
            double_after_hop: r.is_mutant("double-after-hop")?,
            castle_king_path_only: r.is_mutant("castle-king-path-only")?,
            ep_onto_trampoline: r.is_mutant("ep-onto-trampoline")?,
            ignore_check: false,
        })
    }
}

fn parse(text: &str, rules: &Rules) -> Result<Box<dyn DynGame>, crate::core::Error> {
    let pos = notation::parse_position(text, HopRules::from_rules(rules)?)?;
    Ok(Box::new(pos))
}

/// "No square" (a trampoline off the board, no en-passant square).
pub const NONE: u8 = 0xFF;

pub use crate::core::chess::{
    color_bit, kind, BISHOP, BK, BLACK, BQ, KING, KNIGHT, PAWN, QUEEN, ROOK, WK, WQ,
};

/// Whether `p` is a piece of colour `c` (0 is an empty square).
#[inline]
pub(crate) fn is_color(p: u8, c: Color) -> bool {
    p != 0 && (p & BLACK) == color_bit(c)
}
/// Whether the 0x88 index `sq` is on the board.
#[inline]
pub(crate) fn on_board(sq: u8) -> bool {
    sq & 0x88 == 0
}
/// The 0x88 square `d` steps away from `sq` (may be off the board).
#[inline]
pub(crate) fn offset(sq: u8, d: i8) -> u8 {
    sq.wrapping_add(d as u8)
}
/// The algebraic name of the 0x88 square `sq` (`e4`).
pub(crate) fn sq_name(sq: u8) -> String {
    crate::core::Square(sq).to_string()
}

/// The squares of the board as a 0x88 bit set (bit `sq` for `sq & 0x88 == 0`).
pub const BOARD: u128 = 0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF;

/// The one-square 0x88 bit set of `sq`.
#[inline]
pub fn bit(sq: u8) -> u128 {
    1u128 << sq
}

/// Rook directions (0x88 offsets).
pub(crate) const ORTH: [i8; 4] = [16, 1, -16, -1];
/// Bishop directions (0x88 offsets).
pub(crate) const DIAG: [i8; 4] = [17, -15, -17, 15];
/// King steps (0x88 offsets).
pub(crate) const KING_STEPS: [i8; 8] = [16, 17, 1, -15, -16, -17, -1, 15];
/// Knight jumps (0x88 offsets).
pub(crate) const KNIGHT_STEPS: [i8; 8] = [33, 18, -14, -31, -33, -18, 14, 31];

/// A validated Hop Chess position (build it with
/// [`notation::parse_position`]).
#[derive(Clone, Hash, Debug, PartialEq, Eq)]
pub struct Hop {
    /// 0x88 mailbox.
    pub board: [u8; 128],
    /// Trampolines: index 0 White's, 1 Black's; [`NONE`] = off the board.
    pub tramp: [u8; 2],
    /// The side to move.
    pub turn: Color,
    /// Castling rights, as [`WK`] / [`WQ`] / [`BK`] / [`BQ`] bits.
    pub castling: u8,
    /// En-passant target square (only after a single-leg double step, HOP-7).
    pub ep: u8,
    /// Halfmove clock (plies since the last capture or pawn move).
    pub halfmove: u32,
    /// Fullmove number (starts at 1, grows after Black's turn).
    pub fullmove: u32,
    /// The kings' squares: index 0 White's, 1 Black's.
    pub king: [u8; 2],
    /// The occupied squares, one bit per 0x88 index (`1 << sq`).
    pub occ: u128,
    /// The rules (mutants) this game is played under.
    pub rules: HopRules,
}

/// Index of colour `c` in per-side arrays: 0 White, 1 Black.
#[inline]
pub(crate) fn side(c: Color) -> usize {
    if c.is_white() {
        0
    } else {
        1
    }
}

impl Hop {
    /// The forward step of a colour's pawns.
    #[inline]
    pub fn fwd(c: Color) -> i8 {
        if c.is_white() {
            16
        } else {
            -16
        }
    }
    /// Index 0/1 of the trampoline on `sq`, if any.
    #[inline]
    pub fn tramp_at(&self, sq: u8) -> Option<usize> {
        if self.tramp[0] == sq {
            Some(0)
        } else if self.tramp[1] == sq {
            Some(1)
        } else {
            None
        }
    }
    /// HOP-2: White's very first turn of the game has no placement;
    /// recognised as White to move, move number 1, White's trampoline off
    /// the board \[ruling\].
    #[inline]
    pub fn first_turn(&self) -> bool {
        self.turn == Color::White
            && self.fullmove == 1
            && self.tramp[0] == NONE
            && !self.rules.first_turn_placement
    }
}
