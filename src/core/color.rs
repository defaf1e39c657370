//! The small types every layer shares: the sides ([`Color`], [`ByColor`]) and how a
//! finished game ended ([`Outcome`]).

use std::ops::{Index, IndexMut};

/// A side. White moves first in every game except English draughts (G1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// The side on the low ranks (G1).
    White,
    /// The side on the high ranks.
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// `white` or `black`, as messages and fixtures write it.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
    /// Whether this is White.
    #[inline]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }
    /// 0 for White, 1 for Black: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }
    /// The side of a per-side index (0 White, anything else Black).
    #[inline]
    pub const fn from_index(i: usize) -> Color {
        if i == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// This side won.
    Win(Color),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// Text form used by fixtures and `--json`: `white-wins`, `black-wins`, `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win(Color::White) => "white-wins",
            Outcome::Win(Color::Black) => "black-wins",
            Outcome::Draw => "draw",
        }
    }
}

/// One value per side ([`Color`]), indexed by it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByColor<T>(pub [T; 2]);

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, c: Color) -> &T {
        &self.0[c.index()]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline(always)]
    fn index_mut(&mut self, c: Color) -> &mut T {
        &mut self.0[c.index()]
    }
}
