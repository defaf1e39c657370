//! Every mutant (deliberate misreading) of `english` and `bosses` is killed
//! by at least one fixture of its variant, and the reference passes them all.

use std::path::PathBuf;

use arbiter::conformance::{run_fixture, Fixture, Reference, RunOptions, Status};
use arbiter::variants;

const NODE_BUDGET: u64 = 200_000;

fn fixtures(variant: &str) -> Vec<Fixture> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(variant);
    fn walk(p: &std::path::Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(p).unwrap().flatten() {
            let path = e.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "yaml") {
                out.push(path);
            }
        }
    }
    let mut paths = Vec::new();
    walk(&dir, &mut paths);
    paths.sort();
    paths
        .iter()
        .map(|p| Fixture::load(p).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn failing(fs: &[Fixture], mutant: Option<&str>) -> Vec<String> {
    let opts = RunOptions {
        max_nodes: NODE_BUDGET,
    };
    fs.iter()
        .filter(|f| {
            let mut backend = Reference {
                threads: 1,
                mutant: mutant.map(str::to_string),
            };
            run_fixture(f, &mut backend, &opts) != Status::Pass
        })
        .map(|f| f.id.clone())
        .collect()
}

fn check(variant: &str) {
    let fs = fixtures(variant);
    assert!(!fs.is_empty());
    assert_eq!(
        failing(&fs, None),
        Vec::<String>::new(),
        "{variant}: the reference must pass every fixture"
    );
    let v = variants::get(variant).unwrap();
    assert!(!v.mutants.is_empty());
    for m in v.mutants {
        let killed = failing(&fs, Some(m.name));
        assert!(
            !killed.is_empty(),
            "{variant}: mutant {} survives every fixture",
            m.name
        );
    }
}

#[test]
fn english_mutants_are_killed() {
    check("english");
}

#[test]
fn bosses_mutants_are_killed() {
    check("bosses");
}
