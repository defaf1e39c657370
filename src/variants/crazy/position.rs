//! The validated Crazy Chess position ([`Core`]): move generation for every
//! piece (king, queen, rook, bishop, knight, pawn with disguise chains),
//! playing a move through the chain-reaction resolver, turn-end processing
//! and the check test (CRZ-C1).
//!
//! Moves are generated pseudo-legally per piece, then each is played on a
//! copy of the stacks; the result decides promotions (CRZ-P3) and legality
//! (CRZ-C1, CRZ-K2).

use smallvec::SmallVec;

use super::board::*;
use crate::core::geometry::{Board, Dir, Square, BISHOP_DIRS, KING_DIRS, KNIGHT_LEAPS, ROOK_DIRS};
use crate::core::moves::{Decision, KnightPath, Move, Path};
use crate::core::Color;

const B8: Board = Board::CHESS;

/// Castling-right bits.
pub const WK: u8 = 1;
pub const WQ: u8 = 2;
pub const BK: u8 = 4;
pub const BQ: u8 = 8;

/// The rules of one game, converted once from the rule options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    pub chain: ChainMutants,
    /// `knight-captures-two`: a knight's capture in passing may be
    /// followed by a capture at the destination.
    pub knight_two: bool,
    /// `king-single-step`: a king move is one step (FIDE).
    pub king_single: bool,
    /// `deny-undeniable-king-moves`: the soft denial of DEN-6.
    pub deny_soft: bool,
    /// `king-effects-immediate`: a king's first-step capture resolves at
    /// once (CRZ-K2 misread).
    pub king_immediate: bool,
    /// `entering-costs-castling`: a piece entering the rook costs the
    /// castling right (CRZ-K3 misread).
    pub enter_costs_castling: bool,
}

/// Everything the next legal moves depend on (the position text, G4),
/// except the deniable previous turn (kept by the game, DEN-7).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Core {
    pub b: Stacks,
    pub turn: Color,
    pub castling: u8,
    /// En passant chance: (skipped square, victim square) (CRZ-P2).
    pub ep: Option<(Square, Square)>,
    pub halfmove: u32,
    pub fullmove: u32,
    /// DEN-1: who holds the denial right.
    pub holder: Color,
    /// DEN-3: the side to move's turn cannot be denied (denier's next turn).
    pub protected: bool,
    /// DEN-2/DEN-7: the move the side to move may not replay after a deny.
    pub excluded: Option<Move>,
}

/// The board after a move's chain reactions, before turn end.
pub struct After {
    pub b: Stacks,
    pub touched: u64,
    pub ep: Option<(Square, Square)>,
    pub king_move: bool,
    /// A knight that captured first entered a rook at its destination.
    pub entered_late: bool,
    pub pawn_move: bool,
    /// The move captures (resets the halfmove clock with pawn moves).
    pub captured: bool,
}

fn sq_add(s: Square, d: Dir) -> Option<Square> {
    s.offset(d, B8)
}

/// The level named by a move for path index `at` (default 0).
pub fn level_of(mv: &Move, at: u8) -> usize {
    mv.decisions
        .iter()
        .find_map(|d| match d {
            Decision::Level { at: a, level } if *a == at => Some(*level as usize),
            _ => None,
        })
        .unwrap_or(0)
}
pub fn has(mv: &Move, d: Decision) -> bool {
    mv.decisions.contains(&d)
}
fn knight_path(mv: &Move) -> Option<KnightPath> {
    mv.decisions.iter().find_map(|d| match d {
        Decision::KnightPath(p) => Some(*p),
        _ => None,
    })
}

/// Builds a move from its path and decisions.
fn mk(path: &[Square], decisions: &[Decision]) -> Move {
    Move {
        path: Path::from_slice(path),
        decisions: decisions.iter().copied().collect(),
    }
}

fn lvl(at: u8, level: usize) -> Option<Decision> {
    (level > 0).then_some(Decision::Level {
        at,
        level: level as u8,
    })
}

/// What a step can do on a square with this stack (CRZ-R2).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Land {
    Quiet,
    Capture,
    Enter,
}

fn landings(st: &Stack, side: Color) -> SmallVec<[Land; 2]> {
    let mut v = SmallVec::new();
    match st.base() {
        None => v.push(Land::Quiet),
        Some(base) => {
            if color(base) != side {
                v.push(Land::Capture);
            }
            if kind(base) == ROOK {
                v.push(Land::Enter);
            }
        }
    }
    v
}

fn land_decision(at: u8, l: Land) -> Option<Decision> {
    match l {
        Land::Quiet => None,
        Land::Capture => Some(Decision::CaptureAt(at)),
        Land::Enter => Some(Decision::EnterAt(at)),
    }
}

/// Relative rank (0 = own first rank).
fn rel_rank(s: Square, c: Color) -> u8 {
    if c.is_white() {
        s.rank()
    } else {
        7 - s.rank()
    }
}

fn fwd(c: Color) -> i8 {
    if c.is_white() {
        1
    } else {
        -1
    }
}

pub fn find_king(b: &Stacks, c: Color) -> Option<(usize, usize)> {
    let k = make(KING, c);
    for (i, st) in b.iter().enumerate() {
        for (l, &p) in st.pieces().iter().enumerate() {
            if p & 15 == k {
                return Some((i, l));
            }
        }
    }
    None
}

/// Generation mode: every pseudo-legal move, or only moves that capture
/// (the candidates of the check test, CRZ-C1).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    All,
    Captures,
}

impl Core {
    /// The non-capturing targets of a pawn of colour `c` at `from` (level
    /// `level`), ignoring what stands on the target (CRZ-P1, CRZ-P4):
    /// one square forward, backward or sideways, two forward or sideways
    /// from its own second rank when a base (middle square empty); never its
    /// own first rank. Returns (target, is double step).
    fn pawn_targets(&self, from: Square, level: usize, c: Color) -> SmallVec<[(Square, bool); 8]> {
        let mut v = SmallVec::new();
        let f = fwd(c);
        for d in [Dir::new(0, f), Dir::new(0, -f), Dir::E, Dir::W] {
            if let Some(t) = sq_add(from, d) {
                if rel_rank(t, c) != 0 {
                    v.push((t, false));
                }
            }
        }
        if level == 0 && rel_rank(from, c) == 1 {
            for d in [Dir::new(0, f), Dir::E, Dir::W] {
                if let (Some(m), Some(t)) =
                    (sq_add(from, d), sq_add(from, Dir::new(d.df * 2, d.dr * 2)))
                {
                    if self.b[idx(m)].is_empty() {
                        v.push((t, true));
                    }
                }
            }
        }
        v
    }

    /// Calls `f` with every pseudo-legal move of `side` (moves may still
    /// fail when played: a knight that cannot land, CRZ-N2). `Mode::All`
    /// also tests the castling conditions that need attack tests (CRZ-K3).
    pub fn gen(&self, fl: &Flags, side: Color, mode: Mode, f: &mut dyn FnMut(Move)) {
        self.gen_near(fl, side, mode, !0, f);
    }

    /// [`Core::gen`] for the check test: pieces whose captures and
    /// destinations all lie outside `focus` are skipped (kings and knights
    /// act within two squares, pawns and the all-round capture within one;
    /// sliders are always generated).
    pub fn gen_near(
        &self,
        fl: &Flags,
        side: Color,
        mode: Mode,
        focus: u64,
        f: &mut dyn FnMut(Move),
    ) {
        let caps = mode == Mode::Captures;
        for i in 0..64 {
            let st = self.b[i];
            let a = sq_of(i);
            if st.is_empty() {
                continue;
            }
            let (n1, n2) = if focus == !0 {
                (!0, !0)
            } else {
                let n1 = NEIGHBOURS[i];
                (n1, neighbours(n1))
            };
            for l in 0..st.len() {
                let p = st.get(l);
                if color(p) != side {
                    continue;
                }
                match kind(p) {
                    KING if n2 & focus != 0 => self.gen_king(fl, i, l, side, caps, f),
                    QUEEN => {
                        self.gen_slider(a, l, side, &KING_DIRS, caps, f);
                        if n1 & focus != 0 {
                            self.gen_all_round(a, l, f);
                        }
                    }
                    ROOK => self.gen_slider(a, l, side, &ROOK_DIRS, caps, f),
                    BISHOP => self.gen_slider(a, l, side, &BISHOP_DIRS, caps, f),
                    KNIGHT if n2 & focus != 0 => self.gen_knight(fl, a, l, side, caps, f),
                    PAWN if n1 & focus != 0 => self.gen_pawn(a, l, side, caps, f),
                    _ => {}
                }
            }
        }
        self.gen_castling(fl, side, mode, f);
    }

    /// CRZ-R1 and FIDE sliders; a slide ends on the first occupied square
    /// by capturing an enemy base or entering a rook (CRZ-R2).
    fn gen_slider(
        &self,
        a: Square,
        l: usize,
        side: Color,
        dirs: &[Dir],
        caps: bool,
        f: &mut dyn FnMut(Move),
    ) {
        for &d in dirs {
            for t in B8.ray(a, d) {
                let st = &self.b[idx(t)];
                for land in landings(st, side) {
                    if caps && land != Land::Capture {
                        continue;
                    }
                    let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                    ds.extend(lvl(0, l));
                    ds.extend(land_decision(1, land));
                    f(mk(&[a, t], &ds));
                }
                if !st.is_empty() {
                    break;
                }
            }
        }
    }

    /// CRZ-Q1: the all-round capture, only with an occupied neighbour.
    fn gen_all_round(&self, a: Square, l: usize, f: &mut dyn FnMut(Move)) {
        if KING_DIRS
            .iter()
            .any(|&d| sq_add(a, d).is_some_and(|n| !self.b[idx(n)].is_empty()))
        {
            let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
            ds.extend(lvl(0, l));
            ds.push(Decision::AllRound);
            f(mk(&[a], &ds));
        }
    }

    /// CRZ-K1: two king steps; each may be quiet, capture or enter (the
    /// first step's capture effects are deferred, CRZ-K2, see `apply`).
    fn gen_king(
        &self,
        fl: &Flags,
        i: usize,
        l: usize,
        side: Color,
        caps: bool,
        f: &mut dyn FnMut(Move),
    ) {
        let a = sq_of(i);
        let mut origin = self.b[i];
        origin.remove(l);
        for d1 in KING_DIRS {
            let Some(s1) = sq_add(a, d1) else { continue };
            for l1 in landings(&self.b[idx(s1)], side) {
                if fl.king_single {
                    if caps && l1 != Land::Capture {
                        continue;
                    }
                    let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                    ds.extend(lvl(0, l));
                    ds.extend(land_decision(1, l1));
                    f(mk(&[a, s1], &ds));
                    continue;
                }
                for d2 in KING_DIRS {
                    let Some(s2) = sq_add(s1, d2) else { continue };
                    let st2 = if s2 == a { origin } else { self.b[idx(s2)] };
                    for l2 in landings(&st2, side) {
                        if caps && l1 != Land::Capture && l2 != Land::Capture {
                            continue;
                        }
                        let mut ds: SmallVec<[Decision; 4]> = SmallVec::new();
                        ds.extend(lvl(0, l));
                        ds.extend(land_decision(1, l1));
                        ds.extend(land_decision(2, l2));
                        f(mk(&[a, s1, s2], &ds));
                    }
                }
            }
        }
    }

    /// CRZ-K3: castling (FIDE rights and conditions) as the king's first
    /// step, then a second king step.
    fn gen_castling(&self, fl: &Flags, side: Color, mode: Mode, f: &mut dyn FnMut(Move)) {
        let r = if side.is_white() { 0u8 } else { 7 };
        let (kbit, qbit) = if side.is_white() { (WK, WQ) } else { (BK, BQ) };
        let king_sq = Square::new(4, r);
        for (bit, rook_file, king_to, rook_to, empty) in [
            (kbit, 7u8, 6u8, 5u8, &[5u8, 6][..]),
            (qbit, 0, 2, 3, &[1, 2, 3][..]),
        ] {
            if self.castling & bit == 0 {
                continue;
            }
            let rook_sq = Square::new(rook_file, r);
            let (ki, ri) = (idx(king_sq), idx(rook_sq));
            if self.b[ki].base() != Some(make(KING, side))
                || self.b[ri].base().map(|p| p & 15) != Some(make(ROOK, side))
            {
                continue;
            }
            if self.b[ki].len() != 1
                || empty
                    .iter()
                    .any(|&fi| !self.b[idx(Square::new(fi, r))].is_empty())
            {
                continue;
            }
            let kt = Square::new(king_to, r);
            let rt = Square::new(rook_to, r);
            let mut after = self.b;
            after[ki] = Stack::EMPTY;
            after[idx(kt)] = Stack::one(make(KING, side));
            after[idx(rt)] = after[ri];
            after[ri] = Stack::EMPTY;
            if mode == Mode::All {
                let crossed = Square::new(if king_to == 6 { 5 } else { 3 }, r);
                let mut cross = self.b;
                cross[ki] = Stack::EMPTY;
                cross[idx(crossed)] = Stack::one(make(KING, side));
                if in_check(&self.b, side, self.castling, fl)
                    || in_check(&cross, side, self.castling, fl)
                    || in_check(&after, side, self.castling, fl)
                {
                    continue;
                }
            }
            for d2 in KING_DIRS {
                let Some(s2) = sq_add(kt, d2) else { continue };
                for l2 in landings(&after[idx(s2)], side) {
                    if mode == Mode::Captures && l2 != Land::Capture {
                        continue;
                    }
                    let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                    ds.push(Decision::Castle { rook: rook_sq });
                    ds.extend(land_decision(2, l2));
                    f(mk(&[king_sq, kt, s2], &ds));
                }
            }
        }
    }

    /// CRZ-N1..N3: both paths of every leap; a capture at the destination
    /// (base, or an enemy rider at any depth) or one capture in passing on
    /// an intermediate square (any depth), or none.
    fn gen_knight(
        &self,
        _fl: &Flags,
        a: Square,
        l: usize,
        side: Color,
        caps: bool,
        f: &mut dyn FnMut(Move),
    ) {
        for leap in KNIGHT_LEAPS {
            let Some(b) = sq_add(a, leap) else { continue };
            let (u, v) = if leap.dr.abs() == 2 {
                (Dir::new(0, leap.dr.signum()), Dir::new(leap.df, 0))
            } else {
                (Dir::new(leap.df.signum(), 0), Dir::new(0, leap.dr))
            };
            let dest = &self.b[idx(b)];
            for path in [KnightPath::LongFirst, KnightPath::ShortFirst] {
                let mids = match path {
                    KnightPath::LongFirst => {
                        [sq_add(a, u), sq_add(a, Dir::new(2 * u.df, 2 * u.dr))]
                    }
                    KnightPath::ShortFirst => {
                        [sq_add(a, v), sq_add(a, Dir::new(v.df + u.df, v.dr + u.dr))]
                    }
                };
                let kp = Decision::KnightPath(path);
                for land in landings(dest, side) {
                    if caps && land != Land::Capture {
                        continue;
                    }
                    let mut ds: SmallVec<[Decision; 4]> = SmallVec::new();
                    ds.extend(lvl(0, l));
                    ds.extend(land_decision(1, land));
                    ds.push(kp);
                    f(mk(&[a, b], &ds));
                }
                for (dl, &p) in dest.pieces().iter().enumerate().skip(1) {
                    if color(p) != side {
                        let mut ds: SmallVec<[Decision; 4]> = SmallVec::new();
                        ds.extend(lvl(0, l));
                        ds.push(Decision::CaptureAt(1));
                        ds.extend(lvl(1, dl));
                        ds.push(kp);
                        f(mk(&[a, b], &ds));
                    }
                }
                // A capture in passing: the landing is decided when played.
                for m in mids.into_iter().flatten() {
                    for (ml, &p) in self.b[idx(m)].pieces().iter().enumerate() {
                        if color(p) != side {
                            let mut ds: SmallVec<[Decision; 4]> = SmallVec::new();
                            ds.extend(lvl(0, l));
                            ds.push(Decision::CaptureAt(1));
                            ds.extend(lvl(1, ml));
                            ds.push(kp);
                            f(mk(&[a, m, b], &ds));
                        }
                    }
                }
            }
        }
    }

    /// CRZ-P1..P5: pawn steps (entering rooks), captures, en passant,
    /// disguise and chain disguise.
    fn gen_pawn(&self, a: Square, l: usize, side: Color, caps: bool, f: &mut dyn FnMut(Move)) {
        let fw = fwd(side);
        // Captures (FIDE, CRZ-P2): diagonally forward onto an enemy base,
        // or en passant onto the skipped square.
        for df in [-1, 1] {
            let Some(t) = sq_add(a, Dir::new(df, fw)) else {
                continue;
            };
            let st = &self.b[idx(t)];
            match st.base() {
                Some(base) if color(base) != side => {
                    let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                    ds.extend(lvl(0, l));
                    ds.push(Decision::CaptureAt(1));
                    f(mk(&[a, t], &ds));
                }
                None if self.ep.is_some_and(|(s, _)| s == t) && side == self.turn => {
                    let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                    ds.extend(lvl(0, l));
                    ds.push(Decision::CaptureAt(1));
                    f(mk(&[a, t], &ds));
                }
                _ => {}
            }
        }
        if caps {
            return;
        }
        for (t, _double) in self.pawn_targets(a, l, side) {
            let st = &self.b[idx(t)];
            // Plain steps: onto an empty square or into a rook (CRZ-R2).
            match st.base() {
                None => f(mk(&[a, t], lvl(0, l).as_slice())),
                Some(base) if kind(base) == ROOK => {
                    let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                    ds.extend(lvl(0, l));
                    ds.push(Decision::EnterAt(1));
                    f(mk(&[a, t], &ds));
                }
                _ => {}
            }
            // Disguise (CRZ-P4) with any piece of the target, then chains.
            for xl in 0..st.len() {
                let mut path: Path = Path::new();
                path.push(a);
                path.push(t);
                let mut ds: SmallVec<[Decision; 2]> = SmallVec::new();
                ds.extend(lvl(0, l));
                ds.push(Decision::Disguise(t));
                ds.extend(lvl(1, xl));
                self.gen_chain(side, a, l, t, xl, &mut path, &mut ds, f);
            }
        }
    }

    /// Emits the disguise in `path`/`ds` and every longer chain (CRZ-P5).
    #[allow(clippy::too_many_arguments)]
    fn gen_chain(
        &self,
        side: Color,
        pa: Square,
        pl: usize,
        xs: Square,
        xl: usize,
        path: &mut Path,
        ds: &mut SmallVec<[Decision; 2]>,
        f: &mut dyn FnMut(Move),
    ) {
        f(Move {
            path: path.clone(),
            decisions: ds.iter().copied().collect(),
        });
        // Play the swaps so far to find the next pawns.
        let mut b = self.b;
        let mut cur = swap(&mut b, pa, pl, xs, xl).0;
        let mut used: SmallVec<[(Square, usize); 8]> = SmallVec::new();
        used.push((xs, xl));
        for k in 2..path.len() {
            let ps = path[k];
            let l = level_of(
                &Move {
                    path: path.clone(),
                    decisions: ds.iter().copied().collect(),
                },
                k as u8,
            );
            let (x_new, pawn_new) = swap(&mut b, ps, l, cur.0, cur.1);
            used.push(pawn_new);
            cur = x_new;
        }
        if path.len() >= 10 {
            return;
        }
        let probe = Core {
            b,
            ..self.clone_light()
        };
        for d in KING_DIRS.iter().chain(
            [
                Dir::new(0, 2),
                Dir::new(0, -2),
                Dir::new(2, 0),
                Dir::new(-2, 0),
            ]
            .iter(),
        ) {
            let Some(u) = sq_add(cur.0, *d) else { continue };
            let st = &b[idx(u)];
            for ul in 0..st.len() {
                let p = st.get(ul);
                if p & 15 != make(PAWN, side) || used.contains(&(u, ul)) {
                    continue;
                }
                if !probe
                    .pawn_targets(u, ul, side)
                    .iter()
                    .any(|&(t, _)| t == cur.0)
                {
                    continue;
                }
                let at = path.len() as u8;
                path.push(u);
                let n = ds.len();
                ds.extend(lvl(at, ul));
                self.gen_chain(side, pa, pl, xs, xl, path, ds, f);
                path.pop();
                ds.truncate(n);
            }
        }
    }

    fn clone_light(&self) -> Core {
        Core {
            b: self.b,
            turn: self.turn,
            castling: self.castling,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            holder: self.holder,
            protected: false,
            excluded: None,
        }
    }

    /// Plays `mv` (of the side to move) on a copy of the stacks, with every
    /// chain reaction; `None` when the move turns out not to exist (a
    /// knight that cannot land, CRZ-N2/N3; a stack over the size limit).
    pub fn apply(&self, mv: &Move, fl: &Flags) -> Option<After> {
        let side = self.turn;
        let mut b = self.b;
        let mut ep = None;
        let mut entered_late = false;
        let a = idx(*mv.path.first()?);
        let la = level_of(mv, 0);
        if la >= b[a].len() {
            return None;
        }
        let p = b[a].get(la);
        let pk = kind(p);
        let mut king_move = pk == KING;
        let pawn_move = pk == PAWN;
        let mut touched: u64 = 0;
        if la == 0 {
            touched |= 1 << a;
        }
        if has(mv, Decision::AllRound) {
            let mut ch = Chain::new(&mut b, fl.chain);
            ch.all_round(a);
            let (ok, t) = (!ch.overflow, ch.touched | touched);
            let captured = true;
            return ok.then_some(After {
                touched: t,
                b,
                ep,
                king_move,
                entered_late,
                pawn_move,
                captured,
            });
        }
        if mv
            .decisions
            .iter()
            .any(|d| matches!(d, Decision::Disguise(_)))
        {
            king_move = false;
            let (mut cur, _) = swap(&mut b, sq_of(a), la, mv.path[1], level_of(mv, 1));
            if level_of(mv, 1) == 0 {
                touched |= 1 << idx(mv.path[1]);
            }
            let mut last_double: Option<(Square, Square, usize)> = None;
            if mv.path[0].distance(mv.path[1]) == 2 {
                last_double = Some((mid(mv.path[0], mv.path[1]), mv.path[1], level_of(mv, 1)));
            }
            for k in 2..mv.path.len() {
                let ps = mv.path[k];
                let l = level_of(mv, k as u8);
                if l == 0 {
                    touched |= 1 << idx(ps);
                }
                if cur.1 == 0 {
                    touched |= 1 << idx(cur.0);
                }
                let from_x = cur.0;
                let (x_new, pawn_new) = swap(&mut b, ps, l, cur.0, cur.1);
                if ps.distance(from_x) == 2 {
                    last_double = Some((mid(ps, from_x), pawn_new.0, pawn_new.1));
                }
                cur = x_new;
            }
            if let Some((skip, at, level)) = last_double {
                if level == 0 {
                    ep = Some((skip, at));
                }
            }
            if b.iter().any(|s| s.len() > MAX_STACK) {
                return None;
            }
            return Some(After {
                b,
                touched,
                ep,
                king_move,
                entered_late,
                pawn_move,
                captured: false,
            });
        }
        let unit = if pk == ROOK {
            b[a].split_off(la)
        } else {
            Stack::one(b[a].remove(la))
        };
        let cap = |k: u8| has(mv, Decision::CaptureAt(k));
        let ent = |k: u8| has(mv, Decision::EnterAt(k));
        let mut ch = Chain::new(&mut b, fl.chain);
        ch.touched = touched;
        if let Some(Decision::Castle { rook }) = mv
            .decisions
            .iter()
            .find(|d| matches!(d, Decision::Castle { .. }))
        {
            // CRZ-K3: the castling is the king's first step.
            let kt = idx(mv.path[1]);
            let ri = idx(*rook);
            let rt = idx(Square::new(
                if mv.path[1].file() == 6 { 5 } else { 3 },
                rook.rank(),
            ));
            ch.b[kt] = unit;
            ch.b[rt] = ch.b[ri];
            ch.b[ri] = Stack::EMPTY;
            ch.touched |= 1 << ri;
            let k = ch.b[kt].remove(0);
            land(&mut ch, idx(mv.path[2]), &Stack::one(k), cap(2), ent(2));
        } else if let Some(path) = knight_path(mv) {
            let _ = path;
            let last = mv.path.len() - 1;
            let t = idx(mv.path[last]);
            if mv.path.len() == 3 {
                // CRZ-N2/N3: capture in passing, then land as the square stands.
                ch.capture_level(idx(mv.path[1]), level_of(mv, 1));
                entered_late = land_after_capture(&mut ch, t, &unit, fl.knight_two)?;
            } else if cap(1) && level_of(mv, 1) > 0 {
                ch.capture_level(t, level_of(mv, 1));
                entered_late = land_after_capture(&mut ch, t, &unit, false)?;
            } else {
                land(&mut ch, t, &unit, cap(1), ent(1));
            }
        } else if pk == KING && mv.path.len() == 3 {
            // CRZ-K1/K2: two steps; first-step capture effects deferred.
            let (s1, s2) = (idx(mv.path[1]), idx(mv.path[2]));
            let mut deferred: Option<(u8, Stack)> = None;
            if cap(1) && fl.king_immediate {
                ch.replace_base(s1, &unit);
                if ch.b[s1].base() != Some(unit.get(0)) {
                    // The king did not survive its own first step.
                    return None;
                }
            } else if cap(1) {
                let mut old = ch.b[s1];
                let contents = old.split_off(1);
                let victim = old.get(0);
                ch.touched |= 1 << s1;
                deferred = Some((victim, contents));
                ch.b[s1] = unit;
            } else if !ch.b[s1].extend(&unit) {
                return None;
            }
            let Some(top) = ch.b[s1]
                .pieces()
                .iter()
                .rposition(|&p| p & 15 == make(KING, side))
            else {
                return None;
            };
            let k = ch.b[s1].remove(top);
            land(&mut ch, s2, &Stack::one(k), cap(2), ent(2));
            if let Some((victim, contents)) = deferred {
                ch.immune = Some(side);
                ch.fall(s1, &contents);
                // The victim's own effect, on the square as it now stands.
                ch.effect(s1, victim, 0);
                ch.immune = None;
            }
        } else {
            let t = idx(*mv.path.last()?);
            if pk == PAWN && cap(1) && ch.b[t].is_empty() {
                // CRZ-P2: en passant.
                ch.b[t] = unit;
                if let Some((_, v)) = self.ep {
                    ch.capture_level(idx(v), 0);
                }
            } else {
                land(&mut ch, t, &unit, cap(1), ent(1));
                if pk == PAWN && !ent(1) && !cap(1) && mv.path[0].distance(mv.path[1]) == 2 {
                    ep = Some((mid(mv.path[0], mv.path[1]), mv.path[1]));
                }
            }
        }
        let overflow = ch.overflow;
        let touched = ch.touched;
        if overflow {
            return None;
        }
        let captured = mv
            .decisions
            .iter()
            .any(|d| matches!(d, Decision::CaptureAt(_)));
        Some(After {
            b,
            touched,
            ep,
            king_move,
            entered_late,
            pawn_move,
            captured,
        })
    }
}

fn mid(a: Square, b: Square) -> Square {
    Square::new((a.file() + b.file()) / 2, (a.rank() + b.rank()) / 2)
}

/// A step's landing: quiet, entering (on top), or capturing the base.
fn land(ch: &mut Chain, t: usize, unit: &Stack, capture: bool, enter: bool) {
    if capture {
        ch.replace_base(t, unit);
    } else if ch.b[t].is_empty() {
        ch.b[t] = *unit;
    } else if !ch.b[t].extend(unit) || !enter {
        ch.overflow = true;
    }
}

/// CRZ-N2/N3: after its capture, the knight lands on an empty square or
/// enters a rook; anything else means the move does not exist. Returns
/// whether it entered.
fn land_after_capture(ch: &mut Chain, t: usize, unit: &Stack, two: bool) -> Option<bool> {
    match ch.b[t].base() {
        None => {
            ch.b[t] = *unit;
            Some(false)
        }
        Some(base) if kind(base) == ROOK => {
            if two && color(base) != color(unit.get(0)) {
                ch.replace_base(t, unit);
                return Some(false);
            }
            if !ch.b[t].extend(unit) {
                ch.overflow = true;
            }
            Some(true)
        }
        Some(base) if two && color(base) != color(unit.get(0)) => {
            ch.replace_base(t, unit);
            Some(false)
        }
        _ => None,
    }
}

/// CRZ-P4: the pawn at (`ps`, `pl`) and the piece X at (`xs`, `xl`), with
/// everything X carries, swap places. Returns X's and the pawn's new
/// (square, level).
pub fn swap(
    b: &mut Stacks,
    ps: Square,
    pl: usize,
    xs: Square,
    xl: usize,
) -> ((Square, usize), (Square, usize)) {
    let (pi, xi) = (idx(ps), idx(xs));
    if pl >= b[pi].len() || xl >= b[xi].len() || pi == xi {
        return ((xs, xl), (ps, pl));
    }
    let pawn = b[pi].get(pl);
    let n = b[xi].unit_len(xl);
    let above_x = b[xi].split_off(xl);
    let mut xunit = above_x;
    let rest_x = xunit.split_off(n);
    let _ = b[xi].push(pawn);
    let _ = b[xi].extend(&rest_x);
    let mut above_p = b[pi].split_off(pl);
    let rest_p = above_p.split_off(1);
    let _ = b[pi].extend(&xunit);
    let _ = b[pi].extend(&rest_p);
    ((ps, pl), (xs, xl))
}

/// CRZ-C1: is `c`'s king in check — would some pseudo-legal move of the
/// opponent remove it, chain reactions included? Only capturing moves can
/// remove a piece, and a removal spreads only through the capture squares
/// and the neighbours of captured queens, so moves whose capture squares
/// and destination all lie away from the king's square and its connected
/// queens (and their neighbours) are not tried.
pub fn in_check(b: &Stacks, c: Color, castling: u8, fl: &Flags) -> bool {
    in_check_with(b, c, castling, fl, true)
}

/// [`in_check`] with the locality filter on or off (`filtered = false`
/// plays every capturing move; used by tests to check the filter).
pub fn in_check_with(b: &Stacks, c: Color, castling: u8, fl: &Flags, filtered: bool) -> bool {
    let Some((ki, _)) = find_king(b, c) else {
        return false;
    };
    // D: king square plus queens connected to it by adjacency.
    let mut d: u64 = 1 << ki;
    let queens: u64 = (0..64)
        .filter(|&i| b[i].pieces().iter().any(|&p| kind(p) == QUEEN))
        .fold(0, |m, i| m | (1u64 << i));
    loop {
        let grown = neighbours(d) & queens | d;
        if grown == d {
            break;
        }
        d = grown;
    }
    let near = d | neighbours(d);
    let probe = Core {
        b: *b,
        turn: c.other(),
        castling,
        ep: None,
        halfmove: 0,
        fullmove: 1,
        holder: c,
        protected: false,
        excluded: None,
    };
    let mut found = false;
    probe.gen_near(
        fl,
        c.other(),
        Mode::Captures,
        if filtered { near } else { !0 },
        &mut |mv: Move| {
            if found {
                return;
            }
            let mut hit = mv.path.last().is_some_and(|&s| near & (1 << idx(s)) != 0);
            for dcs in &mv.decisions {
                match dcs {
                    Decision::CaptureAt(k) => hit |= near & (1 << idx(mv.path[*k as usize])) != 0,
                    Decision::AllRound => hit |= near & neighbours(1 << idx(mv.path[0])) != 0,
                    _ => {}
                }
            }
            if filtered && !hit {
                return;
            }
            if let Some(after) = probe.apply(&mv, fl) {
                if find_king(&after.b, c).is_none() {
                    found = true;
                }
            }
        },
    );
    found
}

/// The squares next to any square of `set`.
pub fn neighbours(set: u64) -> u64 {
    let mut out = 0u64;
    let mut s = set;
    while s != 0 {
        let i = s.trailing_zeros() as usize;
        s &= s - 1;
        out |= NEIGHBOURS[i];
    }
    out
}

/// Neighbour masks of the 64 squares (index `rank * 8 + file`).
static NEIGHBOURS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let (f, r) = ((i % 8) as i32, (i / 8) as i32);
        let mut m = 0u64;
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (nf, nr) = (f + df, r + dr);
                if (df != 0 || dr != 0) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                    m |= 1u64 << (nr * 8 + nf);
                }
                dr += 1;
            }
            df += 1;
        }
        t[i] = m;
        i += 1;
    }
    t
};
