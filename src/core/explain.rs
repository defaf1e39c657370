//! Verdicts: [`Explain`] says whether a move text is legal here and which
//! rule IDs decide it ([`Verdict`]).
//!
//! Explanations come from the one generator, never from a second copy of
//! the rules: the generator reports the candidates it rejects, with the
//! rule and the reason ([`crate::core::sink::Rejection`], collected by
//! [`crate::core::sink::Candidates`]), and playing a legal move reports
//! every rule whose effect happened during it ([`RuleLog`]). A text that
//! matches no candidate at all is one the moving piece cannot make; the
//! game says which movement rule that is.

use super::error::MoveError;
use super::notation::Notation;

/// The answer of `explain`: whether a move is legal, and the rule IDs that
/// decide it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the move is legal here.
    pub legal: bool,
    /// The canonical text of the move when legal; the text as given otherwise.
    pub text: String,
    /// Illegal: the rules that forbid it. Legal: the rule the move is made
    /// under, then every rule whose effect happened during it, in order
    /// (each once).
    pub rules: Vec<&'static str>,
    /// One line saying why.
    pub reason: String,
}

impl Verdict {
    /// A legal move's verdict.
    pub fn legal(
        text: impl Into<String>,
        rules: Vec<&'static str>,
        reason: impl Into<String>,
    ) -> Verdict {
        Verdict {
            legal: true,
            text: text.into(),
            rules,
            reason: reason.into(),
        }
    }
    /// An illegal move's verdict.
    pub fn illegal(
        text: impl Into<String>,
        rules: Vec<&'static str>,
        reason: impl Into<String>,
    ) -> Verdict {
        Verdict {
            legal: false,
            text: text.into(),
            rules,
            reason: reason.into(),
        }
    }
}

/// The rules whose effect happened while a move was played, in order,
/// each once: what a legal move's verdict names after its base rule.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleLog {
    rules: Vec<&'static str>,
}

impl RuleLog {
    /// A log that starts with the move's base rule(s).
    pub fn starting_with(rules: &[&'static str]) -> RuleLog {
        let mut log = RuleLog::default();
        for r in rules {
            log.note(r);
        }
        log
    }
    /// Records that `rule` took effect (a rule already logged is kept once,
    /// at its first place).
    pub fn note(&mut self, rule: &'static str) {
        if !self.rules.contains(&rule) {
            self.rules.push(rule);
        }
    }
    /// The rules in the order they first took effect.
    pub fn rules(&self) -> &[&'static str] {
        &self.rules
    }
    /// The rules, owned.
    pub fn into_rules(self) -> Vec<&'static str> {
        self.rules
    }
}

/// Where playing a move reports the rules whose effect happened during it.
///
/// A game writes its `play` once, generic over a `Trace`: perft and every
/// other caller pass `()`, which ignores the reports (the calls fold away);
/// `explain` passes a [`RuleLog`] and names what it collected in a legal
/// move's verdict. So the verdict comes from the code that plays the move,
/// not from a second statement of the rules.
pub trait Trace {
    /// `rule` took effect.
    fn note(&mut self, rule: &'static str);
}

impl Trace for () {
    #[inline(always)]
    fn note(&mut self, _: &'static str) {}
}

impl Trace for RuleLog {
    #[inline]
    fn note(&mut self, rule: &'static str) {
        RuleLog::note(self, rule);
    }
}

/// Verdicts on move texts, and reading moves with the reason a text is
/// refused.
pub trait Explain: Notation {
    /// Says whether `text` is legal here and which rule IDs decide it.
    ///
    /// # Errors
    /// Syntax errors only (an illegal move is a verdict, not an error).
    fn explain(&self, text: &str) -> Result<Verdict, MoveError>;

    /// Resolves a move text to one of the legal moves.
    ///
    /// # Errors
    /// Syntax errors, the end of the game, or an illegal move with the
    /// reason and rule IDs of [`Explain::explain`].
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let text = text.trim();
        if let Some(m) = self.find_move(text)? {
            return Ok(m);
        }
        self.check_move_syntax(text)?;
        Err(self.rejection(text))
    }

    /// The error for a well-formed move text that matches no legal move:
    /// the game is over, or the move is illegal with the reason and rule
    /// IDs of [`Explain::explain`].
    fn rejection(&self, text: &str) -> MoveError {
        if self.outcome().is_some() {
            return MoveError::GameOver {
                text: text.to_string(),
            };
        }
        match self.explain(text) {
            Ok(v) => MoveError::Illegal {
                text: text.to_string(),
                reason: v.reason,
                rules: v.rules,
            },
            Err(e) => e,
        }
    }

    /// Reads a game record: move texts played one after another from this
    /// position (a fixture's `moves`, `--moves`). The default reads each
    /// text with [`Explain::parse_move`] in the position it is played in; a
    /// game whose record notation needs the later texts to read an earlier
    /// one overrides it (hop: the look-ahead of HOP-8).
    ///
    /// # Errors
    /// The 0-based index of the first text that cannot be read, and why.
    fn read_record(&self, texts: &[String]) -> Result<Vec<Self::Move>, (usize, MoveError)> {
        let mut g = self.clone();
        let mut out = Vec::with_capacity(texts.len());
        for (i, text) in texts.iter().enumerate() {
            let m = g.parse_move(text).map_err(|e| (i, e))?;
            g.play(&m);
            out.push(m);
        }
        Ok(out)
    }
}
