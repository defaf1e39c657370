//! The one perft harness (G3): every case of `tests/perft/*.yaml` is a
//! named insta snapshot under `snapshots/` (the counts live only there).
//! Each file is its own test case (rstest `#[files]`); a case whose perft
//! table needs more than [`NODE_BUDGET`] leaf nodes must be marked
//! `deep: true` and runs only with `cargo test -- --ignored`.
//!
//! A snapshot holds the canonical position text, perft(1..=depth), the
//! sorted legal moves and, when asked, a divide table; the perft at the
//! full depth is computed on two threads and must equal the sum of the
//! one-thread divide (thread-count independence).

use crate::common;

use std::path::{Path, PathBuf};

use arbiter::variants::{self, Setup};
use rstest::rstest;
use serde::Deserialize;

/// Leaf nodes one case may count in `cargo test`.
const NODE_BUDGET: u64 = 40_000_000;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    variant: String,
    #[serde(default)]
    rules: Vec<String>,
    position: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    depth: u32,
    /// Also print the divide at this depth.
    divide: Option<u32>,
    /// Needs more than the node budget: only with `--ignored`.
    #[serde(default)]
    deep: bool,
}

fn cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let cases: Vec<Case> =
        serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(!cases.is_empty(), "{}: no cases", path.display());
    cases
}

fn report(c: &Case, budget: u64) -> String {
    let g = variants::setup(&Setup {
        variant: &c.variant,
        options: &c.rules,
        mutant: None,
        position: c.position.as_deref(),
        moves: &c.moves,
    })
    .unwrap_or_else(|e| panic!("{}: {e}", c.name));
    let mut out = format!(
        "variant: {}\nrules: {:?}\nmoves: {:?}\nposition: {}\n",
        c.variant,
        c.rules,
        c.moves,
        g.to_text()
    );
    let mut nodes = 0;
    for d in 1..=c.depth {
        let n = if d == c.depth {
            g.perft(d, &arbiter::core::PerftOptions::threads(2))
                .unwrap()
        } else {
            g.perft(d, &arbiter::core::PerftOptions::threads(1))
                .unwrap()
        };
        nodes += n;
        assert!(
            budget == 0 || nodes <= budget,
            "{}: perft({d}) brings the case to {nodes} nodes, over the budget of {budget}: mark it `deep: true`",
            c.name
        );
        out.push_str(&format!("perft({d}) = {n}\n"));
        if d == c.depth && d >= 2 {
            let sum: u64 = g
                .divide(d, &arbiter::core::PerftOptions::threads(1))
                .unwrap()
                .iter()
                .map(|r| r.1)
                .sum();
            assert_eq!(sum, n, "{}: divide({d}) sums to perft({d})", c.name);
        }
    }
    let moves = g.legal_texts();
    out.push_str(&format!("legal moves ({}):\n", moves.len()));
    for m in &moves {
        out.push_str(&format!("  {m}\n"));
    }
    if let Some(d) = c.divide {
        let mut rows = g
            .divide(d, &arbiter::core::PerftOptions::threads(2))
            .unwrap();
        rows.sort();
        out.push_str(&format!("divide({d}):\n"));
        for (m, n) in &rows {
            out.push_str(&format!("  {m}: {n}\n"));
        }
        out.push_str(&format!(
            "Nodes searched: {}\n",
            rows.iter().map(|r| r.1).sum::<u64>()
        ));
    }
    out
}

fn run(path: &Path, deep: bool) {
    for c in cases(path) {
        if c.deep != deep {
            continue;
        }
        let budget = if deep { 0 } else { NODE_BUDGET };
        common::snapshot(&c.name, &report(&c, budget));
    }
}

#[rstest]
fn perft(#[files("tests/perft/*.yaml")] path: PathBuf) {
    run(&path, false);
}

#[rstest]
#[ignore = "deep perft: run with --ignored"]
fn perft_deep(#[files("tests/perft/*.yaml")] path: PathBuf) {
    run(&path, true);
}
