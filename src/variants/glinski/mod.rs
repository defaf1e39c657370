//! Gliński's hexagonal chess (`glinski`), the base of `sonic-hex` as `fide`
//! is of `sonic`.
//!
//! **GLN-1** Gliński's hexagonal chess, the public rules: 91 cells (files
//! a–l without j; geometry in [`crate::core::hex`]); rook along the six
//! orthogonal lines, bishop along the six diagonal lines, queen both, king
//! one cell along any of the twelve, knight the twelve leaps (two cells
//! along an orthogonal line, one along an orthogonal line at 60°); pawns
//! step one cell along their file, capture one cell forward along the two
//! orthogonal lines next to it, step two cells from any start cell of
//! their colour through an empty cell (so also after a capture onto
//! another start cell), capture en passant right after such a double step
//! (a pawn that could have captured the double-stepper had it stepped one
//! cell), and promote on the far edge to Q, R, B or N; no castling; check,
//! checkmate (the side to move has no legal move and is in check: the
//! other side wins) and stalemate (no legal move, not in check: a draw, as
//! in chess per RULINGS; Gliński's rules score it ¾ to the stalemating
//! side and ¼ to the stalemated one, which `score_note` reports).
//!
//! - this file: the registry entry ([`VARIANT`], [`MUTANTS`]), the
//!   [`Game`] [`Glinski`], and `hex_game!`, the macro writing the thin
//!   game types of `mccooey` and `shafran` over the same position;
//! - [`base`]: the tables of the three hexagonal bases — GLN-1 here,
//!   MCC-1 (`mccooey`) and SHF-1 (`shafran`) — that the one generator
//!   reads (board shape, array, pawn cells and directions, castlings);
//! - `position`: the validated position, its attack test and copy-make;
//! - `moves`: the compact move (`Mv`, three bytes);
//! - `generate`: the legal move generator (check and pin masks, bulk
//!   counting, the discarded candidates `explain` asks for; generic over
//!   the base, a const index);
//! - [`notation`]: the hexagonal FEN, parse (raw `Setup`) → validate
//!   (`Pos`) → canonical text;
//! - `explain`: the move text (`f5f6`, `e9e10q`) and why a move is legal
//!   or illegal, with the rule ID;
//! - [`record`]: game records in SAN with English or Hungarian letters;
//! - [`diagram`]: pictures of positions and moves on `Geometry::Hex`.

pub mod base;
#[cfg(feature = "pictures")]
pub mod diagram;
pub(crate) mod explain;
mod generate;
mod moves;
pub mod notation;
pub(crate) mod position;
pub mod record;

use crate::core::Explain as _;
use crate::core::Variant;
use crate::core::{
    Color, Game, MoveError, MoveSink, Mutant, Outcome, PositionError, Rules, Verdict,
};

pub use moves::Mv;
pub use notation::START_TEXT as START;
use position::{
    Pos, MUT_DIAGONAL_PAWN_CAPTURES, MUT_FIRST_MOVE_DOUBLE_STEP, MUT_KING_INTO_CHECK, MUT_NO_EP,
    MUT_PINNED_MOVE,
};
/// Gliński's pawn geometry, for the games built on `glinski` (SCA-13's
/// `sonic-hex` has Gliński pawns): start cells, promotion cells, the cells
/// a pawn can ever stand on, forward and capture directions (index 0 the
/// rules, 1 the mutant `diagonal-pawn-captures`) and capture tables.
pub use position::{
    CAPTURE_DIRS as PAWN_CAPTURE_DIRS, FORWARD as PAWN_FORWARD, PAWN_ATTACKS, PAWN_CELLS,
    PROMOTION as PAWN_PROMOTION, START as PAWN_START,
};
use record::{Lang, Record};

/// The mutants of `glinski` (deliberate misreadings of GLN-1).
pub static MUTANTS: [Mutant; 5] = [
    Mutant {
        name: "diagonal-pawn-captures",
        doc: "GLN-1 misread: pawns capture one cell forward along the diagonals next to their file (as on the square board), not along the orthogonals",
    },
    Mutant {
        name: "double-step-first-move-only",
        doc: "GLN-1 misread: a pawn steps two cells only on its first move, so not after a capture onto another start cell",
    },
    Mutant { name: "no-en-passant", doc: "GLN-1 misread: en passant captures are never legal" },
    Mutant { name: "king-into-check", doc: "GLN-1 misread: the king may step onto an attacked cell" },
    Mutant { name: "pinned-pieces-move", doc: "GLN-1 misread: pinned pieces move freely (pins ignored)" },
];

/// The `glinski` variant (GLN-1): id, rule options, mutants, start and parser.
pub static VARIANT: Variant = Variant {
    id: "glinski",
    name: "Gliński's hexagonal chess (91 cells; the base of sonic-hex)",
    options: &[],
    mutants: &MUTANTS,
    start: |_| Ok(START.to_string()),
    parse,
};

/// The position flag of each mutant of [`MUTANTS`].
const MUTANT_FLAGS: [(&str, u8); 5] = [
    ("diagonal-pawn-captures", MUT_DIAGONAL_PAWN_CAPTURES),
    ("double-step-first-move-only", MUT_FIRST_MOVE_DOUBLE_STEP),
    ("no-en-passant", MUT_NO_EP),
    ("king-into-check", MUT_KING_INTO_CHECK),
    ("pinned-pieces-move", MUT_PINNED_MOVE),
];

/// The position's mutant flags (`position::MUT_*`) of the mutants
/// `rules` names, by `table`'s `(mutant name, flag)` pairs: the one
/// reading of `glinski`'s, `mccooey`'s and `shafran`'s mutants.
///
/// # Errors
/// As [`Rules::is_mutant`].
pub(crate) fn mutant_flags_of(
    rules: &Rules,
    table: &[(&str, u8)],
) -> Result<u8, crate::core::RuleError> {
    let mut f = 0;
    for &(name, flag) in table {
        if rules.is_mutant(name)? {
            f |= flag;
        }
    }
    Ok(f)
}

fn parse(text: &str, rules: &Rules) -> Result<Box<dyn crate::core::DynGame>, crate::core::Error> {
    Ok(Box::new(Glinski::from_text(
        text,
        mutant_flags_of(rules, &MUTANT_FLAGS)?,
    )?))
}

/// A `glinski` position (the [`Game`] of Gliński's hexagonal chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Glinski {
    pos: Pos,
}

impl Glinski {
    /// Parses and validates a position text (see [`notation`]); `mutants` are
    /// mutant flags (0 for the rules as written).
    ///
    /// # Errors
    /// Syntax or validity errors naming the field.
    ///
    /// # Examples
    /// ```
    /// use arbiter::core::Explain;
    /// use arbiter::variants::glinski::{Glinski, START};
    ///
    /// let g = Glinski::from_text(START, 0).unwrap();
    /// assert_eq!(arbiter::core::perft(&g, 1), 51);
    /// let e = Glinski::from_text("b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQB1NRP1 w - 0 1", 0)
    ///     .unwrap_err();
    /// assert_eq!(e.field(), arbiter::core::Field::Board); // no white king
    /// let v = g.explain("f5f7").unwrap();
    /// assert!(!v.legal && v.rules == ["GLN-1"]);
    /// ```
    pub fn from_text(text: &str, mutants: u8) -> Result<Glinski, PositionError> {
        Ok(Glinski {
            pos: notation::Setup::parse(text)?.validate(mutants)?,
        })
    }

    /// The start position.
    pub fn start() -> Glinski {
        Glinski::from_text(START, 0).expect("the start position is valid")
    }

    /// Resolves a move text read in the language(s) `langs` (`None`: the
    /// canonical text, or a record token read both ways).
    ///
    /// # Errors
    /// As [`Explain::parse_move`](crate::core::Explain::parse_move).
    pub fn parse_in(&self, text: &str, langs: Option<&[Lang]>) -> Result<Mv, MoveError> {
        let text = text.trim();
        match explain::parse_text(text) {
            Ok((from, to, promo)) => self
                .pos
                .moves()
                .into_iter()
                .find(|m| {
                    m.from as usize == from.slot()
                        && m.to as usize == to.slot()
                        && m.promo() == promo
                })
                .ok_or_else(|| self.rejection(text)),
            Err(_) => {
                if record::San::parse(text).is_err() {
                    return Err(MoveError::syntax(
                        text,
                        "neither a cell pair (f5f6, e9e10q) nor a record move (Nf3, exf6, Hg2, e10=Q)",
                    ));
                }
                if self.outcome().is_some() {
                    return Err(MoveError::GameOver {
                        text: text.to_string(),
                    });
                }
                record::parse_token(&self.pos, text, langs)
            }
        }
    }

    /// Replays a game record (see [`record`]) from the start position (or
    /// its `FEN` tag) with
    /// [`Explain::read_record`](crate::core::Explain::read_record);
    /// returns the final position, or the 1-based ply where it stops with
    /// the reason.
    ///
    /// # Errors
    /// `(ply, error)`; ply 0 for a bad `FEN` tag.
    pub fn replay(rec: &Record) -> Result<Glinski, (usize, crate::core::Error)> {
        let mut g = match rec.tag("FEN") {
            Some(f) => Glinski::from_text(f, 0).map_err(|e| (0, e.into()))?,
            None => Glinski::start(),
        };
        let moves = g
            .read_record(&rec.moves)
            .map_err(|(i, error)| (i + 1, crate::core::Error::Move { ply: i + 1, error }))?;
        for m in &moves {
            Game::play(&mut g, m);
        }
        Ok(g)
    }
}

impl Game for Glinski {
    type Move = Mv;

    fn variant(&self) -> &'static str {
        "glinski"
    }

    fn turn(&self) -> Color {
        self.pos.turn
    }

    fn generate<S: MoveSink<Mv>>(&self, sink: &mut S) -> crate::core::Flow {
        self.pos.generate(sink)
    }

    #[inline]
    fn play(&mut self, m: &Mv) {
        self.pos.make(*m, &mut ());
    }

    /// GLN-1: no legal move → checkmate (in check: the other side wins) or
    /// stalemate (a draw). A missing king (only under the mutant
    /// `king-into-check`) loses.
    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome(|| Game::has_legal_move(self))
    }

    /// GLN-1 (RULINGS 3.4): Gliński's rules score a stalemate ¾ to the
    /// stalemating side and ¼ to the stalemated one. The outcome stays a
    /// draw (an outcome has only win/draw); this note gives the score.
    /// `None` in every other position.
    fn score_note(&self) -> Option<String> {
        let stalemated = Game::turn(self);
        if self.pos.king(self.pos.turn).is_none()
            || self.pos.checked()
            || Game::has_legal_move(self)
        {
            return None;
        }
        let name = |c: Color| if c.is_white() { "White" } else { "Black" };
        Some(format!(
            "stalemate (GLN-1): 3/4 to {}, the stalemating side, 1/4 to {}, the stalemated one",
            name(stalemated.other()),
            name(stalemated)
        ))
    }
}

impl crate::core::Notation for Glinski {
    fn to_text(&self) -> String {
        notation::write(&self.pos)
    }

    fn move_text(&self, m: &Mv) -> String {
        explain::text_of(*m)
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        let text = text.trim();
        if explain::parse_text(text).is_ok() || record::San::parse(text).is_ok() {
            return Ok(());
        }
        explain::parse_text(text).map(|_| ())
    }
}

impl crate::core::Explain for Glinski {
    /// Accepts the canonical text and record tokens (SAN with English or
    /// Hungarian letters, see [`record`]), a token read in every language
    /// its letters allow.
    fn parse_move(&self, text: &str) -> Result<Mv, MoveError> {
        self.parse_in(text, None)
    }

    /// A move list read as one record: the first token whose letters
    /// belong to one language only (Q R N: English, V F H: Hungarian) fixes
    /// the language of every token (so `B` is a bishop or a rook
    /// throughout; a token of the other language is an error).
    fn read_record(&self, texts: &[String]) -> Result<Vec<Mv>, (usize, MoveError)> {
        let lang = record::language(texts).map(|l| [l]);
        let mut g = *self;
        let mut out = Vec::with_capacity(texts.len());
        for (i, t) in texts.iter().enumerate() {
            let m = g
                .parse_in(t, lang.as_ref().map(|l| &l[..]))
                .map_err(|e| (i, e))?;
            Game::play(&mut g, &m);
            out.push(m);
        }
        Ok(out)
    }

    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        let text = text.trim();
        if explain::parse_text(text).is_ok() {
            return explain::explain(&self.pos, text);
        }
        match self.parse_in(text, None) {
            Ok(m) => explain::explain(&self.pos, &explain::text_of(m)),
            Err(MoveError::Syntax { text, message }) => Err(MoveError::Syntax { text, message }),
            Err(e) => Ok(Verdict {
                legal: false,
                text: text.to_string(),
                rules: vec!["GLN-1"],
                reason: match e {
                    MoveError::Illegal { reason, .. } => reason,
                    MoveError::Ambiguous { candidates, .. } => {
                        format!("ambiguous: matches {}", candidates.join(", "))
                    }
                    other => other.to_string(),
                },
            }),
        }
    }
}

#[cfg(feature = "pictures")]
impl crate::core::Draw for Glinski {
    fn diagram(&self) -> crate::core::diagram::Diagram {
        diagram::diagram(&self.pos)
    }

    fn draw_move(&self, m: &Mv) -> crate::core::diagram::MoveDrawing {
        diagram::draw_move(&self.pos, *m)
    }

    /// The start cell in the picture convention ([`diagram::square`]), so
    /// that `moves --from` and the drawings name the same cells.
    fn move_start(&self, m: &Mv) -> Option<crate::core::Square> {
        Some(diagram::square(m.from as usize))
    }
}

/// Writes the game type `$ty` of base `$base` (a [`base::BaseId`]):
/// the struct, `from_text` / `start`, and the `Game`, `Notation`,
/// `Explain` and `Draw` impls. Move text from-to (`e2e4`, `e9e10q`, a
/// castling as the king's move `e1b1`); the position text of
/// [`notation`]. `$san`: `Some(rule)` on Gliński's cells also reads
/// [`record`]'s record tokens (SAN), illegal ones answered under
/// `rule`; `None` reads from-to texts only. Under the rule option flag
/// [`position::OPT_MCCOOEY_LETTERS`] every move text read has its
/// file letters mapped by [`record::mccooey_letters`] first.
macro_rules! hex_game {
    ($(#[$doc:meta])* $ty:ident, $base:expr, $san:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $ty {
            pos: $crate::variants::glinski::position::Pos,
        }

        impl $ty {
            /// Parses and validates a position text; `mutants` are mutant
            /// flags and `opts` rule-option flags (0, 0 for the rules as
            /// written without options).
            ///
            /// # Errors
            /// Syntax or validity errors naming the field.
            pub fn from_text(
                text: &str,
                mutants: u8,
                opts: u8,
            ) -> Result<$ty, $crate::core::PositionError> {
                Ok($ty {
                    pos: $crate::variants::glinski::notation::Setup::parse_on($base, text)?
                        .validate_with(mutants, opts)?,
                })
            }

            /// The start position (rules as written, no options).
            pub fn start() -> $ty {
                $ty::from_text(
                    $crate::variants::glinski::base::Base::of($base).start_text,
                    0,
                    0,
                )
                .expect("the start position is valid")
            }

            /// Record tokens (SAN) read too, illegal ones under this rule.
            const SAN: Option<&'static str> = $san;

            /// `text` in our file letters (MCC-1 `letters=mccooey` maps
            /// McCooey's; otherwise unchanged).
            fn ours(&self, text: &str) -> Result<String, $crate::core::MoveError> {
                if self.pos.opts & $crate::variants::glinski::position::OPT_MCCOOEY_LETTERS != 0 {
                    $crate::variants::glinski::record::mccooey_letters(text)
                } else {
                    Ok(text.to_string())
                }
            }

            fn parse_text(
                &self,
                text: &str,
            ) -> Result<(usize, usize, Option<$crate::core::chess::Role>), $crate::core::MoveError> {
                let (f, t, p) =
                    $crate::variants::glinski::explain::parse_text_on(self.pos.shape(), text)?;
                Ok((f.slot(), t.slot(), p))
            }
        }

        impl $crate::core::Game for $ty {
            type Move = $crate::variants::glinski::Mv;

            fn variant(&self) -> &'static str {
                self.pos.base().name
            }

            fn turn(&self) -> $crate::core::Color {
                self.pos.turn
            }

            fn generate<S: $crate::core::MoveSink<Self::Move>>(
                &self,
                sink: &mut S,
            ) -> $crate::core::Flow {
                self.pos.generate(sink)
            }

            #[inline]
            fn play(&mut self, m: &Self::Move) {
                self.pos.make(*m, &mut ());
            }

            /// No legal move: checkmate (in check: the other side wins) or
            /// stalemate (a draw).
            fn outcome(&self) -> Option<$crate::core::Outcome> {
                self.pos.outcome(|| $crate::core::Game::has_legal_move(self))
            }
        }

        impl $crate::core::Notation for $ty {
            fn to_text(&self) -> String {
                $crate::variants::glinski::notation::write(&self.pos)
            }

            fn move_text(&self, m: &Self::Move) -> String {
                $crate::variants::glinski::explain::text_of_on(self.pos.shape(), *m)
            }

            fn check_move_syntax(&self, text: &str) -> Result<(), $crate::core::MoveError> {
                let text = text.trim();
                let t = self.ours(text)?;
                match self.parse_text(&t) {
                    Ok(_) => Ok(()),
                    Err(_)
                        if Self::SAN.is_some()
                            && $crate::variants::glinski::record::San::parse(&t).is_ok() =>
                    {
                        Ok(())
                    }
                    Err(e) => Err($crate::variants::glinski::record::as_written(e, text, None)),
                }
            }
        }

        impl $crate::core::Explain for $ty {
            fn parse_move(&self, text: &str) -> Result<Self::Move, $crate::core::MoveError> {
                let text = text.trim();
                let t = self.ours(text)?;
                let (from, to, promo) = match self.parse_text(&t) {
                    Ok(ft) => ft,
                    Err(e) => {
                        if Self::SAN.is_none()
                            || $crate::variants::glinski::record::San::parse(&t).is_err()
                        {
                            // The from-to error (it names record moves too).
                            return Err($crate::variants::glinski::record::as_written(
                                e, text, None,
                            ));
                        }
                        if $crate::core::Game::outcome(self).is_some() {
                            return Err($crate::core::MoveError::GameOver {
                                text: text.to_string(),
                            });
                        }
                        return $crate::variants::glinski::record::parse_token(&self.pos, &t, None)
                            .map_err(|e| {
                                $crate::variants::glinski::record::as_written(e, text, Self::SAN)
                            });
                    }
                };
                self.pos
                    .moves()
                    .into_iter()
                    .find(|m| m.from as usize == from && m.to as usize == to && m.promo() == promo)
                    .ok_or_else(|| self.rejection(text))
            }

            fn explain(&self, text: &str) -> Result<$crate::core::Verdict, $crate::core::MoveError> {
                let text = text.trim();
                let t = self.ours(text)?;
                let rule = match Self::SAN {
                    Some(rule) if self.parse_text(&t).is_err() => rule,
                    _ => {
                        let mut v = $crate::variants::glinski::explain::explain(&self.pos, &t)
                            .map_err(|e| {
                                $crate::variants::glinski::record::as_written(e, text, None)
                            })?;
                        if !v.legal {
                            v.text = text.to_string();
                        }
                        return Ok(v);
                    }
                };
                match self.parse_move(text) {
                    Ok(m) => $crate::variants::glinski::explain::explain(
                        &self.pos,
                        &$crate::variants::glinski::explain::text_of_on(self.pos.shape(), m),
                    ),
                    Err(e @ $crate::core::MoveError::Syntax { .. }) => Err(e),
                    Err(e) => Ok($crate::core::Verdict {
                        legal: false,
                        text: text.to_string(),
                        rules: vec![rule],
                        reason: match e {
                            $crate::core::MoveError::Illegal { reason, .. } => reason,
                            $crate::core::MoveError::Ambiguous { candidates, .. } => {
                                format!("ambiguous: matches {}", candidates.join(", "))
                            }
                            other => other.to_string(),
                        },
                    }),
                }
            }
        }

        #[cfg(feature = "pictures")]
        impl $crate::core::Draw for $ty {
            fn diagram(&self) -> $crate::core::diagram::Diagram {
                $crate::variants::glinski::diagram::diagram(&self.pos)
            }

            fn draw_move(&self, m: &Self::Move) -> $crate::core::diagram::MoveDrawing {
                $crate::variants::glinski::diagram::draw_move(&self.pos, *m)
            }

            fn move_start(&self, m: &Self::Move) -> Option<$crate::core::Square> {
                Some($crate::variants::glinski::diagram::square_on(
                    self.pos.shape(),
                    m.from as usize,
                ))
            }
        }
    };
}

pub(crate) use hex_game;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::mangled;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    #[test]
    fn start_position_round_trip_and_count() {
        let g = Glinski::start();
        assert_eq!(g.to_text(), START);
        assert_eq!(g.count_legal(), 51);
    }

    /// GLN-1 (RULINGS 3.4): a stalemate is a draw scored 3/4 to the
    /// stalemating side; no note in any other position.
    #[test]
    fn stalemate_score_note() {
        let g = Glinski::from_text("k/3/5/3K1Q1/9/11/11/11/11/11/11 b - 0 1", 0).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Draw));
        let note = g.score_note().expect("a stalemate has a score note");
        assert!(
            note.contains("3/4 to White") && note.contains("1/4 to Black"),
            "{note}"
        );
        assert_eq!(Glinski::start().score_note(), None);
    }

    /// Random edits of valid texts and move texts never panic; whatever is
    /// accepted prints a text that parses back to itself and supports perft.
    #[test]
    fn mangled_input_never_panics() {
        let seeds = [
            START,
            "b/qbk/n1b1n/r5r/ppp1ppppp/11/4pP5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w e6 0 2",
            "1/3/5/7/9/11/11/11/11/11/K9k w - 0 1",
        ];
        let alphabet = "pnbrqkPNBRQK1234567890/ -wabcdefghikl";
        let mut accepted = 0;
        for text in mangled(&seeds, alphabet, 20_000, 0x2545_f491_4f6c_dd1d) {
            if let Ok(g) = Glinski::from_text(&text, 0) {
                accepted += 1;
                let t = g.to_text();
                assert_eq!(
                    Glinski::from_text(&t, 0).map(|h| h.to_text()).as_deref(),
                    Ok(t.as_str()),
                    "{text}"
                );
                crate::core::perft::perft(&g, 2);
                for m in [
                    "f5f6", "e4e6", "e10e9q", "Nf3", "Hxg2", "exf6", "ixk", "zz", "f5f6k", "Ve10+",
                ] {
                    let _ = g.explain(m);
                    let _ = g.parse_move(m);
                }
            }
        }
        assert!(accepted > 100, "only {accepted} accepted");
    }
}
