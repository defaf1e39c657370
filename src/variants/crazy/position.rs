//! The validated Crazy Chess position ([`Core`]): the move-generation
//! dispatcher and playing a move through the chain-reaction resolver.
//! The pieces live in their own modules (`king`, `sliders` for queen, rook
//! and bishop, `knight`, `pawn` with disguise chains), the check test in
//! `check`.
//!
//! Moves are generated pseudo-legally per piece, then each is played on a
//! copy of the stacks; the result decides promotions (CRZ-P3) and legality
//! (CRZ-C1, CRZ-K2).

use smallvec::SmallVec;

use super::board::*;
pub use super::check::{in_check, in_check_with};
use super::pawn::swap;
use crate::core::geometry::{Board, Dir, Square, BISHOP_DIRS, KING_DIRS, ROOK_DIRS};
use crate::core::moves::{Decision, KnightPath, Move, Path};
use crate::core::Color;

pub(super) const B8: Board = Board::CHESS;

/// Castling-right bits.
pub const WK: u8 = 1;
pub const WQ: u8 = 2;
pub const BK: u8 = 4;
pub const BQ: u8 = 8;

/// The rules of one game, converted once from the rule options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    pub chain: ChainMutants,
    /// `knight-captures-two`: a knight's capture in passing may be
    /// followed by a capture at the destination.
    pub knight_two: bool,
    /// `king-single-step`: a king move is one step (FIDE).
    pub king_single: bool,
    /// `deny-undeniable-king-moves`: the soft denial of DEN-6.
    pub deny_soft: bool,
    /// `denied-without-move-loses`: DEN-4 misread (no stalemate after a
    /// deny).
    pub denied_loses: bool,
    /// `king-effects-immediate`: a king's first-step capture resolves at
    /// once (CRZ-K2 misread).
    pub king_immediate: bool,
    /// `entering-costs-castling`: a piece entering the rook costs the
    /// castling right (CRZ-K3 misread).
    pub enter_costs_castling: bool,
    /// Test aid, not a rule: the check test plays every capture instead of
    /// only those near the king (`check::in_check_with`).
    pub brute_check: bool,
    /// Test aid, not a rule: the generic path only — no quick no-check
    /// proof (`check::quiet_near_king`), no census reuse, full turn end
    /// after every move. Counts must not change (differential test).
    pub generic_path: bool,
}

/// Everything the next legal moves depend on (the position text, G4),
/// except the deniable previous turn (kept by the game, DEN-7).
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
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

/// What a move did besides changing the board ([`Core::apply_on`]).
#[derive(Clone, Copy)]
pub struct Effects {
    pub touched: u64,
    /// Every square the move may have changed (a superset).
    pub dirty: u64,
    pub ep: Option<(Square, Square)>,
    pub king_move: bool,
    pub entered_late: bool,
    pub pawn_move: bool,
    pub captured: bool,
}

/// The board after a move's chain reactions, before turn end.
pub struct After {
    pub b: Stacks,
    pub touched: u64,
    /// Every square the move may have changed (a superset).
    pub dirty: u64,
    pub ep: Option<(Square, Square)>,
    pub king_move: bool,
    /// A knight that captured first entered a rook at its destination.
    pub entered_late: bool,
    pub pawn_move: bool,
    /// The move captures (resets the halfmove clock with pawn moves).
    pub captured: bool,
}

pub(super) fn sq_add(s: Square, d: Dir) -> Option<Square> {
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
pub(super) fn knight_path(mv: &Move) -> Option<KnightPath> {
    mv.decisions.iter().find_map(|d| match d {
        Decision::KnightPath(p) => Some(*p),
        _ => None,
    })
}

/// Builds a move from its path and decisions.
pub(super) fn mk(path: &[Square], decisions: &[Decision]) -> Move {
    Move {
        path: Path::from_slice(path),
        decisions: decisions.iter().copied().collect(),
    }
}

pub(super) fn lvl(at: u8, level: usize) -> Option<Decision> {
    (level > 0).then_some(Decision::Level {
        at,
        level: level as u8,
    })
}

/// What a step can do on a square with this stack (CRZ-R2).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Land {
    Quiet,
    Capture,
    Enter,
}

pub(super) fn landings(st: &Stack, side: Color) -> SmallVec<[Land; 2]> {
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

pub(super) fn land_decision(at: u8, l: Land) -> Option<Decision> {
    match l {
        Land::Quiet => None,
        Land::Capture => Some(Decision::CaptureAt(at)),
        Land::Enter => Some(Decision::EnterAt(at)),
    }
}

/// Relative rank (0 = own first rank).
pub(super) fn rel_rank(s: Square, c: Color) -> u8 {
    if c.is_white() {
        s.rank()
    } else {
        7 - s.rank()
    }
}

pub(super) fn fwd(c: Color) -> i8 {
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

/// A capture-free move played on a board for counting (see
/// [`Core::gen_with`]), described by its effects.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    /// The squares the move changed (a superset).
    pub changed: u64,
    /// Squares whose base moved (castling rights, CRZ-K3).
    pub touched: u64,
    pub king_move: bool,
    /// The board is this position's board (a chain of equal pawns).
    pub unchanged: bool,
    /// How many moves with this same result it stands for.
    pub times: u64,
}

/// Receives capture-free moves played on a board, for counting; returns
/// whether it took the move into account (see [`Core::gen_with`]).
pub type ChainSink<'a> = dyn FnMut(&Stacks, Played) -> bool + 'a;

/// Count mode of the generators: the sink and a scratch copy of the board
/// (always restored to the position's board between moves).
pub(super) struct Counting<'s, 'a> {
    pub sink: &'s mut ChainSink<'a>,
    pub board: Stacks,
}

impl Counting<'_, '_> {
    /// Plays the capture-free move of the unit at `level` of `a` to `t`
    /// (onto an empty square, or entering the rook there, CRZ-R2/R3: a rook
    /// takes what is above it) on the scratch board and hands it to the
    /// sink, `times` times. `None`: the move does not exist (stack limit,
    /// as in [`Core::apply`]); `Some(false)`: the sink declined it.
    pub fn step(&mut self, a: usize, level: usize, t: usize, times: u64) -> Option<bool> {
        let b = &mut self.board;
        let (was_a, was_t) = (b[a], b[t]);
        let p = b[a].get(level);
        let unit = b[a].take_unit(level);
        let ok = if b[t].is_empty() {
            b[t] = unit;
            true
        } else {
            b[t].extend(&unit)
        };
        let taken = ok.then(|| {
            (self.sink)(
                b,
                Played {
                    changed: 1 << a | 1 << t,
                    touched: if level == 0 { 1 << a } else { 0 },
                    king_move: kind(p) == KING,
                    unchanged: false,
                    times,
                },
            )
        });
        b[a] = was_a;
        b[t] = was_t;
        taken
    }
}

/// Generation mode: every pseudo-legal move, or only moves that capture
/// (the candidates of the check test, CRZ-C1).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    All,
    Captures,
}

impl Core {
    /// Calls `f` with every pseudo-legal move of `side` (moves may still
    /// fail when played: a knight that cannot land, CRZ-N2). `Mode::All`
    /// also tests the castling conditions that need attack tests (CRZ-K3).
    pub fn gen(&self, fl: &Flags, side: Color, mode: Mode, f: &mut dyn FnMut(Move)) {
        self.gen_near(fl, side, mode, !0, f);
    }

    /// [`Core::gen`] for the check test: pieces whose captures and
    /// destinations all lie outside `focus` are skipped (kings and knights
    /// act within two squares, pawns and the all-round capture within one;
    /// a slider's moves are emitted only when they end in `focus`).
    pub fn gen_near(
        &self,
        fl: &Flags,
        side: Color,
        mode: Mode,
        focus: u64,
        f: &mut dyn FnMut(Move),
    ) {
        self.gen_with(fl, side, mode, focus, f, None);
    }

    /// [`Core::gen_near`]; with `fast`, pawn disguise chains (CRZ-P4/P5)
    /// are not built as moves: `fast` gets the board after each chain, the
    /// mask of its path squares and whether the board is unchanged (a
    /// chain of equal pawns) and the number of such chains it stands for,
    /// and returns whether it took the chain
    /// into account (otherwise the move goes to `f`). Chains whose swap
    /// fails (stack limit) reach neither, as [`Core::apply`] rejects them.
    pub fn gen_with(
        &self,
        fl: &Flags,
        side: Color,
        mode: Mode,
        focus: u64,
        f: &mut dyn FnMut(Move),
        fast: Option<&mut ChainSink<'_>>,
    ) {
        let caps = mode == Mode::Captures;
        let mut plain = None;
        let mut counting = fast.map(|sink| Counting {
            sink,
            board: self.b,
        });
        for (i, &st) in self.b.iter().enumerate() {
            let a = sq_of(i);
            if st.is_empty() {
                continue;
            }
            let (n1, n2) = if focus == !0 {
                (!0, !0)
            } else {
                (NEIGHBOURS[i], WITHIN_TWO[i])
            };
            for l in 0..st.len() {
                let p = st.get(l);
                if color(p) != side {
                    continue;
                }
                match kind(p) {
                    KING if n2 & focus != 0 => {
                        self.gen_king(fl, i, l, side, caps, f, counting.as_mut())
                    }
                    QUEEN => {
                        let cn = counting.as_mut();
                        self.gen_slider(a, l, side, &KING_DIRS, caps, focus, f, cn);
                        if n1 & focus != 0 {
                            self.gen_all_round(a, l, f);
                        }
                    }
                    ROOK => {
                        let cn = counting.as_mut();
                        self.gen_slider(a, l, side, &ROOK_DIRS, caps, focus, f, cn)
                    }
                    BISHOP => {
                        let cn = counting.as_mut();
                        self.gen_slider(a, l, side, &BISHOP_DIRS, caps, focus, f, cn)
                    }
                    KNIGHT if n2 & focus != 0 => {
                        self.gen_knight(fl, a, l, side, caps, f, counting.as_mut())
                    }
                    PAWN if n1 & focus != 0 => {
                        self.gen_pawn(a, l, side, caps, f, counting.as_mut(), &mut plain)
                    }
                    _ => {}
                }
            }
        }
        self.gen_castling(fl, side, mode, f);
    }

    /// Plays `mv` (of the side to move) on a copy of the stacks, with every
    /// chain reaction; `None` when the move turns out not to exist (a
    /// knight that cannot land, CRZ-N2/N3; a stack over the size limit).
    pub fn apply(&self, mv: &Move, fl: &Flags) -> Option<After> {
        let mut b = self.b;
        let e = self.apply_on(&mut b, mv, fl)?;
        Some(After {
            b,
            touched: e.touched,
            dirty: e.dirty,
            ep: e.ep,
            king_move: e.king_move,
            entered_late: e.entered_late,
            pawn_move: e.pawn_move,
            captured: e.captured,
        })
    }

    /// [`Core::apply`] on the board `b` (a copy of this position's),
    /// returning the effects only. On `None` the board may be partly
    /// changed.
    pub fn apply_on(&self, b: &mut Stacks, mv: &Move, fl: &Flags) -> Option<Effects> {
        let side = self.turn;
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
        let path_mask = mv.path.iter().fold(0u64, |m, &s| m | 1 << idx(s));
        if has(mv, Decision::AllRound) {
            let mut ch = Chain::new(b, fl.chain);
            ch.all_round(a);
            let (ok, t) = (!ch.overflow, ch.touched | touched);
            let captured = true;
            return ok.then_some(Effects {
                touched: t,
                dirty: ch.dirty | path_mask,
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
            let (mut cur, _) = swap(b, sq_of(a), la, mv.path[1], level_of(mv, 1))?;
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
                let (x_new, pawn_new) = swap(b, ps, l, cur.0, cur.1)?;
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
            // No stack can exceed MAX_STACK here: `swap` refuses it.
            return Some(Effects {
                touched,
                dirty: path_mask | 1 << idx(cur.0),
                ep,
                king_move,
                entered_late,
                pawn_move,
                captured: false,
            });
        }
        let unit = b[a].take_unit(la);
        let cap = |k: u8| has(mv, Decision::CaptureAt(k));
        let ent = |k: u8| has(mv, Decision::EnterAt(k));
        let mut ch = Chain::new(b, fl.chain);
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
            ch.dirty |= 1 << ri | 1 << rt;
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
            let top = ch.b[s1]
                .pieces()
                .iter()
                .rposition(|&p| p & 15 == make(KING, side))?;
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
        let dirty = ch.dirty | path_mask;
        if overflow {
            return None;
        }
        let captured = mv
            .decisions
            .iter()
            .any(|d| matches!(d, Decision::CaptureAt(_)));
        Some(Effects {
            touched,
            dirty,
            ep,
            king_move,
            entered_late,
            pawn_move,
            captured,
        })
    }
}

pub(super) fn mid(a: Square, b: Square) -> Square {
    Square::new((a.file() + b.file()) / 2, (a.rank() + b.rank()) / 2)
}

/// A step's landing: quiet, entering (on top), or capturing the base.
pub(super) fn land(ch: &mut Chain, t: usize, unit: &Stack, capture: bool, enter: bool) {
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

/// Squares at distance 0, 1 or 2 of each square (king and knight reach).
static WITHIN_TWO: [u64; 64] = within(2, true);

/// Neighbour masks of the 64 squares (index `rank * 8 + file`).
static NEIGHBOURS: [u64; 64] = within(1, false);

/// For each square, the squares at most `d` files and ranks away, the
/// square itself included or not.
const fn within(d: i32, itself: bool) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let (f, r) = ((i % 8) as i32, (i / 8) as i32);
        let mut m = 0u64;
        let mut df = -d;
        while df <= d {
            let mut dr = -d;
            while dr <= d {
                let (nf, nr) = (f + df, r + dr);
                if (itself || df != 0 || dr != 0) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
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
}
