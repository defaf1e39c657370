//! `explain` for `sonic`: legal or not, and the SCA rule IDs that decide it.

use crate::core::Notation as _;
use crate::core::{Game, MoveError, Verdict};

use super::moves::SonicMove;
use super::notation::parse_move_text;
use super::pieces::{
    color_of, from_letter, has_piece, is_compound, is_ranged, kind, name, part_kind, parts, KING,
    KNIGHT, PAWN,
};
use super::position::Sonic;

fn illegal(text: &str, reason: impl Into<String>, rules: &[&'static str]) -> Verdict {
    Verdict {
        legal: false,
        text: text.to_string(),
        rules: rules.to_vec(),
        reason: reason.into(),
    }
}

/// The rule IDs behind a legal move.
fn rules_of(p: &Sonic, m: &SonicMove) -> Vec<&'static str> {
    let mut r = Vec::new();
    let course = p.course(m);
    let captures = course.iter().any(|&(_, x)| x);
    if m.start_form().is_some() {
        r.extend(["SCA-9.1", "SCA-9.2"]);
    }
    if m.is_castle() {
        r.push("SCA-8");
    }
    if let Some(k) = m.promotion() {
        r.push("SCA-2");
        if is_compound(k) {
            r.push("SCA-12");
        }
    }
    if m.rotation().is_some() {
        r.extend(["SCA-4.1", "SCA-4.2"]);
    }
    if m.switch_form().is_some() {
        r.push("SCA-8.1");
    }
    let k = kind(p.cells[m.from() as usize]);
    if m.is_castle() && p.board.width != 8 {
        r.push("SCA-11");
    }
    if is_compound(k) {
        r.push("SCA-12");
    }
    // The part the piece moves as (SCA-12: a compound's slider or knight).
    match part_kind(m.part(k)) {
        _ if m.is_castle() => {}
        PAWN => r.push("SCA-2"),
        KING => r.push("SCA-8"),
        KNIGHT => r.push(if captures { "SCA-6" } else { "SCA-3" }),
        k if is_ranged(k) => r.extend(if captures {
            ["SCA-4", "SCA-5"]
        } else {
            ["SCA-3", "SCA-3"]
        }),
        _ => {}
    }
    let opp_king = p.kings[p.turn.other() as usize];
    if course.iter().skip(1).any(|&(q, _)| Some(q) == opp_king) {
        r.extend(["SCA-9", "SCA-9.4"]);
    }
    r.dedup();
    r
}

/// Says whether `text` is legal in `p` and which rules decide it.
///
/// # Errors
/// Syntax errors only.
pub fn explain(p: &Sonic, text: &str) -> Result<Verdict, MoveError> {
    let text = text.trim();
    let moves = p.legal_moves();
    let texts: Vec<String> = moves.iter().map(|m| p.move_text(m)).collect();
    if let Some(i) = texts.iter().position(|t| t == text) {
        let m = &moves[i];
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
        return Ok(Verdict {
            legal: true,
            text: text.to_string(),
            rules: rules_of(p, m),
            reason,
        });
    }
    let syn = parse_move_text(text)?;
    if let Some(w) = p.winner {
        return Ok(illegal(
            text,
            format!("the game is over ({} won)", w.name()),
            &["SCA-9.4"],
        ));
    }
    let me = p.turn;
    let forms = p.forms[me as usize];
    if forms.pending() && syn.start_form.is_none() {
        return Ok(illegal(
            text,
            "the king lost its form: the turn begins with a form choice (e.g. N:...)",
            &["SCA-9.1", "SCA-9.2"],
        ));
    }
    if !forms.pending() && syn.start_form.is_some() {
        return Ok(illegal(text, "no form choice is pending", &["SCA-9.1"]));
    }
    if let Some(f) = syn.start_form {
        if !forms.has(f) {
            return Ok(illegal(
                text,
                format!("{} is not a remaining form", f.letter()),
                &["SCA-9.1", "SCA-9.2"],
            ));
        }
    }
    // A form switch after a move that is legal without it.
    if let Some(g) = syn.switch {
        let base = text.rsplit_once(':').map_or(text, |(b, _)| b);
        if let Some(i) = texts.iter().position(|t| t == base) {
            let m = &moves[i];
            let reason = if super::eggman::is_king_move(p, m) {
                (
                    "a king move cannot be followed by a form change",
                    vec!["SCA-8.1"],
                )
            } else if syn.start_form.is_some() {
                (
                    "the turn began with a form choice, which already set the form",
                    vec!["SCA-8.1", "SCA-9.1"],
                )
            } else if !forms.has(g) {
                ("not a remaining form of the king", vec!["SCA-8", "SCA-8.1"])
            } else if forms.current == Some(g) {
                (
                    "keeping the form is written without a suffix",
                    vec!["SCA-8.1", "G2"],
                )
            } else if p.in_check() {
                (
                    "his king was in check before the move",
                    vec!["SCA-8.1", "SCA-10"],
                )
            } else {
                let mut child = p.clone();
                let hit = child.apply(m);
                if hit {
                    (
                        "the move hit or captured the opponent's king",
                        vec!["SCA-8.1", "SCA-9"],
                    )
                } else if child.attacks_king(me) {
                    (
                        "the opponent's king is in check after the move",
                        vec!["SCA-8.1", "SCA-10"],
                    )
                } else {
                    (
                        "the new form would put the opponent's king in check",
                        vec!["SCA-8.1", "SCA-10"],
                    )
                }
            };
            return Ok(illegal(text, reason.0, &reason.1));
        }
    }
    if syn.castle.is_some() {
        // SCA-11: on other widths castling lands on Capablanca's squares.
        let rules: &[&'static str] = if p.board.width == 8 {
            &["SCA-8", "SCA-10"]
        } else {
            &["SCA-8", "SCA-10", "SCA-11"]
        };
        return Ok(illegal(
            text,
            "castling is not possible here (rights, empty squares the king and rook pass or land on, attacked squares)",
            rules,
        ));
    }
    let from = syn.path[0].1;
    let cell = if p.board.contains(from) {
        p.cells[from.0 as usize]
    } else {
        0
    };
    if !has_piece(cell) || color_of(cell) != me {
        return Ok(illegal(
            text,
            format!("no {} piece on {from}", me.name()),
            &["G2"],
        ));
    }
    let k = kind(cell);
    if let Some(promo) = syn.promo {
        let promo_kind = from_letter(promo).map_or(0, kind);
        if k == PAWN && is_compound(promo_kind) && !p.rules.in_play(promo_kind) {
            return Ok(illegal(
                text,
                format!(
                    "the {} is not in play: pawns promote to Q, R, B, N and the compounds the rule option compounds= names",
                    name(promo_kind)
                ),
                &["SCA-12", "SCA-2"],
            ));
        }
    }
    if parts(k).iter().any(|&x| is_ranged(part_kind(x))) && syn.path.len() >= 2 {
        // SCA-5: a branch through the named first capture that never ends.
        let first = syn.path[1].1 .0;
        let endless = p.walker(me).endless_through(from.0, k, first, syn.rotation);
        if endless {
            return Ok(illegal(text, "endless move: the mover would return to the same square and direction with nothing removed", &["SCA-5"]));
        }
    }
    let (reason, rules): (&str, &[&'static str]) = match k {
        PAWN => ("not a pawn move here", &["SCA-2"]),
        KNIGHT => (
            "not a knight move here (leap, then the Tails continuation)",
            &["SCA-3", "SCA-6"],
        ),
        KING => ("not a move of the king in its current form", &["SCA-8"]),
        _ if is_compound(k) => (
            "not a move of this compound here: it moves as exactly one part for the whole move (slide, then the spindash path; or leap, then the Tails continuation)",
            &["SCA-12", "SCA-3", "SCA-4", "SCA-6"],
        ),
        _ => (
            "not a move of this piece here (slide, then the spindash path)",
            &["SCA-3", "SCA-4", "SCA-4.2", "SCA-4.3"],
        ),
    };
    Ok(illegal(text, reason, rules))
}
