//! `explain` for English draughts (ENG-1), from the one generator: the
//! text is matched against the legal moves and the candidates the
//! generator rejects (steps while a capture is compulsory, unfinished
//! series); a legal move is played with a [`RuleLog`].

use crate::core::explain::RuleLog;
use crate::core::Notation as _;
use crate::core::{Candidates, MoveError, Verdict};

use super::{notation, English, Turn};

/// Says whether `text` is legal in `pos` and why (ENG-1).
///
/// # Errors
/// Syntax errors only (an illegal move is a verdict).
pub(super) fn explain(pos: &English, text: &str) -> Result<Verdict, MoveError> {
    let text = text.trim();
    let (_, capture) = notation::parse_path(text)?;
    let mut c = Candidates::<Turn>::default();
    let flow = pos.generate(&mut c);
    debug_assert!(flow.is_continue(), "explain's collector never stops");
    if let Some(m) = c.legal.iter().find(|m| pos.move_text(m) == text) {
        let mut log = RuleLog::starting_with(&["ENG-1"]);
        pos.clone().play_traced(m, &mut log);
        let reason = if capture {
            "a complete capture series (ENG-1)"
        } else {
            "a step, no capture available (ENG-1)"
        };
        return Ok(Verdict::legal(text, log.into_rules(), reason));
    }
    if let Some((_, why)) = c.rejected.iter().find(|(m, _)| pos.move_text(m) == text) {
        return Ok(Verdict::illegal(
            text,
            why.rules.clone(),
            why.reason.clone(),
        ));
    }
    let reason = if c.legal.is_empty() {
        "the side to move has no legal move and has lost"
    } else if capture {
        "no such capture series: men jump diagonally forward, kings in the four diagonals; crowning ends the move"
    } else {
        "no such step: men step one square diagonally forward, kings one square diagonally"
    };
    Ok(Verdict::illegal(text, vec!["ENG-1"], reason))
}
