//! `core::perft` with explicit options (`PerftOptions`): node and time
//! limits, the transposition table, progress counters, threads, and the
//! split of a ply. Counts are the public fide perft numbers.

use std::hash::Hasher;
use std::time::{Duration, Instant};

use arbiter::core::perft::{
    self, check_depth, divide, perft_with, split, state_key, Limit, PerftOptions, Progress,
    StopReason, MAX_DEPTH,
};
use arbiter::core::table::{KeyHasher, Table, TableError, BUCKET_BYTES};
use arbiter::core::{Explain, Game, Notation};
use arbiter::variants::fide::{Fide, START};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn start() -> Fide {
    Fide::from_fen(START, 0).unwrap()
}

fn limited(limit: Limit, threads: usize) -> PerftOptions<'static> {
    PerftOptions {
        threads,
        limit,
        ..PerftOptions::default()
    }
}

#[test]
fn depths_above_the_limit_are_refused() {
    assert_eq!(check_depth(MAX_DEPTH), Ok(MAX_DEPTH));
    let e = check_depth(20_000).unwrap_err();
    assert!(
        e.to_string().contains("20000") && e.to_string().contains("64"),
        "{e}"
    );
    let r = std::panic::catch_unwind(|| perft::perft(&start(), MAX_DEPTH + 1));
    assert!(r.is_err());
}

#[test]
fn a_node_limit_stops_a_deep_perft_and_says_so() {
    let g = start();
    let stop = perft_with(&g, 12, &limited(Limit::nodes(100_000), 1)).unwrap_err();
    assert_eq!(stop.reason, StopReason::Nodes(100_000));
    assert!(stop.visited > 100_000 && stop.visited < 110_000, "{stop:?}");
    assert!(stop.leaves > 0, "{stop:?}");
    // Threads share the budget.
    let stop = perft_with(&g, 12, &limited(Limit::nodes(100_000), 2)).unwrap_err();
    assert!(stop.visited < 120_000, "{stop:?}");
    // Within the limit: the exact count.
    assert_eq!(
        perft_with(&g, 3, &limited(Limit::nodes(100_000), 1)),
        Ok(8902)
    );
    // divide stops the same way.
    assert!(divide(&g, 12, &limited(Limit::nodes(100_000), 2)).is_err());
}

#[test]
fn a_time_limit_stops_a_deep_perft() {
    let g = start();
    let t = Instant::now();
    let stop = divide(&g, 12, &limited(Limit::time(Duration::from_millis(50)), 2)).unwrap_err();
    // A safety net, not a speed test: without the limit this runs for days.
    assert!(t.elapsed() < Duration::from_secs(60), "{:?}", t.elapsed());
    assert!(matches!(stop.reason, StopReason::Time(_)), "{stop:?}");
    // Without a limit nothing is stopped.
    assert_eq!(perft_with(&g, 3, &PerftOptions::default()), Ok(8902));
}

#[test]
fn a_table_changes_the_walk_not_the_count() {
    let kiwi = Fide::from_fen(KIWIPETE, 0).unwrap();
    for bytes in [64, 64 * 1024, 4 << 20] {
        let t = Table::new(bytes).unwrap();
        assert!(t.bytes() <= bytes);
        let hashed = |threads| PerftOptions {
            threads,
            table: Some(&t),
            ..PerftOptions::default()
        };
        assert_eq!(perft_with(&start(), 4, &hashed(1)), Ok(197_281), "{bytes}");
        assert_eq!(perft_with(&kiwi, 3, &hashed(2)), Ok(97_862), "{bytes}");
        let st = t.stats();
        assert!(st.probes > 0 && st.used <= st.capacity, "{st:?}");
        // The table outlives the run: the same perft again is one hit.
        assert_eq!(perft_with(&start(), 4, &hashed(1)), Ok(197_281));
        if bytes > 64 {
            assert_eq!(t.stats().hits, st.hits + 1, "{bytes}");
        }
    }
}

#[test]
fn table_entries_match_key_and_depth() {
    let t = Table::new(64 * 16).unwrap();
    t.store(42, 3, 1000);
    assert_eq!(t.probe(42, 3), Some(1000));
    assert_eq!(t.probe(42, 2), None);
    assert_eq!(t.probe(43, 3), None);
    t.store(42, 3, 7);
    assert_eq!(t.probe(42, 3), Some(7));
    // Too big to store beside the depth: not stored.
    t.store(99, 3, u64::MAX);
    assert_eq!(t.probe(99, 3), None);
    assert_eq!(Table::new(63).unwrap_err(), TableError::TooSmall);
    assert!(Table::with_megabytes(u64::MAX).is_err());
}

#[test]
fn a_full_bucket_keeps_its_deepest_entries() {
    let t = Table::new(BUCKET_BYTES).unwrap();
    for (k, d) in [(1, 5), (2, 4), (3, 6), (4, 7)] {
        t.store(k, d, 10 * k);
    }
    t.store(5, 2, 50);
    assert_eq!(t.probe(2, 4), None, "the shallowest goes");
    for (k, d) in [(1, 5), (3, 6), (4, 7), (5, 2)] {
        assert_eq!(t.probe(k, d), Some(10 * k), "{k}");
    }
}

#[test]
fn keys_tell_depths_games_and_positions_apart() {
    let g = start();
    assert_eq!(state_key(&g, 3), state_key(&g.clone(), 3));
    assert_ne!(state_key(&g, 3), state_key(&g, 2));
    let mut h = g;
    let m = h.legal_moves()[0];
    h.play(&m);
    assert_ne!(state_key(&g, 3), state_key(&h, 3));
    // Same bytes, different lengths.
    let key = |b: &[u8]| {
        let mut k = KeyHasher::default();
        k.write(b);
        k.finish()
    };
    assert_ne!(key(b"ab"), key(b"ab\0"));
    assert_ne!(key(&[0; 8]), key(&[0; 16]));
}

#[test]
fn a_stopped_perft_stores_no_partial_count() {
    let t = Table::new(1 << 20).unwrap();
    let stopped = PerftOptions {
        table: Some(&t),
        limit: Limit::nodes(50_000),
        ..PerftOptions::default()
    };
    assert!(perft_with(&start(), 5, &stopped).is_err());
    let whole = PerftOptions {
        table: Some(&t),
        ..PerftOptions::default()
    };
    assert_eq!(perft_with(&start(), 5, &whole), Ok(4_865_609));
}

#[test]
fn progress_counts_leaves_and_root_moves() {
    use std::sync::atomic::Ordering;
    let p = Progress::default();
    let observed = PerftOptions {
        progress: Some(&p),
        ..PerftOptions::default()
    };
    assert_eq!(perft_with(&start(), 4, &observed), Ok(197_281));
    assert_eq!(p.leaves.load(Ordering::Relaxed), 197_281);
    assert_eq!(p.roots_done.load(Ordering::Relaxed), 20);
    assert_eq!(p.roots_total.load(Ordering::Relaxed), 20);
    let t = Table::new(1 << 20).unwrap();
    let q = Progress::default();
    let both = PerftOptions {
        threads: 2,
        table: Some(&t),
        progress: Some(&q),
        ..PerftOptions::default()
    };
    assert_eq!(perft_with(&start(), 4, &both), Ok(197_281));
    assert_eq!(
        q.leaves.load(Ordering::Relaxed),
        197_281,
        "hits count whole"
    );
}

#[test]
fn threads_and_divide_agree_with_the_plain_walk() {
    let kiwi = Fide::from_fen(KIWIPETE, 0).unwrap();
    let plain = perft::perft(&kiwi, 3);
    assert_eq!(plain, 97_862);
    for threads in [1, 2, 5] {
        assert_eq!(
            perft_with(&kiwi, 3, &PerftOptions::threads(threads)),
            Ok(plain)
        );
        let rows = divide(&kiwi, 3, &PerftOptions::threads(threads)).unwrap();
        assert_eq!(rows.len(), 48);
        assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), plain);
    }
}

#[test]
fn split_lists_the_nodes_of_a_ply() {
    let g = Fide::from_fen(KIWIPETE, 0).unwrap();
    let mut nodes = Vec::new();
    split(&g, 2, &mut |moves, text| {
        nodes.push((moves.to_vec(), text.to_string()))
    });
    assert_eq!(nodes.len(), 2039);
    assert_eq!(nodes[0].0.len(), 2);
    let mut sum = 0;
    for (moves, text) in &nodes {
        let mut h = g;
        for m in moves {
            let mv = h.parse_move(m).unwrap();
            h.play(&mv);
        }
        assert_eq!(&h.to_text(), text);
        sum += perft::perft(&h, 1);
    }
    assert_eq!(sum, 97_862);
    let mut root = 0;
    split(&g, 0, &mut |moves, _| {
        assert!(moves.is_empty());
        root += 1
    });
    assert_eq!(root, 1);
}
