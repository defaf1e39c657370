//! `explain` of `crazy`: verdicts from the generator and from play. A
//! legal move is played with a [`RuleLog`] (its base rule, then every
//! rule whose effect happened, in order, [`Crazy::play_traced`]); a
//! rejected candidate (and `deny`) carries the rule and reason the
//! generator gave; a text that matches no candidate names the movement
//! rules of the piece it starts with (CRZ-K1, CRZ-N1, CRZ-P1, CRZ-Q1,
//! CRZ-R1, CRZ-B1, CRZ-R2, CRZ-R3, CRZ-V).

use crate::core::{Candidates, Game, MoveError, RuleLog, Verdict};

use super::board::*;
use super::notation;
use super::Crazy;

/// The verdict on a move text in this position.
pub(super) fn explain(g: &Crazy, text: &str) -> Result<Verdict, MoveError> {
    let text = text.trim();
    notation::check_syntax(text)?;
    let mut found = Candidates::default();
    let _ = Game::generate(g, &mut found);
    if let Some(m) = found.legal.iter().find(|m| m.text() == text) {
        let mut log = RuleLog::default();
        g.clone().play_traced(m, &mut log);
        return Ok(Verdict::legal(text, log.into_rules(), "a legal move"));
    }
    if let Some((_, why)) = found.rejected.into_iter().find(|(m, _)| m.text() == text) {
        return Ok(Verdict::illegal(text, why.rules, why.reason));
    }
    if g.king_missing() {
        return Ok(Verdict::illegal(text, vec!["G6"], "the game is over"));
    }
    let (rules, reason) = g.why_no_move(text);
    Ok(Verdict::illegal(text, rules, reason))
}

impl Crazy {
    /// The movement rules of the piece a move text starts with, for an
    /// illegal verdict (`explain`).
    fn why_no_move(&self, text: &str) -> (Vec<&'static str>, String) {
        let Some((sq, n)) = crate::core::geometry::Square::parse_prefix(text) else {
            return (vec!["CRZ-V"], "no such square".into());
        };
        let level = text[n..]
            .strip_prefix('@')
            .map(|r| {
                r.chars()
                    .take_while(char::is_ascii_digit)
                    .collect::<String>()
                    .parse::<usize>()
                    .unwrap_or(usize::MAX)
            })
            .unwrap_or(0);
        let piece = self.core.b[idx(sq)].pieces().get(level).copied();
        let Some(p) = piece.filter(|&p| color(p) == self.core.turn) else {
            let rule = if level > 0 { "CRZ-R3" } else { "FIDE-1" };
            return (
                vec![rule],
                format!("no piece of the side to move at {sq} level {level}"),
            );
        };
        match kind(p) {
            KING if text.contains('*') || text.contains('~') => (vec!["CRZ-K1"], "a king only steps".into()),
            KING => (vec!["CRZ-K1", "CRZ-K3", "CRZ-R2"], "a king move is exactly two king steps (or castling and a step) onto empty squares, enemy bases or rooks".into()),
            KNIGHT if !text.contains(':') => (vec!["CRZ-N1"], "a knight move names its path, :L or :S".into()),
            KNIGHT => (vec!["CRZ-N1", "CRZ-N2", "CRZ-N3"], "no knight move with this path and capture (at most one capture; it must then land or enter a rook)".into()),
            PAWN => (vec!["CRZ-P1", "CRZ-P2", "CRZ-P4", "CRZ-P5"], "no pawn step, capture, en passant or disguise chain like this".into()),
            QUEEN => (vec!["CRZ-Q1", "CRZ-R2"], "no queen move or all-round capture like this".into()),
            ROOK => (vec!["CRZ-R1", "CRZ-R2"], "no rook move like this".into()),
            _ => (vec!["CRZ-B1", "CRZ-R2"], "no bishop move like this".into()),
        }
    }
}
