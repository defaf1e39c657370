//! Shafran's hexagonal chess (`shafran`), SHF-1 of RULINGS.md: the base of
//! `sonic-hex --rule board=shafran` (SCA-13.1).
//!
//! **SHF-1** Shafran's hexagonal chess (I. G. Shafran, 1939): 70 cells in
//! nine files a–i of 6 7 8 9 10 9 8 7 6 cells, from a1 b1 c1 d1 e1 f2 g3
//! h4 i5 up to a6 b7 c8 d9 e10 f10 g10 h10 i10 (geometry:
//! [`crate::core::hex::Shape::Shafran`]); K, Q, R, B, N as GLN-1. Start:
//! White K e1, Q d1, R a1 i5, N b1 g3, B c1 f2 h4, pawns a2 b2 c2 d2 e2 f3
//! g4 h5 i6; Black K e10, Q f10, R a6 i10, N c8 h10, B b7 d9 g10, pawns
//! a5 b6 c7 d8 e9 f9 g9 h9 i9 ([`START`]). Pawns step one cell straight
//! forward onto an empty cell, capture one cell along either forward
//! diagonal (as MCC-1), and from their own start cell may move up to 3
//! cells (files d e f), 2 (b c g h) or 1 (a i) straight forward over empty
//! cells. En passant on the next move only: a pawn attacking *any* cell a
//! 2- or 3-cell move crossed may move there and remove that pawn (rule
//! option `ep=last`: only the crossed cell next to the pawn's
//! destination). Promotion on the last cell of the file (White a6 b7 c8
//! d9 e10 f10 g10 h10 i10, Black a1 b1 c1 d1 e1 f2 g3 h4 i5) to Q, R, B or
//! N. Castling with either rook: king and that rook unmoved, the cells
//! between them empty, the king not in check, not passing over or landing
//! on an attacked cell; long: the king moves 3 cells toward the rook,
//! short: 2; the rook goes to the last cell the king passed over (White
//! a1: Kb1 Rc1 / Kc1 Rd1, i5: Kh4 Rg3 / Kg3 Rf2; Black a6: Kb7 Rc8 / Kc8
//! Rd9, i10: Kh10 Rg10 / Kg10 Rf10); rule option `castling=long`: long
//! only. Castling is written as the king's move (`e1b1`), rights `AIai`.
//! Check and mate as in chess; stalemate is a draw. Start perft 42 / 1706
//! / 75494.
//!
//! Position text ([`crate::variants::glinski::notation`]): the ranks 10 (e10 …
//! i10) down to 1 (a1 … e1), side, castling (`AIai` subset or `-`), en
//! passant (the crossed cells in order, `d3,d4`, or `-`), counters.
//!
//! The tables are [`crate::variants::glinski::base::SHAFRAN`]; the
//! generator, texts and pictures are `glinski`'s over them.

use crate::core::{Choice, DynGame, Mutant, OptionKind, RuleOption, Rules, Variant};
use crate::variants::glinski::base::{BaseId, SHAFRAN};
use crate::variants::glinski::position::{
    MUT_CASTLE_THROUGH_CHECK, MUT_DIAGONAL_PAWN_CAPTURES, MUT_NO_TRIPLE_STEP, OPT_EP_LAST,
    OPT_LONG_CASTLING,
};
use crate::variants::glinski::{hex_game, mutant_flags_of};

/// SHF-1's start position.
pub const START: &str = SHAFRAN.start_text;

/// SHF-1 \[option\] `ep`: en passant on every crossed cell (default) or
/// only on the last one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpRule {
    /// Every cell a 2- or 3-cell move crossed.
    Every,
    /// Only the crossed cell next to the pawn's destination.
    Last,
}

impl Choice for EpRule {
    const WORDS: &'static [&'static str] = &["every", "last"];
    fn from_index(i: usize) -> EpRule {
        [EpRule::Every, EpRule::Last][i]
    }
}

/// SHF-1 \[option\] `castling`: long and short (default) or long only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingRule {
    /// Long (3 cells) and short (2 cells).
    Both,
    /// Long only.
    Long,
}

impl Choice for CastlingRule {
    const WORDS: &'static [&'static str] = &["both", "long"];
    fn from_index(i: usize) -> CastlingRule {
        [CastlingRule::Both, CastlingRule::Long][i]
    }
}

/// The rule options of `shafran`.
static OPTIONS: [RuleOption; 2] = [
    RuleOption {
        name: "ep",
        kind: OptionKind::Choice {
            values: EpRule::WORDS,
        },
        doc: "en passant after a 2- or 3-cell pawn move (SHF-1): on every crossed cell (default) or only the last one",
    },
    RuleOption {
        name: "castling",
        kind: OptionKind::Choice {
            values: CastlingRule::WORDS,
        },
        doc: "castling (SHF-1): long and short (default) or long only",
    },
];

/// The mutants of `shafran` (deliberate misreadings of SHF-1).
pub static MUTANTS: [Mutant; 5] = [
    Mutant {
        name: "glinski-pawn-captures",
        doc: "SHF-1 misread: pawns capture as Gliński's (along the orthogonal lines next to their file), not along the forward diagonals",
    },
    Mutant {
        name: "ep-last-cell-only",
        doc: "SHF-1 misread: en passant only on the crossed cell next to the pawn's destination (the option ep=last taken as the rule)",
    },
    Mutant {
        name: "long-castling-only",
        doc: "SHF-1 misread: only the long castlings (the option castling=long taken as the rule)",
    },
    Mutant {
        name: "no-triple-step",
        doc: "SHF-1 misread: a pawn moves at most 2 cells from its start cell",
    },
    Mutant {
        name: "castle-through-check",
        doc: "SHF-1 misread: castling ignores check and attacked cells",
    },
];

/// The `shafran` variant (SHF-1): id, rule options, mutants, start and
/// parser.
pub static VARIANT: Variant = Variant {
    id: "shafran",
    name: "Shafran's hexagonal chess (70 cells, castling both ways)",
    options: &OPTIONS,
    mutants: &MUTANTS,
    start: |_| Ok(START.to_string()),
    parse,
};

/// Mutant and option flags of `rules`.
fn flags(rules: &Rules) -> Result<(u8, u8), crate::core::RuleError> {
    let mut o = 0;
    if rules.choice::<EpRule>("ep")? == EpRule::Last {
        o |= OPT_EP_LAST;
    }
    if rules.choice::<CastlingRule>("castling")? == CastlingRule::Long {
        o |= OPT_LONG_CASTLING;
    }
    let m = mutant_flags_of(
        rules,
        &[
            ("glinski-pawn-captures", MUT_DIAGONAL_PAWN_CAPTURES),
            ("no-triple-step", MUT_NO_TRIPLE_STEP),
            ("castle-through-check", MUT_CASTLE_THROUGH_CHECK),
        ],
    )?;
    if rules.is_mutant("ep-last-cell-only")? {
        o |= OPT_EP_LAST;
    }
    if rules.is_mutant("long-castling-only")? {
        o |= OPT_LONG_CASTLING;
    }
    Ok((m, o))
}

fn parse(text: &str, rules: &Rules) -> Result<Box<dyn DynGame>, crate::core::Error> {
    let (m, o) = flags(rules)?;
    Ok(Box::new(Shafran::from_text(text, m, o)?))
}

hex_game!(
    /// A `shafran` position (the [`crate::core::Game`] of SHF-1).
    ///
    /// ```
    /// use arbiter::variants::shafran::Shafran;
    /// let g = Shafran::start();
    /// assert_eq!(arbiter::core::perft(&g, 1), 42);
    /// ```
    Shafran,
    BaseId::Shafran,
    None
);

#[cfg(test)]
mod tests {
    use super::{Shafran, START};
    use crate::core::{perft, Explain, Notation};
    use crate::variants::glinski::position::OPT_LONG_CASTLING;

    #[test]
    fn start_text_and_count() {
        let g = Shafran::start();
        assert_eq!(Notation::to_text(&g), START);
        assert_eq!(perft(&g, 1), 42);
        assert_eq!(perft(&g, 2), 1706);
    }

    /// SHF-1: a castling's verdict names the failing condition; the rook
    /// moves with the king; `castling=long` leaves only the long ones.
    #[test]
    fn castling_verdicts() {
        // A black rook on b7 attacks b1, the long king's destination.
        let text = "k4/6/7/r7/9/8R/8/7/6/R3K w AI - 0 1";
        let g = Shafran::from_text(text, 0, 0).unwrap();
        let v = Explain::explain(&g, "e1b1").unwrap();
        assert!(!v.legal && v.rules == ["SHF-1"], "{v:?}");
        assert!(v.reason.contains("lands on an attacked cell (b1)"), "{v:?}");
        let m = Explain::parse_move(&g, "e1c1").unwrap();
        let mut after = g;
        crate::core::Game::play(&mut after, &m);
        assert_eq!(
            Notation::to_text(&after),
            "k4/6/7/r7/9/8R/8/7/6/2KR1 b - - 1 1"
        );
        let long = Shafran::from_text(text, 0, OPT_LONG_CASTLING).unwrap();
        assert!(Explain::parse_move(&long, "e1c1").is_err());
        assert!(Explain::parse_move(&long, "e1h4").is_ok());
    }
}
