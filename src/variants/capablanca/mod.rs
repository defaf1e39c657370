//! Capablanca chess (`capablanca`), CAP-1 of RULINGS.md: the base of
//! Sonic's wide boards (SCA-11, SCA-12), checked against Fairy-Stockfish
//! as `fide` is against Stockfish.
//!
//! **CAP-1** Orthodox chess (FIDE-1) on 10×8 (files a–j) with two compound
//! pieces: the archbishop `A/a` (bishop + knight) and the chancellor `C/c`
//! (rook + knight). Start: White a1 R, b1 N, c1 A, d1 B, e1 Q, f1 K, g1 B,
//! h1 C, i1 N, j1 R, pawns a2–j2; Black the same on ranks 8 and 7
//! ([`START`]). Pawns as FIDE: double step from the second rank, en
//! passant, promotion on the last rank to Q R B N A C. Castling: the king
//! moves three squares toward the rook — f1→i1 with the j1 rook to h1,
//! f1→c1 with the a1 rook to d1 — with FIDE's conditions (king and rook
//! unmoved, every square between them empty, the king not in check, not
//! crossing an attacked square, not landing on one), written as the king's
//! move. Check, checkmate (the other side wins) and stalemate (a draw) as
//! FIDE-1; no draw claims (G3). Perft from the start: 28, 784, 25228,
//! 805128, 28741319.
//!
//! - `position`: the validated position (128-bit bitboards), attack
//!   tables, the castling squares and copy-make (generic over
//!   [`crate::core::Trace`]);
//! - `moves`: the compact move (`Mv`, a `u32`);
//! - `generate`: the one legal move generator (check and pin masks, bulk
//!   counting, rejected candidates for `explain`);
//! - `notation`: FEN parse (raw `Setup`) → validate (`Pos`) → canonical
//!   FEN, and the move text, with the mechanism shared with fide in
//!   [`crate::core::bitchess`] (capablanca gives its `Layout`: board,
//!   limits, castling squares, promotions);
//! - `explain`: why a move is legal or illegal, with the rule ID;
//! - `diagram`: pictures of positions and moves (feature `pictures`).
//!
//! Move text is UCI-like: `e2e4`, `a7a8c` (promotion letter lower case),
//! castling as the king's move `f1i1` / `f1c1`.

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

pub use moves::Mv;
use moves::{mv_from, mv_promo, mv_to};
use notation::Setup;
use position::{Pos, MUT_ARCHBISHOP_NO_LEAP, MUT_CASTLE_TWO, MUT_CHANCELLOR_NO_LEAP};

/// CAP-1's start position.
pub const START: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

/// The mutants of `capablanca` (deliberate misreadings of CAP-1).
pub static MUTANTS: [Mutant; 3] = [
    Mutant {
        name: "castle-two-squares",
        doc: "CAP-1 misread: the king castles two squares as on 8x8 (f1h1 with the rook to g1, f1d1 with the rook to e1)",
    },
    Mutant {
        name: "archbishop-without-knight",
        doc: "CAP-1 misread: the archbishop moves only as a bishop (no knight leaps, no knight checks)",
    },
    Mutant {
        name: "chancellor-without-knight",
        doc: "CAP-1 misread: the chancellor moves only as a rook (no knight leaps, no knight checks)",
    },
];

/// The `capablanca` variant (CAP-1): id, rule options, mutants, start and parser.
pub static VARIANT: Variant = Variant {
    id: "capablanca",
    name: "Capablanca chess (10x8, archbishop and chancellor; the base of sonic's wide boards)",
    options: &[],
    mutants: &MUTANTS,
    start: |_| Ok(START.to_string()),
    parse,
};

fn mutant_flags(rules: &Rules) -> Result<u8, RuleError> {
    let mut f = 0;
    for (name, flag) in [
        ("castle-two-squares", MUT_CASTLE_TWO),
        ("archbishop-without-knight", MUT_ARCHBISHOP_NO_LEAP),
        ("chancellor-without-knight", MUT_CHANCELLOR_NO_LEAP),
    ] {
        if rules.is_mutant(name)? {
            f |= flag;
        }
    }
    Ok(f)
}

fn parse(text: &str, rules: &Rules) -> Result<Box<dyn crate::core::DynGame>, Error> {
    Ok(Box::new(Capablanca::from_fen(text, mutant_flags(rules)?)?))
}

/// A `capablanca` position (the [`Game`] of CAP-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capablanca {
    pos: Pos,
}

impl Capablanca {
    /// Parses and validates a FEN of 10 files (see [`notation`]); `mutants`
    /// are mutant flags (0 for the rules as written).
    ///
    /// # Errors
    /// Syntax or validity errors naming the FEN field.
    ///
    /// # Examples
    /// ```
    /// use arbiter::core::Explain;
    /// use arbiter::variants::capablanca::{Capablanca, START};
    ///
    /// let g = Capablanca::from_fen(START, 0).unwrap();
    /// assert_eq!(arbiter::core::perft(&g, 2), 784);
    /// let e = Capablanca::from_fen("10/10/10/10/10/10/10/5K4 w - - 0 1", 0).unwrap_err();
    /// assert_eq!(e.field(), arbiter::core::Field::Board); // no black king
    /// let v = g.explain("f1i1").unwrap();
    /// assert!(!v.legal && v.rules == ["CAP-1"]);
    /// ```
    pub fn from_fen(text: &str, mutants: u8) -> Result<Capablanca, PositionError> {
        Ok(Capablanca {
            pos: Setup::parse(text)?.validate(mutants)?,
        })
    }

    fn text_of(m: Mv) -> String {
        bitchess::move_text::<Pos>(mv_from(m), mv_to(m), mv_promo(m))
    }
}

impl Game for Capablanca {
    type Move = Mv;

    fn variant(&self) -> &'static str {
        "capablanca"
    }

    fn turn(&self) -> Color {
        self.pos.turn
    }

    #[inline]
    fn generate<S: MoveSink<Mv>>(&self, sink: &mut S) -> Flow {
        self.pos.generate(sink)
    }

    #[inline]
    fn play(&mut self, m: &Mv) {
        self.pos.make(*m, &mut ());
    }

    /// CAP-1 (as FIDE-1): no legal move → checkmate (in check) or
    /// stalemate (draw).
    fn outcome(&self) -> Option<Outcome> {
        bitchess::outcome(&self.pos, self.has_legal_move())
    }
}

impl Notation for Capablanca {
    fn to_text(&self) -> String {
        notation::write(&self.pos)
    }

    fn move_text(&self, m: &Mv) -> String {
        Capablanca::text_of(*m)
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        notation::parse_move(text).map(|_| ())
    }

    fn find_move(&self, text: &str) -> Result<Option<Mv>, MoveError> {
        let (from, to, promo) = notation::parse_move(text.trim())?;
        Ok(self
            .pos
            .moves()
            .into_iter()
            .find(|&c| mv_from(c) == from && mv_to(c) == to && mv_promo(c) == promo))
    }
}

impl Explain for Capablanca {
    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        explain::explain(&self.pos, text.trim())
    }
}

#[cfg(feature = "pictures")]
impl crate::core::Draw for Capablanca {
    fn diagram(&self) -> Diagram {
        diagram::diagram(&self.pos)
    }

    fn draw_move(&self, m: &Mv) -> MoveDrawing {
        diagram::draw_move(&self.pos, *m)
    }

    fn move_start(&self, m: &Mv) -> Option<Square> {
        Some(notation::core_sq(mv_from(*m)))
    }

    fn draw_illegal(&self, text: &str, verdict: &Verdict) -> MoveDrawing {
        diagram::draw_illegal(&self.pos, text.trim(), verdict)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str) -> Capablanca {
        Capablanca::from_fen(fen, 0).unwrap()
    }

    fn count(fen: &str, depth: u32) -> u64 {
        crate::core::perft::perft(&game(fen), depth)
    }

    /// CAP-1: the published start counts.
    #[test]
    fn start_perft() {
        assert_eq!(game(START).to_text(), START);
        assert_eq!(count(START, 1), 28);
        assert_eq!(count(START, 2), 784);
        assert_eq!(count(START, 3), 25228);
    }

    /// CAP-1: castling three squares toward the rook, both sides.
    #[test]
    fn castling_squares() {
        let g = game("r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1");
        let mut kings: Vec<String> = g
            .legal_moves()
            .iter()
            .filter(|&&m| mv_from(m) == 5)
            .map(|m| g.move_text(m))
            .collect();
        kings.sort();
        assert_eq!(kings, ["f1c1", "f1e1", "f1g1", "f1i1"]);
        let mut a = g;
        a.play(&a.parse_move("f1i1").unwrap());
        assert_eq!(
            a.to_text(),
            "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b kq - 1 1"
        );
        let mut b = g;
        b.play(&b.parse_move("f1c1").unwrap());
        assert_eq!(
            b.to_text(),
            "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/2KR5R b kq - 1 1"
        );
        let v = game("r4k3r/ppppp1pppp/10/10/10/6r3/PPPPPP1PPP/R4K3R w KQkq - 0 1")
            .explain("f1i1")
            .unwrap();
        assert!(!v.legal && v.reason.contains("g1"), "{v:?}");
    }

    /// Explanations come from the generator's rejections.
    #[test]
    fn explanations() {
        let g = game("4rk4/10/10/10/10/10/10/5K4 w - - 0 1");
        let v = g.explain("f1e1").unwrap();
        assert!(!v.legal && v.reason.contains("into check"), "{v:?}");
        let g = game("5k4/10/5r4/10/10/10/5A4/5K4 w - - 0 1");
        let v = g.explain("f2d3").unwrap();
        assert!(!v.legal && v.reason.contains("pinned"), "{v:?}");
        let v = g.explain("f2f4").unwrap();
        assert!(!v.legal && v.reason.contains("archbishop"), "{v:?}");
        let v = g.explain("f1g1").unwrap();
        assert!(v.legal && v.rules == ["CAP-1"], "{v:?}");
    }

    /// Random edits of valid FENs never panic; what is accepted prints a
    /// FEN that parses back to itself.
    #[test]
    fn mangled_input_never_panics() {
        let seeds = [
            START,
            "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
            "rnabqkbcnr/pppp1ppppp/10/10/3pP5/10/PPP2PPPPP/RNABQKBCNR b KQkq e3 0 3",
        ];
        let alphabet = "pnbrqkacPNBRQKAC12345678910/ -wbjKQkq0x";
        let mut accepted = 0;
        for text in crate::core::testing::mangled(&seeds, alphabet, 5_000, 0x2545_f491_4f6c_dd1d) {
            if let Ok(g) = Capablanca::from_fen(&text, 0) {
                accepted += 1;
                let fen = g.to_text();
                assert_eq!(
                    Capablanca::from_fen(&fen, 0)
                        .map(|h| h.to_text())
                        .as_deref(),
                    Ok(fen.as_str()),
                    "{text}"
                );
                crate::core::perft::perft(&g, 2);
                for m in ["e2e4", "f1i1", "a7a8c", "j1j8", "zz", "e2e4k"] {
                    let _ = g.explain(m);
                }
            }
        }
        assert!(accepted > 100, "only {accepted} accepted");
    }
}
