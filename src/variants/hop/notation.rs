//! Position text and canonical move text of Hop Chess (G4, HOP-2, HOP-7).
//!
//! Position text: FEN followed by the two trampoline squares (White's,
//! then Black's; `-` = off the board):
//!
//! ```text
//! <board> <turn> <castling> <en-passant> <halfmove> <fullmove> <white-trampoline> <black-trampoline>
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - -
//! ```
//!
//! Parsing is two steps: [`Setup::parse`] (syntax, per field) then
//! [`Setup::validate`] (meaning: one king each, no pawn on the first or
//! last rank, castling rights need king and rook at home, the en-passant
//! square consistent with a double step just made, a trampoline never on
//! a piece and never both on one square, the side not to move not in
//! check — through trampolines too, HOP-7).
//!
//! Canonical move text: `[KQRBN]<from>(-<hop>)*(-|:)<to>[=X]` where every
//! hop square is written and `=X` follows the square where a pawn promoted
//! (a trampoline square when the promoted piece continues, HOP-6),
//! `O-O` / `O-O-O` for castling, then `@<square>` for the placement
//! (absent only on White's first turn, HOP-2). Examples:
//! `e2-e4`, `Ng8-f6@d5`, `Nc6-d4-f5:g3@e6`, `e7-e8=Q-e5:e3@a1`, `O-O@h3`.

use super::moves::Turn;
use super::*;
use crate::core::chess::{castling_field, parse_castling};
use crate::core::notation::{
    parse_board_field, parse_counter, parse_turn, turn_char, write_board_field,
};
use crate::core::Field;
use crate::core::{Color, PositionError};

/// A position text as read, not yet validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// 0x88 mailbox.
    pub board: [u8; 128],
    /// The side to move.
    pub turn: Color,
    /// Castling rights, as [`WK`] / [`WQ`] / [`BK`] / [`BQ`] bits.
    pub castling: u8,
    /// En-passant target square ([`NONE`]: none).
    pub ep: u8,
    /// Halfmove clock.
    pub halfmove: u32,
    /// Fullmove number.
    pub fullmove: u32,
    /// Trampolines: index 0 White's, 1 Black's; [`NONE`] = off the board.
    pub tramp: [u8; 2],
}

pub use crate::core::chess::{from_letter as piece_from_char, letter as piece_char};

fn parse_square_field(field: Field, text: &str) -> Result<u8, PositionError> {
    if text == "-" {
        return Ok(NONE);
    }
    crate::core::Board::CHESS
        .parse_square(text)
        .map(|s| s.0)
        .ok_or_else(|| {
            PositionError::syntax(field, format!("expected a square or '-', found '{text}'"))
        })
}

impl Setup {
    /// Reads the eight fields.
    ///
    /// # Errors
    /// [`PositionError::Syntax`] naming the field.
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 8 {
            return Err(PositionError::syntax(
                Field::Fields,
                format!(
                    "expected 8 fields (board turn castling en-passant halfmove fullmove white-trampoline black-trampoline), found {}",
                    fields.len()
                ),
            ));
        }
        let (b, cells) = parse_board_field(fields[0])?;
        if b != crate::core::Board::CHESS {
            return Err(PositionError::syntax(
                Field::Board,
                format!("expected 8x8, found {}x{}", b.width, b.height),
            ));
        }
        let mut board = [0u8; 128];
        for cell in cells {
            let mut chars = cell.token.chars();
            let p = match (chars.next(), chars.next()) {
                (Some(c), None) => piece_from_char(c),
                _ => None,
            }
            .ok_or_else(|| {
                PositionError::syntax(
                    Field::Board,
                    format!("unknown piece '{}' on {}", cell.token, cell.square),
                )
            })?;
            board[cell.square.0 as usize] = p;
        }
        let turn = parse_turn(fields[1])?;
        let castling = parse_castling(fields[2])?;
        if castling_field(castling) != fields[2] {
            return Err(PositionError::syntax(
                Field::Castling,
                "rights not in the order KQkq",
            ));
        }
        let ep = parse_square_field(Field::EnPassant, fields[3])?;
        let halfmove = parse_counter(Field::Halfmove, fields[4], 0)?;
        let fullmove = parse_counter(Field::Fullmove, fields[5], 1)?;
        let tw = parse_square_field(Field::Trampoline(Color::White), fields[6])?;
        let tb = parse_square_field(Field::Trampoline(Color::Black), fields[7])?;
        Ok(Setup {
            board,
            turn,
            castling,
            ep,
            halfmove,
            fullmove,
            tramp: [tw, tb],
        })
    }

    /// Checks the meaning of the position (module docs).
    ///
    /// # Errors
    /// [`PositionError::Invalid`] naming the field.
    pub fn validate(self, rules: HopRules) -> Result<Hop, PositionError> {
        let inv = PositionError::invalid;
        let mut king = [NONE; 2];
        let mut occ = 0u128;
        for r in 0..8u8 {
            for f in 0..8u8 {
                let sq = r * 16 + f;
                let p = self.board[sq as usize];
                if p == 0 {
                    continue;
                }
                occ |= bit(sq);
                let s = if p & BLACK != 0 { 1 } else { 0 };
                if kind(p) == KING {
                    if king[s] != NONE {
                        return Err(inv(
                            Field::Board,
                            format!(
                                "more than one {} king",
                                if s == 0 { "white" } else { "black" }
                            ),
                        ));
                    }
                    king[s] = sq;
                }
                if kind(p) == PAWN && (r == 0 || r == 7) {
                    return Err(inv(Field::Board, format!("pawn on {}", sq_name(sq))));
                }
            }
        }
        for (s, name) in [(0, "white"), (1, "black")] {
            if king[s] == NONE {
                return Err(inv(Field::Board, format!("no {name} king")));
            }
        }
        for (bit, k, rook, ch) in [
            (WK, 0x04, 0x07, 'K'),
            (WQ, 0x04, 0x00, 'Q'),
            (BK, 0x74, 0x77, 'k'),
            (BQ, 0x74, 0x70, 'q'),
        ] {
            if self.castling & bit != 0 {
                let c = if bit & (WK | WQ) != 0 { 0 } else { BLACK };
                if self.board[k as usize] != KING | c || self.board[rook as usize] != ROOK | c {
                    return Err(inv(
                        Field::Castling,
                        format!("right '{ch}' needs king and rook on their home squares"),
                    ));
                }
            }
        }
        if self.ep != NONE {
            let (rank, fwd) = if self.turn.is_white() {
                (5u8, 16i8)
            } else {
                (2u8, -16i8)
            };
            let pawn = offset(self.ep, -fwd);
            let origin = offset(self.ep, fwd);
            let them = color_bit(self.turn.other());
            if self.ep >> 4 != rank
                || self.board[self.ep as usize] != 0
                || self.board[pawn as usize] != PAWN | them
                || self.board[origin as usize] != 0
            {
                return Err(inv(
                    Field::EnPassant,
                    format!(
                        "{} is not the square behind a pawn that just made a double step",
                        sq_name(self.ep)
                    ),
                ));
            }
        }
        for (i, name) in [
            (0usize, Field::Trampoline(Color::White)),
            (1, Field::Trampoline(Color::Black)),
        ] {
            let t = self.tramp[i];
            if t != NONE && self.board[t as usize] != 0 {
                return Err(inv(
                    name,
                    format!("trampoline on the occupied square {}", sq_name(t)),
                ));
            }
        }
        if self.tramp[0] != NONE && self.tramp[0] == self.tramp[1] {
            return Err(inv(
                Field::Trampoline(Color::Black),
                format!("both trampolines on {}", sq_name(self.tramp[0])),
            ));
        }
        let pos = Hop {
            board: self.board,
            tramp: self.tramp,
            turn: self.turn,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            king,
            occ,
            rules,
        };
        let other = self.turn.other();
        if pos.in_check(other) {
            return Err(inv(
                Field::Turn,
                format!(
                    "the side not to move ({}) is in check (HOP-7)",
                    other.name()
                ),
            ));
        }
        Ok(pos)
    }
}

/// Parses and validates a position text.
///
/// # Errors
/// Syntax or meaning errors naming the field (G4).
pub fn parse_position(text: &str, rules: HopRules) -> Result<Hop, PositionError> {
    Setup::parse(text)?.validate(rules)
}

fn sq_or_dash(sq: u8) -> String {
    if sq == NONE {
        "-".into()
    } else {
        sq_name(sq)
    }
}

impl Hop {
    /// The canonical position text.
    pub fn text(&self) -> String {
        let board = write_board_field(crate::core::Board::CHESS, |s| {
            let p = self.board[s.0 as usize];
            (p != 0).then(|| piece_char(p).to_string())
        });
        let castling = castling_field(self.castling);
        format!(
            "{board} {} {castling} {} {} {} {} {}",
            turn_char(self.turn),
            sq_or_dash(self.ep),
            self.halfmove,
            self.fullmove,
            sq_or_dash(self.tramp[0]),
            sq_or_dash(self.tramp[1])
        )
    }

    /// The canonical text of a move of this position.
    pub fn text_of(&self, t: &Turn) -> String {
        let pm = &t.piece;
        let mut out = String::new();
        if pm.castle != NONE {
            out.push_str(if pm.castle & 7 == 7 { "O-O" } else { "O-O-O" });
        } else {
            let p = self.board[pm.from() as usize];
            if kind(p) != PAWN {
                out.push(piece_char(kind(p)));
            }
            let n = pm.len as usize;
            for (i, &s) in pm.path[..n].iter().enumerate() {
                if i > 0 {
                    out.push(if i == n - 1 && pm.capture { ':' } else { '-' });
                }
                out.push_str(&sq_name(s));
                if pm.promo != 0 && s == pm.promo_at && i > 0 {
                    out.push('=');
                    out.push(piece_char(pm.promo));
                }
            }
        }
        if t.place != NONE {
            out.push('@');
            out.push_str(&sq_name(t.place));
        }
        out
    }
}
