//! Crazy Chess, not so simple (chaosmonolith blog, 2011-02-20,
//! `../shared/rules/sources/crazy-chess-not-so-simple.txt`) with the hard
//! denial rule (`denial-rule.md`); readings: RULINGS.md sections CRZ and
//! DEN.
//!
//! - [`board`]: pieces, stacks (CRZ-R3), their bitboards, and the
//!   chain-reaction resolver (CRZ-R4 cascade, CRZ-Q2 revenge, CRZ-B1
//!   rising, CRZ-Q1 all-round, CRZ-P3 turn end) in one documented
//!   deterministic order.
//! - [`moves`]: the compact move (G2), which the notation writes directly.
//! - [`position`]: the position and playing a move on a board through the
//!   resolver ([`position::apply_on`], CRZ-R1/R2).
//! - [`generate`]: the generator context and dispatcher, where one module
//!   per piece adds its movement rules: [`king`] (CRZ-K1..K3), [`sliders`]
//!   (queen, rook, bishop; CRZ-Q1, CRZ-R1), [`knight`] (CRZ-N1..N3),
//!   [`pawn`] (CRZ-P1, P2, P4, P5); and on top of them the one generator
//!   of legal moves (list, count, the first move only, or `explain`'s
//!   candidates with the rule and reason of each rejected one); every
//!   generator function returns [`crate::core::Flow`] and stops when its
//!   sink says so.
//! - [`check`] — CRZ-C1.
//! - `oracle` (tests only): the generator against slow literal oracles.
//! - [`diagram`]: pictures of positions and turns, the chain
//!   reactions as the resolver reports them.
//! - [`notation`]: position text (CRZ-V) and move text.
//! - `explain`: verdicts from the generator (rejections) and from play
//!   ([`Crazy::play_traced`] with a [`crate::core::RuleLog`]: the base
//!   rule, then every rule whose effect happened, in order).
//! - this file: the game, denial (DEN-1..DEN-7), game end.

pub mod board;
pub mod check;
#[cfg(feature = "pictures")]
pub mod diagram;
mod explain;
pub mod generate;
pub mod king;
pub mod knight;
pub mod moves;
pub mod notation;
#[cfg(test)]
mod oracle;
pub mod pawn;
pub mod position;
pub mod sliders;

use crate::core::Field;
use board::*;
use moves::{Kind, Move};
use position::{
    apply_traced, castling_after, castling_possible, find_king, in_check, Core, Flags, Packed,
};

use crate::core::Variant;
use crate::core::{
    Color, DynGame, Flow, Game, MoveError, MoveSink, Mutant, Outcome, PositionError, Rejection,
    Rules, Trace, Verdict,
};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b";

/// The registry entry of Crazy Chess (`crazy`): start position, parser and mutants.
pub static VARIANT: Variant = Variant {
    id: "crazy",
    name: "Crazy Chess, not so simple, with the denial right (chaosmonolith 2011)",
    options: &[],
    mutants: &[
        Mutant { name: "fall-captures-below", doc: "CRZ-R4 misread: a falling unit captures the piece directly below it instead of the base" },
        Mutant { name: "knight-captures-two", doc: "CRZ-N2 misread: a knight may capture in passing and at its destination" },
        Mutant { name: "no-revenge", doc: "CRZ-Q2 ignored: a captured queen takes no revenge" },
        Mutant { name: "bishop-rises-twice", doc: "CRZ-B1 misread: a risen bishop rises again when captured" },
        Mutant { name: "deny-undeniable-king-moves", doc: "DEN-6 misread: the soft version (king moves cannot be denied)" },
        Mutant { name: "king-single-step", doc: "CRZ-K1 ignored: a king move is one step" },
        Mutant { name: "king-effects-immediate", doc: "CRZ-K2 misread: a king's first-step capture takes effect at once" },
        Mutant { name: "revenge-spares-own-square", doc: "CRZ-Q2 misread: revenge does not capture the piece on the queen's square" },
        Mutant { name: "all-round-takes-stack", doc: "CRZ-Q1 misread: the all-round capture removes whole stacks" },
        Mutant { name: "entering-costs-castling", doc: "CRZ-K3 misread: a piece entering the rook costs the castling right" },
        Mutant { name: "denied-without-move-loses", doc: "DEN-4 misread: a denied player without another move loses even when not in check" },
    ],
    start: |_| Ok(START.to_string()),
    parse,
};

fn flags(rules: &Rules) -> Result<Flags, crate::core::RuleError> {
    Ok(Flags {
        chain: ChainMutants {
            fall_below: rules.is_mutant("fall-captures-below")?,
            no_revenge: rules.is_mutant("no-revenge")?,
            rises_twice: rules.is_mutant("bishop-rises-twice")?,
            revenge_spares_square: rules.is_mutant("revenge-spares-own-square")?,
            all_round_stack: rules.is_mutant("all-round-takes-stack")?,
        },
        king_immediate: rules.is_mutant("king-effects-immediate")?,
        enter_costs_castling: rules.is_mutant("entering-costs-castling")?,
        knight_two: rules.is_mutant("knight-captures-two")?,
        king_single: rules.is_mutant("king-single-step")?,
        deny_soft: rules.is_mutant("deny-undeniable-king-moves")?,
        denied_loses: rules.is_mutant("denied-without-move-loses")?,
    })
}

fn parse(text: &str, rules: &Rules) -> Result<Box<dyn DynGame>, crate::core::Error> {
    Ok(Box::new(Crazy::from_text(text, flags(rules)?)?))
}

/// What `deny` needs of the previous turn when it was played in this
/// history (DEN-7): the previous position, compact, and that turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Prev {
    board: Packed,
    turn: Color,
    castling: u8,
    ep: Option<(crate::core::geometry::Square, crate::core::geometry::Square)>,
    halfmove: u32,
    fullmove: u32,
    /// DEN-3: that turn could not be denied.
    protected: bool,
    mv: Move,
    /// That turn moved a king (DEN-6, mutant `deny-undeniable-king-moves`).
    king_move: bool,
}

/// A Crazy Chess game state: the position ([`Core`]) plus, when the
/// previous turn was played here, what `deny` needs to take it back
/// (DEN-7), inline (no allocation per node).
#[derive(Clone, Hash, Debug)]
pub struct Crazy {
    core: Core,
    prev: Option<Prev>,
    fl: Flags,
}

impl Crazy {
    /// Parses and validates a position text (G4, CRZ-V).
    ///
    /// # Errors
    /// Syntax errors per field, then CRZ-V violations.
    pub fn from_text(text: &str, fl: Flags) -> Result<Crazy, PositionError> {
        let setup = notation::parse_setup(text.trim())?;
        let excluded = setup.excluded.clone();
        let core = setup.validate(&fl)?;
        let mut g = Crazy {
            core,
            prev: None,
            fl,
        };
        if let Some(x) = excluded {
            notation::check_syntax(&x)
                .map_err(|e| PositionError::syntax(Field::Denial, e.to_string()))?;
            match Game::legal_moves(&g).into_iter().find(|m| m.text() == x) {
                Some(m) => g.core.excluded = Some(m),
                None => {
                    return Err(PositionError::invalid(
                        Field::Denial,
                        format!("excluded move '{x}' is not a move of this position (DEN-7)"),
                    ))
                }
            }
        }
        Ok(g)
    }

    /// The position (without the deniable history).
    pub fn core(&self) -> &Core {
        &self.core
    }

    /// The rules (mutants) this game plays by.
    pub fn flags(&self) -> &Flags {
        &self.fl
    }

    fn king_missing(&self) -> bool {
        find_king(&self.core.b, Color::White).is_none()
            || find_king(&self.core.b, Color::Black).is_none()
    }

    /// DEN-2/DEN-3/DEN-7: may the side to move deny the previous turn?
    /// `kings`: both kings are on the board.
    fn deny_status(&self, kings: bool) -> Result<(), (&'static str, &'static str)> {
        let Some(prev) = &self.prev else {
            return Err((
                "DEN-7",
                "no previous turn played in the given history (or it was a deny)",
            ));
        };
        if self.core.holder != self.core.turn {
            return Err(("DEN-1", "the opponent holds the denial right"));
        }
        if prev.protected {
            return Err(("DEN-3", "the denier's next turn cannot be denied"));
        }
        if !kings {
            return Err(("DEN-3", "a turn that removed a king cannot be denied"));
        }
        if self.fl.deny_soft && prev.king_move {
            return Err(("DEN-6", "king moves cannot be denied"));
        }
        Ok(())
    }

    fn deny(&mut self) {
        if let Some(p) = self.prev.take() {
            let b = p.board.unpack();
            self.core = Core {
                b,
                bits: Census::of(&b),
                turn: p.turn,
                castling: p.castling,
                ep: p.ep,
                halfmove: p.halfmove,
                fullmove: p.fullmove,
                // DEN-2: the right passes to the denied player, who must
                // play another move.
                holder: p.turn,
                protected: false,
                excluded: Some(p.mv),
            };
        }
    }
}

impl Crazy {
    /// Plays a move that `generate` produced, reporting to `trace` the
    /// move's base rule and then every rule whose effect happened during
    /// it, in order (the one `play`: [`Game::play`] passes `()`, `explain`
    /// a [`crate::core::RuleLog`]).
    pub fn play_traced<T: Trace>(&mut self, mv: &Move, trace: &mut T) {
        if mv.kind == Kind::Deny {
            trace.note("DEN-2");
            self.deny();
            return;
        }

        // Copy-make: the caller copied the game; the board changes in place.
        let board = Packed::of(&self.core.b, self.core.bits.occ);
        let heights = position::rook_heights(&self.core.b);
        let c = &mut self.core;
        let fx = apply_traced(
            &mut c.b,
            mv,
            c.turn,
            c.ep,
            &self.fl,
            &mut Noted(Some(trace)),
        );
        // Turn end acts only where the move changed the board and where
        // it already had something to do; so do the bitboards change.
        let changed = fx.dirty | c.bits.marks;
        if !fx.exists {
            c.bits.update(&c.b, changed);
            return;
        }
        let promos = turn_end_traced(&mut c.b, c.turn, changed, trace);
        let mut castling = castling_after(c.castling, c.turn, fx.touched, fx.king_move);
        if self.fl.enter_costs_castling {
            castling = position::entering_costs(castling, heights, &c.b);
        }
        for pi in promos {
            let owner = color(c.b[pi].get(0));
            let k = mv.promotion_on(pi).unwrap_or(QUEEN);
            c.b[pi].set(0, make(k, owner));
        }
        c.bits.update(&c.b, changed);
        // G6: a right whose king (or rook) is gone goes with it, so the
        // text of a finished game names no impossible right.
        castling &= castling_possible(&c.b);
        self.prev = board.map(|board| Prev {
            board,
            turn: c.turn,
            castling: c.castling,
            ep: c.ep,
            halfmove: c.halfmove,
            fullmove: c.fullmove,
            protected: c.protected,
            mv: *mv,
            king_move: fx.king_move,
        });
        let reset = fx.pawn_move || fx.captured;
        c.halfmove = if reset { 0 } else { c.halfmove + 1 };
        c.fullmove += u32::from(!c.turn.is_white());
        c.turn = c.turn.other();
        c.castling = castling;
        c.ep = fx.ep;
        // DEN-3: a replay after a deny is followed by the denier's
        // protected turn.
        c.protected = c.excluded.is_some();
        c.excluded = None;
    }
}

impl Game for Crazy {
    type Move = Move;

    fn variant(&self) -> &'static str {
        "crazy"
    }

    fn turn(&self) -> Color {
        self.core.turn
    }

    fn generate<S: MoveSink<Move>>(&self, sink: &mut S) -> Flow {
        let kings = match generate::generate(&self.core, &self.fl, sink) {
            Some(flow) => {
                flow?;
                true
            }
            None => false,
        };
        match self.deny_status(kings) {
            Ok(()) if S::COUNTS_ONLY => sink.add_count(1),
            Ok(()) => sink.push(Move::DENY),
            Err((rule, why)) => {
                if S::WANTS_REJECTED {
                    let rules = vec![rule, "DEN-2"];
                    sink.reject(
                        Move::DENY,
                        Rejection {
                            rules,
                            reason: why.into(),
                        },
                    );
                }
                Flow::Continue(())
            }
        }
    }

    fn play(&mut self, mv: &Move) {
        self.play_traced(mv, &mut ());
    }

    fn outcome(&self) -> Option<Outcome> {
        let w = find_king(&self.core.b, Color::White).is_some();
        let b = find_king(&self.core.b, Color::Black).is_some();
        match (w, b) {
            (false, false) => return Some(Outcome::Win(self.core.turn)),
            (false, true) => return Some(Outcome::Win(Color::Black)),
            (true, false) => return Some(Outcome::Win(Color::White)),
            _ => {}
        }
        // DEN-3/DEN-4: the game ends only when no move and no deny is
        // left; a denied player without another move is checkmated if in
        // check, stalemated otherwise.
        if crate::core::Game::has_legal_move(self) {
            return None;
        }
        let denied = self.core.excluded.is_some();
        if in_check(&self.core.b, self.core.turn, self.core.castling, &self.fl)
            || (self.fl.denied_loses && denied)
        {
            Some(Outcome::Win(self.core.turn.other()))
        } else {
            Some(Outcome::Draw)
        }
    }
}

impl crate::core::Notation for Crazy {
    fn to_text(&self) -> String {
        notation::write(&self.core)
    }

    fn move_text(&self, mv: &Move) -> String {
        mv.text()
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        notation::check_syntax(text)
    }
}

impl crate::core::Explain for Crazy {
    /// The verdict comes from the generator: a legal move is played with a
    /// [`crate::core::RuleLog`] (its base rule, then every rule whose effect happened,
    /// in order); a rejected candidate (and `deny`) carries the rule and
    /// reason the generator gave; a text that matches no candidate names
    /// the movement rules of the piece it starts with.
    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        explain::explain(self, text)
    }
}

#[cfg(feature = "pictures")]
impl crate::core::Draw for Crazy {
    fn diagram(&self) -> crate::core::diagram::Diagram {
        diagram::diagram(self)
    }

    fn draw_move(&self, mv: &Move) -> crate::core::diagram::MoveDrawing {
        diagram::draw_move(self, mv)
    }

    fn draw_illegal(&self, text: &str, v: &Verdict) -> crate::core::diagram::MoveDrawing {
        diagram::draw_illegal(self, text, v)
    }

    fn move_start(&self, m: &<Self as Game>::Move) -> Option<crate::core::Square> {
        (m.kind != Kind::Deny && m.len > 0).then(|| board::sq_of(m.from()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    #[test]
    fn start_round_trips() {
        let g = Crazy::from_text(START, Flags::default()).unwrap();
        assert_eq!(crate::core::Notation::to_text(&g), START);
    }
}
