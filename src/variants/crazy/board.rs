//! Pieces, stacks and the chain-reaction machinery of Crazy Chess.
//!
//! A square holds a [`Stack`], bottom → top; the bottom piece is the base
//! (a rook whenever anything rides on it), every rider is inside the
//! nearest rook below it (CRZ-R3). The whole board is a fixed array of 64
//! small inline stacks, so a position is one `memcpy` to clone.
//!
//! # The chain-reaction resolver
//!
//! Every capture of a turn goes through [`Chain`], one recursive,
//! depth-first resolver. Its deterministic order (CONFORMANCE.md):
//!
//! 1. A capture removes one piece ([`Chain::capture_level`]) or replaces
//!    the base by a capturing unit ([`Chain::replace_base`]).
//! 2. The contents of a captured rook fall at once (CRZ-R4,
//!    [`Chain::fall`]): units from the bottom, each capturing the base of
//!    the square as it then stands; a captured base rook's contents fall
//!    next, before the remaining units (recursion).
//! 3. Then the captured piece's own effect: queen revenge (CRZ-Q2) or
//!    bishop rising (CRZ-B1), each fully resolved (with its own chains)
//!    before the caller continues.
//! 4. All-round captures go N, NE, E, SE, S, SW, W, NW (CRZ-Q1), each
//!    neighbour with all its chains before the next.
//! 5. Deferred effects of a king's first-step capture run after its second
//!    step with the moving king immune (CRZ-K2, [`Chain::immune`]).
//! 6. Turn-end processing (CRZ-P3) is [`turn_end`], after all of the above.
//!
//! The resolver reports each step to its [`Trace`] (pictures record
//! it); play and perft use [`NoTrace`], which compiles to nothing.

use crate::core::geometry::{Square, KING_DIRS};
use crate::core::{ByColor, Color};

pub use crate::core::chess::{
    color, from_letter, kind, letter, make, BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK,
};
/// A bishop that has risen once (CRZ-B1); shown as `B*` in position texts.
pub const RISEN: u8 = 16;
/// Risen during the current turn (transient, cleared at turn end).
pub const FRESH: u8 = 32;

/// Most pieces one square can hold: every piece a position can have
/// (CRZ-V: at most 16 of each colour; no rule adds a piece), so no move
/// ever finds a stack full.
pub const MAX_STACK: usize = 32;

/// Most pieces of one colour in a position (CRZ-V).
pub const MAX_PER_COLOR: usize = 16;

/// Pieces on one square, bottom → top (CRZ-R3). The bytes above the top
/// are always 0, so equal stacks compare and hash equal.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub struct Stack {
    n: u8,
    p: [u8; MAX_STACK],
}

impl Stack {
    /// The empty stack.
    pub(crate) const EMPTY: Stack = Stack {
        n: 0,
        p: [0; MAX_STACK],
    };
    /// A stack of the single piece `p`.
    pub(crate) fn one(p: u8) -> Stack {
        let mut s = Stack::EMPTY;
        s.p[0] = p;
        s.n = 1;
        s
    }
    /// The number of pieces on the square.
    #[inline]
    pub fn len(&self) -> usize {
        self.n as usize
    }
    /// Whether the square is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }
    /// The piece at level `i` (0 = base).
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        self.p[i]
    }
    /// Replaces the piece at level `i`.
    pub fn set(&mut self, i: usize, p: u8) {
        self.p[i] = p;
    }
    /// The base piece (level 0), if any (CRZ-R3).
    #[inline]
    pub(crate) fn base(&self) -> Option<u8> {
        (self.n > 0).then(|| self.p[0])
    }
    /// The pieces, bottom → top.
    pub fn pieces(&self) -> &[u8] {
        &self.p[..self.n as usize]
    }
    /// The pieces, bottom → top, mutable.
    pub fn pieces_mut(&mut self) -> &mut [u8] {
        &mut self.p[..self.n as usize]
    }
    /// Appends on top; false when the stack is full.
    #[must_use]
    pub fn push(&mut self, p: u8) -> bool {
        if self.len() >= MAX_STACK {
            return false;
        }
        self.p[self.len()] = p;
        self.n += 1;
        true
    }
    /// Appends `other` on top, bottom first; false when the stack gets full.
    #[must_use]
    pub(crate) fn extend(&mut self, other: &Stack) -> bool {
        other.pieces().iter().all(|&p| self.push(p))
    }
    /// Inserts at `i`; false when full.
    #[must_use]
    pub fn insert(&mut self, i: usize, p: u8) -> bool {
        if self.len() >= MAX_STACK {
            return false;
        }
        let n = self.len();
        self.p.copy_within(i..n, i + 1);
        self.p[i] = p;
        self.n += 1;
        true
    }
    /// Removes and returns the piece at level `i`.
    pub(crate) fn remove(&mut self, i: usize) -> u8 {
        let p = self.p[i];
        let n = self.len();
        self.p.copy_within(i + 1..n, i);
        self.p[n - 1] = 0;
        self.n -= 1;
        p
    }
    /// Removes and returns the pieces from `i` up.
    pub fn split_off(&mut self, i: usize) -> Stack {
        let i = i.min(self.len());
        let n = self.len();
        let mut s = Stack::EMPTY;
        s.p[..n - i].copy_from_slice(&self.p[i..n]);
        s.n = (n - i) as u8;
        self.p[i..n].fill(0);
        self.n = i as u8;
        s
    }
    /// The unit starting at `i`: the piece and, if it is a rook, everything
    /// above it (CRZ-R3/R4).
    pub fn unit_len(&self, i: usize) -> usize {
        if kind(self.p[i]) == ROOK {
            self.len() - i
        } else {
            1
        }
    }
    /// Takes the unit starting at `i` off the stack (the piece, and if it
    /// is a rook everything above it: a moving rook carries its riders,
    /// CRZ-R3).
    pub fn take_unit(&mut self, i: usize) -> Stack {
        if kind(self.p[i]) == ROOK {
            self.split_off(i)
        } else {
            Stack::one(self.remove(i))
        }
    }
    /// The highest rook strictly below level `i`: the rook a rider at `i`
    /// is inside.
    pub fn rook_below(&self, i: usize) -> Option<usize> {
        (0..i.min(self.len()))
            .rev()
            .find(|&j| kind(self.p[j]) == ROOK)
    }
}

/// 64 stacks, indexed `rank * 8 + file`.
pub type Stacks = [Stack; 64];

/// The index `rank * 8 + file` of `sq`.
#[inline]
pub(crate) fn idx(sq: Square) -> usize {
    sq.rank() as usize * 8 + sq.file() as usize
}
/// The square of index `i` (`rank * 8 + file`).
#[inline]
pub(crate) fn sq_of(i: usize) -> Square {
    Square::new((i % 8) as u8, (i / 8) as u8)
}

/// The misreadings the resolver honours (mutation testing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChainMutants {
    /// `fall-captures-below`: a falling unit captures the top of the
    /// standing stack instead of its base.
    pub fall_below: bool,
    /// `no-revenge`: a captured queen does nothing.
    pub no_revenge: bool,
    /// `bishop-rises-twice`: a risen bishop rises again.
    pub rises_twice: bool,
    /// `revenge-spares-own-square`: revenge is only the all-round capture.
    pub revenge_spares_square: bool,
    /// `all-round-takes-stack`: the all-round capture removes whole stacks.
    pub all_round_stack: bool,
}

/// What the chain-reaction resolver reports while it works, in the order
/// it happens (pictures record it: `crazy::diagram`). Every
/// method does nothing by default; [`NoTrace`], the trace of play and
/// perft, is a zero-sized type whose calls compile to nothing.
pub trait Trace: Default {
    /// The piece `p` at `level` of square `i` is captured. `by`: the piece
    /// that now stands there in its place (a moving or falling unit taking
    /// the base, a rising bishop taking its rook); `None`: it is removed
    /// (a knight's capture in passing or of a rider, en passant, revenge,
    /// the all-round capture).
    #[inline(always)]
    fn captured(&mut self, _i: usize, _level: usize, _p: u8, _by: Option<u8>) {}
    /// `unit` (bottom first) falls onto square `i` (CRZ-R4), before it
    /// captures the base or lands.
    #[inline(always)]
    fn falls(&mut self, _i: usize, _unit: &Stack) {}
    /// The queen `q` captured on `i` takes her revenge (CRZ-Q2).
    #[inline(always)]
    fn revenge(&mut self, _i: usize, _q: u8) {}
    /// The all-round capture from `i` takes the base of `j` (CRZ-Q1).
    #[inline(always)]
    fn strikes(&mut self, _i: usize, _j: usize) {}
    /// The captured bishop `p` rises on `i` (CRZ-B1).
    #[inline(always)]
    fn rises(&mut self, _i: usize, _p: u8) {}
    /// A capture of the moving king on `i` is skipped (CRZ-K2).
    #[inline(always)]
    fn spared(&mut self, _i: usize) {}
    /// The moving piece goes on: what follows belongs to its next landing
    /// (a knight after its capture in passing, a king's second step).
    #[inline(always)]
    fn step(&mut self) {}
    /// `rule` took effect (the move's base rule, and rules whose effect is
    /// no resolver step: entering a rook, a capture in passing,
    /// en passant, turn end...; `explain`).
    #[inline(always)]
    fn rule(&mut self, _rule: &'static str) {}
}

/// The resolver's reports as rules ([`crate::core::Trace`]): queen
/// revenge (CRZ-Q2), falling riders (CRZ-R4), bishop rising (CRZ-B1), a
/// capture of the moving king skipped (CRZ-K2), and every [`Trace::rule`].
/// An `Option` so that the resolver can take it by value (`Default`).
pub struct Noted<'t, T: crate::core::Trace>(pub Option<&'t mut T>);

impl<T: crate::core::Trace> Default for Noted<'_, T> {
    fn default() -> Self {
        Noted(None)
    }
}

impl<T: crate::core::Trace> Noted<'_, T> {
    #[inline(always)]
    fn note(&mut self, rule: &'static str) {
        if let Some(t) = &mut self.0 {
            t.note(rule);
        }
    }
}

impl<T: crate::core::Trace> Trace for Noted<'_, T> {
    #[inline(always)]
    fn falls(&mut self, _i: usize, _unit: &Stack) {
        self.note("CRZ-R4");
    }
    #[inline(always)]
    fn revenge(&mut self, _i: usize, _q: u8) {
        self.note("CRZ-Q2");
    }
    #[inline(always)]
    fn rises(&mut self, _i: usize, _p: u8) {
        self.note("CRZ-B1");
    }
    #[inline(always)]
    fn spared(&mut self, _i: usize) {
        self.note("CRZ-K2");
    }
    #[inline(always)]
    fn rule(&mut self, rule: &'static str) {
        self.note(rule);
    }
}

/// The trace that records nothing (play, perft, the check test).
#[derive(Clone, Copy, Default, Debug)]
pub struct NoTrace;

impl Trace for NoTrace {}

/// The chain-reaction resolver of one turn (module docs). Works on the
/// stacks in place, reporting to its trace `T`.
pub struct Chain<'a, T: Trace = NoTrace> {
    /// The board being changed.
    pub b: &'a mut Stacks,
    /// CRZ-K2: while the deferred effects of a king's first-step capture
    /// run, the king of this colour (the one that moved) cannot be captured.
    pub immune: Option<Color>,
    /// A stack would have exceeded [`MAX_STACK`]: the move does not exist.
    pub overflow: bool,
    /// Squares whose base was captured, replaced or moved (castling rights).
    pub touched: u64,
    /// Every square the resolver may have changed (a superset): the
    /// squares it acted on. The caller adds the squares it wrote itself.
    pub dirty: u64,
    /// The misreadings honoured (mutation testing).
    pub m: ChainMutants,
    /// Where the steps are reported.
    pub trace: T,
}

impl<'a> Chain<'a> {
    /// A resolver on `b` that reports nothing.
    pub fn new(b: &'a mut Stacks, m: ChainMutants) -> Self {
        Chain::traced(b, m, NoTrace)
    }
}

impl<'a, T: Trace> Chain<'a, T> {
    /// A resolver reporting to `trace`.
    pub fn traced(b: &'a mut Stacks, m: ChainMutants, trace: T) -> Self {
        Chain {
            b,
            immune: None,
            overflow: false,
            touched: 0,
            dirty: 0,
            m,
            trace,
        }
    }

    fn is_immune(&self, p: u8) -> bool {
        kind(p) == KING && self.immune == Some(color(p))
    }

    /// Captures the piece at `level` of the stack on `i` with all its chain
    /// reactions: a rook's contents fall (CRZ-R4), then a queen takes
    /// revenge (CRZ-Q2) or a bishop rises (CRZ-B1).
    pub fn capture_level(&mut self, i: usize, level: usize) {
        self.dirty |= 1 << i;
        if level >= self.b[i].len() {
            return;
        }
        let p = self.b[i].get(level);
        if self.is_immune(p) {
            self.trace.spared(i);
            return;
        }
        self.trace.captured(i, level, p, None);
        if level == 0 {
            self.touched |= 1 << i;
        }
        let contents = if kind(p) == ROOK {
            self.b[i].split_off(level + 1)
        } else {
            Stack::EMPTY
        };
        self.b[i].remove(level);
        self.fall(i, &contents);
        self.effect(i, p, level);
    }

    /// A moving unit captures the base of `i` and stands there as the new
    /// base; the victim's contents fall onto it (CRZ-R4), then the victim's
    /// effect runs (CRZ-Q2, CRZ-B1).
    pub fn replace_base(&mut self, i: usize, unit: &Stack) {
        self.dirty |= 1 << i;
        let Some(victim) = self.b[i].base() else {
            self.b[i] = *unit;
            return;
        };
        if self.is_immune(victim) {
            self.trace.spared(i);
            if !self.b[i].extend(unit) {
                self.overflow = true;
            }
            return;
        }
        self.trace.captured(i, 0, victim, Some(unit.get(0)));
        self.touched |= 1 << i;
        let mut old = self.b[i];
        let contents = old.split_off(1);
        self.b[i] = *unit;
        self.fall(i, &contents);
        self.effect(i, victim, 0);
    }

    /// CRZ-R4: `pieces` fall onto square `i` one unit at a time from the
    /// bottom; each unit captures the base as it then stands and becomes
    /// the base; onto an empty square it simply lands.
    pub fn fall(&mut self, i: usize, pieces: &Stack) {
        self.dirty |= 1 << i;
        let mut k = 0;
        while k < pieces.len() {
            let n = pieces.unit_len(k);
            let mut unit = Stack::EMPTY;
            for j in k..k + n {
                let _ = unit.push(pieces.get(j));
            }
            k += n;
            self.trace.falls(i, &unit);
            if self.b[i].is_empty() {
                self.b[i] = unit;
            } else if self.m.fall_below {
                let top = self.b[i].len() - 1;
                self.capture_level(i, top);
                if !self.b[i].extend(&unit) {
                    self.overflow = true;
                }
            } else {
                self.replace_base(i, &unit);
            }
        }
    }

    /// The effect of a captured piece `p` that stood at `level` of `i`.
    pub fn effect(&mut self, i: usize, p: u8, level: usize) {
        match kind(p) {
            QUEEN if !self.m.no_revenge => self.revenge(i, p, level),
            BISHOP if p & RISEN == 0 || self.m.rises_twice => self.rise(i, p, level),
            _ => {}
        }
    }

    /// CRZ-Q2: the captured queen captures the piece on her square (the
    /// capturer standing there, or the rook she was inside), then makes an
    /// all-round capture.
    fn revenge(&mut self, i: usize, q: u8, level: usize) {
        self.trace.revenge(i, q);
        if self.m.revenge_spares_square {
        } else if level == 0 {
            if !self.b[i].is_empty() {
                self.capture_level(i, 0);
            }
        } else if let Some(r) = self.b[i].rook_below(level) {
            self.capture_level(i, r);
        }
        self.all_round(i);
    }

    /// CRZ-Q1: captures the base of every occupied neighbour of `i`, in the
    /// order N, NE, E, SE, S, SW, W, NW, each with all its chain reactions.
    pub fn all_round(&mut self, i: usize) {
        let from = sq_of(i);
        for d in KING_DIRS {
            if let Some(nb) = from.offset(d, crate::core::geometry::Board::CHESS) {
                let j = idx(nb);
                if !self.b[j].is_empty() {
                    self.trace.strikes(i, j);
                }
                if self.m.all_round_stack {
                    while !self.b[j].is_empty() {
                        let top = self.b[j].len() - 1;
                        let before = self.b[j].len();
                        self.capture_level(j, top);
                        if self.b[j].len() >= before {
                            break;
                        }
                    }
                } else if !self.b[j].is_empty() {
                    self.capture_level(j, 0);
                }
            }
        }
    }

    /// CRZ-B1: the captured bishop rises on its square, capturing the piece
    /// there (a base: the capturer, whose riders then fall on the bishop; a
    /// rider: the rook it was inside, whose place it takes, that rook's
    /// other contents then falling onto the square).
    fn rise(&mut self, i: usize, p: u8, level: usize) {
        self.dirty |= 1 << i;
        let risen = p | RISEN | FRESH;
        if level == 0 {
            match self.b[i].base() {
                None => {
                    self.trace.rises(i, p);
                    self.b[i] = Stack::one(risen);
                }
                Some(base) if self.is_immune(base) => self.trace.spared(i),
                Some(_) => {
                    self.trace.rises(i, p);
                    self.replace_base(i, &Stack::one(risen));
                }
            }
            return;
        }
        self.trace.rises(i, p);
        match self.b[i].rook_below(level) {
            Some(r) => {
                if r == 0 {
                    self.touched |= 1 << i;
                }
                self.trace.captured(i, r, self.b[i].get(r), Some(risen));
                let contents = self.b[i].split_off(r + 1);
                self.b[i].set(r, risen);
                self.fall(i, &contents);
            }
            None => {
                if !self.b[i].insert(level.min(self.b[i].len()), risen) {
                    self.overflow = true;
                }
            }
        }
    }
}

/// Whether turn end (CRZ-P3) has anything to do on square `i`: a risen or
/// fresh bishop, or a base pawn on rank 1 or 8.
#[inline]
pub fn needs_turn_end(i: usize, st: &Stack) -> bool {
    match st.len() {
        0 => false,
        1 => {
            let p = st.get(0);
            p & (RISEN | FRESH) != 0 || (kind(p) == PAWN && !(8..56).contains(&i))
        }
        _ => {
            (kind(st.get(0)) == PAWN && !(8..56).contains(&i))
                || st.pieces().iter().any(|&p| p & (RISEN | FRESH) != 0)
        }
    }
}

/// The squares of ranks 1 and 8.
pub const RANKS_1_8: u64 = 0xff00_0000_0000_00ff;

/// Bitboards of one board (bit `rank * 8 + file`): what move generation
/// and the check test (CRZ-C1) look up instead of scanning the stacks.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Census {
    /// Occupied squares.
    pub occ: u64,
    /// Squares whose base is White / Black.
    pub base: ByColor<u64>,
    /// Squares whose base is a rook (either colour).
    pub rook_base: u64,
    /// Squares holding more than one piece.
    pub tall: u64,
    /// `any[colour][kind]`: squares holding a piece of that colour and
    /// kind at any level; `any[colour][0]`: of that colour, any kind.
    pub any: ByColor<[u64; 7]>,
    /// Squares where turn end (CRZ-P3) has something to do
    /// ([`needs_turn_end`]).
    pub marks: u64,
}

impl Census {
    /// The bitboards of the board `b`.
    pub(crate) fn of(b: &Stacks) -> Census {
        let mut z = Census::default();
        for (i, st) in b.iter().enumerate() {
            z.add(i, st);
        }
        z
    }

    /// Forgets square `i`.
    #[inline]
    pub fn clear(&mut self, i: usize) {
        let m = !(1u64 << i);
        self.occ &= m;
        self.base[Color::White] &= m;
        self.base[Color::Black] &= m;
        self.rook_base &= m;
        self.tall &= m;
        self.marks &= m;
        for c in Color::BOTH {
            for k in 0..7 {
                self.any[c][k] &= m;
            }
        }
    }

    /// Adds square `i` holding `st` (after [`Census::clear`]).
    #[inline]
    pub fn add(&mut self, i: usize, st: &Stack) {
        let Some(base) = st.base() else { return };
        let bit = 1u64 << i;
        self.occ |= bit;
        self.base[color(base)] |= bit;
        if kind(base) == ROOK {
            self.rook_base |= bit;
        }
        if st.len() > 1 {
            self.tall |= bit;
        }
        let mut flags = 0;
        for &p in st.pieces() {
            let c = color(p);
            self.any[c][0] |= bit;
            self.any[c][kind(p) as usize] |= bit;
            flags |= p;
        }
        // As `needs_turn_end`.
        if flags & (RISEN | FRESH) != 0 || (kind(base) == PAWN && RANKS_1_8 & bit != 0) {
            self.marks |= bit;
        }
    }

    /// Re-reads the squares of `mask` from `b`.
    #[inline]
    pub fn update(&mut self, b: &Stacks, mask: u64) {
        let mut m = mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            self.clear(i);
            self.add(i, &b[i]);
        }
    }

    /// Squares holding a queen of either colour (any level).
    #[inline]
    pub fn queens(&self) -> u64 {
        self.any[Color::White][QUEEN as usize] | self.any[Color::Black][QUEEN as usize]
    }

    /// The square and level of `c`'s king (the first one found).
    pub fn king(&self, b: &Stacks, c: Color) -> Option<(usize, usize)> {
        let ks = self.any[c][KING as usize];
        if ks == 0 {
            return None;
        }
        let i = ks.trailing_zeros() as usize;
        let k = make(KING, c);
        let l = b[i].pieces().iter().position(|&p| p & 15 == k)?;
        Some((i, l))
    }
}

/// What CRZ-P3 leaves to the players: pawns to promote (square index).
pub type Promotions = smallvec::SmallVec<[usize; 2]>;

/// CRZ-P3 turn end, after all chain reactions of `mover`'s turn: risen
/// bishops of `mover` that rose before this turn vanish, base pawns on
/// their own first rank are removed, base pawns on their last rank are
/// returned for promotion. Fresh marks are cleared.
pub fn turn_end(b: &mut Stacks, mover: Color) -> Promotions {
    turn_end_in(b, mover, !0)
}

/// [`turn_end`] on the squares of `mask` only: the same result when no
/// other square holds a risen bishop, a fresh mark or a base pawn on rank
/// 1 or 8 (a clean board changed by a move only on `mask`).
pub fn turn_end_in(b: &mut Stacks, mover: Color, mask: u64) -> Promotions {
    turn_end_traced(b, mover, mask, &mut ())
}

/// [`turn_end_in`], reporting to `trace` each rule that took effect: a
/// risen bishop vanishing (CRZ-B1), a pawn removed from its first rank or
/// promoting (CRZ-P3).
pub fn turn_end_traced<T: crate::core::Trace>(
    b: &mut Stacks,
    mover: Color,
    mask: u64,
    trace: &mut T,
) -> Promotions {
    let mut promos = Promotions::new();
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let st = &mut b[i];
        if !needs_turn_end(i, st) {
            continue;
        }
        let mut k = 0;
        while k < st.len() {
            let p = st.get(k);
            if kind(p) == BISHOP && p & RISEN != 0 && p & FRESH == 0 && color(p) == mover {
                trace.note("CRZ-B1");
                st.remove(k);
            } else {
                st.set(k, p & !FRESH);
                k += 1;
            }
        }
        if let Some(base) = st.base() {
            if kind(base) == PAWN {
                let rank = (i / 8) as u8;
                let white = color(base).is_white();
                let rel = if white { rank } else { 7 - rank };
                if rel == 0 {
                    trace.note("CRZ-P3");
                    st.remove(0);
                } else if rel == 7 {
                    trace.note("CRZ-P3");
                    promos.push(i);
                }
            }
        }
    }
    promos
}
