//! The test runner of the test targets that need an external program
//! (`harness = false`: tests/externals.rs, tests/distributed.rs). A case
//! whose program is missing is reported `SKIPPED` locally, and under CI
//! (`CI=true`, where `.ci/run` installs every program) `FAILED`; the last
//! line counts passed, failed and skipped cases. Takes libtest's name
//! filters (`--exact` too), `--list`, `--ignored` and `--include-ignored`.

use super::under_ci;

/// One test: its name, what is missing to run it (`None`: nothing), the
/// test, and whether it is deep (run only with `--ignored`).
pub type Case = (&'static str, fn() -> Option<String>, fn(), bool);

/// Runs `cases` as libtest would and exits 1 when one failed; `label`
/// starts the summary line (`externals: 3 passed, 0 failed, 0 skipped`).
pub fn run(label: &str, cases: &[Case]) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |f: &str| args.iter().any(|a| a == f);
    let filters: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let exact = flag("--exact");
    let (ignored, include) = (flag("--ignored"), flag("--include-ignored"));
    let selected: Vec<&Case> = cases
        .iter()
        .filter(|(name, ..)| {
            filters.is_empty()
                || filters.iter().any(|f| {
                    if exact {
                        name == f
                    } else {
                        name.contains(f.as_str())
                    }
                })
        })
        .collect();
    if flag("--list") {
        for (name, ..) in &selected {
            println!("{name}: test");
        }
        return;
    }
    std::panic::set_hook(Box::new(|info| eprintln!("{info}")));
    let ci = under_ci();
    let (mut passed, mut failed, mut skipped, mut left) = (0, 0, Vec::new(), 0);
    for (name, missing, test, deep) in selected {
        if *deep != ignored && !include {
            println!("test {name} ... ignored");
            left += 1;
            continue;
        }
        if let Some(why) = missing() {
            if ci {
                println!("test {name} ... FAILED");
                eprintln!("FAILED: {name}: {why}; CI=true, where .ci/run installs it, so this is a failure");
                failed += 1;
            } else {
                println!("test {name} ... SKIPPED");
                eprintln!("SKIPPED: {name}: {why}");
                skipped.push(*name);
            }
            continue;
        }
        match std::panic::catch_unwind(test) {
            Ok(()) => {
                println!("test {name} ... ok");
                passed += 1;
            }
            Err(_) => {
                println!("test {name} ... FAILED");
                failed += 1;
            }
        }
    }
    let line = format!(
        "{label}: {passed} passed, {failed} failed, {} skipped{}",
        skipped.len(),
        if skipped.is_empty() {
            String::new()
        } else {
            format!(" ({})", skipped.join(", "))
        }
    );
    if left > 0 {
        println!("{label}: {left} ignored (deep: run with --ignored)");
    }
    println!("{line}");
    if !skipped.is_empty() {
        eprintln!("{line}");
    }
    if failed > 0 {
        std::process::exit(1);
    }
}
