//! `explain` for English draughts: whether a move text is legal and why
//! (ENG-1).

use crate::core::Notation as _;
use crate::core::{Game, MoveError, Verdict};

use super::{notation, English};

/// Says whether `text` is legal in `pos` and why (ENG-1).
///
/// # Errors
/// Syntax errors only (an illegal move is a verdict).
pub(super) fn explain(pos: &English, text: &str) -> Result<Verdict, MoveError> {
    let text = text.trim();
    let texts: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    if texts.iter().any(|t| t == text) {
        let reason = if text.contains('x') {
            "a complete capture series (ENG-1)"
        } else {
            "a step, no capture available (ENG-1)"
        };
        return Ok(Verdict {
            legal: true,
            text: text.into(),
            rules: vec!["ENG-1"],
            reason: reason.into(),
        });
    }
    let (nums, capture) = notation::parse_path(text)?;
    let any_capture = texts.iter().any(|t| t.contains('x'));
    let reason = if texts.is_empty() {
        "the side to move has no legal move and has lost".to_string()
    } else if !capture && any_capture {
        "capturing is compulsory: a capture exists".to_string()
    } else if capture && texts.iter().any(|t| t.starts_with(&format!("{text}x"))) {
        "the capture series must be completed: a further jump is available".to_string()
    } else if capture && texts.iter().any(|t| text.starts_with(&format!("{t}x"))) {
        "crowning ends the move: the series stops on the far rank".to_string()
    } else if nums.len() >= 2 && !capture {
        "no such step: men step one square diagonally forward, kings one square diagonally"
            .to_string()
    } else {
        "no such capture series".to_string()
    };
    Ok(Verdict {
        legal: false,
        text: text.into(),
        rules: vec!["ENG-1"],
        reason,
    })
}
