//! Checkers with Bosses position and move texts (G4, G2): a position text
//! is parsed into a raw [`Setup`] (whatever the text said), which becomes a
//! [`Bosses`] position only through `Setup::validate`; `write` prints
//! the canonical text back.
//!
//! # Position text
//!
//! ```text
//! position := board ' ' turn ' ' reserve
//! board    := 8 ranks from rank 8 down, separated by '/'; per square:
//!             digit 1-8      that many empty squares
//!             D | O | C      a man (upper case White, lower case Black)
//!             '(' T ')'      a crowned piece of type T
//!             '[' T hp ']'   a boss of type T with hp (1..N) hit points left
//!             '{' T hp '}'   an uncrowned boss (only with `boss-promotes`)
//! turn     := 'w' | 'b'
//! reserve  := '-' | the bosses in reserve, in the order D O C d o c
//! ```
//! Start position: `2cccc2/oooooooo/dddddddd/8/8/DDDDDDDD/OOOOOOOO/2CCCC2 w DOCdoc`.
//!
//! Validation (G4, G6; field `board` or `reserve`): an uncrowned piece on
//! its far rank; hit points outside 1..N (CWB-8); an uncrowned boss without
//! `boss-promotes` (CWB-11); a boss both on the board and in reserve, two
//! bosses of a type per side, a boss together with ordinary pieces of its
//! type, ordinary pieces of a type whose boss is not in reserve (CWB-7); a
//! side with no piece and no boss in reserve (CWB-10: the game is over, G6).
//!
//! # Move text
//!
//! ```text
//! move  := (drop ',')* path (',' shift)*
//! drop  := T '@' square          (T in the mover's case: D@c3, d@f6), in D, O, C order
//! path  := square '-' square     a step
//!        | square ('x' square)+  a capture series, every landing square
//! shift := square '>' square     a binding shift (CWB-9), ordered by from-square
//!                                (rank by rank from rank 1, files a..h)
//! ```
//! e.g. `D@c3,c3-d4`, `b2xb4xd6`, `e5-d6,a1>b1,c3>d3`.

use crate::core::notation::{parse_board_field, parse_turn, turn_char, write_board_field};
use crate::core::Field;
use crate::core::{Board, ByColor, Color, MoveError, PositionError, Square};
use crate::variants::draughts as dr;

use super::moves::{is_jump, Turn, NO_DROP};
use super::position::{far_rank, Bosses, LETTERS};
use super::CwbRules;

/// One occupied square as the text gives it (not yet checked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The square.
    pub square: Square,
    /// The piece's colour.
    pub color: Color,
    /// Type index: 0 = D, 1 = O, 2 = C.
    pub kind: usize,
    /// The piece is crowned.
    pub crowned: bool,
    /// The piece is a boss.
    pub boss: bool,
    /// Hit points as written (bosses only; may be out of range).
    pub hp: u32,
}

/// The raw content of a position text: syntax checked, meaning not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The pieces in the order of the text.
    pub pieces: Vec<Piece>,
    /// The side to move.
    pub turn: Color,
    /// Bosses in reserve per colour: bit k = type k.
    pub reserve: ByColor<u8>,
}

/// The type index of a letter (either case).
fn kind_of(letter: char) -> Option<usize> {
    LETTERS
        .iter()
        .position(|&l| char::from(l) == letter.to_ascii_uppercase())
}

fn color_of(letter: char) -> Color {
    if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

impl Setup {
    /// Reads a position text (syntax only).
    ///
    /// # Errors
    /// [`PositionError::Syntax`] naming the field (`position`, `board`,
    /// `turn`, `reserve`).
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 3 {
            return Err(PositionError::syntax(
                Field::Fields,
                format!(
                    "expected 3 fields 'board turn reserve', found {}",
                    fields.len()
                ),
            ));
        }
        let (board, cells) = parse_board_field(fields[0])?;
        if board.width != 8 || board.height != 8 {
            return Err(PositionError::syntax(
                Field::Board,
                format!("the board is 8×8, found {}×{}", board.width, board.height),
            ));
        }
        let turn = parse_turn(fields[1])?;
        let mut pieces = Vec::with_capacity(cells.len());
        for cell in &cells {
            pieces.push(Self::read_cell(cell.square, cell.token)?);
        }
        Ok(Setup {
            pieces,
            turn,
            reserve: Self::read_reserve(fields[2])?,
        })
    }

    /// One square's token: `D`, `(D)`, `[D3]`, `{D3}` (either case).
    fn read_cell(square: Square, t: &str) -> Result<Piece, PositionError> {
        let bad = || PositionError::syntax(Field::Board, format!("{square}: unknown token '{t}'"));
        let (inner, crowned, boss) = match t.as_bytes()[0] {
            b'(' => (&t[1..t.len() - 1], true, false),
            b'[' => (&t[1..t.len() - 1], true, true),
            b'{' => (&t[1..t.len() - 1], false, true),
            _ => (t, false, false),
        };
        let mut ch = inner.chars();
        let letter = ch.next().filter(char::is_ascii).ok_or_else(bad)?;
        let kind = kind_of(letter).ok_or_else(bad)?;
        let rest: String = ch.collect();
        let hp: u32 = if boss {
            let digits = !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| rest.parse().ok()).flatten().ok_or_else(|| {
                PositionError::syntax(
                    Field::Board,
                    format!("{square}: a boss needs its hit points, e.g. [D3], found '{t}'"),
                )
            })?
        } else if !rest.is_empty() {
            return Err(bad());
        } else {
            0
        };
        Ok(Piece {
            square,
            color: color_of(letter),
            kind,
            crowned,
            boss,
            hp,
        })
    }

    /// The reserve field: `-` or bosses once each in the order D O C d o c.
    fn read_reserve(res: &str) -> Result<ByColor<u8>, PositionError> {
        let mut reserve = ByColor([0u8; 2]);
        if res == "-" {
            return Ok(reserve);
        }
        let mut last = -1i32;
        for c in res.chars() {
            let kind = Some(c)
                .filter(char::is_ascii)
                .and_then(kind_of)
                .ok_or_else(|| {
                    PositionError::syntax(
                        Field::Reserve,
                        format!("unknown boss '{c}' (expected D O C d o c or '-')"),
                    )
                })?;
            let color = color_of(c);
            let order = color.index() as i32 * 3 + kind as i32;
            if order <= last {
                return Err(PositionError::syntax(
                    Field::Reserve,
                    "bosses must be listed once each, in the order D O C d o c",
                ));
            }
            last = order;
            reserve[color] |= 1 << kind;
        }
        Ok(reserve)
    }

    /// The position the setup describes, if it is possible (G4, G6).
    ///
    /// # Errors
    /// [`PositionError::Invalid`] (field `board` or `reserve`), see the
    /// module docs.
    pub(super) fn validate(self, r: CwbRules) -> Result<Bosses, PositionError> {
        let mut p = Bosses {
            pieces: ByColor([0; 2]),
            kind: [0; 3],
            crowned: 0,
            boss: 0,
            hp: [0; 64],
            reserve: self.reserve,
            turn: self.turn,
            rules: r,
        };
        let mut boss_count = ByColor([[0u8; 3]; 2]);
        for &Piece {
            square: sq,
            color,
            kind: k,
            crowned,
            boss,
            hp,
        } in &self.pieces
        {
            let idx = dr::index(sq);
            let bit = 1u64 << idx;
            if !crowned && far_rank(color) & bit != 0 {
                return Err(PositionError::invalid(
                    Field::Board,
                    format!("{sq}: an uncrowned piece on its far rank"),
                ));
            }
            if boss {
                if hp < 1 || hp > r.hp as u32 {
                    return Err(PositionError::invalid(
                        Field::Board,
                        format!("{sq}: boss hit points {hp} outside 1..{}", r.hp),
                    ));
                }
                if !crowned && !r.boss_promotes {
                    return Err(PositionError::invalid(
                        Field::Board,
                        format!("{sq}: an uncrowned boss needs the option boss-promotes"),
                    ));
                }
                if p.reserve[color] & (1 << k) != 0 {
                    return Err(PositionError::invalid(
                        Field::Reserve,
                        format!(
                            "the {} boss {} is both on the board and in reserve",
                            color.name(),
                            LETTERS[k] as char
                        ),
                    ));
                }
                boss_count[color][k] += 1;
                if boss_count[color][k] > 1 {
                    return Err(PositionError::invalid(
                        Field::Board,
                        format!("more than one {} boss {}", color.name(), LETTERS[k] as char),
                    ));
                }
                p.boss |= bit;
                p.hp[idx as usize] = hp as u8;
            }
            p.pieces[color] |= bit;
            p.kind[k] |= bit;
            if crowned {
                p.crowned |= bit;
            }
        }
        for color in [Color::White, Color::Black] {
            for (k, &letter) in LETTERS.iter().enumerate() {
                let letter = letter as char;
                let ordinary = p.pieces[color] & p.kind[k] & !p.boss;
                if ordinary != 0 && boss_count[color][k] > 0 {
                    return Err(PositionError::invalid(
                        Field::Board,
                        format!(
                            "the {} boss {letter} is on the board together with ordinary pieces of its type",
                            color.name()
                        ),
                    ));
                }
                if ordinary != 0 && p.reserve[color] & (1 << k) == 0 {
                    return Err(PositionError::invalid(
                        Field::Reserve,
                        format!(
                            "{} has ordinary {letter} pieces but that boss is not in reserve",
                            color.name()
                        ),
                    ));
                }
            }
            if p.eliminated(color) {
                return Err(PositionError::invalid(
                    Field::Board,
                    format!(
                        "{} has no piece and no boss left: the game is over (G6)",
                        color.name()
                    ),
                ));
            }
        }
        Ok(p)
    }
}

/// The canonical position text (G4): board, turn, reserve (`-` when
/// empty).
///
/// Also defined for a finished game (CWB-10, G6): after the capture of a
/// side's last boss it prints the final board (the loser has no piece
/// left), the loser as the side to move and what is left in reserve
/// (nothing of the loser's). Such a text is not a valid position:
/// [`Setup::validate`] rejects it (field `board`: "the game is over
/// (G6)"), and [`crate::core::Game::outcome`] names the winner.
pub(super) fn write(p: &Bosses) -> String {
    let board = write_board_field(Board::CHESS, |sq| {
        let i = dr::index(sq);
        let bit = 1u64 << i;
        let white = p.pieces[Color::White] & bit != 0;
        if !white && p.pieces[Color::Black] & bit == 0 {
            return None;
        }
        let mut l = LETTERS[p.kind_at(i)] as char;
        if !white {
            l = l.to_ascii_lowercase();
        }
        let crowned = p.crowned & bit != 0;
        Some(match (p.boss & bit != 0, crowned) {
            (true, true) => format!("[{l}{}]", p.hp[i as usize]),
            (true, false) => format!("{{{l}{}}}", p.hp[i as usize]),
            (false, true) => format!("({l})"),
            (false, false) => l.to_string(),
        })
    });
    let mut res = String::new();
    for c in [Color::White, Color::Black] {
        for (k, &letter) in LETTERS.iter().enumerate() {
            if p.reserve[c] & (1 << k) != 0 {
                let l = letter as char;
                res.push(if c.is_white() {
                    l
                } else {
                    l.to_ascii_lowercase()
                });
            }
        }
    }
    if res.is_empty() {
        res.push('-');
    }
    format!("{board} {} {res}", turn_char(p.turn))
}

/// The canonical text of a turn of the side `mover`: drops (D, O, C
/// order), the path, the shifts (by from-square).
pub(super) fn turn_text(t: &Turn, mover: Color) -> String {
    let mut parts: Vec<String> = Vec::new();
    for (k, &s) in t.drops.iter().enumerate() {
        if s != NO_DROP {
            let l = LETTERS[k] as char;
            let l = if mover.is_white() {
                l
            } else {
                l.to_ascii_lowercase()
            };
            parts.push(format!("{l}@{}", dr::square(s)));
        }
    }
    let jump = t.path.len() > 2 || (t.path.len() == 2 && is_jump(t.path[0], t.path[1]));
    parts.push(
        t.path
            .iter()
            .map(|&s| dr::square(s).to_string())
            .collect::<Vec<_>>()
            .join(if jump { "x" } else { "-" }),
    );
    for &(f, to) in &t.shift {
        parts.push(format!("{}>{}", dr::square(f), dr::square(to)));
    }
    parts.join(",")
}

/// A move text split into its parts (syntax only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct MoveText {
    /// (type index, square) per drop, in the order written.
    pub drops: Vec<(usize, u8)>,
    /// The path (bitboard indices, start first).
    pub path: Vec<u8>,
    /// Whether the path is written as a capture (`x`).
    pub capture: bool,
    /// The shifts (from, to) as written.
    pub shifts: Vec<(u8, u8)>,
}

impl MoveText {
    /// Reads a move text.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] naming what is wrong.
    pub fn parse(text: &str) -> Result<MoveText, MoveError> {
        let bad = |m: &str| MoveError::syntax(text, m);
        let sq = |s: &str| {
            Square::parse(s)
                .filter(|q| q.file() < 8 && q.rank() < 8)
                .map(dr::index)
                .ok_or_else(|| bad(&format!("'{s}' is not a square a1..h8")))
        };
        let mut m = MoveText::default();
        for part in text.split(',') {
            if let Some((p, s)) = part.split_once('@') {
                if !m.path.is_empty() || p.len() != 1 || !"DOCdoc".contains(p) {
                    return Err(bad(
                        "a drop is 'T@square' (T one of D O C, lower case for Black) before the path",
                    ));
                }
                let kind = p.chars().next().and_then(kind_of).unwrap_or(0);
                m.drops.push((kind, sq(s)?));
            } else if let Some((a, b)) = part.split_once('>') {
                if m.path.is_empty() {
                    return Err(bad("a shift 'a>b' comes after the path"));
                }
                m.shifts.push((sq(a)?, sq(b)?));
            } else {
                if !m.path.is_empty() {
                    return Err(bad("one path per move"));
                }
                m.capture = part.contains('x');
                let squares: Vec<&str> = if m.capture {
                    part.split('x').collect()
                } else {
                    part.split('-').collect()
                };
                if squares.len() < 2
                    || (!m.capture && squares.len() != 2)
                    || (m.capture && part.contains('-'))
                {
                    return Err(bad("a path is 'a-b' or 'axbx...'"));
                }
                for s in squares {
                    m.path.push(sq(s)?);
                }
            }
        }
        if m.path.is_empty() {
            return Err(bad("no path: a turn always moves a piece (CWB-7)"));
        }
        Ok(m)
    }
}
