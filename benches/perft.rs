//! Perft speed: arbiter (through the registry) beside shakmaty 0.27, in one
//! run. Prints Mnps per case, the arbiter/shakmaty ratio for `fide` cases,
//! and the 2-thread / 1-thread ratio.
//!
//! `cargo bench --bench perft` runs the full set; `cargo bench --bench perft
//! -- --quick` (or `ARBITER_BENCH_QUICK=1`) runs every case one ply
//! shallower and once instead of best of three. Other arguments select
//! cases by name (`cargo bench --bench perft -- crazy`); the fide start
//! case always runs, as the yardstick of the other games.
//!
//! Other games add one line each to [`CASES`].

use std::time::Instant;

use arbiter::core::PerftOptions;
use arbiter::variants::{self, Setup};
use shakmaty::CastlingMode;

/// One benchmark case.
struct Case {
    name: &'static str,
    variant: &'static str,
    /// `None`: the variant's start position.
    position: Option<&'static str>,
    /// Rule options, as `--rule`.
    options: &'static [&'static str],
    depth: u32,
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

const CASES: &[Case] = &[
    Case {
        name: "fide start",
        variant: "fide",
        position: None,
        options: &[],
        depth: 6,
    },
    Case {
        name: "fide kiwipete",
        variant: "fide",
        position: Some(KIWIPETE),
        options: &[],
        depth: 5,
    },
    Case {
        name: "sonic start",
        variant: "sonic",
        position: None,
        options: &[],
        depth: 4,
    },
    Case {
        name: "sonic springs",
        variant: "sonic",
        position: None,
        options: &["springs"],
        depth: 4,
    },
    Case {
        name: "sonic capablanca",
        variant: "sonic",
        position: None,
        options: &["setup=capablanca"],
        depth: 4,
    },
    Case {
        name: "hop start",
        variant: "hop",
        position: None,
        options: &[],
        depth: 3,
    },
    Case {
        name: "crazy start",
        variant: "crazy",
        position: None,
        options: &[],
        depth: 4,
    },
    Case {
        name: "bosses start",
        variant: "bosses",
        position: None,
        options: &[],
        depth: 6,
    },
    Case {
        name: "english start",
        variant: "english",
        position: None,
        options: &[],
        depth: 10,
    },
    Case {
        name: "glinski start",
        variant: "glinski",
        position: None,
        options: &[],
        depth: 5,
    },
    Case {
        name: "sonic-hex start",
        variant: "sonic-hex",
        position: None,
        options: &[],
        depth: 4,
    },
    Case {
        name: "sonic-hex mccooey",
        variant: "sonic-hex",
        position: None,
        options: &["board=mccooey"],
        depth: 4,
    },
    Case {
        name: "sonic-hex shafran",
        variant: "sonic-hex",
        position: None,
        options: &["board=shafran"],
        depth: 4,
    },
    Case {
        name: "capablanca start",
        variant: "capablanca",
        position: None,
        options: &[],
        depth: 5,
    },
    Case {
        name: "mccooey start",
        variant: "mccooey",
        position: None,
        options: &[],
        depth: 5,
    },
    Case {
        name: "shafran start",
        variant: "shafran",
        position: None,
        options: &[],
        depth: 5,
    },
];

/// Best time (seconds) of `reps` runs of `f`, with its result.
fn time(reps: usize, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut n = 0;
    for _ in 0..reps {
        let t = Instant::now();
        n = f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (n, best)
}

/// The 2-thread speed-up the root split allows on an idle machine: the
/// work of each root move is measured by its number of leaf-parent nodes
/// (perft(depth - 2) of the child: one bulk count each), then the split's
/// schedule (each free thread takes the next root move) is replayed for 2
/// threads. Deterministic, so it does not depend on other load.
fn two_thread_bound(g: &dyn arbiter::core::DynGame, depth: u32) -> f64 {
    let mut free_at = [0u64; 2];
    let mut total = 0;
    for m in g.legal_texts() {
        let mut child = g.clone_box();
        child.play_text(&m).expect("a legal move");
        let work = count(child.as_ref(), depth.saturating_sub(2), 1).max(1);
        total += work;
        let k = if free_at[0] <= free_at[1] { 0 } else { 1 };
        free_at[k] += work;
    }
    total as f64 / free_at[0].max(free_at[1]) as f64
}

/// perft through the registry's dynamic face, on `threads` threads.
fn count(g: &dyn arbiter::core::DynGame, depth: u32, threads: usize) -> u64 {
    g.perft(depth, &PerftOptions::threads(threads))
        .expect("no limit is set")
}

fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32) -> u64 {
    shakmaty::perft(pos, depth)
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick")
        || std::env::var_os("ARBITER_BENCH_QUICK").is_some();
    let reps = if quick { 1 } else { 3 };
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    // shakmaty's single-thread bulk speed on the fide start position: the
    // yardstick of every other game's target ("0.1x shakmaty's fide speed").
    let mut yardstick: Option<f64> = None;
    println!(
        "{:<18} {:>5} {:>12} {:>10} {:>10} {:>8} {:>10} {:>8} {:>10}",
        "case", "depth", "nodes", "arbiter", "shakmaty", "ratio", "2 threads", "2t/1t", "2t bound"
    );
    for c in CASES {
        let chosen = filters.is_empty()
            || c.name == "fide start"
            || filters.iter().any(|f| c.name.contains(f.as_str()));
        if !chosen {
            continue;
        }
        let depth = if quick { c.depth - 1 } else { c.depth };
        let options: Vec<String> = c.options.iter().map(|s| s.to_string()).collect();
        let g = variants::setup(&Setup {
            variant: c.variant,
            options: &options,
            position: c.position,
            ..Default::default()
        })
        .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        count(g.as_ref(), 1, 1); // build lookup tables outside the timing
        let (nodes, t1) = time(reps, || count(g.as_ref(), depth, 1));
        let (nodes2, t2) = time(reps, || count(g.as_ref(), depth, 2));
        assert_eq!(nodes, nodes2, "{}: thread counts disagree", c.name);
        let mnps = |t: f64| nodes as f64 / t / 1e6;
        let (theirs, ratio) = if c.variant == "fide" {
            let fen = g.to_text();
            let pos: shakmaty::Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            let (n, ts) = time(reps, || shakmaty_perft(&pos, depth));
            assert_eq!(n, nodes, "{}: shakmaty disagrees", c.name);
            yardstick.get_or_insert(mnps(ts));
            (format!("{:.1}", mnps(ts)), format!("{:.2}x", ts / t1))
        } else {
            // Other games: their speed over shakmaty's fide start speed.
            let r = yardstick.map_or("-".to_string(), |y| format!("{:.3}x", mnps(t1) / y));
            ("(fide)".into(), r)
        };
        let sim = two_thread_bound(g.as_ref(), depth);
        println!(
            "{:<18} {:>5} {:>12} {:>10.1} {:>10} {:>8} {:>10.1} {:>7.2}x {:>9.2}x",
            c.name,
            depth,
            nodes,
            mnps(t1),
            theirs,
            ratio,
            mnps(t2),
            t1 / t2,
            sim
        );
    }
    println!("(Mnps = million leaf nodes per second, bulk counting; ratio = arbiter / shakmaty speed, 1 thread;");
    println!(
        " for the other games, ratio = their Mnps / shakmaty's Mnps on the fide start position;"
    );
    println!(" 2t/1t = wall-clock speed-up with 2 threads; 2t bound = the speed-up the root split allows on an idle machine, from per-root-move work)");
}
