//! `arbiter export --epd`: the perft expectations of fixtures as an EPD
//! perft suite (`<position> ;D1 <n> ;D2 <n> ...`, one position a line) on
//! stdout, for other perft tools. One variant and one set of rule options
//! per suite (EPD has no place for them); `arbiter check FILE.epd
//! --variant V [--rule ...]` reads it back.
//!
//! A fixture whose position after its `moves` is not all in the position
//! text (crazy's deniable previous turn, DEN-7/G5) cannot be written as a
//! line and is left out, as is one whose text would not read back as the
//! same line; stderr says how many and why.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use clap::Args;

use super::Exit;
use crate::conformance::epd;
use crate::core::DynGame;
use crate::variants::{self, Setup};

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// Fixture files or directories (default: the suite built into arbiter).
    pub paths: Vec<PathBuf>,
    /// Write an EPD perft suite (the only format so far).
    #[arg(long, required = true)]
    pub epd: bool,
    /// The variant to export (needed when the fixtures have several).
    #[arg(long)]
    pub variant: Option<String>,
    /// Only fixtures with exactly these rule options (`name` or `name=value`;
    /// default: fixtures without options).
    #[arg(long = "rule", num_args = 1..)]
    pub rules: Vec<String>,
}

pub fn run(a: &ExportArgs) -> Result<i32, Exit> {
    let suite = super::fixture_suite(&a.paths)?;
    let fixtures: Vec<_> = suite
        .load()
        .into_iter()
        .filter_map(|l| l.fixture.ok())
        .filter(|f| !f.expect.perft.is_empty())
        .collect();
    let variant = match &a.variant {
        Some(v) => {
            variants::get(v)?;
            v.clone()
        }
        None => {
            let seen: BTreeSet<&str> = fixtures.iter().map(|f| f.variant.as_str()).collect();
            match seen.len() {
                1 => seen.into_iter().next().unwrap_or_default().to_string(),
                0 => return Err(Exit::input("no fixture with perft expectations in the given paths")),
                _ => {
                    return Err(Exit::input(format!(
                        "the fixtures have perft expectations for {} variants ({}): pick one with --variant",
                        seen.len(),
                        seen.into_iter().collect::<Vec<_>>().join(", ")
                    )))
                }
            }
        }
    };
    let v = variants::get(&variant)?;
    let rules = v.rules(&a.rules, None)?;
    let wanted: BTreeSet<&String> = a.rules.iter().collect();
    let mut lines: Vec<String> = Vec::new();
    let mut seen = BTreeSet::new();
    let mut other_rules = 0;
    let mut left_out: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    for f in fixtures.iter().filter(|f| f.variant == variant) {
        if f.options.iter().collect::<BTreeSet<_>>() != wanted {
            other_rules += 1;
            continue;
        }
        let g = match variants::setup(&Setup {
            variant: &f.variant,
            options: &f.options,
            mutant: None,
            position: f.position.as_deref(),
            moves: &f.moves,
        }) {
            Ok(g) => g,
            Err(_) => {
                left_out
                    .entry("its setup fails")
                    .or_default()
                    .push(f.id.clone());
                continue;
            }
        };
        let text = g.to_text();
        // The text alone must give the same state (moves may leave state
        // the text cannot hold).
        let same = (v.parse)(&text, &rules)
            .is_ok_and(|h: Box<dyn DynGame>| h.state_key() == g.state_key());
        if !same {
            left_out
                .entry("the position after its moves is not all in the position text")
                .or_default()
                .push(f.id.clone());
            continue;
        }
        let l = epd::line(&text, &f.expect.perft);
        if epd::parse_line(&l).ok() != Some((text.clone(), f.expect.perft.clone())) {
            left_out
                .entry("its position text does not read back from an EPD line")
                .or_default()
                .push(f.id.clone());
            continue;
        }
        if seen.insert(l.clone()) {
            lines.push(l);
        }
    }
    if other_rules > 0 {
        super::note(&format!(
            "note: left out {other_rules} {variant} fixture(s) with other rule options (export them with --rule)"
        ));
    }
    for (why, ids) in &left_out {
        super::note(&format!(
            "note: left out {} fixture(s): {why}: {}",
            ids.len(),
            ids.join(", ")
        ));
    }
    if lines.is_empty() {
        return Err(Exit::input(format!(
            "no {variant} fixture with perft expectations and rule options [{}] to export",
            a.rules.join(", ")
        )));
    }
    let mut out = lines.join("\n");
    out.push('\n');
    super::out(&out)?;
    Ok(0)
}
