//! Orthodox chess (`fide`): FIDE Laws of Fide, basic rules (FIDE-1).
//!
//! **FIDE-1** Standard chess, no draw claims: piece moves, castling, en
//! passant, promotion to Q/R/B/N, check, checkmate (the side to move has
//! no legal move and is in check: the other side wins) and stalemate (no
//! legal move, not in check: draw). Repetition, the 50-move rule and dead
//! positions never end a game here (G3). Its perft matches the public
//! perft tables.
//!
//! - attack tables (magic bitboards) come from [`crate::core::bitboard`],
//!   shared with crazy's check test;
//! - `position`: the validated position, its typed pieces (`Role`,
//!   [`Color`]) and copy-make;
//! - `moves`: the compact move (`Mv`, a `u16`);
//! - `generate`: the legal move generator (check and pin masks, bulk
//!   counting, the discarded candidates `explain` asks for);
//! - [`notation`]: FEN parse (raw `Setup`) → validate (`Pos`) → canonical FEN,
//!   with the mechanism shared with capablanca in [`crate::core::bitchess`]
//!   (fide gives its `Layout`: board, limits, castling squares);
//! - `explain`: why a move is legal or illegal, with the rule ID;
//! - `diagram`: pictures of positions and moves.
//!
//! Move text is UCI long algebraic: `e2e4`, `e7e8q`, castling as the king's
//! two-square move `e1g1` / `e1c1` (perftree / Stockfish compatible).

#[cfg(feature = "pictures")]
mod diagram;
mod explain;
mod generate;
mod moves;
pub mod notation;
mod position;

use crate::core::bitchess;
#[cfg(feature = "pictures")]
use crate::core::diagram::{Diagram, MoveDrawing};
#[cfg(feature = "pictures")]
use crate::core::Square;
use crate::core::{
    Color, Error, Explain, Flow, Game, MoveError, MoveSink, Mutant, Notation, Outcome,
    PositionError, RuleError, Rules, Variant, Verdict,
};

use moves::{mv_from, mv_promo, mv_to, Mv};
use notation::Setup;
use position::{
    Pos, MUT_CASTLE_THROUGH_CHECK, MUT_EP_IGNORES_PIN, MUT_NO_EP, MUT_NO_UNDERPROMOTION,
    MUT_PINNED_MOVE,
};

/// The FIDE start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The mutants of `fide` (deliberate misreadings of FIDE-1).
pub static MUTANTS: [Mutant; 5] = [
    Mutant { name: "no-en-passant", doc: "FIDE-1 misread: en passant captures are never legal" },
    Mutant {
        name: "castle-through-check",
        doc: "FIDE-1 misread: the square the king passes over may be attacked when castling",
    },
    Mutant { name: "no-underpromotion", doc: "FIDE-1 misread: a pawn promotes only to a queen" },
    Mutant { name: "pinned-pieces-move", doc: "FIDE-1 misread: pinned pieces move freely (pins ignored)" },
    Mutant {
        name: "ep-ignores-pin",
        doc: "FIDE-1 misread: en passant checked like an ordinary capture (misses the pin along the rank of both pawns)",
    },
];

/// The `fide` variant (FIDE-1): id, rule options, mutants, start and parser.
pub static VARIANT: Variant = Variant {
    id: "fide",
    name: "Orthodox chess (FIDE Laws of Fide, basic rules)",
    options: &[],
    mutants: &MUTANTS,
    start: |_| Ok(START.to_string()),
    parse,
};

fn mutant_flags(rules: &Rules) -> Result<u8, RuleError> {
    let mut f = 0;
    for (name, flag) in [
        ("no-en-passant", MUT_NO_EP),
        ("castle-through-check", MUT_CASTLE_THROUGH_CHECK),
        ("no-underpromotion", MUT_NO_UNDERPROMOTION),
        ("pinned-pieces-move", MUT_PINNED_MOVE),
        ("ep-ignores-pin", MUT_EP_IGNORES_PIN),
    ] {
        if rules.is_mutant(name)? {
            f |= flag;
        }
    }
    Ok(f)
}

fn parse(text: &str, rules: &Rules) -> Result<Box<dyn crate::core::DynGame>, Error> {
    Ok(Box::new(Fide::from_fen(text, mutant_flags(rules)?)?))
}

/// A `fide` position (the [`Game`] of orthodox chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fide {
    pos: Pos,
}

/// Square index (0 = a1) → core square.
#[cfg(feature = "pictures")]
fn core_sq(sq: u32) -> Square {
    Square::new((sq % 8) as u8, (sq / 8) as u8)
}

impl Fide {
    /// Parses and validates a FEN (see [`notation`]); `mutants` are mutant flags
    /// (0 for the rules as written).
    ///
    /// # Errors
    /// Syntax or validity errors naming the FEN field.
    ///
    /// # Examples
    /// ```
    /// use arbiter::core::Explain;
    /// use arbiter::variants::fide::{Fide, START};
    ///
    /// let g = Fide::from_fen(START, 0).unwrap();
    /// assert_eq!(arbiter::core::perft(&g, 3), 8902);
    /// let e = Fide::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1", 0).unwrap_err();
    /// assert_eq!(e.field(), arbiter::core::Field::Board); // no black king
    /// let v = g.explain("e1g1").unwrap();
    /// assert!(!v.legal && v.rules == ["FIDE-1"]);
    /// ```
    pub fn from_fen(text: &str, mutants: u8) -> Result<Fide, PositionError> {
        Ok(Fide {
            pos: Setup::parse(text)?.validate(mutants)?,
        })
    }

    fn text_of(m: Mv) -> String {
        bitchess::move_text::<Pos>(mv_from(m), mv_to(m), mv_promo(m))
    }
}

impl Game for Fide {
    type Move = Mv;

    fn variant(&self) -> &'static str {
        "fide"
    }

    fn turn(&self) -> Color {
        self.pos.turn
    }

    fn generate<S: MoveSink<Mv>>(&self, sink: &mut S) -> Flow {
        self.pos.generate(sink)
    }

    #[inline]
    fn play(&mut self, m: &Mv) {
        self.pos.make(*m, &mut ());
    }

    /// FIDE-1: no legal move → checkmate (in check) or stalemate (draw).
    fn outcome(&self) -> Option<Outcome> {
        bitchess::outcome(&self.pos, self.has_legal_move())
    }
}

impl Notation for Fide {
    fn to_text(&self) -> String {
        notation::write(&self.pos)
    }

    fn move_text(&self, m: &Mv) -> String {
        Fide::text_of(*m)
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        explain::parse_uci(text).map(|_| ())
    }

    fn find_move(&self, text: &str) -> Result<Option<Mv>, MoveError> {
        let (from, to, promo) = explain::parse_uci(text.trim())?;
        Ok(self
            .pos
            .moves()
            .into_iter()
            .find(|&c| mv_from(c) == from && mv_to(c) == to && mv_promo(c) == promo))
    }
}

impl Explain for Fide {
    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        explain::explain(&self.pos, text.trim())
    }
}

#[cfg(feature = "pictures")]
impl crate::core::Draw for Fide {
    fn diagram(&self) -> Diagram {
        diagram::diagram(&self.pos)
    }

    fn draw_move(&self, m: &Mv) -> MoveDrawing {
        diagram::draw_move(&self.pos, *m)
    }

    fn move_start(&self, m: &Mv) -> Option<Square> {
        Some(core_sq(mv_from(*m)))
    }

    fn draw_illegal(&self, text: &str, verdict: &Verdict) -> MoveDrawing {
        diagram::draw_illegal(&self.pos, text.trim(), verdict)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::mangled;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    fn count(fen: &str, depth: u32) -> u64 {
        crate::core::perft::perft(&Fide::from_fen(fen, 0).unwrap(), depth)
    }

    #[test]
    fn start_and_kiwipete() {
        assert_eq!(count(START, 1), 20);
        assert_eq!(count(START, 3), 8902);
        let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(count(kiwi, 1), 48);
        assert_eq!(count(kiwi, 2), 2039);
        assert_eq!(count(kiwi, 3), 97862);
    }

    #[test]
    fn generic_perft_agrees() {
        let g = Fide::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            0,
        )
        .unwrap();
        assert_eq!(crate::core::perft::perft(&g, 2), 2039);
    }

    /// Random edits of valid FENs and move texts never panic; whatever is
    /// accepted prints a FEN that parses back to itself and supports perft.
    #[test]
    fn mangled_input_never_panics() {
        let seeds = [
            START,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        let alphabet = "pnbrqkPNBRQK12345678/ -wabcdefghKQkq0x9";
        let mut accepted = 0;
        for text in mangled(&seeds, alphabet, 20_000, 0x2545_f491_4f6c_dd1d) {
            if let Ok(g) = Fide::from_fen(&text, 0) {
                accepted += 1;
                let fen = g.to_text();
                assert_eq!(
                    Fide::from_fen(&fen, 0).map(|h| h.to_text()).as_deref(),
                    Ok(fen.as_str()),
                    "{text}"
                );
                crate::core::perft::perft(&g, 2);
                for m in ["e2e4", "e1g1", "a7a8q", "e5d6", "h1h8", "zz", "e2e4k"] {
                    let _ = g.explain(m);
                    let _ = g.parse_move(m);
                }
            }
        }
        assert!(accepted > 100, "only {accepted} accepted");
    }
}
