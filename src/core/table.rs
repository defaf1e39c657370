//! The perft transposition table ([`Table`]) and the key of a game state
//! ([`state_key`], through [`KeyHasher`]). A table changes how a perft
//! walks, never what it counts: subtree counts of positions seen before,
//! keyed by the game's `Hash` (which covers everything the next moves
//! depend on) and the depth.

use std::any::TypeId;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use super::game::Game;

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
    /// Less than one bucket.
    #[error("a hash table needs at least 64 bytes (one bucket)")]
    TooSmall,
    /// The memory could not be had.
    #[error("cannot allocate {0} bytes for the hash table")]
    NoMemory(usize),
}

/// Lookups and hits of a [`Table`] so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableStats {
    /// Lookups.
    pub probes: u64,
    /// Lookups that found their entry.
    pub hits: u64,
    /// Entries in use.
    pub used: u64,
    /// Entries in all.
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
