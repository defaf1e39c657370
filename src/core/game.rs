//! The rules of a game: [`Game`], a validated position that generates its
//! legal moves and plays them. Text ([`crate::core::Notation`]), verdicts
//! ([`crate::core::Explain`]) and pictures (`Draw`, feature `pictures`)
//! are separate traits on top of it; the object-safe face for the CLI and
//! the conformance runner is [`crate::core::DynGame`].

use std::fmt;
use std::hash::Hash;

use super::color::{Color, Outcome};
use super::sink::{Counter, First, Flow, MoveSink};

/// A validated position of one game, with its rules.
///
/// Implementations keep compact state and are cheap to clone (copy-make).
/// Each game has its own compact move type ([`Game::Move`]) and exactly one
/// move generator ([`Game::generate`]) that feeds a list, a counter, a
/// first-move probe or `explain`'s collector. Perft is
/// [`crate::core::perft()`], the only one. `Hash` covers everything the
/// next moves depend on (it keys the perft transposition table).
pub trait Game: Clone + Hash + Send + Sync + 'static {
    /// The game's compact move: everything the player decides in one turn
    /// (G2), in whatever form the generator and `play` share.
    type Move: Clone + PartialEq + fmt::Debug + Send + Sync;

    /// The variant id (`fide`, `sonic`, ...).
    fn variant(&self) -> &'static str;

    /// The side to move.
    fn turn(&self) -> Color;

    /// The one move generator: feeds every legal move (G2: every distinct
    /// decision set) to `sink`, or only their number when the sink counts;
    /// stops as soon as the sink answers `Break` and returns that `Break`.
    /// Feeds nothing when the game is over (G3, G6).
    fn generate<S: MoveSink<Self::Move>>(&self, sink: &mut S) -> Flow;

    /// Plays a move that `generate` produced. Other moves: unspecified
    /// result, but no panic.
    fn play(&mut self, mv: &Self::Move);

    /// `Some` when the game is over in this position. Implementations ask
    /// [`Game::has_legal_move`], never for the whole list.
    fn outcome(&self) -> Option<Outcome>;

    /// A line about the finished game's score beyond win/draw, when the
    /// game's rules give one (GLN-1: Gliński's rules score a stalemate ¾
    /// to the stalemating side); `play` prints it as a `note:` line.
    fn score_note(&self) -> Option<String> {
        None
    }

    /// The legal moves as a list, in generation order.
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut v = Vec::new();
        let _ = self.generate(&mut v);
        v
    }

    /// The number of legal moves (bulk counting at perft leaves).
    fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        let _ = self.generate(&mut c);
        c.0
    }

    /// Whether there is a legal move: the generator stops at the first.
    fn has_legal_move(&self) -> bool {
        let mut f = First::default();
        let _ = self.generate(&mut f);
        f.found()
    }
}
