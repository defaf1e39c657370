//! `arbiter check`: runs fixtures against the reference, or with
//! `--engine CMD` against another implementation, and prints a summary
//! line `N passed, M failed`; exit code 1 when any case fails (an
//! unexpected pass of an `--xfail` entry counts as a failure). Without a
//! path it runs the suite built into the binary. A path ending in `.epd`
//! is an EPD perft suite ([`crate::conformance::epd`]) of the `--variant`
//! (fide by default) under the `--rule` options; each line is checked as
//! a fixture with perft expectations.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use clap::Args;

use super::engine::EngineOpts;
use super::progress::{self, Bar};
use super::{print_json, Exit};
use crate::conformance::report::{self, Judged, Verdict};
use crate::conformance::{
    epd, run_loaded, Backend, CaseReport, Fixture, Loaded, Reference, RunOptions, Status, Suite,
};

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
    #[arg(long, default_value_t = 20_000_000, value_parser = super::parse_count::<u64>, allow_hyphen_values = true)]
    pub max_nodes: u64,
    /// Threads for perft (reference only).
    #[arg(long, default_value_t = 1, value_parser = super::parse_threads, allow_hyphen_values = true)]
    pub threads: usize,
    /// Expected failures: YAML/JSON list of {id, reason}.
    #[arg(long, value_name = "FILE")]
    pub xfail: Option<PathBuf>,
    /// Write the current failures as an xfail file (a new file in an
    /// existing folder, checked before the run; --force overwrites).
    #[arg(long, value_name = "FILE")]
    pub write_xfail: Option<PathBuf>,
    /// Write a JUnit XML report (a new file in an existing folder, checked
    /// before the run; --force overwrites).
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
    /// Stop the run (exit 1, saying why) after N requests in a row that the
    /// engine failed: no answer within --timeout, a crash, nonsense.
    /// 0 never stops.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = super::parse_count::<usize>, allow_hyphen_values = true)]
    pub max_failures: usize,
    /// Exit 0 even when no case was checked (all skipped or none selected);
    /// without it that is exit 1.
    #[arg(long)]
    pub allow_empty: bool,
}

fn is_epd(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("epd"))
}

/// Checks the EPD suites among `paths` line by line (one line in memory
/// at a time) before anything runs: how many entries they hold.
///
/// # Errors
/// A malformed suite (exit code 2, naming the line), bad `--rule` options.
fn epd_suites(paths: &[PathBuf], a: &CheckArgs) -> Result<u64, Exit> {
    let variant = a.variant.as_deref().unwrap_or("fide");
    let v = crate::variants::get(variant)?;
    v.rules(&a.rules, None)?;
    let mut n = 0u64;
    for p in paths {
        epd::read(p, &mut |_| {
            n += 1;
            true
        })
        .map_err(|e| Exit::input(e.to_string()))?;
    }
    Ok(n)
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

/// The cases of a run as they come: counted, judged, and kept only when a
/// report names them (every case for `--json`, `--junit` and `--verbose`;
/// otherwise failures, expected or not, and paths that are not fixtures),
/// so a run of millions of EPD lines keeps no record of its passes.
struct Tally<'x> {
    expected: BTreeMap<&'x str, &'x str>,
    keep_all: bool,
    kept: Vec<(CaseReport, Verdict)>,
    totals: report::Totals,
    /// The xfail ids that matched a case.
    matched: BTreeSet<String>,
    /// The message of the last case the engine failed.
    last_failure: Option<String>,
}

impl Tally<'_> {
    fn add(&mut self, case: CaseReport) {
        let v = report::verdict(&case, &self.expected);
        self.totals.add(&v);
        if self.expected.contains_key(case.id.as_str()) {
            self.matched.insert(case.id.clone());
        }
        if let Status::Error(m) = &case.status {
            self.last_failure = Some(m.clone());
        }
        // Failures are kept also when expected (--write-xfail lists them).
        let named = match &v {
            Verdict::Pass => false,
            Verdict::Skipped => case.variant.is_empty(),
            Verdict::Fail | Verdict::Error | Verdict::XFail(_) | Verdict::XPass(_) => true,
        };
        if self.keep_all || named {
            self.kept.push((case, v));
        }
    }
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
    let epd_count = epd_suites(&epds, a)?;
    for (p, flag) in [(&a.write_xfail, "--write-xfail"), (&a.junit, "--junit")] {
        if let Some(p) = p {
            super::check_output(p, flag, a.force)?;
        }
    }
    if a.write_xfail.is_some() && a.write_xfail == a.junit {
        return Err(Exit::input(
            "--write-xfail and --junit name the same file: give two",
        ));
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
    let loaded = suite.as_ref().map(Suite::load).unwrap_or_default();
    if suite == Some(Suite::Builtin) {
        super::note(&format!(
            "note: checking the {} fixtures built into arbiter {} (pass a path to check files)",
            loaded.len(),
            env!("CARGO_PKG_VERSION")
        ));
    }
    // Entries that are not fixtures are always reported.
    let selected: Vec<Loaded> = loaded
        .into_iter()
        .filter(|l| l.fixture.as_ref().map_or(true, |f| filter(f, &l.path)))
        .collect();
    let bar = Bar::items(
        progress::wanted(a.quiet),
        "fixtures",
        selected.len() as u64 + epd_count,
    );
    let mut tally = Tally {
        expected: report::expected_failures(&xfail),
        keep_all: a.json || a.junit.is_some() || a.verbose,
        kept: Vec::new(),
        totals: report::Totals::default(),
        matched: BTreeSet::new(),
        last_failure: None,
    };
    let epd_variant = a.variant.as_deref().unwrap_or("fide");
    // (The reference gets the engines' time limit per perft through
    // `opts.max_time`.)
    let given_up = (|| -> Result<Option<String>, Exit> {
        // Runs one entry; `false` once the engine failed too often.
        let mut one = |entry: Loaded, tally: &mut Tally| -> bool {
            for r in run_loaded(vec![entry], backend.as_mut(), &opts, &|f, p| filter(f, p)) {
                tally.add(r);
            }
            bar.inc();
            !(a.max_failures > 0 && backend.failures_in_a_row() >= a.max_failures)
        };
        let mut going = true;
        for entry in selected {
            going = one(entry, &mut tally);
            if !going {
                break;
            }
        }
        for p in &epds {
            if !going {
                break;
            }
            epd::read(p, &mut |e| {
                going = one(epd::fixture(p, &e, epd_variant, &a.rules), &mut tally);
                going
            })
            .map_err(|e| Exit::input(e.to_string()))?;
        }
        Ok((!going).then(|| {
                format!(
                    "stopped after {} requests in a row that the engine failed (the last: {}); --max-failures N allows more, 0 never stops",
                    a.max_failures,
                    tally.last_failure.as_deref().unwrap_or("?")
                )
            }))
    })()?;
    drop(bar);
    let name = backend.name();
    let restarts = backend.restarts();
    drop(backend);
    if restarts > 0 {
        super::note(&format!(
            "note: the engine was restarted {restarts} time(s) after failing"
        ));
    }
    if given_up.is_none() {
        for x in &xfail {
            if !tally.matched.contains(&x.id) {
                super::note(&format!(
                    "note: xfail entry '{}' matched no case that ran",
                    x.id
                ));
            }
        }
    }
    let totals = tally.totals.clone();
    let judged: Vec<Judged> = tally
        .kept
        .iter()
        .map(|(case, verdict)| Judged {
            case,
            verdict: verdict.clone(),
        })
        .collect();
    if let Some(p) = &a.write_xfail {
        let failed: Vec<CaseReport> = tally.kept.iter().map(|(c, _)| c.clone()).collect();
        let text = report::xfail_yaml(&report::xfail_from(&failed));
        super::write_output(p, "--write-xfail", &text, a.force)?;
    }
    if let Some(p) = &a.junit {
        super::write_output(p, "--junit", &report::junit(&judged, &name), a.force)?;
    }
    if a.json {
        print_json(&report::json(&judged, &name))?;
    } else {
        super::out(&report::human_with(&judged, &totals, a.verbose))?;
    }
    if let Some(why) = given_up {
        return Err(Exit::failure(why));
    }
    if totals.checked() == 0 && !a.allow_empty {
        return Err(Exit::failure(format!(
            "no case was checked ({} selected, {} skipped): the engine supports none of them, or the filters select nothing; --allow-empty accepts this",
            totals.checked() + totals.skipped,
            totals.skipped
        )));
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
