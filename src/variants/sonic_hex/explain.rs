//! `explain` for `sonic-hex`: legal or not, and the rule IDs that decide it
//! (SCA-13 with the SCA rules it changes or keeps, GLN-1 for the pawns).

use crate::core::Notation as _;
use crate::core::{Game, MoveError, Verdict};
use crate::variants::sonic::pieces::{color_of, has_piece, is_ranged, kind, KING, KNIGHT, PAWN};

use super::moves::HexMove;
use super::notation::parse_move_text;
use super::position::SonicHex;

fn illegal(text: &str, reason: impl Into<String>, rules: &[&'static str]) -> Verdict {
    Verdict {
        legal: false,
        text: text.to_string(),
        rules: rules.to_vec(),
        reason: reason.into(),
    }
}

/// The rule IDs behind a legal move, and the reason in words.
fn rules_of(p: &SonicHex, m: &HexMove) -> (Vec<&'static str>, String) {
    let mut r = vec!["SCA-13"];
    let course = p.course(m);
    let captures = course.iter().any(|&(_, x)| x);
    let k = kind(p.cells[m.from() as usize]);
    let mut reason = String::from("a legal move");
    match k {
        PAWN => {
            r.extend(["GLN-1", "SCA-2"]);
            if m.is_en_passant() {
                reason = format!(
                    "legal en passant capture of the pawn on {}",
                    SonicHex::name(p.en_passant_victim(m.to()))
                );
            } else if m.is_double() {
                reason = "legal double step from a start cell".into();
            }
        }
        KING => reason = "a step of the usual king (one form, SCA-13)".into(),
        KNIGHT if captures => {
            r.push("SCA-6");
            reason = "a Tails capture chain along one Gliński leap".into();
        }
        KNIGHT => r.push("SCA-3"),
        k if is_ranged(k) && captures => {
            r.extend(["SCA-4", "SCA-5"]);
            reason = format!(
                "a spindash: {} degree turns at each capture",
                30 * u32::from(p.rules.grid().hours)
            );
        }
        _ => r.push("SCA-3"),
    }
    if m.promotion().is_some() {
        reason = "legal promotion on the far edge".into();
    }
    if m.rotation().is_some() {
        r.extend(["SCA-4.1", "SCA-4.2"]);
    }
    let opp = p.kings[p.turn.other() as usize];
    if course.iter().skip(1).any(|&(c, x)| x && c == opp) {
        r.extend(["SCA-9.3", "SCA-9.4"]);
        reason.push_str("; it takes the enemy king and wins");
    }
    r.dedup();
    (r, reason)
}

/// Says whether `text` is legal in `p` and which rules decide it.
///
/// # Errors
/// Syntax errors only.
pub fn explain(p: &SonicHex, text: &str) -> Result<Verdict, MoveError> {
    let text = text.trim();
    let moves = p.legal_moves();
    if let Some(m) = moves.iter().find(|m| p.move_text(m) == text) {
        let (rules, reason) = rules_of(p, m);
        return Ok(Verdict {
            legal: true,
            text: text.to_string(),
            rules,
            reason,
        });
    }
    let syn = parse_move_text(text)?;
    if let Some(w) = p.winner {
        return Ok(illegal(
            text,
            format!("the game is over ({} won)", w.name()),
            &["SCA-9.4", "SCA-13"],
        ));
    }
    if syn.start_form.is_some() || syn.switch.is_some() {
        return Ok(illegal(
            text,
            "the king has the single form 'king' on the hexagonal board: no form choices or switches",
            &["SCA-13"],
        ));
    }
    if syn.castle.is_some() {
        return Ok(illegal(
            text,
            "there is no castling on Gliński's board",
            &["SCA-13", "GLN-1"],
        ));
    }
    let me = p.turn;
    let from = syn.path[0].1;
    let cell = p.cells[from.slot()];
    if !has_piece(cell) || color_of(cell) != me {
        return Ok(illegal(
            text,
            format!("no {} piece on {from}", me.name()),
            &["G2"],
        ));
    }
    let k = kind(cell);
    if k != PAWN && syn.promo.is_some() {
        return Ok(illegal(text, "only a pawn promotes", &["GLN-1"]));
    }
    if (k == KNIGHT || is_ranged(k)) && syn.path.len() >= 2 {
        // SCA-5: a branch through the named first capture that never ends.
        let first = syn.path[1].1.slot() as u8;
        let endless = p
            .walker(me)
            .endless_through(from.slot() as u8, k, first, syn.rotation);
        if endless {
            return Ok(illegal(
                text,
                "endless move: the mover would return to the same cell and direction with nothing removed",
                &["SCA-5", "SCA-13"],
            ));
        }
        // The same path with another rotation, or none: the rotation is
        // part of the move (G2, SCA-4.1), forced when one side is blocked.
        let body = text.split(':').next().unwrap_or(text);
        let same_path: Vec<String> = moves
            .iter()
            .map(|m| p.move_text(m))
            .filter(|t| t.split(':').next() == Some(body))
            .collect();
        if !same_path.is_empty() {
            return Ok(illegal(
                text,
                format!(
                    "the rotation at the first capture does not match this path (legal: {})",
                    same_path.join(", ")
                ),
                &["SCA-4.1", "SCA-4.2", "SCA-13"],
            ));
        }
    }
    let (reason, rules): (&str, &[&'static str]) = match k {
        PAWN => (
            "not a pawn move here: a Gliński pawn steps along its file, two cells from a start cell, captures one cell forward along the orthogonals next to its file, and ignores springs",
            &["GLN-1", "SCA-2", "SCA-13"],
        ),
        KNIGHT => (
            "not a knight move here (a Gliński leap, then the Tails continuation along the same leap)",
            &["SCA-3", "SCA-6", "SCA-13"],
        ),
        KING => (
            "not a king move: the usual king steps one cell along one of the twelve lines",
            &["SCA-13"],
        ),
        _ => (
            "not a move of this piece here (slide, then the spindash path with its turns)",
            &["SCA-3", "SCA-4", "SCA-4.2", "SCA-4.3", "SCA-13"],
        ),
    };
    Ok(illegal(text, reason, rules))
}
