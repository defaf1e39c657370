//! `explain` for Checkers with Bosses: whether a move text is legal and
//! which rule decides it (CWB-2..CWB-10).

use crate::core::Notation as _;
use crate::core::{Game, MoveError, Verdict};

use super::notation::MoveText;
use super::{far_rank, Bosses, Drops, NO_DROP};

/// Says whether `text` is legal in `pos` and which rule IDs decide it.
///
/// # Errors
/// Syntax errors only (an illegal move is a verdict).
pub(super) fn explain(pos: &Bosses, text: &str) -> Result<Verdict, MoveError> {
    let text = text.trim();
    let moves = pos.legal_moves();
    if let Some(m) = moves.iter().find(|m| pos.move_text(m) == text) {
        let mut rules = vec![];
        let mut why = Vec::new();
        if m.drops.iter().any(|&s| s != NO_DROP) {
            rules.push("CWB-7");
            why.push("an allowed boss drop");
        }
        if text.contains('x') {
            rules.extend(["CWB-3", "CWB-4"]);
            why.push("a complete capture series with the most jumps");
        } else {
            rules.push("CWB-2");
            why.push("a step, no capture available");
        }
        if !m.shift.is_empty() {
            rules.push("CWB-9");
            why.push("the binding shift required");
        }
        return Ok(Verdict {
            legal: true,
            text: text.into(),
            rules,
            reason: why.join(", "),
        });
    }
    let parsed = MoveText::parse(text)?;
    let illegal = |rules: Vec<&'static str>, reason: &str| {
        Ok(Verdict {
            legal: false,
            text: text.into(),
            rules,
            reason: reason.into(),
        })
    };
    if pos.eliminated(pos.turn) || pos.eliminated(pos.turn.other()) || moves.is_empty() {
        return illegal(vec!["CWB-10"], "the game is over");
    }
    // CWB-7: the drops.
    let mut given: Drops = [NO_DROP; 3];
    let mut twice = false;
    for &(k, s) in &parsed.drops {
        twice |= given[k] != NO_DROP;
        given[k] = s;
    }
    if pos.pending(pos.turn) != 0 || !parsed.drops.is_empty() {
        if twice || !pos.placements().contains(&given) {
            return illegal(vec!["CWB-7"], "the pending bosses must be dropped (all that fit, on empty squares of the first three ranks), and only those");
        }
        if !pos.allowed_placements().contains(&given) {
            return illegal(
                vec!["CWB-7"],
                "this drop would change the captures available",
            );
        }
    }
    // CWB-2..CWB-8: the main move.
    let mut g = pos.clone();
    g.drop_all(&given);
    let p = parsed.path;
    let mut main = Vec::new();
    let flow = g.main_moves(&mut |path| {
        main.push(path.to_vec());
        std::ops::ControlFlow::Continue(())
    });
    debug_assert!(flow.is_continue());
    if !main.contains(&p) {
        let capture = parsed.capture;
        let all = g.captures(false).paths;
        if capture && all.contains(&p) {
            return illegal(vec!["CWB-4"], "a longer capture exists");
        }
        if !capture && !all.is_empty() {
            return illegal(vec!["CWB-4"], "capturing is compulsory");
        }
        if capture && all.iter().any(|q| q.len() > p.len() && q.starts_with(&p)) {
            return illegal(
                vec!["CWB-4"],
                "the series must go on while a jump is available",
            );
        }
        if capture && p.windows(3).any(|w| w[0] == w[2]) {
            return illegal(
                vec!["CWB-8"],
                "two jumps over the same boss need another jump in between",
            );
        }
        let far = far_rank(pos.turn);
        if capture
            && all
                .iter()
                .any(|q| q.len() < p.len() && p.starts_with(q) && far & (1 << q[q.len() - 1]) != 0)
        {
            return illegal(vec!["CWB-6"], "the series stops where the man is crowned");
        }
        if capture {
            return illegal(vec!["CWB-3", "CWB-5"], "no such capture series");
        }
        return illegal(vec!["CWB-2"], "no such step");
    }
    // CWB-9: the main move is legal, so the shifts are wrong.
    illegal(
        vec!["CWB-9"],
        "the binding rule requires another shift (or none)",
    )
}
