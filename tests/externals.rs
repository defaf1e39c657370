//! End to end against implementations we did not write: Stockfish
//! (through the perftree adapter), pydraughts (through its protocol shim)
//! and the Python toy engine example. `.ci/run` installs them
//! (`examples/install-externals.sh`).
//!
//! A test whose program is missing is a **failure under CI** (`CI=true`,
//! exported by `.ci/run`: the install step broke) and a **visible skip**
//! locally: this test binary has its own small harness (`harness = false`)
//! so each skip is printed as `SKIPPED: ...` and counted in the summary
//! line (`externals: P passed, F failed, S skipped`), never shown as a pass.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::scratch_dir;

const BIN: &str = env!("CARGO_BIN_EXE_arbiter");
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn arbiter(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run arbiter");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn last_line(s: &str) -> &str {
    s.trim_end().lines().last().unwrap_or("")
}

fn shell_ok(script: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Writes fixtures `(id, yaml body after the header)` for `variant`.
fn write_fixtures(name: &str, variant: &str, cases: &[(&str, &str)]) -> PathBuf {
    let d = scratch_dir(&format!("externals-{name}"));
    for (id, body) in cases {
        std::fs::write(
            d.join(format!("{id}.yaml")),
            format!(
                "id: {id}\nvariant: {variant}\nrules: [G3]\nsource: {{document: test}}\n{body}"
            ),
        )
        .unwrap();
    }
    d
}

/// Well-known perft counts (the chess programming community's standard
/// positions), independent of arbiter.
fn fide_suite(name: &str) -> PathBuf {
    write_fixtures(
        name,
        "fide",
        &[
            ("G3-start", "expect:\n  perft: {1: 20, 2: 400, 3: 8902}\n"),
            ("G3-kiwipete", &format!("position: \"{KIWIPETE}\"\nexpect:\n  perft: {{1: 48, 2: 2039, 3: 97862}}\n")),
            ("G3-position3", "position: \"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\"\nexpect:\n  perft: {1: 14, 2: 191, 3: 2812, 4: 43238}\n"),
            (
                "G3-position4",
                "position: \"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1\"\nexpect:\n  perft: {1: 6, 2: 264, 3: 9467}\n",
            ),
            ("G3-position5", "position: \"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8\"\nexpect:\n  perft: {1: 44, 2: 1486, 3: 62379}\n"),
            ("G3-kiwipete-a2a4", &format!("position: \"{KIWIPETE}\"\nmoves: [a2a4]\nexpect:\n  include: [b4a3]\n")),
        ],
    )
}

fn stockfish_agrees_through_the_perftree_adapter() {
    let dir = fide_suite("stockfish");
    let (code, out, err) = arbiter(&[
        "check",
        "--perftree",
        "sh examples/stockfish-perftree.sh",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(
        (code, last_line(&out)),
        (0, "6 passed, 0 failed"),
        "{out}\n{err}"
    );
    let (code, out, _) = arbiter(&[
        "bisect",
        "--perftree",
        "sh examples/stockfish-perftree.sh",
        "--variant",
        "fide",
        "--position",
        KIWIPETE,
        "--depth",
        "2",
    ]);
    assert_eq!(code, 0, "{out}");
}

fn pydraughts_agrees_through_its_shim() {
    // A133046 (perft of English draughts from the start) and a capture series.
    let dir = write_fixtures(
        "pydraughts",
        "english",
        &[
            ("G3-start", "expect:\n  perft: {1: 7, 2: 49, 3: 302}\n"),
            ("G3-series", "position: \"W:W22,K31:B10,11,18\"\nexpect:\n  legal_from: {\"22\": [22x15x6, 22x15x8]}\n"),
            ("G3-after", "moves: [11-15, 22-18, 15x22]\nexpect:\n  position: \"W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,22\"\n"),
        ],
    );
    let (code, out, err) = arbiter(&[
        "check",
        "--engine",
        "python3 examples/pydraughts-engine.py",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(
        (code, last_line(&out)),
        (0, "3 passed, 0 failed"),
        "{out}\n{err}"
    );
}

fn the_toy_engine_example_speaks_the_protocol() {
    // One arbiter process per request: a small suite and node budget.
    let dir = fide_suite("toy");
    let toy = format!("ARBITER={BIN} python3 examples/toy-engine.py");
    let (code, out, err) = arbiter(&[
        "check",
        "--engine",
        &toy,
        "--max-nodes",
        "3000",
        dir.to_str().unwrap(),
        "fixtures/invalid",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(last_line(&out).starts_with("6 passed, 0 failed"), "{out}");
    assert!(err.contains("toy-engine"), "{err}");
}

use common::tools::Case;

fn needs_stockfish() -> Option<String> {
    (!shell_ok("command -v stockfish || test -x /usr/games/stockfish"))
        .then(|| "stockfish is not installed (examples/install-externals.sh installs it)".into())
}

fn needs_pydraughts() -> Option<String> {
    (!shell_ok("python3 -c 'import draughts'")).then(|| {
        "the python3 module draughts (pydraughts) is not installed (examples/install-externals.sh installs it)".into()
    })
}

fn needs_python3() -> Option<String> {
    (!shell_ok("python3 --version")).then(|| "python3 is not installed".into())
}

const CASES: [Case; 3] = [
    (
        "stockfish_agrees_through_the_perftree_adapter",
        needs_stockfish,
        stockfish_agrees_through_the_perftree_adapter,
        false,
    ),
    (
        "pydraughts_agrees_through_its_shim",
        needs_pydraughts,
        pydraughts_agrees_through_its_shim,
        false,
    ),
    (
        "the_toy_engine_example_speaks_the_protocol",
        needs_python3,
        the_toy_engine_example_speaks_the_protocol,
        false,
    ),
];

fn main() {
    common::tools::run("externals", &CASES);
}
