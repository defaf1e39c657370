//! The one move generator of `sonic` (`Sonic::generate`): every legal
//! move (G2) into a list, or only their number (bulk counting at perft
//! leaves), from the same code.
//!
//! A turn is: the start-of-turn form choice when one is pending (SCA-9.1,
//! SCA-9.2), one piece move (pawns SCA-2, the walker for R, B, Q, N and
//! for each part of a compound: SCA-3 … SCA-7, SCA-12, the king and
//! castling SCA-8, SCA-11), and the optional form switch afterwards
//! (SCA-8.1).
//!
//! # The switch test (SCA-8.1) by attack units
//!
//! A switch after a non-king move is allowed only if, among others, the
//! opponent's king is not in check after the move (SCA-10). Playing every
//! move and running a full check test would trace the whole side again per
//! move. Instead, while the moves are generated, each *attack unit* of the
//! side to move (one line direction of an R, B or Q with all its bounce
//! branches, one leap of a knight; a compound has the units of both its
//! parts, SCA-12) records its footprint — the squares it read — and
//! whether one of its branches gives check now. A unit's result
//! depends only on the squares it read, so after a move that changes the
//! squares C (start, end, removals) only the units whose footprint meets C
//! are traced again, on the board after the move; the mover is traced from
//! its new square and the two pawn squares are looked up. Everything is
//! traced by the same walker as the moves themselves.
//!
//! The rest of the switch rule does not depend on the non-king move
//! (both kings stay where they are): the forms other than the current one
//! that would not reach the opponent's king (`Sonic::switch_forms`).
//! So a counting sink adds that number once per move that allows a
//! switch, and a list gets the move once per such form.
//!
//! King moves and castling allow no switch. Under the mutant
//! `form-change-after-king-move` they are tested by playing them
//! (`Sonic::switches_after`), as are all moves in the rare position
//! with more than 64 attack units.
//!
//! # Rejected candidates (`explain`)
//!
//! A sink with [`MoveSink::WANTS_REJECTED`] (a constant: other sinks pay
//! nothing) also gets every candidate the generator considers and
//! discards, with the rule and the reason: endless branches (SCA-5),
//! castlings that fail a condition, naming the square (SCA-8, SCA-11,
//! SCA-10), and form switches SCA-8.1 forbids (tested by playing the
//! move, `SwitchBar`).

use smallvec::SmallVec;

use super::eggman::Form;
use crate::core::{Color, Flow, MoveSink, Rejection};

use super::check;
use super::eggman::{self, reaches, Forms};
use super::geometry::{Geometry, Grid};
use super::moves::SonicMove;
use super::pawns;
use super::pieces::{
    color_of, has_piece, is_walker, kind, parts, piece, KING, PAWN, PIECE_MASK, SPRING,
};
use super::position::Sonic;
use super::walker::{Footprint, NoWatch, Walker};

/// The forms a switch may choose (at most two).
pub(crate) type Switches = SmallVec<[Form; 2]>;

/// Why SCA-8.1 forbids a form switch after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SwitchBar {
    /// After a king move or castling.
    KingMove,
    /// His king was in check before the move (SCA-10).
    InCheck,
    /// The move hit or captured the opponent's king (SCA-9, SCA-9.4).
    Hit,
    /// The opponent's king is in check after the move (SCA-10).
    ChecksAfter,
    /// The new form would itself reach the opponent's king (SCA-10).
    NewFormChecks,
}

impl SwitchBar {
    /// The rejection of the switch to `g` for this reason.
    pub(crate) fn rejection(self, g: Form) -> Rejection {
        let (rules, reason): (&[&'static str], String) = match self {
            SwitchBar::KingMove => (
                &["SCA-8.1"],
                "a king move or castling cannot be followed by a form change".into(),
            ),
            SwitchBar::InCheck => (
                &["SCA-8.1", "SCA-10"],
                "his king was in check before the move".into(),
            ),
            SwitchBar::Hit => (
                &["SCA-8.1", "SCA-9"],
                "the move hit or captured the opponent's king".into(),
            ),
            SwitchBar::ChecksAfter => (
                &["SCA-8.1", "SCA-10"],
                "the opponent's king is in check after the move".into(),
            ),
            SwitchBar::NewFormChecks => (
                &["SCA-8.1", "SCA-10"],
                format!(
                    "the new form ({}) would put the opponent's king in check",
                    g.letter()
                ),
            ),
        };
        Rejection {
            rules: rules.to_vec(),
            reason,
        }
    }
}

/// SCA-5: the rejection of an endless branch.
fn endless() -> Rejection {
    Rejection::new(
        "SCA-5",
        "endless move: the mover would return to the same square and direction with nothing removed",
    )
}

/// Every branch of attack unit `unit` of `part` (see [`super::walker`])
/// of the piece that stood on `from` (vacated on `w`) into `sink` as
/// moves, on either board (`sonic-hex` too): quiet ones as well when
/// `quiet`; endless ones (SCA-5) left out, rejected as `endless` says for
/// a sink that wants them. Returns whether the sink stopped.
#[inline(always)]
pub(crate) fn unit_moves<G: Geometry, S: MoveSink<SonicMove>>(
    w: &mut Walker<G>,
    sink: &mut S,
    from: u8,
    part: u8,
    unit: u8,
    quiet: bool,
    endless: fn() -> Rejection,
) -> bool {
    w.unit(from, part, unit, quiet, &mut NoWatch, &mut |_, b| {
        let m = SonicMove::piece(from, part, unit, b);
        if b.endless {
            if S::WANTS_REJECTED {
                sink.reject(m, endless());
            }
            return false;
        }
        sink.push(m).is_break()
    })
}

/// One attack unit of the side to move (see the module docs).
#[derive(Clone, Copy)]
struct Unit {
    from: u8,
    /// The part code (R, B, Q or N, maybe of a compound).
    part: u8,
    unit: u8,
    /// Some branch of the unit gives check now (SCA-10).
    checks: bool,
}

/// A non-king move that does not hit the king, waiting for its switch
/// test: the piece on its end square afterwards, its removals
/// (`caps[lo..hi]`) and the mask of the mover's own units.
#[derive(Clone, Copy)]
struct Rec {
    mv: SonicMove,
    piece: u8,
    lo: u16,
    hi: u16,
    own: u64,
}

/// The attack units of one node: their footprints (an inverted index:
/// per square, the bit set of units that read it) and the moves waiting
/// for the switch test.
struct Units {
    index: [u64; 256],
    units: SmallVec<[Unit; 64]>,
    recs: SmallVec<[Rec; 128]>,
    caps: SmallVec<[u8; 256]>,
    /// More than 64 units: footprints are not kept, every switch test
    /// plays its move.
    overflow: bool,
}

impl Sonic {
    /// The walker of `side`'s pieces on this position (SCA-9.3: the enemy
    /// king's remaining forms; mutant `hit-captures-king`: one).
    pub(crate) fn walker(&self, side: Color) -> Walker<Grid> {
        let forms = self.forms[side.other() as usize].count();
        let king_forms = if self.rules.hit_captures_king {
            forms.min(1)
        } else {
            forms
        };
        Walker::new(
            Grid::new(self.board),
            &self.cells,
            side,
            king_forms,
            self.rules.into(),
        )
    }

    /// Every legal move (G2) into `sink`, or their number when the sink
    /// counts: the start-of-turn form choice (SCA-9.1/9.2), the piece
    /// moves, and the form switches (SCA-8.1). Nothing when the game is
    /// over (G3, SCA-9.4). Stops as soon as the sink breaks (`First`:
    /// "is there any legal move?").
    pub(crate) fn generate<S: MoveSink<SonicMove>>(&self, sink: &mut S) -> Flow {
        let me = self.turn;
        let (None, Some(king)) = (self.winner, self.kings[me as usize]) else {
            return Flow::Continue(());
        };
        let forms = self.forms[me as usize];
        let has_rights = !self.castling_rights(me).is_empty();
        let mut w = self.walker(me);
        if forms.pending() {
            // SCA-9.1/9.2: one branch per remaining form; no switch after.
            let in_check = has_rights && self.in_check();
            if S::COUNTS_ONLY {
                // The piece moves and castlings do not depend on the
                // choice: each counts once per remaining form.
                let mut times = Times(sink, u64::from(forms.count()));
                self.piece_moves(&mut w, &mut times)?;
                eggman::castling(self, in_check, &mut times)?;
                for f in forms.iter() {
                    eggman::king_moves(self, king, f, |m| sink.push(m))?;
                }
            } else {
                for f in forms.iter() {
                    let mut tagged = Tagged(sink, f, forms);
                    self.piece_moves(&mut w, &mut tagged)?;
                    eggman::king_moves(self, king, f, |m| tagged.push(m))?;
                    eggman::castling(self, in_check, &mut tagged)?;
                }
            }
            return Flow::Continue(());
        }
        let Some(form) = forms.current else {
            return Flow::Continue(());
        };
        let may_switch = forms.count() >= 2;
        let in_check = (has_rights || may_switch) && self.in_check();
        // SCA-8.1: no switch with one form, or when his king was in check.
        let switching = may_switch && !in_check;
        // SCA-8.1: no switch after a king move or castling (mutant
        // `form-change-after-king-move`: tested like any other move).
        let king_switches = switching && self.rules.form_change_after_king_move;
        if S::WANTS_REJECTED && may_switch {
            // `explain`: every switch is a candidate, tested by playing.
            let mut audit = Audit {
                pos: self,
                form,
                in_check,
                sink,
            };
            eggman::king_moves(self, king, form, |m| audit.push(m))?;
            eggman::castling(self, in_check, &mut audit)?;
            return self.piece_moves(&mut w, &mut audit);
        }
        let mut kings = KingSwitches {
            pos: self,
            form,
            on: king_switches,
            sink,
        };
        eggman::king_moves(self, king, form, |m| kings.push(m))?;
        eggman::castling(self, in_check, &mut kings)?;
        let sw = if switching {
            self.switch_forms(form)
        } else {
            Switches::new()
        };
        if sw.is_empty() {
            self.piece_moves(&mut w, sink)
        } else {
            self.piece_moves_switching(&mut w, form, &sw, sink)
        }
    }

    /// The pawn, knight, ranged-piece and compound moves of the side to
    /// move, none followed by a switch. A compound moves as each of its
    /// parts in turn (SCA-12).
    fn piece_moves<S: MoveSink<SonicMove>>(&self, w: &mut Walker<Grid>, sink: &mut S) -> Flow {
        let me = self.turn;
        for sq in self.board.squares() {
            let c = self.cells[sq.0 as usize];
            if !has_piece(c) || color_of(c) != me {
                continue;
            }
            let k = kind(c);
            if k == PAWN {
                pawns::moves(self, sq, |pm| sink.push(pm.mv))?;
            } else if is_walker(k) {
                let saved = w.vacate(sq.0);
                let mut stopped = false;
                'parts: for &part in parts(k) {
                    for &u in w.units(part) {
                        stopped = unit_moves(w, sink, sq.0, part, u, true, endless);
                        if stopped {
                            break 'parts;
                        }
                    }
                }
                w.put_back(sq.0, saved);
                if stopped {
                    return Flow::Break(());
                }
            }
        }
        Flow::Continue(())
    }

    /// SCA-8.1: the forms a switch after a non-king move may choose if the
    /// move allows one: the other remaining forms that would not reach the
    /// opponent's king. None if the king in its current form reaches it
    /// (then the opponent is in check after every non-king move).
    pub(crate) fn switch_forms(&self, form: Form) -> Switches {
        let me = self.turn;
        let (Some(mk), Some(ok)) = (self.kings[me as usize], self.kings[me.other() as usize])
        else {
            return Switches::new();
        };
        if reaches(self.board, form, mk, ok) {
            return Switches::new();
        }
        self.forms[me as usize]
            .iter()
            .filter(|&g| g != form && !reaches(self.board, g, mk, ok))
            .collect()
    }

    /// SCA-8.1 by playing `m`: the forms a switch after it may choose (none
    /// if it hit or captured the king, or the opponent's king is in check
    /// afterwards, tested with the current form `form`). The caller has
    /// ruled out a check before the move.
    pub(crate) fn switches_after(&self, m: &SonicMove, form: Form) -> Switches {
        self.switch_bars(m, form, false)
            .into_iter()
            .filter_map(|(g, bar)| bar.is_none().then_some(g))
            .collect()
    }

    /// SCA-8.1 by playing `m`: each form other than the current `form`
    /// with why a switch to it after `m` is not allowed (`None`: allowed);
    /// `in_check`: his king was in check before the move.
    pub(crate) fn switch_bars(
        &self,
        m: &SonicMove,
        form: Form,
        in_check: bool,
    ) -> SmallVec<[(Form, Option<SwitchBar>); 2]> {
        let me = self.turn;
        let others = self.forms[me as usize].iter().filter(|&g| g != form);
        let common = if eggman::is_king_move(self, m) && !self.rules.form_change_after_king_move {
            Some(SwitchBar::KingMove)
        } else if in_check {
            Some(SwitchBar::InCheck)
        } else {
            None
        };
        if common.is_some() {
            return others.map(|g| (g, common)).collect();
        }
        let mut child = self.clone();
        let hit = child.apply(m);
        let kings = (child.kings[me as usize], child.kings[me.other() as usize]);
        let common = if hit || child.winner.is_some() {
            Some(SwitchBar::Hit)
        } else if child.attacks_king(me) {
            Some(SwitchBar::ChecksAfter)
        } else {
            None
        };
        others
            .map(|g| {
                let bar = common.or_else(|| match kings {
                    (Some(mk), Some(ok)) if reaches(self.board, g, mk, ok) => {
                        Some(SwitchBar::NewFormChecks)
                    }
                    (Some(_), Some(_)) => None,
                    _ => Some(SwitchBar::Hit),
                });
                (g, bar)
            })
            .collect()
    }

    /// The pawn, knight and ranged-piece moves of the side to move, each
    /// followed by the switches to `sw` that SCA-8.1 allows after it, by
    /// the attack units (see the module docs).
    fn piece_moves_switching<S: MoveSink<SonicMove>>(
        &self,
        w: &mut Walker<Grid>,
        form: Form,
        sw: &Switches,
        sink: &mut S,
    ) -> Flow {
        let me = self.turn;
        let Some(target) = self.kings[me.other() as usize] else {
            return Flow::Continue(());
        };
        let t = target.0;
        let mut u = Units {
            index: [0; 256],
            units: SmallVec::new(),
            recs: SmallVec::new(),
            caps: SmallVec::new(),
            overflow: false,
        };
        for sq in self.board.squares() {
            let from = sq.0;
            let c = self.cells[from as usize];
            if !has_piece(c) || color_of(c) != me {
                continue;
            }
            let k = kind(c);
            if k == PAWN {
                pawns::moves(self, sq, |pm| {
                    sink.push(pm.mv)?;
                    // A pawn capturing the king wins: no switch.
                    if kind(self.cells[pm.mv.to() as usize]) == KING {
                        return Flow::Continue(());
                    }
                    let lo = u.caps.len() as u16;
                    u.caps.extend(pm.en_passant);
                    u.recs.push(Rec {
                        mv: pm.mv,
                        piece: pm.mv.promotion().map_or(c & PIECE_MASK, |p| piece(p, me)),
                        lo,
                        hi: u.caps.len() as u16,
                        own: 0,
                    });
                    Flow::Continue(())
                })?;
                continue;
            }
            if !is_walker(k) {
                continue;
            }
            let first_unit = u.units.len();
            let saved = w.vacate(from);
            for &part in parts(k) {
                for &unit in w.units(part) {
                    let bit = if u.units.len() < 64 {
                        1u64 << u.units.len()
                    } else {
                        u.overflow = true;
                        0
                    };
                    u.index[from as usize] |= bit;
                    let mut checks = false;
                    let (recs, caps) = (&mut u.recs, &mut u.caps);
                    let mut watch = Footprint {
                        index: &mut u.index,
                        bit,
                    };
                    let stopped = w.unit(from, part, unit, true, &mut watch, &mut |wk, b| {
                        if b.endless {
                            return false;
                        }
                        let m = SonicMove::piece(from, part, unit, b);
                        if sink.push(m).is_break() {
                            return true;
                        }
                        if b.hits > 0 {
                            // The move hits the king: no switch after it.
                            checks |= wk.checks(b, t);
                            return false;
                        }
                        let lo = caps.len() as u16;
                        caps.extend(wk.captured());
                        recs.push(Rec {
                            mv: m,
                            piece: c & PIECE_MASK,
                            lo,
                            hi: caps.len() as u16,
                            own: 0,
                        });
                        false
                    });
                    if stopped {
                        w.put_back(from, saved);
                        return Flow::Break(());
                    }
                    if bit != 0 {
                        u.units.push(Unit {
                            from,
                            part,
                            unit,
                            checks,
                        });
                    }
                }
            }
            w.put_back(from, saved);
            let own = (first_unit..u.units.len()).fold(0u64, |m, i| m | 1 << i);
            for r in u.recs.iter_mut().rev() {
                if r.mv.from() != from {
                    break;
                }
                r.own = own;
            }
        }
        let checking = u
            .units
            .iter()
            .enumerate()
            .filter(|(_, x)| x.checks)
            .fold(0u64, |m, (i, _)| m | 1 << i);
        for r in &u.recs {
            let allowed = if u.overflow {
                !self.switches_after(&r.mv, form).is_empty()
            } else {
                !self.checks_after(w, &u, r, checking, target)
            };
            if !allowed {
                continue;
            }
            if S::COUNTS_ONLY {
                sink.add_count(sw.len() as u64)?;
            } else {
                for &g in sw {
                    sink.push(r.mv.with_switch(g))?;
                }
            }
        }
        Flow::Continue(())
    }

    /// SCA-10 after the move `r`: whether the side to move gives check to
    /// the king on `target` once `r` is played, tracing again only the
    /// units the move changed (the board after the move is set up on the
    /// walker's scratch cells and restored).
    fn checks_after(
        &self,
        w: &mut Walker<Grid>,
        u: &Units,
        r: &Rec,
        checking: u64,
        target: crate::core::Square,
    ) -> bool {
        let (from, to) = (r.mv.from() as usize, r.mv.to() as usize);
        let caps = &u.caps[r.lo as usize..r.hi as usize];
        let mut changed = u.index[from] | u.index[to];
        for &c in caps {
            changed |= u.index[c as usize];
        }
        changed &= !r.own;
        // A unit that gave check and that the move did not touch still does.
        if checking & !r.own & !changed != 0 {
            return true;
        }
        let saved_from = w.cells[from];
        let saved_to = w.cells[to];
        let saved_caps: SmallVec<[u8; 8]> = caps.iter().map(|&c| w.cells[c as usize]).collect();
        for &c in caps {
            w.cells[c as usize] &= SPRING;
        }
        w.cells[from] &= SPRING;
        w.cells[to] = (w.cells[to] & SPRING) | r.piece;
        let pawn = piece(PAWN, self.turn);
        let mut check = check::pawn_squares(self, self.turn, target)
            .iter()
            .flatten()
            .any(|s| w.cells[s.0 as usize] & PIECE_MASK == pawn);
        let mut m = changed;
        while !check && m != 0 {
            let x = u.units[m.trailing_zeros() as usize];
            m &= m - 1;
            check = w.unit_checks(x.from, x.part, x.unit, target.0);
        }
        let k = kind(r.piece);
        if !check && is_walker(k) {
            check = w.piece_checks(to as u8, k, target.0);
        }
        w.cells[to] = saved_to;
        w.cells[from] = saved_from;
        for (&c, &s) in caps.iter().zip(&saved_caps).rev() {
            w.cells[c as usize] = s;
        }
        check
    }
}

/// A sink that tags every move with the start-of-turn choice of a form
/// (SCA-9.1/9.2) among the king's `Forms`. For `explain` it rejects every
/// switch after such a move (SCA-8.1: the choice already set the form).
struct Tagged<'a, S>(&'a mut S, Form, Forms);

impl<S: MoveSink<SonicMove>> MoveSink<SonicMove> for Tagged<'_, S> {
    const COUNTS_ONLY: bool = S::COUNTS_ONLY;
    const WANTS_REJECTED: bool = S::WANTS_REJECTED;
    #[inline]
    fn push(&mut self, m: SonicMove) -> Flow {
        let m = m.with_start(Some(self.1));
        if S::WANTS_REJECTED {
            for g in self.2.iter().filter(|&g| g != self.1) {
                let why = Rejection {
                    rules: vec!["SCA-8.1", "SCA-9.1"],
                    reason: "the turn began with a form choice, which already set the form".into(),
                };
                self.0.reject(m.with_switch(g), why);
            }
        }
        self.0.push(m)
    }
    fn add_count(&mut self, n: u64) -> Flow {
        self.0.add_count(n)
    }
    fn reject(&mut self, m: SonicMove, why: Rejection) {
        self.0.reject(m.with_start(Some(self.1)), why);
    }
}

/// The king moves and castlings of a turn, each followed by the switches
/// of the mutant `form-change-after-king-move` when `on`.
struct KingSwitches<'a, S> {
    pos: &'a Sonic,
    form: Form,
    on: bool,
    sink: &'a mut S,
}

impl<S: MoveSink<SonicMove>> MoveSink<SonicMove> for KingSwitches<'_, S> {
    const COUNTS_ONLY: bool = S::COUNTS_ONLY;
    const WANTS_REJECTED: bool = S::WANTS_REJECTED;
    #[inline]
    fn push(&mut self, m: SonicMove) -> Flow {
        self.sink.push(m)?;
        if self.on {
            for g in self.pos.switches_after(&m, self.form) {
                self.sink.push(m.with_switch(g))?;
            }
        }
        Flow::Continue(())
    }
    fn add_count(&mut self, n: u64) -> Flow {
        self.sink.add_count(n)
    }
    fn reject(&mut self, m: SonicMove, why: Rejection) {
        self.sink.reject(m, why);
    }
}

/// `explain`'s view of a turn without a pending choice: every move, then
/// each switch to another remaining form, legal or rejected with its
/// [`SwitchBar`] (SCA-8.1, tested by playing the move).
struct Audit<'a, S> {
    pos: &'a Sonic,
    form: Form,
    in_check: bool,
    sink: &'a mut S,
}

impl<S: MoveSink<SonicMove>> MoveSink<SonicMove> for Audit<'_, S> {
    const COUNTS_ONLY: bool = false;
    const WANTS_REJECTED: bool = S::WANTS_REJECTED;
    fn push(&mut self, m: SonicMove) -> Flow {
        self.sink.push(m)?;
        for (g, bar) in self.pos.switch_bars(&m, self.form, self.in_check) {
            match bar {
                None => self.sink.push(m.with_switch(g))?,
                Some(b) => self.sink.reject(m.with_switch(g), b.rejection(g)),
            }
        }
        Flow::Continue(())
    }
    fn add_count(&mut self, _: u64) -> Flow {
        unreachable!("explain's sink takes moves")
    }
    fn reject(&mut self, m: SonicMove, why: Rejection) {
        self.sink.reject(m, why);
    }
}

/// A counting sink's view that counts every move `k` times (the moves
/// that do not depend on a start-of-turn form choice, SCA-9.1).
struct Times<'a, S>(&'a mut S, u64);

impl<S: MoveSink<SonicMove>> MoveSink<SonicMove> for Times<'_, S> {
    const COUNTS_ONLY: bool = true;
    #[inline]
    fn push(&mut self, _: SonicMove) -> Flow {
        self.0.add_count(self.1)
    }
    #[inline]
    fn add_count(&mut self, n: u64) -> Flow {
        self.0.add_count(n * self.1)
    }
}
