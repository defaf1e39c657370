//! The perft snapshot positions (`tests/perft/*.yaml`) and their counts
//! as tests/it/perft.rs pinned them (`snapshots/<name>.snap`, lines
//! `perft(d) = n`), for tests that compare another way of counting with
//! them. Reached as `common::perft_cases`.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
pub struct Case {
    pub name: String,
    pub variant: String,
    #[serde(default)]
    pub rules: Vec<String>,
    pub position: Option<String>,
    #[serde(default)]
    pub moves: Vec<String>,
    pub depth: u32,
    #[serde(default)]
    pub deep: bool,
}

impl Case {
    /// The command-line arguments of this position (variant, rules,
    /// position, moves; moves last, so end them with `--` if needed).
    pub fn args(&self) -> Vec<String> {
        let mut a = vec!["--variant".to_string(), self.variant.clone()];
        for r in &self.rules {
            a.push("--rule".into());
            a.push(r.clone());
        }
        if let Some(p) = &self.position {
            a.push("--position".into());
            a.push(p.clone());
        }
        if !self.moves.is_empty() {
            a.push("--moves".into());
            a.extend(self.moves.iter().cloned());
        }
        a
    }

    /// perft(d) for d = 1..=depth, as the snapshot pins them.
    pub fn counts(&self) -> BTreeMap<u32, u64> {
        let p = root().join("snapshots").join(format!("{}.snap", self.name));
        let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let counts: BTreeMap<u32, u64> = text
            .lines()
            .filter_map(|l| {
                let (d, n) = l.strip_prefix("perft(")?.split_once(") = ")?;
                Some((d.parse().ok()?, n.trim().parse().ok()?))
            })
            .collect();
        assert_eq!(
            counts.keys().copied().collect::<Vec<_>>(),
            (1..=self.depth).collect::<Vec<_>>(),
            "{}: the snapshot has perft(1..={})",
            p.display(),
            self.depth
        );
        counts
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every case of every `tests/perft/*.yaml`, by file name order.
pub fn all() -> Vec<Case> {
    let mut files: Vec<_> = std::fs::read_dir(root().join("tests/perft"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let cases: Vec<Case> =
            serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        out.extend(cases);
    }
    assert!(out.len() >= 6, "the perft snapshot cases");
    out
}
