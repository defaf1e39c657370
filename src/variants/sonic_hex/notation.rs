//! Position text (G4, SCA-13) and move text (G2) of `sonic-hex`.
//!
//! # Position text
//!
//! Gliński's hexagonal FEN (the text of `glinski`, see
//! [`crate::variants::glinski::notation`]) plus a springs field:
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
//! With `board=mccooey` (SCA-13.1) the same text on McCooey's array
//! (`b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - 0 1 -`);
//! with `board=shafran` SHF-1's text plus the springs field: ten rows,
//! Shafran's rank 10 (e10 … i10) first and rank 1 (a1 … e1) last, each
//! from its lowest file; then the side, the castling field (a subset of
//! `AIai` in that order — the rook's file, upper case White — or `-`;
//! each right needs its king and rook on their start cells), the en
//! passant field (the cells the last 2- or 3-cell pawn move crossed, in
//! the order crossed, `d3,d4`, or `-`), the counters and the springs
//! (4, 6 or 7 fields):
//! `kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIai - 0 1 -`.
//! A castling field on a board without castling is rejected (`castling`).
//!
//! Three fields mean `0 1` and no springs, five fields no springs. The
//! start position has no springs (SCA-13):
//! `b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1 -`.
//!
//! Parsing checks syntax first ([`parse_setup`] → [`Setup`]: the first
//! five fields by `glinski`'s parser, errors naming `board`, `turn`, `en
//! passant`, `halfmove`, `fullmove`; then `springs` and `fields`; on
//! Shafran's board every field by `glinski`'s field reader, castling
//! rights each once in the order `AIai`), then
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

use crate::core::chess::Role;
use crate::core::hex::{Cell, Cells as Bits, Shape, SLOTS};
use crate::core::notation::turn_char;
use crate::core::{Color, Field, MoveError, PositionError};
use crate::variants::glinski::base::{BaseId, FORWARD};
use crate::variants::glinski::notation::{
    ranks_of, read_fields, shape_rank_cells as rank_cells, Setup as GlinskiSetup, TextForm,
};
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
    /// `(color, role)` per slot.
    pub board: [Option<(Color, Role)>; SLOTS],
    /// The side to move.
    pub turn: Color,
    /// Castling rights (SHF-1, SCA-13.1): bit `i` = the base's castling `i`.
    pub castling: u8,
    /// The crossed cells of the last multi-step, in the order crossed.
    pub ep: Vec<Cell>,
    /// The halfmove clock.
    pub halfmove: u32,
    /// The fullmove number.
    pub fullmove: u32,
    /// The spring cells, as listed.
    pub springs: Vec<Cell>,
}

fn cell_list(shape: Shape, field: Field, list: &str) -> Result<Vec<Cell>, PositionError> {
    let expected = match shape {
        Shape::Glinski => "cells a1..l6, f11",
        Shape::Shafran => "cells a1..i10 of Shafran's board",
    };
    list.split(',')
        .map(|s| {
            shape.parse(s).ok_or_else(|| {
                PositionError::syntax(
                    field,
                    format!(
                        "'{}' is not a cell (expected '-' or {expected} joined by ',')",
                        crate::core::error::echo(s)
                    ),
                )
            })
        })
        .collect()
}

/// The syntax step on the board of `board` (see the module docs).
///
/// # Errors
/// [`PositionError::Syntax`] naming the field.
pub fn parse_setup(text: &str, board: BaseId) -> Result<Setup, PositionError> {
    if board == BaseId::Shafran {
        return parse_shafran(text);
    }
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
    if let Some(f) = fields.get(2) {
        if *f != "-" && f.chars().all(|c| "KQkqAIai".contains(c)) {
            return Err(PositionError::syntax(
                Field::Castling,
                format!(
                    "'{}': there is no castling on this board (SCA-13, SCA-13.1: only board=shafran has a castling field)",
                    crate::core::error::echo(f)
                ),
            ));
        }
    }
    let base = GlinskiSetup::parse(&fields[..fields.len().min(5)].join(" "))?;
    let springs = match fields.get(5) {
        None | Some(&"-") => Vec::new(),
        Some(list) => cell_list(Shape::Glinski, Field::Springs, list)?,
    };
    Ok(Setup {
        board: base.board,
        turn: base.turn,
        castling: 0,
        ep: base.ep.into_iter().collect(),
        halfmove: base.halfmove,
        fullmove: base.fullmove,
        springs,
    })
}

/// `sonic-hex`'s text on Shafran's board: SHF-1's fields (read by
/// `glinski`'s reader) plus the springs; castling rights in the order
/// `AIai`.
const SHAFRAN_FORM: TextForm = TextForm {
    extra: 1,
    too_many: |n, _| {
        format!("{n} fields (expected 4, 6 or 7: board, turn, castling, en passant[, halfmove, fullmove[, springs]])")
    },
    castling_in_order: true,
};

/// The syntax step of Shafran's text (SHF-1 plus springs, SCA-13.1).
fn parse_shafran(text: &str) -> Result<Setup, PositionError> {
    let base = crate::variants::glinski::base::Base::of(BaseId::Shafran);
    let f = read_fields(base, text, &SHAFRAN_FORM, |ep| {
        if ep == "-" {
            Ok(Vec::new())
        } else {
            cell_list(Shape::Shafran, Field::EnPassant, ep)
        }
    })?;
    let springs = match f.extra.first() {
        None | Some(&"-") => Vec::new(),
        Some(list) => cell_list(Shape::Shafran, Field::Springs, list)?,
    };
    Ok(Setup {
        board: f.board,
        turn: f.turn,
        castling: f.castling,
        ep: f.ep,
        halfmove: f.halfmove,
        fullmove: f.fullmove,
        springs,
    })
}

/// The meaning step: a [`Setup`] becomes a [`SonicHex`] only if it is
/// possible (G4, SCA-13, SCA-13.1 on the base's board).
///
/// # Errors
/// [`PositionError::Invalid`] naming the field.
pub fn validate(s: Setup, rules: HexRules) -> Result<SonicHex, PositionError> {
    let base = rules.base();
    let shape = base.shape;
    let name = |c: Cell| shape.name(c);
    let mut p = SonicHex::empty(rules);
    let invalid = |m: String| PositionError::invalid(Field::Board, m);
    for (slot, sq) in s.board.iter().enumerate() {
        if let Some((color, role)) = *sq {
            p.put(slot as u8, piece(role as u8 + 1, color));
        }
    }
    p.turn = s.turn;
    p.halfmove = s.halfmove;
    p.fullmove = s.fullmove;
    for c in Color::BOTH {
        let kings = s
            .board
            .iter()
            .filter(|x| matches!(x, Some((cc, Role::King)) if *cc == c))
            .count();
        match kings {
            1 => {}
            0 => {
                return Err(invalid(format!(
                    "no {} king: a side without its king has lost, and a finished game is not a position (G6)",
                    c.name()
                )))
            }
            n => {
                return Err(invalid(format!(
                    "{n} {} kings (exactly one each, SCA-13)",
                    c.name()
                )))
            }
        }
    }
    for c in Color::BOTH {
        let count = |role: Role| {
            s.board
                .iter()
                .filter(|x| matches!(x, Some((cc, r)) if *cc == c && *r == role))
                .count()
        };
        let start = |role: Role| base.array[c][role].count_ones() as usize;
        let max_pawns = start(Role::Pawn);
        let pawns = count(Role::Pawn);
        let promoted: usize = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .map(|r| count(r).saturating_sub(start(r)))
            .sum();
        let max_pieces: usize = Role::ALL.into_iter().map(start).sum();
        if p.occ[c].count_ones() as usize > max_pieces
            || pawns > max_pawns
            || promoted > max_pawns - pawns.min(max_pawns)
        {
            return Err(invalid(format!(
                "too much {} material (more than {max_pieces} pieces, {max_pawns} pawns, or promoted pieces than missing pawns)",
                c.name()
            )));
        }
        let own_pawns = p.pawns & p.occ[c];
        if let Some(x) = Bits(own_pawns & base.promotion[c]).next() {
            return Err(invalid(format!(
                "{} pawn on {} (its promotion cell)",
                c.name(),
                p.name(x as u8)
            )));
        }
        if let Some(x) = Bits(own_pawns & !base.pawn_cells[c]).next() {
            return Err(invalid(format!(
                "{} pawn on {} (no {} pawn can stand behind its start cells)",
                c.name(),
                p.name(x as u8),
                c.name()
            )));
        }
    }
    if !s.ep.is_empty() {
        let mover = s.turn.other();
        let ahead = FORWARD[mover];
        let back = ahead.opposite();
        let bad = |m: String| PositionError::invalid(Field::EnPassant, m);
        let first = s.ep[0];
        let last = s.ep[s.ep.len() - 1];
        let listed = s.ep.iter().map(|c| name(*c)).collect::<Vec<_>>().join(",");
        let consecutive =
            s.ep.windows(2)
                .all(|w| shape.step(w[0], ahead) == Some(w[1]));
        let from_cells = if s.ep.len() == 1 {
            base.two_steps[mover]
        } else if s.ep.len() == 2 {
            base.three_steps[mover]
        } else {
            0
        };
        let origin = shape
            .step(first, back)
            .filter(|o| consecutive && from_cells & o.bit() != 0);
        let Some(origin) = origin else {
            let what = if s.ep.len() == 1 {
                "is not a cell a {} pawn passes over with a double step"
            } else {
                "is not what a {} pawn crosses with a three-cell move"
            };
            return Err(bad(format!(
                "{listed} {} (the side to move is {})",
                what.replace("{}", mover.name()),
                s.turn.name()
            )));
        };
        let pawn = shape
            .step(last, ahead)
            .filter(|c| p.pawns & p.occ[mover] & c.bit() != 0);
        if pawn.is_none() {
            return Err(bad(format!(
                "no {} pawn on {} (the cell after {})",
                mover.name(),
                shape.step(last, ahead).map_or("-".into(), name),
                name(last)
            )));
        }
        let mut free = origin.bit();
        for c in &s.ep {
            free |= c.bit();
        }
        if p.occupied() & free != 0 {
            return Err(bad(format!(
                "{listed} and {} must be free of pieces after a {} step",
                name(origin),
                if s.ep.len() == 1 {
                    "double"
                } else {
                    "three-cell"
                }
            )));
        }
        p.ep = last.slot() as u8;
        if s.ep.len() == 2 {
            p.ep2 = first.slot() as u8;
        }
    }
    for c in base.castlings {
        if s.castling & c.right == 0 {
            continue;
        }
        let color = c.color;
        let king = piece(crate::variants::sonic::pieces::KING, color);
        let rook = piece(crate::variants::sonic::pieces::ROOK, color);
        let at = |slot: u8| p.cells[slot as usize] & crate::variants::sonic::pieces::PIECE_MASK;
        if at(c.king) != king || at(c.rook) != rook {
            return Err(PositionError::invalid(
                Field::Castling,
                format!(
                    "'{}' needs the {} king on {} and its rook on {} (SHF-1, SCA-13.1)",
                    c.letter,
                    color.name(),
                    p.name(c.king),
                    p.name(c.rook)
                ),
            ));
        }
        p.castling |= c.right;
    }
    for c in &s.springs {
        if p.springs & c.bit() != 0 {
            return Err(PositionError::invalid(
                Field::Springs,
                format!("{} listed twice", name(*c)),
            ));
        }
        p.add_spring(c.slot() as u8);
    }
    Ok(p)
}

/// The spring cells in rank order (rank 1 first, files from the lowest).
pub fn spring_cells(p: &SonicHex) -> Vec<Cell> {
    let shape = p.rules.shape();
    (0..ranks_of(shape))
        .flat_map(|r| rank_cells(shape, r))
        .filter(|c| p.springs & c.bit() != 0)
        .collect()
}

/// The canonical position text (G4; SCA-13.1: the base's text).
pub fn to_text(p: &SonicHex) -> String {
    let shape = p.rules.shape();
    let n = ranks_of(shape);
    let mut board = String::new();
    for rank in (0..n).rev() {
        let mut empty = 0;
        for c in rank_cells(shape, rank) {
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
    let list = |cells: &[u8]| {
        if cells.is_empty() {
            "-".to_string()
        } else {
            cells
                .iter()
                .map(|c| p.name(*c))
                .collect::<Vec<_>>()
                .join(",")
        }
    };
    let crossed: Vec<u8> = [p.ep2, p.ep].into_iter().filter(|&c| c != 0).collect();
    let ep = list(&crossed);
    let springs: Vec<u8> = spring_cells(p).iter().map(|c| c.slot() as u8).collect();
    let springs = list(&springs);
    let base = p.rules.base();
    let castling = if base.castlings.is_empty() {
        String::new()
    } else if p.castling == 0 {
        "- ".to_string()
    } else {
        let mut s: String = base
            .castlings
            .iter()
            .filter(|c| p.castling & c.right != 0)
            .map(|c| c.letter)
            .collect();
        s.push(' ');
        s
    };
    format!(
        "{board} {} {castling}{ep} {} {} {springs}",
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

const SHAFRAN_CELLS: MoveBoard<Cell> = MoveBoard {
    cell: |t| Shape::Shafran.parse_prefix(t),
    expected_cell: "expected a cell of Shafran's board (files a-i: a1..a6, e1..e10, i5..i10)",
    example: "e2-e5, e1-b1",
    promotions: &["Q", "R", "B", "N"],
    bad_promotion: "promotion must be =Q, =R, =B or =N",
};

/// Reads a move text on Gliński's (and McCooey's) cells (syntax only; see
/// the module docs).
///
/// # Errors
/// [`MoveError::Syntax`] saying what is wrong.
pub fn parse_move_text(text: &str) -> Result<MoveSyntax, MoveError> {
    parse_move_on(text, &CELLS)
}

/// Reads a move text on the cells of `shape` (SCA-13.1).
///
/// # Errors
/// [`MoveError::Syntax`] saying what is wrong.
pub fn parse_move_text_on(text: &str, shape: Shape) -> Result<MoveSyntax, MoveError> {
    match shape {
        Shape::Glinski => parse_move_on(text, &CELLS),
        Shape::Shafran => parse_move_on(text, &SHAFRAN_CELLS),
    }
}

/// The canonical text of a legal move of `p` (see the module docs).
pub fn move_text(p: &SonicHex, m: &HexMove) -> String {
    let mut s = String::new();
    write_path(
        &mut s,
        p.course(m).iter().map(|(cell, x)| (p.name(*cell), *x)),
    );
    write_promotion_and_rotation(&mut s, m.promotion(), m.rotation());
    s
}
