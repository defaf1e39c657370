//! `explain` for Checkers with Bosses (CWB-2..CWB-10), from the one
//! generator: the text is matched against the legal turns and the
//! candidates the generator rejects (CWB-4: shorter or unfinished series,
//! steps while a capture is compulsory; CWB-7: drops that change the
//! captures); a legal turn is played with a [`RuleLog`], which names the
//! rules whose effect happened. A text that matches no candidate at all
//! names the rule the main move or the drops break.

use crate::core::explain::RuleLog;
use crate::core::Notation as _;
use crate::core::{Candidates, MoveError, Verdict};

use super::moves::{Drops, Turn, NO_DROP};
use super::notation::MoveText;
use super::position::{far_rank, Bosses};

/// Says whether `text` is legal in `pos` and which rule IDs decide it.
///
/// # Errors
/// Syntax errors only (an illegal move is a verdict).
pub(super) fn explain(pos: &Bosses, text: &str) -> Result<Verdict, MoveError> {
    let text = text.trim();
    let parsed = MoveText::parse(text)?;
    let mut c = Candidates::<Turn>::default();
    let flow = pos.generate(&mut c);
    debug_assert!(flow.is_continue(), "explain's collector never stops");
    if let Some(m) = c.legal.iter().find(|m| pos.move_text(m) == text) {
        let mut log = RuleLog::default();
        pos.clone().play_traced(m, &mut log);
        let mut why = Vec::new();
        if m.drops.iter().any(|&s| s != NO_DROP) {
            why.push("an allowed boss drop");
        }
        why.push(if parsed.capture {
            "a complete capture series with the most jumps"
        } else {
            "a step, no capture available"
        });
        if !m.shift.is_empty() {
            why.push("the binding shift required");
        }
        return Ok(Verdict::legal(text, log.into_rules(), why.join(", ")));
    }
    if let Some((_, why)) = c.rejected.iter().find(|(m, _)| pos.move_text(m) == text) {
        return Ok(Verdict::illegal(
            text,
            why.rules.clone(),
            why.reason.clone(),
        ));
    }
    let moves = c.legal;
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
    if (pos.pending(pos.turn) != 0 || !parsed.drops.is_empty())
        && (twice || !pos.placements().contains(&given))
    {
        return illegal(vec!["CWB-7"], "the pending bosses must be dropped (all that fit, on empty squares of the first three ranks), and only those");
    }
    // CWB-2..CWB-8: the main move.
    let mut g = pos.clone();
    g.drop_all(&given);
    let p = parsed.path;
    let mut main = Vec::new();
    let flow = g.main_moves::<false>(&mut |path, _| {
        main.push(path.to_vec());
        std::ops::ControlFlow::Continue(())
    });
    debug_assert!(flow.is_continue());
    if !main.contains(&p) {
        let capture = parsed.capture;
        let all = g.captures(false).paths;
        if !capture && !all.is_empty() {
            return illegal(vec!["CWB-4"], "capturing is compulsory");
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
