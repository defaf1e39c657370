//! Every mutant (deliberate misreading) of the `crazy` variant is killed by
//! at least one crazy fixture, and the reference itself passes them all.

use std::path::PathBuf;

use arbiter::conformance::fixture::collect;
use arbiter::conformance::{run_fixture, Fixture, Reference, RunOptions, Status};

fn fixtures() -> Vec<Fixture> {
    collect(&[PathBuf::from("fixtures/crazy")])
        .iter()
        .map(|p| Fixture::load(p).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn failing(fixtures: &[Fixture], mutant: Option<&str>) -> Vec<String> {
    let mut backend = Reference {
        threads: 1,
        mutant: mutant.map(str::to_string),
    };
    fixtures
        .iter()
        .filter(|f| {
            run_fixture(f, &mut backend, &RunOptions { max_nodes: 200_000 }) != Status::Pass
        })
        .map(|f| f.id.clone())
        .collect()
}

#[test]
fn reference_passes_every_crazy_fixture() {
    let fx = fixtures();
    assert!(fx.len() > 40);
    assert_eq!(failing(&fx, None), Vec::<String>::new());
}

#[test]
fn every_crazy_mutant_is_killed() {
    let fx = fixtures();
    let v = arbiter::variants::get("crazy").unwrap();
    assert!(v.mutants.len() >= 6);
    for m in v.mutants {
        let killers = failing(&fx, Some(m.name));
        assert!(
            !killers.is_empty(),
            "mutant {} survives every crazy fixture",
            m.name
        );
        eprintln!("{}: killed by {}", m.name, killers.join(", "));
    }
}
