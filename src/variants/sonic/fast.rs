//! The fast path of perft: bulk counting at the leaves ([`count`]) and a
//! lean attack test ([`attacks`]), both exact re-statements of the
//! straightforward generator in [`super::position`] / [`super::check`]
//! (the differential test at the bottom and `tests/sonic_fast.rs` compare
//! them on many positions).
//!
//! Why it is needed: SCA-8.1 allows a form switch after a non-king move
//! only if the opponent's king is not in check afterwards (SCA-10), so the
//! straightforward generator plays every move and runs a full check test.
//! Here the check test after a move is incremental:
//!
//! - while the side to move's moves are generated, every *attack unit* (one
//!   direction of an R, B or Q, one leap of a knight, with all of its
//!   bounce branches) records which squares it read (its footprint) and
//!   whether some non-endless branch hits the enemy king;
//! - a unit's result is a function of the cells it read, so after a move
//!   that changes the squares C (start, end, captured squares) only the
//!   units whose footprint meets C are traced again, on the board after
//!   the move; the mover is traced from its new square; pawns and the king
//!   are looked up directly.
//!
//! The count itself is arithmetic: "keep" plus, for every non-king move
//! that allows a switch, the number of other remaining forms that would not
//! reach the enemy king (SCA-8.1) — that number does not depend on the
//! move, because a non-king move leaves both kings where they are.
//!
//! Mutants (issue 7) are not handled here: with any mutant on, the callers
//! use the straightforward generator.

use std::sync::OnceLock;

use smallvec::SmallVec;

use crate::core::{Color, Form};

use super::eggman::{self, reaches};
use super::pieces::{
    color_of, has_piece, kind, BISHOP, BLACK, KING, KNIGHT, PAWN, PIECE_MASK, QUEEN, ROOK, SPRING,
};
use super::position::Position;

/// Unit steps in `KING_DIRS` order (N, NE, E, SE, S, SW, W, NW): a turn
/// clockwise is +2, counterclockwise +6 (mod 8).
const DF: [i8; 8] = [0, 1, 1, 1, 0, -1, -1, -1];
const DR: [i8; 8] = [1, 1, 0, -1, -1, -1, 0, 1];
/// Knight leaps in `KNIGHT_LEAPS` order.
const NF: [i8; 8] = [1, 2, 2, 1, -1, -2, -2, -1];
const NR: [i8; 8] = [2, 1, -1, -2, -2, -1, 1, 2];

const ROOK_D: [u8; 4] = [0, 2, 4, 6];
const BISHOP_D: [u8; 4] = [1, 3, 5, 7];
const QUEEN_D: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
const LEAPS: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

fn dirs(k: u8) -> &'static [u8] {
    match k {
        ROOK => &ROOK_D,
        BISHOP => &BISHOP_D,
        QUEEN => &QUEEN_D,
        _ => &[],
    }
}

/// What a moving R, B, Q or N finds on a square (as [`super::pieces::see`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum See {
    Off,
    Empty,
    Friendly,
    Enemy,
    Spring,
    King,
}

impl See {
    #[inline]
    fn blocks(self) -> bool {
        matches!(self, See::Off | See::Friendly)
    }
}

/// The end of one capture branch.
struct Branch {
    hits: u8,
    endless: bool,
    end: u8,
}

/// Which squares a unit read: one bit per entry of the unit table, per
/// square byte (an inverted index of the footprints).
type Index = [u64; 256];

/// Where a trace records the squares it reads.
trait Mark {
    fn mark(&mut self, sq: u8);
}

/// Records nothing.
struct NoMark;

impl Mark for NoMark {
    #[inline]
    fn mark(&mut self, _: u8) {}
}

/// Records into the unit `bit` of an index.
struct IndexMark<'a> {
    ix: &'a mut Index,
    bit: u64,
}

impl Mark for IndexMark<'_> {
    #[inline]
    fn mark(&mut self, sq: u8) {
        self.ix[sq as usize] |= self.bit;
    }
}

/// Neighbour tables of one board size: `[i][sq]` = the square one unit
/// step (`i` < 8, `KING_DIRS` order) or knight leap (`8 + i`) away, or
/// [`OFF`].
type Tables = [[u16; 256]; 16];
const OFF: u16 = 0x100;

/// The tables of a `w`×`h` board, built once per size.
fn tables(w: u8, h: u8) -> &'static Tables {
    static ALL: [OnceLock<Box<Tables>>; 17 * 17] = [const { OnceLock::new() }; 17 * 17];
    ALL[w as usize * 17 + h as usize].get_or_init(|| {
        let mut t: Box<Tables> = Box::new([[OFF; 256]; 16]);
        for i in 0..16 {
            let (df, dr) = if i < 8 {
                (DF[i], DR[i])
            } else {
                (NF[i - 8], NR[i - 8])
            };
            for sq in 0..256usize {
                let (f, r) = ((sq & 15) as i8, (sq >> 4) as i8);
                let (nf, nr) = (f + df, r + dr);
                if f < w as i8 && r < h as i8 && nf >= 0 && nr >= 0 && nf < w as i8 && nr < h as i8
                {
                    t[i][sq] = ((nr as u16) << 4) | nf as u16;
                }
            }
        }
        t
    })
}

/// Board geometry and the scratch board of one side's traces.
struct Tracer {
    cells: [u8; 256],
    nb: &'static Tables,
    w: i8,
    h: i8,
    /// The colour bit of the moving side (0 = White, [`BLACK`]).
    me: u8,
    /// The enemy king's remaining forms (SCA-9.3).
    king_forms: u8,
    alternate: bool,
    /// Cells removed by the branch being traced: (square, old cell).
    undo: SmallVec<[(u8, u8); 16]>,
    /// SCA-5 states (square, direction | parity) since the last removal.
    visited: SmallVec<[u16; 16]>,
}

impl Tracer {
    fn new(pos: &Position, side: Color) -> Tracer {
        Tracer {
            cells: pos.cells,
            nb: tables(pos.board.width, pos.board.height),
            w: pos.board.width as i8,
            h: pos.board.height as i8,
            me: if side.is_white() { 0 } else { BLACK },
            king_forms: pos.forms[side.other() as usize].count(),
            alternate: pos.rules.alternate_turns,
            undo: SmallVec::new(),
            visited: SmallVec::new(),
        }
    }

    /// The square unit `i` away from `sq` (see [`Tables`]).
    #[inline]
    fn nx(&self, sq: u8, i: usize) -> Option<u8> {
        let n = self.nb[i][sq as usize];
        (n < OFF).then_some(n as u8)
    }

    #[inline]
    fn step(&self, sq: u8, df: i8, dr: i8) -> Option<u8> {
        let f = (sq & 15) as i8 + df;
        let r = (sq >> 4) as i8 + dr;
        if f < 0 || r < 0 || f >= self.w || r >= self.h {
            None
        } else {
            Some(((r as u8) << 4) | f as u8)
        }
    }

    #[inline]
    fn see_cell(&self, c: u8) -> See {
        if c & 7 != 0 {
            if c & BLACK == self.me {
                See::Friendly
            } else if c & 7 == KING {
                See::King
            } else {
                See::Enemy
            }
        } else if c & SPRING != 0 {
            See::Spring
        } else {
            See::Empty
        }
    }

    /// Reads a square (recording it in the footprint when `rec` says so).
    #[inline]
    fn see(&self, sq: Option<u8>, mk: &mut impl Mark) -> See {
        match sq {
            None => See::Off,
            Some(s) => {
                mk.mark(s);
                self.see_cell(self.cells[s as usize])
            }
        }
    }

    /// SCA-4/SCA-9: arriving on a bounce square.
    #[inline]
    fn arrive(&mut self, sq: u8, hits: &mut u8, king_lost: &mut bool) {
        let c = self.cells[sq as usize];
        match self.see_cell(c) {
            See::Enemy => {
                self.undo.push((sq, c));
                self.cells[sq as usize] = c & SPRING;
                self.visited.clear();
            }
            See::King => {
                *hits += 1;
                self.visited.clear();
                if *hits >= self.king_forms {
                    *king_lost = true;
                }
            }
            _ => {}
        }
    }

    fn restore(&mut self) {
        while let Some((sq, c)) = self.undo.pop() {
            self.cells[sq as usize] = c;
        }
        self.visited.clear();
    }

    /// One direction `d` of the ranged piece that stood on `from` (already
    /// vacated): quiet slides (when `quiet`) and every capture branch.
    /// `sink(tracer, from, branch)` sees each branch before the board is
    /// restored (`undo` = its removals); it returns `true` to stop.
    fn ranged_dir(
        &mut self,
        from: u8,
        d: u8,
        quiet: bool,
        mk: &mut impl Mark,
        sink: &mut impl FnMut(&Tracer, &Branch) -> bool,
    ) -> bool {
        let i = d as usize;
        let mut at = from;
        loop {
            let next = self.nx(at, i);
            match self.see(next, mk) {
                See::Empty => {
                    at = next.unwrap_or(at);
                    if quiet {
                        let b = Branch {
                            hits: 0,
                            endless: false,
                            end: at,
                        };
                        if sink(self, &b) {
                            return true;
                        }
                    }
                }
                See::Off | See::Friendly => return false,
                _ => {
                    let first = next.unwrap_or(at);
                    return self.first_capture(first, d, mk, sink);
                }
            }
        }
    }

    /// SCA-4.1/4.2: the branches of a first capture on `first`.
    fn first_capture(
        &mut self,
        first: u8,
        d: u8,
        mk: &mut impl Mark,
        sink: &mut impl FnMut(&Tracer, &Branch) -> bool,
    ) -> bool {
        if self.see_cell(self.cells[first as usize]) == See::King && self.king_forms <= 1 {
            return self.walk(first, d, None, mk, sink);
        }
        let cwd = (d + 2) & 7;
        let ccwd = (d + 6) & 7;
        let cw_sq = self.nx(first, cwd as usize);
        let cw = !self.see(cw_sq, mk).blocks();
        let ccw_sq = self.nx(first, ccwd as usize);
        let ccw = !self.see(ccw_sq, mk).blocks();
        if cw && self.walk(first, d, Some(true), mk, sink) {
            return true;
        }
        if ccw && self.walk(first, d, Some(false), mk, sink) {
            return true;
        }
        if !cw && !ccw {
            return self.walk(first, d, None, mk, sink);
        }
        false
    }

    /// SCA-4, 4.3, 5: one branch (`rot`: Some(true) = clockwise).
    fn walk(
        &mut self,
        first: u8,
        d_in: u8,
        rot: Option<bool>,
        mk: &mut impl Mark,
        sink: &mut impl FnMut(&Tracer, &Branch) -> bool,
    ) -> bool {
        self.visited.clear();
        let mut hits = 0u8;
        let mut king_lost = false;
        let mut endless = false;
        let mut cur = first;
        let mut dir = d_in;
        let mut k = 0u8;
        self.arrive(cur, &mut hits, &mut king_lost);
        'bounce: while !king_lost {
            let Some(cw0) = rot else { break };
            let cw = if self.alternate && k % 2 == 1 {
                !cw0
            } else {
                cw0
            };
            let nd = if cw { (dir + 2) & 7 } else { (dir + 6) & 7 };
            let i = nd as usize;
            if self.see(self.nx(cur, i), mk).blocks() {
                break;
            }
            let parity = if self.alternate { (k % 2) << 4 } else { 0 };
            let key = ((cur as u16) << 8) | (nd | parity) as u16;
            if self.visited.contains(&key) {
                endless = true;
                break;
            }
            self.visited.push(key);
            dir = nd;
            k = k.wrapping_add(1);
            loop {
                let next = self.nx(cur, i);
                match self.see(next, mk) {
                    See::Off | See::Friendly => break 'bounce,
                    See::Empty => cur = next.unwrap_or(cur),
                    _ => {
                        cur = next.unwrap_or(cur);
                        self.arrive(cur, &mut hits, &mut king_lost);
                        continue 'bounce;
                    }
                }
            }
        }
        let b = Branch {
            hits,
            endless,
            end: cur,
        };
        let stop = sink(self, &b);
        self.restore();
        stop
    }

    /// One leap `v` of the knight that stood on `from` (vacated): the quiet
    /// leap (when `quiet`) or the Tails chain (SCA-6).
    fn knight_leap(
        &mut self,
        from: u8,
        v: u8,
        quiet: bool,
        mk: &mut impl Mark,
        sink: &mut impl FnMut(&Tracer, &Branch) -> bool,
    ) -> bool {
        let i = 8 + v as usize;
        let to = self.nx(from, i);
        match self.see(to, mk) {
            See::Off | See::Friendly => false,
            See::Empty => {
                if !quiet {
                    return false;
                }
                let b = Branch {
                    hits: 0,
                    endless: false,
                    end: to.unwrap_or(from),
                };
                sink(self, &b)
            }
            _ => {
                let mut cur = to.unwrap_or(from);
                let mut hits = 0;
                let mut king_lost = false;
                self.arrive(cur, &mut hits, &mut king_lost);
                while !king_lost {
                    let next = self.nx(cur, i);
                    match self.see(next, mk) {
                        See::Off | See::Friendly => break,
                        See::Empty => {
                            cur = next.unwrap_or(cur);
                            break;
                        }
                        _ => {
                            cur = next.unwrap_or(cur);
                            self.arrive(cur, &mut hits, &mut king_lost);
                        }
                    }
                }
                let b = Branch {
                    hits,
                    endless: false,
                    end: cur,
                };
                let stop = sink(self, &b);
                self.restore();
                stop
            }
        }
    }

    /// Whether unit `u` (direction or leap) of the piece `p` on `from`
    /// hits the enemy king on the current scratch board.
    fn unit_hits(&mut self, from: u8, p: u8, u: u8) -> bool {
        let saved = self.cells[from as usize];
        self.cells[from as usize] &= SPRING;
        let mut hit = |_: &Tracer, b: &Branch| b.hits > 0 && !b.endless;
        let found = if kind(p) == KNIGHT {
            self.knight_leap(from, u, false, &mut NoMark, &mut hit)
        } else {
            self.ranged_dir(from, u, false, &mut NoMark, &mut hit)
        };
        self.cells[from as usize] = saved;
        found
    }

    /// Whether the knight or ranged piece `p` on `from` hits the enemy king.
    fn piece_hits(&mut self, from: u8, p: u8) -> bool {
        match kind(p) {
            KNIGHT => (0..8).any(|v| self.unit_hits(from, p, v)),
            k => dirs(k).iter().any(|&d| self.unit_hits(from, p, d)),
        }
    }
}

/// SCA-10: whether `side` could capture or hit the other side's king in
/// `pos` (whoever is to move). Mutants are not handled (see the module
/// docs).
pub fn attacks(pos: &Position, side: Color) -> bool {
    let Some(target) = pos.kings[side.other() as usize] else {
        return false;
    };
    let t = target.0;
    let mut tr = Tracer::new(pos, side);
    let my = tr.me;
    // Pawns capture diagonally forward.
    let back: i8 = if side.is_white() { -1 } else { 1 };
    for df in [-1, 1] {
        if let Some(s) = tr.step(t, df, back) {
            if tr.cells[s as usize] & 15 == PAWN | my {
                return true;
            }
        }
    }
    // The king in its current form captures by displacement.
    if let (Some(k), Some(f)) = (pos.kings[side as usize], pos.forms[side as usize].current) {
        if reaches(pos.board, f, k, target) {
            return true;
        }
    }
    // Knights: walk back from the king along each leap over squares that
    // a chain bounces on; the first other square must hold our knight.
    let knight = KNIGHT | my;
    for v in 0..8 {
        let back_leap = 8 + (v + 4) % 8;
        let mut s = t;
        while let Some(n) = tr.nx(s, back_leap) {
            let c = tr.cells[n as usize];
            if c & 15 == knight {
                return true;
            }
            match tr.see_cell(c) {
                See::Enemy | See::Spring => s = n,
                _ => break,
            }
        }
    }
    // Ranged pieces: every branch, forward.
    for s in pos.board.squares() {
        let sq = s.0;
        let p = tr.cells[sq as usize];
        if has_piece(p)
            && p & BLACK == my
            && matches!(kind(p), ROOK | BISHOP | QUEEN)
            && tr.piece_hits(sq, p)
        {
            return true;
        }
    }
    false
}

/// One attack unit of the side to move: piece square, piece, direction
/// or leap, and whether it hits the enemy king now.
#[derive(Clone, Copy)]
struct Unit {
    from: u8,
    piece: u8,
    u: u8,
    hits: bool,
}

/// A non-king move of the side to move, for the switch test: start, end,
/// the piece standing on the end afterwards, and its removals
/// (`caps[lo..hi]`).
#[derive(Clone, Copy)]
struct Rec {
    from: u8,
    to: u8,
    piece: u8,
    lo: u16,
    hi: u16,
    /// Units of the mover itself (excluded from the re-test).
    own: u64,
}

/// The number of legal moves (`generate(..).len()`), or `None` when the
/// fast path does not apply (mutants, too many attack units).
pub fn count(pos: &Position) -> Option<u64> {
    if pos.winner.is_some() {
        return Some(0);
    }
    if pos.rules.any_mutant() {
        return None;
    }
    let me = pos.turn;
    let opp = me.other();
    let forms = pos.forms[me as usize];
    let has_rights = !pos.castling_rights(me).is_empty();
    let king_sq = pos.kings[me as usize];
    if forms.pending() {
        // SCA-9.1: one branch per remaining form, no switch afterwards.
        let in_check = has_rights && attacks(pos, opp);
        let base = count_nonking(pos)?;
        let castles = castles(pos, in_check);
        let mut total = 0;
        for f in forms.iter() {
            total += base + castles + king_sq.map_or(0, |k| king_count(pos, k, f));
        }
        return Some(total);
    }
    let Some(form) = forms.current else {
        return Some(0);
    };
    let may_switch = forms.count() >= 2;
    let in_check = (has_rights || may_switch) && attacks(pos, opp);
    let kings = king_sq.map_or(0, |k| king_count(pos, k, form));
    let castles = castles(pos, in_check);
    let switches = match (king_sq, pos.kings[opp as usize]) {
        (Some(mk), Some(ok)) if may_switch && !in_check && !reaches(pos.board, form, mk, ok) => {
            forms
                .iter()
                .filter(|&g| g != form && !reaches(pos.board, g, mk, ok))
                .count() as u64
        }
        // The king in its current form attacks after every non-king move.
        _ => 0,
    };
    if switches == 0 {
        return Some(count_nonking(pos)? + kings + castles);
    }
    let (n, allowed) = count_with_switch_test(pos)?;
    Some(n + kings + castles + switches * allowed)
}

/// The king's moves in form `f` (SCA-8), counted.
fn king_count(pos: &Position, k: crate::core::Square, f: Form) -> u64 {
    eggman::leaps(f)
        .iter()
        .filter(|&&d| {
            k.offset(d, pos.board).is_some_and(|to| {
                let c = pos.cells[to.0 as usize];
                !(has_piece(c) && color_of(c) == pos.turn)
            })
        })
        .count() as u64
}

fn castles(pos: &Position, in_check: bool) -> u64 {
    if in_check || pos.castling_rights(pos.turn).is_empty() {
        return 0;
    }
    let mut v = Vec::new();
    eggman::castling(pos, in_check, &mut v);
    v.len() as u64
}

/// Pawn moves (SCA-2) as (to, piece after, en-passant victim) into `f`.
fn pawn_moves(pos: &Position, from: u8, mut f: impl FnMut(u8, u8, Option<u8>)) {
    let me = pos.turn;
    let my = if me.is_white() { 0 } else { BLACK };
    let fwd: i8 = if me.is_white() { 1 } else { -1 };
    let (w, h) = (pos.board.width as i8, pos.board.height as i8);
    let at = |df: i8, dr: i8| -> Option<u8> {
        let fl = (from & 15) as i8 + df;
        let r = (from >> 4) as i8 + dr;
        (fl >= 0 && r >= 0 && fl < w && r < h).then_some(((r as u8) << 4) | fl as u8)
    };
    let last = |sq: u8| {
        let r = (sq >> 4) as i8;
        if me.is_white() {
            r == h - 1
        } else {
            r == 0
        }
    };
    let pawn = PAWN | my;
    let emit = |to: u8, victim: Option<u8>, f: &mut dyn FnMut(u8, u8, Option<u8>)| {
        if last(to) {
            for k in [QUEEN, ROOK, BISHOP, KNIGHT] {
                f(to, k | my, victim);
            }
        } else {
            f(to, pawn, victim);
        }
    };
    let rel_rank = if me.is_white() {
        (from >> 4) as i8
    } else {
        h - 1 - (from >> 4) as i8
    };
    if let Some(one) = at(0, fwd) {
        if !has_piece(pos.cells[one as usize]) {
            emit(one, None, &mut f);
            if rel_rank == 1 {
                if let Some(two) = at(0, 2 * fwd) {
                    if !has_piece(pos.cells[two as usize]) {
                        f(two, pawn, None);
                    }
                }
            }
        }
    }
    for df in [-1, 1] {
        let Some(to) = at(df, fwd) else { continue };
        let c = pos.cells[to as usize];
        let ep = pos.ep.map(|s| s.0) == Some(to);
        if has_piece(c) && color_of(c) != me {
            emit(to, None, &mut f);
        } else if ep {
            let victim = if has_piece(c) {
                None
            } else {
                Some(((from >> 4) << 4) | (to & 15))
            };
            emit(to, victim, &mut f);
        }
    }
}

/// The number of non-king moves of the side to move.
fn count_nonking(pos: &Position) -> Option<u64> {
    let me = pos.turn;
    let my = if me.is_white() { 0 } else { BLACK };
    let mut tr = Tracer::new(pos, me);
    let mut n = 0u64;
    for s in pos.board.squares() {
        let sq = s.0;
        let p = pos.cells[sq as usize];
        if !has_piece(p) || p & BLACK != my {
            continue;
        }
        let k = kind(p);
        if k == PAWN {
            pawn_moves(pos, sq, |_, _, _| n += 1);
            continue;
        }
        let mut sink = |_: &Tracer, b: &Branch| {
            n += u64::from(!b.endless);
            false
        };
        match k {
            KNIGHT => {
                tr.cells[sq as usize] &= SPRING;
                for v in 0..8 {
                    tr.knight_leap(sq, v, true, &mut NoMark, &mut sink);
                }
                tr.cells[sq as usize] = p;
            }
            ROOK | BISHOP | QUEEN => {
                tr.cells[sq as usize] &= SPRING;
                for &d in dirs(k) {
                    tr.ranged_dir(sq, d, true, &mut NoMark, &mut sink);
                }
                tr.cells[sq as usize] = p;
            }
            _ => {}
        }
    }
    Some(n)
}

/// The number of non-king moves, and how many of them allow a form switch
/// (SCA-8.1: no hit or capture of the enemy king, and the enemy king not
/// in check afterwards). The caller has checked that the king's own form
/// does not reach the enemy king.
fn count_with_switch_test(pos: &Position) -> Option<(u64, u64)> {
    let me = pos.turn;
    let my = if me.is_white() { 0 } else { BLACK };
    let target = pos.kings[me.other() as usize]?.0;
    let mut tr = Tracer::new(pos, me);
    let mut ix: Index = [0; 256];
    let mut units: SmallVec<[Unit; 64]> = SmallVec::new();
    let mut recs: SmallVec<[Rec; 128]> = SmallVec::new();
    let mut caps: SmallVec<[u8; 128]> = SmallVec::new();
    let mut n = 0u64;
    let mut too_many = false;
    for s in pos.board.squares() {
        let sq = s.0;
        let p = pos.cells[sq as usize];
        if !has_piece(p) || p & BLACK != my {
            continue;
        }
        let k = kind(p);
        if k == PAWN {
            pawn_moves(pos, sq, |to, after, victim| {
                n += 1;
                // A pawn capturing the king wins: no switch.
                let c = pos.cells[to as usize];
                if has_piece(c) && kind(c) == KING && color_of(c) != me {
                    return;
                }
                let lo = caps.len() as u16;
                caps.extend(victim);
                recs.push(Rec {
                    from: sq,
                    to,
                    piece: after,
                    lo,
                    hi: caps.len() as u16,
                    own: 0,
                });
            });
            continue;
        }
        if !matches!(k, KNIGHT | ROOK | BISHOP | QUEEN) {
            continue;
        }
        let first_unit = units.len();
        let list: &[u8] = if k == KNIGHT { &LEAPS } else { dirs(k) };
        tr.cells[sq as usize] &= SPRING;
        for &u in list {
            let idx = units.len();
            if idx >= 64 {
                too_many = true;
                break;
            }
            let bit = 1u64 << idx;
            ix[sq as usize] |= bit;
            let mut hits = false;
            let mut sink = |t: &Tracer, b: &Branch| {
                if b.endless {
                    return false;
                }
                n += 1;
                if b.hits > 0 {
                    hits = true;
                    return false;
                }
                let lo = caps.len() as u16;
                caps.extend(t.undo.iter().map(|&(s, _)| s));
                recs.push(Rec {
                    from: sq,
                    to: b.end,
                    piece: p & PIECE_MASK,
                    lo,
                    hi: caps.len() as u16,
                    own: 0,
                });
                false
            };
            if k == KNIGHT {
                tr.knight_leap(sq, u, true, &mut IndexMark { ix: &mut ix, bit }, &mut sink);
            } else {
                tr.ranged_dir(sq, u, true, &mut IndexMark { ix: &mut ix, bit }, &mut sink);
            }
            units.push(Unit {
                from: sq,
                piece: p,
                u,
                hits,
            });
        }
        tr.cells[sq as usize] = p;
        if too_many {
            return None;
        }
        let own = units_mask(first_unit, units.len());
        // Every record of this piece so far gets its own-unit mask.
        for r in recs.iter_mut().rev() {
            if r.from != sq {
                break;
            }
            r.own = own;
        }
    }
    let hitting: u64 = units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.hits)
        .fold(0, |m, (i, _)| m | 1 << i);
    // The squares a pawn of ours would capture the king from.
    let back: i8 = if me.is_white() { -1 } else { 1 };
    let pawn_sqs: SmallVec<[u8; 2]> = [-1, 1]
        .iter()
        .filter_map(|&df| tr.step(target, df, back))
        .collect();
    let pawn = PAWN | my;
    let mut allowed = 0u64;
    for r in &recs {
        let mut changed = ix[r.from as usize] | ix[r.to as usize];
        for &c in &caps[r.lo as usize..r.hi as usize] {
            changed |= ix[c as usize];
        }
        changed &= !r.own;
        if hitting & !r.own & !changed != 0 {
            continue;
        }
        // The position after the move, on the scratch board.
        let saved_from = tr.cells[r.from as usize];
        let saved_to = tr.cells[r.to as usize];
        let mut saved_caps: SmallVec<[u8; 8]> = SmallVec::new();
        for &c in &caps[r.lo as usize..r.hi as usize] {
            saved_caps.push(tr.cells[c as usize]);
            tr.cells[c as usize] &= SPRING;
        }
        tr.cells[r.from as usize] &= SPRING;
        tr.cells[r.to as usize] = (tr.cells[r.to as usize] & SPRING) | r.piece;
        let mut check = pawn_sqs.iter().any(|&s| tr.cells[s as usize] & 15 == pawn);
        let mut m = changed;
        while !check && m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let u = units[i];
            check = tr.unit_hits(u.from, u.piece, u.u);
        }
        if !check && matches!(kind(r.piece), KNIGHT | ROOK | BISHOP | QUEEN) {
            check = tr.piece_hits(r.to, r.piece);
        }
        tr.cells[r.to as usize] = saved_to;
        tr.cells[r.from as usize] = saved_from;
        for (j, &c) in caps[r.lo as usize..r.hi as usize].iter().enumerate().rev() {
            tr.cells[c as usize] = saved_caps[j];
        }
        if !check {
            allowed += 1;
        }
    }
    Some((n, allowed))
}

fn units_mask(lo: usize, hi: usize) -> u64 {
    (lo..hi).fold(0, |m, i| m | 1 << i)
}

#[cfg(test)]
mod tests {
    //! Differential test: the fast count and attack test against the
    //! straightforward generator and check test, on random positions
    //! (random boards with many springs and sliders, and random playouts).

    use super::super::{Position, SonicRules};
    use crate::core::{Color, Game};

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// A random position text on a `size`×`size` board: both kings, a
    /// handful of pieces (sliders favoured), springs, random forms.
    fn random_text(r: &mut Rng, size: u8) -> String {
        let n = size as usize;
        let mut board = vec![vec!['.'; n]; n];
        let free = |r: &mut Rng, board: &Vec<Vec<char>>, pawn: bool| loop {
            let f = r.below(n as u64) as usize;
            let rank = if pawn {
                1 + r.below(n as u64 - 2) as usize
            } else {
                r.below(n as u64) as usize
            };
            if board[rank][f] == '.' {
                return (rank, f);
            }
        };
        for k in ['K', 'k'] {
            let (rk, f) = free(r, &board, false);
            board[rk][f] = k;
        }
        let pieces = b"PPPNNBBRRQQQRRBpppnnbbrrqqqrrb";
        let count = 4 + r.below(14);
        for _ in 0..count {
            let p = pieces[r.below(pieces.len() as u64) as usize] as char;
            let (rk, f) = free(r, &board, p.eq_ignore_ascii_case(&'p'));
            board[rk][f] = p;
        }
        let mut ranks = Vec::new();
        for rk in (0..n).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for &c in &board[rk][..n] {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            ranks.push(s);
        }
        let mut springs: Vec<(u8, u8)> = Vec::new();
        for _ in 0..r.below(9) {
            let sq = (r.below(size as u64) as u8, r.below(size as u64) as u8);
            if !springs.contains(&sq) {
                springs.push(sq);
            }
        }
        springs.sort_by_key(|&(f, rk)| (rk, f));
        let springs = if springs.is_empty() {
            "-".to_string()
        } else {
            springs
                .iter()
                .map(|&(f, rk)| format!("{}{}", (b'a' + f) as char, rk + 1))
                .collect::<Vec<_>>()
                .join(",")
        };
        let forms = [
            "KNA=K", "KNA=N", "KNA=A", "NA=N", "KA=A", "K=K", "A=A", "KN=K",
        ];
        let turn = if r.below(2) == 0 { "w" } else { "b" };
        let pending = ["KNA?", "NA?", "KA??", "KN?"];
        let (wf, bf) = {
            let a = forms[r.below(forms.len() as u64) as usize].to_string();
            let b = forms[r.below(forms.len() as u64) as usize].to_string();
            if r.below(6) == 0 {
                let p = pending[r.below(pending.len() as u64) as usize].to_string();
                if turn == "w" {
                    (p, b)
                } else {
                    (a, p)
                }
            } else {
                (a, b)
            }
        };
        format!("{} {turn} - - 0 1 {springs} {wf} {bf}", ranks.join("/"))
    }

    /// Compares both fast functions with the reference at `p`.
    fn compare(p: &Position) {
        let mut v = Vec::new();
        p.generate(&mut v);
        // `None`: too many attack units, the caller falls back.
        if let Some(n) = super::count(p) {
            assert_eq!(n, v.len() as u64, "count: {}", p.to_text());
        }
        for side in [Color::White, Color::Black] {
            assert_eq!(
                super::attacks(p, side),
                p.attacks_king_slow(side),
                "attacks by {side:?}: {}",
                p.to_text()
            );
        }
    }

    /// Compares at `p` and along a random playout of `plies` from it.
    fn playout(r: &mut Rng, mut p: Position, plies: usize) -> usize {
        let mut nodes = 0;
        for _ in 0..plies {
            compare(&p);
            nodes += 1;
            let mut v = Vec::new();
            p.generate(&mut v);
            if v.is_empty() {
                break;
            }
            // Captures first now and then, to reach bounce-rich positions.
            let m = v[r.below(v.len() as u64) as usize].clone();
            p.apply(&m);
        }
        nodes
    }

    #[test]
    fn fast_path_matches_the_generator_on_random_positions() {
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        let mut nodes = 0;
        let mut positions = 0;
        while positions < 1500 {
            let size = match r.below(8) {
                0 => 10,
                1 => 16,
                2 => 9,
                _ => 8,
            };
            let text = random_text(&mut r, size);
            let rules = SonicRules {
                alternate_turns: r.below(4) == 0,
                ..SonicRules::default()
            };
            let Ok(p) = Position::from_text(&text, rules) else {
                continue;
            };
            positions += 1;
            nodes += playout(&mut r, p, 12);
        }
        assert!(nodes > 5000, "{nodes}");
    }

    #[test]
    fn fast_path_matches_the_generator_in_games() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - KNA=K KNA=K",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 c3,f3,c6,f6 KNA=K KNA=K",
            "r3k2r/pp3ppp/2n2n2/2bqp3/2B1P3/2N2N2/PP1Q1PPP/R3K2R w KQkq - 0 1 c3,f3,c6,f6 KNA=K KNA=K",
            "4k3/1q4r1/8/3R4/8/2Q5/5B2/4K3 w - - 0 1 c3,c6,f6 KNA=K KNA=K",
            "r3k3/p2n4/8/2b5/8/5N2/1P3PP1/R3K2R b KQq - 0 1 d4,e5 KNA=K NA?",
            "3r4/8/5k2/1n6/2R5/2p3B1/8/K7 w - - 0 1 f3,c6 KNA=N KNA=K",
            "r3k4r/pppp1ppppp/10/4q5/10/10/4Q5/10/PPPP1PPPPP/R3K4R w KQkq - 0 1 c3,h3,c8,h8 KNA=K KNA=K",
        ];
        let mut r = Rng(0x2545_f491_4f6c_dd1d);
        let mut nodes = 0;
        for s in starts {
            for alternate in [false, true] {
                let rules = SonicRules {
                    alternate_turns: alternate,
                    ..SonicRules::default()
                };
                let root = Position::from_text(s, rules).unwrap();
                for _ in 0..40 {
                    nodes += playout(&mut r, root.clone(), 40);
                }
            }
        }
        assert!(nodes > 5000, "{nodes}");
    }
}
