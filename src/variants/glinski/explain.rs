//! The canonical move text of `glinski` and `explain` (GLN-1): says whether
//! a move is legal and, if not, which condition of GLN-1 it breaks.
//!
//! ```text
//! move  = cell cell [promo]      ; from, to: f5f6, g4h5, e9e10q
//! cell  = file rank              ; a1 .. l6, f11 (files a-l without j)
//! promo = "q" / "r" / "b" / "n"  ; lower case, required on the far edge
//! ```

use crate::core::hex::{
    bishop_attacks, line, rook_attacks, shift, slot_name, Cell, KING as KING_STEPS,
    KNIGHT as KNIGHT_LEAPS,
};
use crate::core::{MoveError, Verdict};

use super::position::{
    Mv, Pos, BISHOP, CAPTURE_DIRS, FORWARD, F_DOUBLE, F_EP, KING, KNIGHT, NO_EP, PAWN, PROMOTION,
    QUEEN, ROOK, START, WHITE,
};

/// Role names by role index.
pub const ROLE_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// Parses the canonical move text: (from, to, promotion role).
///
/// # Errors
/// [`MoveError::Syntax`] saying what is wrong.
pub fn parse_text(text: &str) -> Result<(Cell, Cell, Option<usize>), MoveError> {
    let bad = |m: &str| {
        MoveError::syntax(
            text,
            format!("{m} (from-cell to-cell [q|r|b|n], e.g. f5f6, e9e10q; or a record move such as Nf3, exf6)"),
        )
    };
    let (from, n) = Cell::parse_prefix(text).ok_or_else(|| bad("no cell a1..l6 at the start"))?;
    let rest = &text[n..];
    let (to, m) = Cell::parse_prefix(rest).ok_or_else(|| bad("no destination cell"))?;
    let promo = match &rest[m..] {
        "" => None,
        "n" => Some(KNIGHT),
        "b" => Some(BISHOP),
        "r" => Some(ROOK),
        "q" => Some(QUEEN),
        _ => return Err(bad("promotion letter must be q, r, b or n")),
    };
    if from == to {
        return Err(bad("start and destination are the same cell"));
    }
    Ok((from, to, promo))
}

/// The canonical text of a compact move.
pub fn text_of(m: Mv) -> String {
    let mut s = format!("{}{}", slot_name(m.from as usize), slot_name(m.to as usize));
    if let Some(r) = m.promo() {
        s.push(super::fen::LETTERS[r].to_ascii_lowercase());
    }
    s
}

/// Why a legal move is legal, in words.
pub fn legal_reason(pos: &Pos, m: Mv) -> String {
    match (m.flag, m.promo()) {
        (F_DOUBLE, _) => "legal double step from a start cell".into(),
        (F_EP, _) => {
            let cap = (m.to as i32 + FORWARD[pos.turn ^ 1].slot_offset()) as usize;
            format!("legal en passant capture of the pawn on {}", slot_name(cap))
        }
        (_, Some(r)) => format!("legal promotion to a {}", ROLE_NAMES[r]),
        _ => "a legal move".into(),
    }
}

/// The verdict on a canonical move text in `pos` (GLN-1).
///
/// # Errors
/// Only syntax errors.
pub fn explain(pos: &Pos, text: &str) -> Result<Verdict, MoveError> {
    let (from, to, promo) = parse_text(text)?;
    let list = pos.moves();
    let found = list.iter().copied().find(|m| {
        m.from as usize == from.slot() && m.to as usize == to.slot() && m.promo() == promo
    });
    let verdict = |legal: bool, reason: String| Verdict {
        legal,
        text: text.to_string(),
        rules: vec!["GLN-1"],
        reason,
    };
    Ok(match found {
        Some(m) => verdict(true, legal_reason(pos, m)),
        None => verdict(false, reason(pos, from, to, promo, list.is_empty())),
    })
}

/// Why a well-formed move that is not legal is illegal.
fn reason(pos: &Pos, from: Cell, to: Cell, promo: Option<usize>, no_moves: bool) -> String {
    let us = pos.turn;
    let occ = pos.occupied();
    let in_check = pos.checked();
    if no_moves {
        return if in_check {
            "the game is over (checkmate)".into()
        } else if pos.king(us).is_none() {
            "the game is over (the king was taken)".into()
        } else {
            "the game is over (stalemate)".into()
        };
    }
    let (f, t) = (from.slot(), to.slot());
    let Some(role) = pos.role_at(f).filter(|_| pos.colors[us] & from.bit() != 0) else {
        return format!("no piece of the side to move on {from}");
    };
    if pos.colors[us] & to.bit() != 0 {
        return format!("{to} holds a piece of the side to move");
    }
    let reaches_edge = role == PAWN && PROMOTION[us] & to.bit() != 0;
    if reaches_edge && promo.is_none() {
        return "a pawn reaching the far edge must promote (add q, r, b or n)".into();
    }
    if promo.is_some() && !reaches_edge {
        return "only a pawn reaching the far edge of the board promotes".into();
    }
    let targets = match role {
        PAWN => {
            if let Some(r) = pawn_reason(pos, from, to) {
                return r;
            }
            to.bit()
        }
        KNIGHT => KNIGHT_LEAPS[f],
        BISHOP => bishop_attacks(f, occ),
        ROOK => rook_attacks(f, occ),
        QUEEN => bishop_attacks(f, occ) | rook_attacks(f, occ),
        _ => KING_STEPS[f],
    };
    if targets & to.bit() == 0 {
        let open_lines = match role {
            ROOK => rook_attacks(f, 0),
            BISHOP => bishop_attacks(f, 0),
            QUEEN => rook_attacks(f, 0) | bishop_attacks(f, 0),
            _ => 0,
        };
        return match role {
            KNIGHT => "not a knight leap (two cells along an orthogonal line, then one cell along an orthogonal line at 60 degrees)".into(),
            KING => "the king steps one cell along one of the twelve lines (and there is no castling in Gliński's chess)".into(),
            _ if open_lines & to.bit() != 0 => {
                format!("the {} is blocked on its way to {to}", ROLE_NAMES[role])
            }
            ROOK => "not a rook move (rooks move along the six orthogonal lines)".into(),
            BISHOP => "not a bishop move (bishops move along the six diagonal lines)".into(),
            _ => "not a queen move (queens move along the twelve lines)".into(),
        };
    }
    if role == KING {
        return "moves the king into check".into();
    }
    if in_check {
        return "leaves own king in check (does not answer the check)".into();
    }
    if let Some(k) = pos.king(us) {
        let l = line(k, f);
        if l != 0 && l & to.bit() == 0 && pinned(pos, f) {
            return "leaves own king in check (the piece is pinned)".into();
        }
    }
    if role == PAWN && pos.ep as usize == t && pos.ep != NO_EP {
        return "leaves own king in check (en passant uncovers the king)".into();
    }
    "leaves own king in check".into()
}

/// Whether the own piece on `f` is pinned to its king.
fn pinned(pos: &Pos, f: usize) -> bool {
    let us = pos.turn;
    let mut lifted = *pos;
    lifted.colors[us] &= !(1u128 << f);
    for r in &mut lifted.roles {
        *r &= !(1u128 << f);
    }
    lifted.in_check(us) && !pos.in_check(us)
}

/// For a pawn: `None` if `to` is one of its moves ignoring the king's
/// safety, else why not (GLN-1's pawn clauses).
fn pawn_reason(pos: &Pos, from: Cell, to: Cell) -> Option<String> {
    let us = pos.turn;
    let occ = pos.occupied();
    let enemy = pos.colors[us ^ 1];
    let fwd = FORWARD[us];
    let one = from.step(fwd);
    let two = one.and_then(|c| c.step(fwd));
    let [c1, c2] = CAPTURE_DIRS[pos.pawn_mode()][us];
    let caps = shift(from.bit(), c1) | shift(from.bit(), c2);
    let ep = if pos.ep != NO_EP && pos.mutants & super::position::MUT_NO_EP == 0 {
        1u128 << pos.ep
    } else {
        0
    };
    if Some(to) == one {
        return (occ & to.bit() != 0)
            .then(|| "a pawn moves straight ahead only onto an empty cell (it captures one cell forward along the orthogonal lines next to its file)".into());
    }
    if Some(to) == two {
        if START[us] & from.bit() == 0 {
            let side = if us == WHITE {
                "White: b1 c2 d3 e4 f5 g4 h3 i2 k1"
            } else {
                "Black: b7 c7 d7 e7 f7 g7 h7 i7 k7"
            };
            return Some(format!(
                "a pawn steps two cells only from a start cell of its colour ({side})"
            ));
        }
        if occ & (one.map_or(0, Cell::bit) | to.bit()) != 0 {
            return Some("a double step needs both cells ahead empty".into());
        }
        if pos.mutants & super::position::MUT_FIRST_MOVE_DOUBLE_STEP != 0
            && pos.moved & from.bit() != 0
        {
            return Some("this pawn has moved (mutant: double step on the first move only)".into());
        }
        return None;
    }
    if caps & to.bit() != 0 {
        if enemy & to.bit() != 0 || ep & to.bit() != 0 {
            return None;
        }
        return Some(if pos.ep != NO_EP && pos.ep as usize != to.slot() {
            format!(
                "nothing to capture on {to} (en passant only onto {}, the cell the pawn passed over)",
                slot_name(pos.ep as usize)
            )
        } else {
            format!("nothing to capture on {to} (a pawn moves to a capture cell only to take, or en passant right after a double step)")
        });
    }
    let side_caps: Vec<String> = [c1, c2]
        .iter()
        .filter_map(|&d| from.step(d).map(|c| c.to_string()))
        .collect();
    let diagonal = pos.pawn_mode() == 0
        && CAPTURE_DIRS[1][us]
            .iter()
            .any(|&d| from.step(d) == Some(to));
    Some(format!(
        "not a pawn move: a pawn steps straight ahead along its file and captures one cell forward along the two orthogonal lines next to it (from {from}: {}){}",
        side_caps.join(" or "),
        if diagonal { ", not along a diagonal" } else { "" }
    ))
}
