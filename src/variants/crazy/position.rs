//! The validated Crazy Chess position ([`Core`]) and playing a move on a
//! board through the chain-reaction resolver ([`apply_on`], the one
//! place that knows what each kind of [`Move`] does; CRZ-R1/R2, CRZ-K1..K3,
//! CRZ-N2/N3, CRZ-P2, CRZ-P4/P5, CRZ-Q1). The generator (`generate`) uses it to
//! judge moves, `Crazy::play` to make them.

use super::board::*;
use super::moves::{Kind, Move};
use crate::core::geometry::{Board, Dir, Square};
use crate::core::Color;

pub use super::check::in_check;

pub(super) const B8: Board = Board::CHESS;

/// Castling-right bits.
pub use crate::core::chess::{BK, BQ, WK, WQ};

/// The rules of one game, converted once from the rule options: the
/// mutants (deliberate misreadings, for mutation testing) it honours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    /// The resolver's misreadings ([`ChainMutants`]).
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
}

/// Everything the next legal moves depend on (the position text, G4),
/// except the deniable previous turn (kept by the game, DEN-7).
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Core {
    /// The stacks of the 64 squares.
    pub b: Stacks,
    /// The bitboards of `b` (kept up to date by `Crazy::play`).
    pub bits: Census,
    /// The side to move.
    pub turn: Color,
    /// Castling rights, as [`WK`] / [`WQ`] / [`BK`] / [`BQ`] bits (CRZ-K3).
    pub castling: u8,
    /// En passant chance: (skipped square, victim square) (CRZ-P2).
    pub ep: Option<(Square, Square)>,
    /// Halfmove clock.
    pub halfmove: u32,
    /// Fullmove number.
    pub fullmove: u32,
    /// DEN-1: who holds the denial right.
    pub holder: Color,
    /// DEN-3: the side to move's turn cannot be denied (denier's next turn).
    pub protected: bool,
    /// DEN-2/DEN-7: the move the side to move may not replay after a deny.
    pub excluded: Option<Move>,
}

/// What playing a move on a board did ([`apply_on`]).
#[derive(Clone, Copy, Debug)]
pub struct Effects {
    /// `false`: the move turned out not to exist (a knight that cannot
    /// land, CRZ-N2/N3; a king removed during its own move, CRZ-K2); the
    /// board is then changed at most on `dirty`.
    pub exists: bool,
    /// Squares whose base was captured, replaced or moved (castling
    /// rights, CRZ-K3).
    pub touched: u64,
    /// Every square the move may have changed (a superset).
    pub dirty: u64,
    /// The en passant chance the move creates (CRZ-P2).
    pub ep: Option<(Square, Square)>,
    /// The move is a king move.
    pub king_move: bool,
    /// A knight that captured first entered a rook at its destination.
    pub entered_late: bool,
    /// The move is a pawn move (resets the halfmove clock).
    pub pawn_move: bool,
    /// The move captures (resets the halfmove clock with pawn moves).
    pub captured: bool,
}

pub(super) fn sq_add(s: Square, d: Dir) -> Option<Square> {
    s.offset(d, B8)
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

pub(super) fn mid(a: Square, b: Square) -> Square {
    Square::new((a.file() + b.file()) / 2, (a.rank() + b.rank()) / 2)
}

/// The square and level of `c`'s king, if it is on the board.
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

/// Plays `m`, a move of `side`, on the board `b` with every chain
/// reaction, before turn end (CRZ-P3). `ep` is the position's en passant
/// chance. When the move does not exist, `exists` is `false` and the board
/// may be changed on `dirty`.
#[inline(always)]
pub fn apply_on(
    b: &mut Stacks,
    m: &Move,
    side: Color,
    ep: Option<(Square, Square)>,
    fl: &Flags,
) -> Effects {
    apply_traced(b, m, side, ep, fl, &mut NoTrace)
}

/// [`apply_on`], reporting every step of the chain reactions to `trace`
/// (pictures; [`Trace`]).
pub fn apply_traced<T: Trace>(
    b: &mut Stacks,
    m: &Move,
    side: Color,
    ep: Option<(Square, Square)>,
    fl: &Flags,
    trace: &mut T,
) -> Effects {
    let mut fx = Effects {
        exists: false,
        touched: 0,
        dirty: m.path_mask(),
        ep: None,
        king_move: false,
        entered_late: false,
        pawn_move: false,
        captured: m.cap != 0,
    };
    if m.kind == Kind::Deny || m.len == 0 {
        return fx;
    }
    let a = m.from();
    let la = m.lv[0] as usize;
    if la >= b[a].len() {
        return fx;
    }
    let pk = kind(b[a].get(la));
    let risen = b[a].get(la) & RISEN != 0;
    fx.king_move = pk == KING;
    fx.pawn_move = pk == PAWN;
    if la == 0 {
        fx.touched |= 1 << a;
    }
    // The base rule of the move, then riding (CRZ-R3) and entering
    // (CRZ-R2) before the effects the move has on its way.
    trace.rule(match m.kind {
        Kind::AllRound => "CRZ-Q1",
        Kind::Disguise => "CRZ-P4",
        Kind::Castle => "CRZ-K3",
        Kind::Knight(_) => "CRZ-N1",
        Kind::King => "CRZ-K1",
        _ => match pk {
            KING => "CRZ-K1",
            PAWN if m.cap != 0 => "CRZ-P2",
            PAWN => "CRZ-P1",
            ROOK => "CRZ-R1",
            BISHOP if risen => "CRZ-B1",
            _ => "FIDE-1",
        },
    });
    if m.kind == Kind::Disguise && m.len > 2 {
        trace.rule("CRZ-P5");
    }
    if la > 0 && m.kind != Kind::Disguise {
        trace.rule("CRZ-R3");
    }
    if m.ent != 0 {
        trace.rule("CRZ-R2");
    }
    match m.kind {
        Kind::AllRound => {
            let mut ch = Chain::traced(b, fl.chain, std::mem::take(trace));
            ch.all_round(a);
            fx.touched |= ch.touched;
            fx.dirty |= ch.dirty;
            fx.captured = true;
            fx.exists = !ch.overflow;
            *trace = ch.trace;
        }
        Kind::Disguise => {
            fx.king_move = false;
            fx.exists = disguise(b, m, &mut fx).is_some();
        }
        _ => {
            let unit = b[a].take_unit(la);
            let mut ch = Chain::traced(b, fl.chain, std::mem::take(trace));
            ch.touched = fx.touched;
            let landed = match m.kind {
                Kind::Castle => {
                    castle(&mut ch, m, &unit);
                    Some(())
                }
                Kind::Knight(_) => knight(&mut ch, m, &unit, fl).map(|late| {
                    if late {
                        ch.trace.rule("CRZ-R2");
                    }
                    fx.entered_late = late;
                }),
                Kind::King => king(&mut ch, m, &unit, side, fl),
                _ => {
                    let t = m.last();
                    if pk == PAWN && m.captures_at(1) && ch.b[t].is_empty() {
                        // CRZ-P2: en passant.
                        ch.trace.rule("CRZ-P2");
                        ch.b[t] = unit;
                        if let Some((_, v)) = ep {
                            ch.capture_level(idx(v), 0);
                        }
                    } else {
                        land(&mut ch, t, &unit, m.captures_at(1), m.enters_at(1));
                        let (s0, s1) = (sq_of(a), sq_of(t));
                        if pk == PAWN && m.cap == 0 && m.ent == 0 && s0.distance(s1) == 2 {
                            fx.ep = Some((mid(s0, s1), s1));
                        }
                    }
                    Some(())
                }
            };
            fx.touched = ch.touched;
            fx.dirty |= ch.dirty;
            fx.exists = landed.is_some() && !ch.overflow;
            *trace = ch.trace;
        }
    }
    fx
}

/// CRZ-K3: castling is the king's first step (the rook jumps over), then
/// one more king step.
fn castle<T: Trace>(ch: &mut Chain<T>, m: &Move, unit: &Stack) {
    let kt = m.sq[1] as usize;
    let rank = kt / 8;
    let (ri, rt) = if kt % 8 == 6 {
        (rank * 8 + 7, rank * 8 + 5)
    } else {
        (rank * 8, rank * 8 + 3)
    };
    ch.b[kt] = *unit;
    ch.b[rt] = ch.b[ri];
    ch.b[ri] = Stack::EMPTY;
    ch.touched |= 1 << ri;
    ch.dirty |= 1 << ri | 1 << rt;
    let k = ch.b[kt].remove(0);
    land(
        ch,
        m.sq[2] as usize,
        &Stack::one(k),
        m.captures_at(2),
        m.enters_at(2),
    );
}

/// CRZ-N2/N3: a capture in passing (or of a rider at the destination)
/// resolves first, then the knight lands on the destination as it stands;
/// `None` when it cannot. Returns whether it then entered a rook.
fn knight<T: Trace>(ch: &mut Chain<T>, m: &Move, unit: &Stack, fl: &Flags) -> Option<bool> {
    let t = m.last();
    if m.len == 3 {
        ch.trace.rule("CRZ-N2");
        ch.capture_level(m.sq[1] as usize, m.lv[1] as usize);
        ch.trace.step();
        land_after_capture(ch, t, unit, fl.knight_two)
    } else if m.captures_at(1) && m.lv[1] > 0 {
        ch.trace.rule("CRZ-N3");
        ch.capture_level(t, m.lv[1] as usize);
        land_after_capture(ch, t, unit, false)
    } else {
        land(ch, t, unit, m.captures_at(1), m.enters_at(1));
        Some(false)
    }
}

/// CRZ-K1/K2: two king steps; the first step's capture effects are
/// deferred until after the second, with the moving king immune. `None`
/// when the king does not survive its own move.
fn king<T: Trace>(
    ch: &mut Chain<T>,
    m: &Move,
    unit: &Stack,
    side: Color,
    fl: &Flags,
) -> Option<()> {
    let (s1, s2) = (m.sq[1] as usize, m.sq[2] as usize);
    let mut deferred: Option<(u8, Stack)> = None;
    if m.captures_at(1) && fl.king_immediate {
        ch.replace_base(s1, unit);
        if ch.b[s1].base() != Some(unit.get(0)) {
            return None;
        }
    } else if m.captures_at(1) {
        let mut old = ch.b[s1];
        let contents = old.split_off(1);
        let victim = old.get(0);
        ch.trace.captured(s1, 0, victim, Some(unit.get(0)));
        ch.touched |= 1 << s1;
        deferred = Some((victim, contents));
        ch.b[s1] = *unit;
    } else if !ch.b[s1].extend(unit) {
        return None;
    }
    let top = ch.b[s1]
        .pieces()
        .iter()
        .rposition(|&p| p & 15 == make(KING, side))?;
    let k = ch.b[s1].remove(top);
    ch.trace.step();
    land(ch, s2, &Stack::one(k), m.captures_at(2), m.enters_at(2));
    if let Some((victim, contents)) = deferred {
        if !contents.is_empty() || matches!(kind(victim), QUEEN | BISHOP) {
            ch.trace.rule("CRZ-K2");
        }
        ch.immune = Some(side);
        ch.fall(s1, &contents);
        // The victim's own effect, on the square as it now stands.
        ch.effect(s1, victim, 0);
        ch.immune = None;
    }
    Some(())
}

/// CRZ-P4/P5: the pawn swaps with X, then each further pawn of the chain
/// swaps with X in turn; the last double-step link gives an en passant
/// chance if its pawn ends as a base.
fn disguise(b: &mut Stacks, m: &Move, fx: &mut Effects) -> Option<()> {
    let s = |k: usize| sq_of(m.sq[k] as usize);
    let l = |k: usize| m.lv[k] as usize;
    let (mut cur, _) = swap(b, s(0), l(0), s(1), l(1))?;
    if l(1) == 0 {
        fx.touched |= 1 << m.sq[1];
    }
    let mut last_double: Option<(Square, Square, usize)> = None;
    if s(0).distance(s(1)) == 2 {
        last_double = Some((mid(s(0), s(1)), s(1), l(1)));
    }
    for k in 2..m.len as usize {
        if l(k) == 0 {
            fx.touched |= 1 << m.sq[k];
        }
        if cur.1 == 0 {
            fx.touched |= 1 << idx(cur.0);
        }
        let from_x = cur.0;
        let (x_new, pawn_new) = swap(b, s(k), l(k), cur.0, cur.1)?;
        if s(k).distance(from_x) == 2 {
            last_double = Some((mid(s(k), from_x), pawn_new.0, pawn_new.1));
        }
        cur = x_new;
    }
    if let Some((skip, at, 0)) = last_double {
        fx.ep = Some((skip, at));
    }
    Some(())
}

/// A step's landing: quiet, entering (on top), or capturing the base.
pub(super) fn land<T: Trace>(
    ch: &mut Chain<T>,
    t: usize,
    unit: &Stack,
    capture: bool,
    enter: bool,
) {
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
fn land_after_capture<T: Trace>(
    ch: &mut Chain<T>,
    t: usize,
    unit: &Stack,
    two: bool,
) -> Option<bool> {
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
/// (square, level); `None` (board unchanged) when there is nothing to swap
/// or a stack would exceed [`MAX_STACK`].
pub fn swap(
    b: &mut Stacks,
    ps: Square,
    pl: usize,
    xs: Square,
    xl: usize,
) -> Option<((Square, usize), (Square, usize))> {
    let (pi, xi) = (idx(ps), idx(xs));
    if pl >= b[pi].len() || xl >= b[xi].len() || pi == xi {
        return None;
    }
    let n = b[xi].unit_len(xl);
    if n == 1 {
        exchange(b, pi, pl, xi, xl);
        return Some(((ps, pl), (xs, xl)));
    }
    let pawn = b[pi].get(pl);
    if b[pi].len() - 1 + n > MAX_STACK {
        return None;
    }
    let above_x = b[xi].split_off(xl);
    let mut xunit = above_x;
    let rest_x = xunit.split_off(n);
    let _ = b[xi].push(pawn);
    let _ = b[xi].extend(&rest_x);
    let mut above_p = b[pi].split_off(pl);
    let rest_p = above_p.split_off(1);
    let _ = b[pi].extend(&xunit);
    let _ = b[pi].extend(&rest_p);
    Some(((ps, pl), (xs, xl)))
}

/// Exchanges the single pieces at (`i`, `li`) and (`j`, `lj`): a swap
/// (CRZ-P4) when X carries nothing.
pub(super) fn exchange(b: &mut Stacks, i: usize, li: usize, j: usize, lj: usize) {
    let (p, q) = (b[i].get(li), b[j].get(lj));
    b[i].set(li, q);
    b[j].set(lj, p);
}

/// CRZ-K3: castling rights after a move of `mover` — lost when the king
/// moves, or when the base on the king's or rook's start square is moved,
/// captured or swapped (`touched`).
pub fn castling_after(rights: u8, mover: Color, touched: u64, king_move: bool) -> u8 {
    let mut r = rights;
    if king_move {
        r &= if mover.is_white() {
            !(WK | WQ)
        } else {
            !(BK | BQ)
        };
    }
    for (bit, ks, rs) in [(WK, 4usize, 7usize), (WQ, 4, 0), (BK, 60, 63), (BQ, 60, 56)] {
        if touched & ((1u64 << ks) | (1u64 << rs)) != 0 {
            r &= !bit;
        }
    }
    r
}

/// The rook squares of the castling rights WK, WQ, BK, BQ.
const ROOK_SQUARES: [usize; 4] = [7, 0, 63, 56];

/// The heights of the stacks on the rook squares ([`entering_costs`]).
pub fn rook_heights(b: &Stacks) -> [usize; 4] {
    ROOK_SQUARES.map(|s| b[s].len())
}

/// Mutant `entering-costs-castling`: the rights whose rook square's stack
/// changed height (from `before`, [`rook_heights`]) are lost.
pub fn entering_costs(rights: u8, before: [usize; 4], after: &Stacks) -> u8 {
    let mut r = rights;
    for (k, bit) in [WK, WQ, BK, BQ].into_iter().enumerate() {
        if before[k] != after[ROOK_SQUARES[k]].len() {
            r &= !bit;
        }
    }
    r
}

/// The castling rights that `b` can carry: a right needs its king and
/// rook as bases on their start squares (CRZ-V).
pub fn castling_possible(b: &Stacks) -> u8 {
    let mut r = 0;
    for (bit, ks, rs, c) in [
        (WK, 4usize, 7usize, Color::White),
        (WQ, 4, 0, Color::White),
        (BK, 60, 63, Color::Black),
        (BQ, 60, 56, Color::Black),
    ] {
        if b[ks].base() == Some(make(KING, c))
            && b[rs].base().map(|p| p & 15) == Some(make(ROOK, c))
        {
            r |= bit;
        }
    }
    r
}

/// A board in at most 32 pieces' worth of bytes (CRZ-V: at most 16 of
/// each colour, and no rule adds a piece): the occupied squares, the
/// pieces bottom → top square by square, and where each square's stack
/// starts. What `deny` needs of the previous board (DEN-7), kept inline.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Packed {
    occ: u64,
    /// Bit `k`: piece `k` is the base of the next occupied square.
    starts: u32,
    n: u8,
    pieces: [u8; 2 * MAX_PER_COLOR],
}

impl Packed {
    /// The board `b`, whose occupied squares are `occ`; `None` when it
    /// holds more than 32 pieces (CRZ-V rules that out for every valid
    /// position).
    pub fn of(b: &Stacks, occ: u64) -> Option<Packed> {
        let mut p = Packed {
            occ: 0,
            starts: 0,
            n: 0,
            pieces: [0; 2 * MAX_PER_COLOR],
        };
        let mut r = occ;
        while r != 0 {
            let i = r.trailing_zeros() as usize;
            r &= r - 1;
            let st = &b[i];
            let n = p.n as usize;
            if n + st.len() > p.pieces.len() {
                return None;
            }
            p.occ |= 1 << i;
            p.starts |= 1 << n;
            p.pieces[n..n + st.len()].copy_from_slice(st.pieces());
            p.n += st.len() as u8;
        }
        Some(p)
    }

    /// The stacks of the packed board.
    pub(crate) fn unpack(&self) -> Stacks {
        let mut b = [Stack::EMPTY; 64];
        let mut sq = self.occ;
        let mut cur = 0usize;
        for k in 0..self.n as usize {
            if self.starts & (1 << k) != 0 {
                cur = sq.trailing_zeros() as usize;
                sq &= sq - 1;
            }
            let _ = b[cur].push(self.pieces[k]);
        }
        b
    }
}

/// Squares at distance 0, 1 or 2 of each square (king and knight reach).
pub(super) static WITHIN_TWO: [u64; 64] = within(2, true);

/// Neighbour masks of the 64 squares (index `rank * 8 + file`).
pub(super) static NEIGHBOURS: [u64; 64] = within(1, false);

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

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    #[test]
    fn packed_board_round_trips() {
        let mut b: Stacks = [Stack::EMPTY; 64];
        b[3] = Stack::one(make(QUEEN, Color::White));
        let mut tall = Stack::one(make(ROOK, Color::Black));
        for p in [make(PAWN, Color::White), make(BISHOP, Color::Black) | RISEN] {
            assert!(tall.push(p));
        }
        b[27] = tall;
        b[63] = Stack::one(make(KING, Color::Black));
        assert_eq!(Packed::of(&b, Census::of(&b).occ).unwrap().unpack(), b);
        let mut full = b;
        for st in &mut full[8..40] {
            *st = Stack::one(make(PAWN, Color::White));
        }
        assert!(Packed::of(&full, Census::of(&full).occ).is_none());
    }
}
