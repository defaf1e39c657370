//! Perft and divide (G3), written once for every game.
//!
//! perft(0) = 1; perft(d) = the number of move sequences of exactly d turns
//! (one turn = one player's complete move, G2). Leaves are counted in bulk
//! with [`Game::count_legal`]. Threads split the work at the root; each
//! root move is one job, so the count is the same for any thread count.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::game::Game;

/// perft(depth) on one thread: the only perft (every game's generator
/// feeds it). Reuses one move buffer per ply; leaves are counted in bulk.
pub fn perft<G: Game>(g: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => g.count_legal(),
        _ => {
            let mut buffers: Vec<Vec<G::Move>> = (1..depth).map(|_| Vec::new()).collect();
            perft_rec(g, depth, &mut buffers)
        }
    }
}

/// `depth` ≥ 2; one buffer per ply above the leaves.
fn perft_rec<G: Game>(g: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    buf.clear();
    g.generate(buf);
    let mut total = 0;
    for m in buf.iter() {
        let mut child = g.clone();
        child.play(m);
        total += if depth == 2 {
            child.count_legal()
        } else {
            perft_rec(&child, depth - 1, rest)
        };
    }
    total
}

/// perft(depth), split at the root over `threads` threads.
pub fn perft_threads<G: Game>(g: &G, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft(g, depth);
    }
    divide(g, depth, threads).iter().map(|(_, n)| n).sum()
}

/// For each legal move (in generation order): its canonical text and
/// perft(depth - 1) of the position after it. `depth` 0 is treated as 1.
pub fn divide<G: Game>(g: &G, depth: u32, threads: usize) -> Vec<(String, u64)> {
    let depth = depth.max(1);
    let moves = g.legal_moves();
    let jobs: Vec<(String, G)> = moves
        .iter()
        .map(|m| {
            let mut child = g.clone();
            child.play(m);
            (g.move_text(m), child)
        })
        .collect();
    let counts = parallel_map(&jobs, threads, |(_, child)| perft(child, depth - 1));
    jobs.into_iter().map(|(t, _)| t).zip(counts).collect()
}

/// Maps `f` over `items` on up to `threads` threads, keeping the order.
/// Work is handed out one item at a time (root moves differ in size).
pub fn parallel_map<T: Sync, R: Send + Default + Clone>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let mut results: Vec<R> = vec![R::default(); items.len()];
    let chunks: Vec<Vec<(usize, R)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= items.len() {
                            break;
                        }
                        done.push((i, f(&items[i])));
                    }
                    done
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("perft worker panicked"))
            .collect()
    });
    for (i, r) in chunks.into_iter().flatten() {
        results[i] = r;
    }
    results
}
