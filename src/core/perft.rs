//! Perft and divide (G3), written once for every game.
//!
//! perft(0) = 1; perft(d) = the number of move sequences of exactly d turns
//! (one turn = one player's complete move, G2). Leaves are counted in bulk
//! with [`Game::count_legal`]. Threads split the work at the root; each
//! root move is one job, so the count is the same for any thread count.
//!
//! Two options change how a perft walks, never what it counts:
//! - a transposition table ([`Table`], entered with [`hashed`]): subtree
//!   counts of positions seen before, keyed by [`state_key`] (the game's
//!   `Hash`, which covers everything the next moves depend on) and depth;
//! - a progress observer ([`Progress`], entered with [`observed`]): live
//!   counters a display reads from another thread.
//!
//! [`split`] lists the nodes at one ply (the jobs of a distributed perft).
//!
//! Two safety nets keep a perft from running away:
//! - depth: every entry point refuses a depth above [`MAX_DEPTH`] (the
//!   recursion is one stack frame per ply); callers that take a depth from
//!   outside check it first with [`check_depth`];
//! - work and time: inside [`limited`], every perft stops once it has
//!   visited more nodes or run longer than the [`Limit`] allows, and
//!   `limited` reports that it stopped (the count is then partial). Without
//!   a limit the perft functions cost one thread-local look-up per call.

use std::any::TypeId;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::error::DepthError;
use super::game::{Game, MoveSink};

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
/// Inside [`hashed`] it looks subtrees up in the table; inside
/// [`observed`] it reports the leaves it counts.
///
/// # Panics
/// When `depth` exceeds [`MAX_DEPTH`].
pub fn perft<G: Game>(g: &G, depth: u32) -> u64 {
    assert_depth(depth);
    match depth {
        0 => 1,
        1 => {
            let n = g.count_legal();
            if let Some(p) = OPTIONS.with(|o| o.borrow().progress.clone()) {
                p.leaves.fetch_add(n, Ordering::Relaxed);
            }
            n
        }
        _ => with_budget(|budget| {
            let options = OPTIONS.with(|o| o.borrow().clone());
            let walk = Walk {
                budget,
                table: options.table.as_deref(),
                progress: options.progress.as_deref(),
            };
            let mut buffers: Vec<Vec<G::Move>> = (1..depth).map(|_| Vec::new()).collect();
            if walk.budget.is_none() && walk.table.is_none() && walk.progress.is_none() {
                perft_plain(g, depth, &mut buffers)
            } else {
                perft_rec(g, depth, &mut buffers, walk)
            }
        }),
    }
}

/// What one perft call walks with (each part optional).
#[derive(Clone, Copy)]
struct Walk<'a> {
    budget: Option<&'a Budget>,
    table: Option<&'a Table>,
    progress: Option<&'a Progress>,
}

/// The plain walk (no budget, table or progress): the hot loop of a
/// perft, kept free of the options' checks. `depth` ≥ 2.
fn perft_plain<G: Game>(g: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 2 {
        let mut children = ChildCounts {
            parent: g,
            total: 0,
        };
        g.generate(&mut children);
        return children.total;
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    buf.clear();
    g.generate(buf);
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
    fn push(&mut self, m: G::Move) {
        let mut child = self.parent.clone();
        child.play(&m);
        self.total += child.count_legal();
    }
    fn add_count(&mut self, _: u64) {
        unreachable!("a generator gave a count to a sink that takes moves")
    }
}

/// `depth` ≥ 2; one buffer per ply above the leaves. Under a budget the
/// node is charged, and a stopped budget ends the walk (partial count,
/// never stored in the table).
fn perft_rec<G: Game>(g: &G, depth: u32, buffers: &mut [Vec<G::Move>], w: Walk) -> u64 {
    let key = w.table.map(|t| (t, state_key(g, depth)));
    if let Some((t, k)) = key {
        if let Some(n) = t.probe(k, depth) {
            if let Some(b) = w.budget {
                b.charge(1, n);
            }
            if let Some(p) = w.progress {
                p.leaves.fetch_add(n, Ordering::Relaxed);
            }
            return n;
        }
    }
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
        if let Some(b) = w.budget {
            b.charge(1 + buf.len() as u64 + total, total);
        }
        if let Some(p) = w.progress {
            p.leaves.fetch_add(total, Ordering::Relaxed);
        }
    } else {
        if let Some(b) = w.budget {
            b.charge(1, 0);
        }
        for m in buf.iter() {
            if w.budget.is_some_and(Budget::stopped) {
                break;
            }
            let mut child = g.clone();
            child.play(m);
            total += perft_rec(&child, depth - 1, rest, w);
        }
    }
    if let Some((t, k)) = key {
        if !w.budget.is_some_and(Budget::stopped) {
            t.store(k, depth, total);
        }
    }
    total
}

/// perft(depth), split at the root over `threads` threads.
///
/// # Panics
/// When `depth` exceeds [`MAX_DEPTH`].
pub fn perft_threads<G: Game>(g: &G, depth: u32, threads: usize) -> u64 {
    let observed = OPTIONS.with(|o| o.borrow().progress.is_some());
    // Observed, the root is split too, so the root moves report progress.
    if depth <= 1 || (threads <= 1 && !observed) {
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
        let progress = OPTIONS.with(|o| o.borrow().progress.clone());
        if let Some(p) = &progress {
            p.roots_total
                .fetch_add(jobs.len() as u64, Ordering::Relaxed);
        }
        let counts = parallel_map(&jobs, threads, |(_, child)| {
            let n = perft(child, depth - 1);
            if let Some(p) = &progress {
                p.roots_done.fetch_add(1, Ordering::Relaxed);
            }
            n
        });
        jobs.into_iter().map(|(t, _)| t).zip(counts).collect()
    })
}

/// Maps `f` over `items` on up to `threads` threads, keeping the order.
/// Work is handed out one item at a time (root moves differ in size). The
/// workers share the caller's perft budget (see [`limited`]), table
/// ([`hashed`]) and progress ([`observed`]).
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
    let options = OPTIONS.with(|o| o.borrow().clone());
    let next = AtomicUsize::new(0);
    let mut results: Vec<R> = vec![R::default(); items.len()];
    let chunks: Vec<Vec<(usize, R)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let budget = budget.clone();
                let options = options.clone();
                let (f, next) = (&f, &next);
                s.spawn(move || {
                    CURRENT.with(|c| *c.borrow_mut() = budget);
                    OPTIONS.with(|o| *o.borrow_mut() = options);
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
    /// The table and progress of the [`hashed`] / [`observed`] scopes
    /// entered on this thread (or inherited by a worker thread).
    static OPTIONS: RefCell<Options> = const { RefCell::new(Options { table: None, progress: None }) };
}

#[derive(Clone, Default)]
struct Options {
    table: Option<Arc<Table>>,
    progress: Option<Arc<Progress>>,
}

/// Runs `f` with `options` changed by `change` on this thread, restoring
/// the previous ones afterwards (also when `f` panics).
fn with_options<R>(change: impl FnOnce(&mut Options), f: impl FnOnce() -> R) -> R {
    let before = OPTIONS.with(|o| {
        let before = o.borrow().clone();
        change(&mut o.borrow_mut());
        before
    });
    struct Restore(Option<Options>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(b) = self.0.take() {
                OPTIONS.with(|o| *o.borrow_mut() = b);
            }
        }
    }
    let _restore = Restore(Some(before));
    f()
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

// ---------------------------------------------------------------------------
// Transposition table (hash perft)

/// The hasher of [`state_key`]: 64 bits of state, each written word mixed
/// in by a folded 64×64→128-bit multiply (the mixing step of wyhash and
/// foldhash), the result passed through a final avalanche. Fast for the
/// many small writes a derived `Hash` makes, and every input bit reaches
/// every output bit. Not keyed: the same state gives the same key in every
/// process (keys are never written anywhere, but runs are reproducible).
#[derive(Clone, Copy, Debug)]
pub struct KeyHasher(u64);

const MIX: u64 = 0x9e37_79b9_7f4a_7c15;
const MIX2: u64 = 0xbf58_476d_1ce4_e5b9;

#[inline]
fn fold(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    (p as u64) ^ ((p >> 64) as u64)
}

impl Default for KeyHasher {
    fn default() -> Self {
        KeyHasher(0x243f_6a88_85a3_08d3)
    }
}

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            // The length keeps "ab" and "ab\0" apart.
            self.write_u64(u64::from_le_bytes(last) ^ ((rest.len() as u64) << 59));
        }
    }
    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }
    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.write_u64(u64::from(x));
    }
    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = fold(self.0 ^ x, MIX);
    }
    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        fold(self.0 ^ MIX2, MIX2 ^ MIX)
    }
}

/// The 64-bit key of a game state at a depth: the game's `Hash` (which
/// covers everything the next moves depend on: board, side to move, rights,
/// each game's extra state and its rule options) with the game type and
/// the depth, through [`KeyHasher`].
pub fn state_key<G: Game>(g: &G, depth: u32) -> u64 {
    let mut h = KeyHasher::default();
    TypeId::of::<G>().hash(&mut h);
    g.hash(&mut h);
    h.write_u32(depth);
    h.finish()
}

/// One entry: the key xor the data, and the data (`count << 8 | depth`,
/// 0 = empty). A torn write (two threads storing at once) gives a pair
/// whose xor is no key, so it reads as a miss, never as a wrong count.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const SLOTS: usize = 4;

/// Four entries on one 64-byte cache line.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; SLOTS]);

/// The bytes of one bucket of a [`Table`].
pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

/// Counts above this are not stored (they do not fit beside the depth).
const MAX_STORED: u64 = (1 << 56) - 1;

/// A perft transposition table shared by all threads (lock-free): per
/// entry the full 64-bit [`state_key`], the depth and the subtree count.
/// Its memory is fixed when it is made. A bucket holds four entries; a new
/// entry replaces the shallowest (deep subtrees are the valuable ones).
pub struct Table {
    buckets: Box<[Bucket]>,
    probes: AtomicU64,
    hits: AtomicU64,
}

/// A table that could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("a hash table needs at least 64 bytes (one bucket)")]
    TooSmall,
    #[error("cannot allocate {0} bytes for the hash table")]
    NoMemory(usize),
}

/// Lookups and hits of a [`Table`] so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableStats {
    pub probes: u64,
    pub hits: u64,
    /// Entries in use.
    pub used: u64,
    pub capacity: u64,
}

impl Table {
    /// A table of at most `bytes` bytes (whole buckets of
    /// [`BUCKET_BYTES`]).
    ///
    /// # Errors
    /// Fewer bytes than one bucket, or the memory cannot be had.
    pub fn new(bytes: usize) -> Result<Table, TableError> {
        let n = bytes / BUCKET_BYTES;
        if n == 0 {
            return Err(TableError::TooSmall);
        }
        let mut v: Vec<Bucket> = Vec::new();
        v.try_reserve_exact(n)
            .map_err(|_| TableError::NoMemory(n * BUCKET_BYTES))?;
        v.resize_with(n, Bucket::default);
        Ok(Table {
            buckets: v.into_boxed_slice(),
            probes: AtomicU64::new(0),
            hits: AtomicU64::new(0),
        })
    }

    /// A table of at most `mb` MiB.
    ///
    /// # Errors
    /// As [`Table::new`].
    pub fn with_megabytes(mb: u64) -> Result<Table, TableError> {
        let bytes = usize::try_from(mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
        Table::new(bytes)
    }

    /// The bytes the entries take.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // The high bits of the key pick the bucket (any bucket count).
        let i = (u128::from(key) * self.buckets.len() as u128) >> 64;
        &self.buckets[i as usize]
    }

    /// The count stored for `key` at `depth`.
    #[inline]
    pub fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        self.probes.fetch_add(1, Ordering::Relaxed);
        for s in &self.bucket(key).0 {
            let d = s.data.load(Ordering::Relaxed);
            if d != 0 && d & 0xff == u64::from(depth) && s.check.load(Ordering::Relaxed) ^ d == key
            {
                self.hits.fetch_add(1, Ordering::Relaxed);
                return Some(d >> 8);
            }
        }
        None
    }

    /// Stores the count of `key` at `depth` (≥ 1), replacing the same key
    /// or the shallowest entry of its bucket.
    #[inline]
    pub fn store(&self, key: u64, depth: u32, count: u64) {
        if count > MAX_STORED || depth == 0 || depth > 255 {
            return;
        }
        let data = count << 8 | u64::from(depth);
        let b = self.bucket(key);
        let mut victim = 0;
        let mut shallowest = u64::MAX;
        for (i, s) in b.0.iter().enumerate() {
            let d = s.data.load(Ordering::Relaxed);
            if d == 0 || s.check.load(Ordering::Relaxed) ^ d == key {
                victim = i;
                break;
            }
            if d & 0xff < shallowest {
                shallowest = d & 0xff;
                victim = i;
            }
        }
        let s = &b.0[victim];
        s.data.store(data, Ordering::Relaxed);
        s.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Lookups, hits and fill so far.
    pub fn stats(&self) -> TableStats {
        let used = self
            .buckets
            .iter()
            .flat_map(|b| b.0.iter())
            .filter(|s| s.data.load(Ordering::Relaxed) != 0)
            .count() as u64;
        TableStats {
            probes: self.probes.load(Ordering::Relaxed),
            hits: self.hits.load(Ordering::Relaxed),
            used,
            capacity: (self.buckets.len() * SLOTS) as u64,
        }
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} bytes)", self.bytes())
    }
}

/// Runs `f` with every perft inside it (and in its worker threads) using
/// `table`. The table lives on after `f`: later scopes may reuse it (the
/// jobs of one split share their subtrees). Keys carry the game type and
/// the depth, so one table may serve several games and depths.
pub fn hashed<R>(table: &Arc<Table>, f: impl FnOnce() -> R) -> R {
    with_options(|o| o.table = Some(Arc::clone(table)), f)
}

// ---------------------------------------------------------------------------
// Progress

/// Live counters of the perfts inside [`observed`], for a display on
/// another thread. Counting is relaxed: the numbers are for people.
#[derive(Debug, Default)]
pub struct Progress {
    /// Leaves counted so far (subtrees found in the table count whole).
    pub leaves: AtomicU64,
    /// Root moves whose subtree is done, of [`Progress::roots_total`]
    /// (counted by [`divide`] and [`perft_threads`]).
    pub roots_done: AtomicU64,
    pub roots_total: AtomicU64,
}

/// Runs `f` with every perft inside it (and in its worker threads)
/// reporting to `progress`.
pub fn observed<R>(progress: &Arc<Progress>, f: impl FnOnce() -> R) -> R {
    with_options(|o| o.progress = Some(Arc::clone(progress)), f)
}

// ---------------------------------------------------------------------------
// Split

/// Calls `each(moves, position)` for every node at ply `at` below `g`
/// (depth-first, in generation order): the canonical texts of the `at`
/// moves that lead there, each in the position it is played in, and the
/// position text there. Nodes at a lower ply where the game is over have
/// no node below them and are left out (perft counts them nowhere deeper).
///
/// # Panics
/// When `at` exceeds [`MAX_DEPTH`].
pub fn split<G: Game>(g: &G, at: u32, each: &mut dyn FnMut(&[String], &str)) {
    fn walk<G: Game>(
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

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    #[test]
    fn a_table_changes_the_walk_not_the_count() {
        let kiwi = Chess::from_fen(KIWIPETE, 0).unwrap();
        for bytes in [64, 64 * 1024, 4 << 20] {
            let t = Arc::new(Table::new(bytes).unwrap());
            assert!(t.bytes() <= bytes);
            let (a, b) = hashed(&t, || (perft(&start(), 4), perft_threads(&kiwi, 3, 2)));
            assert_eq!((a, b), (197_281, 97_862), "{bytes} bytes");
            let st = t.stats();
            assert!(st.probes > 0 && st.used <= st.capacity, "{st:?}");
            // The table outlives the scope: the same perft again is one hit.
            let again = hashed(&t, || perft(&start(), 4));
            assert_eq!(again, 197_281);
            if bytes > 64 {
                assert_eq!(t.stats().hits, st.hits + 1, "{bytes}");
            }
        }
        // Outside the scope nothing is hashed.
        assert_eq!(perft(&start(), 3), 8902);
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
        let t = Arc::new(Table::new(1 << 20).unwrap());
        let (_, stop) = hashed(&t, || {
            limited(
                Limit {
                    max_nodes: Some(50_000),
                    max_time: None,
                },
                || perft(&start(), 5),
            )
        });
        assert!(stop.is_some());
        assert_eq!(hashed(&t, || perft(&start(), 5)), 4_865_609);
    }

    #[test]
    fn progress_counts_leaves_and_root_moves() {
        let p = Arc::new(Progress::default());
        let n = observed(&p, || perft_threads(&start(), 4, 1));
        assert_eq!(n, 197_281);
        assert_eq!(p.leaves.load(Ordering::Relaxed), 197_281);
        assert_eq!(p.roots_done.load(Ordering::Relaxed), 20);
        assert_eq!(p.roots_total.load(Ordering::Relaxed), 20);
        let t = Arc::new(Table::new(1 << 20).unwrap());
        let q = Arc::new(Progress::default());
        hashed(&t, || observed(&q, || perft_threads(&start(), 4, 2)));
        assert_eq!(
            q.leaves.load(Ordering::Relaxed),
            197_281,
            "hits count whole"
        );
    }

    #[test]
    fn split_lists_the_nodes_of_a_ply() {
        let g = Chess::from_fen(KIWIPETE, 0).unwrap();
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
            sum += perft(&h, 1);
        }
        assert_eq!(sum, 97_862);
        let mut root = 0;
        split(&g, 0, &mut |moves, _| {
            assert!(moves.is_empty());
            root += 1
        });
        assert_eq!(root, 1);
    }
}
