//! [`Game`] for Hop Chess: the compact move [`Turn`] and the one generator
//! [`Hop::turns`]; texts, the record reader (HOP-8), and `explain`
//! with HOP rule IDs.

use super::hops::PieceMove;
use super::placements::Turn;
use super::record::{parse_pattern, Read, Unresolved};
use super::*;
use crate::core::{Game, MoveError, MoveSink, Outcome, Verdict};

/// A relaxation of the rules and the rule it lifts, for `explain`: if a
/// text is a legal move only once that rule is lifted, that rule is what
/// makes it illegal.
struct Relax {
    set: fn(&mut HopRules),
    rules: &'static [&'static str],
    reason: &'static str,
}

const RELAXATIONS: [Relax; 10] = [
    Relax {
        set: |r| r.ignore_check = true,
        rules: &["HOP-7"],
        reason: "the mover's king would be attacked after the whole turn (piece move and placement; attacks through trampolines count)",
    },
    Relax { set: |r| r.king_on_trampoline = true, rules: &["HOP-4"], reason: "a king never lands on a trampoline" },
    Relax {
        set: |r| r.castle_across_trampoline = true,
        rules: &["HOP-4"],
        reason: "castling is illegal with a trampoline between king and rook",
    },
    Relax {
        set: |r| r.queen_changes_line = true,
        rules: &["HOP-3"],
        reason: "a hopping queen keeps the line type (orthogonal/diagonal) of the leg that brought it",
    },
    Relax { set: |r| r.three_hops = true, rules: &["HOP-3.1"], reason: "a move lands on each trampoline at most once (at most two hops)" },
    Relax { set: |r| r.return_to_start = true, rules: &["HOP-3.1"], reason: "a move may not end on its start square" },
    Relax {
        set: |r| r.ep_after_hop = true,
        rules: &["HOP-5"],
        reason: "en passant must be the capturing pawn's whole move (no hop before it)",
    },
    Relax { set: |r| r.first_turn_placement = true, rules: &["HOP-2"], reason: "White's first turn is a piece move only (no placement)" },
    Relax { set: |r| r.double_after_hop = true, rules: &["HOP-3.1"], reason: "a pawn never double-steps after a hop" },
    Relax {
        set: |r| r.ep_onto_trampoline = true,
        rules: &["HOP-5"],
        reason: "no en passant onto a trampoline square (the capture must be the pawn's whole move)",
    },
];

impl Hop {
    /// The rule IDs a legal turn exercises, for `explain`.
    fn rules_of(&self, pm: &PieceMove) -> Vec<&'static str> {
        let mut r = vec!["HOP-2"];
        if pm.hops() > 0 {
            r.push("HOP-3");
            r.push("HOP-3.1");
        }
        if pm.castle != NONE || kind(self.board[pm.from() as usize]) == KING {
            r.push("HOP-4");
        }
        if pm.ep {
            r.push("HOP-5");
        }
        if pm.promo != 0 {
            r.push("HOP-6");
        }
        r.push("HOP-7");
        r
    }

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

    fn diagnose(&self, text: &str, pat: &record::Pattern, piece_ok: bool) -> Verdict {
        let illegal = |rules: Vec<&'static str>, reason: String| Verdict {
            legal: false,
            text: text.to_string(),
            rules,
            reason,
        };
        // En passant onto a trampoline square (HOP-5).
        if self.ep != NONE
            && self.tramp_at(self.ep).is_some()
            && pat.capture
            && pat.piece == PAWN
            && (pat.dest == Some(self.ep)
                || pat.path.as_ref().and_then(|p| p.last()) == Some(&self.ep))
        {
            return illegal(
                vec!["HOP-5"],
                "no en passant onto a trampoline square".into(),
            );
        }
        // A text ending on a trampoline square: the piece would have to move on.
        if let Some(path) = &pat.path {
            let last = *path.last().unwrap_or(&NONE);
            if on_board(last) && self.tramp_at(last).is_some() && path.len() == 2 {
                let k = kind(self.board[path[0] as usize]);
                return if k == KING {
                    illegal(vec!["HOP-4"], "a king never lands on a trampoline".into())
                } else {
                    illegal(
                        vec!["HOP-3", "HOP-3.1"],
                        "a piece landing on a trampoline must move again (write the whole path)"
                            .into(),
                    )
                };
            }
        }
        if let Some((rx, _)) = self.relaxed(pat) {
            return illegal(rx.rules.to_vec(), rx.reason.into());
        }
        if piece_ok {
            let reason = if self.first_turn() {
                "White's first turn is a piece move only (no placement)"
            } else {
                "the placement must be on a square holding no piece and not the other trampoline"
            };
            return illegal(vec!["HOP-2"], reason.into());
        }
        illegal(vec!["HOP-8"], "no legal move matches".into())
    }
}

impl Hop {
    /// The first relaxation (in [`RELAXATIONS`] order) under which `pat`
    /// reads as a turn, with that turn (the first, if several match): the
    /// rule that makes the text illegal, and what the text attempts
    /// (`explain`, and the picture of an illegal move).
    fn relaxed(&self, pat: &record::Pattern) -> Option<(&'static Relax, Turn)> {
        RELAXATIONS.iter().find_map(|rx| {
            let mut p = self.clone();
            (rx.set)(&mut p.rules);
            if rx.rules == ["HOP-7"] {
                p.rules = self.rules;
            }
            p.rules.ignore_check = true;
            match p.resolve(pat) {
                Ok(t) => Some((rx, t)),
                Err(Unresolved::Several(ts)) => ts.first().map(|&t| (rx, t)),
                _ => None,
            }
        })
    }

    /// What an illegal text attempts: the turn it reads as once the rule
    /// that forbids it is lifted, and that rule's IDs (see
    /// [`Game::explain`]); `None` when no relaxation reads it.
    #[cfg(feature = "pictures")]
    pub(crate) fn attempted_turn(&self, text: &str) -> Option<(Turn, &'static [&'static str])> {
        let pat = parse_pattern(text).ok()?;
        self.relaxed(&pat).map(|(rx, t)| (t, rx.rules))
    }

    /// The texts of turns, for messages.
    fn texts(&self, ts: &[Turn]) -> Vec<String> {
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

impl Game for Hop {
    type Move = Turn;

    fn variant(&self) -> &'static str {
        "hop"
    }

    fn turn(&self) -> crate::core::Color {
        self.turn
    }

    fn generate<S: MoveSink<Turn>>(&self, sink: &mut S) -> crate::core::Flow {
        self.turns(sink)
    }

    fn play(&mut self, t: &Turn) {
        self.play_turn(t);
    }

    /// HOP-7: checkmate loses, stalemate draws.
    fn outcome(&self) -> Option<Outcome> {
        if self.has_turn() {
            None
        } else if self.in_check(self.turn) {
            Some(Outcome::Win(self.turn.other()))
        } else {
            Some(Outcome::Draw)
        }
    }
}

impl crate::core::Notation for Hop {
    fn to_text(&self) -> String {
        self.text()
    }

    fn move_text(&self, t: &Turn) -> String {
        self.text_of(t)
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        parse_pattern(text).map(|_| ())
    }
}

impl crate::core::Explain for Hop {
    /// Accepts the canonical text and the documents' record notation
    /// (HOP-8, see [`record`]); alone, a token cannot look ahead, so an
    /// omitted promotion piece is ambiguous here.
    fn parse_move(&self, text: &str) -> Result<Turn, MoveError> {
        match self.read(text)? {
            Read::One(t) => Ok(t),
            Read::Promotions(ts) => Err(MoveError::Ambiguous {
                text: text.trim().to_string(),
                candidates: self.texts(&ts),
            }),
        }
    }

    /// HOP-8: a record read with look-ahead for omitted promotion pieces.
    fn read_record(&self, texts: &[String]) -> Result<Vec<Turn>, (usize, MoveError)> {
        self.read_game(texts)
    }

    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        let text = text.trim();
        let pat = parse_pattern(text)?;
        Ok(match self.resolve(&pat) {
            Ok(t) => Verdict {
                legal: true,
                text: self.text_of(&t),
                rules: self.rules_of(&t.piece),
                reason: if t.piece.hops() > 0 {
                    format!("a legal turn with {} hop(s)", t.piece.hops())
                } else {
                    "a legal turn".into()
                },
            },
            Err(Unresolved::Several(c)) => Verdict {
                legal: false,
                text: text.into(),
                rules: vec!["HOP-8"],
                reason: format!("several legal moves match: {}", self.texts(&c).join(", ")),
            },
            Err(Unresolved::CheckMark(_)) => Verdict {
                legal: false,
                text: text.into(),
                rules: vec!["HOP-8", "HOP-7"],
                reason: "check mark wrong".into(),
            },
            Err(Unresolved::NoMatch { piece_ok }) => self.diagnose(text, &pat, piece_ok),
        })
    }
}

#[cfg(feature = "pictures")]
impl crate::core::Draw for Hop {
    fn diagram(&self) -> crate::core::diagram::Diagram {
        super::diagram::diagram(self)
    }

    fn draw_move(&self, t: &Turn) -> crate::core::diagram::MoveDrawing {
        super::diagram::draw_move(self, t)
    }

    fn draw_illegal(&self, text: &str, v: &Verdict) -> crate::core::diagram::MoveDrawing {
        super::diagram::draw_illegal(self, text.trim(), v)
    }

    fn move_start(&self, m: &<Self as Game>::Move) -> Option<crate::core::Square> {
        Some(crate::core::Square(m.piece.from()))
    }
}
