//! Runs fixtures against a [`Backend`] and reports per case.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::backend::{Backend, BackendError, Request};
use super::fixture::{gather, Fixture, Loaded, Problem};
use super::protocol::kind_name;
use crate::core::perft::{Limit, StopReason};

/// Limits of a run.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// The node budget of a perft expectation (0 = no limit): a depth whose
    /// expected count exceeds it is skipped without running, and a perft of
    /// the reference that visits more than this many nodes beyond the
    /// expected count is stopped (so it never visits more than twice the
    /// budget, whatever the fixture expects) and its depth is skipped, or
    /// failed when it already counted more than the expected number.
    pub max_nodes: u64,
    /// The most time one perft of the reference may take (`None`: no
    /// limit); a perft that takes longer is an error of the case.
    pub max_time: Option<std::time::Duration>,
}

/// How one case went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every expectation holds.
    Pass,
    /// Every mismatch, one message each.
    Fail(Vec<String>),
    /// The backend failed (crash, timeout) or the fixture did not load.
    Error(String),
    /// The backend does not support the case.
    Skipped(String),
}

/// The result of one case (a fixture, or a path that gave none).
#[derive(Clone, Debug)]
pub struct CaseReport {
    /// The fixture id.
    pub id: String,
    /// The fixture file.
    pub file: PathBuf,
    /// The fixture's variant id.
    pub variant: String,
    /// The fixture's rule IDs.
    pub rules: Vec<String>,
    /// How it went.
    pub status: Status,
}

impl CaseReport {
    /// Whether the case passed.
    pub fn passed(&self) -> bool {
        self.status == Status::Pass
    }
}

/// Renders the difference of two move sets: `-` missing (expected, not
/// produced), `+` extra (produced, not expected). Empty when equal.
pub fn diff_sets(expected: &[String], actual: &[String]) -> String {
    let e: BTreeSet<&str> = expected.iter().map(String::as_str).collect();
    let a: BTreeSet<&str> = actual.iter().map(String::as_str).collect();
    if e == a {
        return String::new();
    }
    let left = e.iter().map(|s| format!("{s}\n")).collect::<String>();
    let right = a.iter().map(|s| format!("{s}\n")).collect::<String>();
    let diff = similar::TextDiff::from_lines(&left, &right);
    let mut out = String::new();
    for change in diff.iter_all_changes() {
        let sign = match change.tag() {
            similar::ChangeTag::Delete => "- missing ",
            similar::ChangeTag::Insert => "+ extra   ",
            similar::ChangeTag::Equal => continue,
        };
        out.push_str(sign);
        out.push_str(change.value());
    }
    out
}

/// Whether `text` starts with `prefix` as a move-text prefix (a square
/// prefix `a1` does not match `a10...`).
fn has_prefix(text: &str, prefix: &str) -> bool {
    text.starts_with(prefix)
        && !(prefix.ends_with(|c: char| c.is_ascii_digit())
            && text[prefix.len()..].starts_with(|c: char| c.is_ascii_digit()))
}

/// Whether an error message breaks the one-line rule.
fn multi_line(m: &str) -> bool {
    m.contains(['\n', '\r'])
}

/// Runs one fixture.
pub fn run_fixture(f: &Fixture, backend: &mut dyn Backend, opts: &RunOptions) -> Status {
    let req = Request {
        variant: f.variant.clone(),
        options: f.options.clone(),
        position: f.position.clone(),
        moves: f.moves.clone(),
    };
    let e = &f.expect;
    let mut fails = Vec::new();
    // Expectations the backend cannot answer are skipped one by one; the
    // case is skipped only when none could be checked.
    let mut unsupported: Vec<String> = Vec::new();
    let mut checked = 0usize;
    // Backend failures end the case as errored; rejections are compared.
    macro_rules! ask {
        ($what:expr, $call:expr) => {
            match $call {
                Ok(v) => {
                    checked += 1;
                    Some(v)
                }
                Err(BackendError::Failed(m)) => return Status::Error(format!("{}: {m}", $what)),
                Err(BackendError::Unsupported(m)) => {
                    unsupported.push(format!("{}: {m}", $what));
                    None
                }
                Err(BackendError::Rejected { message, .. }) => {
                    fails.push(format!("{}: setup rejected: {message}", $what));
                    if multi_line(&message) {
                        fails.push("error message is not one line".into());
                    }
                    return Status::Fail(fails);
                }
            }
        };
    }
    if let Some(want) = &e.error {
        return match backend.validate(&req) {
            Ok(()) => Status::Fail(vec![format!(
                "expected error kind {}, but the setup was accepted",
                kind_name(want.kind)
            )]),
            Err(BackendError::Rejected { kind, ply, message }) => {
                if let Some(k) = kind {
                    if k != want.kind {
                        fails.push(format!(
                            "expected error kind {}, got {}: {message}",
                            kind_name(want.kind),
                            kind_name(k)
                        ));
                    }
                }
                if let (Some(w), Some(p)) = (want.ply, ply) {
                    if w != p {
                        fails.push(format!(
                            "expected the error at ply {w}, got ply {p}: {message}"
                        ));
                    }
                }
                if let Some(c) = want
                    .contains
                    .as_ref()
                    .filter(|_| backend.compares_messages())
                {
                    if !message.contains(c.as_str()) {
                        fails.push(format!("error message does not contain '{c}': {message}"));
                    }
                }
                if multi_line(&message) {
                    fails.push("error message is not one line".into());
                }
                if fails.is_empty() {
                    Status::Pass
                } else {
                    Status::Fail(fails)
                }
            }
            Err(BackendError::Failed(m)) => Status::Error(m),
            Err(BackendError::Unsupported(m)) => Status::Skipped(m),
        };
    }
    let needs_moves = e.legal.is_some()
        || !e.legal_from.is_empty()
        || !e.include.is_empty()
        || !e.exclude.is_empty();
    if needs_moves {
        if let Some(actual) = ask!("moves", backend.moves(&req)) {
            if let Some(legal) = &e.legal {
                let d = diff_sets(legal, &actual);
                if !d.is_empty() {
                    fails.push(format!("legal move set differs:\n{d}"));
                }
            }
            for (prefix, want) in &e.legal_from {
                let got: Vec<String> = actual
                    .iter()
                    .filter(|m| has_prefix(m, prefix))
                    .cloned()
                    .collect();
                let d = diff_sets(want, &got);
                if !d.is_empty() {
                    fails.push(format!("legal moves starting with '{prefix}' differ:\n{d}"));
                }
            }
            let set: BTreeSet<&str> = actual.iter().map(String::as_str).collect();
            for m in &e.include {
                if !set.contains(m.as_str()) {
                    fails.push(format!("move '{m}' must be legal but is not"));
                }
            }
            for m in &e.exclude {
                if set.contains(m.as_str()) {
                    fails.push(format!("move '{m}' must not be legal but is"));
                }
            }
        }
    }
    if let Some(want) = &e.position {
        if let Some(got) = ask!("position", backend.position(&req)) {
            if got.trim() != want.trim() {
                fails.push(format!(
                    "position after the moves differs:\n  expected {want}\n  actual   {got}"
                ));
            }
        }
    }
    if let Some(want) = &e.outcome {
        if let Some(got) = ask!("outcome", backend.outcome(&req)) {
            if &got != want {
                fails.push(format!("outcome: expected {want}, actual {got}"));
            }
        }
    }
    for (&depth, &want) in &e.perft {
        if opts.max_nodes > 0 && want > opts.max_nodes {
            unsupported.push(format!(
                "perft({depth}): expected {want} nodes, above the node budget {} (--max-nodes)",
                opts.max_nodes
            ));
            continue;
        }
        // The work is judged as it is done: a reference perft visiting more
        // than the budget beyond the expected count stops.
        let limit = Limit {
            max_nodes: (opts.max_nodes > 0).then(|| opts.max_nodes.saturating_add(want)),
            max_time: opts.max_time,
        };
        let (result, stopped) = match backend.nodes_within(&req, depth, limit) {
            Ok(Err(s)) => (Ok(s.leaves), Some(s)),
            Ok(Ok(n)) => (Ok(n), None),
            Err(e) => (Err(e), None),
        };
        match stopped {
            Some(s) if s.leaves > want => {
                checked += 1;
                fails.push(format!(
                    "perft({depth}): expected {want}, actual more than {} ({s})",
                    s.leaves
                ));
            }
            Some(s) => match s.reason {
                StopReason::Nodes(_) => unsupported.push(format!(
                    "perft({depth}): not checked: {s} (node budget, --max-nodes)"
                )),
                StopReason::Time(_) => {
                    return Status::Error(format!("perft({depth}): the reference {s}"))
                }
            },
            None => {
                if let Some(got) = ask!(format!("perft {depth}"), result) {
                    if got != want {
                        fails.push(format!("perft({depth}): expected {want}, actual {got}"));
                    }
                }
            }
        }
    }
    for x in &e.explain {
        match backend.explain(&req, &x.mv) {
            Ok((legal, rules)) => {
                checked += 1;
                if legal != x.legal {
                    fails.push(format!(
                        "explain {}: expected legal={}, actual legal={legal}",
                        x.mv, x.legal
                    ));
                }
                // A backend that names no rule IDs is held to legality.
                if let Some(named) = &rules {
                    if x.exact {
                        if named != &x.rules {
                            fails.push(format!(
                                "explain {}: expected exactly the rules [{}] in this order, named [{}]",
                                x.mv,
                                x.rules.join(", "),
                                named.join(", ")
                            ));
                        }
                    } else {
                        for r in x.rules.iter().filter(|r| !named.contains(r)) {
                            fails.push(format!(
                                "explain {}: rule {r} not named (named: {})",
                                x.mv,
                                named.join(", ")
                            ));
                        }
                    }
                }
            }
            Err(BackendError::Unsupported(m)) => unsupported.push(format!("explain: {m}")),
            Err(BackendError::Failed(m)) => return Status::Error(m),
            Err(BackendError::Rejected { message, .. }) => {
                checked += 1;
                if multi_line(&message) {
                    fails.push("error message is not one line".into());
                }
                fails.push(format!("explain {}: rejected: {message}", x.mv))
            }
        }
    }
    if !fails.is_empty() {
        Status::Fail(fails)
    } else if checked == 0 && !unsupported.is_empty() {
        unsupported.dedup();
        Status::Skipped(unsupported.join("; "))
    } else {
        Status::Pass
    }
}

/// Loads and runs every fixture under `paths` ([`gather`]).
pub fn run_paths(
    paths: &[PathBuf],
    backend: &mut dyn Backend,
    opts: &RunOptions,
    filter: &dyn Fn(&Fixture, &Path) -> bool,
) -> Vec<CaseReport> {
    run_loaded(gather(paths), backend, opts, filter)
}

/// Runs the loaded fixtures that pass `filter`; entries that gave no
/// fixture are reported as errored (or skipped, saying why).
pub fn run_loaded(
    loaded: Vec<Loaded>,
    backend: &mut dyn Backend,
    opts: &RunOptions,
    filter: &dyn Fn(&Fixture, &Path) -> bool,
) -> Vec<CaseReport> {
    let mut out = Vec::new();
    for Loaded {
        path: file,
        fixture,
    } in loaded
    {
        match fixture {
            Ok(f) => {
                if !filter(&f, &file) {
                    continue;
                }
                let status = run_fixture(&f, backend, opts);
                out.push(CaseReport {
                    id: f.id.clone(),
                    file,
                    variant: f.variant.clone(),
                    rules: f.rules.clone(),
                    status,
                });
            }
            Err(problem) => out.push(CaseReport {
                id: file
                    .file_stem()
                    .map(|s| s.to_string_lossy().to_string())
                    .unwrap_or_default(),
                variant: String::new(),
                rules: vec![],
                status: match problem {
                    Problem::Error(m) => Status::Error(m),
                    Problem::Skip(m) => Status::Skipped(format!("{}: {m}", file.display())),
                },
                file,
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_names_missing_and_extra() {
        let d = diff_sets(&["a".into(), "b".into()], &["b".into(), "c".into()]);
        assert!(d.contains("- missing a"));
        assert!(d.contains("+ extra   c"));
        assert_eq!(diff_sets(&["a".into()], &["a".into()]), "");
    }

    #[test]
    fn square_prefixes() {
        assert!(has_prefix("a1a2", "a1"));
        assert!(!has_prefix("a10a2", "a1"));
        assert!(has_prefix("a10a2", "a10"));
    }
}
