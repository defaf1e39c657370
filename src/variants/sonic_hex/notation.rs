//! Position text (G4, SCA-13) and move text (G2) of `sonic-hex`.
//!
//! # Position text
//!
//! Gliński's hexagonal FEN (the text of `glinski`, see
//! [`crate::variants::glinski::fen`]) plus a springs field:
//!
//! ```text
//! position = board SP turn SP ep [SP halfmove SP fullmove [SP springs]]
//! board    = rank 10("/" rank)   ; 11 ranks, rank 11 first; each rank lists its
//!                                ; cells from file a to l: pieces PNBRQK / pnbrqk,
//!                                ; digits = that many empty cells ("11" = eleven)
//! turn     = "w" / "b"
//! ep       = "-" / cell          ; the cell a double-stepping pawn passed over
//! halfmove = 1*DIGIT             ; >= 0
//! fullmove = 1*DIGIT             ; >= 1
//! springs  = "-" / cell *("," cell)   ; SCA-13: the spring cells
//! cell     = file rank           ; a1 .. l6, f11 (files a-l without j)
//! ```
//!
//! Three fields mean `0 1` and no springs, five fields no springs. The
//! start position has no springs (SCA-13):
//! `b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1 -`.
//!
//! Parsing checks syntax first ([`parse_setup`] → [`Setup`]: the first
//! five fields by `glinski`'s parser, errors naming `board`, `turn`, `en
//! passant`, `halfmove`, `fullmove`; then `springs` and `fields`), then
//! meaning ([`validate`]): exactly one king each (a text without a king is
//! a finished game, G6); at most 18 pieces and 9 pawns a side and no more
//! promoted pieces than missing pawns; no pawn on its promotion cells nor
//! behind its start cells (all `board`); an en passant cell that a pawn of
//! the side that just moved passed over with a double step from a start
//! cell, that pawn one cell further, both cells free of pieces (`en
//! passant`); spring cells listed once (`springs`). Unlike `glinski`, the
//! side not to move may be attacked: check has no effect (SCA-13).
//!
//! Canonical output: always six fields; springs in rank order (rank 1
//! first, files a to l within a rank), `-` when there are none; the en
//! passant cell after every double step (as `glinski`).
//!
//! # Move text
//!
//! ```text
//! move     = cell 1*(("-" / "x") cell) ["=" promo] [":" rotation]
//! promo    = "Q" / "R" / "B" / "N"
//! rotation = "cw" / "ccw"
//! ```
//!
//! As in square `sonic`: the path names the start cell, then every cell
//! where the piece captures or hits (`x`: an enemy piece, a bare spring,
//! the enemy king) or comes to rest without capturing (`-`); every turn of
//! a spindash happens on a capture cell, so the path fixes the move.
//! `:cw`/`:ccw` is the rotation chosen (or forced) at the first capture
//! (SCA-4.1), 120° (or 60° under `turn=60`) clockwise / counterclockwise
//! relative to the direction of travel, seen with White at the bottom.
//! Examples: `f5-f6`, `f5-f7`, `e4xd4`, `e9-e10=Q`,
//! `c1xc5xe6-e7:cw` (120°: a rook bouncing off c5 towards 4 o'clock…),
//! `d1xe3-f5` (a Tails chain: capture on e3, then the same leap to f5).
//! For `explain`, the square game's form prefixes and suffixes (`N:`,
//! `:A`) and `O-O`/`O-O-O` are read too: they are illegal here (SCA-13).

use crate::core::hex::Cell;
use crate::core::notation::turn_char;
use crate::core::{Color, Field, MoveError, PositionError};
use crate::variants::glinski::fen::{rank_cells, Setup as GlinskiSetup};
use crate::variants::glinski::{PAWN_CELLS, PAWN_PROMOTION, PAWN_START};
use crate::variants::sonic::notation::{
    parse_move_on, write_path, write_promotion_and_rotation, MoveBoard,
};
use crate::variants::sonic::pieces::{has_piece, letter, piece};

use super::moves::HexMove;
use super::position::SonicHex;
use super::HexRules;

/// A position text after the syntax step: whatever the text said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Board, turn, en passant cell, counters (`glinski`'s syntax).
    pub base: GlinskiSetup,
    /// The spring cells, as listed.
    pub springs: Vec<Cell>,
}

/// The syntax step (see the module docs).
///
/// # Errors
/// [`PositionError::Syntax`] naming the field.
pub fn parse_setup(text: &str) -> Result<Setup, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() > 6 {
        return Err(PositionError::syntax(
            Field::Fields,
            format!(
                "{} fields (expected 3, 5 or 6: board, turn, en passant[, halfmove, fullmove[, springs]])",
                fields.len()
            ),
        ));
    }
    let base = GlinskiSetup::parse(&fields[..fields.len().min(5)].join(" "))?;
    let springs = match fields.get(5) {
        None | Some(&"-") => Vec::new(),
        Some(list) => list
            .split(',')
            .map(|s| {
                Cell::parse(s).ok_or_else(|| {
                    PositionError::syntax(
                        Field::Springs,
                        format!(
                            "'{}' is not a cell (expected '-' or cells a1..l6, f11 joined by ',')",
                            crate::core::error::echo(s)
                        ),
                    )
                })
            })
            .collect::<Result<_, _>>()?,
    };
    Ok(Setup { base, springs })
}

fn color_name(c: usize) -> &'static str {
    if c == 0 {
        "white"
    } else {
        "black"
    }
}

/// The meaning step: a [`Setup`] becomes a [`SonicHex`] only if it is
/// possible (G4, SCA-13).
///
/// # Errors
/// [`PositionError::Invalid`] naming the field.
pub fn validate(s: Setup, rules: HexRules) -> Result<SonicHex, PositionError> {
    let mut p = SonicHex::empty(rules);
    let b = &s.base;
    for (slot, sq) in b.board.iter().enumerate() {
        if let Some((c, role)) = *sq {
            let color = if c == 0 { Color::White } else { Color::Black };
            p.put(slot as u8, piece(role as u8 + 1, color));
        }
    }
    p.turn = if b.turn == 0 {
        Color::White
    } else {
        Color::Black
    };
    p.halfmove = b.halfmove;
    p.fullmove = b.fullmove;
    let invalid = |m: String| PositionError::invalid(Field::Board, m);
    for c in 0..2 {
        let kings = b
            .board
            .iter()
            .filter(|x| matches!(x, Some((cc, 5)) if *cc == c))
            .count();
        match kings {
            1 => {}
            0 => {
                return Err(invalid(format!(
                    "no {} king: a side without its king has lost, and a finished game is not a position (G6)",
                    color_name(c)
                )))
            }
            n => {
                return Err(invalid(format!(
                    "{n} {} kings (exactly one each, SCA-13)",
                    color_name(c)
                )))
            }
        }
    }
    for c in 0..2 {
        let count = |role: usize| {
            b.board
                .iter()
                .filter(|x| matches!(x, Some((cc, r)) if *cc == c && *r == role))
                .count()
        };
        let pawns = count(0);
        let promoted: usize = [(1, 2), (2, 3), (3, 2), (4, 1)]
            .iter()
            .map(|&(r, start)| count(r).saturating_sub(start))
            .sum();
        if p.occ[c].count_ones() > 18 || pawns > 9 || promoted > 9 - pawns.min(9) {
            return Err(invalid(format!(
                "too much {} material (more than 18 pieces, 9 pawns, or promoted pieces than missing pawns)",
                color_name(c)
            )));
        }
        let own_pawns = p.pawns & p.occ[c];
        if let Some(s) = crate::core::hex::Cells(own_pawns & PAWN_PROMOTION[c]).next() {
            return Err(invalid(format!(
                "{} pawn on {} (its promotion cell)",
                color_name(c),
                SonicHex::name(s as u8)
            )));
        }
        if let Some(s) = crate::core::hex::Cells(own_pawns & !PAWN_CELLS[c]).next() {
            return Err(invalid(format!(
                "{} pawn on {} (no {} pawn can stand behind its start cells)",
                color_name(c),
                SonicHex::name(s as u8),
                color_name(c)
            )));
        }
    }
    if let Some(ep) = b.ep {
        let mover = b.turn ^ 1;
        let (back, ahead) = (
            crate::variants::glinski::PAWN_FORWARD[mover].opposite(),
            crate::variants::glinski::PAWN_FORWARD[mover],
        );
        let bad = |m: String| PositionError::invalid(Field::EnPassant, m);
        let origin = ep.step(back).filter(|o| PAWN_START[mover] & o.bit() != 0);
        let Some(origin) = origin else {
            return Err(bad(format!(
                "{ep} is not a cell a {} pawn passes over with a double step (the side to move is {})",
                color_name(mover),
                color_name(b.turn)
            )));
        };
        let pawn = ep
            .step(ahead)
            .filter(|c| p.pawns & p.occ[mover] & c.bit() != 0);
        if pawn.is_none() {
            return Err(bad(format!(
                "no {} pawn on {} (the cell after {ep})",
                color_name(mover),
                ep.step(ahead).map_or("-".into(), |c| c.to_string())
            )));
        }
        if (p.occ[0] | p.occ[1]) & (ep.bit() | origin.bit()) != 0 {
            return Err(bad(format!(
                "{ep} and {origin} must be free of pieces after a double step"
            )));
        }
        p.ep = ep.slot() as u8;
    }
    for c in &s.springs {
        if p.springs & c.bit() != 0 {
            return Err(PositionError::invalid(
                Field::Springs,
                format!("{c} listed twice"),
            ));
        }
        p.add_spring(c.slot() as u8);
    }
    Ok(p)
}

/// The spring cells in rank order (rank 1 first, files a to l).
pub fn spring_cells(p: &SonicHex) -> Vec<Cell> {
    (0..11)
        .flat_map(rank_cells)
        .filter(|c| p.springs & c.bit() != 0)
        .collect()
}

/// The canonical position text (G4).
pub fn to_text(p: &SonicHex) -> String {
    let mut board = String::new();
    for rank in (0..11).rev() {
        let mut empty = 0;
        for c in rank_cells(rank) {
            let x = p.cells[c.slot()];
            if has_piece(x) {
                if empty > 0 {
                    board.push_str(&empty.to_string());
                    empty = 0;
                }
                board.push(letter(x));
            } else {
                empty += 1;
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let ep = if p.ep == 0 {
        "-".to_string()
    } else {
        SonicHex::name(p.ep)
    };
    let springs = spring_cells(p);
    let springs = if springs.is_empty() {
        "-".to_string()
    } else {
        springs
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{board} {} {ep} {} {} {springs}",
        turn_char(p.turn),
        p.halfmove,
        p.fullmove
    )
}

/// A move text after the syntax step: square sonic's grammar on
/// hexagonal cells. Form letters (SCA-8.1, SCA-9.1) and `O-O` are read so
/// that `explain` can say why they are never legal here (SCA-13).
pub type MoveSyntax = crate::variants::sonic::notation::MoveSyntax<Cell>;

const CELLS: MoveBoard<Cell> = MoveBoard {
    cell: Cell::parse_prefix,
    expected_cell: "expected a cell (a1..l6, f11; files a-l without j)",
    example: "f5-f6, c1xc5xe6-e7:cw",
    promotions: &["Q", "R", "B", "N"],
    bad_promotion: "promotion must be =Q, =R, =B or =N",
};

/// Reads a move text (syntax only; see the module docs).
///
/// # Errors
/// [`MoveError::Syntax`] saying what is wrong.
pub fn parse_move_text(text: &str) -> Result<MoveSyntax, MoveError> {
    parse_move_on(text, &CELLS)
}

/// The canonical text of a legal move of `p` (see the module docs).
pub fn move_text(p: &SonicHex, m: &HexMove) -> String {
    let mut s = String::new();
    write_path(
        &mut s,
        p.course(m)
            .iter()
            .map(|(cell, x)| (SonicHex::name(*cell), *x)),
    );
    write_promotion_and_rotation(&mut s, m.promotion(), m.rotation());
    s
}
