//! Mutation testing of the Hop Chess fixtures: every deliberate misreading
//! declared in `hop::VARIANT.mutants` must make at least one fixture of
//! `fixtures/hop/` fail, and the reference must pass them all.

use std::path::PathBuf;

use arbiter::conformance::{run_fixture, Fixture, Reference, RunOptions, Status};
use arbiter::variants::hop;

fn fixtures() -> Vec<Fixture> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/hop");
    let mut files = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("fixtures/hop").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "yaml") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
        .iter()
        .map(|p| Fixture::load(p).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// The fixtures that fail under `mutant` (None: the reference).
fn failing(all: &[Fixture], mutant: Option<&str>) -> Vec<String> {
    let opts = RunOptions {
        max_nodes: 3_000_000,
    };
    let mut backend = Reference {
        threads: 1,
        mutant: mutant.map(str::to_string),
    };
    all.iter()
        .filter(|f| !matches!(run_fixture(f, &mut backend, &opts), Status::Pass))
        .map(|f| f.id.clone())
        .collect()
}

#[test]
fn reference_passes_every_hop_fixture() {
    let all = fixtures();
    assert!(all.len() > 20);
    assert_eq!(failing(&all, None), Vec::<String>::new());
}

#[test]
fn every_mutant_is_killed() {
    let all = fixtures();
    let mut survivors = Vec::new();
    for m in hop::VARIANT.mutants {
        let killed = failing(&all, Some(m.name));
        eprintln!("{}: killed by {}", m.name, killed.join(", "));
        if killed.is_empty() {
            survivors.push(m.name);
        }
    }
    assert!(
        survivors.is_empty(),
        "mutants not killed by any fixture: {survivors:?}"
    );
}
