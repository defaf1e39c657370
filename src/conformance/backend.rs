//! What the runner checks fixtures against: the reference itself, or
//! another program. Everything crosses this boundary as text, exactly
//! what an external implementation can produce.

use crate::core::perft::{Limit, PerftOptions, Stopped};
use crate::core::{Error, ErrorKind, Variant};
use crate::variants::{self, Setup};

/// The setup a request is about (variant, options, position, history).
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The variant id.
    pub variant: String,
    /// Rule options, `name` or `name=value` (as `--rule`).
    pub options: Vec<String>,
    /// The position text; `None`: the variant's start position.
    pub position: Option<String>,
    /// Moves played from the position first (canonical texts).
    pub moves: Vec<String>,
}

/// Why a backend gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackendError {
    /// The implementation rejected the input (bad position, illegal move...).
    Rejected {
        /// The error kind, when the implementation named a known one.
        kind: Option<ErrorKind>,
        /// For move-list errors: the 1-based ply of the failing move.
        ply: Option<usize>,
        /// The implementation's message.
        message: String,
    },
    /// The implementation failed (crash, timeout, protocol error).
    Failed(String),
    /// The implementation does not support this variant or option.
    Unsupported(String),
}

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BackendError::Rejected { message, .. } => write!(f, "rejected: {message}"),
            BackendError::Failed(m) => write!(f, "engine failed: {m}"),
            BackendError::Unsupported(m) => write!(f, "unsupported: {m}"),
        }
    }
}

/// An implementation under test (or the reference).
pub trait Backend {
    /// The implementation's name, as reports print it.
    fn name(&self) -> String;
    /// Checks that the setup is accepted (errors are compared with
    /// `expect.error`).
    fn validate(&mut self, req: &Request) -> Result<(), BackendError>;
    /// Canonical texts of the legal moves (any order).
    fn moves(&mut self, req: &Request) -> Result<Vec<String>, BackendError>;
    /// The position text after the history.
    fn position(&mut self, req: &Request) -> Result<String, BackendError>;
    /// Perft: the leaves `depth` plies below the position (the protocol's
    /// `perft` request; the reference answers with `core::perft`).
    fn nodes(&mut self, req: &Request, depth: u32) -> Result<u64, BackendError>;
    /// [`Backend::nodes`] within `limit`: `Ok(Err(stopped))` when the
    /// limit stopped the count. Only the reference can be stopped; other
    /// implementations are bounded by their time-outs (the default ignores
    /// `limit`).
    fn nodes_within(
        &mut self,
        req: &Request,
        depth: u32,
        limit: Limit,
    ) -> Result<Result<u64, Stopped>, BackendError> {
        let _ = limit;
        self.nodes(req, depth).map(Ok)
    }
    /// `white-wins`, `black-wins`, `draw` or `none`.
    fn outcome(&mut self, req: &Request) -> Result<String, BackendError>;
    /// (legal, rule IDs); `None` when the backend names no rule IDs (only
    /// legality is then compared). Backends that cannot judge a single move
    /// return `Unsupported`.
    fn explain(
        &mut self,
        req: &Request,
        mv: &str,
    ) -> Result<(bool, Option<Vec<String>>), BackendError>;
    /// Whether `expect.error.contains` is compared with this backend's
    /// messages. Message wording is the reference's own; other
    /// implementations are held to the error kind, ply and one-line rule.
    fn compares_messages(&self) -> bool {
        true
    }
    /// (move text, perft(depth - 1)) per legal move; `depth` ≥ 1. Used by
    /// `arbiter bisect`; backends that cannot split return `Unsupported`.
    fn divide(&mut self, req: &Request, depth: u32) -> Result<Vec<(String, u64)>, BackendError> {
        let _ = (req, depth);
        Err(BackendError::Unsupported("divide".into()))
    }
    /// How many times the implementation was restarted after failing.
    fn restarts(&self) -> usize {
        0
    }
    /// How many requests in a row the implementation failed (timed out,
    /// crashed, answered nonsense); an answer sets it back to 0. `check`
    /// gives up after `--max-failures` of them.
    fn failures_in_a_row(&self) -> usize {
        0
    }
}

/// The reference implementation as a backend.
pub struct Reference {
    /// The threads of each perft and divide (default 1).
    pub threads: usize,
    /// Active mutant (deliberately misread rule), for `arbiter mutants`:
    /// `variant/name`, or a bare `name` applying to every variant that
    /// declares it. Variants that do not declare it play their real rules.
    pub mutant: Option<String>,
    /// The most work each perft or divide may do (`Limit::NONE`: none).
    pub limit: Limit,
    /// Where the last perft or divide that its limit stopped says so (such
    /// a request is answered as failed).
    pub stopped: Option<Stopped>,
}

impl Default for Reference {
    fn default() -> Self {
        Reference {
            threads: 1,
            mutant: None,
            limit: Limit::NONE,
            stopped: None,
        }
    }
}

/// A depth above [`crate::core::perft::MAX_DEPTH`] is beyond what the
/// reference does: unsupported, saying the limit.
fn check_depth(depth: u32) -> Result<(), BackendError> {
    crate::core::perft::check_depth(depth)
        .map(|_| ())
        .map_err(|e| BackendError::Unsupported(e.to_string()))
}

fn rejected(e: Error) -> BackendError {
    BackendError::Rejected {
        kind: Some(e.kind()),
        ply: e.ply(),
        message: e.to_string(),
    }
}

impl Reference {
    /// The game a request describes (variant, options, position, history),
    /// with the mutant applied; errors as the backend answers them.
    ///
    /// # Errors
    /// The first thing that is wrong, as [`BackendError::Rejected`].
    pub fn game(&self, req: &Request) -> Result<Box<dyn crate::core::DynGame>, BackendError> {
        let v = variants::get(&req.variant).map_err(rejected)?;
        let mutant = self.mutant.as_deref().and_then(|m| mutant_for(m, v));
        variants::setup(&Setup {
            variant: &req.variant,
            options: &req.options,
            mutant,
            position: req.position.as_deref(),
            moves: &req.moves,
        })
        .map_err(rejected)
    }
}

/// The mutant name `spec` (`variant/name` or a bare `name`) selects for
/// variant `v`, if any.
pub fn mutant_for<'a>(spec: &'a str, v: &Variant) -> Option<&'a str> {
    let name = match spec.split_once('/') {
        Some((variant, name)) if variant == v.id => name,
        Some(_) => return None,
        None => spec,
    };
    v.mutants.iter().any(|x| x.name == name).then_some(name)
}

impl Backend for Reference {
    fn name(&self) -> String {
        match &self.mutant {
            Some(m) => format!("arbiter (mutant {m})"),
            None => "arbiter (reference)".into(),
        }
    }
    fn validate(&mut self, req: &Request) -> Result<(), BackendError> {
        self.game(req).map(|_| ())
    }
    fn moves(&mut self, req: &Request) -> Result<Vec<String>, BackendError> {
        Ok(self.game(req)?.legal_texts())
    }
    fn position(&mut self, req: &Request) -> Result<String, BackendError> {
        Ok(self.game(req)?.to_text())
    }
    fn nodes(&mut self, req: &Request, depth: u32) -> Result<u64, BackendError> {
        self.nodes_within(req, depth, self.limit)?.map_err(|s| {
            self.stopped = Some(s);
            BackendError::Failed(format!("perft({depth}) {s}"))
        })
    }
    fn nodes_within(
        &mut self,
        req: &Request,
        depth: u32,
        limit: Limit,
    ) -> Result<Result<u64, Stopped>, BackendError> {
        check_depth(depth)?;
        let options = PerftOptions {
            threads: self.threads,
            limit,
            ..PerftOptions::default()
        };
        Ok(self.game(req)?.perft(depth, &options))
    }
    fn outcome(&mut self, req: &Request) -> Result<String, BackendError> {
        Ok(self
            .game(req)?
            .outcome()
            .map_or("none", |o| o.as_str())
            .to_string())
    }
    fn explain(
        &mut self,
        req: &Request,
        mv: &str,
    ) -> Result<(bool, Option<Vec<String>>), BackendError> {
        let g = self.game(req)?;
        let v = g.explain(mv).map_err(|e| {
            rejected(Error::Move {
                ply: req.moves.len() + 1,
                error: e,
            })
        })?;
        Ok((
            v.legal,
            Some(v.rules.iter().map(|s| s.to_string()).collect()),
        ))
    }
    fn divide(&mut self, req: &Request, depth: u32) -> Result<Vec<(String, u64)>, BackendError> {
        check_depth(depth)?;
        let options = PerftOptions {
            threads: self.threads,
            limit: self.limit,
            ..PerftOptions::default()
        };
        let mut rows = self
            .game(req)?
            .divide(depth.max(1), &options)
            .map_err(|s| {
                self.stopped = Some(s);
                BackendError::Failed(format!("divide({depth}) {s}"))
            })?;
        rows.sort();
        Ok(rows)
    }
}
