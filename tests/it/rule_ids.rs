//! Rule IDs: every rule ID that appears in `src/`,
//! `fixtures/` or CONFORMANCE.md exists in `../shared/rules/RULINGS.md`,
//! and every ID of RULINGS.md appears in all three (what
//! `../shared/tools/rule-coverage --missing` reports, as a test).
//!
//! RULINGS.md is read relative to the crate (`../shared/rules/`). Under CI
//! (`CI=true`) it must exist; in a local checkout without it the test says
//! `SKIPPED` on stderr.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};

/// IDs of RULINGS.md that other work is implementing right now: they may
/// still be missing from some place. The lead empties this list when that
/// work lands (the test fails for an ID listed here that is covered
/// everywhere, so the list cannot go stale).
const PENDING: &[&str] = &[];

/// The rule-ID families of RULINGS.md (G1..G6 have no dash and are not
/// rule IDs in this sense, as for `rule-coverage`).
const FAMILIES: [&str; 11] = [
    "FIDE", "SCA", "GLN", "MCC", "SHF", "CAP", "HOP", "DEN", "CRZ", "CWB", "ENG",
];

/// The rule IDs mentioned in `text`: `FAMILY-BODY` not preceded by a
/// letter, digit or `-`, where BODY is letters and digits (with a digit,
/// or one capital letter: `CRZ-V`) and `.N` parts (`SCA-4.5`; a `.` not
/// followed by a digit ends the ID).
fn ids_in(text: &str) -> BTreeSet<String> {
    let b = text.as_bytes();
    let mut out = BTreeSet::new();
    for fam in FAMILIES {
        let pat = format!("{fam}-");
        let mut from = 0;
        while let Some(i) = text[from..].find(&pat) {
            let start = from + i;
            from = start + pat.len();
            if start > 0 && (b[start - 1].is_ascii_alphanumeric() || b[start - 1] == b'-') {
                continue;
            }
            let mut end = from;
            while end < b.len() && (b[end].is_ascii_uppercase() || b[end].is_ascii_digit()) {
                end += 1;
            }
            while end + 1 < b.len() && b[end] == b'.' && b[end + 1].is_ascii_digit() {
                end += 1;
                while end < b.len() && b[end].is_ascii_digit() {
                    end += 1;
                }
            }
            let body = &text[from..end];
            let ok = body.bytes().any(|c| c.is_ascii_digit())
                || (body.len() == 1 && body.as_bytes()[0].is_ascii_uppercase());
            // A lower-case letter right after the body: a word, not an ID.
            let word = end < b.len() && b[end].is_ascii_lowercase();
            if ok && !word {
                out.insert(text[start..end].to_string());
            }
        }
    }
    out
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut es: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    es.sort();
    for p in es {
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// ID → the first file of `place` naming it.
fn ids_of(root: &Path, place: &str) -> BTreeMap<String, String> {
    let p = root.join(place);
    let mut list = Vec::new();
    if p.is_dir() {
        files(&p, &mut list);
    } else {
        list.push(p);
    }
    let mut out = BTreeMap::new();
    for f in list {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        for id in ids_in(&text) {
            out.entry(id)
                .or_insert_with(|| f.strip_prefix(root).unwrap().display().to_string());
        }
    }
    out
}

#[test]
fn the_id_scanner_reads_ids_not_words() {
    let got = ids_in(
        "SCA-4.5-rook, CRZ-V. HOP-3.1: ENG-1-x (CWB-10) SCA-4. XSCA-1 HOP-Chess CRZ-K1 DEN-7a FIDE-1",
    );
    let want: BTreeSet<String> = [
        "SCA-4.5", "CRZ-V", "HOP-3.1", "ENG-1", "CWB-10", "SCA-4", "CRZ-K1", "FIDE-1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(got, want);
}

#[test]
fn every_rule_id_exists_and_appears_everywhere() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rulings_path = root.join("../shared/rules/RULINGS.md");
    let Ok(rulings) = std::fs::read_to_string(&rulings_path) else {
        assert!(
            !common::under_ci(),
            "{} is missing (CI=true: it must be beside the checkout)",
            rulings_path.display()
        );
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: every_rule_id_exists_and_appears_everywhere: no {}",
            rulings_path.display()
        );
        return;
    };
    // The IDs RULINGS.md defines: its `- **ID` entries.
    let defined: BTreeSet<String> = rulings
        .lines()
        .filter_map(|l| l.strip_prefix("- **"))
        .flat_map(|l| ids_in(l).into_iter().take(1))
        .collect();
    assert!(defined.len() > 50, "too few IDs read: {defined:?}");
    let places = ["src", "fixtures", "CONFORMANCE.md"];
    let mut problems = Vec::new();
    for place in places {
        let found = ids_of(root, place);
        for (id, file) in &found {
            if !defined.contains(id) {
                problems.push(format!("{id} (in {file}) is not a rule ID of RULINGS.md"));
            }
        }
        for id in &defined {
            if !found.contains_key(id) && !PENDING.contains(&id.as_str()) {
                problems.push(format!("{id} of RULINGS.md does not appear in {place}"));
            }
        }
    }
    for id in PENDING {
        assert!(
            defined.contains(*id),
            "PENDING lists {id}, which RULINGS.md does not define"
        );
        if places.iter().all(|p| ids_of(root, p).contains_key(*id)) {
            problems.push(format!(
                "{id} is covered everywhere now: remove it from PENDING in tests/it/rule_ids.rs"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
