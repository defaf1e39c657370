//! arbiter: a reference rules interpreter and perft / rules-conformance
//! suite for orthodox chess, Sonic Chess (Advanced), Hop Chess, Crazy
//! Chess (not so simple, with denial), Checkers with Bosses, and the
//! bases they build on: English draughts, Gliński's, McCooey's and
//! Shafran's hexagonal chess (hexagonal Sonic plays on all three) and
//! Capablanca chess. See `CONFORMANCE.md` for the reading of every rule.
//!
//! Every game is a folder of [`variants`] with the same files for the
//! same roles: `mod.rs` (registry entry and trait impls), `position.rs`,
//! `moves.rs` (the game's compact move), `generate.rs`, `notation.rs`,
//! `explain.rs`, `diagram.rs`; what games share is written once in
//! [`core`] (for example [`core::bitchess`] for the bitboard chess games).
//!
//! As a library (`cargo add arbiter --no-default-features`: move
//! generation, notation, explain and perft, with no command-line, picture
//! or server dependencies): [`variants::setup`] reads a variant, its rule
//! options, a position text and a move history into a [`core::DynGame`];
//! each game's own type ([`variants::fide::Fide`], ...) implements the
//! typed traits [`core::Game`], [`core::Notation`] and [`core::Explain`].
//!
//! ```
//! use arbiter::core::PerftOptions;
//! use arbiter::variants::{setup, Setup};
//!
//! let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
//! let game = setup(&Setup { variant: "fide", position: Some(fen), ..Setup::default() })?;
//! let moves = game.legal_texts();                       // canonical texts, sorted
//! assert_eq!(moves.len(), 20);
//! assert_eq!(game.perft(2, &PerftOptions::default()).unwrap(), 600);
//! let verdict = game.explain("e8e7")?;                  // a king step onto its own pawn
//! assert!(!verdict.legal);
//! println!("{} {:?}: {}", verdict.text, verdict.rules, verdict.reason);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod core;
pub mod variants;

#[cfg(feature = "cli")]
pub mod cli;
#[cfg(feature = "conformance")]
pub mod conformance;
#[cfg(feature = "pictures")]
pub mod render;
#[cfg(feature = "serve")]
pub mod serve;
