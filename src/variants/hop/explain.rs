//! `explain` for Hop Chess, with HOP rule IDs, and the errors of texts
//! that name no legal turn.
//!
//! A verdict comes from the generator, never from a second statement of
//! the rules: the text is read as for `parse_move`; a legal turn is played
//! with a [`RuleLog`] ([`Hop::play_traced`]: HOP-2, the turn, then every
//! rule whose effect happened, in order, and HOP-7 when the turn answers
//! or gives a check); otherwise the generator runs into a [`Candidates`]
//! sink and the candidate it discarded that the text names gives the
//! rules and the reason (`Hop::rejected`); a text that names no candidate
//! either has a legal piece part (the placement is wrong, HOP-2) or is no
//! move at all (HOP-8).

use super::generate::{MUST_MOVE_ON, PLACEMENT_SQUARE};
use super::moves::Turn;
use super::record::{parse_pattern, Unresolved};
use super::*;
use crate::core::{Candidates, Game, MoveError, Rejection, RuleLog, Verdict};

impl Hop {
    /// The distinct piece parts of the legal turns moving the piece type a
    /// text names (the candidates an unmatched record token is listed with).
    fn near(&self, pat: &record::Pattern) -> String {
        let mut seen: Vec<String> = Vec::new();
        for t in Game::legal_moves(self) {
            let pm = &t.piece;
            let is_castle = pm.castle != NONE;
            let same = if pat.castle.is_some() {
                is_castle
            } else {
                !is_castle && kind(self.board[pm.from() as usize]) == pat.piece
            };
            let text = self.text_of(&Turn {
                piece: *pm,
                place: NONE,
            });
            if same && !seen.contains(&text) {
                seen.push(text);
            }
        }
        if seen.is_empty() {
            "none".into()
        } else {
            seen.join(", ")
        }
    }

    /// Whether the candidate `t`, which the generator discarded for
    /// `why`, is the turn `pat` names. Its placement: any when it has none
    /// (a piece move discarded before the placements are judged), else the
    /// written one. Its piece part: as for legal turns; a written path
    /// also names a discarded candidate that it runs through (the
    /// generator stopped following the move there, e.g. a king landing on
    /// a trampoline), except one that stops on a trampoline the move
    /// landed on ([`MUST_MOVE_ON`]: its continuations were generated).
    fn names(&self, pat: &record::Pattern, t: &Turn, why: &Rejection) -> bool {
        if t.place != NONE && pat.place.is_some_and(|p| p != t.place) {
            return false;
        }
        let pm = &t.piece;
        let Some(path) = pat.path.as_ref().filter(|_| pm.castle == NONE) else {
            return self.piece_part_matches(pat, pm);
        };
        let n = pm.len as usize;
        if kind(self.board[pm.from() as usize]) != pat.piece
            || path.len() < n
            || path[..n] != pm.path[..n]
        {
            return false;
        }
        if path.len() > n {
            return why.reason != MUST_MOVE_ON;
        }
        pat.capture == pm.capture && pat.promo.is_none_or(|p| pm.promo == 0 || pm.promo == p)
    }

    /// The candidate the generator discarded that `pat` names, with why
    /// (the one with the longest path: where the text breaks last; the
    /// first such in generation order).
    pub(crate) fn rejected(&self, pat: &record::Pattern) -> Option<(Turn, Rejection)> {
        let mut found = Candidates::default();
        // `Candidates` never asks the generator to stop.
        let _ = Game::generate(self, &mut found);
        let mut best: Option<(Turn, Rejection)> = None;
        for (t, why) in found.rejected {
            if self.names(pat, &t, &why)
                && best.as_ref().is_none_or(|b| t.piece.len > b.0.piece.len)
            {
                best = Some((t, why));
            }
        }
        best
    }

    /// The verdict on a text that matches no legal turn: the generator's
    /// rejection of the candidate it names; else, when the piece part
    /// matches a legal turn, the placement (HOP-2); else no such move
    /// (HOP-8).
    fn diagnose(&self, text: &str, pat: &record::Pattern, piece_ok: bool) -> Verdict {
        if let Some((_, why)) = self.rejected(pat) {
            return Verdict::illegal(text, why.rules, why.reason);
        }
        if piece_ok {
            return Verdict::illegal(text, vec!["HOP-2"], PLACEMENT_SQUARE);
        }
        Verdict::illegal(text, vec!["HOP-8"], "no legal move matches")
    }

    /// What an illegal text attempts: the candidate the generator
    /// discarded that it names (with the written placement when the
    /// candidate was discarded before the placements), and the rules of
    /// that rejection (see [`crate::core::Explain::explain`]); `None` when
    /// it names none.
    #[cfg(feature = "pictures")]
    pub(crate) fn attempted_turn(&self, text: &str) -> Option<(Turn, Vec<&'static str>)> {
        let pat = parse_pattern(text).ok()?;
        let (mut t, why) = self.rejected(&pat)?;
        if t.place == NONE && !self.first_turn() {
            t.place = pat.place.unwrap_or(NONE);
        }
        Some((t, why.rules))
    }

    /// The texts of turns, for messages.
    pub(super) fn texts(&self, ts: &[Turn]) -> Vec<String> {
        ts.iter().map(|t| self.text_of(t)).collect()
    }

    /// The error for a token that does not resolve to one turn.
    pub(crate) fn failure(&self, text: &str, pat: &record::Pattern, u: Unresolved) -> MoveError {
        match u {
            Unresolved::Several(candidates) => MoveError::Ambiguous {
                text: text.to_string(),
                candidates: self.texts(&candidates),
            },
            Unresolved::CheckMark(c) => MoveError::Illegal {
                text: text.to_string(),
                reason: format!(
                    "check mark wrong (no check where '+' is written; candidates {})",
                    self.texts(&c).join(", ")
                ),
                rules: vec!["HOP-8", "HOP-7"],
            },
            Unresolved::NoMatch { piece_ok } => {
                let v = self.diagnose(text, pat, piece_ok);
                let reason = if v.rules == ["HOP-8"] {
                    format!(
                        "no legal move matches; legal moves of that piece type: {}",
                        self.near(pat)
                    )
                } else {
                    format!("no legal move matches: {}", v.reason)
                };
                MoveError::Illegal {
                    text: text.to_string(),
                    reason,
                    rules: v.rules,
                }
            }
        }
    }
}

/// The verdict on `text` in `pos` (HOP-2 … HOP-8).
///
/// # Errors
/// Only syntax errors.
pub(super) fn explain(pos: &Hop, text: &str) -> Result<Verdict, MoveError> {
    let text = text.trim();
    let pat = parse_pattern(text)?;
    Ok(match pos.resolve(&pat) {
        Ok(t) => {
            let mut log = RuleLog::starting_with(&["HOP-2"]);
            let mut after = pos.clone();
            after.play_traced(&t, &mut log);
            // HOP-7: the turn answers a check, or gives one.
            if pos.in_check(pos.turn) || after.in_check(after.turn) {
                log.note("HOP-7");
            }
            let reason = if t.piece.hops() > 0 {
                format!("a legal turn with {} hop(s)", t.piece.hops())
            } else {
                "a legal turn".into()
            };
            Verdict::legal(pos.text_of(&t), log.into_rules(), reason)
        }
        Err(Unresolved::Several(c)) => Verdict::illegal(
            text,
            vec!["HOP-8"],
            format!("several legal moves match: {}", pos.texts(&c).join(", ")),
        ),
        Err(Unresolved::CheckMark(_)) => {
            Verdict::illegal(text, vec!["HOP-8", "HOP-7"], "check mark wrong")
        }
        Err(Unresolved::NoMatch { piece_ok }) => pos.diagnose(text, &pat, piece_ok),
    })
}

#[cfg(test)]
mod tests {
    use crate::core::Explain as _;
    use crate::variants::hop::notation::parse_position;
    use crate::variants::hop::HopRules;

    /// Each illegal verdict is the generator's rejection of the candidate
    /// the text names: its rules and its reason (with the square where
    /// the generator gives one).
    #[test]
    fn reasons_are_the_generator_s() {
        let cases: [(&str, &str, &[&str], &str); 12] = [
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 30 e2 d2",
                "Ke1-e2-e3@e2",
                &["HOP-4"],
                "a king never lands",
            ),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 10 b1 -",
                "O-O-O@c3",
                &["HOP-4"],
                "between king and rook (b1)",
            ),
            (
                "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 10 h3 -",
                "O-O-O@c3",
                &["HOP-1"],
                "a piece between king and rook (b1)",
            ),
            (
                "4k3/8/8/8/8/r7/8/4K2R w K - 0 20 e3 -",
                "O-O@b5",
                &["HOP-7"],
                "castling out of check (the king on e1",
            ),
            (
                "4k3/8/8/8/8/r7/8/4K2R w K - 0 20 f3 -",
                "O-O@a5",
                &["HOP-7"],
                "across an attacked square (f1",
            ),
            (
                "7k/8/8/8/8/8/2PPP3/K2Q4 w - - 0 20 f1 -",
                "Qd1-f1-h3@a8",
                &["HOP-3"],
                "keeps the line type",
            ),
            (
                "7k/8/8/8/8/8/7K/R7 w - - 0 20 a4 d4",
                "Ra1-a4-d4-a4-a8@b2",
                &["HOP-3.1"],
                "at most once",
            ),
            (
                "7k/8/8/8/8/P1P5/8/B1N4K w - - 0 20 b2 -",
                "Ba1-b2@d4",
                &["HOP-3.1", "HOP-3"],
                "no possible continuation",
            ),
            (
                "4k3/8/8/3pP3/2P5/8/8/4K3 w - d6 0 31 c5 h6",
                "c4-c5:d6@a1",
                &["HOP-5"],
                "no hop before it",
            ),
            (
                "4k3/8/8/3pP3/2P5/8/8/4K3 w - d6 0 31 c5 d6",
                "e5:d6@a1",
                &["HOP-5"],
                "onto a trampoline square",
            ),
            (
                "r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 5 d4 f5",
                "d2-d3@f5",
                &["HOP-2"],
                "(f5 holds the other trampoline)",
            ),
            (
                "r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 5 d4 f5",
                "d2-d3@a5",
                &["HOP-7"],
                "attacked after the whole turn",
            ),
        ];
        for (pos, mv, rules, want) in cases {
            let p = parse_position(pos, HopRules::default()).unwrap();
            let v = p.explain(mv).unwrap();
            assert!(!v.legal, "{pos} {mv}");
            assert_eq!(v.rules, rules, "{pos} {mv}");
            assert!(v.reason.contains(want), "{pos} {mv}: {}", v.reason);
        }
    }

    /// A text that names no candidate of the generator: HOP-8.
    #[test]
    fn no_candidate_is_no_such_move() {
        let p = parse_position(
            "7k/8/8/8/8/8/2PPP3/K2Q4 w - - 0 20 f1 -",
            HopRules::default(),
        )
        .unwrap();
        let v = p.explain("Qd1-f1-e2@a8").unwrap();
        assert!(!v.legal);
        assert_eq!(v.rules, ["HOP-8"]);
    }
}
