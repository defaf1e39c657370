//! The generator of `crazy` (CRZ-C1), in two layers: the movement rules
//! of every piece ([`Moves`], [`Consumer`]) and the legal filter on top
//! of them (`generate`).
//!
//! # Movement rules
//!
//! The movement rules of every piece, written once: [`Moves`] is the
//! generator context (board, its bitboards, side, rights, mode), the piece
//! modules (`king`, `sliders`, `knight`, `pawn`) add one method each, and
//! every pseudo-legal move (CRZ-C1: the movement rules without the
//! mover's king safety, no `deny`) goes to a [`Consumer`]:
//!
//! - `Judge` (below) plays each move, decides legality and feeds a list or
//!   a counter (the game's one generator, `Game::generate`);
//! - `check::Removal` plays the captures near a king (the check test);
//! - `pseudo_moves` lists them (test oracles, unit tests only).
//!
//! In count mode ([`Consumer::grouping`]) moves that leave the same board
//! come as one group and capture-free steps as bitboards
//! ([`Consumer::steps`]), so a counter need not build them.
//!
//! Every method returns [`Flow`]: `Break` stops the generation at once
//! (a sink that wanted one move, the check test that found its answer),
//! passed up with `?`.
//!
//! # Legal moves
//!
//! The game's one move generator, `generate`: the movement rules
//! ([`Moves`]) feed the `Judge`, which plays each pseudo-legal move on a
//! scratch board through `position::apply_on`, runs turn end (CRZ-P3: every promotion
//! choice is its own move), decides legality (CRZ-C1, CRZ-K2, DEN-2) and
//! hands the legal moves to a [`MoveSink`]: a list, a counter (bulk
//! counting at perft leaves), a "first move" probe that stops the
//! generation at once, or `explain`'s collector, which also receives every
//! candidate found illegal with the rule and the reason
//! ([`MoveSink::reject`], only when [`MoveSink::WANTS_REJECTED`]).
//!
//! Counting shortcuts, all exact and none a second copy of a rule:
//!
//! - groups: moves with one result are judged once and counted `n` times
//!   (a knight's two paths, CRZ-N1; a king's capture-free double steps to
//!   one square, CRZ-K1; disguise chains of equal pawns, CRZ-P5, whose
//!   number the movement rules count with the chain walk itself);
//! - quiet steps: when the position's quick no-check proof holds
//!   (`check::Safety`), a capture-free step of a unit without queen, king
//!   or enemy piece keeps it true unless it opens a line to the king's
//!   region or puts a new base there in an attacker's line: such steps
//!   are legal without being played, and a counter takes their number
//!   from bitboards;
//! - the check test reuses the position's bitboards (`board::Census`),
//!   updated on the squares a move changed (`Effects::dirty`), and turn
//!   end looks only at those squares and at the position's marked ones.

use super::board::*;
use super::check::{check_at, quiet_near_king, Safety};
use super::moves::{Kind, KnightPath, Move, PROMOTION_KINDS};
use super::position::*;
use crate::core::geometry::Square;
use crate::core::{Color, Flow, MoveSink, Rejection};

/// Where the movement rules put the pseudo-legal moves they find. Every
/// method but [`Consumer::push`] has a default that builds and pushes the
/// moves one by one.
pub trait Consumer {
    /// Count mode: moves that leave the same board may come as one group
    /// ([`Consumer::group`], [`Consumer::equal_chains`]).
    fn grouping(&self) -> bool {
        false
    }

    /// Whether the consumer wants the candidates the movement rules
    /// discard ([`Consumer::reject`]; `explain`).
    fn rejects(&self) -> bool {
        false
    }

    /// A candidate the movement rules discard, with why (castling
    /// conditions, CRZ-K3). Called only when [`Consumer::rejects`].
    fn reject(&mut self, _m: &Move, _why: Rejection) {}

    /// One pseudo-legal move (it may still turn out not to exist when
    /// played: a knight that cannot land, CRZ-N2).
    fn push(&mut self, m: &Move) -> Flow;

    /// `n` moves that leave the same board as `m` (only when grouping).
    fn group(&mut self, m: &Move, n: u64) -> Flow {
        debug_assert_eq!(n, 1, "a group given to a consumer that does not group");
        self.push(m)
    }

    /// Capture-free moves of the unit `proto` starts with (a step, or a
    /// knight leap along either path, CRZ-N1): onto each empty square of
    /// `empty`, entering the rook on each square of `enter` (CRZ-R2).
    fn steps(&mut self, proto: &Move, empty: u64, enter: u64) -> Flow {
        let mut r = empty | enter;
        while r != 0 {
            let t = r.trailing_zeros() as usize;
            r &= r - 1;
            let m = proto.to(t, false, enter & 1 << t != 0);
            if matches!(m.kind, Kind::Knight(_)) {
                self.both_paths(&m)?;
            } else {
                self.push(&m)?;
            }
        }
        Flow::Continue(())
    }

    /// The knight move `m` (no capture in passing) along both paths: two
    /// moves with the same result (CRZ-N1).
    fn both_paths(&mut self, m: &Move) -> Flow {
        for p in [KnightPath::LongFirst, KnightPath::ShortFirst] {
            self.push(&Move {
                kind: Kind::Knight(p),
                ..*m
            })?;
        }
        Flow::Continue(())
    }

    /// The disguise chain `m` (CRZ-P4/P5), already played on `after`,
    /// which differs from the board only on `changed`; `unchanged` when
    /// the chain only exchanged equal pawns.
    fn chain(&mut self, m: &Move, _after: &Stacks, _changed: u64, _unchanged: bool) -> Flow {
        self.push(m)
    }

    /// `n` disguise chains whose first link swaps two equal plain pawns
    /// (so every link does and the board stays as it is). `Some` when the
    /// consumer took them (otherwise they are generated one by one).
    /// Only when grouping.
    fn equal_chains(&mut self, _n: u64) -> Option<Flow> {
        None
    }
}

/// The generator context: the movement rules of `side` on the board `b`.
pub struct Moves<'a> {
    /// The board.
    pub b: &'a Stacks,
    /// The bitboards of `b`.
    pub z: Census,
    /// The side whose moves are generated.
    pub side: Color,
    /// Castling rights (CRZ-K3).
    pub castling: u8,
    /// The en passant chance, when `side` is to move (CRZ-P2).
    pub ep: Option<(Square, Square)>,
    /// The rules (mutants) in force.
    pub fl: &'a Flags,
    /// Only capturing moves (the check test, CRZ-C1): castling then needs
    /// only its rights and empty squares.
    pub captures: bool,
    /// Only pieces that can act within `focus` (kings and knights within
    /// two squares, pawns and the all-round capture within one) and
    /// slider moves ending in it; `!0` for all.
    pub focus: u64,
}

impl Moves<'_> {
    /// Feeds every pseudo-legal move to `out`, piece by piece in square
    /// order (every piece of `side` at any level of any stack), then
    /// castling.
    pub fn all<C: Consumer>(&self, out: &mut C) -> Flow {
        let f = self.focus;
        let full = f == !0;
        // The board disguise chains are played on (copied once, if needed).
        let mut chain_board: Option<Stacks> = None;
        let mut own = self.z.any[self.side][0];
        while own != 0 {
            let i = own.trailing_zeros() as usize;
            own &= own - 1;
            let st = &self.b[i];
            let (n1, n2) = if full {
                (!0, !0)
            } else {
                (NEIGHBOURS[i], WITHIN_TWO[i])
            };
            for l in 0..st.len() {
                let p = st.get(l);
                if color(p) != self.side {
                    continue;
                }
                match kind(p) {
                    KING if n2 & f != 0 => self.king(i, l, out)?,
                    QUEEN => {
                        self.slider(i, l, true, true, out)?;
                        if n1 & f != 0 {
                            self.all_round(i, l, out)?;
                        }
                    }
                    ROOK => self.slider(i, l, true, false, out)?,
                    BISHOP => self.slider(i, l, false, true, out)?,
                    KNIGHT if n2 & f != 0 => self.knight(i, l, out)?,
                    PAWN if n1 & f != 0 => self.pawn(i, l, out, &mut chain_board)?,
                    _ => {}
                }
            }
        }
        self.castling(out)
    }
}

/// Collects moves (no grouping).
#[cfg(test)]
struct Collect(Vec<Move>);

#[cfg(test)]
impl Consumer for Collect {
    fn push(&mut self, m: &Move) -> Flow {
        self.0.push(*m);
        Flow::Continue(())
    }
}

/// Every pseudo-legal move of `side` on `b` (CRZ-C1), or only the
/// capturing ones, one by one in generation order. Promotion choices and
/// legality are not decided here. A test oracle (`oracle`).
#[cfg(test)]
pub(super) fn pseudo_moves(
    b: &Stacks,
    side: Color,
    castling: u8,
    ep: Option<(Square, Square)>,
    fl: &Flags,
    captures: bool,
) -> Vec<Move> {
    let moves = Moves {
        b,
        z: Census::of(b),
        side,
        castling,
        ep,
        fl,
        captures,
        focus: !0,
    };
    let mut out = Collect(Vec::new());
    let _ = moves.all(&mut out);
    out.0
}

/// Why a played candidate is not legal (the reason is built only for
/// sinks that want rejections).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Illegal {
    /// CRZ-K2: the moving king is removed during its own move.
    KingRemoved,
    /// CRZ-C1: the mover's king is in check after the turn.
    Check,
}

/// A judge's verdict on a played candidate.
type Verdict = Result<(), Illegal>;

/// Feeds every legal non-deny move of `c` to `sink` (turn end and
/// promotion choices decided, CRZ-P3), and the rejected candidates when
/// the sink wants them. `None`, feeding nothing, when a king is missing
/// (the game is over, G6).
pub(super) fn generate<S: MoveSink<Move>>(c: &Core, fl: &Flags, sink: &mut S) -> Option<Flow> {
    let z = c.bits;
    debug_assert_eq!(z, Census::of(&c.b), "the position's bitboards are stale");
    let side = c.turn;
    if z.any[side.other()][KING as usize] == 0 {
        return None;
    }
    let king = z.king(&c.b, side)?;
    let safe = if z.marks == 0 {
        Safety::of(&z, side, king, c.castling)
    } else {
        None
    };
    let moves = Moves {
        b: &c.b,
        z,
        side,
        castling: c.castling,
        ep: c.ep,
        fl,
        captures: false,
        focus: !0,
    };
    let mut j = Judge {
        c,
        fl,
        side,
        z,
        king: Some(king),
        safe,
        scratch: c.b,
        memo: [None; 16],
        sink,
    };
    Some(moves.all(&mut j))
}

/// Judges the pseudo-legal moves of the side to move (module docs).
struct Judge<'a, S: MoveSink<Move>> {
    c: &'a Core,
    fl: &'a Flags,
    side: Color,
    /// The bitboards of the position.
    z: Census,
    king: Option<(usize, usize)>,
    safe: Option<Safety>,
    /// Equal to the position's board between moves.
    scratch: Stacks,
    /// The verdict on the position's own board, by castling rights (for
    /// moves that leave the board as it is).
    memo: [Option<Verdict>; 16],
    sink: &'a mut S,
}

impl<S: MoveSink<Move>> Judge<'_, S> {
    /// Whether `m` (played, with every choice made) leaves the mover's king
    /// safe: `after` differs from the position on `dirty` only.
    fn verdict(&self, after: &Stacks, dirty: u64, castling: u8, king_move: bool) -> Verdict {
        let mut z = self.z;
        z.update(after, dirty);
        let king = match self.king {
            Some(k) if dirty & 1 << k.0 == 0 => Some(k),
            _ => z.king(after, self.side),
        };
        match king {
            // CRZ-K2: a king move during which the king is removed is not
            // a move; any other move removing its own king loses (CRZ-Q1).
            None if king_move => Err(Illegal::KingRemoved),
            None => Ok(()),
            Some(k) if check_at(after, &z, self.side, k, castling, self.fl) => Err(Illegal::Check),
            Some(_) => Ok(()),
        }
    }

    /// The verdict on the position's own board (moves that change nothing).
    fn unchanged_verdict(&mut self, castling: u8) -> Verdict {
        if let Some(v) = self.memo[castling as usize & 15] {
            return v;
        }
        let v = self.verdict(&self.c.b, 0, castling, false);
        self.memo[castling as usize & 15] = Some(v);
        v
    }

    /// Castling rights after a move (CRZ-K3) with the board after it in
    /// `after`.
    fn castling(&self, after: &Stacks, touched: u64, king_move: bool) -> u8 {
        let r = castling_after(self.c.castling, self.side, touched, king_move);
        if self.fl.enter_costs_castling {
            entering_costs(r, rook_heights(&self.c.b), after)
        } else {
            r
        }
    }

    /// Hands a judged move to the sink `times` times (DEN-2: never the
    /// excluded move), or reports it rejected when the sink wants that.
    #[inline]
    fn emit(&mut self, m: &Move, verdict: Verdict, times: u64) -> Flow {
        if self.c.excluded == Some(*m) {
            if S::WANTS_REJECTED {
                let why = Rejection::new("DEN-2", "the denied move may not be replayed (DEN-2)");
                self.sink.reject(*m, why);
            }
            return Flow::Continue(());
        }
        match verdict {
            Ok(()) if S::COUNTS_ONLY => self.sink.add_count(times),
            Ok(()) => {
                for _ in 0..times {
                    self.sink.push(*m)?;
                }
                Flow::Continue(())
            }
            Err(why) => {
                if S::WANTS_REJECTED {
                    let r = self.rejection(why);
                    self.sink.reject(*m, r);
                }
                Flow::Continue(())
            }
        }
    }

    /// The rule and reason of a verdict against a candidate (`explain`).
    #[cold]
    fn rejection(&self, why: Illegal) -> Rejection {
        match why {
            Illegal::KingRemoved => Rejection::new(
                "CRZ-K2",
                "the moving king would be removed during its own move (CRZ-K2)",
            ),
            // DEN-5: holding the denial right does not relax check.
            Illegal::Check if self.c.holder == self.side => Rejection {
                rules: vec!["CRZ-C1", "DEN-5"],
                reason: "the mover's king would be in check; holding the denial right does not relax check (CRZ-C1, DEN-5)".into(),
            },
            Illegal::Check => {
                Rejection::new("CRZ-C1", "the mover's king would be in check (CRZ-C1)")
            }
        }
    }

    /// Puts the squares of `mask` of the scratch board back.
    #[inline]
    fn restore(&mut self, mask: u64) {
        let mut r = mask;
        while r != 0 {
            let i = r.trailing_zeros() as usize;
            r &= r - 1;
            self.scratch[i] = self.c.b[i];
        }
    }

    /// The general path: plays `m` on the scratch board, runs turn end,
    /// and judges every promotion choice (CRZ-P3, CRZ-C1), counting each
    /// legal result `times` times.
    fn judge(&mut self, m: &Move, times: u64) -> Flow {
        let fx = apply_on(&mut self.scratch, m, self.side, self.c.ep, self.fl);
        if !fx.exists {
            self.restore(fx.dirty);
            if S::WANTS_REJECTED {
                self.no_such_move(m, fx.king_move);
            }
            return Flow::Continue(());
        }
        let mut m = *m;
        if fx.entered_late {
            m.ent |= 1 << (m.len - 1);
        }
        // Turn end can act only where the move changed the board and
        // where the position already had something for it to do.
        let mask = fx.dirty | self.z.marks;
        debug_assert!(
            (0..64).all(|i| mask & 1 << i != 0 || self.scratch[i] == self.c.b[i]),
            "a move changed a square outside its dirty mask"
        );
        let promos = turn_end_in(&mut self.scratch, self.side, mask);
        let castling = self.castling(&self.scratch, fx.touched, fx.king_move);
        // On `Break` the scratch board is restored before passing it up.
        let mut flow = Flow::Continue(());
        if promos.is_empty() {
            let verdict = self.verdict(&self.scratch, mask, castling, fx.king_move);
            flow = self.emit(&m, verdict, times);
        } else {
            for combo in 0..4usize.pow(promos.len() as u32) {
                let mut m2 = m;
                let mut x = combo;
                for &pi in &promos {
                    let owner = color(self.scratch[pi].get(0));
                    self.scratch[pi].set(0, make(PROMOTION_KINDS[x % 4], owner));
                    m2.promote(pi, x % 4);
                    x /= 4;
                }
                let verdict = self.verdict(&self.scratch, mask, castling, fx.king_move);
                flow = self.emit(&m2, verdict, times);
                if flow.is_break() {
                    break;
                }
            }
        }
        self.restore(mask);
        flow
    }

    /// Reports a candidate that turned out not to exist when played.
    #[cold]
    fn no_such_move(&mut self, m: &Move, king_move: bool) {
        let why = match m.kind {
            Kind::Knight(_) => Rejection {
                rules: vec!["CRZ-N3", "CRZ-N2"],
                reason: "after its capture the knight must land on an empty square or enter a rook (CRZ-N2, CRZ-N3)".into(),
            },
            _ if king_move => Rejection::new(
                "CRZ-K2",
                "the moving king would be removed during its own move (CRZ-K2)",
            ),
            _ => Rejection::new("CRZ-V", "a stack would exceed the most pieces a square can hold"),
        };
        self.sink.reject(*m, why);
    }

    /// Whether the piece X that travels along the disguise chain `m` is a
    /// single piece of the mover, neither queen nor king (every link then
    /// exchanges two single pieces of the mover).
    fn travels_plain(&self, m: &Move) -> bool {
        let st = &self.c.b[m.sq[1] as usize];
        let l = m.lv[1] as usize;
        let x = st.get(l);
        color(x) == self.side && kind(x) != QUEEN && kind(x) != KING && st.unit_len(l) == 1
    }

    /// Whether the unit that leaves level `l` of `a` (a rook with what is
    /// above it, any other piece alone) holds no queen, no king and no
    /// enemy piece (then it leaves the king's region and the attackers as
    /// they are).
    fn unit_is_plain(&self, a: usize, l: usize) -> bool {
        let us = self.side;
        let risky = self.z.queens() | self.z.any[us.other()][0] | self.z.any[us][KING as usize];
        if risky & 1 << a == 0 {
            return true;
        }
        let st = &self.c.b[a];
        let unit = if kind(st.get(l)) == ROOK {
            &st.pieces()[l..]
        } else {
            &st.pieces()[l..=l]
        };
        !unit
            .iter()
            .any(|&q| kind(q) == QUEEN || kind(q) == KING || color(q) != self.side)
    }
}

impl<S: MoveSink<Move>> Consumer for Judge<'_, S> {
    fn grouping(&self) -> bool {
        S::COUNTS_ONLY && self.c.excluded.is_none()
    }

    fn rejects(&self) -> bool {
        S::WANTS_REJECTED
    }

    fn reject(&mut self, m: &Move, why: Rejection) {
        if S::WANTS_REJECTED {
            self.sink.reject(*m, why);
        }
    }

    fn push(&mut self, m: &Move) -> Flow {
        self.judge(m, 1)
    }

    fn group(&mut self, m: &Move, n: u64) -> Flow {
        // Capture-free king double steps of a lone king onto an empty
        // square (CRZ-K1): the board changes on two squares only, so the
        // quick no-check proof can be tried on the bitboards alone.
        if m.kind == Kind::King
            && m.cap == 0
            && !m.enters_at(2)
            && m.lv[0] == 0
            && self.z.marks == 0
        {
            let (i, t) = (m.from(), m.last());
            let mut z = self.z;
            z.clear(i);
            z.add(t, &Stack::one(make(KING, self.side)));
            let castling = castling_after(self.c.castling, self.side, 1 << i, true);
            if quiet_near_king(&z, self.side, t, castling) {
                return self.emit(m, Ok(()), n);
            }
        }
        self.judge(m, n)
    }

    fn steps(&mut self, proto: &Move, empty: u64, enter: u64) -> Flow {
        let paths = if matches!(proto.kind, Kind::Knight(_)) {
            2
        } else {
            1
        };
        let (a, l) = (proto.from(), proto.lv[0] as usize);
        let mut slow = empty | enter;
        if let Some(s) = self.safe {
            let vacated = l == 0;
            if self.c.excluded.is_none()
                && (!vacated || s.xray & 1 << a == 0)
                && self.unit_is_plain(a, l)
            {
                // A pawn landing as a base on rank 1 or 8 leaves turn end
                // something to do (CRZ-P3): the general path.
                slow = if kind(self.c.b[a].get(l)) == PAWN {
                    empty & RANKS_1_8
                } else {
                    0
                };
                let occ = if vacated {
                    self.z.occ & !(1 << a)
                } else {
                    self.z.occ
                };
                let mut r = empty & s.near & !slow;
                while r != 0 {
                    let t = r.trailing_zeros() as usize;
                    r &= r - 1;
                    if s.new_target_seen(t, occ | 1 << t) {
                        slow |= 1 << t;
                    }
                }
                let (quiet, enter) = (empty & !slow, enter & !slow);
                if S::COUNTS_ONLY {
                    let n = (quiet.count_ones() + enter.count_ones()) as u64;
                    self.sink.add_count(n * paths)?;
                } else {
                    let mut r = quiet | enter;
                    while r != 0 {
                        let t = r.trailing_zeros() as usize;
                        r &= r - 1;
                        let m = proto.to(t, false, enter & 1 << t != 0);
                        if paths == 2 {
                            for p in [KnightPath::LongFirst, KnightPath::ShortFirst] {
                                self.emit(
                                    &Move {
                                        kind: Kind::Knight(p),
                                        ..m
                                    },
                                    Ok(()),
                                    1,
                                )?;
                            }
                        } else {
                            self.emit(&m, Ok(()), 1)?;
                        }
                    }
                }
            }
        }
        while slow != 0 {
            let t = slow.trailing_zeros() as usize;
            slow &= slow - 1;
            let m = proto.to(t, false, enter & 1 << t != 0);
            if paths == 2 {
                self.both_paths(&m)?;
            } else {
                self.judge(&m, 1)?;
            }
        }
        Flow::Continue(())
    }

    fn both_paths(&mut self, m: &Move) -> Flow {
        if self.grouping() {
            self.judge(m, 2)
        } else {
            for p in [KnightPath::LongFirst, KnightPath::ShortFirst] {
                self.judge(
                    &Move {
                        kind: Kind::Knight(p),
                        ..*m
                    },
                    1,
                )?;
            }
            Flow::Continue(())
        }
    }

    fn chain(&mut self, m: &Move, after: &Stacks, changed: u64, unchanged: bool) -> Flow {
        // The squares whose base a chain swaps: its path squares at level
        // 0 (as `apply_on` counts them).
        let mut touched = 0u64;
        for k in 0..m.len as usize {
            if m.lv[k] == 0 {
                touched |= 1 << m.sq[k];
            }
        }
        let idle = self.z.marks == 0 && {
            let mut r = changed & RANKS_1_8;
            let mut idle = true;
            while r != 0 {
                let i = r.trailing_zeros() as usize;
                r &= r - 1;
                idle &= !needs_turn_end(i, &after[i]);
            }
            idle
        };
        if !idle {
            return self.judge(m, 1);
        }
        let castling = self.castling(after, touched, false);
        let verdict = if unchanged {
            self.unchanged_verdict(castling)
        } else if self.safe.is_some() && self.travels_plain(m) {
            // Own single pieces exchanged: occupancy, base colours, queens
            // and attackers are as they were, so the position's quick
            // no-check proof still holds.
            Ok(())
        } else {
            self.verdict(after, changed, castling, false)
        };
        self.emit(m, verdict, 1)
    }

    fn equal_chains(&mut self, n: u64) -> Option<Flow> {
        if !self.grouping() || self.z.marks != 0 {
            return None;
        }
        // Plain pawns stand off ranks 1 and 8: no castling square changes.
        if self.unchanged_verdict(self.c.castling).is_ok() {
            return Some(self.sink.add_count(n));
        }
        Some(Flow::Continue(()))
    }
}
