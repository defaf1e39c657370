//! The one move generator of Hop Chess: whole turns (HOP-2 … HOP-7).
//!
//! - HOP-2: after the piece move the player moves his own trampoline to
//!   any square holding no piece and not the other trampoline; leaving it
//!   where it is is a placement too (one move per target square). White's
//!   very first turn has no placement.
//! - HOP-7: a turn is legal only if the mover's king is not attacked after
//!   the whole turn (piece move and placement).
//!
//! [`Hop::turns`] is the only generator: it feeds every legal
//! [`Turn`] to a list, or only their number to a counter. The piece moves
//! come from [`hops`] ([`Hop::piece_moves`], HOP-3 … HOP-6); for each one
//! the [`Judge`] computes the set of legal placement squares once
//! ([`placements`]); a list takes one turn per square, a counter takes the
//! size of the set (bulk counting, no turn built).

use std::ops::ControlFlow;

mod hops;
mod placements;

pub use hops::*;

use super::moves::{PieceMove, Turn};
use super::*;
use crate::core::{Color, First, Flow, MoveSink, Rejection};

/// HOP-7: the reason a turn that leaves the mover's king attacked is
/// discarded.
pub const KING_ATTACKED: &str = "the mover's king would be attacked after the whole turn (piece move and placement; attacks through trampolines count)";
/// HOP-2: the reason a placement on White's first turn is discarded.
pub const FIRST_TURN: &str = "White's first turn is a piece move only (no placement)";
/// HOP-2: the reason a placement on a piece or the other trampoline is
/// discarded.
pub const PLACEMENT_SQUARE: &str =
    "the placement must be on a square holding no piece and not the other trampoline";

/// The judge of whole turns ([`Hop::turns`]): for each piece move, the
/// king's safety (HOP-7) and the placements (HOP-2), into the sink.
struct Judge<'a, S> {
    pos: &'a Hop,
    sink: &'a mut S,
    /// White's first turn: no placement (HOP-2).
    first: bool,
    own: usize,
    them: Color,
    /// Judge king safety (off only for test oracles, `ignore_check`).
    safety: bool,
    /// Mutant `check-before-placement`.
    early: bool,
}

impl<S: MoveSink<Turn>> PieceSink for Judge<'_, S> {
    const WANTS_REJECTED: bool = S::WANTS_REJECTED;

    #[inline]
    fn piece(&mut self, pm: &PieceMove) -> Flow {
        if S::WANTS_REJECTED {
            return self.explained(pm);
        }
        let (own, them, safety, early) = (self.own, self.them, self.safety, self.early);
        let mut c = self.pos.after_piece(pm);
        let k = c.king[own];
        if self.first {
            if !safety || !c.attacked(k, them) {
                return self.sink.push(Turn {
                    piece: *pm,
                    place: NONE,
                });
            }
            return ControlFlow::Continue(());
        }
        let old = c.tramp[own];
        if early && safety && c.attacked(k, them) {
            return ControlFlow::Continue(());
        }
        c.tramp[own] = NONE;
        if !early && safety && c.attacked(k, them) {
            return ControlFlow::Continue(());
        }
        let mut places = Hop::placements(&c, k, old, safety && !early);
        if S::COUNTS_ONLY {
            return self.sink.add_count(u64::from(places.count_ones()));
        }
        while places != 0 {
            let place = places.trailing_zeros() as u8;
            places &= places - 1;
            self.sink.push(Turn { piece: *pm, place })?;
        }
        ControlFlow::Continue(())
    }

    fn reject(&mut self, pm: &PieceMove, why: Rejection) {
        self.sink.reject(
            Turn {
                piece: *pm,
                place: NONE,
            },
            why,
        );
    }
}

impl<S: MoveSink<Turn>> Judge<'_, S> {
    /// [`PieceSink::piece`] for a sink that wants rejections (`explain`):
    /// the same turns, and every other square of the board as a rejected
    /// placement: on White's first turn any placement (HOP-2); otherwise
    /// a square holding a piece or the other trampoline (HOP-2), and a
    /// free square where the mover's king would be attacked after the
    /// whole turn (HOP-7).
    #[cold]
    fn explained(&mut self, pm: &PieceMove) -> Flow {
        let (own, them, safety, early) = (self.own, self.them, self.safety, self.early);
        let mut c = self.pos.after_piece(pm);
        let k = c.king[own];
        let turn = |place: u8| Turn { piece: *pm, place };
        if self.first {
            for place in (0..128u8).filter(|&s| on_board(s)) {
                self.sink
                    .reject(turn(place), Rejection::new("HOP-2", FIRST_TURN));
            }
            if safety && c.attacked(k, them) {
                self.sink
                    .reject(turn(NONE), Rejection::new("HOP-7", KING_ATTACKED));
                return ControlFlow::Continue(());
            }
            return self.sink.push(turn(NONE));
        }
        let old = c.tramp[own];
        let before = early && safety && c.attacked(k, them);
        c.tramp[own] = NONE;
        let attacked = before || (!early && safety && c.attacked(k, them));
        let free = Hop::placements(&c, k, old, false);
        let legal = if attacked {
            0
        } else {
            Hop::placements(&c, k, old, safety && !early)
        };
        let other = c.tramp[side(them)];
        for place in (0..128u8).filter(|&s| on_board(s)) {
            if legal & bit(place) != 0 {
                self.sink.push(turn(place))?;
            } else if free & bit(place) != 0 {
                self.sink
                    .reject(turn(place), Rejection::new("HOP-7", KING_ATTACKED));
            } else {
                let why = if c.occ & bit(place) != 0 {
                    format!("{PLACEMENT_SQUARE} ({} holds a piece)", sq_name(place))
                } else if place == other {
                    format!(
                        "{PLACEMENT_SQUARE} ({} holds the other trampoline)",
                        sq_name(place)
                    )
                } else {
                    format!(
                        "the trampoline must change square (mutant no-stay: {} is where it stands)",
                        sq_name(place)
                    )
                };
                self.sink.reject(turn(place), Rejection::new("HOP-2", why));
            }
        }
        ControlFlow::Continue(())
    }
}

impl Hop {
    /// The one move generator (HOP-2 … HOP-7): feeds every legal turn to
    /// `sink` in a fixed order (piece moves as [`Hop::piece_moves`]
    /// gives them, placements by square), or, when the sink only counts,
    /// the number of placements of each piece move at once. A sink that
    /// wants rejections ([`MoveSink::WANTS_REJECTED`], `explain`) also
    /// gets every candidate discarded: the piece moves
    /// [`Hop::piece_moves`] discards (placement [`NONE`]: any), and for
    /// each piece move every square of the board that is not a legal
    /// placement, with the rule (HOP-2 or HOP-7, see `Judge`).
    pub fn turns<S: MoveSink<Turn>>(&self, sink: &mut S) -> Flow {
        let us = self.turn;
        let mut judge = Judge {
            pos: self,
            sink,
            first: self.first_turn(),
            own: side(us),
            them: us.other(),
            safety: !self.rules.ignore_check,
            early: self.rules.check_before_placement,
        };
        self.piece_moves(&mut judge)
    }

    /// Whether the side to move has a legal turn: the generator stops at
    /// the first.
    pub fn has_turn(&self) -> bool {
        let mut first = First::default();
        let flow = self.turns(&mut first);
        debug_assert_eq!(flow.is_break(), first.found());
        first.found()
    }
}
