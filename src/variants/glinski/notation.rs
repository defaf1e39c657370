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
//!
//! # McCooey (MCC-1) and Shafran (SHF-1)
//!
//! `mccooey` uses this text unchanged (its array: `b/qbk/rnbnr/ppppppp/9/11/
//! 11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - 0 1`); a side has at most 16 pieces
//! and 7 pawns, and the en passant cell cannot follow the centre pawn
//! (f4 / f8, which never steps two cells).
//!
//! `shafran` (SHF-1, the rulings' form) writes its rows as its ranks, rank
//! 10 (e10 … i10) first and rank 1 (a1 … e1) last, each from its lowest
//! file; then the side, the **castling** field (a subset of `AIai` in that
//! order — the rook's file, upper case White — or `-`; each right needs
//! its king and rook on their start cells), the **en passant** field (the
//! cells the last 2- or 3-cell pawn move crossed, in the order crossed,
//! `d3,d4`, or `-`) and the counters:
//!
//! ```text
//! kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIai - 0 1
//! ```

use crate::core::hex::{Cell, Cells, SLOTS};
use crate::core::notation::{parse_counter, parse_turn, turn_char};
use crate::core::Field;
use crate::core::{Color, PositionError};

use super::base::{Base, BaseId};
use super::position::{
    ByColor, ByRole, PieceSets, Pos, Role, FORWARD, MUT_CENTRE_DOUBLE_STEP, NO_EP,
};
use crate::core::hex::Shape;

/// The start position (GLN-1).
pub const START_TEXT: &str =
    "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1";

/// Whatever a position text said, before any check of meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// `(color, role)` per slot.
    pub(crate) board: [Option<(Color, Role)>; SLOTS],
    /// The side to move.
    pub(crate) turn: Color,
    /// The cell a double-stepping pawn just passed over (en passant), if
    /// any; after a three-cell move (SHF-1) the crossed cell next to the
    /// pawn.
    pub(crate) ep: Option<Cell>,
    /// The first crossed cell of a three-cell move (SHF-1).
    pub(crate) ep2: Option<Cell>,
    /// Castling rights (bit `i`: the base's castling `i`).
    pub(crate) castling: u8,
    /// The base.
    pub(crate) base: BaseId,
    /// The halfmove clock.
    pub(crate) halfmove: u32,
    /// The fullmove number.
    pub(crate) fullmove: u32,
}

/// The cells of rank `rank` (0 = rank 1), file a to l.
pub fn rank_cells(rank: u8) -> impl Iterator<Item = Cell> {
    (0..11).filter_map(move |f| Cell::from_file_rank(f, rank))
}

/// The cells of rank `rank` (0 = rank 1) of `shape`, from its lowest file.
pub fn shape_rank_cells(shape: Shape, rank: u8) -> impl Iterator<Item = Cell> {
    (0..shape.files().len() as u8).filter_map(move |f| shape.cell(f, rank))
}

/// Number of ranks (rows of the position text) of `shape`.
pub(crate) fn ranks_of(shape: Shape) -> u8 {
    match shape {
        Shape::Glinski => 11,
        Shape::Shafran => 10,
    }
}

/// The board field of a position text on `shape`: its ranks from the
/// top, each from its lowest file, runs of empty cells as numbers
/// (GLN-1, MCC-1, SHF-1; also `sonic-hex`'s on Shafran's board).
pub(crate) fn board_field(
    shape: Shape,
    field: &str,
) -> Result<[Option<(Color, Role)>; SLOTS], PositionError> {
    const F: Field = Field::Board;
    let ranks: Vec<&str> = field.split('/').collect();
    let n = ranks_of(shape) as usize;
    if ranks.len() != n {
        return Err(PositionError::syntax(
            F,
            format!("{} ranks (expected {n}, rank {n} first)", ranks.len()),
        ));
    }
    let files = shape.files();
    let mut board = [None; SLOTS];
    for (i, text) in ranks.iter().enumerate() {
        let rank = (n - 1 - i) as u8;
        let cells: Vec<Cell> = shape_rank_cells(shape, rank).collect();
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
            let Some(role) = Role::from_letter(ch.to_ascii_uppercase()) else {
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
                    Color::White
                } else {
                    Color::Black
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
                    files[shape.file(cells[0]) as usize],
                    rank + 1,
                    files[shape.file(cells[cells.len() - 1]) as usize],
                    rank + 1
                ),
            ));
        }
    }
    Ok(board)
}

/// How a position text on a hexagonal base lays out its fields around
/// the common ones (board, turn, castling on a board with castling, en
/// passant, the two counters): `glinski`'s own texts, or `sonic-hex`'s on
/// Shafran's board (SCA-13.1), which add a springs field.
pub(crate) struct TextForm {
    /// How many optional fields may follow the counters (`sonic-hex`'s
    /// springs: 1).
    pub(crate) extra: usize,
    /// The `fields` error for `n` fields, too many (`castling`: the board
    /// has a castling field).
    pub(crate) too_many: fn(n: usize, castling: bool) -> String,
    /// Castling rights must be written in the base's order, each once
    /// (`sonic-hex`); otherwise in any order, each once (`glinski`).
    pub(crate) castling_in_order: bool,
}

impl TextForm {
    /// `glinski`'s texts (GLN-1, MCC-1, SHF-1).
    pub(crate) const GLINSKI: TextForm = TextForm {
        extra: 0,
        too_many: |n, castling| {
            if castling {
                format!("{n} fields (expected 4 or 6: board, turn, castling, en passant[, halfmove, fullmove])")
            } else {
                format!(
                    "{n} fields (expected 3 or 5: board, turn, en passant[, halfmove, fullmove])"
                )
            }
        },
        castling_in_order: false,
    };
}

/// The fields of a position text as [`read_fields`] reads them.
pub(crate) struct TextFields<'a, E> {
    /// `(color, role)` per slot.
    pub(crate) board: [Option<(Color, Role)>; SLOTS],
    /// The side to move.
    pub(crate) turn: Color,
    /// Castling rights (bit `i`: the base's castling `i`; 0 on a board
    /// without castling).
    pub(crate) castling: u8,
    /// The en passant field as the caller's reader read it.
    pub(crate) ep: E,
    /// The halfmove clock (0 when the counters are left out).
    pub(crate) halfmove: u32,
    /// The fullmove number (1 when the counters are left out).
    pub(crate) fullmove: u32,
    /// The optional fields after the counters (at most `form.extra`).
    pub(crate) extra: Vec<&'a str>,
}

/// Reads the fields of a position text on `base` laid out as `form`, in
/// order — the field count, board, turn, castling (on a board with
/// castling), en passant (by `read_ep`), the counters — and stops at the
/// first error. The one reader of `glinski`'s texts and `sonic-hex`'s on
/// Shafran's board.
///
/// # Errors
/// [`PositionError::Syntax`] naming the field.
pub(crate) fn read_fields<'a, E>(
    base: &Base,
    text: &'a str,
    form: &TextForm,
    read_ep: impl FnOnce(&'a str) -> Result<E, PositionError>,
) -> Result<TextFields<'a, E>, PositionError> {
    let has_castling = !base.castlings.is_empty();
    let castle = usize::from(has_castling);
    let fields: Vec<&str> = text.split_whitespace().collect();
    match fields.len() {
        0 => return Err(PositionError::syntax(Field::Board, "empty position text")),
        1 => return Err(PositionError::syntax(Field::Turn, "missing")),
        2 if has_castling => return Err(PositionError::syntax(Field::Castling, "missing")),
        n if n == 2 + castle => return Err(PositionError::syntax(Field::EnPassant, "missing")),
        n if n == 4 + castle => {
            return Err(PositionError::syntax(
                Field::Fullmove,
                "missing (give both counters or neither)",
            ))
        }
        n if n > 5 + castle + form.extra => {
            return Err(PositionError::syntax(
                Field::Fields,
                (form.too_many)(n, has_castling),
            ))
        }
        _ => {}
    }
    let board = board_field(base.shape, fields[0])?;
    let turn = parse_turn(fields[1])?;
    let castling = if has_castling {
        castling_rights(base, fields[2], form.castling_in_order)?
    } else {
        0
    };
    let ep = read_ep(fields[2 + castle])?;
    let (halfmove, fullmove) = if fields.len() >= 5 + castle {
        (
            parse_counter(Field::Halfmove, fields[3 + castle], 0)?,
            parse_counter(Field::Fullmove, fields[4 + castle], 1)?,
        )
    } else {
        (0, 1)
    };
    Ok(TextFields {
        board,
        turn,
        castling,
        ep,
        halfmove,
        fullmove,
        extra: fields.get(5 + castle..).unwrap_or_default().to_vec(),
    })
}

/// The castling field of a board with castling (SHF-1): `-` or letters of
/// the base's castlings (`AIai`), each once; `in_order`: also in the
/// base's order.
fn castling_rights(base: &Base, field: &str, in_order: bool) -> Result<u8, PositionError> {
    let mut castling = 0u8;
    if field == "-" {
        return Ok(castling);
    }
    let letters: String = base.castlings.iter().map(|c| c.letter).collect();
    for ch in field.chars() {
        let Some(c) = base.castlings.iter().find(|c| c.letter == ch) else {
            return Err(PositionError::syntax(
                Field::Castling,
                format!("'{ch}' is not a castling right (expected '-' or letters of {letters})"),
            ));
        };
        if in_order && (castling & c.right != 0 || castling >= c.right << 1) {
            return Err(PositionError::syntax(
                Field::Castling,
                format!("'{field}': each right once, in the order {letters}"),
            ));
        }
        if castling & c.right != 0 {
            return Err(PositionError::syntax(
                Field::Castling,
                format!("'{ch}' given twice"),
            ));
        }
        castling |= c.right;
    }
    Ok(castling)
}

impl Setup {
    /// Parses a position text (syntax only).
    ///
    /// # Errors
    /// [`PositionError::Syntax`] naming the field: `board`, `turn`,
    /// `en passant`, `halfmove`, `fullmove` or `fields`.
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        Setup::parse_on(BaseId::Glinski, text)
    }

    /// Parses a position text of the base `id` (syntax only; see the
    /// module docs).
    ///
    /// # Errors
    /// As [`Setup::parse`]; also `castling` on a board with castling.
    pub fn parse_on(id: BaseId, text: &str) -> Result<Setup, PositionError> {
        let base = Base::of(id);
        let shape = base.shape;
        let f = read_fields(base, text, &TextForm::GLINSKI, |ep_text| {
            if ep_text == "-" {
                return Ok((None, None));
            }
            let bad = || {
                PositionError::syntax(
                    Field::EnPassant,
                    format!(
                        "expected '-' or the crossed cell(s) of this board in the order crossed, found '{ep_text}'"
                    ),
                )
            };
            let cells: Vec<Cell> = ep_text
                .split(',')
                .map(|n| shape.parse(n).ok_or_else(bad))
                .collect::<Result<_, _>>()?;
            match cells[..] {
                [c] => Ok((Some(c), None)),
                [first, last] if base.three_steps != ByColor([0, 0]) => {
                    Ok((Some(last), Some(first)))
                }
                _ => Err(bad()),
            }
        })?;
        let (ep, ep2) = f.ep;
        Ok(Setup {
            board: f.board,
            turn: f.turn,
            ep,
            ep2,
            castling: f.castling,
            base: id,
            halfmove: f.halfmove,
            fullmove: f.fullmove,
        })
    }

    /// Checks the meaning and builds the position; `mutants` are the
    /// active mutant flags (see `position::MUT_*`).
    ///
    /// # Errors
    /// [`PositionError::Invalid`] naming the field (see the module docs).
    pub fn validate(&self, mutants: u8) -> Result<Pos, PositionError> {
        self.validate_with(mutants, 0)
    }

    /// [`Setup::validate`] with rule options (`position::OPT_*`).
    ///
    /// # Errors
    /// As [`Setup::validate`].
    pub fn validate_with(&self, mutants: u8, opts: u8) -> Result<Pos, PositionError> {
        let base = Base::of(self.base);
        let shape = base.shape;
        let name = |s: usize| shape.slot_name(s);
        let mut pos = Pos {
            roles: ByRole([0; 6]),
            colors: ByColor([0; 2]),
            turn: self.turn,
            ep: NO_EP,
            ep2: NO_EP,
            mutants,
            base: self.base,
            opts,
            castling: 0,
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
        for c in Color::BOTH {
            let n = pos.pieces(c, Role::King).count_ones();
            if n != 1 {
                let name = c.name();
                return Err(invalid(format!("{n} {name} kings (exactly one needed)")));
            }
        }
        for c in Color::BOTH {
            let side = c.name();
            let count = |r: Role| pos.pieces(c, r).count_ones();
            let start = |r: Role| base.array[c][r].count_ones();
            let pawns = count(Role::Pawn);
            let max_pawns = start(Role::Pawn);
            let max_pieces: u32 = Role::ALL.into_iter().map(start).sum();
            let promoted: u32 = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
                .into_iter()
                .map(|r| count(r).saturating_sub(start(r)))
                .sum();
            if pos.colors[c].count_ones() > max_pieces
                || pawns > max_pawns
                || promoted > max_pawns - pawns.min(max_pawns)
            {
                return Err(invalid(format!(
                    "too much {side} material (more than {max_pieces} pieces, {max_pawns} pawns, or promoted pieces than missing pawns)"
                )));
            }
        }
        for c in Color::BOTH {
            let side = c.name();
            let pawns = pos.pieces(c, Role::Pawn);
            if let Some(s) = Cells(pawns & base.promotion[c]).next() {
                return Err(invalid(format!(
                    "{side} pawn on {} (its promotion cell)",
                    name(s)
                )));
            }
            if let Some(s) = Cells(pawns & !base.pawn_cells[c]).next() {
                return Err(invalid(format!(
                    "{side} pawn on {} (no {side} pawn can stand behind its start cells)",
                    name(s)
                )));
            }
        }
        for c in base.castlings {
            if self.castling & c.right == 0 {
                continue;
            }
            let color = c.color;
            if pos.pieces(color, Role::King) & (1u128 << c.king) == 0
                || pos.pieces(color, Role::Rook) & (1u128 << c.rook) == 0
            {
                return Err(PositionError::invalid(
                    Field::Castling,
                    format!(
                        "'{}' needs the king on {} and the rook on {}",
                        c.letter,
                        name(c.king as usize),
                        name(c.rook as usize)
                    ),
                ));
            }
            pos.castling |= c.right;
        }
        if pos.in_check(self.turn.other()) {
            let side = self.turn.other().name();
            return Err(invalid(format!(
                "the side not to move ({side}) is in check"
            )));
        }
        if let Some(ep) = self.ep {
            let mover = self.turn.other();
            // The mover's pawn moved from `origin` over the crossed cells
            // (`ep2` then `ep`) to `pawn`.
            let ahead = FORWARD[mover];
            let back = ahead.opposite();
            let bad = |m: String| PositionError::invalid(Field::EnPassant, m);
            let mover_name = mover.name();
            let crossed = match self.ep2 {
                Some(first) if shape.step(first, ahead) != Some(ep) => {
                    return Err(bad(format!(
                        "{} and {} are not crossed one after the other by a {mover_name} pawn",
                        name(first.slot()),
                        name(ep.slot())
                    )))
                }
                Some(first) => first.bit() | ep.bit(),
                None => ep.bit(),
            };
            let first = self.ep2.unwrap_or(ep);
            let cells = if self.ep2.is_some() { "three" } else { "two" };
            let from_cells = if self.ep2.is_some() {
                base.three_steps[mover]
            } else if mutants & MUT_CENTRE_DOUBLE_STEP != 0 {
                base.pawn_start[mover]
            } else {
                base.two_steps[mover]
            };
            let origin = shape
                .step(first, back)
                .filter(|o| from_cells & o.bit() != 0);
            let Some(origin) = origin else {
                return Err(bad(format!(
                    "{} is not crossed by a {mover_name} pawn moving {cells} cells from a start cell (the side to move is {})",
                    if self.ep2.is_some() { format!("{},{}", name(first.slot()), name(ep.slot())) } else { name(ep.slot()) },
                    self.turn.name()
                )));
            };
            let pawn = shape
                .step(ep, ahead)
                .filter(|p| pos.pieces(mover, Role::Pawn) & p.bit() != 0);
            let Some(_) = pawn else {
                return Err(bad(format!(
                    "no {mover_name} pawn on {} (the cell after {})",
                    shape.step(ep, ahead).map_or("-".into(), |c| name(c.slot())),
                    name(ep.slot())
                )));
            };
            if pos.occupied() & (crossed | origin.bit()) != 0 {
                return Err(bad(format!(
                    "{} and {} must be empty after the pawn's move",
                    name(ep.slot()),
                    name(origin.slot())
                )));
            }
            pos.ep = ep.slot() as u8;
            pos.ep2 = self.ep2.map_or(NO_EP, |c| c.slot() as u8);
        }
        Ok(pos)
    }
}

/// The canonical position text (see the module docs).
pub fn write(pos: &Pos) -> String {
    let base = pos.base();
    let shape = base.shape;
    let mut board = String::new();
    for rank in (0..ranks_of(shape)).rev() {
        let mut empty = 0;
        for c in shape_rank_cells(shape, rank) {
            match pos.role_at(c.slot() as u32) {
                None => empty += 1,
                Some(r) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let l = r.letter();
                    board.push(if pos.colors[Color::White] & c.bit() != 0 {
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
    let ep = match (pos.ep, pos.ep2) {
        (NO_EP, _) => "-".to_string(),
        (ep, NO_EP) => shape.slot_name(ep as usize),
        (ep, first) => format!(
            "{},{}",
            shape.slot_name(first as usize),
            shape.slot_name(ep as usize)
        ),
    };
    let turn = turn_char(pos.turn);
    let castling = if base.castlings.is_empty() {
        String::new()
    } else {
        let rights: String = base
            .castlings
            .iter()
            .filter(|c| pos.castling & c.right != 0)
            .map(|c| c.letter)
            .collect();
        if rights.is_empty() {
            "- ".to_string()
        } else {
            rights + " "
        }
    };
    format!(
        "{board} {turn} {castling}{ep} {} {}",
        pos.halfmove, pos.fullmove
    )
}
