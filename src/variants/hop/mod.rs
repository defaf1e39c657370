//! Hop Chess (João Pedro Neto, 2005; sources `hop-chess-cvp.txt` and
//! `hop-chess-blog.txt`, where the trampoline is called "hopper"), read as
//! RULINGS.md section HOP (HOP-1 … HOP-8).
//!
//! The modules read like the rules:
//! - `position`: the validated position [`Hop`] (0x88 mailbox, the two
//!   trampolines, typed pieces) and playing a turn (HOP-2 … HOP-6);
//! - [`moves`]: the compact moves, [`moves::PieceMove`] (the piece part,
//!   with its whole path) and [`moves::Turn`] (piece move and placement,
//!   the game's move);
//! - `generate`: the one move generator [`Hop::turns`]: the piece moves
//!   with their hops (HOP-3, HOP-3.1, HOP-4, HOP-5, HOP-6), the
//!   placement that ends a turn and the legality of the whole turn
//!   (placements counted in bulk for perft) (HOP-2, HOP-7);
//! - [`check`]: attacks through trampolines (HOP-7);
//! - [`notation`]: position text and canonical move text (G4, HOP-2);
//! - [`record`]: the documents' game-record notation, with the look-ahead
//!   that settles an omitted promotion piece (HOP-8);
//! - `explain`: why a turn is legal or illegal, with HOP rule IDs;
//! - `diagram`: pictures of positions and turns.
//!
//! This file is the registry entry and [`crate::core::Game`] on the
//! game's own [`moves::Turn`].

use crate::core::{
    Color, DynGame, Explain, Flow, Game, MoveError, MoveSink, Mutant, Notation, Outcome, Rules,
    Variant, Verdict,
};

pub mod check;
#[cfg(feature = "pictures")]
mod diagram;
mod explain;
mod generate;
pub mod moves;
pub mod notation;
mod position;
pub mod record;

pub use generate::PieceSink;
pub use position::*;

use moves::Turn;
use record::{parse_pattern, Read};

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

impl Game for Hop {
    type Move = Turn;

    fn variant(&self) -> &'static str {
        "hop"
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn generate<S: MoveSink<Turn>>(&self, sink: &mut S) -> Flow {
        self.turns(sink)
    }

    fn play(&mut self, t: &Turn) {
        self.play_turn(t);
    }

    /// HOP-7: checkmate loses, stalemate draws.
    fn outcome(&self) -> Option<Outcome> {
        if self.has_turn() {
            None
        } else if self.in_check(self.turn) {
            Some(Outcome::Win(self.turn.other()))
        } else {
            Some(Outcome::Draw)
        }
    }
}

impl Notation for Hop {
    fn to_text(&self) -> String {
        self.text()
    }

    fn move_text(&self, t: &Turn) -> String {
        self.text_of(t)
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        parse_pattern(text).map(|_| ())
    }
}

impl Explain for Hop {
    /// Accepts the canonical text and the documents' record notation
    /// (HOP-8, see [`record`]); alone, a token cannot look ahead, so an
    /// omitted promotion piece is ambiguous here.
    fn parse_move(&self, text: &str) -> Result<Turn, MoveError> {
        match self.read(text)? {
            Read::One(t) => Ok(t),
            Read::Promotions(ts) => Err(MoveError::Ambiguous {
                text: text.trim().to_string(),
                candidates: self.texts(&ts),
            }),
        }
    }

    /// HOP-8: a record read with look-ahead for omitted promotion pieces.
    fn read_record(&self, texts: &[String]) -> Result<Vec<Turn>, (usize, MoveError)> {
        self.read_game(texts)
    }

    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        explain::explain(self, text)
    }
}

#[cfg(feature = "pictures")]
impl crate::core::Draw for Hop {
    fn diagram(&self) -> crate::core::diagram::Diagram {
        diagram::diagram(self)
    }

    fn draw_move(&self, t: &Turn) -> crate::core::diagram::MoveDrawing {
        diagram::draw_move(self, t)
    }

    fn draw_illegal(&self, text: &str, v: &Verdict) -> crate::core::diagram::MoveDrawing {
        diagram::draw_illegal(self, text.trim(), v)
    }

    fn move_start(&self, m: &<Self as Game>::Move) -> Option<crate::core::Square> {
        Some(crate::core::Square(m.piece.from()))
    }
}
