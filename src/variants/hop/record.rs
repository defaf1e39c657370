//! HOP-8: reading move texts — the canonical text and the documents'
//! game-record notation — against the legal turns.
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
//! and/or rank before the destination disambiguates. SAN's `x` is
//! accepted for `:`.
//!
//! Check marks (HOP-8 [3.3]): `+` (or `#`) may follow either part and must
//! be true where it is written. After the piece part it asserts check
//! after the piece move, with both trampolines where they then stand (the
//! mover's own not yet placed); after the placement, check after the whole
//! turn; absent, it asserts nothing. The marks take part in matching: the
//! candidates whose marks are false are dropped, then ambiguity is judged.
//!
//! A token fails as "no legal move matches", "several legal moves match"
//! (listing them; [`MoveError::Ambiguous`]) or "check mark wrong". Matches
//! that differ only in the hop path are several moves (G2 [3.3]).
//!
//! Omitted promotion piece (HOP-8 [3.3]): a token whose matches differ in
//! nothing but the promotion piece, which it does not write, is settled by
//! the record's later tokens ([`Hop::read_game`], look-ahead in
//! `Hop::settle`): each candidate is played and the following
//! tokens are read after it, in step; the candidate whose readings alone
//! survive a token (typically the token that names the promoted piece:
//! `Qb2`, or `K:Q` capturing it) is the piece. Undecided at the end of the
//! record, when every reading fails at the same token, or beyond
//! [`LOOKAHEAD_READINGS`] readings: "several legal moves match". A single
//! token read alone ([`crate::core::Explain::parse_move`], `explain`) has no
//! later tokens: there an omitted piece is always ambiguous.

use super::moves::PieceMove;
use super::moves::Turn;
use super::notation::piece_from_char;
use super::*;
use crate::core::{Game, MoveError};

/// What a move text says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pattern {
    /// `Some(true)`: O-O, `Some(false)`: O-O-O.
    pub castle: Option<bool>,
    /// Piece kind (pawn when no letter).
    pub piece: u8,
    /// Full path form: every square.
    pub path: Option<Vec<u8>>,
    /// Disambiguating start file (0 = a), if given.
    pub from_file: Option<u8>,
    /// Disambiguating start rank (0 = rank 1), if given.
    pub from_rank: Option<u8>,
    /// Destination square, if given.
    pub dest: Option<u8>,
    /// Kind of the captured piece (`e:Q`).
    pub captured: Option<u8>,
    /// The text marks a capture (`:` or `x`).
    pub capture: bool,
    /// Promotion piece kind, if given.
    pub promo: Option<u8>,
    /// A `+`/`#` after the piece part: check after the piece move (HOP-8).
    pub check_piece: bool,
    /// Trampoline placement square, if given (`@<square>` part).
    pub place: Option<u8>,
    /// A `+`/`#` after the placement: check after the whole turn (HOP-8).
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

/// Why a text does not resolve to exactly one legal turn.
#[derive(Clone, Debug)]
pub enum Unresolved {
    /// No legal move matches; `piece_ok`: some matches the piece part
    /// (the placement is what fails).
    NoMatch {
        /// Some legal move matches the piece part.
        piece_ok: bool,
    },
    /// Matches, but no candidate has the check the text asserts.
    CheckMark(Vec<Turn>),
    /// Several legal turns match.
    Several(Vec<Turn>),
}

/// What one record token reads as in a position.
#[derive(Clone, Debug)]
pub enum Read {
    /// Exactly one legal turn.
    One(Turn),
    /// Several legal turns that differ only in the promotion piece, which
    /// the token does not write: the rest of the record settles it
    /// ([`Hop::read_game`]).
    Promotions(Vec<Turn>),
}

/// The most readings a look-ahead follows at once (each omitted promotion
/// piece inside a look-ahead multiplies them by up to four).
pub const LOOKAHEAD_READINGS: usize = 64;

/// Whether the turns differ in nothing but the promotion piece.
fn only_promotion_differs(ts: &[Turn]) -> bool {
    let key = |t: &Turn| {
        let mut k = *t;
        k.piece.promo = 0;
        k
    };
    ts.iter()
        .all(|t| t.piece.promo != 0 && key(t) == key(&ts[0]))
}

impl Hop {
    /// Whether the piece part of `pat` names the piece move `pm`.
    pub(super) fn piece_part_matches(&self, pat: &Pattern, pm: &PieceMove) -> bool {
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

    /// Whether the check marks of `pat` hold for the turn `t` (HOP-8): a
    /// `+` after the piece part asserts check after the piece move, both
    /// trampolines where they then stand (the mover's not yet placed); a
    /// `+` after the placement asserts check after the whole turn; no `+`
    /// asserts nothing.
    fn check_marks_hold(&self, pat: &Pattern, t: &Turn) -> bool {
        if !pat.check_piece && !pat.check_place {
            return true;
        }
        let them = self.turn.other();
        let mut c = self.clone();
        c.apply_piece(&t.piece);
        if pat.check_piece && !c.in_check(them) {
            return false;
        }
        if t.place != NONE {
            c.tramp[side(self.turn)] = t.place;
        }
        !pat.check_place || c.in_check(them)
    }

    /// Resolves a parsed text against the legal turns (module docs).
    ///
    /// # Errors
    /// Why no single turn matches.
    pub fn resolve(&self, pat: &Pattern) -> Result<Turn, Unresolved> {
        let by_piece: Vec<Turn> = Game::legal_moves(self)
            .into_iter()
            .filter(|t| self.piece_part_matches(pat, &t.piece))
            .collect();
        let piece_ok = !by_piece.is_empty();
        let placed: Vec<Turn> = by_piece
            .into_iter()
            .filter(|t| pat.place.is_none_or(|p| p == t.place))
            .collect();
        if placed.is_empty() {
            return Err(Unresolved::NoMatch { piece_ok });
        }
        let checked: Vec<Turn> = placed
            .iter()
            .filter(|t| self.check_marks_hold(pat, t))
            .copied()
            .collect();
        match checked[..] {
            [] => Err(Unresolved::CheckMark(placed)),
            [one] => Ok(one),
            _ => Err(Unresolved::Several(checked)),
        }
    }

    /// Reads one token on its own (HOP-8).
    ///
    /// # Errors
    /// As [`crate::core::Explain::parse_move`]: syntax, game over, "no legal move
    /// matches", "several legal moves match" (hop paths, placements or a
    /// written-out ambiguity; not an omitted promotion piece, which is
    /// [`Read::Promotions`]), "check mark wrong".
    pub fn read(&self, text: &str) -> Result<Read, MoveError> {
        let text = text.trim();
        let pat = parse_pattern(text)?;
        if Game::outcome(self).is_some() {
            return Err(MoveError::GameOver {
                text: text.to_string(),
            });
        }
        match self.resolve(&pat) {
            Ok(t) => Ok(Read::One(t)),
            Err(Unresolved::Several(ts)) if pat.promo.is_none() && only_promotion_differs(&ts) => {
                Ok(Read::Promotions(ts))
            }
            Err(u) => Err(self.failure(text, &pat, u)),
        }
    }

    /// Reads a game record played from this position (HOP-8), settling
    /// omitted promotion pieces by look-ahead (`Hop::settle`).
    ///
    /// # Errors
    /// The 0-based index of the first token that cannot be read, and why.
    pub fn read_game(&self, texts: &[String]) -> Result<Vec<Turn>, (usize, MoveError)> {
        let mut pos = self.clone();
        let mut out = Vec::with_capacity(texts.len());
        for (i, text) in texts.iter().enumerate() {
            let t = match pos.read(text).map_err(|e| (i, e))? {
                Read::One(t) => t,
                Read::Promotions(cands) => pos
                    .settle(text.trim(), &cands, &texts[i + 1..])
                    .map_err(|e| (i, e))?,
            };
            pos.play_turn(&t);
            out.push(t);
        }
        Ok(out)
    }

    /// HOP-8 look-ahead: `cands` are the turns a token matches, differing
    /// only in the omitted promotion piece. Each candidate is played and
    /// the following tokens `rest` are read after it, one token at a time
    /// and in step for all candidates (an omitted promotion piece inside
    /// the look-ahead splits that reading into one per piece). A reading
    /// ends at the first token it cannot read (no match, several matches,
    /// check mark wrong, game over). The candidate whose readings alone
    /// survive a token is the promotion piece; the look-ahead stops there.
    ///
    /// # Errors
    /// "Several legal moves match" (the candidates) when no later token
    /// decides: the record ends with readings of two or more candidates
    /// alive, every reading fails at the same token, or more than
    /// [`LOOKAHEAD_READINGS`] readings would be followed at once.
    fn settle(&self, text: &str, cands: &[Turn], rest: &[String]) -> Result<Turn, MoveError> {
        let mut live: Vec<(usize, Hop)> = cands
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let mut p = self.clone();
                p.play_turn(t);
                (i, p)
            })
            .collect();
        for token in rest {
            let mut next: Vec<(usize, Hop)> = Vec::new();
            for (root, p) in &live {
                let turns = match p.read(token) {
                    Ok(Read::One(t)) => vec![t],
                    Ok(Read::Promotions(ts)) => ts,
                    Err(_) => continue,
                };
                for t in turns {
                    let mut q = p.clone();
                    q.play_turn(&t);
                    if !next.iter().any(|(r, x)| r == root && *x == q) {
                        next.push((*root, q));
                    }
                }
            }
            let mut roots: Vec<usize> = next.iter().map(|(r, _)| *r).collect();
            roots.sort_unstable();
            roots.dedup();
            match roots[..] {
                [only] => return Ok(cands[only]),
                [] => break,
                _ if next.len() > LOOKAHEAD_READINGS => break,
                _ => live = next,
            }
        }
        Err(MoveError::Ambiguous {
            text: text.to_string(),
            candidates: cands.iter().map(|t| self.text_of(t)).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};
    use crate::variants::hop::notation::parse_position;

    /// White promotes on b8 and d8, Black on g1 and e1 (then e2 stays).
    const FOUR_PAWNS: &str = "8/1P1P4/8/7k/8/K7/4p1p1/8 w - - 0 40 c5 f4";

    fn read(texts: &[&str]) -> Result<Vec<Turn>, (usize, MoveError)> {
        let p = parse_position(FOUR_PAWNS, HopRules::default()).unwrap();
        let texts: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
        p.read_game(&texts)
    }

    /// Three omitted promotion pieces in a row: 4 × 4 × 4 readings, at
    /// most [`LOOKAHEAD_READINGS`], so each is settled by its later token.
    #[test]
    fn three_nested_promotions_are_settled() {
        let turns = read(&[
            "b8 c5",
            "g1 f4",
            "d8 c5",
            "Kg6 f4",
            "Qb2 c5",
            "Rg5 f4",
            "Bd8-a5 c5",
        ])
        .unwrap();
        let promos: Vec<u8> = turns.iter().map(|t| t.piece.promo).collect();
        assert_eq!(promos[..3], [QUEEN, ROOK, BISHOP]);
    }

    /// A fourth one would need 256 readings: the look-ahead stops and the
    /// first promotion is "several legal moves match", although the record
    /// goes on to name the piece.
    #[test]
    fn too_many_readings_leave_the_promotion_undecided() {
        let (ply, e) = read(&["b8 c5", "g1 f4", "d8 c5", "e1 f4", "Qb2 c5"]).unwrap_err();
        assert_eq!(ply, 0);
        assert!(
            matches!(e, MoveError::Ambiguous { ref candidates, .. } if candidates.len() == 4),
            "{e}"
        );
    }

    /// A token with a written promotion piece needs no look-ahead; the
    /// same token without one alone (`parse_move`) is ambiguous.
    #[test]
    fn written_promotion_piece_reads_alone() {
        let p = parse_position(FOUR_PAWNS, HopRules::default()).unwrap();
        let t = crate::core::Explain::parse_move(&p, "b8=N c5").unwrap();
        assert_eq!(t.piece.promo, KNIGHT);
        assert!(matches!(
            crate::core::Explain::parse_move(&p, "b8 c5"),
            Err(MoveError::Ambiguous { .. })
        ));
    }
}
