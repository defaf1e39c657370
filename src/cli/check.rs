//! `arbiter check`: runs fixtures against the reference, or with
//! `--engine CMD` against another implementation, and prints a summary
//! line `N passed, M failed`; exit code 1 when any case fails (an
//! unexpected pass of an `--xfail` entry counts as a failure). Without a
//! path it runs the suite built into the binary. A path ending in `.epd`
//! is an EPD perft suite ([`crate::conformance::epd`]) of the `--variant`
//! (fide by default) under the `--rule` options; each line is checked as
//! a fixture with perft expectations.

use std::path::{Path, PathBuf};

use clap::Args;

use super::engine::EngineOpts;
use super::progress::{self, Bar};
use super::{print_json, Exit};
use crate::conformance::report::{self, judge};
use crate::conformance::{epd, run_loaded, Backend, Fixture, Loaded, Reference, RunOptions, Suite};

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Fixture files or directories (default: the suite built into arbiter,
    /// the fixtures/ folder it was built from), and EPD perft suites (*.epd).
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub engine: EngineOpts,
    /// Only fixtures of this variant; the variant of the positions of EPD
    /// suites (default fide).
    #[arg(long)]
    pub variant: Option<String>,
    /// Rule option of the positions of EPD suites, `name` or `name=value`
    /// (repeatable).
    #[arg(long = "rule", num_args = 1..)]
    pub rules: Vec<String>,
    /// Only fixtures that name this rule ID (or an ID starting with it).
    #[arg(long = "rule-id")]
    pub rule_id: Option<String>,
    /// Only fixtures whose path or id matches this glob (`*`, `?`; repeatable).
    #[arg(long)]
    pub glob: Vec<String>,
    /// Node budget of a perft: depths expecting more than N are skipped, and
    /// the reference stops (skipping the depth) after visiting N nodes
    /// beyond the expected count (0 = no limit).
    #[arg(long, default_value_t = 20_000_000)]
    pub max_nodes: u64,
    /// Threads for perft (reference only).
    #[arg(long, default_value_t = 1, value_parser = super::parse_threads, allow_hyphen_values = true)]
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
    /// Let --write-xfail and --junit overwrite files and create folders.
    #[arg(long)]
    pub force: bool,
    /// No progress display on stderr (it is shown only when stderr is a terminal).
    #[arg(long, short)]
    pub quiet: bool,
}

fn is_epd(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("epd"))
}

/// The fixtures of the EPD suites among `paths`.
///
/// # Errors
/// A malformed suite (exit code 2, naming the line), bad `--rule` options.
fn epd_suites(paths: &[PathBuf], a: &CheckArgs) -> Result<Vec<Loaded>, Exit> {
    let variant = a.variant.as_deref().unwrap_or("fide");
    let v = crate::variants::get(variant)?;
    v.rules(&a.rules, None)?;
    let mut out = Vec::new();
    for p in paths {
        let entries = epd::load(p).map_err(|e| Exit::input(e.to_string()))?;
        out.extend(epd::fixtures(p, &entries, variant, &a.rules));
    }
    Ok(out)
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
    let (epds, files): (Vec<PathBuf>, Vec<PathBuf>) =
        a.paths.iter().cloned().partition(|p| is_epd(p));
    let suite = if files.is_empty() && !epds.is_empty() {
        None
    } else {
        Some(super::fixture_suite(&files)?)
    };
    if let Some(v) = &a.variant {
        crate::variants::get(v)?;
    }
    if !a.rules.is_empty() && epds.is_empty() {
        return Err(Exit::input(
            "--rule sets the rule options of EPD suites: give an *.epd file (fixtures carry their own options)",
        ));
    }
    let epd_fixtures = epd_suites(&epds, a)?;
    for (p, flag) in [(&a.write_xfail, "--write-xfail"), (&a.junit, "--junit")] {
        if let Some(p) = p {
            super::check_output(p, flag, a.force)?;
        }
    }
    let xfail = match &a.xfail {
        Some(p) => report::load_xfail(p).map_err(Exit::input)?,
        None => vec![],
    };
    let mut backend: Box<dyn Backend> = match a.engine.backend()? {
        Some(b) => b,
        None => Box::new(Reference {
            threads: a.threads,
            mutant: None,
            ..Reference::default()
        }),
    };
    // The reference gets the engines' time limit per perft too.
    let opts = RunOptions {
        max_nodes: a.max_nodes,
        max_time: Some(a.engine.timeout),
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
    let mut loaded = suite.as_ref().map(Suite::load).unwrap_or_default();
    if suite == Some(Suite::Builtin) {
        eprintln!(
            "note: checking the {} fixtures built into arbiter {} (pass a path to check files)",
            loaded.len(),
            env!("CARGO_PKG_VERSION")
        );
    }
    loaded.extend(epd_fixtures);
    // Entries that are not fixtures are always reported.
    let selected: Vec<Loaded> = loaded
        .into_iter()
        .filter(|l| l.fixture.as_ref().map_or(true, |f| filter(f, &l.path)))
        .collect();
    let bar = Bar::items(progress::wanted(a.quiet), "fixtures", selected.len() as u64);
    let mut reports = Vec::new();
    for entry in selected {
        reports.extend(run_loaded(vec![entry], backend.as_mut(), &opts, &|_, _| {
            true
        }));
        bar.inc();
    }
    drop(bar);
    let name = backend.name();
    let restarts = backend.restarts();
    drop(backend);
    if restarts > 0 {
        eprintln!("note: the engine was restarted {restarts} time(s) after failing");
    }
    for x in &xfail {
        if !reports.iter().any(|r| r.id == x.id) {
            eprintln!("note: xfail entry '{}' matched no case that ran", x.id);
        }
    }
    let judged = judge(&reports, &xfail);
    let totals = report::totals(&judged);
    if let Some(p) = &a.write_xfail {
        let text = report::xfail_yaml(&report::xfail_from(&reports));
        super::write_output(p, "--write-xfail", &text, a.force)?;
    }
    if let Some(p) = &a.junit {
        super::write_output(p, "--junit", &report::junit(&judged, &name), a.force)?;
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
        assert!(glob_match("ABC-?-x", "ABC-3-x"));
        assert!(!glob_match("*sonic*", "fixtures/fide/G3-a.yaml"));
        assert!(!glob_match("G3", "G3-a"));
    }
}
