//! Mutation testing of the `glinski` fixtures: the reference passes every
//! fixture of fixtures/glinski/, and every declared mutant (a deliberate
//! misreading of GLN-1) fails at least one of them.

use std::path::PathBuf;

use arbiter::conformance::fixture::collect;
use arbiter::conformance::{run_fixture, Fixture, Reference, RunOptions, Status};

/// Same budget as tests/fixtures.rs.
const NODE_BUDGET: u64 = 3_000_000;

fn fixtures() -> Vec<Fixture> {
    collect(&[PathBuf::from("fixtures/glinski")])
        .iter()
        .map(|p| Fixture::load(p).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// Ids of the fixtures that do not pass under `mutant`.
fn failing(fx: &[Fixture], mutant: Option<&str>) -> Vec<String> {
    let mut backend = Reference {
        threads: 1,
        mutant: mutant.map(String::from),
    };
    let opts = RunOptions {
        max_nodes: NODE_BUDGET,
    };
    fx.iter()
        .filter(|f| run_fixture(f, &mut backend, &opts) != Status::Pass)
        .map(|f| f.id.clone())
        .collect()
}

#[test]
fn reference_passes_every_glinski_fixture() {
    let fx = fixtures();
    assert!(fx.len() > 40, "fixtures/glinski/ looks empty");
    assert_eq!(failing(&fx, None), Vec::<String>::new());
}

#[test]
fn every_glinski_mutant_is_killed() {
    let fx = fixtures();
    let mutants = arbiter::variants::glinski::VARIANT.mutants;
    assert!(mutants.len() >= 5);
    for m in mutants {
        let killers = failing(&fx, Some(m.name));
        assert!(
            !killers.is_empty(),
            "mutant {} survives every glinski fixture",
            m.name
        );
        eprintln!(
            "{}: killed by {} fixtures, e.g. {:?}",
            m.name,
            killers.len(),
            &killers[..killers.len().min(3)]
        );
    }
}
