//! arbiter: a reference rules interpreter and perft / rules-conformance
//! suite for orthodox chess, Sonic Chess (Advanced), Hop Chess, Crazy
//! Chess (not so simple, with denial), Checkers with Bosses, English
//! draughts, Gliński's hexagonal chess and hexagonal Sonic. See
//! `CONFORMANCE.md` for the reading of every rule.

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
