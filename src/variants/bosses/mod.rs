//! Checkers with Bosses (Daniil Frolov, 2013; source
//! `checkers-with-bosses.txt`, readings RULINGS.md CWB-1..CWB-11), on the
//! shared draughts mechanism ([`crate::variants::draughts`]).
//!
//! The game module reads like the rules. A turn ([`Turn`], G2) is the
//! boss drops (`drops`, CWB-7), then the main move — a step (CWB-2) or a
//! capture series (CWB-3..CWB-6, with the maximum rule CWB-4 and boss hit
//! points CWB-8) found by the one draughts series search
//! ([`crate::variants::draughts::Arena::series`]) — then the binding shift
//! (`binding`, CWB-9). [`Bosses::generate`] (`generate.rs`) is the one
//! move generator, for move lists and for bulk counting. Game end: CWB-10.
//! Options: CWB-11. The position and playing a turn: `position.rs`; the
//! turn: `moves.rs`; position and move texts: [`notation`]; `explain`:
//! `explain.rs`; pictures: `diagram.rs`; this file: the registry entry,
//! the rules struct and the `Game`.

use crate::core::Variant;
use crate::core::{
    Color, Flow, Game, MoveError, MoveSink, Mutant, OptionKind, Outcome, RuleOption, Rules, Verdict,
};
#[cfg(any(feature = "pictures", test))]
use crate::variants::draughts as dr;

mod binding;
#[cfg(feature = "pictures")]
pub mod diagram;
mod drops;
mod explain;
mod generate;
mod moves;
pub mod notation;
mod position;
#[cfg(test)]
mod tests;

pub use moves::Turn;
pub use position::Bosses;

/// The registry entry of Checkers with Bosses (`bosses`): start position, parser, options and mutants.
pub static VARIANT: Variant = Variant {
    id: "bosses",
    name: "Checkers with Bosses (Daniil Frolov, CWB)",
    options: &OPTIONS,
    mutants: &MUTANTS,
    start: |_| Ok(START.to_string()),
    parse: |text, rules| Ok(Box::new(Bosses::parse(text, rules)?)),
};

static OPTIONS: [RuleOption; 2] = [
    RuleOption {
        name: "boss-hp",
        kind: OptionKind::Int {
            min: 1,
            max: 9,
            default: 3,
        },
        doc: "hit points of a boss (CWB-8, CWB-11)",
    },
    RuleOption {
        name: "boss-promotes",
        kind: OptionKind::Flag,
        doc: "a boss starts uncrowned and can be crowned (CWB-11)",
    },
];

static MUTANTS: [Mutant; 6] = [
    Mutant {
        name: "no-max-capture",
        doc: "any capture series may be chosen (misreads CWB-4)",
    },
    Mutant {
        name: "start-square-occupied",
        doc:
            "the moving piece's start square stays occupied during its own series (misreads CWB-5)",
    },
    Mutant {
        name: "boss-double-jump-allowed",
        doc: "a boss may be jumped twice in a row (misreads CWB-8)",
    },
    Mutant {
        name: "drop-unconstrained",
        doc: "any boss placement is allowed (misreads CWB-7)",
    },
    Mutant {
        name: "no-binding",
        doc: "the binding rule is ignored (misreads CWB-9)",
    },
    Mutant {
        name: "binding-any-direction",
        doc: "binding shifts only maximise the movers, no direction priority (misreads CWB-9)",
    },
];

/// The start position (CWB-1).
pub const START: &str = "2cccc2/oooooooo/dddddddd/8/8/DDDDDDDD/OOOOOOOO/2CCCC2 w DOCdoc";

/// Rule options and mutants, converted once (Fairy-Stockfish style).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct CwbRules {
    hp: u8,
    boss_promotes: bool,
    no_max: bool,
    start_occupied: bool,
    double_jump: bool,
    drop_unconstrained: bool,
    no_binding: bool,
    binding_any: bool,
}

impl CwbRules {
    fn new(r: &Rules) -> Result<CwbRules, crate::core::RuleError> {
        Ok(CwbRules {
            hp: r.int("boss-hp")?.clamp(1, 9) as u8,
            boss_promotes: r.flag("boss-promotes")?,
            no_max: r.is_mutant("no-max-capture")?,
            start_occupied: r.is_mutant("start-square-occupied")?,
            double_jump: r.is_mutant("boss-double-jump-allowed")?,
            drop_unconstrained: r.is_mutant("drop-unconstrained")?,
            no_binding: r.is_mutant("no-binding")?,
            binding_any: r.is_mutant("binding-any-direction")?,
        })
    }
}

impl Game for Bosses {
    type Move = Turn;

    fn variant(&self) -> &'static str {
        "bosses"
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn generate<S: MoveSink<Turn>>(&self, sink: &mut S) -> Flow {
        Bosses::generate(self, sink)
    }

    /// The drops, the main move, the binding shift, then the turn passes.
    fn play(&mut self, t: &Turn) {
        self.play_traced(t, &mut ());
    }

    /// CWB-10: all three bosses of a side captured, or no legal move.
    fn outcome(&self) -> Option<Outcome> {
        if self.eliminated(self.turn) {
            return Some(Outcome::Win(self.turn.other()));
        }
        if self.eliminated(self.turn.other()) {
            return Some(Outcome::Win(self.turn));
        }
        (!crate::core::Game::has_legal_move(self)).then_some(Outcome::Win(self.turn.other()))
    }
}

impl crate::core::Notation for Bosses {
    /// The canonical text (`notation::write`); after the capture of a
    /// side's last boss it is the final position, which is not a valid
    /// position text (G6, see there).
    fn to_text(&self) -> String {
        notation::write(self)
    }

    fn move_text(&self, t: &Turn) -> String {
        notation::turn_text(t, self.turn)
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        notation::MoveText::parse(text.trim()).map(|_| ())
    }
}

impl crate::core::Explain for Bosses {
    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        explain::explain(self, text)
    }
}

#[cfg(feature = "pictures")]
impl crate::core::Draw for Bosses {
    fn diagram(&self) -> crate::core::diagram::Diagram {
        diagram::diagram(self)
    }

    fn draw_move(&self, t: &Turn) -> crate::core::diagram::MoveDrawing {
        diagram::draw_move(self, t)
    }

    fn draw_illegal(&self, text: &str, v: &Verdict) -> crate::core::diagram::MoveDrawing {
        diagram::draw_illegal(self, text, v)
    }

    fn move_start(&self, m: &<Self as Game>::Move) -> Option<crate::core::Square> {
        m.path.first().map(|&i| dr::square(i))
    }
}
