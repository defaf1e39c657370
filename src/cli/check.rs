//! `arbiter check`: runs fixtures against the reference and prints a
//! summary line `N passed, M failed`; exit code 1 when any case fails.

use std::path::PathBuf;

use clap::Args;

use super::{print_json, Exit};
use crate::conformance::{run_paths, Reference, RunOptions, Status};

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Fixture files or directories (default: fixtures/).
    pub paths: Vec<PathBuf>,
    /// Only fixtures of this variant.
    #[arg(long)]
    pub variant: Option<String>,
    /// Only fixtures that name this rule ID (or an ID starting with it).
    #[arg(long = "rule-id")]
    pub rule_id: Option<String>,
    /// Skip perft depths whose expected count exceeds N (0 = no limit).
    #[arg(long, default_value_t = 20_000_000)]
    pub max_nodes: u64,
    /// Threads for perft.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print a JSON report instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print passing cases too.
    #[arg(long, short)]
    pub verbose: bool,
}

pub fn run(a: &CheckArgs) -> Result<i32, Exit> {
    let paths = if a.paths.is_empty() {
        vec![PathBuf::from("fixtures")]
    } else {
        a.paths.clone()
    };
    for p in &paths {
        if !p.exists() {
            return Err(Exit {
                code: 2,
                message: format!("no such fixture path: {}", p.display()),
            });
        }
    }
    let mut backend = Reference {
        threads: a.threads.max(1),
        mutant: None,
    };
    let opts = RunOptions {
        max_nodes: a.max_nodes,
    };
    let filter = |f: &crate::conformance::Fixture, _: &std::path::Path| {
        a.variant.as_ref().is_none_or(|v| &f.variant == v)
            && a.rule_id
                .as_ref()
                .is_none_or(|r| f.rules.iter().any(|x| x.starts_with(r.as_str())))
    };
    let reports = run_paths(&paths, &mut backend, &opts, &filter);
    let passed = reports.iter().filter(|r| r.passed()).count();
    let skipped = reports
        .iter()
        .filter(|r| matches!(r.status, Status::Skipped(_)))
        .count();
    let failed = reports.len() - passed - skipped;
    if a.json {
        let cases: Vec<_> = reports
            .iter()
            .map(|r| {
                let (status, details) = match &r.status {
                    Status::Pass => ("pass", vec![]),
                    Status::Fail(v) => ("fail", v.clone()),
                    Status::Error(m) => ("error", vec![m.clone()]),
                    Status::Skipped(m) => ("skipped", vec![m.clone()]),
                };
                serde_json::json!({"id": r.id, "file": r.file.display().to_string(), "variant": r.variant, "rules": r.rules, "status": status, "details": details})
            })
            .collect();
        print_json(
            &serde_json::json!({"passed": passed, "failed": failed, "skipped": skipped, "cases": cases}),
        );
    } else {
        for r in &reports {
            match &r.status {
                Status::Pass if a.verbose => println!("ok    {} ({})", r.id, r.file.display()),
                Status::Pass => {}
                Status::Fail(v) => {
                    println!("FAIL  {} ({})", r.id, r.file.display());
                    for m in v {
                        for line in m.lines() {
                            println!("      {line}");
                        }
                    }
                }
                Status::Error(m) => println!("ERROR {} ({}): {m}", r.id, r.file.display()),
                Status::Skipped(m) => println!("SKIP  {} ({}): {m}", r.id, r.file.display()),
            }
        }
        if skipped > 0 {
            println!("{passed} passed, {failed} failed, {skipped} skipped");
        } else {
            println!("{passed} passed, {failed} failed");
        }
    }
    Ok(if failed == 0 { 0 } else { 1 })
}
