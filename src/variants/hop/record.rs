//! HOP-8: reading move texts — the canonical text and the documents'
//! game-record notation — against the legal moves.
//!
//! A turn is a piece part, then (except on White's first turn) a placement
//! part, separated by white space or `@`:
//!
//! ```text
//! turn       := piece-part [ (WS | "@") placement ]
//! placement  := square [check]
//! piece-part := castling [check]
//!             | [piece] square ( ("-" | ":") square [promo] )+ [check]   -- full path
//!             | [piece] [file] [rank] [":"] (square | piece) [promo] [check] -- record
//! castling   := "O-O" | "O-O-O" | "0-0" | "0-0-0"
//! piece      := "K" | "Q" | "R" | "B" | "N" | "P"
//! promo      := "=" ("Q" | "R" | "B" | "N")
//! check      := "+" | "#"
//! ```
//!
//! Record tokens (`e4`, `Nf6 d5`, `B:f6 e5`, `e:Q+ f3`, `Nce2 f3`): the hop
//! path is not written; `:` marks a capture (required exactly for captures)
//! and may name the captured piece instead of its square (`e:Q`); a file
//! and/or rank before the destination disambiguates; an omitted promotion
//! piece matches every promotion. `+` may follow either part: after the
//! piece part it says the opponent is in check after the piece move (the
//! own trampoline still where it stood), after the placement that he is in
//! check after the whole turn; absent, it asserts nothing. A token fails as
//! "no legal move matches", "several legal moves match" (listing them) or
//! "check mark wrong". SAN's `x` is accepted for `:`.

use super::hops::PieceMove;
use super::notation::piece_from_char;
use super::*;
use crate::core::MoveError;

/// What a move text says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pattern {
    /// `Some(true)`: O-O, `Some(false)`: O-O-O.
    pub castle: Option<bool>,
    /// Piece kind (pawn when no letter).
    pub piece: u8,
    /// Full path form: every square.
    pub path: Option<Vec<u8>>,
    pub from_file: Option<u8>,
    pub from_rank: Option<u8>,
    pub dest: Option<u8>,
    /// Kind of the captured piece (`e:Q`).
    pub captured: Option<u8>,
    pub capture: bool,
    pub promo: Option<u8>,
    pub check_piece: bool,
    pub place: Option<u8>,
    pub check_place: bool,
}

fn square(text: &str) -> Option<u8> {
    crate::core::Board::CHESS.parse_square(text).map(|s| s.0)
}

fn strip_check(t: &str) -> (&str, bool) {
    match t.strip_suffix('+').or_else(|| t.strip_suffix('#')) {
        Some(r) => (r, true),
        None => (t, false),
    }
}

/// Parses a move text (syntax only).
///
/// # Errors
/// [`MoveError::Syntax`] saying what is wrong.
pub fn parse_pattern(text: &str) -> Result<Pattern, MoveError> {
    let text = text.trim();
    let bad = |m: &str| MoveError::syntax(text, m);
    if text.is_empty() {
        return Err(bad("empty move"));
    }
    let (piece_part, place_part) = if let Some((a, b)) = text.split_once('@') {
        (a.trim(), Some(b.trim()))
    } else {
        let mut it = text.split_whitespace();
        let a = it.next().unwrap_or("");
        let b = it.next();
        if it.next().is_some() {
            return Err(bad("a turn is at most a piece move and a placement square"));
        }
        (a, b)
    };
    let mut pat = Pattern {
        piece: PAWN,
        ..Default::default()
    };
    if let Some(p) = place_part {
        let (sq, chk) = strip_check(p);
        pat.place =
            Some(square(sq).ok_or_else(|| bad(&format!("placement '{p}' is not a square")))?);
        pat.check_place = chk;
    }
    // SAN's `x` is read as the capture mark `:` (no file is called x).
    let piece_part_owned = piece_part.replace('x', ":");
    let (body, chk) = strip_check(&piece_part_owned);
    pat.check_piece = chk;
    match body {
        "O-O" | "0-0" => {
            pat.castle = Some(true);
            return Ok(pat);
        }
        "O-O-O" | "0-0-0" => {
            pat.castle = Some(false);
            return Ok(pat);
        }
        _ => {}
    }
    let mut rest = body;
    if let Some(c) = rest.chars().next() {
        if "KQRBNP".contains(c) {
            pat.piece = piece_from_char(c).map(kind).unwrap_or(PAWN);
            rest = &rest[1..];
        }
    }
    if !rest.is_ascii() || rest.is_empty() {
        return Err(bad("expected squares after the piece letter"));
    }
    // Full path form: a square followed by '-' or ':' and a square.
    let full = rest.len() >= 5
        && square(&rest[..2]).is_some()
        && matches!(&rest[2..3], "-" | ":")
        && square(&rest[3..5]).is_some();
    if full {
        let mut path = vec![square(&rest[..2]).unwrap_or(0)];
        let mut r = &rest[2..];
        while !r.is_empty() {
            let sep = &r[..1];
            if sep != "-" && sep != ":" {
                return Err(bad(&format!("expected '-' or ':' before '{r}'")));
            }
            if pat.capture {
                return Err(bad("':' (capture) only before the last square"));
            }
            pat.capture = sep == ":";
            let sq = r
                .get(1..3)
                .and_then(square)
                .ok_or_else(|| bad(&format!("expected a square in '{r}'")))?;
            path.push(sq);
            r = &r[3..];
            if let Some(p) = r.strip_prefix('=') {
                let k = p
                    .chars()
                    .next()
                    .and_then(|c| piece_from_char(c.to_ascii_uppercase()))
                    .map(kind);
                match k {
                    Some(k) if (KNIGHT..=QUEEN).contains(&k) => pat.promo = Some(k),
                    _ => return Err(bad("promotion must be =Q, =R, =B or =N")),
                }
                r = &p[1..];
            }
        }
        if path.len() > 6 {
            return Err(bad("path too long"));
        }
        pat.path = Some(path);
        return Ok(pat);
    }
    // Record form.
    let mut r = rest;
    if let Some(i) = r.find('=') {
        let k = r[i + 1..]
            .chars()
            .next()
            .and_then(piece_from_char)
            .map(kind);
        match k {
            Some(k) if (KNIGHT..=QUEEN).contains(&k) && r.len() == i + 2 => pat.promo = Some(k),
            _ => return Err(bad("promotion must be =Q, =R, =B or =N at the end")),
        }
        r = &r[..i];
    }
    let (dis, target) = match r.split_once(':') {
        Some((a, b)) => {
            pat.capture = true;
            (a, b)
        }
        None => {
            if r.len() < 2 {
                return Err(bad("expected a destination square"));
            }
            (&r[..r.len() - 2], &r[r.len() - 2..])
        }
    };
    if let Some(sq) = square(target) {
        pat.dest = Some(sq);
    } else if pat.capture && target.len() == 1 && "KQRBNP".contains(target) {
        pat.captured = piece_from_char(target.chars().next().unwrap_or('P')).map(kind);
    } else {
        return Err(bad(&format!(
            "'{target}' is neither a square nor a piece letter"
        )));
    }
    for c in dis.chars() {
        match c {
            'a'..='h' if pat.from_file.is_none() && pat.from_rank.is_none() => {
                pat.from_file = Some(c as u8 - b'a')
            }
            '1'..='8' if pat.from_rank.is_none() => pat.from_rank = Some(c as u8 - b'1'),
            _ => return Err(bad(&format!("bad disambiguation '{dis}'"))),
        }
    }
    Ok(pat)
}

/// How a text resolves against the legal moves.
#[derive(Clone, Debug)]
pub enum Resolution {
    One(PieceMove, u8),
    /// No legal move matches; `piece_ok`: some matches the piece part
    /// (the placement is what fails).
    NoMatch {
        piece_ok: bool,
    },
    /// Matches, but no candidate has the check the text asserts.
    CheckMark(Vec<String>),
    Several(Vec<String>),
}

impl Position {
    fn piece_part_matches(&self, pat: &Pattern, pm: &PieceMove) -> bool {
        if let Some(short) = pat.castle {
            return pm.castle != NONE && (pm.castle & 7 == 7) == short;
        }
        if pm.castle != NONE {
            return false;
        }
        let from = pm.from();
        let to = pm.to();
        if kind(self.board[from as usize]) != pat.piece || pat.capture != pm.capture {
            return false;
        }
        if let Some(pr) = pat.promo {
            if pm.promo != pr {
                return false;
            }
        }
        if let Some(path) = &pat.path {
            return path.len() == pm.len as usize && path[..] == pm.path[..pm.len as usize];
        }
        if pat.dest.is_some_and(|d| d != to) {
            return false;
        }
        if let Some(k) = pat.captured {
            let victim = if pm.ep {
                PAWN
            } else {
                kind(self.board[to as usize])
            };
            if victim != k {
                return false;
            }
        }
        pat.from_file.is_none_or(|f| from & 7 == f) && pat.from_rank.is_none_or(|r| from >> 4 == r)
    }

    /// Resolves a parsed text against the legal turns (module docs).
    pub fn resolve(&self, pat: &Pattern) -> Resolution {
        let mut by_piece: Vec<(PieceMove, u8)> = Vec::new();
        self.turns(&mut |pm, place| {
            if self.piece_part_matches(pat, pm) {
                by_piece.push((*pm, place));
            }
        });
        let piece_ok = !by_piece.is_empty();
        let placed: Vec<(PieceMove, u8)> = by_piece
            .into_iter()
            .filter(|&(_, pl)| pat.place.is_none_or(|p| p == pl))
            .collect();
        if placed.is_empty() {
            return Resolution::NoMatch { piece_ok };
        }
        let them = self.turn.other();
        let checked: Vec<(PieceMove, u8)> = placed
            .iter()
            .copied()
            .filter(|(pm, pl)| {
                let mut c = self.clone();
                c.apply_piece(pm);
                if pat.check_piece && !c.in_check(them) {
                    return false;
                }
                if *pl != NONE {
                    c.tramp[side(self.turn)] = *pl;
                }
                !pat.check_place || c.in_check(them)
            })
            .collect();
        if checked.is_empty() {
            return Resolution::CheckMark(
                placed
                    .iter()
                    .map(|(pm, pl)| self.text_of(pm, *pl))
                    .collect(),
            );
        }
        if checked.len() > 1 {
            return Resolution::Several(
                checked
                    .iter()
                    .map(|(pm, pl)| self.text_of(pm, *pl))
                    .collect(),
            );
        }
        Resolution::One(checked[0].0, checked[0].1)
    }
}
