//! The validated Capablanca position (CAP-1): 128-bit bitboards on the
//! 10×8 board, attack tables, and copy-make.
//!
//! Square index `rank * 10 + file` (0 = a1, 9 = j1, 79 = j8). State is ten
//! `u128` boards (eight roles, two colours) plus side to move, castling
//! rights, en passant square, mutant flags and the two counters: about 180
//! bytes, copied per node. Sliders use ray tables: the first blocker on a
//! ray is its lowest (rising rays) or highest (falling rays) set bit.
//! The compact move is in [`super::moves`], the generator in
//! [`super::generate`].

use std::sync::OnceLock;

use crate::core::bitchess::piece_sets;
use crate::core::bitchess::ChessRole;
pub use crate::core::bitchess::{Bits, PieceSets};
pub use crate::core::chess::ByRole;
use crate::core::{Color, Trace};

use super::moves::{
    mv_flag, mv_from, mv_to, promotion_role, Mv, F_CASTLE, F_DOUBLE, F_EP, F_NORMAL,
};

pub use crate::core::ByColor;

/// A kind of Capablanca piece (CAP-1): the orthodox six and the two
/// compounds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// The pawn.
    Pawn,
    /// The knight.
    Knight,
    /// The bishop.
    Bishop,
    /// The rook.
    Rook,
    /// The queen.
    Queen,
    /// The king.
    King,
    /// CAP-1: the archbishop (bishop + knight), `A/a`.
    Archbishop,
    /// CAP-1: the chancellor (rook + knight), `C/c`.
    Chancellor,
}

impl Role {
    /// Every role, pawn first (the order of [`ByRole`]).
    pub const ALL: [Role; 8] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Archbishop,
        Role::Chancellor,
    ];

    /// The FEN letter of the role (upper case, as White's).
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
            Role::Archbishop => 'A',
            Role::Chancellor => 'C',
        }
    }

    /// The role of an upper-case FEN letter.
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.letter() == c)
    }

    /// The role's name in messages (`archbishop`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
            Role::Archbishop => "archbishop",
            Role::Chancellor => "chancellor",
        }
    }
}

impl ChessRole for Role {
    const ALL: &'static [Role] = &Role::ALL;
    const PAWN: Role = Role::Pawn;
    const KING: Role = Role::King;
    const ROOK: Role = Role::Rook;
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
    fn letter(self) -> char {
        Role::letter(self)
    }
}

/// Files and ranks of the board (CAP-1: 10×8).
pub const W: u32 = 10;
pub const H: u32 = 8;
/// Number of squares.
pub const N: usize = 80;

/// "No en passant square".
pub const NO_EP: u8 = 255;

pub use crate::core::chess::{BK, BQ, WK, WQ};

/// Mutant flags (deliberate misreadings of CAP-1, for mutation testing).
pub const MUT_CASTLE_TWO: u8 = 1;
pub const MUT_ARCHBISHOP_NO_LEAP: u8 = 2;
pub const MUT_CHANCELLOR_NO_LEAP: u8 = 4;

#[inline]
pub const fn bit(sq: u32) -> u128 {
    1u128 << sq
}

pub const BOARD: u128 = (1u128 << 80) - 1;
pub const FILE_A: u128 = {
    let mut b = 0u128;
    let mut r = 0;
    while r < H {
        b |= 1u128 << (r * W);
        r += 1;
    }
    b
};
pub const FILE_J: u128 = FILE_A << 9;
pub const RANK_1: u128 = (1u128 << 10) - 1;
pub const RANK_3: u128 = RANK_1 << 20;
pub const RANK_6: u128 = RANK_1 << 50;
pub const RANK_8: u128 = RANK_1 << 70;

/// Ray directions: the first four rise (index grows), the last four fall.
const DIRS: [(i32, i32); 8] = [
    (0, 1),   // N
    (1, 0),   // E
    (1, 1),   // NE
    (-1, 1),  // NW
    (0, -1),  // S
    (-1, 0),  // W
    (-1, -1), // SW
    (1, -1),  // SE
];

/// Attack tables of the 10×8 board.
pub struct Tables {
    pub knight: [u128; N],
    pub king: [u128; N],
    /// `pawn[color][sq]`: the squares a pawn of `color` on `sq` attacks.
    pub pawn: [[u128; N]; 2],
    rays: [[u128; N]; 8],
    /// Squares strictly between two squares on a common line (else 0).
    pub between: Vec<[u128; N]>,
    /// The whole line through two squares (else 0).
    pub line: Vec<[u128; N]>,
}

fn on(f: i32, r: i32) -> bool {
    (0..W as i32).contains(&f) && (0..H as i32).contains(&r)
}

fn build() -> Tables {
    let mut t = Tables {
        knight: [0; N],
        king: [0; N],
        pawn: [[0; N]; 2],
        rays: [[0; N]; 8],
        between: vec![[0; N]; N],
        line: vec![[0; N]; N],
    };
    let idx = |f: i32, r: i32| (r * W as i32 + f) as u32;
    for s in 0..N as i32 {
        let (f, r) = (s % W as i32, s / W as i32);
        for (df, dr) in crate::core::bitboard::KNIGHT {
            if on(f + df, r + dr) {
                t.knight[s as usize] |= bit(idx(f + df, r + dr));
            }
        }
        for (d, &(df, dr)) in DIRS.iter().enumerate() {
            if on(f + df, r + dr) {
                t.king[s as usize] |= bit(idx(f + df, r + dr));
            }
            let (mut x, mut y) = (f + df, r + dr);
            while on(x, y) {
                t.rays[d][s as usize] |= bit(idx(x, y));
                x += df;
                y += dr;
            }
        }
        for (c, dr) in [(Color::White, 1), (Color::Black, -1)] {
            for df in [-1, 1] {
                if on(f + df, r + dr) {
                    t.pawn[c.index()][s as usize] |= bit(idx(f + df, r + dr));
                }
            }
        }
    }
    for a in 0..N {
        for d in 0..8 {
            for b in Bits(t.rays[d][a]) {
                let b = b as usize;
                t.between[a][b] = t.rays[d][a] & !t.rays[d][b] & !bit(b as u32);
                t.line[a][b] = t.rays[d][a] | t.rays[(d + 4) % 8][a] | bit(a as u32);
            }
        }
    }
    t
}

/// The attack tables (built once).
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}

impl Tables {
    #[inline(always)]
    fn ray(&self, d: usize, sq: u32, occ: u128) -> u128 {
        let r = self.rays[d][sq as usize];
        let b = r & occ;
        if b == 0 {
            return r;
        }
        let first = if d < 4 {
            b.trailing_zeros()
        } else {
            127 - b.leading_zeros()
        };
        r ^ self.rays[d][first as usize]
    }
    /// Rook moves from `sq` with occupancy `occ` (up to and including the
    /// first blocker on each line).
    #[inline]
    pub fn rook(&self, sq: u32, occ: u128) -> u128 {
        self.ray(0, sq, occ) | self.ray(1, sq, occ) | self.ray(4, sq, occ) | self.ray(5, sq, occ)
    }
    /// Bishop moves from `sq` with occupancy `occ`.
    #[inline]
    pub fn bishop(&self, sq: u32, occ: u128) -> u128 {
        self.ray(2, sq, occ) | self.ray(3, sq, occ) | self.ray(6, sq, occ) | self.ray(7, sq, occ)
    }
    /// Rook lines from `sq` on an empty board.
    #[inline]
    pub fn rook_empty(&self, sq: u32) -> u128 {
        let s = sq as usize;
        self.rays[0][s] | self.rays[1][s] | self.rays[4][s] | self.rays[5][s]
    }
    /// Bishop lines from `sq` on an empty board.
    #[inline]
    pub fn bishop_empty(&self, sq: u32) -> u128 {
        let s = sq as usize;
        self.rays[2][s] | self.rays[3][s] | self.rays[6][s] | self.rays[7][s]
    }
}

/// Castling rights kept by a move touching each square: moving from or
/// capturing on a king or rook home square clears its rights (CAP-1,
/// king f1/f8, rooks a1 j1 a8 j8).
const CASTLE_KEEP: [u8; N] = {
    let mut t = [0xfu8; N];
    t[0] = !WQ & 0xf;
    t[5] = !(WK | WQ) & 0xf;
    t[9] = !WK & 0xf;
    t[70] = !BQ & 0xf;
    t[75] = !(BK | BQ) & 0xf;
    t[79] = !BK & 0xf;
    t
};

/// The king's home square of `color` (CAP-1: f1, f8).
pub const fn king_home(color: Color) -> u32 {
    if color.is_white() {
        5
    } else {
        75
    }
}

/// A castling of CAP-1 (king `from` → `to`, rook `rook_from` → `rook_to`),
/// for `color` toward the high (`king_side`) or low files. The king moves
/// three squares (two under the mutant `castle-two-squares`) and the rook
/// lands beside it on the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castling {
    pub right: u8,
    pub from: u32,
    pub to: u32,
    pub rook_from: u32,
    pub rook_to: u32,
}

impl Castling {
    pub const fn of(color: Color, king_side: bool, mutants: u8) -> Castling {
        let home = king_home(color);
        let dist = if mutants & MUT_CASTLE_TWO != 0 { 2 } else { 3 };
        let base = home - 5;
        if king_side {
            Castling {
                right: if color.is_white() { WK } else { BK },
                from: home,
                to: home + dist,
                rook_from: base + 9,
                rook_to: home + dist - 1,
            }
        } else {
            Castling {
                right: if color.is_white() { WQ } else { BQ },
                from: home,
                to: home - dist,
                rook_from: base,
                rook_to: home - dist + 1,
            }
        }
    }
    /// The castling a king move `from` → `to` of `color` would be, if any.
    pub fn by_king(color: Color, from: u32, to: u32, mutants: u8) -> Option<Castling> {
        [true, false]
            .into_iter()
            .map(|k| Castling::of(color, k, mutants))
            .find(|c| c.from == from && c.to == to)
    }
    /// Every square strictly between king and rook (must be empty).
    pub fn between(&self) -> u128 {
        tables().between[self.from as usize][self.rook_from as usize]
    }
    /// The squares the king crosses, start excluded, destination excluded.
    pub fn crossed(&self) -> u128 {
        tables().between[self.from as usize][self.to as usize]
    }
}

/// The position. Only [`super::notation::Setup::validate`] builds one from
/// outside, so move generation never sees an inconsistent state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pos {
    /// The squares of each role's pieces, both sides.
    pub roles: ByRole<u128, 8>,
    /// The squares of each side's pieces.
    pub colors: ByColor<u128>,
    /// The side to move.
    pub turn: Color,
    pub castling: u8,
    /// The square a pawn passed over with its last double step, or `NO_EP`.
    pub ep: u8,
    pub mutants: u8,
    pub halfmove: u32,
    pub fullmove: u32,
}

piece_sets!(Pos, u128, Role);

impl Pos {
    /// The king square of `color` (`N` if there is none).
    #[inline]
    pub fn king(&self, color: Color) -> u32 {
        let k = self.pieces(color, Role::King);
        if k == 0 {
            N as u32
        } else {
            k.trailing_zeros()
        }
    }

    /// Pieces moving diagonally as sliders: bishop, queen, archbishop (CAP-1).
    #[inline]
    pub fn diagonal(&self) -> u128 {
        self.roles[Role::Bishop] | self.roles[Role::Queen] | self.roles[Role::Archbishop]
    }

    /// Pieces moving orthogonally as sliders: rook, queen, chancellor (CAP-1).
    #[inline]
    pub fn orthogonal(&self) -> u128 {
        self.roles[Role::Rook] | self.roles[Role::Queen] | self.roles[Role::Chancellor]
    }

    /// Pieces that leap as knights: knight, and archbishop and chancellor
    /// unless a mutant drops their knight part (CAP-1).
    #[inline]
    pub fn leapers(&self) -> u128 {
        let mut b = self.roles[Role::Knight];
        if self.mutants & MUT_ARCHBISHOP_NO_LEAP == 0 {
            b |= self.roles[Role::Archbishop];
        }
        if self.mutants & MUT_CHANCELLOR_NO_LEAP == 0 {
            b |= self.roles[Role::Chancellor];
        }
        b
    }

    /// Pieces of `by` that attack `sq` with occupancy `occ` (CAP-1: each
    /// compound attacks with both its parts).
    #[inline]
    pub fn attackers(&self, t: &Tables, sq: u32, by: Color, occ: u128) -> u128 {
        let s = sq as usize;
        ((t.pawn[by.other().index()][s] & self.roles[Role::Pawn])
            | (t.knight[s] & self.leapers())
            | (t.king[s] & self.roles[Role::King])
            | (t.bishop(sq, occ) & self.diagonal())
            | (t.rook(sq, occ) & self.orthogonal()))
            & self.colors[by]
    }

    /// Whether `by` attacks `sq` with occupancy `occ` (early exits).
    #[inline]
    pub fn attacked(&self, t: &Tables, sq: u32, by: Color, occ: u128) -> bool {
        let them = self.colors[by];
        let s = sq as usize;
        if t.knight[s] & self.leapers() & them != 0
            || t.pawn[by.other().index()][s] & self.roles[Role::Pawn] & them != 0
            || t.king[s] & self.roles[Role::King] & them != 0
        {
            return true;
        }
        let d = self.diagonal() & them;
        if d != 0 && t.bishop(sq, occ) & d != 0 {
            return true;
        }
        let o = self.orthogonal() & them;
        o != 0 && t.rook(sq, occ) & o != 0
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> u128 {
        let k = self.king(self.turn);
        if k as usize == N {
            return 0;
        }
        self.attackers(tables(), k, self.turn.other(), self.occupied())
    }

    /// Whether the side not to move is in check (an impossible position).
    pub fn opponent_in_check(&self) -> bool {
        let them = self.turn.other();
        let k = self.king(them);
        k as usize != N && self.attacked(tables(), k, self.turn, self.occupied())
    }

    /// Plays a move the generator produced (copy-make: the caller keeps
    /// the old position), reporting to `trace` the CAP-1 effects that
    /// happened (castling, en passant, promotion).
    #[inline]
    pub fn make<T: Trace>(&mut self, m: Mv, trace: &mut T) {
        let (from, to, flag) = (mv_from(m), mv_to(m), mv_flag(m));
        let us = self.turn;
        let them = us.other();
        let (fb, tb) = (bit(from), bit(to));
        let role = self.role_at(from).unwrap_or(Role::Pawn);
        self.halfmove += 1;
        if self.colors[them] & tb != 0 {
            for r in &mut self.roles.0 {
                *r &= !tb;
            }
            self.colors[them] ^= tb;
            self.halfmove = 0;
        }
        self.roles[role] ^= fb | tb;
        self.colors[us] ^= fb | tb;
        if role == Role::Pawn {
            self.halfmove = 0;
        }
        self.ep = NO_EP;
        match flag {
            F_NORMAL => {}
            F_DOUBLE => self.ep = ((from + to) / 2) as u8,
            F_EP => {
                trace.note("CAP-1");
                let cap = bit(from - from % W + to % W);
                self.roles[Role::Pawn] ^= cap;
                self.colors[them] ^= cap;
            }
            F_CASTLE => {
                trace.note("CAP-1");
                if let Some(c) = Castling::by_king(us, from, to, self.mutants) {
                    let rb = bit(c.rook_from) | bit(c.rook_to);
                    self.roles[Role::Rook] ^= rb;
                    self.colors[us] ^= rb;
                }
            }
            _ => {
                trace.note("CAP-1");
                let promo = promotion_role(flag);
                self.roles[Role::Pawn] ^= tb;
                self.roles[promo] ^= tb;
            }
        }
        self.castling &= CASTLE_KEEP[from as usize] & CASTLE_KEEP[to as usize];
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.turn = them;
    }
}
