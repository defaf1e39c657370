//! Distributed perft without a scheduler: `arbiter split` → `arbiter
//! perft --job / --job-file` → `arbiter merge`, through the binary.
//!
//! - The jobs of a split add up to the direct perft in every game, on every
//!   perft snapshot position (tests/perft/*.yaml, with their rules and
//!   move histories), cut at ply 1 and at the ply above the leaves; merge's
//!   divide equals `arbiter divide`.
//! - A job replays its moves from the split root: crazy's position text
//!   does not hold the deniable previous turn (DEN-7/G5), so counting from
//!   the job's text alone would be wrong.
//! - merge lists missing, duplicate and foreign results (exit 1) and
//!   rejects bad input naming the line (exit 2); the job runner refuses
//!   edited jobs.
//! - The lines follow schemas/split-job.schema.json and
//!   split-result.schema.json; `--hash` and progress never change stdout;
//!   the Slurm script and Kubernetes manifest of examples/ run as written
//!   (their commands, here, with the scheduler's variables set by hand).

use crate::common;
use crate::common::perft_cases;
use crate::common::schema;

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use common::scratch_dir;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_arbiter");
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Runs arbiter in `dir` with `stdin`: (exit code, stdout, stderr).
fn run_in(dir: &Path, args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arbiter");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.as_bytes()).unwrap();
    drop(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let (code, out, err) = run_in(dir, args, "");
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// split → perft --job-file → merge [--divide] for one position.
fn distributed(dir: &Path, game: &[String], depth: u32, at: u32, divide: bool) -> String {
    let mut split = vec![
        "split".to_string(),
        "--depth".into(),
        depth.to_string(),
        "--at".into(),
        at.to_string(),
    ];
    split.extend(game.iter().cloned());
    let jobs = ok(dir, &strs(&split));
    std::fs::write(dir.join("jobs.jsonl"), &jobs).unwrap();
    let results = ok(dir, &["perft", "--job-file", "jobs.jsonl"]);
    std::fs::write(dir.join("results.jsonl"), &results).unwrap();
    let mut merge = vec!["merge", "jobs.jsonl", "results.jsonl"];
    if divide {
        merge.push("--divide");
    }
    ok(dir, &merge)
}

#[test]
fn the_jobs_add_up_to_perft_in_every_game_on_every_snapshot_position() {
    let dir = scratch_dir("split-every-game");
    let (mut variants, mut all) = (BTreeSet::new(), BTreeSet::new());
    for (i, c) in perft_cases::all()
        .into_iter()
        .filter(|c| !c.deep)
        .enumerate()
    {
        let first_of_game = all.insert(c.variant.clone());
        let counts = c.counts();
        // A node budget keeps this fast in a debug build: the deepest of
        // depths 1 to 3 with at most 100 000 leaves.
        let Some(depth) = (1..=c.depth.min(3)).rev().find(|d| counts[d] <= 100_000) else {
            continue;
        };
        let want = counts[&depth];
        // Each position is split once (at 1, depth - 1 or depth in turn),
        // the first position of each game at every level.
        let levels = if first_of_game {
            BTreeSet::from([1, depth - 1, depth])
        } else {
            let at = [1, depth - 1, depth][i % 3];
            BTreeSet::from([if at == 0 || (at > 1 && counts[&at] > 5_000) {
                1
            } else {
                at
            }])
        };
        for at in levels {
            if at == 0 || (at > 1 && counts[&at] > 5_000) {
                continue;
            }
            let got = distributed(&dir, &c.args(), depth, at, false);
            assert_eq!(
                got.trim(),
                want.to_string(),
                "{}: depth {depth} split at {at}",
                c.name
            );
        }
        // The divide by root move equals `arbiter divide` (once per game).
        if !first_of_game {
            continue;
        }
        let mut divide = vec!["divide".to_string(), "--depth".into(), depth.to_string()];
        divide.extend(c.args());
        let direct = ok(&dir, &strs(&divide));
        let merged = distributed(&dir, &c.args(), depth, 1, true);
        assert_eq!(merged, direct, "{}: merge --divide", c.name);
        variants.insert(c.variant.clone());
    }
    assert_eq!(variants, all, "every game of tests/perft");
    assert!(variants.len() >= 6, "{variants:?}");
}

#[test]
fn a_crazy_job_needs_its_moves_not_only_its_position_text() {
    // After any move the opponent may deny it (DEN-1), but a bare position
    // text has no previous turn to deny (DEN-7): the text after the move
    // is not the whole state.
    let dir = scratch_dir("split-crazy-denial");
    let jobs = ok(
        &dir,
        &["split", "--variant", "crazy", "--depth", "2", "--at", "1"],
    );
    let direct: u64 = ok(&dir, &["perft", "--variant", "crazy", "--depth", "2"])
        .trim()
        .parse()
        .unwrap();
    let (mut replayed, mut from_text) = (0u64, 0u64);
    for line in jobs.lines().skip(1) {
        let job: Value = serde_json::from_str(line).unwrap();
        let out = ok(&dir, &["perft", "--job", line]);
        let r: Value = serde_json::from_str(out.trim()).unwrap();
        replayed += r["nodes"].as_u64().unwrap();
        // A text of a finished game (a king lost in a chain reaction) is
        // no valid position (G6): no move follows there either.
        let text = job["position"].as_str().unwrap();
        let (code, out, _) = run_in(
            &dir,
            &[
                "perft",
                "--variant",
                "crazy",
                "--position",
                text,
                "--depth",
                "1",
            ],
            "",
        );
        if code == 0 {
            from_text += out.trim().parse::<u64>().unwrap();
        } else {
            assert_eq!(r["nodes"], 0, "{line}");
        }
    }
    assert_eq!(replayed, direct);
    assert!(
        from_text < direct,
        "the texts lose the deny moves: {from_text} vs {direct}"
    );
    // With a history before the split root too.
    let merged = distributed(
        &dir,
        &[
            "--variant".into(),
            "crazy".into(),
            "--moves".into(),
            "e2e4".into(),
        ],
        3,
        2,
        false,
    );
    let direct = ok(
        &dir,
        &[
            "perft",
            "--variant",
            "crazy",
            "--moves",
            "e2e4",
            "--depth",
            "3",
        ],
    );
    assert_eq!(merged, direct);
}

fn kiwipete_split(dir: &Path) -> (String, Vec<String>) {
    let jobs = ok(
        dir,
        &[
            "split",
            "--variant",
            "fide",
            "--position",
            KIWIPETE,
            "--depth",
            "3",
            "--at",
            "1",
        ],
    );
    std::fs::write(dir.join("jobs.jsonl"), &jobs).unwrap();
    let results = ok(dir, &["perft", "--job-file", "jobs.jsonl"]);
    (jobs, results.lines().map(String::from).collect())
}

#[test]
fn chunks_and_ids_select_jobs() {
    let dir = scratch_dir("split-chunks");
    let (_, all) = kiwipete_split(&dir);
    assert_eq!(all.len(), 48);
    let mut union = Vec::new();
    for i in 0..5 {
        let chunk = format!("{i}/5");
        let out = ok(
            &dir,
            &["perft", "--job-file", "jobs.jsonl", "--chunk", &chunk],
        );
        for l in out.lines() {
            let v: Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["job"].as_u64().unwrap() % 5, i);
            union.push(l.to_string());
        }
    }
    union.sort();
    let mut sorted = all.clone();
    sorted.sort();
    assert_eq!(union, sorted, "the chunks partition the jobs");
    let out = ok(
        &dir,
        &["perft", "--job-file", "jobs.jsonl", "--job-id", "3-4,40"],
    );
    let ids: Vec<u64> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["job"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(ids, [3, 4, 40]);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [&all[3], &all[4], &all[40]]
    );
    common::assert_input_error(
        &[
            "perft",
            "--job-file",
            dir.join("jobs.jsonl").to_str().unwrap(),
            "--job-id",
            "48",
        ],
        "no job 48",
    );
    common::assert_input_error(
        &["perft", "--job-file", "x", "--chunk", "5/5"],
        "0 <= I < N",
    );
    common::assert_input_error(
        &[
            "perft",
            "--chunk",
            "0/2",
            "--variant",
            "fide",
            "--depth",
            "1",
        ],
        "--job-file",
    );
}

#[test]
fn merge_lists_missing_duplicate_and_foreign_results() {
    let dir = scratch_dir("split-merge-problems");
    let (_, results) = kiwipete_split(&dir);
    // Job 5 missing, job 7 twice, job 9 edited to other moves, job 11 run
    // by another version.
    let mut r: Vec<String> = results.clone();
    r[9] = r[9].replacen("\"moves\":[\"", "\"moves\":[\"x", 1);
    r[11] = r[11].replace("\"arbiter\":\"", "\"arbiter\":\"9.9-");
    r.push(results[7].clone());
    r.remove(5);
    std::fs::write(dir.join("r.jsonl"), r.join("\n") + "\n").unwrap();
    let (code, out, err) = run_in(
        &dir,
        &[
            "merge",
            "jobs.jsonl",
            "r.jsonl",
            "--write-rerun",
            "rerun.jsonl",
        ],
        "",
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("missing: 3 of 48 jobs: 5,9,11\n"), "{out}");
    assert!(out.contains("duplicate: job 7: 2 results"), "{out}");
    assert!(out.contains("equal counts: keep one line"), "{out}");
    assert!(out.contains("foreign: r.jsonl:9: job 9 is ["), "{out}");
    assert!(
        out.contains("foreign: r.jsonl:11: job 11 was run by arbiter 9.9-"),
        "{out}"
    );
    assert!(
        out.contains("rerun: arbiter perft --job-file jobs.jsonl --job-id 5,9,11\n"),
        "{out}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // The rerun file holds exactly those jobs; their results complete the set.
    let rerun = std::fs::read_to_string(dir.join("rerun.jsonl")).unwrap();
    assert_eq!(rerun.lines().count(), 3);
    let again = ok(&dir, &["perft", "--job-file", "rerun.jsonl"]);
    let mut fixed: Vec<String> = r
        .iter()
        .filter(|l| !l.contains("\"arbiter\":\"9.9-") && !l.contains("[\"x"))
        .cloned()
        .collect();
    fixed.pop(); // the duplicate of job 7
    fixed.extend(again.lines().map(String::from));
    let (code, out, _) = run_in(
        &dir,
        &["merge", "jobs.jsonl", "-"],
        &(fixed.join("\n") + "\n"),
    );
    assert_eq!((code, out.as_str()), (0, "97862\n"));
    // Another version is accepted when asked.
    let (code, out, _) = run_in(
        &dir,
        &["merge", "--any-version", "jobs.jsonl", "-"],
        &results
            .iter()
            .map(|l| l.replace("\"arbiter\":\"", "\"arbiter\":\"9.9-"))
            .collect::<Vec<_>>()
            .join("\n"),
    );
    assert_eq!((code, out.as_str()), (0, "97862\n"));
    // Duplicates with different counts (each with its own valid check: a
    // runner that counted wrong once) must be rerun.
    let jobs_text = std::fs::read_to_string(dir.join("jobs.jsonl")).unwrap();
    let job2: arbiter::cli::split::Job =
        serde_json::from_str(jobs_text.lines().nth(3).unwrap()).unwrap();
    let r2: Value = serde_json::from_str(&results[2]).unwrap();
    let wrong = job2.result(r2["nodes"].as_u64().unwrap() + 1);
    let mut d = results.clone();
    d.push(arbiter::cli::split::json(&wrong));
    let (code, out, _) = run_in(&dir, &["merge", "jobs.jsonl", "-", "--json"], &d.join("\n"));
    assert_eq!(code, 1);
    // The report, then the error object every --json command ends with.
    let v: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let e: Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
    assert_eq!(e["error"]["exit_code"], 1);
    assert_eq!(v["rerun"], serde_json::json!([2]));
    assert_eq!(v["missing"], serde_json::json!([]));
    // A changed count (its check no longer matches) is named as damaged,
    // not added up; the job's good result still counts.
    let mut d = results.clone();
    d.push(results[2].replace("\"nodes\":", "\"nodes\":1"));
    let (code, out, _) = run_in(&dir, &["merge", "jobs.jsonl", "-"], &d.join("\n"));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("damaged: stdin:49: job 2: the check"), "{out}");
}

#[test]
fn merge_rejects_bad_input_naming_the_line() {
    let dir = scratch_dir("split-merge-bad");
    let (jobs, results) = kiwipete_split(&dir);
    std::fs::write(dir.join("r.jsonl"), results.join("\n")).unwrap();
    let bad = |name: &str, text: &str, args: &[&str], needle: &str| {
        std::fs::write(dir.join(name), text).unwrap();
        let (code, out, err) = run_in(&dir, args, "");
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(out.is_empty(), "{name}: no partial result: {out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{name}: {err}");
        assert!(err.contains(needle), "{name}: {err} should name {needle}");
    };
    // A truncated job file (cut inside its 21st line).
    let cut = &jobs[..jobs.match_indices('\n').nth(19).unwrap().0 + 40];
    bad(
        "cut.jsonl",
        cut,
        &["merge", "cut.jsonl", "r.jsonl"],
        "cut.jsonl:21: not a JSON line",
    );
    let short: String = jobs.lines().take(20).map(|l| format!("{l}\n")).collect();
    bad(
        "short.jsonl",
        &short,
        &["merge", "short.jsonl", "r.jsonl"],
        "short.jsonl:20: the job file ends after 19 of the 48 jobs",
    );
    // A result of another split.
    let other = ok(
        &dir,
        &["split", "--variant", "fide", "--depth", "2", "--at", "1"],
    );
    let other_job = other.lines().nth(1).unwrap();
    let other_result = ok(&dir, &["perft", "--job", other_job]);
    bad(
        "mixed.jsonl",
        &format!("{}\n{other_result}", results.join("\n")),
        &["merge", "jobs.jsonl", "mixed.jsonl"],
        "mixed.jsonl:49: result of another split",
    );
    bad(
        "two.jsonl",
        &other,
        &["merge", "jobs.jsonl", "two.jsonl", "r.jsonl"],
        "two.jsonl:1: a second split",
    );
    // Garbage, and lines of no known type.
    bad(
        "g.jsonl",
        "\n\nhello\n",
        &["merge", "jobs.jsonl", "g.jsonl"],
        "g.jsonl:3: not a JSON line",
    );
    bad(
        "t.jsonl",
        "{\"type\":\"other\"}\n",
        &["merge", "jobs.jsonl", "t.jsonl"],
        "t.jsonl:1: not a split, job or result line",
    );
    bad(
        "f.jsonl",
        "{\"type\":\"result\",\"job\":1}\n",
        &["merge", "jobs.jsonl", "f.jsonl"],
        "f.jsonl:1: not a valid result line",
    );
    bad(
        "u.jsonl",
        "\u{fffd}x\n",
        &["merge", "jobs.jsonl", "u.jsonl"],
        "u.jsonl:1: not a JSON line",
    );
    std::fs::write(dir.join("latin1.jsonl"), b"{}\n\xff\n").unwrap();
    let (code, _, err) = run_in(&dir, &["merge", "jobs.jsonl", "latin1.jsonl"], "");
    assert_eq!(code, 2);
    assert!(err.contains("latin1.jsonl:2: not UTF-8"), "{err}");
    // No header.
    bad(
        "r2.jsonl",
        &results.join("\n"),
        &["merge", "r2.jsonl"],
        "no split header",
    );
    // --divide of a split at ply 0.
    let zero = ok(
        &dir,
        &["split", "--variant", "fide", "--depth", "2", "--at", "0"],
    );
    assert_eq!(zero.lines().count(), 2);
    bad(
        "zero.jsonl",
        &zero,
        &["merge", "--divide", "zero.jsonl"],
        "--divide needs a split at ply 1",
    );
}

#[test]
fn the_job_runner_refuses_edited_or_foreign_jobs() {
    let dir = scratch_dir("split-job-checks");
    let (jobs, _) = kiwipete_split(&dir);
    let header = jobs.lines().next().unwrap();
    let job = jobs.lines().nth(1).unwrap();
    common::assert_input_error(&["perft", "--job", header], "header line");
    common::assert_input_error(
        &["perft", "--job", "{\"type\":\"job\"}"],
        "not a valid job line",
    );
    common::assert_input_error(&["perft", "--job", "nonsense"], "not a JSON line");
    // An edited depth no longer matches the digest.
    common::assert_input_error(
        &["perft", "--job", &job.replace("\"depth\":2", "\"depth\":3")],
        "does not match the job's fields",
    );
    // A position that is not where the moves lead.
    let v: Value = serde_json::from_str(job).unwrap();
    let pos = v["position"].as_str().unwrap();
    common::assert_input_error(
        &[
            "perft",
            "--job",
            &job.replace(pos, "8/8/8/8/8/8/8/K6k w - - 0 1"),
        ],
        "the moves lead to",
    );
    // The runner's own flags do not mix with a job's.
    let (code, _, err) = run_in(&dir, &["perft", "--job", job, "--variant", "fide"], "");
    assert_eq!(code, 2, "{err}");
    // --job-file: a truncated file is refused before any job runs.
    let short: String = jobs.lines().take(10).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join("short.jsonl"), short).unwrap();
    let (code, out, err) = run_in(&dir, &["perft", "--job-file", "short.jsonl"], "");
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("short.jsonl:10: the file ends after 9 of the 48 jobs"),
        "{err}"
    );
    // split's own checks.
    common::assert_input_error(
        &["split", "--variant", "fide", "--depth", "2", "--at", "3"],
        "--at 3 is deeper than --depth 2",
    );
    common::assert_input_error(
        &["split", "--variant", "nope", "--depth", "2", "--at", "1"],
        "nope",
    );
    common::assert_input_error(
        &["split", "--variant", "fide", "--depth", "9", "--at", "9"],
        "more than 10000000",
    );
}

#[test]
fn lines_follow_their_schemas() {
    let dir = scratch_dir("split-schemas");
    let job_schema = schema::load("split-job.schema.json");
    let result_schema = schema::load("split-result.schema.json");
    for game in [
        vec!["--variant", "fide", "--position", KIWIPETE],
        vec![
            "--variant",
            "bosses",
            "--rule",
            "boss-hp=5",
            "--moves",
            "a3-b4",
        ],
        vec!["--variant", "sonic", "--rule", "springs"],
    ] {
        let mut args = vec!["split", "--depth", "2", "--at", "1"];
        args.extend(&game);
        let (code, jobs, err) = run_in(&dir, &args, "");
        assert_eq!(code, 0, "{game:?}: {err}");
        std::fs::write(dir.join("jobs.jsonl"), &jobs).unwrap();
        for (i, l) in jobs.lines().enumerate() {
            let v: Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["type"], if i == 0 { "split" } else { "job" });
            let e = schema::errors(&job_schema, &v);
            assert!(e.is_empty(), "{game:?} line {}: {e:?}", i + 1);
        }
        for l in ok(&dir, &["perft", "--job-file", "jobs.jsonl"]).lines() {
            let v: Value = serde_json::from_str(l).unwrap();
            let e = schema::errors(&result_schema, &v);
            assert!(e.is_empty(), "{l}: {e:?}");
            assert!(
                !schema::errors(&job_schema, &v).is_empty(),
                "a result is no job line"
            );
        }
    }
}

#[test]
fn hash_and_progress_leave_stdout_alone() {
    let dir = scratch_dir("split-hash-quiet");
    let (_, results) = kiwipete_split(&dir);
    let plain = results.join("\n") + "\n";
    for extra in [
        &["--hash", "1"][..],
        &["--quiet"],
        &["--hash", "4", "--threads", "2", "-q"],
    ] {
        let mut args = vec!["perft", "--job-file", "jobs.jsonl"];
        args.extend(extra);
        let (code, out, err) = run_in(&dir, &args, "");
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (0, plain.as_str(), ""),
            "{extra:?}"
        );
    }
    for cmd in ["perft", "divide"] {
        let base = [cmd, "--variant", "hop", "--depth", "3"];
        let plain = ok(&dir, &base);
        for extra in [
            &["--hash", "8"][..],
            &["--quiet"],
            &["--hash", "2", "--threads", "2"],
        ] {
            let mut args = base.to_vec();
            args.extend(extra);
            let (code, out, err) = run_in(&dir, &args, "");
            // stderr is a pipe here: no progress drawn.
            assert_eq!(
                (code, out.as_str(), err.as_str()),
                (0, plain.as_str(), ""),
                "{args:?}"
            );
        }
    }
    common::assert_input_error(
        &["perft", "--variant", "fide", "--depth", "1", "--hash", "x"],
        "hash must be",
    );
    common::assert_input_error(
        &[
            "perft",
            "--variant",
            "fide",
            "--depth",
            "1",
            "--hash",
            "2000000",
        ],
        "hash must be",
    );
    let (code, out, err) = run_in(
        &dir,
        &[
            "check",
            "--quiet",
            "--variant",
            "english",
            "--max-nodes",
            "1000",
        ],
        "",
    );
    let (code2, out2, _) = run_in(
        &dir,
        &["check", "--variant", "english", "--max-nodes", "1000"],
        "",
    );
    assert_eq!((code, &out), (code2, &out2));
    assert!(
        !err.contains('\r') && !err.contains("\u{1b}["),
        "no bar on a pipe: {err:?}"
    );
}

#[test]
fn the_slurm_script_and_the_kubernetes_manifest_run_their_chunks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin_dir = Path::new(BIN)
        .parent()
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    let path = format!("{bin_dir}:{}", std::env::var("PATH").unwrap_or_default());
    let game = [
        "--variant",
        "hop",
        "--position",
        "r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 5 d4 f5",
    ];
    // perft(2) is 1.0·10⁶ here (perft(3), 9.2·10⁸, is minutes in a debug build).
    let direct = ok(root, &[&["perft", "--depth", "2"][..], &game].concat());

    // Slurm: every array task of --array=0-3 as sbatch would start it.
    let dir = scratch_dir("split-slurm");
    let jobs = ok(
        &dir,
        &[&["split", "--depth", "2", "--at", "1"][..], &game].concat(),
    );
    std::fs::write(dir.join("jobs.jsonl"), jobs).unwrap();
    std::fs::create_dir_all(dir.join("results")).unwrap();
    let sbatch = std::fs::read_to_string(root.join("examples/perft-slurm.sbatch")).unwrap();
    assert!(
        sbatch.contains("#SBATCH --output=results/%a.jsonl"),
        "stdout is the task's result file"
    );
    for task in 0..4 {
        let out = Command::new("bash")
            .arg(root.join("examples/perft-slurm.sbatch"))
            .current_dir(&dir)
            .env("PATH", &path)
            .env("SLURM_ARRAY_TASK_ID", task.to_string())
            .env("SLURM_ARRAY_TASK_COUNT", "4")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::write(dir.join(format!("results/{task}.jsonl")), out.stdout).unwrap();
    }
    let files: Vec<String> = (0..4).map(|t| format!("results/{t}.jsonl")).collect();
    let mut args = vec!["merge", "jobs.jsonl"];
    args.extend(files.iter().map(String::as_str));
    assert_eq!(ok(&dir, &args), direct, "slurm");

    // Kubernetes: the container's command for every completion index,
    // the volume at /data replaced by a folder.
    let manifest: serde_yaml::Value = serde_yaml::from_str(
        &std::fs::read_to_string(root.join("examples/perft-k8s-job.yaml")).unwrap(),
    )
    .unwrap();
    let spec = &manifest["spec"];
    assert_eq!(manifest["kind"], "Job");
    assert_eq!(spec["completionMode"], "Indexed");
    let container = &spec["template"]["spec"]["containers"][0];
    let chunks = container["env"][0]["value"].as_str().unwrap();
    assert_eq!(container["env"][0]["name"], "CHUNKS");
    assert_eq!(
        spec["completions"].as_u64().unwrap().to_string(),
        chunks,
        "completions = CHUNKS"
    );
    assert_eq!(
        container["command"],
        serde_yaml::from_str::<serde_yaml::Value>("[sh, -c]").unwrap()
    );
    let script = container["args"][0].as_str().unwrap();
    let data = scratch_dir("split-k8s");
    std::fs::copy(dir.join("jobs.jsonl"), data.join("jobs.jsonl")).unwrap();
    std::fs::create_dir_all(data.join("results")).unwrap();
    let script = script.replace("/data", data.to_str().unwrap());
    let n: u64 = chunks.parse().unwrap();
    for index in 0..n {
        let out = Command::new("sh")
            .args(["-c", &script])
            .env("PATH", &path)
            .env("JOB_COMPLETION_INDEX", index.to_string())
            .env("CHUNKS", chunks)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mut files: Vec<String> = std::fs::read_dir(data.join("results"))
        .unwrap()
        .flatten()
        .map(|e| e.path().display().to_string())
        .collect();
    files.sort();
    assert_eq!(files.len() as u64, n);
    assert!(
        files.iter().all(|f| f.ends_with(".jsonl")),
        "no .part left: {files:?}"
    );
    let mut args = vec!["merge".to_string(), "jobs.jsonl".into()];
    args.extend(files);
    assert_eq!(ok(&data, &strs(&args)), direct, "kubernetes");
}
