//! Perft and divide (G3), written once for every game.
//!
//! perft(0) = 1; perft(d) = the number of move sequences of exactly d turns
//! (one turn = one player's complete move, G2). Leaves are counted in bulk
//! with [`Game::count_legal`].
//!
//! [`perft`] is the plain walk on one thread. Everything else a perft can
//! be asked for is an explicit argument, [`PerftOptions`]:
//! - `threads`: the work is split at the root, each root move one job, so
//!   the count is the same for any thread count;
//! - `table`: a transposition table ([`Table`]) of subtree counts;
//! - `progress`: live counters ([`Progress`]) a display reads from
//!   another thread;
//! - `limit`: a node and time budget ([`Limit`]); a perft that exceeds it
//!   stops and says so ([`Stopped`], with the leaves counted so far).
//!
//! Depth is bounded: every entry point refuses a depth above
//! [`MAX_DEPTH`] (the recursion is one stack frame per ply); callers that
//! take a depth from outside check it first with [`check_depth`].
//!
//! [`split`] lists the nodes at one ply (the jobs of a distributed perft).

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::error::DepthError;
use super::game::Game;
use super::notation::Notation;
use super::sink::{Flow, MoveSink};
pub use super::table::{state_key, Table};

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

/// How a perft runs. The default: one thread, no table, no progress, no
/// limit (the count of [`perft`]).
#[derive(Clone, Copy, Debug)]
pub struct PerftOptions<'a> {
    /// Threads (at least 1); the root is split among them.
    pub threads: usize,
    /// A transposition table shared by the threads.
    pub table: Option<&'a Table>,
    /// Live counters for a display.
    pub progress: Option<&'a Progress>,
    /// The most work the perft may do.
    pub limit: Limit,
}

impl Default for PerftOptions<'_> {
    fn default() -> Self {
        PerftOptions {
            threads: 1,
            table: None,
            progress: None,
            limit: Limit::default(),
        }
    }
}

impl<'a> PerftOptions<'a> {
    /// The default options on `threads` threads.
    pub fn threads(threads: usize) -> PerftOptions<'a> {
        PerftOptions {
            threads,
            ..PerftOptions::default()
        }
    }
}

/// How much work a perft may do. `None` = no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    /// The most nodes one perft call may visit (inner nodes and leaves).
    pub max_nodes: Option<u64>,
    /// The most time one perft call may take.
    pub max_time: Option<Duration>,
}

impl Limit {
    /// No limit.
    pub const NONE: Limit = Limit {
        max_nodes: None,
        max_time: None,
    };
    /// At most `n` nodes.
    pub fn nodes(n: u64) -> Limit {
        Limit {
            max_nodes: Some(n),
            max_time: None,
        }
    }
    /// At most `t`.
    pub fn time(t: Duration) -> Limit {
        Limit {
            max_nodes: None,
            max_time: Some(t),
        }
    }
}

/// Why a perft stopped before the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// More nodes visited than [`Limit::max_nodes`] (the limit).
    Nodes(u64),
    /// Longer than [`Limit::max_time`] (the limit).
    Time(Duration),
}

/// A perft that its [`Limit`] stopped: why, and how far it got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Which limit.
    pub reason: StopReason,
    /// Nodes visited (inner nodes and leaves) when it stopped.
    pub visited: u64,
    /// Leaves counted when it stopped: a lower bound of the perft count.
    pub leaves: u64,
    /// How long it ran.
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

impl std::error::Error for Stopped {}

/// perft(depth) on one thread with no options: the plain walk, the hot
/// loop of every game. Reuses one move buffer per ply; leaves are counted
/// in bulk, and the node two plies above the leaves plays each move as it
/// is generated (no list).
///
/// # Panics
/// When `depth` exceeds [`MAX_DEPTH`].
pub fn perft<G: Game>(g: &G, depth: u32) -> u64 {
    assert_depth(depth);
    match depth {
        0 => 1,
        1 => g.count_legal(),
        _ => {
            let mut buffers: Vec<Vec<G::Move>> = (1..depth).map(|_| Vec::new()).collect();
            perft_plain(g, depth, &mut buffers)
        }
    }
}

/// perft(depth) with `options`.
///
/// # Errors
/// [`Stopped`] when the limit stopped it (its `leaves` are a lower bound).
///
/// # Panics
/// When `depth` exceeds [`MAX_DEPTH`].
pub fn perft_with<G: Game>(g: &G, depth: u32, options: &PerftOptions) -> Result<u64, Stopped> {
    assert_depth(depth);
    let budget = Budget::new(options.limit);
    let walk = Walk {
        budget: budget.as_ref(),
        table: options.table,
        progress: options.progress,
    };
    // With progress, the root is split too, so the root moves report.
    let n = if depth >= 2 && (options.threads > 1 || options.progress.is_some()) {
        root_split(g, depth, options.threads, walk)
            .into_iter()
            .map(|(_, n)| n)
            .sum()
    } else {
        walk.perft(g, depth)
    };
    match budget.and_then(|b| b.stop_report()) {
        Some(stop) => Err(stop),
        None => Ok(n),
    }
}

/// For each legal move (in generation order): its canonical text and
/// perft(depth - 1) of the position after it. `depth` 0 is treated as 1.
///
/// # Errors
/// [`Stopped`] when the limit stopped it.
///
/// # Panics
/// When `depth` exceeds [`MAX_DEPTH`].
pub fn divide<G: Notation>(
    g: &G,
    depth: u32,
    options: &PerftOptions,
) -> Result<Vec<(String, u64)>, Stopped> {
    assert_depth(depth);
    let depth = depth.max(1);
    let budget = Budget::new(options.limit);
    let walk = Walk {
        budget: budget.as_ref(),
        table: options.table,
        progress: options.progress,
    };
    let rows = root_split(g, depth, options.threads, walk)
        .into_iter()
        .map(|(m, n)| (g.move_text(&m), n))
        .collect();
    match budget.and_then(|b| b.stop_report()) {
        Some(stop) => Err(stop),
        None => Ok(rows),
    }
}

/// Each root move with perft(depth - 1) below it, over `threads` threads.
fn root_split<G: Game>(g: &G, depth: u32, threads: usize, w: Walk) -> Vec<(G::Move, u64)> {
    let moves = g.legal_moves();
    if let Some(p) = w.progress {
        p.roots_total
            .fetch_add(moves.len() as u64, Ordering::Relaxed);
    }
    let counts = parallel_map(&moves, threads, |m| {
        let mut child = g.clone();
        child.play(m);
        let n = w.perft(&child, depth - 1);
        if let Some(p) = w.progress {
            p.roots_done.fetch_add(1, Ordering::Relaxed);
        }
        n
    });
    moves.into_iter().zip(counts).collect()
}

/// The plain walk (no budget, table or progress). `depth` ≥ 2.
fn perft_plain<G: Game>(g: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 2 {
        let mut children = ChildCounts {
            parent: g,
            total: 0,
        };
        let _ = g.generate(&mut children);
        return children.total;
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    buf.clear();
    let _ = g.generate(buf);
    let mut total = 0;
    for m in buf.iter() {
        let mut child = g.clone();
        child.play(m);
        total += perft_plain(&child, depth - 1, rest);
    }
    total
}

/// The sink of a node two plies above the leaves: each move is played as
/// it is generated and the child's legal moves are counted in bulk (no
/// move list is written).
struct ChildCounts<'a, G> {
    parent: &'a G,
    total: u64,
}

impl<G: Game> MoveSink<G::Move> for ChildCounts<'_, G> {
    const COUNTS_ONLY: bool = false;
    #[inline]
    fn push(&mut self, m: G::Move) -> Flow {
        let mut child = self.parent.clone();
        child.play(&m);
        self.total += child.count_legal();
        ControlFlow::Continue(())
    }
    fn add_count(&mut self, _: u64) -> Flow {
        unreachable!("a generator gave a count to a sink that takes moves")
    }
}

/// What one perft walks with (each part optional).
#[derive(Clone, Copy)]
struct Walk<'a> {
    budget: Option<&'a Budget>,
    table: Option<&'a Table>,
    progress: Option<&'a Progress>,
}

impl Walk<'_> {
    fn plain(&self) -> bool {
        self.budget.is_none() && self.table.is_none() && self.progress.is_none()
    }

    /// perft(depth) of `g` under this walk's options.
    fn perft<G: Game>(&self, g: &G, depth: u32) -> u64 {
        match depth {
            // Depths 0 and 1 are not charged: a budget counts the nodes
            // of the walk from depth 2 up (where the work is).
            0 => 1,
            1 => {
                let n = g.count_legal();
                if let Some(p) = self.progress {
                    p.leaves.fetch_add(n, Ordering::Relaxed);
                }
                n
            }
            _ => {
                let mut buffers: Vec<Vec<G::Move>> = (1..depth).map(|_| Vec::new()).collect();
                if self.plain() {
                    perft_plain(g, depth, &mut buffers)
                } else {
                    self.rec(g, depth, &mut buffers)
                }
            }
        }
    }

    /// `depth` ≥ 2; one buffer per ply above the leaves. Under a budget the
    /// node is charged, and a stopped budget ends the walk (partial count,
    /// never stored in the table).
    fn rec<G: Game>(&self, g: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
        let key = self.table.map(|t| (t, state_key(g, depth)));
        if let Some((t, k)) = key {
            if let Some(n) = t.probe(k, depth) {
                if let Some(b) = self.budget {
                    b.charge(1, n);
                }
                if let Some(p) = self.progress {
                    p.leaves.fetch_add(n, Ordering::Relaxed);
                }
                return n;
            }
        }
        let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
        buf.clear();
        let _ = g.generate(buf);
        let mut total = 0;
        if depth == 2 {
            for m in buf.iter() {
                let mut child = g.clone();
                child.play(m);
                total += child.count_legal();
            }
            if let Some(b) = self.budget {
                b.charge(1 + buf.len() as u64 + total, total);
            }
            if let Some(p) = self.progress {
                p.leaves.fetch_add(total, Ordering::Relaxed);
            }
        } else {
            if let Some(b) = self.budget {
                b.charge(1, 0);
            }
            for m in buf.iter() {
                if self.budget.is_some_and(Budget::stopped) {
                    break;
                }
                let mut child = g.clone();
                child.play(m);
                total += self.rec(&child, depth - 1, rest);
            }
        }
        if let Some((t, k)) = key {
            if !self.budget.is_some_and(Budget::stopped) {
                t.store(k, depth, total);
            }
        }
        total
    }
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
                let (f, next) = (&f, &next);
                s.spawn(move || {
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
    /// A budget for `l`, or none when `l` limits nothing.
    fn new(l: Limit) -> Option<Budget> {
        (l != Limit::NONE).then(|| Budget {
            max_nodes: l.max_nodes.unwrap_or(u64::MAX),
            max_time: l.max_time,
            start: Instant::now(),
            visited: AtomicU64::new(0),
            leaves: AtomicU64::new(0),
            stop: AtomicU8::new(0),
        })
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

/// Live counters of a perft, for a display on another thread. Counting is
/// relaxed: the numbers are for people.
#[derive(Debug, Default)]
pub struct Progress {
    /// Leaves counted so far (subtrees found in the table count whole).
    pub leaves: AtomicU64,
    /// Root moves whose subtree is done, of [`Progress::roots_total`].
    pub roots_done: AtomicU64,
    /// Root moves in all.
    pub roots_total: AtomicU64,
}

/// Calls `each(moves, position)` for every node at ply `at` below `g`
/// (depth-first, in generation order): the canonical texts of the `at`
/// moves that lead there, each in the position it is played in, and the
/// position text there. Nodes at a lower ply where the game is over have
/// no node below them and are left out (perft counts them nowhere deeper).
///
/// # Panics
/// When `at` exceeds [`MAX_DEPTH`].
pub fn split<G: Notation>(g: &G, at: u32, each: &mut dyn FnMut(&[String], &str)) {
    fn walk<G: Notation>(
        g: &G,
        left: u32,
        path: &mut Vec<String>,
        each: &mut dyn FnMut(&[String], &str),
    ) {
        if left == 0 {
            each(path, &g.to_text());
            return;
        }
        for m in g.legal_moves() {
            path.push(g.move_text(&m));
            let mut child = g.clone();
            child.play(&m);
            walk(&child, left - 1, path, each);
            path.pop();
        }
    }
    assert_depth(at);
    walk(g, at, &mut Vec::new(), each);
}
