//! UCI move syntax and `explain` for `fide` (FIDE-1).
//!
//! A verdict comes from the generator, never from a second statement of
//! the rules: the text is read, the generator feeds a
//! [`Candidates`] sink (the legal moves and every candidate it discards,
//! with the reason), and the text is matched against them. A legal match
//! is played with a [`RuleLog`] (its verdict names FIDE-1, the rule of
//! every effect); a rejected match gives the generator's rule and reason;
//! a text that matches no candidate is a move the piece cannot make, and
//! the verdict says how that piece moves.

use crate::core::bitboard::{bit, tables};
use crate::core::bitchess;
use crate::core::{Candidates, MoveError, RuleLog, Verdict};

use crate::core::Color;

use super::moves::{mv_flag, mv_from, mv_promo, mv_to, Mv, F_CASTLE, F_DOUBLE, F_EP};
use super::notation::sq_name;
use super::position::{PieceSets, Pos, Role};

/// Parses UCI long algebraic notation: `e2e4`, `e7e8q` (promotion letter
/// `q`, `r`, `b` or `n`, lower case). Returns (from, to, promotion role).
///
/// # Errors
/// [`MoveError::Syntax`] saying what is wrong.
pub fn parse_uci(text: &str) -> Result<(u32, u32, Option<Role>), MoveError> {
    bitchess::parse_move::<Pos>(text)
}

/// The verdict on `text` in `pos` (FIDE-1).
///
/// # Errors
/// Only syntax errors.
pub fn explain(pos: &Pos, text: &str) -> Result<Verdict, MoveError> {
    let (from, to, promo) = parse_uci(text)?;
    let mut c = Candidates::default();
    // `Candidates` never stops the generator.
    let _ = pos.generate(&mut c);
    let same = |m: Mv| mv_from(m) == from && mv_to(m) == to && mv_promo(m) == promo;
    if let Some(&m) = c.legal.iter().find(|&&m| same(m)) {
        let mut log = RuleLog::starting_with(&["FIDE-1"]);
        let mut after = *pos;
        after.make(m, &mut log);
        return Ok(Verdict::legal(text, log.into_rules(), legal_reason(m)));
    }
    if let Some((_, why)) = c.rejected.iter().find(|(m, _)| same(*m)) {
        return Ok(Verdict::illegal(
            text,
            why.rules.clone(),
            why.reason.clone(),
        ));
    }
    let reason = no_candidate(pos, &c, from, to, promo);
    Ok(Verdict::illegal(text, vec!["FIDE-1"], reason))
}

/// A legal move in words.
fn legal_reason(m: Mv) -> String {
    let (from, to) = (mv_from(m), mv_to(m));
    match (mv_flag(m), mv_promo(m)) {
        (F_CASTLE, _) => format!(
            "legal castling (the rook goes to {})",
            sq_name(if to > from { from + 1 } else { from - 1 })
        ),
        (F_EP, _) => format!(
            "legal en passant capture of the pawn on {}",
            sq_name((from & 56) | (to & 7))
        ),
        (F_DOUBLE, _) => "legal double step from the pawn's start rank".into(),
        (_, Some(r)) => format!("legal promotion to a {}", r.name()),
        _ => "a legal move".into(),
    }
}

/// Why a text that matches no candidate of the generator is not a move:
/// the game is over, there is no piece to move, the promotion letter does
/// not fit the candidates, or the piece does not move that way (FIDE-1's
/// movement rule for it).
fn no_candidate(pos: &Pos, c: &Candidates<Mv>, from: u32, to: u32, promo: Option<Role>) -> String {
    if c.legal.is_empty() {
        return if pos.checkers() != 0 {
            "the game is over (checkmate)".into()
        } else {
            "the game is over (stalemate)".into()
        };
    }
    let us = pos.turn;
    let Some(role) = pos
        .role_at(from)
        .filter(|_| pos.colors[us] & bit(from) != 0)
    else {
        return format!("no piece of the side to move on {}", sq_name(from));
    };
    let promos: Vec<Option<Role>> = c
        .legal
        .iter()
        .chain(c.rejected.iter().map(|(m, _)| m))
        .filter(|&&m| mv_from(m) == from && mv_to(m) == to)
        .map(|&m| mv_promo(m))
        .collect();
    if !promos.is_empty() {
        return if promo.is_none() {
            "a pawn reaching the last rank must promote (add q, r, b or n)".into()
        } else if promos.contains(&None) {
            "only a pawn reaching the last rank promotes".into()
        } else {
            "no promotion to that piece here".into()
        };
    }
    if pos.colors[us] & bit(to) != 0 {
        return format!("{} holds a piece of the side to move", sq_name(to));
    }
    let t = tables();
    let (f, occ) = (sq_name(from), pos.occupied());
    let open = match role {
        Role::Bishop => t.bishop(from, 0),
        Role::Rook => t.rook(from, 0),
        Role::Queen => t.bishop(from, 0) | t.rook(from, 0),
        _ => 0,
    };
    if open & bit(to) != 0 {
        let blocker = (t.between[from as usize][to as usize] & occ).trailing_zeros();
        return format!(
            "{} is out of the {}'s reach: its line from {f} is blocked on {}",
            sq_name(to),
            role.name(),
            sq_name(blocker)
        );
    }
    let (home, start) = if us == Color::White {
        ("e1", 2)
    } else {
        ("e8", 7)
    };
    match role {
        Role::Pawn => format!(
            "not a pawn move from {f}: a pawn steps one square forward onto an empty square \
             (two from rank {start} over an empty square) and captures one square diagonally \
             forward (en passant: right after a double step)"
        ),
        Role::Knight => {
            "not a knight move: a knight leaps two squares along a rank or file and one \
                   square across"
                .into()
        }
        Role::Bishop => "not a bishop move: a bishop moves along a diagonal".into(),
        Role::Rook => "not a rook move: a rook moves along a rank or file".into(),
        Role::Queen => "not a queen move: a queen moves along a rank, file or diagonal".into(),
        Role::King => format!(
            "not a king move: the king steps one square in any direction, or castles two \
             squares toward a rook from {home}"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Fide, START};
    use crate::core::Explain as _;

    /// Each reason is the generator's rejection of that candidate, or (no
    /// candidate) the movement rule of the piece.
    #[test]
    fn reasons_name_the_failing_condition() {
        let cases = [
            (
                "4k3/8/8/8/8/7b/8/R3K2R w KQ - 0 1",
                "e1g1",
                "castling through an attacked square (f1)",
            ),
            (
                "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
                "e1g1",
                "castling out of check (the king on e1 is attacked)",
            ),
            (
                "4k3/8/8/8/8/8/8/R3K1nR w KQ - 0 1",
                "e1g1",
                "castling with a piece between king and rook (g1)",
            ),
            (
                "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
                "e1g1",
                "castling into check (g1 is attacked)",
            ),
            (
                "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1",
                "e1g1",
                "castling right lost",
            ),
            (
                "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1",
                "e2d3",
                "the bishop on e2 is pinned",
            ),
            (
                "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1",
                "e5d6",
                "en passant exposes the king (with the pawns on e5 and d5 gone",
            ),
            (
                "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
                "e1e2",
                "moves the king into check (e2 is attacked)",
            ),
            (
                "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
                "a1a8",
                "leaves own king in check: the move does not answer the check of the king on e1 by the rook on e2",
            ),
            (
                "4k3/8/8/8/8/5n2/4r3/R3K2R w KQ - 0 1",
                "a1a2",
                "only the king may move",
            ),
            (START, "g1g4", "not a knight move"),
            (
                START,
                "a1a3",
                "a3 is out of the rook's reach: its line from a1 is blocked on a2",
            ),
            (
                START,
                "e2e4q",
                "only a pawn reaching the last rank promotes",
            ),
            (START, "e3e4", "no piece of the side to move on e3"),
            (START, "e2e5", "not a pawn move from e2"),
            ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8", "must promote"),
        ];
        for (fen, mv, want) in cases {
            let v = Fide::from_fen(fen, 0).unwrap().explain(mv).unwrap();
            assert!(!v.legal, "{fen} {mv}");
            assert_eq!(v.rules, ["FIDE-1"], "{fen} {mv}");
            assert!(v.reason.contains(want), "{fen} {mv}: {}", v.reason);
        }
    }

    /// A legal verdict names FIDE-1 once: the base rule and the rule of
    /// every effect of the traced play (capture, castling's rook, ...).
    #[test]
    fn legal_verdicts_come_from_the_traced_play() {
        let g = Fide::from_fen("r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1", 0).unwrap();
        for mv in ["b7a8q", "e1g1", "e1c1", "a1a8", "h1h2"] {
            let v = g.explain(mv).unwrap();
            assert!(v.legal, "{mv}: {v:?}");
            assert_eq!(v.rules, ["FIDE-1"], "{mv}");
        }
        assert!(g
            .explain("e1g1")
            .unwrap()
            .reason
            .contains("rook goes to f1"));
    }
}
