//! The one mutant harness: for every variant of the registry, the
//! reference passes every fixture of that variant, and every mutant it
//! declares (a deliberately misread rule) is killed by at least one of
//! them — through `conformance::mutants::run`, the code behind
//! `arbiter mutants`.

use std::path::PathBuf;

use arbiter::conformance::mutants;
use arbiter::conformance::RunOptions;
use arbiter::variants;

/// Perft depths whose expected count exceeds this are skipped here.
const NODE_BUDGET: u64 = 3_000_000;

fn check(variant: &str) {
    let v = variants::get(variant).expect("registered variant");
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let run = mutants::run(
        &[fixtures],
        Some(variant),
        &RunOptions {
            max_nodes: NODE_BUDGET,
            max_time: None,
        },
        false,
        &mut |_| {},
    );
    assert_eq!(
        run.broken_fixtures,
        Vec::<String>::new(),
        "{variant}: the reference must pass every fixture of its variant"
    );
    assert_eq!(
        run.mutants.len(),
        v.mutants.len(),
        "{variant}: every declared mutant is run"
    );
    let survivors: Vec<String> = run
        .mutants
        .iter()
        .filter(|m| !m.killed())
        .map(|m| format!("{} ({})", m.name, m.doc))
        .collect();
    assert!(
        survivors.is_empty(),
        "{variant}: mutants that survive every fixture: {survivors:?}"
    );
}

/// Every registered variant declares mutants, and each of them
/// is killed.
#[test]
fn every_variant_s_mutants_are_killed() {
    for v in variants::all() {
        assert!(!v.mutants.is_empty(), "{} declares no mutant", v.id);
        check(v.id);
    }
}
