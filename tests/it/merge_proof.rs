//! `merge` proves its total. On the reference split (`fide`,
//! depth 4, cut at ply 2: 400 jobs, total 197281), the known repros
//! through the binary — a changed count, a count past u64, job 5's moves
//! and position copied into job 6, the last job dropped with the header's
//! `jobs` lowered — and 3 000 random corruptions of the same kinds and
//! more, generated from a fixed seed and merged in process
//! (`arbiter::cli::merge::merge`): every one is rejected (exit 1 or 2)
//! naming the line (or, for a missing result, the job), and never added
//! up.

use crate::common;

use std::path::Path;
use std::process::Command;

use arbiter::cli::merge::{merge, MergeArgs};
use arbiter::cli::split::Job;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_arbiter");
const TOTAL: &str = "197281";

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// The reference split and its results: (job file, result file).
fn split(dir: &Path) -> (String, String) {
    let (code, jobs, err) = run(
        dir,
        &["split", "--variant", "fide", "--depth", "4", "--at", "2"],
    );
    assert_eq!(code, 0, "{err}");
    std::fs::write(dir.join("jobs.jsonl"), &jobs).unwrap();
    let (code, results, err) = run(dir, &["perft", "--job-file", "jobs.jsonl"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(dir.join("r.jsonl"), &results).unwrap();
    assert_eq!(jobs.lines().count(), 401);
    assert_eq!(results.lines().count(), 400);
    (jobs, results)
}

fn args() -> MergeArgs {
    MergeArgs {
        files: vec![],
        divide: false,
        any_version: false,
        write_rerun: None,
        force: false,
        json: false,
    }
}

/// Merges in process: (exit code, everything it says).
fn merged(jobs: &[String], results: &[String]) -> (i32, String) {
    let files = vec![
        ("jobs.jsonl".to_string(), jobs.join("\n") + "\n"),
        ("r.jsonl".to_string(), results.join("\n") + "\n"),
    ];
    match merge(&args(), &files) {
        Ok(m) => match m.failure {
            None => (0, m.stdout),
            Some(e) => (e.code, format!("{}{}", m.stdout, e.message)),
        },
        Err(e) => (e.code, e.message),
    }
}

fn lines(text: &str) -> Vec<String> {
    text.lines().map(String::from).collect()
}

fn json_line(v: &Value) -> String {
    serde_json::to_string(v).unwrap()
}

#[test]
fn the_issue_repros_are_rejected_through_the_binary() {
    let dir = common::scratch_dir("merge-proof-repros");
    let (jobs, results) = split(&dir);
    let (code, out, _) = run(&dir, &["merge", "jobs.jsonl", "r.jsonl"]);
    assert_eq!((code, out.trim()), (0, TOTAL));
    let bad = |name: &str, jobs: &str, results: &str, code: i32, needle: &str| {
        std::fs::write(dir.join(format!("{name}-jobs.jsonl")), jobs).unwrap();
        std::fs::write(dir.join(format!("{name}-r.jsonl")), results).unwrap();
        let (got, out, err) = run(
            &dir,
            &[
                "merge",
                &format!("{name}-jobs.jsonl"),
                &format!("{name}-r.jsonl"),
            ],
        );
        assert_eq!(got, code, "{name}: {out}{err}");
        assert!(!out.contains(TOTAL), "{name}: a total: {out}");
        assert!(
            out.contains(needle) || err.contains(needle),
            "{name}: {out}{err} should name {needle}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{name}: {err}");
    };
    // `sed '5s/"nodes":\([0-9]*\)/"nodes":1\1/'`: 198281 before.
    let mut r = lines(&results);
    r[4] = r[4].replacen("\"nodes\":", "\"nodes\":1", 1);
    bad(
        "digit",
        &jobs,
        &(r.join("\n") + "\n"),
        1,
        "damaged: digit-r.jsonl:5: job 4: the check",
    );
    // A count past u64 (18446744073709748516 before): the check fails.
    let mut r = lines(&results);
    let mut v: Value = serde_json::from_str(&r[4]).unwrap();
    v["nodes"] = Value::from(u64::MAX);
    r[4] = json_line(&v);
    bad(
        "max",
        &jobs,
        &(r.join("\n") + "\n"),
        1,
        "damaged: max-r.jsonl:5",
    );
    // One more digit: not a count at all.
    let mut r = lines(&results);
    r[4] = r[4].replacen("\"nodes\":", "\"nodes\":99999999999999999999", 1);
    bad("big", &jobs, &(r.join("\n") + "\n"), 2, "big-r.jsonl:5");
    // Job 5's moves and position copied into job 6 (keeping id 6):
    // 197280 before. `perft --job-file` refuses it too.
    let mut j = lines(&jobs);
    let j5: Value = serde_json::from_str(&j[6]).unwrap();
    let mut j6: Value = serde_json::from_str(&j[7]).unwrap();
    j6["moves"] = j5["moves"].clone();
    j6["position"] = j5["position"].clone();
    j[7] = json_line(&j6);
    let copied = j.join("\n") + "\n";
    bad(
        "copy",
        &copied,
        &results,
        2,
        "copy-jobs.jsonl:8: job 6 is not node 6 of the split",
    );
    let (code, out, err) = run(&dir, &["perft", "--job-file", "copy-jobs.jsonl"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("copy-jobs.jsonl:8: job 6 is not node 6"),
        "{err}"
    );
    // The header's `jobs` lowered by one, the last job and its result
    // dropped: 196880 before.
    let mut j = lines(&jobs);
    let mut h: Value = serde_json::from_str(&j[0]).unwrap();
    h["jobs"] = Value::from(399);
    j[0] = json_line(&h);
    j.pop();
    let mut r = lines(&results);
    r.pop();
    bad(
        "drop",
        &(j.join("\n") + "\n"),
        &(r.join("\n") + "\n"),
        2,
        "drop-jobs.jsonl:1: the header announces 399 jobs",
    );
    // `first_moves` is covered too.
    let mut j = lines(&jobs);
    let mut h: Value = serde_json::from_str(&j[0]).unwrap();
    h["first_moves"].as_array_mut().unwrap().pop();
    j[0] = json_line(&h);
    bad(
        "first",
        &(j.join("\n") + "\n"),
        &results,
        2,
        "first-jobs.jsonl:1: the header's first_moves",
    );
}

/// A job line with one field replaced.
fn with_field(line: &str, field: &str, value: Value) -> String {
    let mut v: Value = serde_json::from_str(line).unwrap();
    v[field] = value;
    json_line(&v)
}

#[test]
fn three_thousand_random_corruptions_are_each_rejected_naming_the_line() {
    let dir = common::scratch_dir("merge-proof-random");
    let (jobs, results) = split(&dir);
    let (jobs, results) = (lines(&jobs), lines(&results));
    assert_eq!(merged(&jobs, &results), (0, format!("{TOTAL}\n")));
    // A result of another split (depth 3), for the mix-up kind.
    let (code, other, _) = run(
        &dir,
        &["split", "--variant", "fide", "--depth", "3", "--at", "2"],
    );
    assert_eq!(code, 0);
    let other_job: Job = serde_json::from_str(other.lines().nth(1).unwrap()).unwrap();
    let foreign = arbiter::cli::split::json(&other_job.result(20));

    let mut next = common::xorshift(0x2121_2121);
    let mut kinds = std::collections::BTreeMap::<&str, usize>::new();
    for case in 0..3000 {
        let (mut j, mut r) = (jobs.clone(), results.clone());
        // (what was done, the places the answer must name: one of them)
        let (kind, places): (&str, Vec<String>) = match next(12) {
            0 | 1 => {
                // A changed digit anywhere in either file.
                let (file, text) = if next(2) == 0 {
                    (&mut j, "jobs.jsonl")
                } else {
                    (&mut r, "r.jsonl")
                };
                let i = next(file.len());
                let digits: Vec<usize> = file[i]
                    .char_indices()
                    .filter(|c| c.1.is_ascii_digit())
                    .map(|c| c.0)
                    .collect();
                let at = digits[next(digits.len())];
                let old = file[i].as_bytes()[at] - b'0';
                let new = (old + 1 + next(9) as u8) % 10;
                file[i].replace_range(at..at + 1, &new.to_string());
                ("digit", vec![format!("{text}:{}", i + 1)])
            }
            2 => {
                // An overflowing or absurd count.
                let i = next(r.len());
                let n = ["18446744073709551615", "18446744073709551616", "1e30", "-1"][next(4)];
                r[i] = r[i].replace(
                    &format!("\"nodes\":{}", value(&r[i], "nodes")),
                    &format!("\"nodes\":{n}"),
                );
                ("overflow", vec![format!("r.jsonl:{}", i + 1)])
            }
            3 => {
                // Another job's moves and position copied in.
                let (a, b) = two(&mut next, 400);
                let va: Value = serde_json::from_str(&j[a + 1]).unwrap();
                let line = with_field(&j[b + 1], "moves", va["moves"].clone());
                j[b + 1] = with_field(&line, "position", va["position"].clone());
                ("copied job", vec![format!("jobs.jsonl:{}", b + 2)])
            }
            4 => {
                // The last job and its result dropped, the header lowered.
                let h = with_field(&j[0], "jobs", Value::from(399));
                j[0] = h;
                j.pop();
                r.pop();
                ("dropped job, edited header", vec!["jobs.jsonl:1".into()])
            }
            5 => {
                // A result dropped: the job is named as missing.
                let i = next(r.len());
                r.remove(i);
                (
                    "missing result",
                    vec![format!("missing: 1 of 400 jobs: {i}\n")],
                )
            }
            6 => {
                // Two results' counts swapped (different counts).
                let (a, b) = loop {
                    let (a, b) = two(&mut next, 400);
                    if value(&r[a], "nodes") != value(&r[b], "nodes") {
                        break (a, b);
                    }
                };
                let (na, nb) = (value(&r[a], "nodes"), value(&r[b], "nodes"));
                r[a] = with_field(&r[a], "nodes", Value::from(nb.parse::<u64>().unwrap()));
                r[b] = with_field(&r[b], "nodes", Value::from(na.parse::<u64>().unwrap()));
                ("swapped counts", vec![format!("r.jsonl:{}", a.min(b) + 1)])
            }
            7 => {
                // A line cut short (a crash while writing).
                let (file, name) = if next(2) == 0 {
                    (&mut j, "jobs.jsonl")
                } else {
                    (&mut r, "r.jsonl")
                };
                let i = next(file.len());
                let cut = 1 + next(file[i].len() - 1);
                file[i].truncate(cut);
                ("cut line", vec![format!("{name}:{}", i + 1)])
            }
            8 => {
                // The header's first_moves edited.
                let mut h: Value = serde_json::from_str(&j[0]).unwrap();
                let fm = h["first_moves"].as_array_mut().unwrap();
                match next(3) {
                    0 => {
                        fm.remove(next(20));
                    }
                    1 => fm.swap(0, 1 + next(19)),
                    _ => fm.push(Value::from("e2e5")),
                }
                j[0] = json_line(&h);
                ("first_moves", vec!["jobs.jsonl:1".into()])
            }
            9 => {
                // An extra job (a copy, numbered on), announced by the header.
                let src = next(400);
                let mut extra: Value = serde_json::from_str(&j[src + 1]).unwrap();
                extra["job"] = Value::from(400);
                j.push(json_line(&extra));
                j[0] = with_field(&j[0], "jobs", Value::from(401));
                ("extra job", vec!["jobs.jsonl:1".into()])
            }
            10 => {
                // A result of another split mixed in.
                let at = next(r.len() + 1);
                r.insert(at, foreign.clone());
                ("other split", vec![format!("r.jsonl:{}", at + 1)])
            }
            _ => {
                // Two results' job ids swapped.
                let (a, b) = two(&mut next, 400);
                let (ia, ib) = (value(&r[a], "job"), value(&r[b], "job"));
                r[a] = with_field(&r[a], "job", Value::from(ib.parse::<u64>().unwrap()));
                r[b] = with_field(&r[b], "job", Value::from(ia.parse::<u64>().unwrap()));
                ("swapped ids", vec![format!("r.jsonl:{}", a.min(b) + 1)])
            }
        };
        *kinds.entry(kind).or_default() += 1;
        let (code, said) = merged(&j, &r);
        assert!(
            code == 1 || code == 2,
            "case {case} ({kind}): exit {code}: {said}"
        );
        assert!(
            places.iter().any(|p| said.contains(p.as_str())),
            "case {case} ({kind}): {said:?} names none of {places:?}"
        );
    }
    assert_eq!(kinds.len(), 11, "{kinds:?}");
}

/// The text of a top-level number field of a JSON line.
fn value(line: &str, field: &str) -> String {
    let v: Value = serde_json::from_str(line).unwrap();
    v[field].to_string()
}

/// Two different numbers below `n`.
fn two(next: &mut impl FnMut(usize) -> usize, n: usize) -> (usize, usize) {
    let a = next(n);
    let b = (a + 1 + next(n - 1)) % n;
    (a, b)
}
