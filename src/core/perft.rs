//! Perft and divide (G3), written once for every game.
//!
//! perft(0) = 1; perft(d) = the number of move sequences of exactly d turns
//! (one turn = one player's complete move, G2). Leaves are counted in bulk
//! with [`Game::count_legal`]. Threads split the work at the root; each
//! root move is one job, so the count is the same for any thread count.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::game::Game;
use super::moves::Move;

/// perft(depth) on one thread. Reuses one move buffer per ply.
pub fn perft<G: Game>(g: &G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    perft_rec(g, depth, &mut buffers)
}

fn perft_rec<G: Game>(g: &G, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => g.count_legal(),
        _ => {
            let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
            buf.clear();
            g.legal_moves(buf);
            let mut total = 0;
            for m in buf.iter() {
                let mut child = g.clone();
                child.play(m);
                total += perft_rec(&child, depth - 1, rest);
            }
            total
        }
    }
}

/// perft(depth), split at the root over `threads` threads.
pub fn perft_threads<G: Game>(g: &G, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        return g.perft(depth);
    }
    divide(g, depth, threads).iter().map(|(_, n)| n).sum()
}

/// For each legal move (in generation order): its canonical text and
/// perft(depth - 1) of the position after it. `depth` 0 is treated as 1.
pub fn divide<G: Game>(g: &G, depth: u32, threads: usize) -> Vec<(String, u64)> {
    let depth = depth.max(1);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let jobs: Vec<(String, G)> = moves
        .iter()
        .map(|m| {
            let mut child = g.clone();
            child.play(m);
            (g.move_text(m), child)
        })
        .collect();
    let counts = parallel_map(&jobs, threads, |(_, child)| child.perft(depth - 1));
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
