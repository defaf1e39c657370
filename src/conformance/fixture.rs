//! The fixture format (YAML, one file per case, documented in
//! CONFORMANCE.md). Unknown fields are rejected so a typo never silently
//! disables an expectation.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::core::perft::{self, MAX_DEPTH};
use crate::core::ErrorKind;

/// One conformance case.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Fixture {
    /// Unique id: the file name without `.yaml` (checked when loading).
    pub id: String,
    /// The variant id.
    pub variant: String,
    /// The rule IDs (RULINGS.md) this case pins down; at least one.
    pub rules: Vec<String>,
    /// Where the case comes from.
    pub source: Source,
    /// Free text about the case (optional).
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
    /// What must hold after the setup.
    pub expect: Expect,
}

/// Document and place (diagram, paragraph) a case is taken from.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// The document (rules text, article, book).
    pub document: String,
    /// YAML `where`: the place in the document (diagram, paragraph); optional.
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

/// One expected verdict of `explain`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ExpectExplain {
    /// YAML `move`: the move text to judge.
    #[serde(rename = "move")]
    pub mv: String,
    /// Whether the move must be legal.
    pub legal: bool,
    /// Rule IDs the verdict must name (a subset of what it names).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// The verdict names exactly `rules`, in this order (for a legal move:
    /// its base rule, then every rule whose effect happened during it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exact: bool,
}

/// The error a setup must be rejected with.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ExpectError {
    /// The error kind (`variant`, `option`, `position`, `illegal-move`, ...).
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
    /// The file could not be read or is not a valid fixture.
    #[error("{path}: {message}")]
    Load {
        /// The fixture file.
        path: String,
        /// What is wrong with it.
        message: String,
    },
}

/// The largest fixture file read (a bigger one is an error, not read).
pub const MAX_FIXTURE_BYTES: u64 = 1 << 20;

impl Fixture {
    /// Reads and checks one fixture file.
    ///
    /// # Errors
    /// Unreadable, too big or not a regular file, YAML errors (unknown
    /// fields included), an `id` that is not the file name, or a fixture
    /// that contradicts the format's own rules ([`Fixture::check`]).
    pub fn load(path: &Path) -> Result<Fixture, FixtureError> {
        let err = |message: String| FixtureError::Load {
            path: path.display().to_string(),
            message,
        };
        let meta = std::fs::metadata(path).map_err(|e| err(e.to_string()))?;
        if !meta.is_file() {
            return Err(err("not a regular file".into()));
        }
        if meta.len() > MAX_FIXTURE_BYTES {
            return Err(err(format!(
                "{} bytes, more than a fixture may have ({MAX_FIXTURE_BYTES})",
                meta.len()
            )));
        }
        let text = std::fs::read_to_string(path).map_err(|e| err(e.to_string()))?;
        Fixture::parse(&text, path)
    }

    /// Parses and checks the text of the fixture file `path` (which names
    /// it in errors and gives the expected `id`).
    ///
    /// # Errors
    /// As [`Fixture::load`].
    pub fn parse(text: &str, path: &Path) -> Result<Fixture, FixtureError> {
        let err = |message: String| FixtureError::Load {
            path: path.display().to_string(),
            message: crate::core::error::one_line(&message, 400),
        };
        let f: Fixture = serde_yaml::from_str(text).map_err(|e| err(e.to_string()))?;
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        if f.id != stem {
            return Err(err(format!(
                "id '{}' differs from the file name '{stem}' (they must be equal)",
                crate::core::error::echo(&f.id)
            )));
        }
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
        if let Some(d) = self.expect.perft.keys().find(|&&d| d > MAX_DEPTH) {
            return Err(format!(
                "expect.perft: {}",
                perft::check_depth(*d).unwrap_err()
            ));
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

/// One entry of a fixture suite: a fixture file, or a path that could not
/// be used as one.
#[derive(Debug)]
pub struct Loaded {
    /// The path, as found.
    pub path: PathBuf,
    /// The fixture read from it, or why there is none.
    pub fixture: Result<Fixture, Problem>,
}

/// Why a path of a suite gave no fixture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Not a fixture: reported as an error (an unreadable folder or file,
    /// a broken link, a file that does not load).
    Error(String),
    /// Left out on purpose, saying why (a FIFO or other non-regular file
    /// named `*.yaml`, never opened).
    Skip(String),
}

/// Where the fixtures of a run come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Suite {
    /// Files and folders (searched recursively for `*.yaml` / `*.yml`).
    Paths(Vec<PathBuf>),
    /// The `fixtures/` folder of the source tree, built into the binary.
    Builtin,
}

impl Suite {
    /// Every fixture of the suite, sorted by path.
    pub fn load(&self) -> Vec<Loaded> {
        match self {
            Suite::Paths(p) => gather(p),
            Suite::Builtin => builtin(),
        }
    }
}

mod embedded {
    // `BUILTIN: &[(&str, &str)]`: (path under the crate root, text) of
    // every fixture file, written by build.rs.
    include!(concat!(env!("OUT_DIR"), "/builtin_fixtures.rs"));
}

/// The fixture suite built into the binary (`fixtures/` when it was built).
pub fn builtin() -> Vec<Loaded> {
    embedded::BUILTIN
        .iter()
        .map(|(path, text)| {
            let path = PathBuf::from(path);
            let fixture = Fixture::parse(text, &path).map_err(|e| Problem::Error(e.to_string()));
            Loaded { path, fixture }
        })
        .collect()
}

fn is_fixture_name(p: &Path) -> bool {
    matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml"))
}

/// Every `*.yaml` / `*.yml` file under the given paths (files or folders,
/// recursively, following links), loaded, sorted by path. Each folder is
/// visited once and each file counted once, however many links lead to
/// it (so `x -> .` neither loops nor counts twice; the file is loaded
/// under its own name rather than a link's); a non-regular file is
/// skipped unopened; an unreadable folder or file is reported, never
/// silently left out. A file given by name must be a fixture file.
pub fn gather(paths: &[PathBuf]) -> Vec<Loaded> {
    struct Walk {
        dirs: HashSet<(u64, u64)>,
        /// Each fixture file once: the path it is loaded from, preferring
        /// the file itself to a link to it, then the shortest path.
        files: HashMap<(u64, u64), PathBuf>,
        out: Vec<Loaded>,
    }
    fn rank(p: &Path) -> (bool, usize) {
        let link = std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink());
        (link, p.components().count())
    }
    impl Walk {
        fn problem(&mut self, p: &Path, pr: Problem) {
            self.out.push(Loaded {
                path: p.to_path_buf(),
                fixture: Err(pr),
            });
        }
        fn visit(&mut self, p: &Path, given: bool) {
            let meta = match std::fs::metadata(p) {
                Ok(m) => m,
                Err(e) => {
                    if given || is_fixture_name(p) {
                        self.problem(p, Problem::Error(format!("cannot read: {e}")));
                    }
                    return;
                }
            };
            if meta.is_dir() {
                if !self.dirs.insert((meta.dev(), meta.ino())) {
                    return; // seen through another path (or a link loop)
                }
                let entries = match std::fs::read_dir(p) {
                    Ok(rd) => rd.collect::<Result<Vec<_>, _>>(),
                    Err(e) => Err(e),
                };
                match entries {
                    Ok(mut es) => {
                        es.sort_by_key(|e| e.file_name());
                        for e in es {
                            self.visit(&e.path(), false);
                        }
                    }
                    Err(e) => self.problem(p, Problem::Error(format!("cannot read folder: {e}"))),
                }
                return;
            }
            if !is_fixture_name(p) {
                if given {
                    self.problem(
                        p,
                        Problem::Error("not a fixture file (*.yaml or *.yml)".into()),
                    );
                }
                return;
            }
            if !meta.is_file() {
                self.problem(
                    p,
                    Problem::Skip(
                        "not a regular file (a FIFO, socket or device): not opened".into(),
                    ),
                );
                return;
            }
            let chosen = self
                .files
                .entry((meta.dev(), meta.ino()))
                .or_insert_with(|| p.to_path_buf());
            if rank(p) < rank(chosen) {
                *chosen = p.to_path_buf();
            }
        }
    }
    let mut w = Walk {
        dirs: HashSet::new(),
        files: HashMap::new(),
        out: Vec::new(),
    };
    for p in paths {
        w.visit(p, true);
    }
    for (_, p) in std::mem::take(&mut w.files) {
        let fixture = Fixture::load(&p).map_err(|e| Problem::Error(e.to_string()));
        w.out.push(Loaded { path: p, fixture });
    }
    w.out.sort_by(|a, b| a.path.cmp(&b.path));
    w.out
}

/// Every fixture file under the given paths, as [`gather`] finds them
/// (paths only; problems left out).
pub fn collect(paths: &[PathBuf]) -> Vec<PathBuf> {
    gather(paths)
        .into_iter()
        .filter(|l| l.fixture.is_ok())
        .map(|l| l.path)
        .collect()
}
