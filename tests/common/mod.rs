//! Shared helpers of the command-line tests.
#![allow(dead_code)]

#[cfg(feature = "serve")]
pub mod http;
pub mod oracle;
pub mod perft_cases;
pub mod schema;
pub mod testing;
pub mod tools;

pub use testing::xorshift;

use std::process::Command;

/// Runs the arbiter binary: (exit code, stdout, stderr).
pub fn arbiter(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("run arbiter");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// Bad input exits 2 with one line naming the problem, never a panic.
pub fn assert_input_error(args: &[&str], needle: &str) {
    let (code, out, err) = arbiter(args);
    assert_eq!(
        code, 2,
        "{args:?}: exit code (stdout {out:?}, stderr {err:?})"
    );
    assert!(
        out.is_empty(),
        "{args:?}: no partial result on stdout, got {out:?}"
    );
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: one-line message, got {err:?}"
    );
    assert!(
        err.contains(needle),
        "{args:?}: message {err:?} should name {needle:?}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("internal error"),
        "{args:?}: {err}"
    );
}

/// Asserts a named insta snapshot stored under the top-level `snapshots/`
/// (the one snapshot helper of every test file; names are explicit, never
/// derived from the test function, so parametrised tests cannot collide).
pub fn snapshot(name: &str, text: &str) {
    insta::with_settings!({
        snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"),
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!(name, text);
    });
}

/// Runs the arbiter binary in folder `dir`: (exit code, stdout, stderr).
pub fn arbiter_in(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run arbiter");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// A fresh scratch folder under the target folder, named after the test
/// binary, `name` and the process.
pub fn scratch_dir(name: &str) -> std::path::PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Whether this is a CI run (`CI=true`, as `.ci/run` exports): there a
/// missing external tool is a failure, not a skip.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// The newer hexagonal and Capablanca variants that arbiter implements. The independent checks
/// written before them — the oracles `tests/it/oracle_{mccooey,shafran,
/// capablanca}.rs` and Fairy-Stockfish for `capablanca` in
/// `tests/externals.rs` — compare arbiter with them only for the ids listed
/// here; `tests/it/oracle_hex.rs` fails while a registered variant is
/// missing from the list (or a listed one is not registered). Add an id
/// when its variant lands: `mccooey`, `shafran`, `capablanca`.
pub const NEW_BOARDS_READY: &[&str] = &["capablanca", "mccooey", "shafran"];
