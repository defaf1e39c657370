//! The canonical move text of `glinski` and `explain` (GLN-1).
//!
//! A verdict comes from the generator, never from a second statement of
//! the rules: the text is read, the generator feeds a [`Candidates`] sink
//! (the legal moves and every candidate it discards, with the reason), and
//! the text is matched against them. A legal match is played with a
//! [`RuleLog`] (its verdict names GLN-1, the rule of every effect); a
//! rejected match gives the generator's rule and reason; a text that
//! matches no candidate is a move the piece cannot make, and the verdict
//! says how that piece moves.
//!
//! ```text
//! move  = cell cell [promo]      ; from, to: f5f6, g4h5, e9e10q
//! cell  = file rank              ; a1 .. l6, f11 (files a-l without j)
//! promo = "q" / "r" / "b" / "n"  ; lower case, required on the far edge
//! ```

use crate::core::hex::{between, bishop_attacks, rook_attacks, Cell, Shape};
use crate::core::{Candidates, MoveError, RuleLog, Verdict};

use super::moves::{Mv, F_CASTLE, F_DOUBLE, F_EP, F_TRIPLE};
use super::position::{ByColor, Color, PieceSets, Pos, Role, CAPTURE_DIRS, FORWARD, NO_EP};

/// Parses the canonical move text: (from, to, promotion role).
///
/// # Errors
/// [`MoveError::Syntax`] saying what is wrong.
pub fn parse_text(text: &str) -> Result<(Cell, Cell, Option<Role>), MoveError> {
    parse_text_on(Shape::Glinski, text)
}

/// [`parse_text`] with the cell names of `shape` (SHF-1's castling is
/// the king's move, `e1b1`).
///
/// # Errors
/// As [`parse_text`].
pub fn parse_text_on(shape: Shape, text: &str) -> Result<(Cell, Cell, Option<Role>), MoveError> {
    let bad = |m: &str| {
        MoveError::syntax(
            text,
            format!("{m} (from-cell to-cell [q|r|b|n], e.g. f5f6, e9e10q; or a record move such as Nf3, exf6)"),
        )
    };
    let (from, n) = shape.parse_prefix(text).ok_or_else(|| {
        bad(match shape {
            Shape::Glinski => "no cell a1..l6 at the start",
            Shape::Shafran => "no cell a1..i10 at the start",
        })
    })?;
    let rest = &text[n..];
    let (to, m) = shape
        .parse_prefix(rest)
        .ok_or_else(|| bad("no destination cell"))?;
    let promo = match &rest[m..] {
        "" => None,
        "n" => Some(Role::Knight),
        "b" => Some(Role::Bishop),
        "r" => Some(Role::Rook),
        "q" => Some(Role::Queen),
        _ => return Err(bad("promotion letter must be q, r, b or n")),
    };
    if from == to {
        return Err(bad("start and destination are the same cell"));
    }
    Ok((from, to, promo))
}

/// The canonical text of a compact move.
pub fn text_of(m: Mv) -> String {
    text_of_on(Shape::Glinski, m)
}

/// The canonical text of a compact move with the cell names of `shape`.
pub fn text_of_on(shape: Shape, m: Mv) -> String {
    let mut s = format!(
        "{}{}",
        shape.slot_name(m.from as usize),
        shape.slot_name(m.to as usize)
    );
    if let Some(r) = m.promo() {
        s.push(r.letter().to_ascii_lowercase());
    }
    s
}

/// Why a legal move is legal, in words.
fn legal_reason(pos: &Pos, m: Mv) -> String {
    match (m.flag, m.promo()) {
        (F_DOUBLE, _) => "legal double step from a start cell".into(),
        (F_TRIPLE, _) => "legal three-cell move from a start cell".into(),
        (F_CASTLE, _) => "legal castling".into(),
        (F_EP, _) => {
            let cap = (pos.ep as i32 + FORWARD[pos.turn.other()].slot_offset()) as usize;
            format!("legal en passant capture of the pawn on {}", pos.name(cap))
        }
        (_, Some(r)) => format!("legal promotion to a {}", r.name()),
        _ => "a legal move".into(),
    }
}

/// The verdict on a canonical move text in `pos` (GLN-1).
///
/// # Errors
/// Only syntax errors.
pub fn explain(pos: &Pos, text: &str) -> Result<Verdict, MoveError> {
    let rule = pos.base().rule;
    let (from, to, promo) = parse_text_on(pos.shape(), text)?;
    let mut c = Candidates::default();
    // `Candidates` never stops the generator.
    let _ = pos.generate(&mut c);
    let same =
        |m: &Mv| m.from as usize == from.slot() && m.to as usize == to.slot() && m.promo() == promo;
    if let Some(&m) = c.legal.iter().find(|m| same(m)) {
        let mut log = RuleLog::starting_with(&[rule]);
        let mut after = *pos;
        after.make(m, &mut log);
        return Ok(Verdict::legal(
            text_of_on(pos.shape(), m),
            log.into_rules(),
            legal_reason(pos, m),
        ));
    }
    if let Some((_, why)) = c.rejected.iter().find(|(m, _)| same(m)) {
        return Ok(Verdict::illegal(
            text,
            why.rules.clone(),
            why.reason.clone(),
        ));
    }
    let reason = no_candidate(pos, &c, from, to, promo);
    Ok(Verdict::illegal(text, vec![rule], reason))
}

/// Why a text that matches no candidate of the generator is not a move:
/// the game is over, there is no piece to move, the promotion letter does
/// not fit the candidates, or the piece does not move that way (GLN-1's
/// movement rule for it).
fn no_candidate(
    pos: &Pos,
    c: &Candidates<Mv>,
    from: Cell,
    to: Cell,
    promo: Option<Role>,
) -> String {
    let us = pos.turn;
    let from_name = pos.name(from.slot());
    let to_name = pos.name(to.slot());
    if c.legal.is_empty() {
        return if pos.checked() {
            "the game is over (checkmate)".into()
        } else if pos.king(us).is_none() {
            "the game is over (the king was taken)".into()
        } else {
            "the game is over (stalemate)".into()
        };
    }
    let f = from.slot();
    let Some(role) = pos
        .role_at(f as u32)
        .filter(|_| pos.colors[us] & from.bit() != 0)
    else {
        return format!("no piece of the side to move on {from_name}");
    };
    let promos: Vec<Option<Role>> = c
        .legal
        .iter()
        .chain(c.rejected.iter().map(|(m, _)| m))
        .filter(|m| m.from as usize == f && m.to as usize == to.slot())
        .map(|m| m.promo())
        .collect();
    if !promos.is_empty() {
        return if promo.is_none() {
            "a pawn reaching the far edge must promote (add q, r, b or n)".into()
        } else {
            "only a pawn reaching the far edge of the board promotes".into()
        };
    }
    if pos.colors[us] & to.bit() != 0 {
        return format!("{to_name} holds a piece of the side to move");
    }
    if promo.is_some() {
        return "only a pawn reaching the far edge of the board promotes".into();
    }
    let open = match role {
        Role::Rook => rook_attacks(f, 0),
        Role::Bishop => bishop_attacks(f, 0),
        Role::Queen => rook_attacks(f, 0) | bishop_attacks(f, 0),
        _ => 0,
    };
    if open & to.bit() != 0 {
        let blocker = (between(f, to.slot()) & pos.occupied()).trailing_zeros() as usize;
        return format!(
            "the {} is blocked on its way to {to_name} (by the piece on {})",
            role.name(),
            pos.name(blocker)
        );
    }
    match role {
        Role::Pawn => pawn_reason(pos, from, to),
        Role::Knight => "not a knight leap (two cells along an orthogonal line, then one cell along an orthogonal line at 60 degrees)".into(),
        Role::King if pos.base().castlings.is_empty() => format!(
            "the king steps one cell along one of the twelve lines (and there is no castling in {}'s chess)",
            if pos.base().rule == "GLN-1" { "Gliński" } else { "McCooey" }
        ),
        Role::King => "the king steps one cell along one of the twelve lines, or castles (3 or 2 cells toward an unmoved rook with the right kept)".into(),
        Role::Rook => "not a rook move (rooks move along the six orthogonal lines)".into(),
        Role::Bishop => "not a bishop move (bishops move along the six diagonal lines)".into(),
        _ => "not a queen move (queens move along the twelve lines)".into(),
    }
}

/// Why a pawn on `from` has no candidate move to `to` (the base's pawn
/// clauses: GLN-1, MCC-1, SHF-1).
fn pawn_reason(pos: &Pos, from: Cell, to: Cell) -> String {
    let us = pos.turn;
    let base = pos.base();
    let shape = base.shape;
    let name = |c: Cell| shape.name(c);
    let occ = pos.occupied();
    let fwd = FORWARD[us];
    let one = shape.step(from, fwd);
    let two = one.and_then(|c| shape.step(c, fwd));
    let three = two.and_then(|c| shape.step(c, fwd));
    let kind = pos.capture_kind();
    let [c1, c2] = CAPTURE_DIRS[kind][us];
    let lines = if kind == 0 {
        "the orthogonal lines next to its file"
    } else {
        "the forward diagonals"
    };
    let caps = pos.pawn_attacks(us, from.slot());
    if Some(to) == one {
        return format!("a pawn moves straight ahead only onto an empty cell (it captures one cell forward along {lines})");
    }
    if Some(to) == two || Some(to) == three {
        let n = if Some(to) == two { 2 } else { 3 };
        let allowed = base.max_steps(us, from);
        if n == 2 && allowed < 2 {
            let mut starts: Vec<Cell> = crate::core::hex::Cells(base.two_steps[us])
                .filter_map(Cell::from_slot)
                .collect();
            starts.sort_by_key(|c| shape.file(*c));
            let starts: Vec<String> = starts.into_iter().map(name).collect();
            let side = if us == Color::White { "White" } else { "Black" };
            return format!(
                "a pawn steps two cells only from a start cell of its colour ({side}: {})",
                starts.join(" ")
            );
        }
        if allowed < n {
            let starts: Vec<String> = crate::core::hex::Cells(if n == 2 {
                base.two_steps[us]
            } else {
                base.three_steps[us]
            })
            .map(|s| shape.slot_name(s))
            .collect();
            return format!(
                "a pawn moves {n} cells only from these start cells of its colour: {}",
                if starts.is_empty() {
                    "none".to_string()
                } else {
                    starts.join(" ")
                }
            );
        }
        let path = one.map_or(0, Cell::bit) | two.map_or(0, Cell::bit) | to.bit();
        if occ & path != 0 {
            return if n == 2 {
                "a double step needs both cells ahead empty".into()
            } else {
                "a three-cell move needs every cell on the way empty".into()
            };
        }
        return "this pawn has moved (mutant: double step on the first move only)".into();
    }
    if caps & to.bit() != 0 {
        return if pos.ep != NO_EP && pos.ep as usize != to.slot() && pos.ep2 as usize != to.slot() {
            format!(
                "nothing to capture on {} (en passant only onto {}, the cell the pawn passed over)",
                name(to),
                pos.name(pos.ep as usize)
            )
        } else {
            format!(
                "nothing to capture on {} (a pawn moves to a capture cell only to take, or en passant right after a {})",
                name(to),
                if base.three_steps == ByColor([0, 0]) { "double step" } else { "2- or 3-cell move" }
            )
        };
    }
    let side_caps: Vec<String> = [c1, c2]
        .iter()
        .filter_map(|&d| shape.step(from, d).map(name))
        .collect();
    let other = CAPTURE_DIRS[kind ^ 1][us]
        .iter()
        .any(|&d| shape.step(from, d) == Some(to));
    format!(
        "not a pawn move: a pawn steps straight ahead along its file and captures one cell forward along {} (from {}: {}){}",
        if kind == 0 {
            "the two orthogonal lines next to it"
        } else {
            "the two forward diagonals"
        },
        name(from),
        side_caps.join(" or "),
        match (other, kind) {
            (true, 0) => ", not along a diagonal",
            (true, _) => ", not along an orthogonal line",
            _ => "",
        }
    )
}

#[cfg(test)]
mod tests {
    use super::super::Glinski;
    use crate::core::Explain as _;

    /// Each reason is the generator's rejection of that candidate, or (no
    /// candidate) the movement rule of the piece.
    #[test]
    fn reasons_name_the_failing_condition() {
        let pins = "1/3/2r2/5b1/1p2PQ1p1/3rPK5/4N2B3/5R3q1/2r8/11/k4r3N1 w - 0 1";
        let evasion = "1/1r1/B4/5N1/9/5K5/11/11/Q10/11/10k w - 0 1";
        let cases = [
            (pins, "e5f8", "the knight on e5 is pinned"),
            (pins, "f4e4", "the rook on f4 is pinned"),
            (
                "1/1k1/5/7/pp5p1/7r3/3Pp6/6P4/2K8/11/R10 w e6 0 1",
                "d5e6",
                "en passant exposes the king (with the pawns on d5 and e5 gone, the king on c3",
            ),
            (
                evasion,
                "a3a4",
                "leaves own king in check: the move does not answer the check of the king on f6 by the rook on f10",
            ),
            (
                evasion,
                "f6f5",
                "moves the king into check (f5 is attacked)",
            ),
            (
                "1/1r1/5/5N1/9/5K5/2B8/8n2/Q10/11/10k w - 0 1",
                "h8f7",
                "only the king may move",
            ),
            (
                "1/3/1n3/7/5p3/5K5/r10/9b1/11/11/10k w - 0 1",
                "f6f8",
                "the king steps one cell",
            ),
            (
                "1/1r1/nP3/7/9/9P1/11/11/11/11/1K8k w - 0 1",
                "e9e10",
                "must promote",
            ),
            (
                "1/1r1/nP3/7/9/9P1/11/11/11/11/1K8k w - 0 1",
                "e9f10q",
                "only a pawn reaching the far edge",
            ),
        ];
        for (text, mv, want) in cases {
            let v = Glinski::from_text(text, 0).unwrap().explain(mv).unwrap();
            assert!(!v.legal, "{text} {mv}");
            assert_eq!(v.rules, ["GLN-1"], "{text} {mv}");
            assert!(v.reason.contains(want), "{text} {mv}: {}", v.reason);
        }
        let start = Glinski::start();
        let v = start.explain("f5g6").unwrap();
        assert!(
            v.reason.starts_with("not a pawn move") && v.reason.contains("not along a diagonal")
        );
    }

    /// A legal verdict (also of a record token) names GLN-1 once and the
    /// canonical text.
    #[test]
    fn legal_verdicts_come_from_the_traced_play() {
        let g = Glinski::from_text("1/1r1/nP3/7/9/9P1/11/11/11/11/1K8k w - 0 1", 0).unwrap();
        let v = g.explain("e9d9q").unwrap();
        assert!(v.legal && v.rules == ["GLN-1"], "{v:?}");
        let v = Glinski::start().explain("f6").unwrap();
        assert!(v.legal && v.rules == ["GLN-1"] && v.text == "f5f6", "{v:?}");
    }
}
