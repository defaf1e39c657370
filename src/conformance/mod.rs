//! Conformance: the fixture format, the runner, and the backends it checks
//! (the reference; other implementations through the engine protocol).

pub mod backend;
pub mod fixture;
pub mod runner;

pub use backend::{Backend, BackendError, Reference, Request};
pub use fixture::{Fixture, FixtureError};
pub use runner::{run_fixture, run_paths, CaseReport, RunOptions, Status};
