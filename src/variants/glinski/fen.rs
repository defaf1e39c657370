//! The position text of `glinski` (G4, GLN-1): a hexagonal FEN. Parse into
//! a raw [`Setup`], validate into a `Pos`, print the canonical form.
//!
//! ```text
//! position = board SP turn SP ep [SP halfmove SP fullmove]
//! board    = rank 10("/" rank)      ; 11 ranks: rank 11 first, rank 1 last
//! rank     = 1*(piece / count)      ; the rank's cells from file a to file l
//! count    = digit1-9 *DIGIT        ; that many empty cells ("11" = eleven)
//! piece    = "P" / "N" / "B" / "R" / "Q" / "K"     ; White
//!          / "p" / "n" / "b" / "r" / "q" / "k"     ; Black
//! turn     = "w" / "b"
//! ep       = "-" / cell             ; the cell a double-stepping pawn passed over
//! cell     = file rank              ; a1 .. l6, f11 (files a-l without j)
//! halfmove = 1*DIGIT                ; >= 0
//! fullmove = 1*DIGIT                ; >= 1
//! ```
//!
//! A rank lists only the cells that exist on it: ranks 1–6 have 11 cells
//! (files a–l), rank 7 has 9 (b–k), rank 8 7 (c–i), rank 9 5 (d–h), rank
//! 10 3 (e–g), rank 11 one (f11). A run of digits is one number (`11` is
//! eleven empty cells, never one and one). Fields are separated by white
//! space; the three-field form means `0 1` for the counters. The start
//! position is
//! `b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1`.
//!
//! Validation (impossible positions; each error names its field):
//! exactly one king per side; at most 18 pieces and 9 pawns per side, and
//! no more promoted pieces (beyond 1 Q, 2 R, 3 B, 2 N) than missing pawns;
//! no pawn on its promotion cells (the far edge) nor behind its start
//! cells (cells no pawn of that colour can reach: White c1 d1 d2 e1–e3
//! f1–f4 g1–g3 h1 h2 i1, Black mirrored); the side not to move not in
//! check (all `board`); an en passant cell must be the cell a pawn of the
//! side that just moved passed over with a double step from one of its
//! start cells: that pawn one cell further on, the cell and the start cell
//! empty (`en passant`).
//!
//! Canonical output: always five fields; the en passant cell kept whenever
//! it is consistent (after every double step, whether or not a capture is
//! possible), as `fide` does.

use crate::core::hex::{Cell, Cells, Dir, FILES, SLOTS};
use crate::core::notation::{parse_counter, parse_turn, turn_char};
use crate::core::Field;
use crate::core::{Color, PositionError};

use super::position::{
    Pos, BISHOP, BLACK, KING, KNIGHT, NO_EP, PAWN, PAWN_CELLS, PROMOTION, QUEEN, ROOK, START, WHITE,
};

/// Piece letters by role (upper case = White).
pub const LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];

/// The start position (GLN-1).
pub const START_TEXT: &str =
    "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1";

/// Whatever a position text said, before any check of meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// `(color, role)` per slot.
    pub(crate) board: [Option<(usize, usize)>; SLOTS],
    /// The side to move (colour index).
    pub(crate) turn: usize,
    /// The cell a double-stepping pawn just passed over (en passant), if any.
    pub(crate) ep: Option<Cell>,
    /// The halfmove clock.
    pub(crate) halfmove: u32,
    /// The fullmove number.
    pub(crate) fullmove: u32,
}

/// The cells of rank `rank` (0 = rank 1), file a to l.
pub fn rank_cells(rank: u8) -> impl Iterator<Item = Cell> {
    (0..11).filter_map(move |f| Cell::from_file_rank(f, rank))
}

fn board_field(field: &str) -> Result<[Option<(usize, usize)>; SLOTS], PositionError> {
    const F: Field = Field::Board;
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 11 {
        return Err(PositionError::syntax(
            F,
            format!("{} ranks (expected 11, rank 11 first)", ranks.len()),
        ));
    }
    let mut board = [None; SLOTS];
    for (i, text) in ranks.iter().enumerate() {
        let rank = 10 - i as u8;
        let cells: Vec<Cell> = rank_cells(rank).collect();
        let mut at = 0usize;
        let bytes = text.as_bytes();
        let mut k = 0;
        if bytes.is_empty() {
            return Err(PositionError::syntax(
                F,
                format!("rank {} is empty", rank + 1),
            ));
        }
        while k < bytes.len() {
            let c = bytes[k];
            if c.is_ascii_digit() {
                let start = k;
                while k < bytes.len() && bytes[k].is_ascii_digit() {
                    k += 1;
                }
                let n: usize = text[start..k].parse().unwrap_or(0);
                if n == 0 || bytes[start] == b'0' {
                    return Err(PositionError::syntax(
                        F,
                        format!(
                            "rank {}: bad empty-cell count '{}'",
                            rank + 1,
                            &text[start..k]
                        ),
                    ));
                }
                at = at.saturating_add(n);
                continue;
            }
            let ch = text[k..].chars().next().unwrap_or('?');
            let Some(role) = LETTERS.iter().position(|&l| l == ch.to_ascii_uppercase()) else {
                return Err(PositionError::syntax(
                    F,
                    format!(
                        "'{ch}' on rank {} is not a piece (expected one of PNBRQKpnbrqk or a digit)",
                        rank + 1
                    ),
                ));
            };
            if let Some(cell) = cells.get(at) {
                let color = if ch.is_ascii_uppercase() {
                    WHITE
                } else {
                    BLACK
                };
                board[cell.slot()] = Some((color, role));
            }
            at += 1;
            k += ch.len_utf8();
        }
        if at != cells.len() {
            return Err(PositionError::syntax(
                F,
                format!(
                    "rank {} describes {at} cells (it has {}: {}{}..{}{})",
                    rank + 1,
                    cells.len(),
                    FILES[cells[0].file() as usize],
                    rank + 1,
                    FILES[cells[cells.len() - 1].file() as usize],
                    rank + 1
                ),
            ));
        }
    }
    Ok(board)
}

impl Setup {
    /// Parses a position text (syntax only).
    ///
    /// # Errors
    /// [`PositionError::Syntax`] naming the field: `board`, `turn`,
    /// `en passant`, `halfmove`, `fullmove` or `fields`.
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        match fields.len() {
            0 => return Err(PositionError::syntax(Field::Board, "empty position text")),
            1 => return Err(PositionError::syntax(Field::Turn, "missing")),
            2 => return Err(PositionError::syntax(Field::EnPassant, "missing")),
            4 => {
                return Err(PositionError::syntax(
                    Field::Fullmove,
                    "missing (give both counters or neither)",
                ))
            }
            n if n > 5 => {
                return Err(PositionError::syntax(
                    Field::Fields,
                    format!(
                    "{n} fields (expected 3 or 5: board, turn, en passant[, halfmove, fullmove])"
                ),
                ))
            }
            _ => {}
        }
        let board = board_field(fields[0])?;
        let turn = if parse_turn(fields[1])? == Color::White {
            WHITE
        } else {
            BLACK
        };
        let ep = if fields[2] == "-" {
            None
        } else {
            Some(Cell::parse(fields[2]).ok_or_else(|| {
                PositionError::syntax(
                    Field::EnPassant,
                    format!(
                        "expected '-' or a cell (a1..l6, f11), found '{}'",
                        fields[2]
                    ),
                )
            })?)
        };
        let (halfmove, fullmove) = if fields.len() == 5 {
            (
                parse_counter(Field::Halfmove, fields[3], 0)?,
                parse_counter(Field::Fullmove, fields[4], 1)?,
            )
        } else {
            (0, 1)
        };
        Ok(Setup {
            board,
            turn,
            ep,
            halfmove,
            fullmove,
        })
    }

    /// Checks the meaning and builds the position; `mutants` are the
    /// active mutant flags (see `position::MUT_*`).
    ///
    /// # Errors
    /// [`PositionError::Invalid`] naming the field (see the module docs).
    pub fn validate(&self, mutants: u8) -> Result<Pos, PositionError> {
        let mut pos = Pos {
            roles: [0; 6],
            colors: [0; 2],
            turn: self.turn,
            ep: NO_EP,
            mutants,
            moved: 0,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        };
        for (s, p) in self.board.iter().enumerate() {
            if let Some((c, r)) = *p {
                pos.roles[r] |= 1 << s;
                pos.colors[c] |= 1 << s;
            }
        }
        let invalid = |m: String| PositionError::invalid(Field::Board, m);
        for (c, name) in [(WHITE, "white"), (BLACK, "black")] {
            let n = pos.pieces(c, KING).count_ones();
            if n != 1 {
                return Err(invalid(format!("{n} {name} kings (exactly one needed)")));
            }
        }
        for (c, name) in [(WHITE, "white"), (BLACK, "black")] {
            let count = |r: usize| pos.pieces(c, r).count_ones();
            let pawns = count(PAWN);
            let promoted: u32 = [(KNIGHT, 2), (BISHOP, 3), (ROOK, 2), (QUEEN, 1)]
                .iter()
                .map(|&(r, start)| count(r).saturating_sub(start))
                .sum();
            if pos.colors[c].count_ones() > 18 || pawns > 9 || promoted > 9 - pawns.min(9) {
                return Err(invalid(format!(
                    "too much {name} material (more than 18 pieces, 9 pawns, or promoted pieces than missing pawns)"
                )));
            }
        }
        for (c, name) in [(WHITE, "white"), (BLACK, "black")] {
            let pawns = pos.pieces(c, PAWN);
            if let Some(s) = Cells(pawns & PROMOTION[c]).next() {
                return Err(invalid(format!(
                    "{name} pawn on {} (its promotion cell)",
                    crate::core::hex::slot_name(s)
                )));
            }
            if let Some(s) = Cells(pawns & !PAWN_CELLS[c]).next() {
                return Err(invalid(format!(
                    "{name} pawn on {} (no {name} pawn can stand behind its start cells)",
                    crate::core::hex::slot_name(s)
                )));
            }
        }
        if pos.in_check(self.turn ^ 1) {
            let side = if self.turn == WHITE { "black" } else { "white" };
            return Err(invalid(format!(
                "the side not to move ({side}) is in check"
            )));
        }
        if let Some(ep) = self.ep {
            let mover = self.turn ^ 1;
            // The mover's pawn stepped from `origin` over `ep` to `pawn`.
            let (back, ahead) = if mover == WHITE {
                (Dir::DOWN, Dir::UP)
            } else {
                (Dir::UP, Dir::DOWN)
            };
            let bad = |m: String| PositionError::invalid(Field::EnPassant, m);
            let mover_name = if mover == WHITE { "white" } else { "black" };
            let origin = ep.step(back).filter(|o| START[mover] & o.bit() != 0);
            let Some(origin) = origin else {
                return Err(bad(format!(
                    "{ep} is not a cell a {mover_name} pawn passes over with a double step (the side to move is {})",
                    if self.turn == WHITE { "white" } else { "black" }
                )));
            };
            let pawn = ep
                .step(ahead)
                .filter(|p| pos.pieces(mover, PAWN) & p.bit() != 0);
            let Some(_) = pawn else {
                return Err(bad(format!(
                    "no {mover_name} pawn on {} (the cell after {ep})",
                    ep.step(ahead).map_or("-".into(), |c| c.to_string())
                )));
            };
            if pos.occupied() & (ep.bit() | origin.bit()) != 0 {
                return Err(bad(format!(
                    "{ep} and {origin} must be empty after a double step"
                )));
            }
            pos.ep = ep.slot() as u8;
        }
        Ok(pos)
    }
}

/// The canonical position text (see the module docs).
pub fn write(pos: &Pos) -> String {
    let mut board = String::new();
    for rank in (0..11).rev() {
        let mut empty = 0;
        for c in rank_cells(rank) {
            match pos.role_at(c.slot()) {
                None => empty += 1,
                Some(r) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let l = LETTERS[r];
                    board.push(if pos.colors[WHITE] & c.bit() != 0 {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let ep = if pos.ep == NO_EP {
        "-".to_string()
    } else {
        crate::core::hex::slot_name(pos.ep as usize)
    };
    let turn = turn_char(if pos.turn == WHITE {
        Color::White
    } else {
        Color::Black
    });
    format!("{board} {turn} {ep} {} {}", pos.halfmove, pos.fullmove)
}
