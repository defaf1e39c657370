//! UCI move syntax and `explain` for `fide` (FIDE-1): says whether a move
//! is legal and, if not, which condition of FIDE-1 it breaks.

use crate::core::{MoveError, Verdict};

use super::fen::sq_name;
use super::position::{
    mv_flag, mv_from, mv_promo, mv_to, Pos, BISHOP, BK, BQ, F_CASTLE, F_EP, KING, KNIGHT, NO_EP,
    PAWN, QUEEN, ROOK, WHITE, WK, WQ,
};
use crate::core::bitboard::{bit, tables, RANK_1, RANK_8};

/// Parses UCI long algebraic notation: `e2e4`, `e7e8q` (promotion letter
/// `q`, `r`, `b` or `n`, lower case). Returns (from, to, promotion role).
///
/// # Errors
/// [`MoveError::Syntax`] saying what is wrong.
pub fn parse_uci(text: &str) -> Result<(u32, u32, Option<usize>), MoveError> {
    let b = text.as_bytes();
    let sq = |i: usize| -> Option<u32> {
        let f = b.get(i)?.checked_sub(b'a').filter(|&f| f < 8)?;
        let r = b.get(i + 1)?.checked_sub(b'1').filter(|&r| r < 8)?;
        Some(r as u32 * 8 + f as u32)
    };
    let bad = |m: &str| MoveError::syntax(text, format!("{m} (UCI long algebraic: e2e4, e7e8q)"));
    if !(4..=5).contains(&b.len()) {
        return Err(bad("expected 4 or 5 characters"));
    }
    let from = sq(0).ok_or_else(|| bad("no square a1..h8 at the start"))?;
    let to = sq(2).ok_or_else(|| bad("no destination square a1..h8"))?;
    let promo = match b.get(4) {
        None => None,
        Some(b'n') => Some(KNIGHT),
        Some(b'b') => Some(BISHOP),
        Some(b'r') => Some(ROOK),
        Some(b'q') => Some(QUEEN),
        Some(_) => return Err(bad("promotion letter must be q, r, b or n")),
    };
    if from == to {
        return Err(bad("start and destination are the same square"));
    }
    Ok((from, to, promo))
}

/// The verdict on `text` in `pos` (FIDE-1).
///
/// # Errors
/// Only syntax errors.
pub fn explain(pos: &Pos, text: &str) -> Result<Verdict, MoveError> {
    let (from, to, promo) = parse_uci(text)?;
    let list = pos.moves();
    let found = list
        .iter()
        .copied()
        .find(|&m| mv_from(m) == from && mv_to(m) == to && mv_promo(m) == promo);
    let verdict = |legal: bool, reason: String| Verdict {
        legal,
        text: text.to_string(),
        rules: vec!["FIDE-1"],
        reason,
    };
    if let Some(m) = found {
        let reason = match (mv_flag(m), mv_promo(m)) {
            (F_CASTLE, _) => {
                format!(
                    "legal castling (the rook goes to {})",
                    sq_name(if to > from { from + 1 } else { from - 1 })
                )
            }
            (F_EP, _) => format!(
                "legal en passant capture of the pawn on {}",
                sq_name((from & 56) | (to & 7))
            ),
            (_, Some(r)) => format!(
                "legal promotion to a {}",
                ["pawn", "knight", "bishop", "rook", "queen", "king"][r]
            ),
            _ => "a legal move".into(),
        };
        return Ok(verdict(true, reason));
    }
    Ok(verdict(
        false,
        reason(pos, from, to, promo, list.is_empty()),
    ))
}

/// Why a well-formed move that is not legal is illegal.
fn reason(pos: &Pos, from: u32, to: u32, promo: Option<usize>, no_moves: bool) -> String {
    let t = tables();
    let us = pos.turn;
    let them = us ^ 1;
    let occ = pos.occupied();
    let in_check = pos.checkers() != 0;
    if no_moves {
        return if in_check {
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
    let ksq = pos.king(us);
    // Castling: the king's two-square move from its home square.
    let home = if us == WHITE { 4 } else { 60 };
    if role == KING && from == home && (to == home + 2 || to == home - 2) {
        let kside = to > from;
        let right = match (us == WHITE, kside) {
            (true, true) => WK,
            (true, false) => WQ,
            (false, true) => BK,
            (false, false) => BQ,
        };
        let (between, transit) = if kside {
            (bit(home + 1) | bit(home + 2), home + 1)
        } else {
            (bit(home - 1) | bit(home - 2) | bit(home - 3), home - 1)
        };
        if pos.castling & right == 0 {
            return "castling right lost (the king or that rook has moved)".into();
        }
        if occ & between != 0 {
            return "castling with a piece between king and rook".into();
        }
        if in_check {
            return "castling out of check".into();
        }
        if pos.attacked(t, transit, them, occ) {
            return format!("castling through an attacked square ({})", sq_name(transit));
        }
        if pos.attacked(t, to, them, occ) {
            return "castling into check".into();
        }
        return "castling not allowed here".into();
    }
    if pos.colors[us] & bit(to) != 0 {
        return format!("{} holds a piece of the side to move", sq_name(to));
    }
    let last_rank = if us == WHITE { RANK_8 } else { RANK_1 };
    let reaches_last = role == PAWN && last_rank & bit(to) != 0;
    if reaches_last && promo.is_none() {
        return "a pawn reaching the last rank must promote (add q, r, b or n)".into();
    }
    if promo.is_some() && !reaches_last {
        return "only a pawn reaching the last rank promotes".into();
    }
    // Pseudo-legal geometry of the piece.
    let enemy = pos.colors[them];
    let s = from as usize;
    let targets = match role {
        PAWN => {
            let fwd: i32 = if us == WHITE { 8 } else { -8 };
            let one = (from as i32 + fwd) as u32;
            let mut p = 0;
            if occ & bit(one) == 0 {
                p |= bit(one);
                let start = if us == WHITE {
                    from / 8 == 1
                } else {
                    from / 8 == 6
                };
                let two = (one as i32 + fwd) as u32;
                if start && occ & bit(two) == 0 {
                    p |= bit(two);
                }
            }
            let ep = if pos.ep != NO_EP {
                bit(pos.ep as u32)
            } else {
                0
            };
            p | (t.pawn[us][s] & (enemy | ep))
        }
        KNIGHT => t.knight[s],
        BISHOP => t.bishop(from, occ),
        ROOK => t.rook(from, occ),
        QUEEN => t.bishop(from, occ) | t.rook(from, occ),
        _ => t.king[s],
    };
    if targets & bit(to) == 0 {
        return "not a legal move of that piece".into();
    }
    if role == KING {
        return "moves the king into check".into();
    }
    if in_check {
        return "leaves own king in check (does not answer the check)".into();
    }
    if ksq < 64 && t.line[ksq as usize][s] != 0 && t.line[ksq as usize][s] & bit(to) == 0 {
        return "leaves own king in check (the piece is pinned)".into();
    }
    if role == PAWN && pos.ep as u32 == to {
        return "leaves own king in check (en passant uncovers the king)".into();
    }
    "leaves own king in check".into()
}
