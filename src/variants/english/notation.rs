//! English position and move texts (G4, G2): a position text is parsed
//! into a raw [`Setup`] (whatever the text said), which becomes an
//! [`English`] position only through `Setup::validate`; the canonical
//! text is printed back by `write`.
//!
//! # Position text (PDN FEN, what PDN tools and pydraughts use)
//!
//! ```text
//! position := turn ':' side ':' side ['.']
//! turn     := 'B' | 'W'                      (side to move)
//! side     := ('W' | 'B') [item (',' item)*] (each colour exactly once)
//! item     := ['K'] number | number '-' number   (a range: men only)
//! number   := 1..32                          (standard numbering: 1 = b8,
//!                                             4 = h8, 29 = a1, 32 = g1)
//! ```
//! Canonical text: turn, then White's list then Black's, squares ascending,
//! kings prefixed `K`, no ranges, e.g. the start position
//! `B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12`.
//! Validation (G4, ENG-1): a number outside 1..32 is a square off the dark
//! squares; a square listed twice; a man on its own far rank (White men on
//! 1–4, Black men on 29–32).
//!
//! # Move text
//!
//! A step `11-15`; a capture series as its full path `22x15x6` (every
//! landing square, G2). `parse_move` also accepts the short PDN form
//! `from x to` when exactly one series matches.

use crate::core::Field;
use crate::core::{ByColor, Color, MoveError, PositionError};

use super::position::{English, RANK1, RANK8};
use super::EngRules;

/// The bitboard index of PDN square `n` (1..=32).
pub fn pdn_to_index(n: u8) -> u8 {
    let row = (n - 1) / 4; // from the top
    let k = (n - 1) % 4;
    let rank = 7 - row;
    let file = 2 * k + u8::from(row & 1 == 0);
    rank * 8 + file
}

/// The PDN number of a dark square's bitboard index.
pub fn index_to_pdn(idx: u8) -> u8 {
    let rank = idx / 8;
    let file = idx % 8;
    let row = 7 - rank;
    row * 4 + file / 2 + 1
}

/// One piece as the text gives it (not yet checked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// The piece's colour.
    pub color: Color,
    /// The PDN number as written (may be off the board).
    pub number: u32,
    /// The piece is a king.
    pub king: bool,
}

/// The raw content of a position text: syntax checked, meaning not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The side to move.
    pub turn: Color,
    /// Pieces in the order of the text (ranges expanded).
    pub items: Vec<Item>,
}

impl Setup {
    /// Reads a position text (syntax only).
    ///
    /// # Errors
    /// [`PositionError::Syntax`] naming the field (`position`, `turn`,
    /// `pieces`, `white`, `black`).
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        let text = text.trim().trim_end_matches('.');
        let fields: Vec<&str> = text.split(':').collect();
        if fields.len() != 3 {
            return Err(PositionError::syntax(
                Field::Fields,
                format!(
                    "expected 'turn:W...:B...' (3 fields separated by ':'), found {} fields",
                    fields.len()
                ),
            ));
        }
        let turn = match fields[0].trim() {
            "B" => Color::Black,
            "W" => Color::White,
            t => {
                return Err(PositionError::syntax(
                    Field::Turn,
                    format!("expected 'B' or 'W', found '{t}'"),
                ))
            }
        };
        let mut setup = Setup {
            turn,
            items: Vec::new(),
        };
        let mut seen = ByColor([false; 2]);
        for f in &fields[1..] {
            let f = f.trim();
            let (color, field) = match f.chars().next() {
                Some('W') => (Color::White, Field::Pieces(Color::White)),
                Some('B') => (Color::Black, Field::Pieces(Color::Black)),
                _ => {
                    return Err(PositionError::syntax(
                        Field::Fields,
                        format!("a piece list must start with 'W' or 'B', found '{f}'"),
                    ))
                }
            };
            if seen[color] {
                return Err(PositionError::syntax(field, "piece list given twice"));
            }
            seen[color] = true;
            let body = &f[1..];
            if body.is_empty() {
                continue;
            }
            for item in body.split(',') {
                setup.read_item(color, field, item.trim())?;
            }
        }
        Ok(setup)
    }

    /// One item of a piece list: `[K]n` or a range of men `a-b`.
    fn read_item(&mut self, color: Color, field: Field, item: &str) -> Result<(), PositionError> {
        let (king, num) = match item.strip_prefix('K') {
            Some(rest) => (true, rest),
            None => (false, item),
        };
        let parse_num = |s: &str| -> Result<u32, PositionError> {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 3 {
                return Err(PositionError::syntax(field, format!("bad square '{item}'")));
            }
            s.parse()
                .map_err(|_| PositionError::syntax(field, format!("bad square '{item}'")))
        };
        if let Some((a, b)) = num.split_once('-') {
            if king {
                return Err(PositionError::syntax(
                    field,
                    format!("a range cannot be kings: '{item}'"),
                ));
            }
            let (a, b) = (parse_num(a)?, parse_num(b)?);
            if a > b {
                return Err(PositionError::syntax(
                    field,
                    format!("empty range '{item}'"),
                ));
            }
            for number in a..=b.min(a + 64) {
                self.items.push(Item {
                    color,
                    number,
                    king: false,
                });
            }
        } else {
            self.items.push(Item {
                color,
                number: parse_num(num)?,
                king,
            });
        }
        Ok(())
    }

    /// The position the setup describes, if it is possible (G4, ENG-1).
    ///
    /// # Errors
    /// [`PositionError::Invalid`] (field `white` or `black`): a square off
    /// the 32 dark squares, a square given twice, a man on its far rank.
    pub(super) fn validate(self, rules: EngRules) -> Result<English, PositionError> {
        let mut pieces = ByColor([0u64; 2]);
        let mut kings = 0;
        for Item {
            color,
            number: n,
            king,
        } in self.items
        {
            let field = Field::Pieces(color);
            if !(1..=32).contains(&n) {
                return Err(PositionError::invalid(
                    field,
                    format!("square {n} is not one of the 32 dark squares (1..32)"),
                ));
            }
            let bit = 1u64 << pdn_to_index(n as u8);
            if (pieces[Color::White] | pieces[Color::Black]) & bit != 0 {
                return Err(PositionError::invalid(
                    field,
                    format!("square {n} is occupied twice"),
                ));
            }
            let far = if color.is_white() { RANK8 } else { RANK1 };
            if !king && far & bit != 0 {
                return Err(PositionError::invalid(
                    field,
                    format!("a man on square {n}, its far rank (it would be a king)"),
                ));
            }
            pieces[color] |= bit;
            if king {
                kings |= bit;
            }
        }
        let me = self.turn;
        Ok(English {
            us: pieces[me],
            them: pieces[me.other()],
            kings,
            turn: self.turn,
            rules,
        })
    }
}

/// The canonical position text (G4): turn, White's list, Black's list,
/// squares ascending, kings prefixed `K`.
pub(super) fn write(pos: &English) -> String {
    let mut s = String::new();
    s.push(if pos.turn.is_white() { 'W' } else { 'B' });
    for (c, letter) in [(Color::White, 'W'), (Color::Black, 'B')] {
        s.push(':');
        s.push(letter);
        let mut items: Vec<(u8, bool)> = Vec::new();
        let mut bb = pos.pieces(c);
        while bb != 0 {
            let i = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            items.push((index_to_pdn(i), pos.kings & (1 << i) != 0));
        }
        items.sort_unstable();
        let list: Vec<String> = items
            .iter()
            .map(|&(n, k)| if k { format!("K{n}") } else { n.to_string() })
            .collect();
        s.push_str(&list.join(","));
    }
    s
}

/// The text of a path (bitboard indices, start first): `a-b` for a step,
/// `axbx...` for a capture series.
pub(super) fn path_text(path: &[u8]) -> String {
    let jump = path.len() > 2 || (path.len() == 2 && path[0].abs_diff(path[1]) > 9);
    let sep = if jump { "x" } else { "-" };
    path.iter()
        .map(|&i| index_to_pdn(i).to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

/// Reads `a-b` / `axbx..` into PDN numbers and whether it is a capture.
///
/// # Errors
/// [`MoveError::Syntax`] for anything else.
pub(super) fn parse_path(text: &str) -> Result<(Vec<u8>, bool), MoveError> {
    let capture = text.contains('x');
    let parts: Vec<&str> = if capture {
        text.split('x').collect()
    } else {
        text.split('-').collect()
    };
    if parts.len() < 2 || (!capture && parts.len() != 2) || (capture && text.contains('-')) {
        return Err(MoveError::syntax(
            text,
            "expected 'a-b' or 'axbx...' with squares 1..32",
        ));
    }
    let mut out = Vec::new();
    for p in parts {
        let n: u8 = p
            .parse()
            .ok()
            .filter(|n| {
                (1..=32).contains(n) && !p.starts_with('0') && p.bytes().all(|b| b.is_ascii_digit())
            })
            .ok_or_else(|| MoveError::syntax(text, format!("'{p}' is not a square 1..32")))?;
        out.push(n);
    }
    Ok((out, capture))
}
