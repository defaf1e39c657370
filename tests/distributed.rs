//! Distributed perft on a real scheduler: `examples/perft-parallel.sh`
//! (split → GNU parallel → merge) on this machine, plainly and through
//! `--sshloginfile` (a hosts file naming this machine, `:`), equals
//! `arbiter perft`; and the progress display, on a real terminal (a pty
//! made by `script`), draws on stderr while stdout stays the count.
//!
//! `.ci/run` installs GNU parallel (Debian package `parallel`, through
//! examples/install-parallel.sh). Like tests/externals.rs this binary has
//! its own small harness (`harness = false`): a test whose program is
//! missing is a **failure under CI** (`CI=true`) and a **visible skip**
//! locally (`SKIPPED: ...`, counted in the summary line
//! `distributed: P passed, F failed, S skipped`).
//!
//! The acceptance case, hop depth 4 split at ply 2 (12788 jobs,
//! 6.5·10⁹ nodes, minutes), is the ignored test
//! `hop_depth_4_split_at_2_through_parallel` (`cargo test --release --test
//! distributed -- --ignored`).

mod common;

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use common::scratch_dir;

const BIN: &str = env!("CARGO_BIN_EXE_arbiter");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// PATH with the test's arbiter first (what the recipe calls `arbiter`).
fn path() -> String {
    let bin = Path::new(BIN).parent().unwrap().display().to_string();
    format!("{bin}:{}", std::env::var("PATH").unwrap_or_default())
}

fn perft(args: &[&str]) -> String {
    let out = Command::new(BIN).arg("perft").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs the GNU parallel recipe in a fresh folder: (exit code, stdout, stderr).
fn recipe(name: &str, hosts: Option<&str>, split: &[&str]) -> (i32, String, String) {
    let dir = scratch_dir(name);
    let mut cmd = Command::new("sh");
    cmd.arg(root().join("examples/perft-parallel.sh"))
        .args(split)
        .current_dir(&dir)
        .env("PATH", path())
        .env("DIR", "run")
        .env("JOBS", "2");
    if let Some(h) = hosts {
        std::fs::write(dir.join("hosts"), h).unwrap();
        cmd.env("HOSTS", "hosts");
    }
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn split_parallel_merge_equals_perft() {
    // Two games; crazy with a history, so jobs start where a deny is legal
    // (82 jobs: one process each, through parallel, is what takes time).
    let hop = ["--variant", "hop", "--depth", "3", "--at", "1"];
    let crazy = [
        "--variant",
        "crazy",
        "--moves",
        "e2e4",
        "--depth",
        "3",
        "--at",
        "1",
    ];
    for (name, split, hosts) in [
        ("parallel-hop", &hop[..], None),
        ("parallel-crazy-ssh", &crazy[..], Some(":\n")),
    ] {
        let (code, out, err) = recipe(name, hosts, split);
        let direct_args: Vec<&str> = split.iter().copied().take(split.len() - 2).collect();
        let direct = perft(&direct_args);
        assert_eq!((code, out.as_str()), (0, direct.as_str()), "{name}: {err}");
    }
    // The one-line pipeline of CONFORMANCE.md: split | tee | parallel |
    // merge (merge reads the results first, then the job file tee wrote).
    let dir = scratch_dir("parallel-pipe");
    let pipeline = "arbiter split --variant bosses --depth 3 --at 1 | tee jobs.jsonl \
        | parallel --will-cite --skip-first-line arbiter perft --quiet --job {} \
        | arbiter merge - jobs.jsonl";
    let out = Command::new("sh")
        .args(["-c", pipeline])
        .current_dir(&dir)
        .env("PATH", path())
        .output()
        .unwrap();
    assert_eq!(
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string()
        ),
        (Some(0), perft(&["--variant", "bosses", "--depth", "3"])),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Interrupted run: a lost result is found by merge, and running the
    // recipe again reruns only the failed jobs.
    let dir = scratch_dir("parallel-resume");
    let run = |extra: &[(&str, &str)]| {
        let mut cmd = Command::new("sh");
        cmd.arg(root().join("examples/perft-parallel.sh"))
            .args(["--variant", "fide", "--depth", "3", "--at", "1"])
            .current_dir(&dir)
            .env("PATH", path())
            .env("DIR", "run");
        for (k, v) in extra {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    };
    let first = run(&[]);
    assert_eq!(String::from_utf8_lossy(&first.stdout), "8902\n");
    let results = std::fs::read_to_string(dir.join("run/results.jsonl")).unwrap();
    let kept: Vec<&str> = results.lines().skip(1).collect();
    std::fs::write(dir.join("run/results.jsonl"), kept.join("\n") + "\n").unwrap();
    let again = run(&[]);
    assert_eq!(
        again.status.code(),
        Some(1),
        "the joblog says all ran: merge finds the gap"
    );
    assert!(String::from_utf8_lossy(&again.stdout).starts_with("missing: 1 of 20 jobs"));
}

fn progress_draws_on_a_terminal_and_leaves_stdout_alone() {
    let dir = scratch_dir("progress-pty");
    // stdout to a file, stderr to the pty whose output `script` passes on.
    let on_tty = |args: &str| {
        let cmd = format!("{BIN} {args} > out.txt");
        let out = Command::new("script")
            .args(["-qec", &cmd, "/dev/null"])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args}");
        (
            String::from_utf8_lossy(&out.stdout).to_string(),
            std::fs::read_to_string(dir.join("out.txt")).unwrap(),
        )
    };
    let (tty, stdout) = on_tty("perft --variant hop --depth 3");
    assert!(
        tty.contains("root moves") && tty.contains("leaves"),
        "{tty:?}"
    );
    assert_eq!(stdout, "9041223\n");
    let (tty, stdout) = on_tty("perft --variant hop --depth 3 --quiet");
    assert!(!tty.contains("leaves"), "{tty:?}");
    assert_eq!(stdout, "9041223\n");
    let (tty, stdout) = on_tty("check --variant english");
    assert!(tty.contains("fixtures"), "{tty:?}");
    assert!(stdout.ends_with(" passed, 0 failed\n"), "{stdout}");
    // The same command with stderr not a terminal: the same stdout.
    let out = Command::new(BIN)
        .args(["check", "--variant", "english"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), stdout);
}

/// The acceptance case: hop depth 4 split at ply 2 through GNU parallel
/// equals the direct perft. Prints both times.
fn hop_depth_4_split_at_2_through_parallel() {
    let t = Instant::now();
    let (code, out, err) = recipe(
        "parallel-hop-4",
        None,
        &["--variant", "hop", "--depth", "4", "--at", "2"],
    );
    let distributed = t.elapsed();
    let t = Instant::now();
    let direct = perft(&["--variant", "hop", "--depth", "4", "--threads", "2"]);
    let direct_time = t.elapsed();
    assert_eq!((code, out.as_str()), (0, direct.as_str()), "{err}");
    eprintln!(
        "hop perft(4) = {}: split at 2 through parallel {distributed:.1?}, direct on 2 threads {direct_time:.1?}",
        direct.trim()
    );
}

fn needs_parallel() -> Option<String> {
    // GNU's, not moreutils' program of the same name.
    let ok = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| {
            o.status.success() && String::from_utf8_lossy(&o.stdout).contains("GNU parallel")
        });
    (!ok).then(|| "GNU parallel is not installed (examples/install-parallel.sh installs it)".into())
}

fn needs_script() -> Option<String> {
    let ok = Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .output()
        .is_ok_and(|o| o.status.success());
    (!ok).then(|| "script (util-linux, to make a pty) is not installed".into())
}

use common::tools::Case;

const CASES: [Case; 3] = [
    (
        "split_parallel_merge_equals_perft",
        needs_parallel,
        split_parallel_merge_equals_perft,
        false,
    ),
    (
        "progress_draws_on_a_terminal_and_leaves_stdout_alone",
        needs_script,
        progress_draws_on_a_terminal_and_leaves_stdout_alone,
        false,
    ),
    (
        "hop_depth_4_split_at_2_through_parallel",
        needs_parallel,
        hop_depth_4_split_at_2_through_parallel,
        true,
    ),
];

fn main() {
    common::tools::run("distributed", &CASES);
}
