//! Text: the [`Notation`] trait (position and move texts of a game), and
//! the helpers every game's position text (extended FEN) is built from.
//!
//! The board field is ranks from the top (highest rank) down, separated by
//! `/`. Within a rank, a run of digits is that many empty squares (so `10`
//! is ten empty squares on a wide board), a bracketed group `[...]`,
//! `(...)` or `{...}` is one square's token, and any other character is one
//! square's token. The board size is read off the field: the number of
//! ranks and the (equal) number of squares per rank, each 1..=16.

use super::error::Field;
use super::error::{MoveError, PositionError};
use super::game::Game;
use super::geometry::{Board, Square};

/// The texts of a game (G4): its canonical position text and move texts.
/// Positions are read by each game's own validating constructor (parse →
/// validate) and by the registry's [`crate::core::ParseFn`].
pub trait Notation: Game {
    /// The canonical position text (G4): parsing it gives this position back.
    fn to_text(&self) -> String;

    /// The canonical text of a legal move of this position.
    fn move_text(&self, mv: &Self::Move) -> String;

    /// Checks that `text` is a well-formed move in this game's notation,
    /// without asking whether it is legal. Used to tell a malformed move
    /// from an illegal one.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] naming what is wrong.
    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError>;

    /// Resolves a move text to one of the legal moves: `Ok(None)` when no
    /// legal move has this text. The default accepts exactly the canonical
    /// texts of the legal moves; games whose notation accepts other forms
    /// override it.
    ///
    /// # Errors
    /// What the notation itself decides, e.g. an ambiguous abbreviation.
    fn find_move(&self, text: &str) -> Result<Option<Self::Move>, MoveError> {
        let text = text.trim();
        Ok(self
            .legal_moves()
            .into_iter()
            .find(|m| self.move_text(m) == text))
    }
}

/// One square's token from a board field, with its square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell<'a> {
    /// The square.
    pub square: Square,
    /// Its token as written (a letter, or a bracketed group).
    pub token: &'a str,
}

/// Splits a board field into its occupied cells and reads the board size.
///
/// # Errors
/// Empty ranks, unequal rank lengths, sizes over 16, unclosed brackets.
pub fn parse_board_field(field: &str) -> Result<(Board, Vec<Cell<'_>>), PositionError> {
    const F: Field = Field::Board;
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() > Board::MAX_SIDE as usize {
        return Err(PositionError::syntax(
            F,
            format!("{} ranks (at most 16)", ranks.len()),
        ));
    }
    let height = ranks.len() as u8;
    let mut width: Option<u8> = None;
    let mut cells = Vec::new();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = height - 1 - i as u8;
        let bytes = rank_text.as_bytes();
        let mut file: usize = 0;
        let mut k = 0;
        while k < bytes.len() {
            let c = bytes[k];
            if c.is_ascii_digit() {
                let start = k;
                while k < bytes.len() && bytes[k].is_ascii_digit() {
                    k += 1;
                }
                let n: usize = rank_text[start..k].parse().unwrap_or(0);
                if n == 0 {
                    return Err(PositionError::syntax(
                        F,
                        format!(
                            "rank {}: bad empty-square count '{}'",
                            rank + 1,
                            &rank_text[start..k]
                        ),
                    ));
                }
                file += n;
            } else {
                let start = k;
                let close = match c {
                    b'[' => Some(b']'),
                    b'(' => Some(b')'),
                    b'{' => Some(b'}'),
                    _ => None,
                };
                if let Some(close) = close {
                    let end = rank_text[k..]
                        .bytes()
                        .position(|b| b == close)
                        .ok_or_else(|| {
                            PositionError::syntax(
                                F,
                                format!("rank {}: unclosed '{}'", rank + 1, c as char),
                            )
                        })?;
                    k += end + 1;
                } else {
                    let ch = rank_text[k..].chars().next().unwrap_or(' ');
                    k += ch.len_utf8();
                }
                if file >= Board::MAX_SIDE as usize {
                    return Err(PositionError::syntax(
                        F,
                        format!("rank {}: more than 16 squares", rank + 1),
                    ));
                }
                cells.push(Cell {
                    square: Square::new(file as u8, rank),
                    token: &rank_text[start..k],
                });
                file += 1;
            }
            if file > Board::MAX_SIDE as usize {
                return Err(PositionError::syntax(
                    F,
                    format!("rank {}: more than 16 squares", rank + 1),
                ));
            }
        }
        if file == 0 {
            return Err(PositionError::syntax(
                F,
                format!("rank {} is empty", rank + 1),
            ));
        }
        match width {
            None => width = Some(file as u8),
            Some(w) if w as usize != file => {
                return Err(PositionError::syntax(
                    F,
                    format!(
                        "rank {} has {} squares, rank {} has {}",
                        height,
                        w,
                        rank + 1,
                        file
                    ),
                ));
            }
            _ => {}
        }
    }
    let board = Board::new(width.unwrap_or(0), height)
        .ok_or_else(|| PositionError::syntax(F, "empty board"))?;
    Ok((board, cells))
}

/// Writes a board field: `token(sq)` gives a square's token or `None` for
/// an empty square.
pub fn write_board_field(board: Board, mut token: impl FnMut(Square) -> Option<String>) -> String {
    let mut out = String::new();
    for rank in (0..board.height).rev() {
        let mut empty = 0;
        for file in 0..board.width {
            match token(Square::new(file, rank)) {
                Some(t) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(&t);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Parses the side-to-move field `w` / `b`.
///
/// # Errors
/// Anything else.
pub fn parse_turn(field: &str) -> Result<super::Color, PositionError> {
    match field {
        "w" => Ok(super::Color::White),
        "b" => Ok(super::Color::Black),
        _ => Err(PositionError::syntax(
            Field::Turn,
            format!("expected 'w' or 'b', found '{field}'"),
        )),
    }
}

/// `w` or `b`, the side-to-move field of a position text.
pub fn turn_char(c: super::Color) -> char {
    if c.is_white() {
        'w'
    } else {
        'b'
    }
}

/// Parses a counter field (halfmove clock: min 0; fullmove number: min 1).
///
/// # Errors
/// Not a number, or below `min`.
pub fn parse_counter(field: Field, text: &str, min: u32) -> Result<u32, PositionError> {
    let n: u32 = text
        .parse()
        .map_err(|_| PositionError::syntax(field, format!("expected a number, found '{text}'")))?;
    if n < min {
        return Err(PositionError::syntax(
            field,
            format!("must be at least {min}"),
        ));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_field_round_trip() {
        let f = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
        let (b, cells) = parse_board_field(f).unwrap();
        assert_eq!(b, Board::CHESS);
        assert_eq!(cells.len(), 32);
        let get = |sq: Square| {
            cells
                .iter()
                .find(|c| c.square == sq)
                .map(|c| c.token.to_string())
        };
        assert_eq!(write_board_field(b, get), f);
    }

    #[test]
    fn wide_boards_and_groups() {
        let (b, cells) = parse_board_field("10/r(RP)8/10").unwrap();
        assert_eq!((b.width, b.height), (10, 3));
        assert_eq!(cells[1].token, "(RP)");
        assert_eq!(cells[1].square.to_string(), "b2");
        assert!(parse_board_field("8/7").is_err());
        assert!(parse_board_field("17").is_err());
        assert!(parse_board_field("r(RP8").is_err());
        assert!(parse_board_field("8//8").is_err());
    }
}
