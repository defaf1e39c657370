//! `arbiter mutants`: runs each variant's fixtures against every mutant
//! (deliberately misread rule) it declares and prints the mutation score
//! `killed/total`; exit code 1 when a mutant survives.

use std::path::PathBuf;

use clap::Args;

use super::progress::{self, Bar};
use super::{print_json, Exit};
use crate::conformance::mutants;
use crate::conformance::RunOptions;

#[derive(Args, Debug)]
pub struct MutantsArgs {
    /// Fixture files or directories (default: the suite built into arbiter).
    pub paths: Vec<PathBuf>,
    /// Only the mutants of this variant.
    #[arg(long)]
    pub variant: Option<String>,
    /// Skip perft depths whose expected count exceeds N (0 = no limit).
    #[arg(long, default_value_t = 3_000_000, value_parser = super::parse_count::<u64>, allow_hyphen_values = true)]
    pub max_nodes: u64,
    /// List every killing fixture, not just the first.
    #[arg(long)]
    pub all: bool,
    /// Print a JSON report instead of text.
    #[arg(long)]
    pub json: bool,
    /// No progress display on stderr (it is shown only when stderr is a terminal).
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(a: &MutantsArgs) -> Result<i32, Exit> {
    let suite = super::fixture_suite(&a.paths)?;
    if let Some(v) = &a.variant {
        crate::variants::get(v)?;
    }
    let json = a.json;
    let declared: usize = crate::variants::all()
        .iter()
        .filter(|v| a.variant.as_ref().is_none_or(|x| x == v.id))
        .map(|v| v.mutants.len())
        .sum();
    let bar = Bar::items(progress::wanted(a.quiet), "mutants", declared as u64);
    let mut show = |m: &mutants::MutantReport| {
        bar.inc();
        if json {
            return;
        }
        bar.suspend(|| {
            if m.killed() {
                let _ = outln!(
                    "killed    {}/{} by {}",
                    m.variant,
                    m.name,
                    m.killed_by.join(", ")
                );
            } else {
                let _ = outln!("SURVIVED  {}/{}: {}", m.variant, m.name, m.doc);
            }
        });
    };
    let run = mutants::run_suite(
        &suite,
        a.variant.as_deref(),
        &RunOptions {
            max_nodes: a.max_nodes,
            max_time: None,
        },
        a.all,
        &mut show,
    );
    drop(bar);
    let total = run.mutants.len();
    let killed = run.killed();
    if json {
        let list: Vec<_> = run
            .mutants
            .iter()
            .map(|m| serde_json::json!({"variant": m.variant, "mutant": m.name, "doc": m.doc, "killed": m.killed(), "killed_by": m.killed_by}))
            .collect();
        print_json(
            &serde_json::json!({"killed": killed, "total": total, "mutants": list, "broken_fixtures": run.broken_fixtures}),
        )?;
    } else {
        for f in &run.broken_fixtures {
            outln!("warning: fixture {f} fails on the reference; not used")?;
        }
        let survivors: Vec<String> = run
            .mutants
            .iter()
            .filter(|m| !m.killed())
            .map(|m| format!("{}/{}", m.variant, m.name))
            .collect();
        if !survivors.is_empty() {
            outln!("survivors: {}", survivors.join(", "))?;
        }
        let pct = if total == 0 {
            100.0
        } else {
            100.0 * killed as f64 / total as f64
        };
        outln!("mutation score: {killed}/{total} killed ({pct:.0}%)")?;
    }
    Ok(if killed == total { 0 } else { 1 })
}
