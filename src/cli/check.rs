//! `arbiter check`: runs fixtures against the reference, or with
//! `--engine CMD` against another implementation, and prints a summary
//! line `N passed, M failed`; exit code 1 when any case fails (an
//! unexpected pass of an `--xfail` entry counts as a failure).

use std::path::{Path, PathBuf};

use clap::Args;

use super::engine::EngineOpts;
use super::{print_json, Exit};
use crate::conformance::report::{self, judge};
use crate::conformance::{run_paths, Backend, Fixture, Reference, RunOptions};

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Fixture files or directories (default: fixtures/).
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub engine: EngineOpts,
    /// Only fixtures of this variant.
    #[arg(long)]
    pub variant: Option<String>,
    /// Only fixtures that name this rule ID (or an ID starting with it).
    #[arg(long = "rule-id")]
    pub rule_id: Option<String>,
    /// Only fixtures whose path or id matches this glob (`*`, `?`; repeatable).
    #[arg(long)]
    pub glob: Vec<String>,
    /// Skip perft depths whose expected count exceeds N (0 = no limit).
    #[arg(long, default_value_t = 20_000_000)]
    pub max_nodes: u64,
    /// Threads for perft (reference only).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Expected failures: YAML/JSON list of {id, reason}.
    #[arg(long, value_name = "FILE")]
    pub xfail: Option<PathBuf>,
    /// Write the current failures as an xfail file.
    #[arg(long, value_name = "FILE")]
    pub write_xfail: Option<PathBuf>,
    /// Write a JUnit XML report.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Print a JSON report instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print passing and skipped cases too.
    #[arg(long, short)]
    pub verbose: bool,
}

/// `*` matches any run of characters (also `/`), `?` one character.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut pi, mut ti, mut star, mut mark) = (0, 0, None, 0);
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = ti;
            pi += 1;
        } else if let Some(s) = star {
            pi = s + 1;
            mark += 1;
            ti = mark;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

pub fn run(a: &CheckArgs) -> Result<i32, Exit> {
    let paths = super::fixture_paths(&a.paths)?;
    let xfail = match &a.xfail {
        Some(p) => report::load_xfail(p).map_err(|m| Exit {
            code: 2,
            message: m,
        })?,
        None => vec![],
    };
    let mut backend: Box<dyn Backend> = match a.engine.backend()? {
        Some(b) => b,
        None => Box::new(Reference {
            threads: a.threads.max(1),
            mutant: None,
        }),
    };
    let opts = RunOptions {
        max_nodes: a.max_nodes,
    };
    let filter = |f: &Fixture, path: &Path| {
        a.variant.as_ref().is_none_or(|v| &f.variant == v)
            && a.rule_id
                .as_ref()
                .is_none_or(|r| f.rules.iter().any(|x| x.starts_with(r.as_str())))
            && (a.glob.is_empty()
                || a.glob
                    .iter()
                    .any(|g| glob_match(g, &path.display().to_string()) || glob_match(g, &f.id)))
    };
    let reports = run_paths(&paths, backend.as_mut(), &opts, &filter);
    let name = backend.name();
    drop(backend);
    for x in &xfail {
        if !reports.iter().any(|r| r.id == x.id) {
            eprintln!("note: xfail entry '{}' matched no case that ran", x.id);
        }
    }
    let judged = judge(&reports, &xfail);
    let totals = report::totals(&judged);
    if let Some(p) = &a.write_xfail {
        std::fs::write(p, report::xfail_yaml(&report::xfail_from(&reports))).map_err(|e| Exit {
            code: 2,
            message: format!("{}: {e}", p.display()),
        })?;
    }
    if let Some(p) = &a.junit {
        std::fs::write(p, report::junit(&judged, &name)).map_err(|e| Exit {
            code: 2,
            message: format!("{}: {e}", p.display()),
        })?;
    }
    if a.json {
        print_json(&report::json(&judged, &name));
    } else {
        print!("{}", report::human(&judged, a.verbose));
    }
    Ok(if totals.failed == 0 { 0 } else { 1 })
}

#[cfg(test)]
mod tests {
    use super::glob_match;

    #[test]
    fn globs() {
        assert!(glob_match("*", "fixtures/fide/G3-a.yaml"));
        assert!(glob_match("*fide/G3-*", "fixtures/fide/G3-a.yaml"));
        assert!(glob_match("FIDE-?-x", "FIDE-3-x"));
        assert!(!glob_match("*sonic*", "fixtures/fide/G3-a.yaml"));
        assert!(!glob_match("G3", "G3-a"));
    }
}
