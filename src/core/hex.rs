//! Hexagonal geometry written once: Gliński's 91-cell board (GLN-1), its
//! twelve line directions, the twelve knight leaps, turning a direction
//! within its family (for SCA-13's spindash), and the ray / leap tables of
//! a 128-bit occupancy board. `glinski` and `sonic-hex` share it.
//!
//! # Cells and names
//!
//! The board is a hexagon of side 6 with 91 cells. Files are `a b c d e f
//! g h i k l` (no `j`), left to right; file `f` has ranks 1–11, files
//! `e`/`g` 1–10, `d`/`h` 1–9, `c`/`i` 1–8, `b`/`k` 1–7, `a`/`l` 1–6. Rank 1
//! of every file is on White's side (G1).
//!
//! Internally a cell is a pair of axial coordinates `(x, z)`: `x` = file −
//! 5 (−5 for `a`, 0 for `f`, 5 for `l`), `z` grows along the file (up, away
//! from White) and is 0 on the line through f6 and a6/l6; the board is the
//! set `|x| ≤ 5, |z| ≤ 5, |x + z| ≤ 5`, f6 is `(0, 0)`. A cell is stored as
//! its slot `(x + 5) + 11 (z + 5)` in the 11 × 11 parallelogram that holds
//! the hexagon, so one `u128` is an occupancy board (bits 0..121; 30 of
//! those slots are off the board and never set; slot 0 and bit 127 serve
//! as sentinels of the ray scans).
//!
//! # Directions
//!
//! A [`Dir`] is one of the twelve line directions, named by the clock
//! hour it points to with White at the bottom: the six **orthogonal**
//! (edge-sharing, rook) directions at even hours 12, 2, 4, 6, 8, 10 and the
//! six **diagonal** (vertex, bishop) directions at odd hours 1, 3, …, 11.
//! Neighbouring directions of one family are 60° apart, so turning by
//! ±60° or ±120° keeps a direction in its family ([`Dir::rotate`]).
//!
//! | hour | family | (dx, dz) | e.g. from f6 |
//! |---|---|---|---|
//! | 12 | orthogonal | (0, 1) | f7 |
//! | 1 | diagonal | (1, 1) | g7 |
//! | 2 | orthogonal | (1, 0) | g6 |
//! | 3 | diagonal | (2, −1) | h5 |
//! | 4 | orthogonal | (1, −1) | g5 |
//! | 5 | diagonal | (1, −2) | g4 |
//! | 6 | orthogonal | (0, −1) | f5 |
//! | 7 | diagonal | (−1, −1) | e4 |
//! | 8 | orthogonal | (−1, 0) | e5 |
//! | 9 | diagonal | (−2, 1) | d5 |
//! | 10 | orthogonal | (−1, 1) | e6 |
//! | 11 | diagonal | (−1, 2) | e7 |
//!
//! The twelve knight leaps ([`KNIGHT_LEAPS`]) are two steps along one
//! orthogonal direction then one step along an orthogonal direction 60°
//! from it (GLN-1).

use std::fmt;

use super::geometry::Square;

/// Cells on the board.
pub const CELLS: usize = 91;
/// Slots of the parallelogram embedding (and table length: 128, so the
/// sentinel bit 127 indexes a table too).
pub const SLOTS: usize = 128;
/// The file letters, left to right (no `j`).
pub const FILES: [char; 11] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k', 'l'];

/// Slot of axial `(x, z)` (no bounds check).
const fn slot_of(x: i8, z: i8) -> usize {
    ((x + 5) as usize) + 11 * ((z + 5) as usize)
}

/// Whether axial `(x, z)` is on the board.
const fn on_board(x: i8, z: i8) -> bool {
    x >= -5 && x <= 5 && z >= -5 && z <= 5 && x + z >= -5 && x + z <= 5
}

/// A cell of Gliński's board: its slot in the 11 × 11 parallelogram (see
/// the module docs). Only on-board slots are ever cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell at axial `(x, z)`, if on the board.
    #[inline]
    pub const fn from_axial(x: i8, z: i8) -> Option<Cell> {
        if on_board(x, z) {
            Some(Cell(slot_of(x, z) as u8))
        } else {
            None
        }
    }
    /// The cell in slot `slot`, if that slot is on the board.
    #[inline]
    pub const fn from_slot(slot: usize) -> Option<Cell> {
        if slot >= 121 {
            return None;
        }
        let x = (slot % 11) as i8 - 5;
        let z = (slot / 11) as i8 - 5;
        Cell::from_axial(x, z)
    }
    /// The cell on `file` (0 = a … 10 = l) and `rank` (0 = rank 1).
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Cell> {
        if file > 10 || rank >= file_len(file) {
            return None;
        }
        let x = file as i8 - 5;
        let z = rank as i8 - if file < 5 { file as i8 } else { 5 };
        Cell::from_axial(x, z)
    }
    /// The slot (index into tables and bit number of occupancy boards).
    #[inline]
    pub const fn slot(self) -> usize {
        self.0 as usize
    }
    /// Axial x: file − 5.
    #[inline]
    pub const fn x(self) -> i8 {
        (self.0 % 11) as i8 - 5
    }
    /// Axial z (see the module docs).
    #[inline]
    pub const fn z(self) -> i8 {
        (self.0 / 11) as i8 - 5
    }
    /// File index, 0 = a … 10 = l.
    #[inline]
    pub const fn file(self) -> u8 {
        (self.x() + 5) as u8
    }
    /// Rank index, 0 = rank 1.
    #[inline]
    pub const fn rank(self) -> u8 {
        let f = self.file();
        (self.z() + if f < 5 { f as i8 } else { 5 }) as u8
    }
    /// The occupancy bit of this cell.
    #[inline]
    pub const fn bit(self) -> u128 {
        1u128 << self.0
    }
    /// The cell one step along `d`, or `None` off the board.
    #[inline]
    pub const fn step(self, d: Dir) -> Option<Cell> {
        let (dx, dz) = d.delta();
        Cell::from_axial(self.x() + dx, self.z() + dz)
    }
    /// The cell `leap` away, or `None` off the board.
    #[inline]
    pub const fn leap(self, leap: Leap) -> Option<Cell> {
        Cell::from_axial(self.x() + leap.dx, self.z() + leap.dz)
    }
    /// This cell as a [`Square`] whose name is the cell's name (pictures
    /// and texts): file = the file letter's index in the alphabet (so `k`
    /// is 10), rank = rank index.
    pub fn to_square(self) -> Square {
        Square::new(FILES[self.file() as usize] as u8 - b'a', self.rank())
    }
    /// Parses a cell name (`a1` … `l6`, `f11`; lower-case letter, rank
    /// without leading zero).
    pub fn parse(text: &str) -> Option<Cell> {
        let b = text.as_bytes();
        if !(2..=3).contains(&b.len()) {
            return None;
        }
        let file = FILES.iter().position(|&f| f as u8 == b[0])? as u8;
        let digits = &text[1..];
        if digits.starts_with('0') || !digits.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        Cell::from_file_rank(file, rank.checked_sub(1)?)
    }
    /// The longest cell name at the start of `text`, with its length.
    pub fn parse_prefix(text: &str) -> Option<(Cell, usize)> {
        for len in [3, 2] {
            if text.len() >= len && text.is_char_boundary(len) {
                if let Some(c) = Cell::parse(&text[..len]) {
                    return Some((c, len));
                }
            }
        }
        None
    }
    /// Every cell, in slot order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..121).filter_map(Cell::from_slot)
    }
}

/// Number of ranks of file `file` (0 = a): 6 on the edges, 11 on f.
pub const fn file_len(file: u8) -> u8 {
    11 - (file as i8 - 5).unsigned_abs()
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", FILES[self.file() as usize], self.rank() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The (dx, dz) of the twelve directions by clock hour (0 = 12 o'clock).
const DELTAS: [(i8, i8); 12] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (2, -1),
    (1, -1),
    (1, -2),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-2, 1),
    (-1, 1),
    (-1, 2),
];

/// One of the twelve line directions, by clock hour (see the module
/// docs): even hours orthogonal (rook), odd hours diagonal (bishop).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dir(u8);

impl Dir {
    /// The six orthogonal (edge) directions, clockwise from 12 o'clock.
    pub const ORTHOGONAL: [Dir; 6] = [Dir(0), Dir(2), Dir(4), Dir(6), Dir(8), Dir(10)];
    /// The six diagonal (vertex) directions, clockwise from 1 o'clock.
    pub const DIAGONAL: [Dir; 6] = [Dir(1), Dir(3), Dir(5), Dir(7), Dir(9), Dir(11)];
    /// All twelve, clockwise from 12 o'clock.
    pub const ALL: [Dir; 12] = [
        Dir(0),
        Dir(1),
        Dir(2),
        Dir(3),
        Dir(4),
        Dir(5),
        Dir(6),
        Dir(7),
        Dir(8),
        Dir(9),
        Dir(10),
        Dir(11),
    ];
    /// Straight up the file (White's pawn step).
    pub const UP: Dir = Dir(0);
    /// Straight down the file (Black's pawn step).
    pub const DOWN: Dir = Dir(6);

    /// The direction pointing to clock hour `hour` (12 is 0).
    pub const fn from_hour(hour: u8) -> Dir {
        Dir(hour % 12)
    }
    /// Clock index 0..12 (0 = 12 o'clock).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The clock hour it points to, 1..=12.
    pub const fn hour(self) -> u8 {
        if self.0 == 0 {
            12
        } else {
            self.0
        }
    }
    /// Orthogonal (edge-sharing, rook) rather than diagonal (vertex, bishop).
    #[inline]
    pub const fn is_orthogonal(self) -> bool {
        self.0.is_multiple_of(2)
    }
    /// (dx, dz) of one step.
    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        DELTAS[self.0 as usize]
    }
    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Dir {
        Dir((self.0 + 6) % 12)
    }
    /// Turned within its family by `steps` × 60°, clockwise for positive
    /// `steps` (seen with White at the bottom). `rotate(1)` / `rotate(-1)`
    /// turn by ±60° (SCA-13 `turn=60`), `rotate(2)` / `rotate(-2)` by ±120°
    /// (SCA-13's spindash); either way a rook direction stays orthogonal
    /// and a bishop direction diagonal.
    ///
    /// # Examples
    /// ```
    /// use arbiter::core::hex::Dir;
    /// let up = Dir::UP; // 12 o'clock
    /// assert_eq!(up.rotate(2).hour(), 4);   // 120° clockwise
    /// assert_eq!(up.rotate(-2).hour(), 8);  // 120° counterclockwise
    /// assert_eq!(up.rotate(1).hour(), 2);   // 60° clockwise
    /// assert!(Dir::from_hour(1).rotate(2).hour() == 5 && !Dir::from_hour(5).is_orthogonal());
    /// ```
    #[inline]
    pub const fn rotate(self, steps: i8) -> Dir {
        Dir(((self.0 as i8 + 2 * steps).rem_euclid(12)) as u8)
    }
    /// Turned by `degrees` (a multiple of 60; positive = clockwise).
    ///
    /// # Panics
    /// If `degrees` is not a multiple of 60.
    pub const fn turn(self, degrees: i16) -> Dir {
        assert!(degrees % 60 == 0, "hexagonal turns are multiples of 60°");
        self.rotate((degrees / 60 % 6) as i8)
    }
    /// The change of slot index of one step.
    #[inline]
    pub const fn slot_offset(self) -> i32 {
        let (dx, dz) = self.delta();
        dx as i32 + 11 * dz as i32
    }
}

impl fmt::Debug for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dir({} o'clock)", self.hour())
    }
}

/// A leap vector (dx, dz) in axial coordinates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Leap {
    /// The change of axial `x`.
    pub dx: i8,
    /// The change of axial `z`.
    pub dz: i8,
}

impl Leap {
    /// Two steps along `long`, then one along `short`.
    pub const fn of(long: Dir, short: Dir) -> Leap {
        let (a, b) = long.delta();
        let (c, d) = short.delta();
        Leap {
            dx: 2 * a + c,
            dz: 2 * b + d,
        }
    }
}

/// The twelve knight leaps of GLN-1: for each orthogonal direction
/// (clockwise from 12 o'clock), two steps along it then one step along the
/// orthogonal 60° counterclockwise, then 60° clockwise of it.
pub const KNIGHT_LEAPS: [Leap; 12] = {
    let mut out = [Leap { dx: 0, dz: 0 }; 12];
    let mut i = 0;
    while i < 6 {
        let long = Dir::ORTHOGONAL[i];
        out[2 * i] = Leap::of(long, long.rotate(-1));
        out[2 * i + 1] = Leap::of(long, long.rotate(1));
        i += 1;
    }
    out
};

/// All 91 cells as an occupancy board.
pub const BOARD: u128 = {
    let mut b = 0u128;
    let mut s = 0;
    while s < 121 {
        if Cell::from_slot(s).is_some() {
            b |= 1 << s;
        }
        s += 1;
    }
    b
};

/// A hexagonal board: which slots of the 11 × 11 parallelogram are its
/// cells and how they are named. Every board here has files running
/// straight up (White at the bottom), so directions, knight leaps and the
/// slot tables of this module are the same on all of them; a board only
/// masks them ([`Shape::board`]). Both boards are convex, so a line meets
/// a board in one run of cells and masking a Gliński ray with a smaller
/// board gives that board's ray.
///
/// - [`Shape::Glinski`]: the regular 91-cell hexagon of GLN-1 (also
///   McCooey's board, MCC-1), files `a`–`l` without `j` (the module docs).
/// - [`Shape::Shafran`]: SHF-1's 70-cell board of nine files `a`–`i` of
///   6 7 8 9 10 9 8 7 6 cells. File `a` runs a1–a6, `e` e1–e10, `i`
///   i5–i10; a rank runs from upper left to lower right (a1 b1 c1 d1 e1
///   is the lower left edge, e1 f2 g3 h4 i5 the lower right one). Embedded
///   with axial `x` = file − 4 and `z` = rank − file − 1 (file `a` = 0,
///   rank 1 = 0): the cells `|x| ≤ 4`, `−4 ≤ z ≤ 5`, `−4 ≤ x + z ≤ 5`.
///
/// ```
/// use arbiter::core::hex::Shape;
/// let s = Shape::Shafran;
/// assert_eq!(s.board().count_ones(), 70);
/// let e1 = s.parse("e1").unwrap();
/// assert_eq!(s.name(e1), "e1");
/// assert_eq!(s.parse("f1"), None); // f1 is no cell of Shafran's board
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Shape {
    /// Gliński's (and McCooey's) 91 cells.
    #[default]
    Glinski,
    /// Shafran's 70 cells.
    Shafran,
}

/// Shafran's file letters, left to right.
pub const SHAFRAN_FILES: [char; 9] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];

/// Whether axial `(x, z)` is on Shafran's board.
const fn on_shafran(x: i8, z: i8) -> bool {
    x >= -4 && x <= 4 && z >= -4 && z <= 5 && x + z >= -4 && x + z <= 5
}

/// Shafran's 70 cells as an occupancy board.
pub const SHAFRAN_BOARD: u128 = {
    let mut b = 0u128;
    let mut s = 0;
    while s < 121 {
        if let Some(c) = Cell::from_slot(s) {
            if on_shafran(c.x(), c.z()) {
                b |= c.bit();
            }
        }
        s += 1;
    }
    b
};

impl Shape {
    /// The board's cells as an occupancy board.
    #[inline(always)]
    pub const fn board(self) -> u128 {
        match self {
            Shape::Glinski => BOARD,
            Shape::Shafran => SHAFRAN_BOARD,
        }
    }
    /// Number of cells.
    pub const fn cells(self) -> usize {
        self.board().count_ones() as usize
    }
    /// The file letters, left to right.
    pub const fn files(self) -> &'static [char] {
        match self {
            Shape::Glinski => &FILES,
            Shape::Shafran => &SHAFRAN_FILES,
        }
    }
    /// Whether `c` is a cell of this board.
    #[inline(always)]
    pub const fn contains(self, c: Cell) -> bool {
        self.board() & c.bit() != 0
    }
    /// The lowest rank index (0 = rank 1) of file `file` (0 = a).
    pub const fn file_start(self, file: u8) -> u8 {
        match self {
            Shape::Glinski => 0,
            Shape::Shafran => file.saturating_sub(4),
        }
    }
    /// Number of cells of file `file` (0 = a); 0 past the last file.
    pub const fn file_len(self, file: u8) -> u8 {
        match self {
            Shape::Glinski if file <= 10 => file_len(file),
            Shape::Shafran if file <= 8 => 10 - (file as i8 - 4).unsigned_abs(),
            _ => 0,
        }
    }
    /// The cell on `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    pub const fn cell(self, file: u8, rank: u8) -> Option<Cell> {
        match self {
            Shape::Glinski => Cell::from_file_rank(file, rank),
            Shape::Shafran => {
                if file > 8 || rank > 9 {
                    return None;
                }
                let x = file as i8 - 4;
                let z = rank as i8 - file as i8;
                if on_shafran(x, z) {
                    Cell::from_axial(x, z)
                } else {
                    None
                }
            }
        }
    }
    /// File index of `c` (0 = a).
    pub const fn file(self, c: Cell) -> u8 {
        match self {
            Shape::Glinski => c.file(),
            Shape::Shafran => (c.x() + 4) as u8,
        }
    }
    /// Rank index of `c` (0 = rank 1).
    pub const fn rank(self, c: Cell) -> u8 {
        match self {
            Shape::Glinski => c.rank(),
            Shape::Shafran => (c.z() + c.x() + 4) as u8,
        }
    }
    /// The name of `c` on this board (`e1`, `i10`).
    pub fn name(self, c: Cell) -> String {
        format!(
            "{}{}",
            self.files()[self.file(c) as usize],
            self.rank(c) + 1
        )
    }
    /// The name of slot `slot` (`"?"` if it is no cell of this board).
    pub fn slot_name(self, slot: usize) -> String {
        match Cell::from_slot(slot) {
            Some(c) if self.contains(c) => self.name(c),
            _ => "?".to_string(),
        }
    }
    /// `c` as a [`Square`] whose name is the cell's name on this board.
    pub fn to_square(self, c: Cell) -> Square {
        Square::new(
            self.files()[self.file(c) as usize] as u8 - b'a',
            self.rank(c),
        )
    }
    /// Parses a cell name of this board (lower-case file letter, rank
    /// without leading zero).
    pub fn parse(self, text: &str) -> Option<Cell> {
        let b = text.as_bytes();
        if !(2..=3).contains(&b.len()) {
            return None;
        }
        let file = self.files().iter().position(|&f| f as u8 == b[0])? as u8;
        let digits = &text[1..];
        if digits.starts_with('0') || !digits.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        self.cell(file, rank.checked_sub(1)?)
    }
    /// The longest cell name of this board at the start of `text`, with
    /// its length.
    pub fn parse_prefix(self, text: &str) -> Option<(Cell, usize)> {
        for len in [3, 2] {
            if text.len() >= len && text.is_char_boundary(len) {
                if let Some(c) = self.parse(&text[..len]) {
                    return Some((c, len));
                }
            }
        }
        None
    }
    /// Every cell of this board, in slot order.
    pub fn all(self) -> impl Iterator<Item = Cell> {
        Cells(self.board()).filter_map(Cell::from_slot)
    }
    /// The cell one step along `d` from `c`, if on this board.
    #[inline]
    pub const fn step(self, c: Cell, d: Dir) -> Option<Cell> {
        match c.step(d) {
            Some(n) if self.contains(n) => Some(n),
            _ => None,
        }
    }
    /// The cell `leap` away from `c`, if on this board.
    #[inline]
    pub const fn leap(self, c: Cell, leap: Leap) -> Option<Cell> {
        match c.leap(leap) {
            Some(n) if self.contains(n) => Some(n),
            _ => None,
        }
    }
    /// [`shift`] on this board.
    #[inline(always)]
    pub const fn shift(self, b: u128, d: Dir) -> u128 {
        shift(b, d) & self.board()
    }
    /// [`slide`] on this board.
    #[inline(always)]
    pub fn slide(self, d: usize, slot: usize, occ: u128) -> u128 {
        slide(d, slot, occ) & self.board()
    }
    /// The ray of `slot` along `d` on this board's empty board.
    #[inline(always)]
    pub fn ray(self, d: usize, slot: usize) -> u128 {
        RAYS[d][slot] & self.board()
    }
    /// [`line()`] on this board.
    #[inline(always)]
    pub fn line(self, a: usize, b: usize) -> u128 {
        line(a, b) & self.board()
    }
    /// [`rook_attacks`] on this board.
    #[inline(always)]
    pub fn rook_attacks(self, slot: usize, occ: u128) -> u128 {
        rook_attacks(slot, occ) & self.board()
    }
    /// [`bishop_attacks`] on this board.
    #[inline(always)]
    pub fn bishop_attacks(self, slot: usize, occ: u128) -> u128 {
        bishop_attacks(slot, occ) & self.board()
    }
    /// The cells a knight on `slot` leaps to on this board.
    #[inline(always)]
    pub fn knight(self, slot: usize) -> u128 {
        KNIGHT[slot] & self.board()
    }
    /// The cells a king on `slot` steps to on this board.
    #[inline(always)]
    pub fn king(self, slot: usize) -> u128 {
        KING[slot] & self.board()
    }
}

/// Files a, b, k, l: the sources a set-wise shift by a slot offset with
/// dx = −1 (a), −2 (a, b), 1 (l) or 2 (k, l) must exclude (they would wrap
/// round to the other side of the parallelogram).
pub(crate) const FILE_A: u128 = file_mask(0);
pub(crate) const FILE_B: u128 = file_mask(1);
pub(crate) const FILE_K: u128 = file_mask(9);
pub(crate) const FILE_L: u128 = file_mask(10);

/// The cells of file `file` (0 = a).
pub const fn file_mask(file: u8) -> u128 {
    let mut b = 0u128;
    let mut r = 0;
    while r < 11 {
        if let Some(c) = Cell::from_file_rank(file, r) {
            b |= c.bit();
        }
        r += 1;
    }
    b
}

/// The cells one step along `d` from each cell of `b` (set-wise; cells
/// stepping off the board vanish).
#[inline]
pub const fn shift(b: u128, d: Dir) -> u128 {
    let (dx, _) = d.delta();
    let src = match dx {
        -2 => b & !(FILE_A | FILE_B),
        -1 => b & !FILE_A,
        1 => b & !FILE_L,
        2 => b & !(FILE_K | FILE_L),
        _ => b,
    };
    let o = d.slot_offset();
    let moved = if o >= 0 { src << o } else { src >> -o };
    moved & BOARD
}

/// The ray from each slot along each direction (the cells passed over on
/// an empty board, the start excluded), indexed `[dir][slot]`; zero for
/// off-board slots, slot 0 and 127 included (the scan sentinels).
pub static RAYS: [[u128; SLOTS]; 12] = {
    let mut t = [[0u128; SLOTS]; 12];
    let mut d = 0;
    while d < 12 {
        let (dx, dz) = DELTAS[d];
        let mut s = 0;
        while s < 121 {
            if let Some(c) = Cell::from_slot(s) {
                let (mut x, mut z) = (c.x() + dx, c.z() + dz);
                while on_board(x, z) {
                    t[d][s] |= 1u128 << slot_of(x, z);
                    x += dx;
                    z += dz;
                }
            }
            s += 1;
        }
        d += 1;
    }
    t
};

/// Cells a king on each slot steps to (the twelve neighbours in all
/// directions).
pub static KING: [u128; SLOTS] = {
    let mut t = [0u128; SLOTS];
    let mut s = 0;
    while s < 121 {
        if let Some(c) = Cell::from_slot(s) {
            let mut d = 0;
            while d < 12 {
                if let Some(n) = c.step(Dir(d)) {
                    t[s] |= n.bit();
                }
                d += 1;
            }
        }
        s += 1;
    }
    t
};

/// Cells a knight on each slot leaps to ([`KNIGHT_LEAPS`]).
pub static KNIGHT: [u128; SLOTS] = {
    let mut t = [0u128; SLOTS];
    let mut s = 0;
    while s < 121 {
        if let Some(c) = Cell::from_slot(s) {
            let mut i = 0;
            while i < 12 {
                if let Some(n) = c.leap(KNIGHT_LEAPS[i]) {
                    t[s] |= n.bit();
                }
                i += 1;
            }
        }
        s += 1;
    }
    t
};

/// The six orthogonal (resp. diagonal) rays of each slot on an empty
/// board: where a rook (bishop) could attack from at most.
pub(crate) static ORTHOGONAL_LINES: [u128; SLOTS] = lines(0);
pub(crate) static DIAGONAL_LINES: [u128; SLOTS] = lines(1);

const fn lines(first: usize) -> [u128; SLOTS] {
    let mut t = [0u128; SLOTS];
    let mut s = 0;
    while s < SLOTS {
        let mut d = first;
        while d < 12 {
            t[s] |= RAYS[d][s];
            d += 2;
        }
        s += 1;
    }
    t
}

/// "Not aligned" in [`DIRECTION`].
pub const NOT_ALIGNED: u8 = 12;

/// `DIRECTION[a][b]`: the clock index of the direction from slot `a` to
/// slot `b` when they lie on one line, else [`NOT_ALIGNED`].
pub static DIRECTION: [[u8; SLOTS]; SLOTS] = {
    let mut t = [[NOT_ALIGNED; SLOTS]; SLOTS];
    let mut d = 0;
    while d < 12 {
        let mut s = 0;
        while s < 121 {
            let mut r = RAYS[d][s];
            while r != 0 {
                let b = r.trailing_zeros() as usize;
                t[s][b] = d as u8;
                r &= r - 1;
            }
            s += 1;
        }
        d += 1;
    }
    t
};

/// The cells strictly between two aligned slots (0 if not aligned).
#[inline]
pub fn between(a: usize, b: usize) -> u128 {
    let d = DIRECTION[a][b] as usize;
    if d == NOT_ALIGNED as usize {
        return 0;
    }
    RAYS[d][a] & !RAYS[d][b] & !(1u128 << b)
}

/// The whole line through two aligned slots, both included (0 if not
/// aligned).
#[inline]
pub fn line(a: usize, b: usize) -> u128 {
    let d = DIRECTION[a][b] as usize;
    if d == NOT_ALIGNED as usize {
        return 0;
    }
    RAYS[d][a] | RAYS[(d + 6) % 12][a] | (1u128 << a)
}

/// The cells a slider on `slot` reaches along `d` with occupancy `occ`:
/// the empty cells up to and including the first occupied one. Ray scan
/// with a sentinel (bit 127 for directions of growing slot index, slot 0
/// — off the board — for the others), so there is no branch.
#[inline(always)]
pub fn slide(d: usize, slot: usize, occ: u128) -> u128 {
    let ray = RAYS[d][slot];
    let first = if DELTAS[d].0 as i32 + 11 * DELTAS[d].1 as i32 > 0 {
        ((ray & occ) | (1u128 << 127)).trailing_zeros()
    } else {
        127 - ((ray & occ) | 1).leading_zeros()
    };
    ray ^ RAYS[d][first as usize]
}

/// The first occupied slot along `d` from `slot`, if any.
#[inline(always)]
pub fn first_blocker(d: usize, slot: usize, occ: u128) -> Option<usize> {
    let hits = RAYS[d][slot] & occ;
    if hits == 0 {
        None
    } else if DELTAS[d].0 as i32 + 11 * DELTAS[d].1 as i32 > 0 {
        Some(hits.trailing_zeros() as usize)
    } else {
        Some(127 - hits.leading_zeros() as usize)
    }
}

/// Rook attacks (the six orthogonal lines) from `slot` with occupancy `occ`.
#[inline(always)]
pub fn rook_attacks(slot: usize, occ: u128) -> u128 {
    slide(0, slot, occ)
        | slide(2, slot, occ)
        | slide(4, slot, occ)
        | slide(6, slot, occ)
        | slide(8, slot, occ)
        | slide(10, slot, occ)
}

/// Bishop attacks (the six diagonal lines) from `slot` with occupancy `occ`.
#[inline(always)]
pub fn bishop_attacks(slot: usize, occ: u128) -> u128 {
    slide(1, slot, occ)
        | slide(3, slot, occ)
        | slide(5, slot, occ)
        | slide(7, slot, occ)
        | slide(9, slot, occ)
        | slide(11, slot, occ)
}

/// The cells of an occupancy board, in slot order.
#[derive(Clone, Copy, Debug)]
pub struct Cells(pub u128);

impl Iterator for Cells {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let s = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(s)
    }
}

/// The cell name of slot `slot` (`"?"` for an off-board slot).
pub fn slot_name(slot: usize) -> String {
    Cell::from_slot(slot).map_or_else(|| "?".to_string(), |c| c.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ninety_one_cells_with_their_names() {
        assert_eq!(BOARD.count_ones() as usize, CELLS);
        assert_eq!(Cell::all().count(), CELLS);
        for c in Cell::all() {
            let name = c.to_string();
            assert_eq!(Cell::parse(&name), Some(c), "{name}");
            assert_eq!(Cell::from_file_rank(c.file(), c.rank()), Some(c));
            assert_eq!(c.to_square().to_string(), name);
        }
        let lens: Vec<u8> = (0..11).map(file_len).collect();
        assert_eq!(lens, [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]);
        for bad in ["j1", "a7", "f12", "f0", "l7", "k8", "a01", "f", "", "g11"] {
            assert_eq!(Cell::parse(bad), None, "{bad}");
        }
        let f6 = Cell::parse("f6").unwrap();
        assert_eq!((f6.x(), f6.z()), (0, 0));
    }

    #[test]
    fn shafran_seventy_cells_with_their_names() {
        let s = Shape::Shafran;
        assert_eq!(s.cells(), 70);
        assert_eq!(s.all().count(), 70);
        assert_eq!(SHAFRAN_BOARD & !BOARD, 0);
        let lens: Vec<u8> = (0..9).map(|f| s.file_len(f)).collect();
        assert_eq!(lens, [6, 7, 8, 9, 10, 9, 8, 7, 6]);
        for c in s.all() {
            let name = s.name(c);
            assert_eq!(s.parse(&name), Some(c), "{name}");
            assert_eq!(s.cell(s.file(c), s.rank(c)), Some(c));
            assert_eq!(s.to_square(c).to_string(), name);
            let f = s.file(c);
            assert!((s.file_start(f)..s.file_start(f) + s.file_len(f)).contains(&s.rank(c)));
        }
        // SHF-1: the files run from a1 b1 c1 d1 e1 f2 g3 h4 i5 up to a6 b7
        // c8 d9 e10 f10 g10 h10 i10.
        let bottom: Vec<String> = (0..9)
            .map(|f| s.name(s.cell(f, s.file_start(f)).unwrap()))
            .collect();
        assert_eq!(
            bottom,
            ["a1", "b1", "c1", "d1", "e1", "f2", "g3", "h4", "i5"]
        );
        let top: Vec<String> = (0..9)
            .map(|f| s.name(s.cell(f, s.file_start(f) + s.file_len(f) - 1).unwrap()))
            .collect();
        assert_eq!(
            top,
            ["a6", "b7", "c8", "d9", "e10", "f10", "g10", "h10", "i10"]
        );
        for bad in ["f1", "j1", "a7", "i4", "i11", "e11", "k1", "a0", "e01"] {
            assert_eq!(s.parse(bad), None, "{bad}");
        }
        // Up the file, and the rank running down to the right (4 o'clock).
        let e1 = s.parse("e1").unwrap();
        assert_eq!(
            s.step(e1, Dir::UP).map(|c| s.name(c)).as_deref(),
            Some("e2")
        );
        let a1 = s.parse("a1").unwrap();
        assert_eq!(
            s.step(a1, Dir::from_hour(4)).map(|c| s.name(c)).as_deref(),
            Some("b1")
        );
        assert_eq!(
            s.step(e1, Dir::from_hour(2)).map(|c| s.name(c)).as_deref(),
            Some("f2")
        );
        assert_eq!(s.step(e1, Dir::DOWN), None);
        // Glinski's shape is the plain module functions.
        let g = Shape::Glinski;
        assert_eq!(g.cells(), 91);
        for c in g.all() {
            assert_eq!(g.name(c), c.to_string());
            assert_eq!(g.parse(&c.to_string()), Some(c));
        }
    }

    #[test]
    fn shafran_rays_stop_at_its_edge() {
        let s = Shape::Shafran;
        for c in s.all() {
            for d in Dir::ALL {
                // The masked ray is exactly the cells reached step by step.
                let mut want = 0u128;
                let mut at = c;
                while let Some(n) = s.step(at, d) {
                    want |= n.bit();
                    at = n;
                }
                assert_eq!(s.ray(d.index(), c.slot()), want, "{} {d:?}", s.name(c));
                assert_eq!(s.slide(d.index(), c.slot(), 0), want);
                assert_eq!(s.shift(c.bit(), d), s.step(c, d).map_or(0, Cell::bit));
            }
            let leaps = KNIGHT_LEAPS
                .iter()
                .filter_map(|&l| s.leap(c, l))
                .fold(0u128, |b, n| b | n.bit());
            assert_eq!(s.knight(c.slot()), leaps);
        }
        let e1 = s.parse("e1").unwrap();
        let up: Vec<String> = Cells(s.ray(0, e1.slot())).map(|x| s.slot_name(x)).collect();
        assert_eq!(up.len(), 9);
        assert_eq!(up.last().map(String::as_str), Some("e10"));
    }

    #[test]
    fn directions_from_the_centre() {
        let f6 = Cell::parse("f6").unwrap();
        let names: Vec<String> = Dir::ALL
            .iter()
            .map(|&d| f6.step(d).unwrap().to_string())
            .collect();
        assert_eq!(
            names,
            ["f7", "g7", "g6", "h5", "g5", "g4", "f5", "e4", "e5", "d5", "e6", "e7"]
        );
        // Leaving the board.
        let f11 = Cell::parse("f11").unwrap();
        assert_eq!(f11.step(Dir::UP), None);
        assert_eq!(Cell::parse("a1").unwrap().step(Dir::DOWN), None);
    }

    #[test]
    fn rotations_stay_in_the_family() {
        for d in Dir::ALL {
            for steps in [-2, -1, 1, 2] {
                let r = d.rotate(steps);
                assert_eq!(r.is_orthogonal(), d.is_orthogonal());
                assert_ne!(r, d);
                assert_eq!(r.rotate(-steps), d);
            }
            assert_eq!(d.rotate(3), d.opposite());
            assert_eq!(d.turn(120), d.rotate(2));
            assert_eq!(d.turn(-60), d.rotate(-1));
        }
    }

    #[test]
    fn knight_leaps_are_twelve_distinct_off_line_cells() {
        let f6 = Cell::parse("f6").unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for l in KNIGHT_LEAPS {
            let c = f6.leap(l).unwrap();
            // Not on any line through f6, at hex distance 3.
            assert_eq!(DIRECTION[f6.slot()][c.slot()], NOT_ALIGNED);
            let (x, z) = (l.dx as i32, l.dz as i32);
            assert_eq!(x.abs().max(z.abs()).max((x + z).abs()), 3);
            seen.insert(c);
        }
        assert_eq!(seen.len(), 12);
        assert_eq!(KNIGHT[f6.slot()].count_ones(), 12);
        let d1 = Cell::parse("d1").unwrap();
        let mut on: Vec<String> = Cells(KNIGHT[d1.slot()]).map(slot_name).collect();
        on.sort();
        assert_eq!(on, ["b2", "c3", "e4", "f4", "g1", "g2"]);
    }

    #[test]
    fn rays_and_slides() {
        let f6 = Cell::parse("f6").unwrap().slot();
        assert_eq!(KING[f6].count_ones(), 12);
        assert_eq!(rook_attacks(f6, 0).count_ones(), 30);
        // Three diagonal lines of 5 cells through the centre.
        assert_eq!(bishop_attacks(f6, 0).count_ones(), 12);
        let f8 = Cell::parse("f8").unwrap();
        let up = slide(0, f6, f8.bit());
        let names: Vec<String> = Cells(up).map(slot_name).collect();
        assert_eq!(names, ["f7", "f8"]);
        let f3 = Cell::parse("f3").unwrap();
        let down: Vec<String> = Cells(slide(6, f6, f3.bit())).map(slot_name).collect();
        assert_eq!(down, ["f3", "f4", "f5"]);
        assert_eq!(between(f6, f3.slot()).count_ones(), 2);
        assert_eq!(line(f6, f3.slot()).count_ones(), 11);
        for s in Cell::all() {
            for (d, rays) in RAYS.iter().enumerate() {
                assert_eq!(slide(d, s.slot(), 0), rays[s.slot()]);
            }
        }
    }

    #[test]
    fn set_shifts_match_steps() {
        for d in Dir::ALL {
            for c in Cell::all() {
                let want = c.step(d).map_or(0, Cell::bit);
                assert_eq!(shift(c.bit(), d), want, "{c} {d:?}");
            }
        }
    }
}
