//! Mutation testing of the fixture suite (`arbiter mutants`): every mutant
//! a variant declares (a deliberately misread rule) must make at least one
//! fixture of that variant fail. A fixture only counts as a killer if it
//! passes on the real reference.

use std::path::PathBuf;

use super::backend::Reference;
use super::fixture::{Fixture, Suite};
use super::runner::{run_fixture, RunOptions, Status};
use crate::variants;

/// The outcome for one mutant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MutantReport {
    /// The variant id that declares the mutant.
    pub variant: String,
    /// The mutant's name (`--mutant`).
    pub name: String,
    /// Which rule it misreads and how, in one line.
    pub doc: String,
    /// Fixture ids that fail under the mutant (only the first unless `all`).
    pub killed_by: Vec<String>,
}

impl MutantReport {
    /// Whether some fixture fails under the mutant.
    pub fn killed(&self) -> bool {
        !self.killed_by.is_empty()
    }
}

/// A whole run: per mutant, plus fixtures that fail on the reference
/// itself (they are not used as killers).
#[derive(Clone, Debug, Default)]
pub struct MutationRun {
    /// One report per mutant.
    pub mutants: Vec<MutantReport>,
    /// Fixture ids that fail on the reference itself.
    pub broken_fixtures: Vec<String>,
}

impl MutationRun {
    /// How many mutants some fixture kills.
    pub fn killed(&self) -> usize {
        self.mutants.iter().filter(|m| m.killed()).count()
    }
}

/// Runs the fixtures under `paths` against every mutant of the selected
/// variants (all when `variant` is `None`).
pub fn run(
    paths: &[PathBuf],
    variant: Option<&str>,
    opts: &RunOptions,
    all: bool,
    progress: &mut dyn FnMut(&MutantReport),
) -> MutationRun {
    run_suite(&Suite::Paths(paths.to_vec()), variant, opts, all, progress)
}

/// [`run`] over any fixture suite. Entries that are not loadable fixtures
/// are listed in [`MutationRun::broken_fixtures`].
pub fn run_suite(
    suite: &Suite,
    variant: Option<&str>,
    opts: &RunOptions,
    all: bool,
    progress: &mut dyn FnMut(&MutantReport),
) -> MutationRun {
    let mut out = MutationRun::default();
    let mut fixtures: Vec<Fixture> = Vec::new();
    for l in suite.load() {
        match l.fixture {
            Ok(f) => fixtures.push(f),
            Err(_) => out.broken_fixtures.push(l.path.display().to_string()),
        }
    }
    for v in variants::all() {
        if variant.is_some_and(|x| x != v.id) || v.mutants.is_empty() {
            continue;
        }
        let mut reference = Reference {
            threads: 1,
            mutant: None,
            ..Reference::default()
        };
        let mine: Vec<&Fixture> = fixtures
            .iter()
            .filter(|f| f.variant == v.id)
            .filter(|f| {
                let ok = run_fixture(f, &mut reference, opts) == Status::Pass;
                if !ok {
                    out.broken_fixtures.push(f.id.clone());
                }
                ok
            })
            .collect();
        for m in v.mutants {
            let mut mutant = Reference {
                threads: 1,
                mutant: Some(format!("{}/{}", v.id, m.name)),
                ..Reference::default()
            };
            let mut killed_by = Vec::new();
            for f in &mine {
                if matches!(
                    run_fixture(f, &mut mutant, opts),
                    Status::Fail(_) | Status::Error(_)
                ) {
                    killed_by.push(f.id.clone());
                    if !all {
                        break;
                    }
                }
            }
            let r = MutantReport {
                variant: v.id.into(),
                name: m.name.into(),
                doc: m.doc.into(),
                killed_by,
            };
            progress(&r);
            out.mutants.push(r);
        }
    }
    out
}
