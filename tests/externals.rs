//! End to end against implementations we did not write: Stockfish
//! (through the perftree adapter), pydraughts (through its protocol shim),
//! the hexchess crate on `glinski` (examples/hexchess-engine, built here
//! with cargo), Fairy-Stockfish on `fide` and, once it lands,
//! `capablanca` (examples/fairy-stockfish-engine.py; it also checks the
//! Capablanca test oracle of tests/it/oracle_capablanca.rs), and the
//! Python toy engine example. `.ci/run` installs them
//! (`examples/install-externals.sh`).
//!
//! A test whose program is missing is a **failure under CI** (`CI=true`,
//! exported by `.ci/run`: the install step broke) and a **visible skip**
//! locally: this test binary has its own small harness (`harness = false`)
//! so each skip is printed as `SKIPPED: ...` and counted in the summary
//! line (`externals: P passed, F failed, S skipped`), never shown as a pass.

mod common;

// The Capablanca oracle, checked against Fairy-Stockfish below (its own
// tests run in tests/it).
#[allow(dead_code, unused_imports)]
#[path = "it/oracle_capablanca.rs"]
mod oracle_capablanca;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::OnceLock;

use arbiter::core::DynGame;
use arbiter::variants::glinski::record::Record;
use arbiter::variants::{self, Setup};
use common::{scratch_dir, NEW_BOARDS_READY};
use oracle_capablanca::Capablanca;

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

// ---------------------------------------------------------------------
// Histories turned into fixtures (the expectations are arbiter's).

/// The game `variant` after `history` (canonical move texts).
fn reference(variant: &str, history: &[String]) -> Box<dyn DynGame> {
    variants::setup(&Setup {
        variant,
        moves: history,
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{variant} after {history:?}: {e}"))
}

/// A fixture per (id, history): the legal moves and perft to `depth`
/// after the history, as arbiter counts them, for `check --engine`.
fn history_fixtures(name: &str, variant: &str, cases: &[(String, Vec<String>, u32)]) -> PathBuf {
    let list = |v: &[String]| v.join(", ");
    let bodies: Vec<(String, String)> = cases
        .iter()
        .map(|(id, history, depth)| {
            let g = reference(variant, history);
            let perft: Vec<String> = (1..=*depth)
                .map(|d| {
                    format!(
                        "{d}: {}",
                        g.perft(d, &arbiter::core::PerftOptions::default()).unwrap()
                    )
                })
                .collect();
            let body = format!(
                "moves: [{}]\nexpect:\n  legal: [{}]\n  perft: {{{}}}\n",
                list(history),
                list(&g.legal_texts()),
                perft.join(", ")
            );
            (id.clone(), body)
        })
        .collect();
    let refs: Vec<(&str, &str)> = bodies
        .iter()
        .map(|(i, b)| (i.as_str(), b.as_str()))
        .collect();
    write_fixtures(name, variant, &refs)
}

/// `arbiter check` of `dirs` against `engine` passes with nothing failed.
fn check_passes(engine: &str, extra: &[&str], dirs: &[&str]) -> String {
    let mut args = vec!["check", "--engine", engine, "--timeout", "120"];
    args.extend(extra);
    args.extend(dirs);
    let (code, out, err) = arbiter(&args);
    assert!(
        code == 0 && last_line(&out).contains(" passed, 0 failed"),
        "{out}\n{err}"
    );
    last_line(&out).to_string()
}

/// `arbiter bisect` from the start of `variant` to `depth`: engine and
/// reference agree on every divide.
fn bisect_agrees(engine: &str, variant: &str, depth: u32) {
    let depth = depth.to_string();
    let (code, out, err) = arbiter(&[
        "bisect",
        "--engine",
        engine,
        "--variant",
        variant,
        "--depth",
        &depth,
        "--timeout",
        "300",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("engine and reference agree"), "{out}");
}

// ---------------------------------------------------------------------
// hexchess (crates.io, MIT) on glinski, through examples/hexchess-engine.

/// The adapter's binary, built once per run by cargo from its own
/// Cargo.lock: its path, or why it could not be built.
fn hexchess_engine() -> &'static Result<String, String> {
    static BUILT: OnceLock<Result<String, String>> = OnceLock::new();
    BUILT.get_or_init(|| {
        let root = env!("CARGO_MANIFEST_DIR");
        let target = format!("{root}/target/hexchess-engine");
        let manifest = format!("{root}/examples/hexchess-engine/Cargo.toml");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let build = Command::new(cargo)
            .args(["build", "--release", "--locked", "--quiet", "--manifest-path", &manifest, "--target-dir", &target])
            .output();
        match build {
            Ok(o) if o.status.success() => Ok(format!("{target}/release/hexchess-engine")),
            Ok(o) => Err(format!(
                "cargo could not build examples/hexchess-engine (the hexchess crate comes from crates.io): {}",
                last_line(&String::from_utf8_lossy(&o.stderr))
            )),
            Err(e) => Err(format!("cannot run cargo to build examples/hexchess-engine: {e}")),
        }
    })
}

fn needs_hexchess() -> Option<String> {
    hexchess_engine().as_ref().err().cloned()
}

fn hexchess() -> &'static str {
    hexchess_engine().as_ref().expect("built by needs_hexchess")
}

/// Every glinski fixture, minus the expected failures (hexchess's missing
/// en passant after b1-b3 / b7-b5, its unvalidated positions), whose
/// reasons are in examples/hexchess.xfail.yaml.
fn hexchess_agrees_on_the_glinski_fixtures() {
    check_passes(
        hexchess(),
        &["--xfail", "examples/hexchess.xfail.yaml"],
        &["fixtures/glinski"],
    );
}

/// The real games of fixtures/glinski/records as canonical move texts
/// (each record token read by arbiter's record reader): (name, history).
fn record_histories() -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for file in [
        "hexasakk-1980-1982.pgn",
        "europe-1999-half-final.pgn",
        "fools-mate.pgn",
    ] {
        let path = format!(
            "{}/fixtures/glinski/records/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (n, r) in Record::parse_all(&text).iter().enumerate() {
            // A token's move: the legal move after which the position is
            // the one arbiter reaches reading the record up to that token
            // (the record as a whole fixes the letters' language).
            let mut g = reference("glinski", &[]);
            let mut history = Vec::new();
            for k in 0..r.moves.len() {
                let target = variants::setup(&Setup {
                    variant: "glinski",
                    moves: &r.moves[..=k],
                    ..Default::default()
                })
                .unwrap_or_else(|e| panic!("{file} game {n}: {e}"))
                .to_text();
                let text = g
                    .legal_texts()
                    .into_iter()
                    .find(|t| {
                        let mut next = g.clone_box();
                        next.play_text(t).is_ok() && next.to_text() == target
                    })
                    .unwrap_or_else(|| panic!("{file} game {n}: no move reaches ply {}", k + 1));
                g.play_text(&text).unwrap();
                history.push(text);
            }
            let stem = file.trim_end_matches(".pgn");
            out.push((format!("{stem}-{}", n + 1), history));
        }
    }
    out
}

/// Divide from the start to depth 4, and at every 10th ply and the last
/// of the 49 record games the legal moves and perft 2 (perft 3 at every
/// 50th ply): the adapter replays each history with hexchess's own
/// legality test, so every record move is also checked there.
fn hexchess_agrees_on_perft_from_the_start_and_the_records() {
    bisect_agrees(hexchess(), "glinski", 4);
    let mut cases = Vec::new();
    let mut plies = 0;
    for (name, history) in record_histories() {
        plies += history.len();
        for k in (0..history.len()).step_by(10).chain([history.len()]) {
            let depth = if k % 50 == 0 { 3 } else { 2 };
            cases.push((format!("G3-{name}-ply{k}"), history[..k].to_vec(), depth));
        }
    }
    assert!(plies > 3000, "{plies} plies");
    let dir = history_fixtures("hexchess-records", "glinski", &cases);
    let summary = check_passes(hexchess(), &[], &[dir.to_str().unwrap()]);
    assert!(
        summary.starts_with(&format!("{} passed", cases.len())),
        "{summary}"
    );
}

// ---------------------------------------------------------------------
// Fairy-Stockfish on fide and capablanca (CAP-1).

/// The variants Fairy-Stockfish checks: `fide` now, `capablanca` once it
/// is in `common::NEW_BOARDS_READY` (the one switch of the hexagonal boards' checks).
fn fairy_stockfish_variants() -> Vec<&'static str> {
    ["fide", "capablanca"]
        .into_iter()
        .filter(|v| *v == "fide" || NEW_BOARDS_READY.contains(v))
        .collect()
}

const FAIRY_STOCKFISH_SHIM: &str = "python3 examples/fairy-stockfish-engine.py";

fn fairy_stockfish_binary() -> Option<String> {
    ["fairy-stockfish", "/usr/games/fairy-stockfish"]
        .into_iter()
        .find(|b| shell_ok(&format!("command -v {b}")))
        .map(String::from)
}

fn needs_fairy_stockfish() -> Option<String> {
    if fairy_stockfish_binary().is_none() {
        return Some("fairy-stockfish is not installed (examples/install-externals.sh installs the Debian package)".into());
    }
    needs_python3()
}

/// Random games of `variant` played by arbiter: (id, history, depth) at
/// every 6th ply (perft 3 at every 24th).
fn random_histories(
    variant: &str,
    games: usize,
    plies: usize,
    seed: u64,
) -> Vec<(String, Vec<String>, u32)> {
    let mut next = common::xorshift(seed);
    let mut cases = Vec::new();
    for game in 0..games {
        let mut g = reference(variant, &[]);
        let mut history: Vec<String> = Vec::new();
        for ply in 0..=plies {
            if ply % 6 == 0 {
                let depth = if ply % 24 == 0 { 3 } else { 2 };
                cases.push((format!("G3-random-{game}-ply{ply}"), history.clone(), depth));
            }
            let moves = g.legal_texts();
            if moves.is_empty() {
                break;
            }
            let m = moves[next(moves.len())].clone();
            g.play_text(&m).unwrap();
            history.push(m);
        }
    }
    cases
}

/// For each variant of [`fairy_stockfish_variants`]: its fixtures (moves,
/// perft and divide expectations; the shim skips the others; perft up to
/// 200 000 nodes here, 5 000 000 in examples/run-externals.sh), divide
/// from the start to depth 4, and legal moves and perft after random games.
fn fairy_stockfish_agrees_with_arbiter() {
    // The perftree-style script too (a process per request: a small suite).
    let (code, out, err) = arbiter(&[
        "check",
        "--perftree",
        "sh examples/fairy-stockfish-perftree.sh",
        fide_suite("fairy-stockfish-perftree").to_str().unwrap(),
    ]);
    assert_eq!(
        (code, last_line(&out)),
        (0, "6 passed, 0 failed"),
        "{out}\n{err}"
    );
    for variant in fairy_stockfish_variants() {
        let fixtures = format!("fixtures/{variant}");
        if std::path::Path::new(&fixtures).is_dir() {
            check_passes(
                FAIRY_STOCKFISH_SHIM,
                &["--max-nodes", "200000"],
                &[&fixtures],
            );
        }
        bisect_agrees(FAIRY_STOCKFISH_SHIM, variant, 4);
        let cases = random_histories(variant, 6, 72, 0xFA1_5EED);
        let dir = history_fixtures(&format!("fairy-stockfish-{variant}"), variant, &cases);
        let summary = check_passes(FAIRY_STOCKFISH_SHIM, &[], &[dir.to_str().unwrap()]);
        assert!(
            summary.starts_with(&format!("{} passed", cases.len())),
            "{variant}: {summary}"
        );
    }
}

/// Fairy-Stockfish over UCI: `go perft` divides of FEN positions.
struct Uci {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Uci {
    fn start(variant: &str) -> Uci {
        let mut child = Command::new(fairy_stockfish_binary().expect("installed"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start fairy-stockfish");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let mut uci = Uci {
            child,
            input,
            output,
        };
        uci.send(&format!("setoption name UCI_Variant value {variant}"));
        uci
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .expect("write to fairy-stockfish");
    }

    /// (move, count) rows and the total of `go perft depth` at `fen`.
    fn divide(&mut self, fen: &str, depth: u32) -> (BTreeMap<String, u64>, u64) {
        self.send(&format!("position fen {fen}"));
        self.send(&format!("go perft {depth}"));
        let mut rows = BTreeMap::new();
        loop {
            let mut line = String::new();
            assert!(
                self.output
                    .read_line(&mut line)
                    .expect("read fairy-stockfish")
                    > 0,
                "fairy-stockfish exited"
            );
            let line = line.trim();
            if let Some(total) = line.strip_prefix("Nodes searched: ") {
                return (rows, total.parse().unwrap());
            }
            if let Some((m, n)) = line.split_once(": ") {
                if let Ok(n) = n.parse() {
                    rows.insert(m.to_string(), n);
                }
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// The Capablanca oracle (CAP-1, tests/it/oracle_capablanca.rs) against
/// Fairy-Stockfish's `capablanca`, now, before arbiter has the variant:
/// divide to depth 3 from the start and from a position where both sides
/// may castle both ways, and along random games the legal moves at every
/// ply and perft 2 at every 8th. Agreement means Fairy-Stockfish's
/// array, castling (f1i1 / f1c1 with the rook to h1 / d1) and promotions
/// (Q R B N A C) are CAP-1's.
fn the_capablanca_oracle_agrees_with_fairy_stockfish() {
    let mut fsf = Uci::start("capablanca");
    let castles = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1";
    for fen in [oracle_capablanca::START, castles] {
        let p = Capablanca::parse(fen).unwrap();
        let (rows, total) = fsf.divide(fen, 3);
        let mine: BTreeMap<String, u64> = p.divide(3).into_iter().collect();
        assert_eq!(mine, rows, "divide 3 at {fen}");
        assert_eq!(mine.values().sum::<u64>(), total);
    }
    let mut next = common::xorshift(0xCA9A_B1A2);
    let mut seen = 0;
    for game in 0..10 {
        let mut p = Capablanca::parse(if game % 2 == 0 {
            oracle_capablanca::START
        } else {
            castles
        })
        .unwrap();
        for ply in 0..100 {
            let fen = p.to_text();
            let (rows, _) = fsf.divide(&fen, 1);
            let legal = p.legal();
            assert_eq!(
                legal,
                rows.keys().cloned().collect::<Vec<_>>(),
                "legal moves at {fen}"
            );
            if ply % 8 == 0 {
                assert_eq!(p.perft(2), fsf.divide(&fen, 2).1, "perft 2 at {fen}");
            }
            seen += 1;
            if legal.is_empty() {
                break;
            }
            p = p.play(&legal[next(legal.len())]).unwrap();
        }
    }
    assert!(seen > 800, "{seen} positions");
    // The perftree-style script reads a 10-file FEN as capablanca.
    let out = Command::new("sh")
        .args([
            "examples/fairy-stockfish-perftree.sh",
            "2",
            oracle_capablanca::START,
            "e2e4",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: BTreeMap<String, u64> = text
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(m, n)| (m.to_string(), n.parse().unwrap()))
        .collect();
    let after = Capablanca::start().play("e2e4").unwrap();
    assert_eq!(
        rows,
        after.divide(2).into_iter().collect::<BTreeMap<_, _>>(),
        "{text}"
    );
}

/// The shim never lets Fairy-Stockfish skip a move silently (its
/// `position ... moves` stops at an illegal one): a history move that is
/// not legal, or not a move text, is an error naming its ply.
fn fairy_stockfish_shim_reports_illegal_history_moves() {
    let mut shim = Command::new("python3")
        .arg("examples/fairy-stockfish-engine.py")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the shim");
    let requests = [
        r#"{"id": 1, "cmd": "moves", "variant": "fide", "options": [], "position": null, "moves": ["e2e4", "e2e4"]}"#,
        r#"{"id": 2, "cmd": "perft", "variant": "capablanca", "options": [], "position": null, "moves": ["f1i1"], "depth": 1}"#,
        r#"{"id": 3, "cmd": "moves", "variant": "fide", "options": [], "position": null, "moves": ["e2e4", "e7-e5"]}"#,
        r#"{"id": 4, "cmd": "perft", "variant": "capablanca", "options": [], "position": null, "moves": ["e2e4"], "depth": 2}"#,
        r#"{"id": 5, "cmd": "quit"}"#,
    ];
    let mut input = shim.stdin.take().unwrap();
    for r in requests {
        writeln!(input, "{r}").unwrap();
    }
    drop(input);
    let out = shim.wait_with_output().unwrap();
    let answers: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let error = |i: usize| {
        (
            answers[i]["error"]["kind"]
                .as_str()
                .unwrap_or("")
                .to_string(),
            answers[i]["error"]["ply"].as_u64(),
        )
    };
    assert_eq!(
        error(0),
        ("illegal-move".to_string(), Some(2)),
        "{answers:?}"
    );
    assert_eq!(
        error(1),
        ("illegal-move".to_string(), Some(1)),
        "{answers:?}"
    );
    assert_eq!(
        error(2),
        ("move-syntax".to_string(), Some(2)),
        "{answers:?}"
    );
    // A legal history is played: perft 2 after 1.e4 as the oracle counts it.
    let oracle = Capablanca::start().play("e2e4").unwrap().perft(2);
    assert_eq!(answers[3]["nodes"], oracle, "{answers:?}");
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

const CASES: [Case; 8] = [
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
    (
        "hexchess_agrees_on_the_glinski_fixtures",
        needs_hexchess,
        hexchess_agrees_on_the_glinski_fixtures,
        false,
    ),
    (
        "hexchess_agrees_on_perft_from_the_start_and_the_records",
        needs_hexchess,
        hexchess_agrees_on_perft_from_the_start_and_the_records,
        false,
    ),
    (
        "fairy_stockfish_agrees_with_arbiter",
        needs_fairy_stockfish,
        fairy_stockfish_agrees_with_arbiter,
        false,
    ),
    (
        "the_capablanca_oracle_agrees_with_fairy_stockfish",
        needs_fairy_stockfish,
        the_capablanca_oracle_agrees_with_fairy_stockfish,
        false,
    ),
    (
        "fairy_stockfish_shim_reports_illegal_history_moves",
        needs_fairy_stockfish,
        fairy_stockfish_shim_reports_illegal_history_moves,
        false,
    ),
];

fn main() {
    common::tools::run("externals", &CASES);
}
