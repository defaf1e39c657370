//! arbiter: a reference rules interpreter and perft / rules-conformance
//! suite for orthodox chess, Sonic Chess (Advanced), Hop Chess, Crazy
//! Chess (not so simple, with denial), Checkers with Bosses and English
//! draughts. See `CONFORMANCE.md` for the reading of every rule.

pub mod cli;
pub mod conformance;
pub mod core;
pub mod render;
#[cfg(feature = "serve")]
pub mod serve;
pub mod variants;
