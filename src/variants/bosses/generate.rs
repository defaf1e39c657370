//! The one move generator of Checkers with Bosses: CWB-7 drops (allowed
//! placements), then the main moves (CWB-2..CWB-8: the capture series of
//! the side to move on the shared draughts `Arena`, compulsory captures
//! and the CWB-4 maximum), then the binding shifts (CWB-9), for lists and
//! bulk counts.

use std::ops::ControlFlow;

use crate::core::{Flow, MoveSink, Rejection};
use crate::variants::draughts::{self as dr, Arena, Captures, Series};

use super::binding::Shift;
use super::moves::{Drops, Path, Turn, NO_DROPS};
use super::position::{far_rank, Bosses, CROWNED_DIRS, MAN_DIRS};

impl Bosses {
    /// Runs `visit` over every complete capture series of the side to move
    /// (CWB-3, CWB-5, CWB-6, CWB-8), piece by piece in square order.
    pub(super) fn for_each_series(&self, visit: &mut impl FnMut(&Series) -> Flow) -> Flow {
        let me = self.turn;
        let occ = self.occupied();
        let enemy = self.pieces[me.other()];
        // Bulk test: which pieces have a first jump at all.
        let mut starters = 0;
        for d in 0..8 {
            let mut movers = 0;
            for (k, (&man, &crowned)) in MAN_DIRS.iter().zip(&CROWNED_DIRS).enumerate() {
                let (man, crowned) = if self.turn.is_white() {
                    (man, crowned)
                } else {
                    (dr::flip_dirs(man), dr::flip_dirs(crowned))
                };
                if man & (1 << d) != 0 {
                    movers |= self.kind[k] & !self.crowned;
                }
                if crowned & (1 << d) != 0 {
                    movers |= self.kind[k] & self.crowned;
                }
            }
            starters |= dr::jumpers(movers & self.pieces[me], d, enemy, !occ);
        }
        if starters == 0 {
            return ControlFlow::Continue(());
        }
        let arena = Arena {
            tough: self.boss & enemy,
            hp: &self.hp,
            double_jump: self.rules.double_jump,
            start_occupied: self.rules.start_occupied,
            ..Arena::plain(!occ, enemy)
        };
        // CWB-6: a man (or uncrowned boss) is crowned on the far rank,
        // which ends the series.
        let mover = |from: u8| {
            let crown = if self.crowned & (1 << from) != 0 {
                0
            } else {
                far_rank(self.turn)
            };
            (self.dirs(from, self.turn), crown)
        };
        arena.series(starters, mover, visit)
    }

    /// Every complete capture series of the side to move; with
    /// `max_only`, only those with the most jumps (CWB-4).
    pub(super) fn captures(&self, max_only: bool) -> Captures {
        let mut caps = Captures::new(max_only);
        let flow = self.for_each_series(&mut |s| caps.add(s));
        debug_assert!(flow.is_continue());
        caps
    }

    /// Runs `visit` over the main moves (paths) of the side to move: the
    /// capture series with the most jumps if any capture exists
    /// (compulsory, CWB-4; all series under `no-max-capture`), else the
    /// steps (CWB-2). Pieces in square order, series in search order.
    /// With `REJECTED` (`explain`), `visit` also gets the candidates CWB-4
    /// discards, with the reason (`Some`): shorter series, unfinished
    /// series, steps while a capture is compulsory.
    pub(super) fn main_moves<const REJECTED: bool>(
        &self,
        visit: &mut impl FnMut(&[u8], Option<&'static str>) -> Flow,
    ) -> Flow {
        let no_max = self.rules.no_max;
        let mut best = 0;
        if !no_max {
            let flow = self.for_each_series(&mut |s| {
                best = best.max(s.jumps);
                ControlFlow::Continue(())
            });
            debug_assert!(flow.is_continue());
        }
        let mut any = false;
        if best > 0 || no_max {
            self.for_each_series(&mut |s| {
                if REJECTED {
                    for k in 2..s.path.len() {
                        visit(
                            &s.path[..k],
                            Some("the series must go on while a jump is available"),
                        )?;
                    }
                }
                if s.jumps >= best {
                    any = true;
                    visit(s.path, None)?;
                } else if REJECTED {
                    visit(s.path, Some("a longer capture exists"))?;
                }
                ControlFlow::Continue(())
            })?;
        }
        if any && !REJECTED {
            return ControlFlow::Continue(());
        }
        let step = any.then_some("capturing is compulsory");
        let me = self.turn;
        let empty = !self.occupied();
        let mut own = self.pieces[me];
        while own != 0 {
            let from = own.trailing_zeros() as u8;
            own &= own - 1;
            let mut t = dr::steps(from, self.dirs(from, self.turn), empty);
            while t != 0 {
                let to = t.trailing_zeros() as u8;
                t &= t - 1;
                visit(&[from, to], step)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The number of main moves of the side to move (as
    /// [`Bosses::main_moves`]), counted in bulk: series without building
    /// them, steps by bitboard.
    pub(super) fn count_main(&self) -> u64 {
        let me = self.turn;
        let (mut best, mut n) = (0u32, 0u64);
        let no_max = self.rules.no_max;
        let flow = self.for_each_series(&mut |s| {
            if no_max || s.jumps == best {
                n += 1;
            } else if s.jumps > best {
                best = s.jumps;
                n = 1;
            }
            ControlFlow::Continue(())
        });
        debug_assert!(flow.is_continue());
        if n > 0 {
            return n;
        }
        let empty = !self.occupied();
        for k in 0..3 {
            for crowned in [false, true] {
                let set = self.pieces[me]
                    & self.kind[k]
                    & if crowned { self.crowned } else { !self.crowned };
                if set == 0 {
                    continue;
                }
                let mut dirs = if crowned {
                    CROWNED_DIRS[k]
                } else {
                    MAN_DIRS[k]
                };
                if !self.turn.is_white() {
                    dirs = dr::flip_dirs(dirs);
                }
                while dirs != 0 {
                    let d = dirs.trailing_zeros() as usize;
                    dirs &= dirs - 1;
                    n += (dr::shift(set, d) & empty).count_ones() as u64;
                }
            }
        }
        n
    }

    /// The one move generator: CWB-7 drops (allowed placements), then for
    /// each placement the main moves (CWB-2..CWB-8), each with its binding
    /// shifts (CWB-9). Nothing when the game is over (CWB-10). A counting
    /// sink gets the main moves in bulk when no drop is pending and the
    /// binding rule cannot apply.
    pub fn generate<S: MoveSink<Turn>>(&self, sink: &mut S) -> Flow {
        if self.eliminated(self.turn) || self.eliminated(self.turn.other()) {
            return ControlFlow::Continue(());
        }
        if self.pending(self.turn) == 0 {
            return if S::COUNTS_ONLY && !self.binding_possible() {
                sink.add_count(self.count_main())
            } else {
                self.expand(&NO_DROPS, sink)
            };
        }
        let allowed = self.allowed_placements();
        for drops in &allowed {
            let mut g = self.clone();
            g.drop_all(drops);
            g.expand(drops, sink)?;
        }
        if S::WANTS_REJECTED {
            // CWB-7: the placements the capture-set constraint forbids.
            for drops in self.placements() {
                if allowed.contains(&drops) {
                    continue;
                }
                let mut g = self.clone();
                g.drop_all(&drops);
                g.main_moves::<false>(&mut |path, _| {
                    sink.reject(
                        Turn {
                            drops,
                            path: Path::from_slice(path),
                            shift: Shift::new(),
                        },
                        Rejection::new("CWB-7", "this drop would change the captures available"),
                    );
                    ControlFlow::Continue(())
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Every turn with the drops `drops` (already played on `self`): each
    /// main move, with each allowed binding shift when CWB-9 applies after
    /// it.
    pub(super) fn expand<S: MoveSink<Turn>>(&self, drops: &Drops, sink: &mut S) -> Flow {
        let binding = self.binding_possible();
        let mut visit = |path: &[u8], rejected: Option<&'static str>| {
            if let Some(reason) = rejected {
                sink.reject(
                    Turn {
                        drops: *drops,
                        path: Path::from_slice(path),
                        shift: Shift::new(),
                    },
                    Rejection::new("CWB-4", reason),
                );
                return ControlFlow::Continue(());
            }
            if binding {
                let mut after = self.clone();
                after.apply_path(path, &mut ());
                if after.binding_applies() {
                    for shift in after.binding_shifts() {
                        sink.push(Turn {
                            drops: *drops,
                            path: Path::from_slice(path),
                            shift,
                        })?;
                    }
                    return ControlFlow::Continue(());
                }
            }
            sink.push(Turn {
                drops: *drops,
                path: Path::from_slice(path),
                shift: Shift::new(),
            })
        };
        if S::WANTS_REJECTED {
            self.main_moves::<true>(&mut visit)
        } else {
            self.main_moves::<false>(&mut visit)
        }
    }
}
