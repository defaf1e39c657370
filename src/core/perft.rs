//! Perft and divide (G3), written once for every game.
//!
//! perft(0) = 1; perft(d) = the number of move sequences of exactly d turns
//! (one turn = one player's complete move, G2). Leaves are counted in bulk
//! with [`Game::count_legal`]. Threads split the work at the root; each
//! root move is one job, so the count is the same for any thread count.
//!
//! Two safety nets keep a perft from running away:
//! - depth: every entry point refuses a depth above [`MAX_DEPTH`] (the
//!   recursion is one stack frame per ply); callers that take a depth from
//!   outside check it first with [`check_depth`];
//! - work and time: inside [`limited`], every perft stops once it has
//!   visited more nodes or run longer than the [`Limit`] allows, and
//!   `limited` reports that it stopped (the count is then partial). Without
//!   a limit the perft functions cost one thread-local look-up per call.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::error::DepthError;
use super::game::Game;

/// The deepest perft any entry point accepts. Deeper requests are input
/// errors ([`check_depth`]); nothing that finishes needs more (perft(15) of
/// the fide start is about 2·10²¹).
pub const MAX_DEPTH: u32 = 64;

/// Accepts `depth` when it is at most [`MAX_DEPTH`].
///
/// # Errors
/// [`DepthError`] naming the limit.
pub fn check_depth(depth: u32) -> Result<u32, DepthError> {
    if depth <= MAX_DEPTH {
        Ok(depth)
    } else {
        Err(DepthError {
            depth: u64::from(depth),
            max: MAX_DEPTH,
        })
    }
}

fn assert_depth(depth: u32) {
    assert!(
        depth <= MAX_DEPTH,
        "perft depth {depth} above MAX_DEPTH {MAX_DEPTH} (callers check with check_depth)"
    );
}

/// perft(depth) on one thread: the only perft (every game's generator
/// feeds it). Reuses one move buffer per ply; leaves are counted in bulk.
///
/// # Panics
/// When `depth` exceeds [`MAX_DEPTH`].
pub fn perft<G: Game>(g: &G, depth: u32) -> u64 {
    assert_depth(depth);
    match depth {
        0 => 1,
        1 => g.count_legal(),
        _ => with_budget(|budget| {
            let mut buffers: Vec<Vec<G::Move>> = (1..depth).map(|_| Vec::new()).collect();
            perft_rec(g, depth, &mut buffers, budget)
        }),
    }
}

/// `depth` ≥ 2; one buffer per ply above the leaves. Under a budget the
/// node is charged, and a stopped budget ends the walk (partial count).
fn perft_rec<G: Game>(
    g: &G,
    depth: u32,
    buffers: &mut [Vec<G::Move>],
    budget: Option<&Budget>,
) -> u64 {
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    buf.clear();
    g.generate(buf);
    let mut total = 0;
    if depth == 2 {
        for m in buf.iter() {
            let mut child = g.clone();
            child.play(m);
            total += child.count_legal();
        }
        if let Some(b) = budget {
            b.charge(1 + buf.len() as u64 + total, total);
        }
        return total;
    }
    if let Some(b) = budget {
        b.charge(1, 0);
    }
    for m in buf.iter() {
        if budget.is_some_and(Budget::stopped) {
            break;
        }
        let mut child = g.clone();
        child.play(m);
        total += perft_rec(&child, depth - 1, rest, budget);
    }
    total
}

/// perft(depth), split at the root over `threads` threads.
///
/// # Panics
/// When `depth` exceeds [`MAX_DEPTH`].
pub fn perft_threads<G: Game>(g: &G, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft(g, depth);
    }
    divide(g, depth, threads).iter().map(|(_, n)| n).sum()
}

/// For each legal move (in generation order): its canonical text and
/// perft(depth - 1) of the position after it. `depth` 0 is treated as 1.
///
/// # Panics
/// When `depth` exceeds [`MAX_DEPTH`].
pub fn divide<G: Game>(g: &G, depth: u32, threads: usize) -> Vec<(String, u64)> {
    assert_depth(depth);
    let depth = depth.max(1);
    with_budget(|_| {
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
    })
}

/// Maps `f` over `items` on up to `threads` threads, keeping the order.
/// Work is handed out one item at a time (root moves differ in size). The
/// workers share the caller's perft budget (see [`limited`]).
pub fn parallel_map<T: Sync, R: Send + Default + Clone>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let budget = CURRENT.with(|c| c.borrow().clone());
    let next = AtomicUsize::new(0);
    let mut results: Vec<R> = vec![R::default(); items.len()];
    let chunks: Vec<Vec<(usize, R)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let budget = budget.clone();
                let (f, next) = (&f, &next);
                s.spawn(move || {
                    CURRENT.with(|c| *c.borrow_mut() = budget);
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
            // A worker's panic goes on in the caller with its own message.
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    for (i, r) in chunks.into_iter().flatten() {
        results[i] = r;
    }
    results
}

/// How much work a perft may do inside [`limited`]. `None` = no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    /// The most nodes one perft call may visit (inner nodes and leaves).
    pub max_nodes: Option<u64>,
    /// The most time one perft call may take.
    pub max_time: Option<Duration>,
}

/// Why a perft stopped before the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// More nodes visited than [`Limit::max_nodes`] (the limit).
    Nodes(u64),
    /// Longer than [`Limit::max_time`] (the limit).
    Time(Duration),
}

/// A perft that [`limited`] stopped: why, and how far it got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    pub reason: StopReason,
    /// Nodes visited (inner nodes and leaves) when it stopped.
    pub visited: u64,
    /// Leaves counted when it stopped: a lower bound of the perft count.
    pub leaves: u64,
    pub elapsed: Duration,
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.reason {
            StopReason::Nodes(n) => write!(f, "stopped after visiting more than {n} nodes"),
            StopReason::Time(t) => {
                write!(f, "stopped after {:.1?} (time limit {t:.1?})", self.elapsed)
            }
        }
    }
}

/// Runs `f` with every perft inside it (each call of [`perft`],
/// [`perft_threads`] or [`divide`] made from outside another perft) held
/// to `limit`; limits of enclosing scopes apply where `limit` leaves a
/// field `None`. A perft that exceeds its limit stops early and returns a
/// partial count; the first such stop is returned beside `f`'s result.
pub fn limited<R>(limit: Limit, f: impl FnOnce() -> R) -> (R, Option<Stopped>) {
    SCOPES.with(|s| {
        s.borrow_mut().push(Scope {
            limit,
            stopped: None,
        })
    });
    struct Pop;
    impl Drop for Pop {
        fn drop(&mut self) {
            SCOPES.with(|s| s.borrow_mut().pop());
        }
    }
    let pop = Pop;
    let r = f();
    let stopped = SCOPES.with(|s| s.borrow().last().and_then(|sc| sc.stopped));
    drop(pop);
    (r, stopped)
}

struct Scope {
    limit: Limit,
    stopped: Option<Stopped>,
}

thread_local! {
    /// The [`limited`] scopes entered on this thread, innermost last.
    static SCOPES: RefCell<Vec<Scope>> = const { RefCell::new(Vec::new()) };
    /// The budget of the perft call running on this thread (shared with
    /// its worker threads), so nested calls charge the same budget.
    static CURRENT: RefCell<Option<Arc<Budget>>> = const { RefCell::new(None) };
}

/// The limit in force: each field from the innermost scope that sets it.
fn scope_limit() -> Limit {
    SCOPES.with(|s| {
        let s = s.borrow();
        let mut l = Limit::default();
        for sc in s.iter().rev() {
            l.max_nodes = l.max_nodes.or(sc.limit.max_nodes);
            l.max_time = l.max_time.or(sc.limit.max_time);
        }
        l
    })
}

/// Runs a perft body with the budget of the running call, or a fresh one
/// when this is a top-level call inside a [`limited`] scope (recording a
/// stop in that scope), or none.
fn with_budget<R>(f: impl FnOnce(Option<&Budget>) -> R) -> R {
    if let Some(b) = CURRENT.with(|c| c.borrow().clone()) {
        return f(Some(&b));
    }
    let limit = scope_limit();
    if limit == Limit::default() {
        return f(None);
    }
    let b = Arc::new(Budget::new(limit));
    CURRENT.with(|c| *c.borrow_mut() = Some(Arc::clone(&b)));
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            CURRENT.with(|c| *c.borrow_mut() = None);
        }
    }
    let reset = Reset;
    let r = f(Some(&b));
    drop(reset);
    if let Some(stop) = b.stop_report() {
        SCOPES.with(|s| {
            if let Some(sc) = s.borrow_mut().last_mut() {
                sc.stopped.get_or_insert(stop);
            }
        });
    }
    r
}

/// The running count of one limited perft call (shared by its threads).
struct Budget {
    max_nodes: u64,
    max_time: Option<Duration>,
    start: Instant,
    visited: AtomicU64,
    leaves: AtomicU64,
    /// 0 running, 1 stopped for nodes, 2 stopped for time.
    stop: AtomicU8,
}

/// The clock is read when the visited count crosses a multiple of this.
const TIME_CHECK_EVERY: u64 = 1 << 14;

impl Budget {
    fn new(l: Limit) -> Budget {
        Budget {
            max_nodes: l.max_nodes.unwrap_or(u64::MAX),
            max_time: l.max_time,
            start: Instant::now(),
            visited: AtomicU64::new(0),
            leaves: AtomicU64::new(0),
            stop: AtomicU8::new(0),
        }
    }

    #[inline]
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) != 0
    }

    fn charge(&self, nodes: u64, leaves: u64) {
        if leaves > 0 {
            self.leaves.fetch_add(leaves, Ordering::Relaxed);
        }
        let before = self.visited.fetch_add(nodes, Ordering::Relaxed);
        let after = before.saturating_add(nodes);
        if after > self.max_nodes {
            let _ = self
                .stop
                .compare_exchange(0, 1, Ordering::Relaxed, Ordering::Relaxed);
        } else if let Some(t) = self.max_time {
            if before / TIME_CHECK_EVERY != after / TIME_CHECK_EVERY && self.start.elapsed() > t {
                let _ = self
                    .stop
                    .compare_exchange(0, 2, Ordering::Relaxed, Ordering::Relaxed);
            }
        }
    }

    fn stop_report(&self) -> Option<Stopped> {
        let reason = match self.stop.load(Ordering::Relaxed) {
            0 => return None,
            1 => StopReason::Nodes(self.max_nodes),
            _ => StopReason::Time(self.max_time.unwrap_or_default()),
        };
        Some(Stopped {
            reason,
            visited: self.visited.load(Ordering::Relaxed),
            leaves: self.leaves.load(Ordering::Relaxed),
            elapsed: self.start.elapsed(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::fide::Chess;

    fn start() -> Chess {
        Chess::from_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            0,
        )
        .unwrap()
    }

    #[test]
    fn depths_above_the_limit_are_refused() {
        assert_eq!(check_depth(MAX_DEPTH), Ok(MAX_DEPTH));
        let e = check_depth(20_000).unwrap_err();
        assert!(
            e.to_string().contains("20000") && e.to_string().contains("64"),
            "{e}"
        );
        let r = std::panic::catch_unwind(|| perft(&start(), MAX_DEPTH + 1));
        assert!(r.is_err());
    }

    #[test]
    fn a_node_limit_stops_a_deep_perft_and_says_so() {
        let g = start();
        let (n, stop) = limited(
            Limit {
                max_nodes: Some(100_000),
                max_time: None,
            },
            || perft(&g, 12),
        );
        let stop = stop.expect("stopped");
        assert_eq!(stop.reason, StopReason::Nodes(100_000));
        assert!(stop.visited > 100_000 && stop.visited < 110_000, "{stop:?}");
        assert!(n <= stop.leaves && stop.leaves > 0, "{n} {stop:?}");
        // Threads share the budget.
        let (_, stop) = limited(
            Limit {
                max_nodes: Some(100_000),
                max_time: None,
            },
            || perft_threads(&g, 12, 2),
        );
        assert!(stop.is_some_and(|s| s.visited < 120_000), "{stop:?}");
        // Within the limit: the exact count, no stop.
        let (n, stop) = limited(
            Limit {
                max_nodes: Some(100_000),
                max_time: None,
            },
            || perft(&g, 3),
        );
        assert_eq!((n, stop), (8902, None));
    }

    #[test]
    fn a_time_limit_stops_a_deep_perft_and_scopes_nest() {
        let g = start();
        let t = Instant::now();
        let ((n, inner), outer) = limited(
            Limit {
                max_nodes: None,
                max_time: Some(Duration::from_millis(50)),
            },
            || {
                limited(
                    Limit {
                        max_nodes: Some(u64::MAX),
                        max_time: None,
                    },
                    || divide(&g, 12, 2).iter().map(|r| r.1).sum::<u64>(),
                )
            },
        );
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
        let inner = inner.expect("stopped by the outer scope's time limit");
        assert!(matches!(inner.reason, StopReason::Time(_)), "{inner:?}");
        assert!(n <= inner.leaves);
        // The stop is reported in the innermost scope only.
        assert_eq!(outer, None);
        // Outside every scope nothing is limited.
        assert_eq!(perft(&g, 3), 8902);
    }
}
