//! `check` always ends and never passes on nothing. Misbehaving
//! fake engines (small shell scripts written into a scratch folder): one
//! that never reads a big request, one that answers `hello` and then
//! nothing, a perftree script that answers and then sleeps, a perftree
//! script whose program is missing; an engine that supports nothing,
//! filters that select nothing, a `--junit` path that cannot be written,
//! an interrupted run. Each run has a watchdog (a hang fails the test
//! instead of blocking it); no test measures time.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_arbiter");
const WATCHDOG: Duration = Duration::from_secs(60);
const HELLO: &str = r#"{"id":0,"name":"fake","variants":["fide"]}"#;

/// Runs arbiter in `dir`; a run that outlives the watchdog is killed and
/// fails the test.
fn within(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    finish(child, args)
}

fn finish(mut child: Child, what: &[&str]) -> (i32, String, String) {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > WATCHDOG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("arbiter {what:?} did not end within {WATCHDOG:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// `n` fide fixtures expecting perft(1) = 20 from the start, in `dir/fx`.
fn perft_fixtures(dir: &Path, n: usize) -> String {
    let fx = dir.join("fx");
    std::fs::create_dir_all(&fx).unwrap();
    for i in 0..n {
        write(
            &fx,
            &format!("G3-start-{i}.yaml"),
            &format!("id: G3-start-{i}\nvariant: fide\nrules: [G3]\nsource: {{document: test}}\nexpect:\n  perft: {{1: 20}}\n"),
        );
    }
    "fx".into()
}

/// Whether process `pid` is gone (or a zombie nobody reaped yet).
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

/// A request bigger than a pipe holds (a 16 000-move history, ~112 KB)
/// to an engine that never reads it: the write has the request's
/// deadline, the case errors, and the engine is killed, not left behind.
#[test]
fn a_request_the_engine_never_reads_ends_at_the_timeout() {
    let dir = common::scratch_dir("check-ends-unread");
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = (0..16_000).map(|i| shuffle[i % 4]).collect();
    write(
        &dir,
        "G3-long-history.yaml",
        &format!(
            "id: G3-long-history\nvariant: fide\nrules: [G3]\nsource: {{document: test}}\nmoves: [{}]\nexpect:\n  perft: {{1: 20}}\n",
            moves.join(", ")
        ),
    );
    write(
        &dir,
        "deaf.sh",
        &format!("read l; echo '{HELLO}'; echo $$ > pid; exec sleep 1000\n"),
    );
    let (code, out, err) = within(
        &dir,
        &[
            "check",
            "--engine",
            "sh deaf.sh",
            "--timeout",
            "2",
            "G3-long-history.yaml",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("no answer to 'perft' within 2.0s"), "{out}");
    let pid = std::fs::read_to_string(dir.join("pid")).unwrap();
    assert!(gone(&pid), "the engine {pid} outlived the run");
}

/// An engine that says hello and then never answers: the run stops after
/// three requests in a row that failed (about three timeouts), with exit
/// code 1 and a line saying why, instead of a timeout per fixture.
#[test]
fn an_engine_that_never_answers_stops_the_run_after_three_failures() {
    let dir = common::scratch_dir("check-ends-mute");
    let fx = perft_fixtures(&dir, 40);
    write(
        &dir,
        "mute.sh",
        &format!("read l; echo '{HELLO}'; while read l; do :; done\n"),
    );
    let (code, out, err) = within(
        &dir,
        &["check", "--engine", "sh mute.sh", "--timeout", "1", &fx],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(out.matches("ERROR ").count(), 3, "{out}");
    assert!(out.ends_with("0 passed, 3 failed\n"), "{out}");
    let last = err.trim_end().lines().last().unwrap();
    assert!(
        last.starts_with("error: stopped after 3 requests in a row that the engine failed (the last: perft 1: no answer to 'perft' within 1.0s"),
        "{err}"
    );
    // The flag changes K.
    let (code, out, err) = within(
        &dir,
        &[
            "check",
            "--engine",
            "sh mute.sh",
            "--timeout",
            "0.5",
            "--max-failures",
            "1",
            &fx,
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(out.matches("ERROR ").count(), 1, "{out}");
    assert!(err.contains("stopped after 1 requests in a row"), "{err}");
}

/// The answer is the output up to its total line: a script that prints
/// its divide, closes stdout and sleeps is not waited for.
#[test]
fn perftree_takes_the_answer_not_the_scripts_exit() {
    let dir = common::scratch_dir("check-ends-perftree");
    let fx = perft_fixtures(&dir, 3);
    let rows: String = (0..20).map(|i| format!("echo 'm{i}: 1'; ")).collect();
    write(
        &dir,
        "sleepy.sh",
        &format!("{rows}echo; echo 20; exec >&- 2>&-; sleep 30\n"),
    );
    let (code, out, err) = within(
        &dir,
        &[
            "check",
            "--perftree",
            "sh sleepy.sh",
            "--timeout",
            "20",
            &fx,
        ],
    );
    assert_eq!(
        (code, out.trim_end().lines().last()),
        (0, Some("3 passed, 0 failed")),
        "{out}{err}"
    );
}

/// A perftree script that cannot answer at all (its program is missing)
/// fails once, before any fixture, not once per fixture.
#[test]
fn a_perftree_script_without_its_program_fails_once_up_front() {
    let dir = common::scratch_dir("check-ends-missing");
    let fx = perft_fixtures(&dir, 5);
    write(
        &dir,
        "needs-sf.sh",
        "echo 'stockfish not found (install the Debian package stockfish)' >&2; exit 127\n",
    );
    for cmd in ["sh needs-sf.sh", "sh no-such-script.sh"] {
        let (code, out, err) = within(&dir, &["check", "--perftree", cmd, &fx]);
        assert_eq!((code, out.as_str()), (1, ""), "{cmd}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{cmd}: {err}");
        assert!(
            err.contains("gives no perft of the start position"),
            "{err}"
        );
    }
    let (_, _, err) = within(&dir, &["check", "--perftree", "sh needs-sf.sh", &fx]);
    assert!(err.contains("stockfish not found"), "{err}");
}

/// Zero cases checked is no pass: an engine that lists no variant, one
/// that answers `unsupported` to everything, a glob that matches nothing.
#[test]
fn nothing_checked_is_exit_1_unless_allowed() {
    let dir = common::scratch_dir("check-ends-empty");
    let fx = perft_fixtures(&dir, 3);
    write(
        &dir,
        "none.sh",
        r#"read l; echo '{"id":0,"name":"none","variants":[]}'; while read l; do :; done
"#,
    );
    write(
        &dir,
        "nothing.sh",
        &format!(
            r#"read l; echo '{HELLO}'; while read l; do id=$(echo "$l" | sed 's/^{{"id":\([0-9]*\).*/\1/'); echo "{{\"id\":$id,\"error\":{{\"kind\":\"unsupported\",\"message\":\"no\"}}}}"; done
"#
        ),
    );
    for args in [
        vec!["check", "--engine", "sh none.sh", &fx],
        vec!["check", "--engine", "sh nothing.sh", &fx],
        vec!["check", "--glob", "no-such*", &fx],
    ] {
        let (code, out, err) = within(&dir, &args);
        assert_eq!(code, 1, "{args:?}: {out}{err}");
        let last = err.trim_end().lines().last().unwrap();
        assert!(
            last.starts_with("error: no case was checked"),
            "{args:?}: {err}"
        );
        let mut allowed = args.clone();
        allowed.push("--allow-empty");
        let (code, out, err) = within(&dir, &allowed);
        assert_eq!(code, 0, "{allowed:?}: {out}{err}");
    }
}

/// A `--junit` file that cannot be written is found before the run (here
/// before the engine, which never answers, is even started).
#[test]
fn an_unwritable_junit_path_is_found_before_the_run() {
    let dir = common::scratch_dir("check-ends-junit");
    let fx = perft_fixtures(&dir, 3);
    write(
        &dir,
        "mute.sh",
        &format!("read l; echo '{HELLO}'; while read l; do :; done\n"),
    );
    write(&dir, "a-file", "");
    for (path, needle) in [
        (
            "/proc/arbiter-junit.xml",
            "--junit /proc/arbiter-junit.xml: cannot be written",
        ),
        ("a-file/j.xml", "--junit a-file/j.xml: no folder a-file"),
    ] {
        let (code, out, err) = within(
            &dir,
            &[
                "check",
                "--engine",
                "sh mute.sh",
                "--timeout",
                "30",
                "--junit",
                path,
                &fx,
            ],
        );
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{err}");
    }
}

/// An interrupted or terminated run kills its engine's process group (the
/// engine runs in a group of its own, so no terminal signal reaches it).
#[test]
fn a_terminated_run_leaves_no_engine_behind() {
    let dir = common::scratch_dir("check-ends-signal");
    let fx = perft_fixtures(&dir, 3);
    write(
        &dir,
        "stuck.sh",
        &format!("read l; echo '{HELLO}'; echo $$ > pid; exec sleep 1000\n"),
    );
    for sig in [libc::SIGTERM, libc::SIGINT] {
        let _ = std::fs::remove_file(dir.join("pid"));
        let child = Command::new(BIN)
            .args(["check", "--engine", "sh stuck.sh", "--timeout", "600", &fx])
            .current_dir(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        let pid = loop {
            if let Ok(p) = std::fs::read_to_string(dir.join("pid")) {
                if !p.trim().is_empty() {
                    break p;
                }
            }
            assert!(start.elapsed() < WATCHDOG, "the engine never started");
            std::thread::sleep(Duration::from_millis(20));
        };
        // SAFETY: signals the child we started.
        unsafe {
            libc::kill(child.id() as i32, sig);
        }
        let (code, _, _) = finish(child, &["check", "(signalled)"]);
        assert_eq!(code, -1, "ended by the signal");
        let start = Instant::now();
        while !gone(&pid) && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(
            gone(&pid),
            "signal {sig}: the engine {pid} outlived the run"
        );
    }
}

/// `check big.epd` reads the suite a line at a time and keeps no record
/// of the cases it need not name: 500 000 lines run under a 160 MiB data
/// limit (the whole suite as fixtures needs several times that).
#[test]
fn a_big_epd_suite_is_streamed() {
    use std::os::unix::process::CommandExt;
    let dir = common::scratch_dir("check-ends-epd");
    let line = "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 999999\n";
    write(&dir, "big.epd", &line.repeat(500_000));
    let mut cmd = Command::new(BIN);
    cmd.args(["check", "big.epd", "--max-nodes", "1", "--allow-empty"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit(2) is async-signal-safe; it only limits the child.
    unsafe {
        cmd.pre_exec(|| {
            let lim = libc::rlimit {
                rlim_cur: 160 << 20,
                rlim_max: 160 << 20,
            };
            if libc::setrlimit(libc::RLIMIT_DATA, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let (code, out, err) = finish(cmd.spawn().unwrap(), &["check", "big.epd"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out, "0 passed, 0 failed, 500000 skipped\n", "{err}");
}
