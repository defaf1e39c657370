//! The position abstraction every game implements ([`Game`]), and its
//! object-safe face for the CLI and the conformance runner ([`DynGame`]).

use super::diagram::{Diagram, MoveDrawing};
use super::error::MoveError;
use super::geometry::Square;
use super::moves::Move;
use std::fmt;
use std::hash::Hash;

use super::perft;

/// A side. White moves first in every game except English draughts (G1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
    #[inline]
    pub fn is_white(self) -> bool {
        self == Color::White
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Win(Color),
    Draw,
}

impl Outcome {
    /// Text form used by fixtures and `--json`: `white-wins`, `black-wins`, `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win(Color::White) => "white-wins",
            Outcome::Win(Color::Black) => "black-wins",
            Outcome::Draw => "draw",
        }
    }
}

/// The answer of `explain`: whether a move is legal, and the rule IDs that
/// decide it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub legal: bool,
    /// The canonical text of the move when legal; the text as given otherwise.
    pub text: String,
    pub rules: Vec<&'static str>,
    pub reason: String,
}

/// Where a move generator puts its moves: a list, or only a count (bulk
/// counting at perft leaves). Every game has one generator
/// ([`Game::generate`]) that feeds any sink.
pub trait MoveSink<M> {
    /// `true` for sinks that only count: generators may then skip building
    /// moves and report whole groups with [`MoveSink::add_count`].
    const COUNTS_ONLY: bool;
    /// One legal move.
    fn push(&mut self, m: M);
    /// `n` legal moves counted without being built. Generators call this
    /// only when [`MoveSink::COUNTS_ONLY`] is `true`.
    fn add_count(&mut self, n: u64);
}

impl<M> MoveSink<M> for Vec<M> {
    const COUNTS_ONLY: bool = false;
    #[inline]
    fn push(&mut self, m: M) {
        Vec::push(self, m);
    }
    fn add_count(&mut self, _: u64) {
        unreachable!("a generator gave a count to a sink that takes moves")
    }
}

/// A sink that only counts legal moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counter(pub u64);

impl<M> MoveSink<M> for Counter {
    const COUNTS_ONLY: bool = true;
    #[inline]
    fn push(&mut self, _: M) {
        self.0 += 1;
    }
    #[inline]
    fn add_count(&mut self, n: u64) {
        self.0 += n;
    }
}

/// A validated position of one game, with its rules.
///
/// Implementations keep compact state and are cheap to clone (copy-make).
/// Each game has its own compact move type ([`Game::Move`]) and exactly one
/// move generator ([`Game::generate`]) that feeds a list or a counter; the
/// shared [`Move`] (G2) is built only at the edge (text, explain, engine
/// protocol) by [`Game::to_move`]. Perft is [`crate::core::perft`], the
/// only one. `Hash` covers everything the next moves depend on (it keys
/// the perft transposition table).
pub trait Game: Clone + Hash + Send + Sync + 'static {
    /// The game's compact move: everything the player decides in one turn
    /// (G2), in whatever form the generator and `play` share.
    type Move: Clone + PartialEq + fmt::Debug + Send + Sync;

    /// The variant id (`fide`, `sonic`, ...).
    fn variant(&self) -> &'static str;

    /// The side to move.
    fn turn(&self) -> Color;

    /// The one move generator: feeds every legal move (G2: every distinct
    /// decision set) to `sink`, or only their number when the sink counts.
    /// Feeds nothing when the game is over (G3, G6).
    fn generate<S: MoveSink<Self::Move>>(&self, sink: &mut S);

    /// The legal moves as a list.
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut v = Vec::new();
        self.generate(&mut v);
        v
    }

    /// The number of legal moves (bulk counting at perft leaves).
    fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    /// perft(depth) (G3) by [`perft::perft`], the one perft of every game
    /// (games do not override it).
    fn perft(&self, depth: u32) -> u64 {
        perft::perft(self, depth)
    }

    /// Plays a move that `generate` produced. Other moves: unspecified
    /// result, but no panic.
    fn play(&mut self, mv: &Self::Move);

    /// `Some` when the game is over in this position.
    fn outcome(&self) -> Option<Outcome>;

    /// The canonical position text (G4): parsing it gives this position back.
    fn to_text(&self) -> String;

    /// The shared form of a legal move of this position (G2), for the
    /// edge: explain, the engine protocol, pictures.
    fn to_move(&self, mv: &Self::Move) -> Move;

    /// The canonical text of a legal move of this position.
    fn move_text(&self, mv: &Self::Move) -> String;

    /// Checks that `text` is a well-formed move in this game's notation,
    /// without asking whether it is legal. Used to tell a malformed move
    /// from an illegal one.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] naming what is wrong.
    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError>;

    /// Resolves a move text to one of the legal moves. The default accepts
    /// exactly the canonical texts of the legal moves.
    ///
    /// # Errors
    /// Syntax errors, or an illegal move with the rule IDs from [`Game::explain`].
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let text = text.trim();
        if let Some(m) = self
            .legal_moves()
            .into_iter()
            .find(|m| self.move_text(m) == text)
        {
            return Ok(m);
        }
        self.check_move_syntax(text)?;
        Err(self.rejection(text))
    }

    /// Reads a game record: move texts played one after another from this
    /// position (a fixture's `moves`, `--moves`). The default reads each
    /// text with [`Game::parse_move`] in the position it is played in; a
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

    /// The error for a well-formed move text that matches no legal move:
    /// the game is over, or the move is illegal with the reason and rule
    /// IDs of [`Game::explain`].
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

    /// Says whether `text` is legal here and which rule IDs decide it.
    /// Games override this to name their rules; the default only knows
    /// whether the move is in the legal list.
    ///
    /// # Errors
    /// Syntax errors only (an illegal move is a verdict, not an error).
    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        let text = text.trim();
        if let Some(m) = self
            .legal_moves()
            .into_iter()
            .find(|m| self.move_text(m) == text)
        {
            return Ok(Verdict {
                legal: true,
                text: self.move_text(&m),
                rules: vec![],
                reason: "a legal move".into(),
            });
        }
        self.check_move_syntax(text)?;
        Ok(Verdict {
            legal: false,
            text: text.into(),
            rules: vec![],
            reason: "no legal move has this text".into(),
        })
    }

    /// The picture of this position ([`crate::core::diagram`]): board,
    /// pieces, markers and side-panel facts. `None` (the default): this
    /// game draws no pictures yet.
    fn diagram(&self) -> Option<Diagram> {
        None
    }

    /// How a legal move of this position is drawn. The default is
    /// [`MoveDrawing::from_move`] of the shared move: the path's
    /// consecutive cells as numbered legs, with the decisions the shared
    /// move carries (castling's rook, promotion, drops, shifts, ...) and
    /// captures of pieces standing on the path.
    fn draw_move(&self, mv: &Self::Move) -> MoveDrawing {
        MoveDrawing::from_move(&self.to_move(mv), self.diagram().as_ref())
    }

    /// How an illegal move text is drawn: what it attempts and where it
    /// breaks ([`crate::core::diagram::MoveMark::Breaks`]), given the
    /// verdict of [`Game::explain`]. The default is
    /// [`MoveDrawing::attempted`]: the cells of the text as legs, the break
    /// on the first cell the reason names (else the last cell of the text).
    fn draw_illegal(&self, text: &str, verdict: &Verdict) -> MoveDrawing {
        match self.diagram() {
            Some(d) => MoveDrawing::attempted(d.geometry, text, verdict),
            None => MoveDrawing::default(),
        }
    }
}

/// Object-safe face of a [`Game`], for the CLI and the conformance runner.
/// Implemented for every `Game`.
pub trait DynGame: Send + Sync {
    fn variant(&self) -> &'static str;
    fn turn(&self) -> Color;
    /// The legal moves in their shared form (G2), in generation order.
    fn legal_moves(&self) -> Vec<Move>;
    /// Canonical texts of the legal moves, sorted (the `moves` command).
    fn legal_texts(&self) -> Vec<String>;
    /// Plays one of the moves of [`DynGame::legal_moves`] (no effect otherwise).
    fn play(&mut self, mv: &Move);
    /// Parses and plays one move text.
    ///
    /// # Errors
    /// As [`Game::parse_move`]; the position is unchanged on error.
    fn play_text(&mut self, text: &str) -> Result<Move, MoveError>;
    /// Reads and plays a game record ([`Game::read_record`]).
    ///
    /// # Errors
    /// The 0-based index of the first text that cannot be read, and why;
    /// the position is unchanged on error.
    fn play_record(&mut self, texts: &[String]) -> Result<(), (usize, MoveError)>;
    fn parse_move(&self, text: &str) -> Result<Move, MoveError>;
    fn move_text(&self, mv: &Move) -> String;
    fn explain(&self, text: &str) -> Result<Verdict, MoveError>;
    fn outcome(&self) -> Option<Outcome>;
    fn to_text(&self) -> String;
    /// perft split at the root over `threads` threads (same count for any N).
    fn perft(&self, depth: u32, threads: usize) -> u64;
    /// (move text, perft(depth - 1)) per legal move, in the order of
    /// `legal_moves`; `depth` ≥ 1.
    fn divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)>;
    /// The nodes at ply `at` ([`perft::split`]): the canonical move texts
    /// leading there and the position text there, in generation order.
    fn split(&self, at: u32, each: &mut dyn FnMut(&[String], &str));
    /// [`perft::state_key`] at depth 0: a 64-bit hash of everything the
    /// next moves depend on (equal states, equal keys).
    fn state_key(&self) -> u64;
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// [`Game::diagram`].
    fn diagram(&self) -> Option<Diagram>;
    /// The drawing of `text` judged by `verdict` (from
    /// [`DynGame::explain`]): [`Game::draw_move`] when legal,
    /// [`Game::draw_illegal`] otherwise.
    fn draw_verdict(&self, text: &str, verdict: &Verdict) -> MoveDrawing;
    /// (canonical text, drawing) of every legal move whose path starts on
    /// `from`, sorted by text.
    fn draw_moves_from(&self, from: Square) -> Vec<(String, MoveDrawing)>;
}

impl<G: Game> DynGame for G {
    fn variant(&self) -> &'static str {
        Game::variant(self)
    }
    fn turn(&self) -> Color {
        Game::turn(self)
    }
    fn legal_moves(&self) -> Vec<Move> {
        Game::legal_moves(self)
            .iter()
            .map(|m| self.to_move(m))
            .collect()
    }
    fn legal_texts(&self) -> Vec<String> {
        let mut t: Vec<String> = Game::legal_moves(self)
            .iter()
            .map(|m| Game::move_text(self, m))
            .collect();
        t.sort();
        t
    }
    fn play(&mut self, mv: &Move) {
        if let Some(m) = Game::legal_moves(self)
            .into_iter()
            .find(|m| self.to_move(m) == *mv)
        {
            Game::play(self, &m);
        }
    }
    fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = Game::parse_move(self, text)?;
        let shared = self.to_move(&m);
        Game::play(self, &m);
        Ok(shared)
    }
    fn play_record(&mut self, texts: &[String]) -> Result<(), (usize, MoveError)> {
        for m in Game::read_record(self, texts)? {
            Game::play(self, &m);
        }
        Ok(())
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Game::parse_move(self, text).map(|m| self.to_move(&m))
    }
    fn move_text(&self, mv: &Move) -> String {
        match Game::legal_moves(self)
            .into_iter()
            .find(|m| self.to_move(m) == *mv)
        {
            Some(m) => Game::move_text(self, &m),
            None => format!("{mv:?}"),
        }
    }
    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        Game::explain(self, text)
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn to_text(&self) -> String {
        Game::to_text(self)
    }
    fn perft(&self, depth: u32, threads: usize) -> u64 {
        perft::perft_threads(self, depth, threads)
    }
    fn divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)> {
        perft::divide(self, depth, threads)
    }
    fn split(&self, at: u32, each: &mut dyn FnMut(&[String], &str)) {
        perft::split(self, at, each)
    }
    fn state_key(&self) -> u64 {
        perft::state_key(self, 0)
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn diagram(&self) -> Option<Diagram> {
        Game::diagram(self)
    }
    fn draw_verdict(&self, text: &str, verdict: &Verdict) -> MoveDrawing {
        if verdict.legal {
            if let Ok(m) = Game::parse_move(self, text) {
                return self.draw_move(&m);
            }
        }
        self.draw_illegal(text.trim(), verdict)
    }
    fn draw_moves_from(&self, from: Square) -> Vec<(String, MoveDrawing)> {
        let mut v: Vec<(String, MoveDrawing)> = Game::legal_moves(self)
            .iter()
            .filter(|m| self.to_move(m).from() == Some(from))
            .map(|m| (Game::move_text(self, m), self.draw_move(m)))
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
