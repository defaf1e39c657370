//! The fixture format (YAML, one file per case, documented in
//! CONFORMANCE.md). Unknown fields are rejected so a typo never silently
//! disables an expectation.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::core::ErrorKind;

/// One conformance case.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Fixture {
    /// Unique id; by convention the file name without `.yaml`.
    pub id: String,
    pub variant: String,
    /// The rule IDs (RULINGS.md) this case pins down; at least one.
    pub rules: Vec<String>,
    /// Where the case comes from.
    pub source: Source,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Rule options, `name` or `name=value` (as `--rule`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// Position text; absent = the variant's start position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Moves played from the position before the expectations apply.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    pub expect: Expect,
}

/// Document and place (diagram, paragraph) a case is taken from.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Source {
    pub document: String,
    #[serde(rename = "where", default, skip_serializing_if = "String::is_empty")]
    pub place: String,
}

/// What must hold after the setup. Every given field is checked.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The exact set of legal moves (canonical texts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<String>>,
    /// Per prefix (usually a start square): the exact set of legal moves
    /// whose text starts with it (a square prefix `a1` does not match `a10`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub legal_from: BTreeMap<String, Vec<String>>,
    /// Moves that must be legal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub include: Vec<String>,
    /// Moves that must not be legal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exclude: Vec<String>,
    /// The position text after the moves (canonical).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// perft counts by depth.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub perft: BTreeMap<u32, u64>,
    /// `white-wins`, `black-wins`, `draw` or `none` (game not over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
    /// Verdicts of `explain`: legality and rule IDs that must be named.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub explain: Vec<ExpectExplain>,
    /// The setup must be rejected with this error (then nothing else may
    /// be expected).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ExpectError>,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ExpectExplain {
    #[serde(rename = "move")]
    pub mv: String,
    pub legal: bool,
    /// Rule IDs the verdict must name (a subset of what it names).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ExpectError {
    pub kind: ErrorKind,
    /// For move-list errors: the 1-based ply of the failing move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    /// A substring the one-line message must contain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contains: Option<String>,
}

/// A fixture file that could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum FixtureError {
    #[error("{path}: {message}")]
    Load { path: String, message: String },
}

impl Fixture {
    /// Reads and checks one fixture file.
    ///
    /// # Errors
    /// Unreadable file, YAML errors (unknown fields included), or a fixture
    /// that contradicts the format's own rules (no rule ID, error together
    /// with other expectations, nothing expected).
    pub fn load(path: &Path) -> Result<Fixture, FixtureError> {
        let err = |message: String| FixtureError::Load {
            path: path.display().to_string(),
            message,
        };
        let text = std::fs::read_to_string(path).map_err(|e| err(e.to_string()))?;
        let f: Fixture = serde_yaml::from_str(&text).map_err(|e| err(e.to_string()))?;
        f.check().map_err(err)?;
        Ok(f)
    }

    /// Self-consistency of a fixture.
    ///
    /// # Errors
    /// A message naming the problem.
    pub fn check(&self) -> Result<(), String> {
        if self.rules.is_empty() {
            return Err("fixture names no rule ID".into());
        }
        let e = &self.expect;
        let others = e.legal.is_some()
            || !e.legal_from.is_empty()
            || !e.include.is_empty()
            || !e.exclude.is_empty()
            || e.position.is_some()
            || !e.perft.is_empty()
            || e.outcome.is_some()
            || !e.explain.is_empty();
        match (&e.error, others) {
            (Some(_), true) => Err("expect.error excludes every other expectation".into()),
            (None, false) => Err("fixture expects nothing".into()),
            _ => Ok(()),
        }
    }
}

/// Every `*.yaml` / `*.yml` file under the given paths (files or
/// directories, recursively), sorted.
pub fn collect(paths: &[PathBuf]) -> Vec<PathBuf> {
    fn walk(p: &Path, out: &mut Vec<PathBuf>) {
        if p.is_dir() {
            if let Ok(rd) = std::fs::read_dir(p) {
                for e in rd.flatten() {
                    walk(&e.path(), out);
                }
            }
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")) {
            out.push(p.to_path_buf());
        }
    }
    let mut out = Vec::new();
    for p in paths {
        walk(p, &mut out);
    }
    out.sort();
    out.dedup();
    out
}
