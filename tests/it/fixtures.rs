//! Every fixture file is its own test case (rstest `#[files]`). A failure
//! names the fixture id and file and shows a `similar` diff of expected vs
//! actual move sets.

use std::path::{Path, PathBuf};

use arbiter::conformance::{run_fixture, Fixture, Reference, RunOptions, Status};
use rstest::rstest;

/// perft depths whose expected count exceeds this are left to
/// `arbiter check` and the ignored deep test, so `cargo test` stays fast.
const NODE_BUDGET: u64 = 3_000_000;

fn run(path: &Path, max_nodes: u64) {
    let f = Fixture::load(path).unwrap_or_else(|e| panic!("{e}"));
    // Naming convention: fixtures/<variant or invalid>/[invalid/]<RULE-ID>-<case>.yaml
    let stem = path.file_stem().unwrap().to_string_lossy().to_string();
    assert_eq!(
        stem,
        f.id,
        "{}: id must equal the file name",
        path.display()
    );
    assert!(
        f.rules.iter().any(|r| stem.starts_with(&format!("{r}-"))),
        "{}: file name must start with one of its rule IDs {:?}",
        path.display(),
        f.rules
    );
    let dirs: Vec<String> = path
        .components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect();
    assert!(
        dirs.contains(&f.variant) || dirs.iter().any(|d| d == "invalid"),
        "{}: fixture of variant {} must live under fixtures/{}/",
        path.display(),
        f.variant,
        f.variant
    );
    let mut backend = Reference::default();
    match run_fixture(
        &f,
        &mut backend,
        &RunOptions {
            max_nodes,
            max_time: None,
        },
    ) {
        Status::Pass => {}
        Status::Fail(msgs) => panic!(
            "fixture {} ({}) failed:\n{}",
            f.id,
            path.display(),
            msgs.join("\n")
        ),
        // Every expectation beyond the node budget: left to the deep run,
        // saying so (never a silent pass).
        Status::Skipped(m) if max_nodes > 0 && m.contains("node budget") => {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED: fixture {} ({}): {m} (run with --ignored)",
                f.id,
                path.display()
            );
        }
        Status::Error(m) | Status::Skipped(m) => {
            panic!("fixture {} ({}) errored: {m}", f.id, path.display())
        }
    }
}

/// The suite built into the binary is the fixtures/ folder, file for file.
#[test]
fn the_built_in_suite_is_the_fixtures_folder() {
    use arbiter::conformance::Suite;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let built: Vec<String> = Suite::Builtin
        .load()
        .into_iter()
        .map(|l| l.path.display().to_string())
        .collect();
    let on_disk: Vec<String> = Suite::Paths(vec![root.join("fixtures")])
        .load()
        .into_iter()
        .map(|l| l.path.strip_prefix(root).unwrap().display().to_string())
        .collect();
    assert_eq!(built, on_disk);
    assert!(built.len() > 100);
}

#[rstest]
fn fixture(#[files("fixtures/**/*.yaml")] path: PathBuf) {
    run(&path, NODE_BUDGET);
}

/// Every perft depth of every fixture, however deep (minutes to hours).
#[rstest]
#[ignore = "deep perft: run with --ignored"]
fn fixture_deep(#[files("fixtures/**/*.yaml")] path: PathBuf) {
    run(&path, 0);
}
