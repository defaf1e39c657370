//! Every mutant (deliberate misreading) of `sonic` is killed by at least
//! one sonic fixture, and the reference passes them all (issue 7).

use std::path::PathBuf;

use arbiter::conformance::{run_paths, Reference, RunOptions};
use arbiter::variants::sonic;

fn failures(mutant: Option<&str>) -> Vec<String> {
    let mut backend = Reference {
        threads: 1,
        mutant: mutant.map(str::to_string),
    };
    let reports = run_paths(
        &[PathBuf::from("fixtures/sonic")],
        &mut backend,
        &RunOptions {
            max_nodes: 3_000_000,
        },
        &|_, _| true,
    );
    assert!(
        reports.len() > 20,
        "sonic fixtures found: {}",
        reports.len()
    );
    reports
        .iter()
        .filter(|r| !r.passed())
        .map(|r| r.id.clone())
        .collect()
}

#[test]
fn reference_passes_every_sonic_fixture() {
    assert_eq!(failures(None), Vec::<String>::new());
}

#[test]
fn every_mutant_is_killed() {
    assert!(sonic::VARIANT.mutants.len() >= 6);
    for m in sonic::VARIANT.mutants {
        let killed = failures(Some(m.name));
        assert!(
            !killed.is_empty(),
            "mutant {} ({}) survives every sonic fixture",
            m.name,
            m.doc
        );
        eprintln!("mutant {}: killed by {}", m.name, killed.join(", "));
    }
}
