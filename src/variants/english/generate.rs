//! The one move generator of English draughts (ENG-1): capture series by
//! the draughts series search, steps in bulk for counting sinks, and the
//! candidates a compulsory capture forbids for `explain`.

use std::ops::ControlFlow;

use super::moves::Turn;
use super::position::{English, ASCENDING, DIAG};
use crate::core::{Flow, MoveSink, Rejection};
use crate::variants::draughts::{self as dr, Arena, Series};

impl English {
    /// The one move generator (ENG-1): every complete capture series when
    /// a capture exists (compulsory; each series is a move, any may be
    /// chosen), otherwise every step. Counting sinks get the steps in bulk.
    /// A sink that wants rejected candidates ([`MoveSink::WANTS_REJECTED`],
    /// `explain`) also gets the steps a compulsory capture forbids and the
    /// unfinished beginnings of every series.
    #[inline(always)]
    pub fn generate<S: MoveSink<Turn>>(&self, sink: &mut S) -> Flow {
        if self.turn.is_white() {
            self.gen::<true, S>(sink)
        } else {
            self.gen::<false, S>(sink)
        }
    }

    /// [`English::generate`] for the side `WHITE` (directions fixed at
    /// compile time).
    #[inline(always)]
    fn gen<const WHITE: bool, S: MoveSink<Turn>>(&self, sink: &mut S) -> Flow {
        let (own, enemy) = (self.us, self.them);
        let empty = !(own | enemy);
        let kings = own & self.kings;
        // ENG-1: men go forward (two diagonals), kings also backward.
        let (fwd, back) = if WHITE {
            ([dr::NE, dr::NW], [dr::SE, dr::SW])
        } else {
            ([dr::SE, dr::SW], [dr::NE, dr::NW])
        };
        let man_dirs: dr::Dirs = 1 << fwd[0] | 1 << fwd[1];
        let back_capturers = if self.rules.men_capture_backward {
            own
        } else {
            kings
        };
        // Bulk test first: which pieces have a first jump at all.
        let starters = dr::jumpers(own, fwd[0], enemy, empty)
            | dr::jumpers(own, fwd[1], enemy, empty)
            | dr::jumpers(back_capturers, back[0], enemy, empty)
            | dr::jumpers(back_capturers, back[1], enemy, empty);
        if starters != 0 {
            self.captures::<S>(starters, own, enemy, kings, man_dirs, sink)?;
            if !self.rules.capture_optional {
                if S::WANTS_REJECTED {
                    self.steps(own, kings, man_dirs, empty, &mut Refused(sink))?;
                }
                return ControlFlow::Continue(());
            }
        }
        if S::COUNTS_ONLY {
            let mut n = (dr::shift(own, fwd[0]) & empty).count_ones()
                + (dr::shift(own, fwd[1]) & empty).count_ones();
            // Kings are rare for most of a game: skip their bit counts.
            if kings != 0 {
                n += (dr::shift(kings, back[0]) & empty).count_ones()
                    + (dr::shift(kings, back[1]) & empty).count_ones();
            }
            return sink.add_count(u64::from(n));
        }
        self.steps(own, kings, man_dirs, empty, sink)
    }

    /// Every step of the pieces `own` (kings `kings`; men in `man_dirs`),
    /// piece by piece in square order, each piece's targets in square order
    /// (SW, SE, NW, NE); the order of the root moves is the order perft's
    /// threads take them.
    fn steps<S: MoveSink<Turn>>(
        &self,
        own: u64,
        kings: u64,
        man_dirs: dr::Dirs,
        empty: u64,
        sink: &mut S,
    ) -> Flow {
        let sources = ASCENDING.map(|d| {
            let movers = if man_dirs & (1 << d) != 0 { own } else { kings };
            movers & dr::shift(empty, (d + 4) % 8)
        });
        let mut pieces = sources[0] | sources[1] | sources[2] | sources[3];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            for (i, d) in ASCENDING.into_iter().enumerate() {
                if sources[i] & (1 << from) != 0 {
                    sink.push(Turn::step(from, dr::offset(from, d, 1)))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Every complete capture series of the pieces `starters` (ENG-1),
    /// by the draughts series search.
    #[inline(always)]
    fn captures<S: MoveSink<Turn>>(
        &self,
        starters: u64,
        own: u64,
        enemy: u64,
        kings: u64,
        man_dirs: dr::Dirs,
        sink: &mut S,
    ) -> Flow {
        let man_cap = if self.rules.men_capture_backward {
            DIAG
        } else {
            man_dirs
        };
        let arena = Arena {
            crown_continues: self.rules.crowning_continues,
            crowned_dirs: DIAG,
            ..Arena::plain(!(own | enemy), enemy)
        };
        let crown = Self::crown_mask(self.turn);
        // ENG-1: kings capture in the four diagonals, men forward; a man
        // is crowned on the far rank, which ends the series.
        let mover = |from: u8| {
            if kings & (1 << from) != 0 {
                (DIAG, 0)
            } else {
                (man_cap, crown)
            }
        };
        arena.series(starters, mover, &mut |s| {
            if S::WANTS_REJECTED {
                // ENG-1: a series must be completed.
                for k in 2..s.path.len() {
                    let part = &s.path[..k];
                    let captured = part
                        .windows(2)
                        .fold(0u64, |c, w| c | 1 << ((w[0] + w[1]) / 2));
                    sink.reject(
                        Turn::series(&Series {
                            path: part,
                            jumps: k as u32 - 1,
                            captured,
                        }),
                        Rejection::new(
                            "ENG-1",
                            "the capture series must be completed: a further jump is available",
                        ),
                    );
                }
            }
            if S::COUNTS_ONLY {
                sink.add_count(1)
            } else {
                sink.push(Turn::series(s))
            }
        })
    }
}

/// The sink of the candidates a compulsory capture forbids: every move
/// handed to it is passed on as rejected (ENG-1).
struct Refused<'a, S>(&'a mut S);

impl<S: MoveSink<Turn>> MoveSink<Turn> for Refused<'_, S> {
    const COUNTS_ONLY: bool = false;
    fn push(&mut self, m: Turn) -> Flow {
        self.0.reject(
            m,
            Rejection::new("ENG-1", "capturing is compulsory: a capture exists"),
        );
        ControlFlow::Continue(())
    }
    fn add_count(&mut self, _: u64) -> Flow {
        unreachable!("steps are counted only for a counting sink")
    }
}
