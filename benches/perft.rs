//! Perft speed: arbiter (through the registry) beside shakmaty 0.27, in one
//! run. Prints Mnps per case, the arbiter/shakmaty ratio for `fide` cases,
//! and the 2-thread / 1-thread ratio.
//!
//! `cargo bench --bench perft` runs the full set; `cargo bench --bench perft
//! -- --quick` (or `ARBITER_BENCH_QUICK=1`) runs every case one ply
//! shallower and once instead of best of three.
//!
//! Other games add one line each to [`CASES`].

use std::time::Instant;

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
        depth: 5,
    },
    Case {
        name: "fide kiwipete",
        variant: "fide",
        position: Some(KIWIPETE),
        options: &[],
        depth: 4,
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

fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32) -> u64 {
    shakmaty::perft(pos, depth)
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick")
        || std::env::var_os("ARBITER_BENCH_QUICK").is_some();
    let reps = if quick { 1 } else { 3 };
    println!(
        "{:<18} {:>5} {:>12} {:>10} {:>10} {:>8} {:>10} {:>8}",
        "case", "depth", "nodes", "arbiter", "shakmaty", "ratio", "2 threads", "2t/1t"
    );
    for c in CASES {
        let depth = if quick { c.depth - 1 } else { c.depth };
        let options: Vec<String> = c.options.iter().map(|s| s.to_string()).collect();
        let g = variants::setup(&Setup {
            variant: c.variant,
            options: &options,
            position: c.position,
            ..Default::default()
        })
        .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        g.perft(1, 1); // build lookup tables outside the timing
        let (nodes, t1) = time(reps, || g.perft(depth, 1));
        let (nodes2, t2) = time(reps, || g.perft(depth, 2));
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
            (format!("{:.1}", mnps(ts)), format!("{:.2}x", ts / t1))
        } else {
            ("-".into(), "-".into())
        };
        println!(
            "{:<18} {:>5} {:>12} {:>10.1} {:>10} {:>8} {:>10.1} {:>7.2}x",
            c.name,
            depth,
            nodes,
            mnps(t1),
            theirs,
            ratio,
            mnps(t2),
            t1 / t2
        );
    }
    println!("(Mnps = million leaf nodes per second, bulk counting; ratio = arbiter / shakmaty speed, 1 thread)");
}
