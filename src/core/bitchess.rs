//! What the bitboard chess games on rectangular boards (8×8 and 10×8 in
//! this crate) share, written once and generic over the bitboard integer ([`u64`],
//! [`u128`]) and the game's piece kinds: square sets ([`Bitboard`],
//! [`Bits`]), the FEN of a rectangular chess board parsed into a raw
//! [`Setup`] and validated into the game's position (the checks of
//! FIDE-1 / CAP-1, with the squares and limits of the game's [`Layout`]),
//! the canonical FEN, the UCI-style move text, the end of the game
//! (checkmate or stalemate), and the picture of a position.
//!
//! A game plugs in by implementing [`ChessPos`] for its position; move
//! generation and copy-make stay in the game (the hot loop uses only
//! [`Bits`] and [`PieceSets`] from here, which compile to the same code as
//! a game's own). The square sets ([`Bitboard`], [`Bits`], [`PieceSets`])
//! also serve the bitboard games on the hexagonal boards.

use std::ops::{BitAnd, BitOr, Not};

pub use super::chess::ChessRole;
use super::color::Color;
use super::error::{Field, MoveError, PositionError};
use super::geometry::{Board, Square};
use super::notation::{parse_board_field, parse_counter, parse_turn, turn_char, write_board_field};
use super::Outcome;

/// An integer used as a set of squares (bit `i` = square `i`).
pub trait Bitboard:
    Copy + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self>
{
    /// No square.
    const EMPTY: Self;
    /// The set of square `sq` alone.
    fn bit(sq: u32) -> Self;
    /// The number of squares.
    fn count(self) -> u32;
    /// Takes the lowest square out of the set (which must not be empty).
    fn pop_lowest(&mut self) -> u32;
}

macro_rules! bitboard {
    ($t:ty) => {
        impl Bitboard for $t {
            const EMPTY: $t = 0;
            #[inline(always)]
            fn bit(sq: u32) -> $t {
                1 << sq
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn pop_lowest(&mut self) -> u32 {
                let s = self.trailing_zeros();
                *self &= *self - 1;
                s
            }
        }
    };
}
bitboard!(u64);
bitboard!(u128);

/// Iterates the squares of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub struct Bits<B = u64>(pub B);

impl<B: Bitboard> Iterator for Bits<B> {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == B::EMPTY {
            None
        } else {
            Some(self.0.pop_lowest())
        }
    }
}

/// One castling right as the FEN's validation checks it: its bit, its
/// letter, its side, the king's and the rook's home squares.
pub type CastlingHome = (u8, char, Color, u32, u32);

/// What a bitboard chess game's texts and their validation depend on.
pub struct Layout<R: 'static> {
    /// The board (square index `rank * width + file`).
    pub board: Board,
    /// At most this many pieces per side.
    pub max_pieces: u32,
    /// At most this many pawns per side (= files).
    pub max_pawns: u32,
    /// Pieces of each kind a side starts with (beyond them, a piece is promoted).
    pub start: &'static [(R, u32)],
    /// The castling rights in `KQkq` order with their home squares.
    pub castling: [CastlingHome; 4],
    /// The promotion kinds in the order the move-text messages list them.
    pub promotions: &'static [R],
    /// How move-text errors describe the notation (`UCI long algebraic: e2e4, e7e8q`).
    pub move_style: &'static str,
}

impl<R> Layout<R> {
    /// The square of index `sq`.
    #[inline]
    pub fn square(&self, sq: u32) -> Square {
        let w = self.board.width as u32;
        Square::new((sq % w) as u8, (sq / w) as u8)
    }
    /// The index of `s`.
    #[inline]
    pub fn index(&self, s: Square) -> u32 {
        s.rank() as u32 * self.board.width as u32 + s.file() as u32
    }
    /// The name of square index `sq` (`e4`).
    pub fn sq_name(&self, sq: u32) -> String {
        self.square(sq).to_string()
    }
    /// The name of the board's last square (`h8`).
    fn last_square(&self) -> String {
        Square::new(self.board.width - 1, self.board.height - 1).to_string()
    }
}

/// The pieces of a bitboard chess position as square sets: one per side
/// and one per kind (both sides), and what is read off them.
pub trait PieceSets {
    /// The bitboard integer.
    type Board: Bitboard;
    /// The piece kinds.
    type Role: ChessRole;

    /// The squares of `color`'s pieces.
    fn side(&self, color: Color) -> Self::Board;
    /// The squares of the pieces of kind `role`, both sides.
    fn of_role(&self, role: Self::Role) -> Self::Board;

    /// The occupied squares.
    #[inline(always)]
    fn occupied(&self) -> Self::Board {
        self.side(Color::White) | self.side(Color::Black)
    }
    /// The squares of `color`'s pieces of kind `role`.
    #[inline(always)]
    fn pieces(&self, color: Color, role: Self::Role) -> Self::Board {
        self.side(color) & self.of_role(role)
    }
    /// The kind on `sq`, if any.
    #[inline]
    fn role_at(&self, sq: u32) -> Option<Self::Role> {
        let b = Self::Board::bit(sq);
        if self.occupied() & b == Self::Board::EMPTY {
            return None;
        }
        Self::Role::ALL
            .iter()
            .copied()
            .find(|&r| self.of_role(r) & b != Self::Board::EMPTY)
    }
    /// The side of the piece on `sq`, if any.
    #[inline]
    fn color_at(&self, sq: u32) -> Option<Color> {
        let b = Self::Board::bit(sq);
        if self.side(Color::White) & b != Self::Board::EMPTY {
            Some(Color::White)
        } else if self.side(Color::Black) & b != Self::Board::EMPTY {
            Some(Color::Black)
        } else {
            None
        }
    }
}

/// Implements [`PieceSets`] for a position `$pos` that keeps its square
/// sets of `$board` in the fields `colors` (indexed by [`Color`]) and
/// `roles` (indexed by the piece kind `$role`).
macro_rules! piece_sets {
    ($pos:ty, $board:ty, $role:ty) => {
        impl $crate::core::bitchess::PieceSets for $pos {
            type Board = $board;
            type Role = $role;
            #[inline(always)]
            fn side(&self, color: $crate::core::Color) -> $board {
                self.colors[color]
            }
            #[inline(always)]
            fn of_role(&self, role: $role) -> $board {
                self.roles[role]
            }
        }
    };
}
pub(crate) use piece_sets;

/// A validated position of a bitboard chess game, as the shared texts
/// read and build it.
pub trait ChessPos: PieceSets + Sized {
    /// The game's board, limits and squares.
    const LAYOUT: Layout<Self::Role>;

    /// An empty board with these FEN fields (no en passant square).
    fn empty(turn: Color, castling: u8, mutants: u8, halfmove: u32, fullmove: u32) -> Self;
    /// Puts a piece on an empty square.
    fn put(&mut self, sq: u32, color: Color, role: Self::Role);
    /// Sets the en passant square.
    fn set_ep(&mut self, sq: u32);

    /// Whether the side not to move is in check.
    fn opponent_checked(&self) -> bool;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// The king square of `color`, if there is a king.
    fn king_on(&self, color: Color) -> Option<u32>;

    /// The side to move.
    fn to_move(&self) -> Color;
    /// The castling rights (`KQkq` bits).
    fn castling_rights(&self) -> u8;
    /// The en passant square, if any.
    fn ep_square(&self) -> Option<u32>;
    /// The halfmove clock and the fullmove number.
    fn counters(&self) -> (u32, u32);
}

/// Whatever a FEN said, before any check of meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup<P: ChessPos> {
    /// `(square, color, role)` of each piece, board field order.
    pub(crate) pieces: Vec<(u32, Color, P::Role)>,
    /// The side to move.
    pub(crate) turn: Color,
    /// Castling rights as written (bit set, see [`crate::core::chess::parse_castling`]).
    pub(crate) castling: u8,
    /// The en passant target square, if any.
    pub(crate) ep: Option<u32>,
    /// The halfmove clock.
    pub(crate) halfmove: u32,
    /// The fullmove number.
    pub(crate) fullmove: u32,
}

impl<P: ChessPos> Setup<P> {
    /// Parses a FEN of the game's board (syntax only): the six fields,
    /// or the first four (the counters then default to `0 1`).
    ///
    /// # Errors
    /// [`PositionError::Syntax`] naming the field: `board`, `turn`,
    /// `castling`, `en passant`, `halfmove`, `fullmove` or `fields`.
    pub fn parse(text: &str) -> Result<Setup<P>, PositionError> {
        let layout = &P::LAYOUT;
        let fields: Vec<&str> = text.split_whitespace().collect();
        let names = [
            Field::Board,
            Field::Turn,
            Field::Castling,
            Field::EnPassant,
            Field::Halfmove,
            Field::Fullmove,
        ];
        match fields.len() {
            0 => return Err(PositionError::syntax(Field::Board, "empty position text")),
            1..=3 => return Err(PositionError::syntax(names[fields.len()], "missing")),
            5 => {
                return Err(PositionError::syntax(
                    Field::Fullmove,
                    "missing (give both counters or neither)",
                ))
            }
            n if n > 6 => {
                return Err(PositionError::syntax(
                    Field::Fields,
                    format!("{n} fields (expected 4 or 6)"),
                ))
            }
            _ => {}
        }
        let (b, cells) = parse_board_field(fields[0])?;
        if b != layout.board {
            return Err(PositionError::syntax(
                Field::Board,
                format!(
                    "{}x{} board (expected {}x{})",
                    b.width, b.height, layout.board.width, layout.board.height
                ),
            ));
        }
        let mut pieces = Vec::with_capacity(cells.len());
        for c in cells {
            let mut chars = c.token.chars();
            let ch = chars.next().unwrap_or(' ');
            match P::Role::from_letter(ch.to_ascii_uppercase()) {
                Some(r) if chars.next().is_none() => {
                    let color = if ch.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    pieces.push((layout.index(c.square), color, r));
                }
                _ => {
                    let upper: String = P::Role::ALL.iter().map(|r| r.letter()).collect();
                    return Err(PositionError::syntax(
                        Field::Board,
                        format!(
                            "'{}' on {} is not a piece (expected one of {upper}{})",
                            c.token,
                            c.square,
                            upper.to_ascii_lowercase()
                        ),
                    ));
                }
            }
        }
        let turn = parse_turn(fields[1])?;
        let castling = super::chess::parse_castling(fields[2])?;
        let ep = if fields[3] == "-" {
            None
        } else {
            let s = layout.board.parse_square(fields[3]).ok_or_else(|| {
                PositionError::syntax(
                    Field::EnPassant,
                    format!(
                        "expected '-' or a square a1..{}, found '{}'",
                        layout.last_square(),
                        fields[3]
                    ),
                )
            })?;
            Some(layout.index(s))
        };
        let (halfmove, fullmove) = if fields.len() == 6 {
            (
                parse_counter(Field::Halfmove, fields[4], 0)?,
                parse_counter(Field::Fullmove, fields[5], 1)?,
            )
        } else {
            (0, 1)
        };
        Ok(Setup {
            pieces,
            turn,
            castling,
            ep,
            halfmove,
            fullmove,
        })
    }

    /// Checks the meaning and builds the position; `mutants` are the
    /// game's active mutant flags. The checks, each naming its field:
    /// exactly one king per side; at most the layout's pieces and pawns
    /// per side, and no more promoted pieces (beyond the start's) than
    /// missing pawns; no pawn on the first or last rank; the side not to
    /// move is not in check (board); each castling right needs its king
    /// and rook on their home squares (castling); an en passant square
    /// lies on the third rank from the side to move's far end, a pawn of
    /// the side that just moved stands in front of it, and it and the
    /// square behind it are empty (en passant).
    ///
    /// # Errors
    /// [`PositionError::Invalid`] naming the field.
    pub fn validate(&self, mutants: u8) -> Result<P, PositionError> {
        let layout = &P::LAYOUT;
        let bit = <P::Board as Bitboard>::bit;
        let none = <P::Board as Bitboard>::EMPTY;
        let name = |sq: u32| layout.sq_name(sq);
        let mut pos = P::empty(
            self.turn,
            self.castling,
            mutants,
            self.halfmove,
            self.fullmove,
        );
        for &(sq, c, r) in &self.pieces {
            pos.put(sq, c, r);
        }
        let pieces = |c: Color, r: P::Role| pos.pieces(c, r);
        for c in Color::BOTH {
            let (n, name) = (pieces(c, P::Role::KING).count(), c.name());
            if n != 1 {
                return Err(PositionError::invalid(
                    Field::Board,
                    format!("{n} {name} kings (exactly one needed)"),
                ));
            }
        }
        for c in Color::BOTH {
            let name = c.name();
            let count = |r: P::Role| pieces(c, r).count();
            let pawns = count(P::Role::PAWN);
            let promoted: u32 = layout
                .start
                .iter()
                .map(|&(r, start)| count(r).saturating_sub(start))
                .sum();
            let (most, most_pawns) = (layout.max_pieces, layout.max_pawns);
            if pos.side(c).count() > most || pawns > most_pawns || promoted > most_pawns - pawns {
                return Err(PositionError::invalid(
                    Field::Board,
                    format!("too much {name} material (more than {most} pieces, {most_pawns} pawns, or promoted pieces than missing pawns)"),
                ));
            }
        }
        let (w, h) = (layout.board.width as u32, layout.board.height as u32);
        let back = |sq: &u32| sq / w == 0 || sq / w == h - 1;
        if let Some(sq) = Bits(pos.of_role(P::Role::PAWN)).find(back) {
            return Err(PositionError::invalid(
                Field::Board,
                format!("pawn on {} (no pawn may stand on rank 1 or {h})", name(sq)),
            ));
        }
        if pos.opponent_checked() {
            let side = self.turn.other().name();
            return Err(PositionError::invalid(
                Field::Board,
                format!("the side not to move ({side}) is in check"),
            ));
        }
        for (right, letter, color, king, rook) in layout.castling {
            if self.castling & right == 0 {
                continue;
            }
            if pieces(color, P::Role::KING) & bit(king) == none {
                return Err(PositionError::invalid(
                    Field::Castling,
                    format!("right '{letter}' but the king is not on {}", name(king)),
                ));
            }
            if pieces(color, P::Role::ROOK) & bit(rook) == none {
                return Err(PositionError::invalid(
                    Field::Castling,
                    format!("right '{letter}' but no rook on {}", name(rook)),
                ));
            }
        }
        if let Some(ep) = self.ep {
            let (rank, pawn_sq, origin) = if self.turn == Color::White {
                (h - 3, ep.wrapping_sub(w), ep + w)
            } else {
                (2, ep + w, ep.wrapping_sub(w))
            };
            let mover = self.turn.other();
            if ep / w != rank {
                return Err(PositionError::invalid(
                    Field::EnPassant,
                    format!(
                        "{} is not on rank {} (the side to move is {})",
                        name(ep),
                        rank + 1,
                        self.turn.name()
                    ),
                ));
            }
            if pieces(mover, P::Role::PAWN) & bit(pawn_sq) == none {
                return Err(PositionError::invalid(
                    Field::EnPassant,
                    format!("no pawn of the side that just moved on {}", name(pawn_sq)),
                ));
            }
            if pos.occupied() & (bit(ep) | bit(origin)) != none {
                return Err(PositionError::invalid(
                    Field::EnPassant,
                    format!(
                        "{} and {} must be empty after a double step",
                        name(ep),
                        name(origin)
                    ),
                ));
            }
            pos.set_ep(ep);
        }
        Ok(pos)
    }
}

/// The canonical FEN of a position: six fields, castling in `KQkq`
/// order, the en passant square whenever the position has one.
pub fn write<P: ChessPos>(pos: &P) -> String {
    let layout = &P::LAYOUT;
    let board = write_board_field(layout.board, |s| {
        let i = layout.index(s);
        let l = pos.role_at(i)?.letter();
        Some(
            if pos.side(Color::White) & P::Board::bit(i) != P::Board::EMPTY {
                l
            } else {
                l.to_ascii_lowercase()
            }
            .to_string(),
        )
    });
    let castling = super::chess::castling_field(pos.castling_rights());
    let ep = pos
        .ep_square()
        .map_or_else(|| "-".to_string(), |sq| layout.sq_name(sq));
    let turn = turn_char(pos.to_move());
    let (halfmove, fullmove) = pos.counters();
    format!("{board} {turn} {castling} {ep} {halfmove} {fullmove}")
}

/// Parses a UCI-style move text (`e2e4`, and a lower-case promotion
/// letter of the layout's promotion kinds: `e7e8q`). Returns (from, to,
/// promotion kind).
///
/// # Errors
/// [`MoveError::Syntax`] saying what is wrong.
pub fn parse_move<P: ChessPos>(text: &str) -> Result<(u32, u32, Option<P::Role>), MoveError> {
    let layout = &P::LAYOUT;
    let (w, h) = (layout.board.width, layout.board.height);
    let b = text.as_bytes();
    let sq = |i: usize| -> Option<u32> {
        let f = b.get(i)?.checked_sub(b'a').filter(|&f| f < w)?;
        let r = b.get(i + 1)?.checked_sub(b'1').filter(|&r| r < h)?;
        Some(r as u32 * w as u32 + f as u32)
    };
    let bad = |m: &str| MoveError::syntax(text, format!("{m} ({})", layout.move_style));
    if !(4..=5).contains(&b.len()) {
        return Err(bad("expected 4 or 5 characters"));
    }
    let last = layout.last_square();
    let from = sq(0).ok_or_else(|| bad(&format!("no square a1..{last} at the start")))?;
    let to = sq(2).ok_or_else(|| bad(&format!("no destination square a1..{last}")))?;
    let promo = match b.get(4) {
        None => None,
        Some(&l) => match layout
            .promotions
            .iter()
            .find(|r| r.letter().to_ascii_lowercase() as u32 == l as u32)
        {
            Some(&r) => Some(r),
            None => {
                let letters: Vec<String> = layout
                    .promotions
                    .iter()
                    .map(|r| r.letter().to_ascii_lowercase().to_string())
                    .collect();
                let (last, rest) = letters.split_last().expect("promotion kinds");
                return Err(bad(&format!(
                    "promotion letter must be {} or {last}",
                    rest.join(", ")
                )));
            }
        },
    };
    if from == to {
        return Err(bad("start and destination are the same square"));
    }
    Ok((from, to, promo))
}

/// The text of a move (`e2e4`, `e7e8q`): its squares and the lower-case
/// letter of the promotion kind.
pub fn move_text<P: ChessPos>(from: u32, to: u32, promo: Option<P::Role>) -> String {
    let layout = &P::LAYOUT;
    let mut s = format!("{}{}", layout.sq_name(from), layout.sq_name(to));
    if let Some(r) = promo {
        s.push(r.letter().to_ascii_lowercase());
    }
    s
}

/// The end of the game (FIDE-1, CAP-1): none while the side to move has
/// a legal move; else checkmate (in check: the other side wins) or
/// stalemate (a draw).
pub fn outcome<P: ChessPos>(pos: &P, has_legal_move: bool) -> Option<Outcome> {
    if has_legal_move {
        return None;
    }
    Some(if pos.in_check() {
        Outcome::Win(pos.to_move().other())
    } else {
        Outcome::Draw
    })
}

/// The picture of a position: the board, pieces by their FEN letters, the
/// king in check marked; side panel: side to move, castling rights, en
/// passant cell, move counters.
#[cfg(feature = "pictures")]
pub fn diagram<P: ChessPos>(pos: &P) -> super::diagram::Diagram {
    use super::diagram::{Diagram, Fact, Geometry, Marker, Piece};
    let layout = &P::LAYOUT;
    let (w, h) = (layout.board.width, layout.board.height);
    let mut d = Diagram::new(Geometry::square(w, h));
    for i in 0..w as u32 * h as u32 {
        if let (Some(role), Some(color)) = (pos.role_at(i), pos.color_at(i)) {
            d = d.put(layout.square(i), Piece::new(role.letter(), color));
        }
    }
    let turn = pos.to_move();
    if let Some(k) = pos.king_on(turn).filter(|_| pos.in_check()) {
        d = d.marker(layout.square(k), Marker::Check);
    }
    d = d
        .fact(Fact::ToMove(turn))
        .fact(Fact::Castling(super::chess::castling_field(
            pos.castling_rights(),
        )));
    if let Some(ep) = pos.ep_square() {
        d = d.fact(Fact::EnPassant(layout.square(ep)));
    }
    let (halfmove, fullmove) = pos.counters();
    d.fact(Fact::Note(format!(
        "move {fullmove}, halfmove clock {halfmove}"
    )))
}

/// The drawing of a legal move: the piece's `leg` (a knight's leap dashed,
/// as the game decides); castling as two legs, the king's then the rook's
/// (`castle_rook`: its start and end); a capture marked on the captured
/// piece, for en passant on the pawn taken (beside the start, on the end's
/// file), not on the cell the capturing pawn lands on; promotion marked
/// with the new piece.
#[cfg(feature = "pictures")]
pub fn draw_move<P: ChessPos>(
    pos: &P,
    leg: super::diagram::Leg,
    (from, to): (u32, u32),
    castle_rook: Option<(u32, u32)>,
    en_passant: bool,
    promo: Option<P::Role>,
) -> super::diagram::MoveDrawing {
    use super::diagram::{Leg, MoveDrawing, MoveMark, Piece};
    let layout = &P::LAYOUT;
    let w = layout.board.width as u32;
    let mut d = MoveDrawing::default().leg(leg);
    if let Some((rf, rt)) = castle_rook {
        d = d.leg(Leg::slide(layout.square(rf), layout.square(rt)));
    } else if en_passant {
        d = d.mark(layout.square(from - from % w + to % w), MoveMark::Captured);
    } else if pos.occupied() & P::Board::bit(to) != P::Board::EMPTY {
        d = d.mark(layout.square(to), MoveMark::Captured);
    }
    if let Some(r) = promo {
        let piece = Piece::new(r.letter(), pos.to_move());
        d = d.mark(layout.square(to), MoveMark::Promoted(piece));
    }
    d
}

/// The drawing of an illegal move from `from` to `to`: the `leg` it
/// attempts (and the rook's, `castle_rook`, for castling) and the cell
/// where it breaks ([`breaking_square`]).
#[cfg(feature = "pictures")]
pub fn draw_attempt<P: ChessPos>(
    pos: &P,
    leg: super::diagram::Leg,
    (from, to): (u32, u32),
    castle_rook: Option<(u32, u32)>,
    reason: &str,
    rook_from: impl FnOnce() -> u32,
) -> super::diagram::MoveDrawing {
    use super::diagram::{Leg, MoveDrawing, MoveMark};
    let layout = &P::LAYOUT;
    let mut d = MoveDrawing::default().leg(leg);
    if let Some((rf, rt)) = castle_rook {
        d = d.leg(Leg::slide(layout.square(rf), layout.square(rt)));
    }
    d.mark(
        breaking_square(pos, reason, from, to, rook_from),
        MoveMark::Breaks,
    )
}

/// Where an illegal move text breaks, read from its verdict's `reason`
/// (for the drawing of an illegal move): a square the reason names; for
/// a piece between king and rook, the first occupied square between the
/// king on `from` and the rook on `rook_from()`; the piece's start when it
/// is pinned, uncovers its king or lost its castling right; the king when
/// the move ignores a check or the game is over; else the destination.
#[cfg(feature = "pictures")]
pub fn breaking_square<P: ChessPos>(
    pos: &P,
    reason: &str,
    from: u32,
    to: u32,
    rook_from: impl FnOnce() -> u32,
) -> Square {
    let layout = &P::LAYOUT;
    let g = super::diagram::Geometry::square(layout.board.width, layout.board.height);
    let r = reason;
    let occupied = pos.occupied();
    if r.starts_with("not a ") {
        // "not a pawn move from e2: ...": the piece cannot reach `to`.
        layout.square(to)
    } else if let Some(&named) = g.scan(r).first() {
        // "no piece ... on e2", "castling through an attacked square (f1)".
        named
    } else if r.contains("piece between king and rook") {
        let rook_from = rook_from();
        let (lo, hi) = (from.min(rook_from), from.max(rook_from));
        let between = (lo + 1..hi).find(|&i| occupied & P::Board::bit(i) != P::Board::EMPTY);
        layout.square(between.unwrap_or(to))
    } else if r.contains("pinned") || r.contains("uncovers") || r.contains("right lost") {
        layout.square(from)
    } else if let Some(king) = pos.king_on(pos.to_move()).filter(|_| {
        r.contains("out of check") || r.contains("does not answer") || r.contains("game is over")
    }) {
        layout.square(king)
    } else {
        layout.square(to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_of_both_widths() {
        assert_eq!(Bits(0b1010_0001u64).collect::<Vec<_>>(), [0, 5, 7]);
        let wide = (1u128 << 79) | (1 << 64) | 1;
        assert_eq!(Bits(wide).collect::<Vec<_>>(), [0, 64, 79]);
        assert_eq!(<u128 as Bitboard>::bit(70).count(), 1);
    }
}
