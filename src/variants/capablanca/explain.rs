//! `explain` for `capablanca` (CAP-1): whether a move text is legal and,
//! if not, which condition of CAP-1 it breaks. The verdict comes from the
//! generator ([`super::generate`]): its legal moves, the candidates it
//! rejected with their reason, and for a legal move the effects that
//! playing it reported ([`RuleLog`]). A text that is no candidate at all
//! is one the piece cannot make.

use crate::core::{Candidates, MoveError, RuleLog, Verdict};

use super::moves::{mv_flag, mv_from, mv_promo, mv_to, F_CASTLE, F_EP};
use super::notation::{parse_move, sq_name};
use super::position::{bit, PieceSets, Pos, Role, RANK_1, RANK_8};

const RULE: &str = "CAP-1";

/// The verdict on `text` in `pos` (CAP-1).
///
/// # Errors
/// Only syntax errors.
pub fn explain(pos: &Pos, text: &str) -> Result<Verdict, MoveError> {
    let (from, to, promo) = parse_move(text)?;
    let mut c = Candidates::default();
    let _ = pos.generate(&mut c);
    let matches = |m: &u32| mv_from(*m) == from && mv_to(*m) == to && mv_promo(*m) == promo;
    if let Some(&m) = c.legal.iter().find(|m| matches(m)) {
        let mut log = RuleLog::starting_with(&[RULE]);
        let mut after = *pos;
        after.make(m, &mut log);
        let reason = match (mv_flag(m), mv_promo(m)) {
            (F_CASTLE, _) => {
                let rook = if to > from { to - 1 } else { to + 1 };
                format!("legal castling (the rook goes to {})", sq_name(rook))
            }
            (F_EP, _) => format!(
                "legal en passant capture of the pawn on {}",
                sq_name(from - from % 10 + to % 10)
            ),
            (_, Some(r)) => format!("legal promotion to a {}", r.name()),
            _ => "a legal move".into(),
        };
        return Ok(Verdict::legal(text, log.into_rules(), reason));
    }
    if let Some((_, why)) = c.rejected.iter().find(|(m, _)| matches(m)) {
        return Ok(Verdict::illegal(
            text,
            why.rules.clone(),
            why.reason.clone(),
        ));
    }
    Ok(Verdict::illegal(
        text,
        vec![RULE],
        reason(pos, from, to, promo, c.legal.is_empty()),
    ))
}

/// Why a well-formed text that the generator never considered is illegal.
fn reason(pos: &Pos, from: u32, to: u32, promo: Option<Role>, no_moves: bool) -> String {
    let us = pos.turn;
    if no_moves {
        return if pos.checkers() != 0 {
            "the game is over (checkmate)".into()
        } else {
            "the game is over (stalemate)".into()
        };
    }
    let Some(role) = pos
        .role_at(from)
        .filter(|_| pos.colors[us] & bit(from) != 0)
    else {
        return format!("no piece of the side to move on {}", sq_name(from));
    };
    if pos.colors[us] & bit(to) != 0 {
        return format!("{} holds a piece of the side to move", sq_name(to));
    }
    let last = if us.is_white() { RANK_8 } else { RANK_1 };
    let reaches_last = role == Role::Pawn && last & bit(to) != 0;
    if reaches_last && promo.is_none() {
        return "a pawn reaching the last rank must promote (add q, r, b, n, a or c)".into();
    }
    if promo.is_some() && !reaches_last {
        return "only a pawn reaching the last rank promotes".into();
    }
    format!("not a legal move of the {}", role.name())
}
