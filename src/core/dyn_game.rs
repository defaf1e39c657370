//! [`DynGame`]: the object-safe face of a game for the CLI, the
//! conformance runner and the registry. It speaks canonical move *texts*
//! (G2: the game-independent edge); each game's compact move type stays
//! inside the game. Implemented for every game by one blanket impl.

use super::color::{Color, Outcome};
use super::error::MoveError;
use super::explain::{Explain, Verdict};
use super::perft::{self, PerftOptions, Stopped};
use super::table::state_key;
#[cfg(feature = "pictures")]
use super::{
    diagram::{Diagram, MoveDrawing},
    draw::Draw,
    geometry::Square,
};

/// Everything a registered game implements: rules, notation, explain, and
/// with the `pictures` feature its drawings.
#[cfg(feature = "pictures")]
pub trait Whole: Explain + Draw {}
#[cfg(feature = "pictures")]
impl<G: Explain + Draw> Whole for G {}

/// Everything a registered game implements: rules, notation and explain.
#[cfg(not(feature = "pictures"))]
pub trait Whole: Explain {}
#[cfg(not(feature = "pictures"))]
impl<G: Explain> Whole for G {}

/// A position of any game, behind a pointer: the game-independent edge.
pub trait DynGame: Send + Sync {
    /// The variant id.
    fn variant(&self) -> &'static str;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The canonical texts of the legal moves, sorted (the `moves` command).
    fn legal_texts(&self) -> Vec<String>;
    /// Parses and plays one move text; returns its canonical text.
    ///
    /// # Errors
    /// As [`Explain::parse_move`]; the position is unchanged on error.
    fn play_text(&mut self, text: &str) -> Result<String, MoveError>;
    /// Reads and plays a game record ([`Explain::read_record`]).
    ///
    /// # Errors
    /// The 0-based index of the first text that cannot be read, and why;
    /// the position is unchanged on error.
    fn play_record(&mut self, texts: &[String]) -> Result<(), (usize, MoveError)>;
    /// [`Explain::explain`].
    ///
    /// # Errors
    /// Syntax errors only.
    fn explain(&self, text: &str) -> Result<Verdict, MoveError>;
    /// `Some` when the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the side to move has a legal move.
    fn has_legal_move(&self) -> bool;
    /// The score beyond win/draw of a finished game ([`crate::core::Game::score_note`]).
    fn score_note(&self) -> Option<String>;
    /// The canonical position text.
    fn to_text(&self) -> String;
    /// perft(depth) with `options` ([`perft::perft_with`]).
    ///
    /// # Errors
    /// [`Stopped`] when the options' limit stopped it.
    fn perft(&self, depth: u32, options: &PerftOptions) -> Result<u64, Stopped>;
    /// (move text, perft(depth - 1)) per legal move, in generation order;
    /// `depth` 0 is treated as 1 ([`perft::divide`]).
    ///
    /// # Errors
    /// [`Stopped`] when the options' limit stopped it.
    fn divide(&self, depth: u32, options: &PerftOptions) -> Result<Vec<(String, u64)>, Stopped>;
    /// The nodes at ply `at` ([`perft::split`]): the canonical move texts
    /// leading there and the position text there, in generation order.
    fn split(&self, at: u32, each: &mut dyn FnMut(&[String], &str));
    /// [`state_key`] at depth 0: a 64-bit hash of everything the next
    /// moves depend on (equal states, equal keys).
    fn state_key(&self) -> u64;
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// The picture of this position.
    #[cfg(feature = "pictures")]
    fn diagram(&self) -> Diagram;
    /// The drawing of `text` judged by `verdict` (from
    /// [`DynGame::explain`]): [`Draw::draw_move`] when legal,
    /// [`Draw::draw_illegal`] otherwise.
    #[cfg(feature = "pictures")]
    fn draw_verdict(&self, text: &str, verdict: &Verdict) -> MoveDrawing;
    /// (canonical text, drawing) of every legal move that starts on
    /// `from`, sorted by text.
    #[cfg(feature = "pictures")]
    fn draw_moves_from(&self, from: Square) -> Vec<(String, MoveDrawing)>;
}

impl<G: Whole> DynGame for G {
    fn variant(&self) -> &'static str {
        super::game::Game::variant(self)
    }
    fn turn(&self) -> Color {
        super::game::Game::turn(self)
    }
    fn legal_texts(&self) -> Vec<String> {
        let mut t: Vec<String> = self
            .legal_moves()
            .iter()
            .map(|m| self.move_text(m))
            .collect();
        t.sort();
        t
    }
    fn play_text(&mut self, text: &str) -> Result<String, MoveError> {
        let m = self.parse_move(text)?;
        let canonical = self.move_text(&m);
        self.play(&m);
        Ok(canonical)
    }
    fn play_record(&mut self, texts: &[String]) -> Result<(), (usize, MoveError)> {
        for m in self.read_record(texts)? {
            self.play(&m);
        }
        Ok(())
    }
    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        Explain::explain(self, text)
    }
    fn outcome(&self) -> Option<Outcome> {
        super::game::Game::outcome(self)
    }
    fn has_legal_move(&self) -> bool {
        super::game::Game::has_legal_move(self)
    }
    fn score_note(&self) -> Option<String> {
        super::game::Game::score_note(self)
    }
    fn to_text(&self) -> String {
        super::notation::Notation::to_text(self)
    }
    fn perft(&self, depth: u32, options: &PerftOptions) -> Result<u64, Stopped> {
        perft::perft_with(self, depth, options)
    }
    fn divide(&self, depth: u32, options: &PerftOptions) -> Result<Vec<(String, u64)>, Stopped> {
        perft::divide(self, depth, options)
    }
    fn split(&self, at: u32, each: &mut dyn FnMut(&[String], &str)) {
        perft::split(self, at, each)
    }
    fn state_key(&self) -> u64 {
        state_key(self, 0)
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    #[cfg(feature = "pictures")]
    fn diagram(&self) -> Diagram {
        Draw::diagram(self)
    }
    #[cfg(feature = "pictures")]
    fn draw_verdict(&self, text: &str, verdict: &Verdict) -> MoveDrawing {
        if verdict.legal {
            if let Ok(m) = self.parse_move(text) {
                return self.draw_move(&m);
            }
        }
        self.draw_illegal(text.trim(), verdict)
    }
    #[cfg(feature = "pictures")]
    fn draw_moves_from(&self, from: Square) -> Vec<(String, MoveDrawing)> {
        let mut v: Vec<(String, MoveDrawing)> = self
            .legal_moves()
            .iter()
            .filter(|m| self.move_start(m) == Some(from))
            .map(|m| (self.move_text(m), self.draw_move(m)))
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    }
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}
