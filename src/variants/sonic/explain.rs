//! `explain` for `sonic`: legal or not, and the SCA rule IDs that decide it,
//! from the one generator.
//!
//! The text is read, the generator runs into a [`Candidates`] sink (the
//! legal moves and every candidate it discarded, with the rule and the
//! reason: endless branches SCA-5, castling conditions SCA-8/SCA-11,
//! switches SCA-8.1), and then:
//! - a legal move is played with a [`RuleLog`]: its verdict names the rule
//!   it is made under, then every rule whose effect happened during it
//!   ([`Sonic::apply_traced`]);
//! - a rejected candidate gives its rules and reason (an endless branch is
//!   named by its start, its first capture and its rotation, since it has
//!   no end to write);
//! - a text that matches no candidate is a move the piece cannot make: the
//!   verdict names the piece's movement rule (or the form choice, SCA-9.1,
//!   that the turn must begin with).

use crate::core::Notation as _;
use crate::core::{Candidates, Game, MoveError, RuleLog, Square, Verdict};

use super::moves::SonicMove;
use super::notation::{parse_move_text, MoveSyntax};
use super::pieces::{
    color_of, from_letter, has_piece, is_compound, kind, name, part_kind, KING, KNIGHT, PAWN,
};
use super::position::Sonic;

/// Whether the rejected candidate `m` is the move `text` names: the same
/// text, or for a capture branch the same start, first capture, rotation
/// (when given) and form decisions.
fn names(p: &Sonic, m: &SonicMove, text: &str, syn: &MoveSyntax) -> bool {
    if p.move_text(m) == text {
        return true;
    }
    if !m.is_walk() || syn.path.len() < 2 || syn.castle.is_some() {
        return false;
    }
    let course = p.course(m);
    syn.start_form == m.start_form()
        && syn.switch == m.switch_form()
        && syn.promo.is_none()
        && syn.path[0].1 == Square(m.from())
        && course.get(1).map(|&(s, _)| s) == Some(syn.path[1].1)
        && (syn.rotation.is_none() || syn.rotation == m.rotation())
}

/// Says whether `text` is legal in `p` and which rules decide it.
///
/// # Errors
/// Syntax errors only.
pub fn explain(p: &Sonic, text: &str) -> Result<Verdict, MoveError> {
    let text = text.trim();
    let mut found = Candidates::default();
    // `Candidates` never asks the generator to stop.
    let _ = Game::generate(p, &mut found);
    if let Some(m) = found.legal.iter().find(|m| p.move_text(m) == text) {
        let mut log = RuleLog::default();
        p.clone().apply_traced(m, &mut log);
        let k = kind(p.cells[m.from() as usize]);
        let reason = if is_compound(k) && !m.is_castle() {
            format!(
                "a legal move of the {} as its {} part (SCA-12: one part for the whole move)",
                name(k),
                name(part_kind(m.part(k)))
            )
        } else {
            "a legal move".into()
        };
        return Ok(Verdict::legal(text, log.into_rules(), reason));
    }
    let syn = parse_move_text(text)?;
    if let Some((_, why)) = found.rejected.iter().find(|(m, _)| names(p, m, text, &syn)) {
        return Ok(Verdict::illegal(
            text,
            why.rules.clone(),
            why.reason.clone(),
        ));
    }
    Ok(no_candidate(p, text, &syn))
}

/// The verdict on a text that names no candidate of the generator.
fn no_candidate(p: &Sonic, text: &str, syn: &MoveSyntax) -> Verdict {
    let no =
        |rules: &[&'static str], reason: String| Verdict::illegal(text, rules.to_vec(), reason);
    if let Some(w) = p.winner {
        return no(&["SCA-9.4"], format!("the game is over ({} won)", w.name()));
    }
    let me = p.turn;
    let forms = p.forms[me as usize];
    match syn.start_form {
        None if forms.pending() => {
            return no(
                &["SCA-9.1", "SCA-9.2"],
                "the king lost its form: the turn begins with a form choice (e.g. N:...)".into(),
            )
        }
        Some(_) if !forms.pending() => return no(&["SCA-9.1"], "no form choice is pending".into()),
        Some(f) if !forms.has(f) => {
            return no(
                &["SCA-9.1", "SCA-9.2"],
                format!("{} is not a remaining form", f.letter()),
            )
        }
        _ => {}
    }
    if let Some(g) = syn.switch {
        if !forms.has(g) {
            return no(
                &["SCA-8", "SCA-8.1"],
                format!("{} is not a remaining form of the king", g.letter()),
            );
        }
        if forms.current == Some(g) {
            return no(
                &["SCA-8.1", "G2"],
                "keeping the form is written without a suffix".into(),
            );
        }
    }
    if syn.castle.is_some() {
        let rules: &[&'static str] = if p.board.width == 8 {
            &["SCA-8"]
        } else {
            &["SCA-8", "SCA-11"]
        };
        return no(rules, "no castling right on that side".into());
    }
    let from = syn.path[0].1;
    let cell = if p.board.contains(from) {
        p.cells[from.0 as usize]
    } else {
        0
    };
    if !has_piece(cell) || color_of(cell) != me {
        return no(&["G2"], format!("no {} piece on {from}", me.name()));
    }
    let k = kind(cell);
    let promo_kind = syn.promo.and_then(from_letter).map_or(0, kind);
    if k == PAWN && is_compound(promo_kind) && !p.rules.in_play(promo_kind) {
        return no(
            &["SCA-12", "SCA-2"],
            format!(
                "the {} is not in play: pawns promote to Q, R, B, N and the compounds the rule option compounds= names",
                name(promo_kind)
            ),
        );
    }
    let (rules, reason): (&[&'static str], &str) = match k {
        PAWN => (&["SCA-2"], "not a pawn move here"),
        KNIGHT => (
            &["SCA-3", "SCA-6"],
            "not a knight move here (leap, then the Tails continuation)",
        ),
        KING => (&["SCA-8"], "not a move of the king in its current form"),
        _ if is_compound(k) => (
            &["SCA-12", "SCA-3", "SCA-4", "SCA-6"],
            "not a move of this compound here: it moves as exactly one part for the whole move (slide, then the spindash path; or leap, then the Tails continuation)",
        ),
        _ => (
            &["SCA-3", "SCA-4", "SCA-4.2", "SCA-4.3"],
            "not a move of this piece here (slide, then the spindash path)",
        ),
    };
    no(rules, reason.into())
}
