//! Where a move generator puts its moves ([`MoveSink`]): a list, a
//! counter (bulk counting at perft leaves), a "is there any?" probe that
//! stops at the first move ([`First`]), or `explain`'s collector of legal
//! moves and rejected candidates ([`Candidates`]).
//!
//! Every game has one generator ([`crate::core::Game::generate`]) that
//! feeds any sink. A sink answers each move with [`ControlFlow`]: `Break`
//! asks the generator to stop at once, and the generator passes the
//! `Break` up (`sink.push(m)?` inside a function that returns
//! [`ControlFlow<()>`]). Sinks that never stop answer `Continue`, which
//! the compiler folds away in the hot loop.

use std::ops::ControlFlow;

/// What a generator returns: `Break` when its sink asked it to stop.
pub type Flow = ControlFlow<()>;

/// Why a candidate move that the generator considered is not legal: the
/// rule IDs that decide it and a one-line reason. Generators build one
/// only for sinks that ask for them ([`MoveSink::WANTS_REJECTED`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// The rule IDs that decide it, most specific first.
    pub rules: Vec<&'static str>,
    /// One line, e.g. "castling through an attacked square (f1)".
    pub reason: String,
}

impl Rejection {
    /// A rejection by one rule.
    pub fn new(rule: &'static str, reason: impl Into<String>) -> Rejection {
        Rejection {
            rules: vec![rule],
            reason: reason.into(),
        }
    }
}

/// The destination of a move generator.
pub trait MoveSink<M> {
    /// `true` for sinks that only count: generators may then skip building
    /// moves and report whole groups with [`MoveSink::add_count`].
    const COUNTS_ONLY: bool;
    /// `true` for sinks that want the candidates the generator rejects
    /// ([`MoveSink::reject`], `explain`). Generators test it before
    /// building a [`Rejection`], so other sinks pay nothing.
    const WANTS_REJECTED: bool = false;
    /// One legal move. `Break`: stop generating.
    fn push(&mut self, m: M) -> Flow;
    /// `n` legal moves counted without being built. Generators call this
    /// only when [`MoveSink::COUNTS_ONLY`] is `true`.
    fn add_count(&mut self, n: u64) -> Flow;
    /// A candidate the generator considered and found illegal, with why.
    /// Called only when [`MoveSink::WANTS_REJECTED`] is `true`.
    fn reject(&mut self, _m: M, _why: Rejection) {}
}

impl<M> MoveSink<M> for Vec<M> {
    const COUNTS_ONLY: bool = false;
    #[inline]
    fn push(&mut self, m: M) -> Flow {
        Vec::push(self, m);
        ControlFlow::Continue(())
    }
    fn add_count(&mut self, _: u64) -> Flow {
        unreachable!("a generator gave a count to a sink that takes moves")
    }
}

/// A sink that only counts legal moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counter(pub u64);

impl<M> MoveSink<M> for Counter {
    const COUNTS_ONLY: bool = true;
    #[inline]
    fn push(&mut self, _: M) -> Flow {
        self.0 += 1;
        ControlFlow::Continue(())
    }
    #[inline]
    fn add_count(&mut self, n: u64) -> Flow {
        self.0 += n;
        ControlFlow::Continue(())
    }
}

/// A sink that stops the generator at the first legal move: "is there any
/// legal move?" ([`crate::core::Game::has_legal_move`]). `pushed` counts
/// the moves it was handed (1 when there is one: the generator stopped).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct First {
    /// Moves handed to this sink (counts: 1 per `add_count` call).
    pub pushed: u64,
}

impl First {
    /// Whether a legal move was found.
    pub fn found(&self) -> bool {
        self.pushed > 0
    }
}

impl<M> MoveSink<M> for First {
    const COUNTS_ONLY: bool = true;
    #[inline]
    fn push(&mut self, _: M) -> Flow {
        self.pushed += 1;
        ControlFlow::Break(())
    }
    #[inline]
    fn add_count(&mut self, n: u64) -> Flow {
        if n == 0 {
            return ControlFlow::Continue(());
        }
        self.pushed += 1;
        ControlFlow::Break(())
    }
}

/// `explain`'s sink: the legal moves and the rejected candidates, in the
/// order the generator considered them.
#[derive(Clone, Debug)]
pub struct Candidates<M> {
    /// The legal moves.
    pub legal: Vec<M>,
    /// The candidates found illegal, with why.
    pub rejected: Vec<(M, Rejection)>,
}

impl<M> Default for Candidates<M> {
    fn default() -> Self {
        Candidates {
            legal: Vec::new(),
            rejected: Vec::new(),
        }
    }
}

impl<M> MoveSink<M> for Candidates<M> {
    const COUNTS_ONLY: bool = false;
    const WANTS_REJECTED: bool = true;
    fn push(&mut self, m: M) -> Flow {
        self.legal.push(m);
        ControlFlow::Continue(())
    }
    fn add_count(&mut self, _: u64) -> Flow {
        unreachable!("a generator gave a count to a sink that takes moves")
    }
    fn reject(&mut self, m: M, why: Rejection) {
        self.rejected.push((m, why));
    }
}
