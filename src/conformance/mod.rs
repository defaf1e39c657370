//! Conformance: the fixture format, the runner, and the backends it checks
//! (the reference; other implementations through the engine protocol).

pub mod backend;
pub(crate) mod bisect;
pub mod engine;
pub mod epd;
pub mod fixture;
pub mod mutants;
pub mod protocol;
pub mod report;
pub mod runner;

pub use backend::{Backend, BackendError, Reference, Request};
pub use engine::{EngineBackend, PerftreeBackend};
pub use fixture::{Fixture, FixtureError, Loaded, Problem, Suite};
pub use runner::{run_fixture, run_loaded, run_paths, CaseReport, RunOptions, Status};
