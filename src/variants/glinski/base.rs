//! The three hexagonal bases — Gliński's (GLN-1), McCooey's (MCC-1) and
//! Shafran's (SHF-1) — as data: board shape, start array, pawn tables and
//! castling squares. One generator (`position`) reads them; `sonic-hex`
//! (SCA-13.1 `board=glinski|mccooey|shafran`) reads the same tables.
//!
//! A [`Base`] is a `const` (its tables are folded into each generator
//! instance); [`Base::of`] gives it by [`BaseId`].
//!
//! | | [`GLINSKI`] (GLN-1) | [`MCCOOEY`] (MCC-1) | [`SHAFRAN`] (SHF-1) |
//! |---|---|---|---|
//! | board ([`Shape`]) | 91 cells | the same 91 | 70 cells |
//! | pawn captures | orthogonal, 10/2 o'clock (White) | forward diagonals, 11/1 o'clock | as MCC-1 |
//! | first moves | 2 cells from every start cell | 2 cells, not the centre pawn f4/f8 | 3 (files d e f), 2 (b c g h), 1 (a i) |
//! | en passant | the skipped cell | the skipped cell | every crossed cell (`ep=last`: the last one) |
//! | promotion | far edge | far edge | the last cell of the file |
//! | castling | none | none | long and short with either rook (`AIai`) |
//!
//! Pawn tables are occupancy boards (`u128`, bits = slots of
//! [`crate::core::hex`]) per side ([`ByColor`], indexed by [`Color`];
//! `sonic-hex` reads the same tables); the start array is per side and
//! per piece ([`ByRole`], indexed by [`Role`](crate::core::chess::Role)).

use crate::core::chess::ByRole;
use crate::core::hex::{Cell, Dir, Shape, SLOTS};
use crate::core::{ByColor, Color};

/// Which base (the index into [`BASES`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum BaseId {
    /// GLN-1.
    #[default]
    Glinski = 0,
    /// MCC-1.
    Mccooey = 1,
    /// SHF-1.
    Shafran = 2,
}

/// Pawn capture kind: one cell along the orthogonal lines 60° left and
/// right of forward (GLN-1: White 10 and 2 o'clock, Black 8 and 4).
pub const CAPTURE_ORTHOGONAL: usize = 0;
/// Pawn capture kind: one cell along the forward diagonals, 30° left and
/// right of forward (MCC-1, SHF-1: White 11 and 1 o'clock, Black 7 and 5;
/// also GLN-1's mutant `diagonal-pawn-captures`).
pub const CAPTURE_DIAGONAL: usize = 1;

/// `CAPTURE_DIRS[kind][color]`: the two capture directions of a pawn of
/// `color` for capture kind `kind` ([`CAPTURE_ORTHOGONAL`],
/// [`CAPTURE_DIAGONAL`]).
pub const CAPTURE_DIRS: [ByColor<[Dir; 2]>; 2] = [
    ByColor([
        [Dir::from_hour(10), Dir::from_hour(2)],
        [Dir::from_hour(8), Dir::from_hour(4)],
    ]),
    ByColor([
        [Dir::from_hour(11), Dir::from_hour(1)],
        [Dir::from_hour(7), Dir::from_hour(5)],
    ]),
];

/// Each colour's forward direction (straight up / down the file, on every
/// base).
pub const FORWARD: ByColor<Dir> = ByColor([Dir::UP, Dir::DOWN]);

/// One castling (SHF-1): a king and a rook on their start cells, the king
/// moving toward the rook 3 cells (long) or 2 (short), the rook landing on
/// the last cell the king passed over. Cells are slots.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Castling {
    /// The castling-rights letter: the rook's file, upper case for White
    /// (`A`, `I`, `a`, `i`).
    pub letter: char,
    /// The side.
    pub color: Color,
    /// The right's bit in a position's castling rights.
    pub right: u8,
    /// King start slot.
    pub king: u8,
    /// Rook start slot.
    pub rook: u8,
    /// The cells strictly between king and rook (must be empty).
    pub between: u128,
    /// Long castling: the king's destination slot, the rook's, and the
    /// cells the king passes over (not attacked).
    pub long: (u8, u8, u128),
    /// Short castling: as `long`.
    pub short: (u8, u8, u128),
}

/// A hexagonal base: everything that differs between GLN-1, MCC-1 and
/// SHF-1.
#[derive(Clone, Copy, Debug)]
pub struct Base {
    /// Which base.
    pub id: BaseId,
    /// The variant id (`glinski`, `mccooey`, `shafran`).
    pub name: &'static str,
    /// The rule ID (`GLN-1`, `MCC-1`, `SHF-1`): every rule of the base is
    /// that one ID.
    pub rule: &'static str,
    /// The board.
    pub shape: Shape,
    /// The start position text (the variant's position text form).
    pub start_text: &'static str,
    /// The start array: `[color][role]` cells.
    pub array: ByColor<ByRole<u128>>,
    /// The pawns' start cells (the array's pawn cells).
    pub pawn_start: ByColor<u128>,
    /// Cells from which a pawn of that colour may move two cells straight
    /// forward (GLN-1: every start cell, also after a capture onto one;
    /// MCC-1: the start cells but f4 / f8; SHF-1: the start cells of files
    /// b–h).
    pub two_steps: ByColor<u128>,
    /// Cells from which a pawn may move three cells (SHF-1: files d e f;
    /// none elsewhere). A subset of `two_steps`.
    pub three_steps: ByColor<u128>,
    /// The capture kind ([`CAPTURE_ORTHOGONAL`] or [`CAPTURE_DIAGONAL`]).
    pub captures: usize,
    /// The promotion cells (the cells with no cell straight ahead).
    pub promotion: ByColor<u128>,
    /// The cells a pawn of that colour can ever stand on (reachable from
    /// its start cells by its moves).
    pub pawn_cells: ByColor<u128>,
    /// The castlings (SHF-1: A I a i; none on GLN-1 and MCC-1).
    pub castlings: &'static [Castling],
}

impl Base {
    /// The base `id`.
    pub const fn of(id: BaseId) -> &'static Base {
        &BASES[id as usize]
    }
    /// The cells a pawn of `color` on `slot` attacks (`kind`: the capture
    /// kind, normally [`Base::captures`]; a mutant may pass the other).
    #[inline(always)]
    pub fn pawn_attacks(&self, kind: usize, color: Color, slot: usize) -> u128 {
        match self.shape {
            Shape::Glinski => PAWN_ATTACKS[kind][color][slot],
            Shape::Shafran => SHAFRAN_PAWN_ATTACKS[kind][color][slot],
        }
    }
    /// The rook's move of the castling (SHF-1) whose king moves `from` →
    /// `to`: the rook's start and destination slots, if that is a
    /// castling.
    pub fn castling_rook(&self, from: usize, to: usize) -> Option<(usize, usize)> {
        self.castlings.iter().find_map(|c| {
            if c.king as usize != from {
                None
            } else if c.long.0 as usize == to {
                Some((c.rook as usize, c.long.1 as usize))
            } else if c.short.0 as usize == to {
                Some((c.rook as usize, c.short.1 as usize))
            } else {
                None
            }
        })
    }
    /// How many cells a pawn of `color` on `cell` may move straight
    /// forward at most (1, 2 or 3).
    pub const fn max_steps(&self, color: Color, cell: Cell) -> u8 {
        if self.three_steps.0[color.index()] & cell.bit() != 0 {
            3
        } else if self.two_steps.0[color.index()] & cell.bit() != 0 {
            2
        } else {
            1
        }
    }
}

/// The three bases, by [`BaseId`].
pub const BASES: [Base; 3] = [GLINSKI, MCCOOEY, SHAFRAN];

/// GLN-1: Gliński's hexagonal chess.
pub const GLINSKI: Base = {
    let s = Shape::Glinski;
    let start = ByColor([
        cells(s, &["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"]),
        cells(s, &["b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "k7"]),
    ]);
    let [white, black] = start.0;
    Base {
        id: BaseId::Glinski,
        name: "glinski",
        rule: "GLN-1",
        shape: s,
        start_text: "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1",
        array: ByColor([
            ByRole([
                white,
                cells(s, &["d1", "h1"]),
                cells(s, &["f1", "f2", "f3"]),
                cells(s, &["c1", "i1"]),
                cells(s, &["e1"]),
                cells(s, &["g1"]),
            ]),
            ByRole([
                black,
                cells(s, &["d9", "h9"]),
                cells(s, &["f11", "f10", "f9"]),
                cells(s, &["c8", "i8"]),
                cells(s, &["e10"]),
                cells(s, &["g10"]),
            ]),
        ]),
        pawn_start: start,
        two_steps: start,
        three_steps: ByColor([0, 0]),
        captures: CAPTURE_ORTHOGONAL,
        promotion: promotion(s),
        pawn_cells: ByColor([
            reach(s, white, Color::White, CAPTURE_ORTHOGONAL),
            reach(s, black, Color::Black, CAPTURE_ORTHOGONAL),
        ]),
        castlings: &[],
    }
};

/// MCC-1: McCooey's hexagonal chess (Gliński's board).
pub const MCCOOEY: Base = {
    let s = Shape::Glinski;
    let start = ByColor([
        cells(s, &["c1", "d2", "e3", "f4", "g3", "h2", "i1"]),
        cells(s, &["c8", "d8", "e8", "f8", "g8", "h8", "i8"]),
    ]);
    let [white, black] = start.0;
    Base {
        id: BaseId::Mccooey,
        name: "mccooey",
        rule: "MCC-1",
        shape: s,
        start_text: "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - 0 1",
        array: ByColor([
            ByRole([
                white,
                cells(s, &["e2", "g2"]),
                cells(s, &["f1", "f2", "f3"]),
                cells(s, &["d1", "h1"]),
                cells(s, &["e1"]),
                cells(s, &["g1"]),
            ]),
            ByRole([
                black,
                cells(s, &["e9", "g9"]),
                cells(s, &["f9", "f10", "f11"]),
                cells(s, &["d9", "h9"]),
                cells(s, &["e10"]),
                cells(s, &["g10"]),
            ]),
        ]),
        pawn_start: start,
        two_steps: ByColor([white & !cells(s, &["f4"]), black & !cells(s, &["f8"])]),
        three_steps: ByColor([0, 0]),
        captures: CAPTURE_DIAGONAL,
        promotion: promotion(s),
        pawn_cells: ByColor([
            reach(s, white, Color::White, CAPTURE_DIAGONAL),
            reach(s, black, Color::Black, CAPTURE_DIAGONAL),
        ]),
        castlings: &[],
    }
};

/// SHF-1: Shafran's hexagonal chess (70 cells).
pub const SHAFRAN: Base = {
    let s = Shape::Shafran;
    let start = ByColor([
        cells(s, &["a2", "b2", "c2", "d2", "e2", "f3", "g4", "h5", "i6"]),
        cells(s, &["a5", "b6", "c7", "d8", "e9", "f9", "g9", "h9", "i9"]),
    ]);
    let [white, black] = start.0;
    Base {
        id: BaseId::Shafran,
        name: "shafran",
        rule: "SHF-1",
        shape: s,
        start_text: "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIai - 0 1",
        array: ByColor([
            ByRole([
                white,
                cells(s, &["b1", "g3"]),
                cells(s, &["c1", "f2", "h4"]),
                cells(s, &["a1", "i5"]),
                cells(s, &["d1"]),
                cells(s, &["e1"]),
            ]),
            ByRole([
                black,
                cells(s, &["c8", "h10"]),
                cells(s, &["b7", "d9", "g10"]),
                cells(s, &["a6", "i10"]),
                cells(s, &["f10"]),
                cells(s, &["e10"]),
            ]),
        ]),
        pawn_start: start,
        two_steps: ByColor([
            cells(s, &["b2", "c2", "d2", "e2", "f3", "g4", "h5"]),
            cells(s, &["b6", "c7", "d8", "e9", "f9", "g9", "h9"]),
        ]),
        three_steps: ByColor([cells(s, &["d2", "e2", "f3"]), cells(s, &["d8", "e9", "f9"])]),
        captures: CAPTURE_DIAGONAL,
        promotion: promotion(s),
        pawn_cells: ByColor([
            reach(s, white, Color::White, CAPTURE_DIAGONAL),
            reach(s, black, Color::Black, CAPTURE_DIAGONAL),
        ]),
        castlings: &SHAFRAN_CASTLINGS,
    }
};

/// SHF-1's four castlings, in rights order `A I a i`: White with the a1
/// rook (long Kb1 Rc1, short Kc1 Rd1) and the i5 rook (long Kh4 Rg3, short
/// Kg3 Rf2); Black with a6 (Kb7 Rc8 / Kc8 Rd9) and i10 (Kh10 Rg10 / Kg10
/// Rf10).
pub const SHAFRAN_CASTLINGS: [Castling; 4] = [
    castling(
        'A',
        Color::White,
        0,
        ["e1", "a1"],
        ["b1", "c1"],
        ["c1", "d1"],
    ),
    castling(
        'I',
        Color::White,
        1,
        ["e1", "i5"],
        ["h4", "g3"],
        ["g3", "f2"],
    ),
    castling(
        'a',
        Color::Black,
        2,
        ["e10", "a6"],
        ["b7", "c8"],
        ["c8", "d9"],
    ),
    castling(
        'i',
        Color::Black,
        3,
        ["e10", "i10"],
        ["h10", "g10"],
        ["g10", "f10"],
    ),
];

/// A castling of SHF-1 from the king's and rook's start cells and the
/// long and short destinations `[king, rook]`. The cells between king and
/// rook are the three the king and rook land on; the long king passes
/// over both rook destinations, the short one over its rook's.
const fn castling(
    letter: char,
    color: Color,
    index: u8,
    [king, rook]: [&str; 2],
    [long_k, long_r]: [&str; 2],
    [short_k, short_r]: [&str; 2],
) -> Castling {
    let s = Shape::Shafran;
    Castling {
        letter,
        color,
        right: 1 << index,
        king: cell(s, king).slot() as u8,
        rook: cell(s, rook).slot() as u8,
        between: cells(s, &[long_k, long_r, short_r]),
        long: (
            cell(s, long_k).slot() as u8,
            cell(s, long_r).slot() as u8,
            cells(s, &[long_r, short_r]),
        ),
        short: (
            cell(s, short_k).slot() as u8,
            cell(s, short_r).slot() as u8,
            cells(s, &[short_r]),
        ),
    }
}

/// `PAWN_ATTACKS[kind][color][slot]` on Gliński's board: the cells a pawn
/// of `color` on `slot` attacks with capture kind `kind`. Symmetric: the
/// pawns of `color` that attack a cell stand on
/// `PAWN_ATTACKS[kind][color.other()][cell]`.
pub static PAWN_ATTACKS: [ByColor<[u128; SLOTS]>; 2] = pawn_attacks(Shape::Glinski);
/// The same on Shafran's board.
pub static SHAFRAN_PAWN_ATTACKS: [ByColor<[u128; SLOTS]>; 2] = pawn_attacks(Shape::Shafran);

const fn pawn_attacks(shape: Shape) -> [ByColor<[u128; SLOTS]>; 2] {
    let mut t = [[[0u128; SLOTS]; 2]; 2];
    let mut kind = 0;
    while kind < 2 {
        let mut color = 0;
        while color < 2 {
            let mut s = 0;
            while s < 121 {
                if let Some(c) = Cell::from_slot(s) {
                    if shape.contains(c) {
                        let mut i = 0;
                        while i < 2 {
                            if let Some(n) = shape.step(c, CAPTURE_DIRS[kind].0[color][i]) {
                                t[kind][color][s] |= n.bit();
                            }
                            i += 1;
                        }
                    }
                }
                s += 1;
            }
            color += 1;
        }
        kind += 1;
    }
    [ByColor(t[0]), ByColor(t[1])]
}

/// The cell named `name` on `shape` (const; panics on a bad name).
pub(crate) const fn cell(shape: Shape, name: &str) -> Cell {
    let n = name.as_bytes();
    let files = shape.files();
    let mut file = 0;
    while files[file] as u8 != n[0] {
        file += 1;
    }
    let mut rank = 0u8;
    let mut k = 1;
    while k < n.len() {
        rank = rank * 10 + (n[k] - b'0');
        k += 1;
    }
    match shape.cell(file as u8, rank - 1) {
        Some(c) => c,
        None => panic!("not a cell"),
    }
}

/// The cells named `names` on `shape`, as an occupancy board.
pub(crate) const fn cells(shape: Shape, names: &[&str]) -> u128 {
    let mut b = 0u128;
    let mut i = 0;
    while i < names.len() {
        b |= cell(shape, names[i]).bit();
        i += 1;
    }
    b
}

/// The promotion cells of each colour: the cells with no cell straight
/// ahead (the far edge; on Shafran's board the last cell of each file).
const fn promotion(shape: Shape) -> ByColor<u128> {
    let b = shape.board();
    ByColor([b & !shape.shift(b, Dir::DOWN), b & !shape.shift(b, Dir::UP)])
}

/// The cells a pawn of `color` can reach from `start` by steps forward
/// and captures of kind `kind`.
const fn reach(shape: Shape, start: u128, color: Color, kind: usize) -> u128 {
    let mut r = start;
    loop {
        let next = r
            | shape.shift(r, FORWARD.0[color.index()])
            | shape.shift(r, CAPTURE_DIRS[kind].0[color.index()][0])
            | shape.shift(r, CAPTURE_DIRS[kind].0[color.index()][1]);
        if next == r {
            return r;
        }
        r = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::chess::Role;
    use crate::core::hex::Cells;

    fn names(shape: Shape, b: u128) -> Vec<String> {
        let mut v: Vec<String> = Cells(b).map(|s| shape.slot_name(s)).collect();
        v.sort();
        v
    }

    #[test]
    fn arrays_have_their_pieces() {
        for b in &BASES {
            for color in Color::BOTH {
                let counts: Vec<u32> = Role::ALL
                    .into_iter()
                    .map(|r| b.array[color][r].count_ones())
                    .collect();
                let pawns = if b.id == BaseId::Mccooey { 7 } else { 9 };
                let knights = 2;
                assert_eq!(counts, [pawns, knights, 3, 2, 1, 1], "{}", b.name);
                let all = b.array[color].0.iter().fold(0u128, |a, x| a | x);
                assert_eq!(all & !b.shape.board(), 0);
                assert_eq!(b.three_steps[color] & !b.two_steps[color], 0);
                assert_eq!(b.two_steps[color] & !b.pawn_start[color], 0);
            }
        }
    }

    #[test]
    fn promotion_cells() {
        let s = Shape::Shafran;
        assert_eq!(
            names(s, SHAFRAN.promotion[Color::White]),
            ["a6", "b7", "c8", "d9", "e10", "f10", "g10", "h10", "i10"]
        );
        assert_eq!(
            names(s, SHAFRAN.promotion[Color::Black]),
            ["a1", "b1", "c1", "d1", "e1", "f2", "g3", "h4", "i5"]
        );
        assert_eq!(MCCOOEY.promotion, GLINSKI.promotion);
    }

    #[test]
    fn forward_diagonal_captures() {
        // MCC-1: a White pawn on e4 and a Black pawn on e7 both take on d5
        // and f6.
        let g = Shape::Glinski;
        let e4 = cell(g, "e4").slot();
        let e7 = cell(g, "e7").slot();
        assert_eq!(
            names(g, MCCOOEY.pawn_attacks(1, Color::White, e4)),
            ["d5", "f6"]
        );
        assert_eq!(
            names(g, MCCOOEY.pawn_attacks(1, Color::Black, e7)),
            ["d5", "f6"]
        );
        // Shafran's a2 attacks only b4 (its 1 o'clock cell; 11 o'clock is off the board).
        let s = Shape::Shafran;
        let a2 = cell(s, "a2").slot();
        assert_eq!(names(s, SHAFRAN.pawn_attacks(1, Color::White, a2)), ["b4"]);
    }

    #[test]
    fn shafran_castling_cells() {
        let s = Shape::Shafran;
        let c = &SHAFRAN_CASTLINGS;
        assert_eq!(names(s, c[0].between), ["b1", "c1", "d1"]);
        assert_eq!(names(s, c[1].between), ["f2", "g3", "h4"]);
        assert_eq!(names(s, c[1].long.2), ["f2", "g3"]);
        assert_eq!(s.slot_name(c[3].short.0 as usize), "g10");
        assert_eq!(s.slot_name(c[3].short.1 as usize), "f10");
        assert_eq!(names(s, c[2].short.2), ["d9"]);
    }
}
