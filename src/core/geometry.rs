//! Board geometry written once for every game: board sizes up to 16×16,
//! squares, directions, rays and leaps.
//!
//! A [`Square`] packs `rank * 16 + file` into one byte, so every board up
//! to 16×16 shares one square type; a [`Board`] says which of those squares
//! exist. Files are `a..p`, ranks `1..16` (G1: a1 is White's lower left).

use std::fmt;

/// A quarter turn's sense (a bounce's rotation, SCA-4.1; a turning leg
/// of a picture), seen with White at the bottom.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Rotation {
    /// Clockwise.
    Clockwise,
    /// Counterclockwise.
    Counterclockwise,
}

/// A square of a board up to 16×16: `rank * 16 + file`, both zero-based.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1).
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square((rank << 4) | (file & 15))
    }
    /// The file, 0 = a.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 15
    }
    /// The rank, 0 = rank 1.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }
    /// Index into a dense `width × height` array.
    #[inline]
    pub const fn index(self, width: u8) -> usize {
        self.rank() as usize * width as usize + self.file() as usize
    }
    /// Parses `a1` .. `p16` (lower-case file letter, rank number without
    /// leading zero). Does not check a board size: see [`Board::parse_square`].
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 {
            return None;
        }
        let file = bytes[0].checked_sub(b'a')?;
        if file >= 16 {
            return None;
        }
        let digits = &text[1..];
        if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        if !(1..=16).contains(&rank) {
            return None;
        }
        Some(Square::new(file, rank - 1))
    }
    /// Length of the longest leading square name in `text` (for parsers of
    /// move notations), with the square.
    pub fn parse_prefix(text: &str) -> Option<(Square, usize)> {
        for len in [3, 2] {
            if text.len() >= len && text.is_char_boundary(len) {
                if let Some(sq) = Square::parse(&text[..len]) {
                    return Some((sq, len));
                }
            }
        }
        None
    }
    /// The square `d` away, if it lies on `board`.
    #[inline]
    pub fn offset(self, d: Dir, board: Board) -> Option<Square> {
        let f = self.file() as i8 + d.df;
        let r = self.rank() as i8 + d.dr;
        if f < 0 || r < 0 || f >= board.width as i8 || r >= board.height as i8 {
            None
        } else {
            Some(Square::new(f as u8, r as u8))
        }
    }
    /// Chebyshev distance.
    pub fn distance(self, other: Square) -> u8 {
        let df = (self.file() as i8 - other.file() as i8).unsigned_abs();
        let dr = (self.rank() as i8 - other.rank() as i8).unsigned_abs();
        df.max(dr)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A step or leap vector (file delta, rank delta), White's view.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Dir {
    /// Files to the right (negative: to the left).
    pub df: i8,
    /// Ranks up (negative: down).
    pub dr: i8,
}

impl Dir {
    /// The vector (`df`, `dr`).
    pub const fn new(df: i8, dr: i8) -> Dir {
        Dir { df, dr }
    }
    /// One rank up.
    pub const N: Dir = Dir::new(0, 1);
    /// One file right, one rank up.
    pub const NE: Dir = Dir::new(1, 1);
    /// One file right.
    pub const E: Dir = Dir::new(1, 0);
    /// One file right, one rank down.
    pub const SE: Dir = Dir::new(1, -1);
    /// One rank down.
    pub const S: Dir = Dir::new(0, -1);
    /// One file left, one rank down.
    pub const SW: Dir = Dir::new(-1, -1);
    /// One file left.
    pub const W: Dir = Dir::new(-1, 0);
    /// One file left, one rank up.
    pub const NW: Dir = Dir::new(-1, 1);
    /// 90° clockwise (seen from White: north turns east).
    #[inline]
    pub const fn cw(self) -> Dir {
        Dir::new(self.dr, -self.df)
    }
    /// 90° counterclockwise (north turns west).
    #[inline]
    pub const fn ccw(self) -> Dir {
        Dir::new(-self.dr, self.df)
    }
    /// The opposite vector.
    #[inline]
    pub const fn reverse(self) -> Dir {
        Dir::new(-self.df, -self.dr)
    }
    /// The same vector seen from Black (ranks mirrored).
    #[inline]
    pub const fn flip_rank(self) -> Dir {
        Dir::new(self.df, -self.dr)
    }
    /// Along a rank or a file.
    pub const fn is_orthogonal(self) -> bool {
        (self.df == 0) != (self.dr == 0)
    }
    /// Along a diagonal.
    pub const fn is_diagonal(self) -> bool {
        self.df != 0 && (self.df == self.dr || self.df == -self.dr)
    }
    /// Index 0..8 of a unit direction in [`KING_DIRS`] order (N, NE, E, SE,
    /// S, SW, W, NW), for compact state keys.
    pub fn index8(self) -> usize {
        KING_DIRS.iter().position(|&d| d == self).unwrap_or(8)
    }
}

/// Orthogonal unit steps: N, E, S, W.
pub const ROOK_DIRS: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
/// Diagonal unit steps: NE, SE, SW, NW.
pub const BISHOP_DIRS: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];
/// The eight unit steps, clockwise from north (also the CRZ-Q1 order).
pub const KING_DIRS: [Dir; 8] = [
    Dir::N,
    Dir::NE,
    Dir::E,
    Dir::SE,
    Dir::S,
    Dir::SW,
    Dir::W,
    Dir::NW,
];
/// The eight knight leaps.
pub const KNIGHT_LEAPS: [Dir; 8] = [
    Dir::new(1, 2),
    Dir::new(2, 1),
    Dir::new(2, -1),
    Dir::new(1, -2),
    Dir::new(-1, -2),
    Dir::new(-2, -1),
    Dir::new(-2, 1),
    Dir::new(-1, 2),
];

/// Which squares exist: a `width × height` rectangle, both 1..=16.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    /// Files, 1..=16.
    pub width: u8,
    /// Ranks, 1..=16.
    pub height: u8,
}

impl Board {
    /// The 8×8 board.
    pub const CHESS: Board = Board {
        width: 8,
        height: 8,
    };
    /// The largest side.
    pub const MAX_SIDE: u8 = 16;

    /// A `width × height` board, if both are 1..=16.
    pub fn new(width: u8, height: u8) -> Option<Board> {
        ((1..=Self::MAX_SIDE).contains(&width) && (1..=Self::MAX_SIDE).contains(&height))
            .then_some(Board { width, height })
    }
    /// Whether `sq` exists on this board.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        sq.file() < self.width && sq.rank() < self.height
    }
    /// The number of squares.
    pub fn len(self) -> usize {
        self.width as usize * self.height as usize
    }
    /// Never true (a board has at least one square); for clippy's sake.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
    /// Parses a square name and checks that it lies on this board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        Square::parse(text).filter(|&s| self.contains(s))
    }
    /// Every square, rank by rank from rank 1, files a.. within a rank.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.height).flat_map(move |r| (0..self.width).map(move |f| Square::new(f, r)))
    }
    /// The square from a dense index (inverse of [`Square::index`]).
    pub fn square_at(self, index: usize) -> Square {
        Square::new(
            (index % self.width as usize) as u8,
            (index / self.width as usize) as u8,
        )
    }
    /// The squares from `from` (exclusive) in direction `d` up to the edge.
    #[inline]
    pub fn ray(self, from: Square, d: Dir) -> Ray {
        Ray {
            board: self,
            at: from,
            dir: d,
        }
    }
    /// The targets of the leaps `leaps` from `from` that lie on the board.
    pub fn leaps(self, from: Square, leaps: &'static [Dir]) -> impl Iterator<Item = Square> {
        leaps.iter().filter_map(move |&d| from.offset(d, self))
    }
    /// Rank index counted from `white`'s side (0 = own first rank).
    #[inline]
    pub fn relative_rank(self, sq: Square, white: bool) -> u8 {
        if white {
            sq.rank()
        } else {
            self.height - 1 - sq.rank()
        }
    }
}

/// Iterator over the squares of a ray (see [`Board::ray`]). Slides stop
/// where the caller decides: the ray itself ends only at the edge.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    board: Board,
    at: Square,
    dir: Dir,
}

impl Iterator for Ray {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let next = self.at.offset(self.dir, self.board)?;
        self.at = next;
        Some(next)
    }
}

/// Walks a slide: the empty squares (per `is_empty`) from `from` along `d`,
/// and the first non-empty square, if any, before the edge.
pub fn slide(
    board: Board,
    from: Square,
    d: Dir,
    mut is_empty: impl FnMut(Square) -> bool,
    mut on_empty: impl FnMut(Square),
) -> Option<Square> {
    for sq in board.ray(from, d) {
        if is_empty(sq) {
            on_empty(sq);
        } else {
            return Some(sq);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        let b = Board::new(16, 16).unwrap();
        for sq in b.squares() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("a0"), None);
        assert_eq!(Square::parse("a17"), None);
        assert_eq!(Square::parse("q1"), None);
        assert_eq!(Square::parse("a01"), None);
        assert_eq!(Board::CHESS.parse_square("i1"), None);
    }

    #[test]
    fn rotations() {
        assert_eq!(Dir::N.cw(), Dir::E);
        assert_eq!(Dir::N.ccw(), Dir::W);
        assert_eq!(Dir::NE.cw(), Dir::SE);
        assert_eq!(Dir::NE.ccw(), Dir::NW);
        for d in KING_DIRS {
            assert_eq!(d.cw().ccw(), d);
            assert_eq!(d.cw().cw().cw().cw(), d);
        }
    }

    #[test]
    fn rays_stop_at_edge() {
        let b = Board::CHESS;
        let r: Vec<_> = b
            .ray(Square::parse("c3").unwrap(), Dir::NE)
            .map(|s| s.to_string())
            .collect();
        assert_eq!(r, ["d4", "e5", "f6", "g7", "h8"]);
        let b = Board::new(10, 10).unwrap();
        assert_eq!(b.ray(Square::parse("a1").unwrap(), Dir::N).count(), 9);
    }
}
