//! The draughts mechanism shared by `english` (ENG-1) and `bosses` (CWB-*),
//! written once: one-square steps and short-jump capture series over an
//! arbitrary set of directions, on an 8×8 board held as 64-bit bitboards
//! (square index `rank * 8 + file`, a1 = 0).
//!
//! What the mechanism decides, for both games:
//! - a step goes one square in one of the piece's directions to an empty
//!   square (ENG-1, CWB-2);
//! - a jump goes over an adjacent enemy piece to the empty square beyond, in
//!   one of the piece's capture directions (ENG-1, CWB-3);
//! - a series goes on while a jump is available (ENG-1, CWB-4) and stops
//!   when the piece reaches a crowning square (ENG-1, CWB-6);
//! - the moving piece's start square is empty during its own series, and
//!   jumped pieces stay on the board until the series ends: they cannot be
//!   jumped again (ENG-1, CWB-5). (With short jumps a piece only ever lands
//!   on squares of its start square's parity class, never on a jumped
//!   square, so "removed at the end" and "removed at once" give the same
//!   moves; the mechanism keeps them on the board as the rules say.)
//! - "tough" pieces (bosses, CWB-8) take several jumps: a jump costs one hit
//!   point; at zero the piece counts as jumped; two jumps over the same
//!   piece need a jump over another piece in between (CWB-8);
//! - capturing is compulsory, and the maximum-capture filter (keep only the
//!   series with the most jumps, CWB-4) is an option of the collector.
//!
//! The one capture-series search of both games is [`Arena::series`]: it
//! reports every complete series ([`Series`]: path, jumps, captured set)
//! to a closure, which builds a game's move or only counts (bulk counting
//! at perft leaves). The arena itself never changes during a search: what
//! a series has captured so far travels down the recursion, and the hits a
//! boss has taken are counted along the path. The games turn these results
//! into their own moves and positions.

use std::ops::ControlFlow;

#[cfg(feature = "pictures")]
pub mod diagram;

use crate::core::{Dir, Flow, Square};

/// Square offsets of the eight directions, in `core::geometry::KING_DIRS`
/// order: N, NE, E, SE, S, SW, W, NW.
pub const DELTA: [i8; 8] = [8, 9, 1, -7, -8, -9, -1, 7];
/// Direction index: north (towards rank 8).
pub const N: usize = 0;
/// Direction index: north-east.
pub const NE: usize = 1;
/// Direction index: east.
pub const E: usize = 2;
/// Direction index: south-east.
pub const SE: usize = 3;
/// Direction index: south (towards rank 1).
pub const S: usize = 4;
/// Direction index: south-west.
pub const SW: usize = 5;
/// Direction index: west.
pub const W: usize = 6;
/// Direction index: north-west.
pub const NW: usize = 7;
const DF: [i8; 8] = [0, 1, 1, 1, 0, -1, -1, -1];
const DR: [i8; 8] = [1, 1, 0, -1, -1, -1, 0, 1];

/// A set of directions as a bit mask over direction indices.
pub type Dirs = u8;

const fn reach_mask(d: usize, n: i8) -> u64 {
    let mut m = 0u64;
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i8 + DF[d] * n;
        let r = (sq / 8) as i8 + DR[d] * n;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            m |= 1 << sq;
        }
        sq += 1;
    }
    m
}

const fn masks(n: i8) -> [u64; 8] {
    let mut out = [0u64; 8];
    let mut d = 0;
    while d < 8 {
        out[d] = reach_mask(d, n);
        d += 1;
    }
    out
}

/// Squares from which one step in direction `d` stays on the board.
pub const STEP_FROM: [u64; 8] = masks(1);
/// Squares from which a jump (two squares) in direction `d` stays on the board.
pub const JUMP_FROM: [u64; 8] = masks(2);
/// Squares from which three squares in direction `d` stay on the board.
pub const LEAP3_FROM: [u64; 8] = masks(3);

const fn jump_dirs() -> [Dirs; 64] {
    let mut out = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            if JUMP_FROM[d] & (1 << sq) != 0 {
                out[sq] |= 1 << d;
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

/// The directions in which a jump from each square stays on the board.
pub const JUMP_DIRS: [Dirs; 64] = jump_dirs();

/// The square `n` steps from `sq` in direction `d` (caller checks the mask).
#[inline]
pub fn offset(sq: u8, d: usize, n: i8) -> u8 {
    (sq as i8 + DELTA[d] * n) as u8
}

/// Shifts a whole bitboard one step in direction `d` (pieces that would
/// leave the board vanish).
#[inline]
pub fn shift(bb: u64, d: usize) -> u64 {
    let bb = bb & STEP_FROM[d];
    let k = DELTA[d];
    if k > 0 {
        bb << k
    } else {
        bb >> (-k)
    }
}

/// The pieces of `movers` that can start a jump in direction `d`: an enemy
/// piece next to them and an empty square beyond (bulk test before the
/// series search).
#[inline]
pub fn jumpers(movers: u64, d: usize, enemy: u64, empty: u64) -> u64 {
    let back = (d + 4) % 8;
    movers & shift(enemy, back) & shift(shift(empty, back), back)
}

/// Core square of a bitboard index.
#[inline]
pub fn square(idx: u8) -> Square {
    Square::new(idx % 8, idx / 8)
}

/// Bitboard index of a core square (8×8 only).
#[inline]
pub fn index(sq: Square) -> u8 {
    sq.rank() * 8 + sq.file()
}

/// Direction index of a core direction, if it is a unit step.
pub fn dir_index(d: Dir) -> Option<usize> {
    (0..8).find(|&i| DF[i] == d.df && DR[i] == d.dr)
}

/// Mirrors a direction set north ↔ south (for the side on the high ranks).
pub const fn flip_dirs(dirs: Dirs) -> Dirs {
    let mut out = 0;
    let mut d = 0;
    while d < 8 {
        if dirs & (1 << d) != 0 {
            // N(0)↔S(4), NE(1)↔SE(3), E(2)=E, SW(5)↔NW(7), W(6)=W
            let f = match d {
                0 => 4,
                1 => 3,
                3 => 1,
                4 => 0,
                5 => 7,
                7 => 5,
                x => x,
            };
            out |= 1 << f;
        }
        d += 1;
    }
    out
}

/// The longest path [`Arena::series`] can report: start square plus
/// jumps. With short jumps a piece lands only on the 16 squares of its
/// start square's parity class, whose 42 links (orthogonal and diagonal)
/// each hold one jumped square; only tough pieces (CWB-8, at most 9 hit
/// points each, at most three per side) are jumped more than once, so a
/// series has fewer than 42 + 3 × 9 jumps.
pub const MAX_PATH: usize = 96;

/// One complete capture series, as [`Arena::series`] reports it.
#[derive(Clone, Copy, Debug)]
pub struct Series<'a> {
    /// Start square, then every landing square (G2: the path is the move).
    pub path: &'a [u8],
    /// Number of jumps (`path.len() - 1`); a jump over a tough piece
    /// counts one (CWB-4).
    pub jumps: u32,
    /// The pieces the series removes at its end (CWB-5): every jumped
    /// ordinary piece and every tough piece whose hit points reached zero.
    pub captured: u64,
}

/// The moving piece of a series: its capture directions and the squares
/// where it is crowned (which end the series).
#[derive(Clone, Copy, Debug)]
struct Mover {
    dirs: Dirs,
    crown: u64,
}

/// No hit points anywhere: the [`Arena::hp`] of games without tough pieces.
pub static NO_HP: [u8; 64] = [0; 64];

/// The board as seen by a capturing piece (ENG-1, CWB-3..CWB-8): the one
/// capture-series search of both games. The search does not change the
/// arena: what a series has jumped so far is carried along it.
#[derive(Clone, Copy, Debug)]
pub struct Arena<'a> {
    /// The empty squares (a jump lands on one; the moving piece's start
    /// square is added during its series, CWB-5).
    pub empty: u64,
    /// The enemy pieces (those a series may jump).
    pub enemy: u64,
    /// Enemy pieces with hit points (bosses, CWB-8).
    pub tough: u64,
    /// Hit points of the tough pieces at the start of the series, by
    /// square (read only for `tough` squares).
    pub hp: &'a [u8; 64],
    /// Mutant `boss-double-jump-allowed`: no intermediate jump needed
    /// between two jumps over the same boss (misreads CWB-8).
    pub double_jump: bool,
    /// Mutant `start-square-occupied`: the moving piece's start square
    /// stays occupied during its own series (misreads CWB-5).
    pub start_occupied: bool,
    /// Mutant `crowning-continues`: reaching a crowning square does not end
    /// the series; the piece goes on with `crowned_dirs` (misreads ENG-1).
    pub crown_continues: bool,
    /// Directions of the crowned piece (used with `crown_continues`).
    pub crowned_dirs: Dirs,
}

impl Arena<'static> {
    /// An arena without tough pieces (english).
    #[inline]
    pub fn plain(empty: u64, enemy: u64) -> Arena<'static> {
        Arena {
            empty,
            enemy,
            tough: 0,
            hp: &NO_HP,
            double_jump: false,
            start_occupied: false,
            crown_continues: false,
            crowned_dirs: 0,
        }
    }
}

impl Arena<'_> {
    /// Calls `visit` for every complete capture series of every piece of
    /// `pieces` (in square order; series in depth-first order, directions
    /// in index order at each square). `mover(from)` gives the piece's
    /// capture directions and the squares where it is crowned, which end
    /// its series (ENG-1, CWB-6). A series is complete when no further
    /// jump is available (CWB-4). The piece's start square is empty during
    /// its own series (CWB-5) unless `start_occupied`.
    #[inline(always)]
    pub fn series<V: FnMut(&Series) -> Flow>(
        &self,
        mut pieces: u64,
        mover: impl Fn(u8) -> (Dirs, u64),
        visit: &mut V,
    ) -> Flow {
        let mut walk = Walk {
            arena: *self,
            path: [0; MAX_PATH],
            mover: Mover { dirs: 0, crown: 0 },
            visit,
        };
        // The same search, compiled without the hit-point clauses when no
        // tough piece is in the way.
        let tough = self.tough & self.enemy != 0;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let (dirs, crown) = mover(from);
            if !self.start_occupied {
                walk.arena.empty = self.empty | 1 << from;
            }
            walk.path[0] = from;
            walk.mover = Mover { dirs, crown };
            if tough {
                walk.start::<true>(from, self.enemy)?;
            } else {
                walk.start::<false>(from, self.enemy)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// One search in progress: the arena, the path so far (start square
/// first), the moving piece, and where complete series go.
struct Walk<'a, 'v, V> {
    arena: Arena<'a>,
    path: [u8; MAX_PATH],
    mover: Mover,
    visit: &'v mut V,
}

impl<V: FnMut(&Series) -> Flow> Walk<'_, '_, V> {
    /// Starts the series of the piece on `from` (`path[0]`), if it has a
    /// jump at all. `TOUGH`: some enemy piece has hit points (CWB-8);
    /// without, a jumped piece is simply no longer jumpable, so the
    /// hit-point and "same boss twice" clauses are moot.
    #[inline(always)]
    fn start<const TOUGH: bool>(&mut self, from: u8, jumpable: u64) -> Flow {
        if self.can_jump::<TOUGH>(0, from, 64, jumpable) {
            self.dfs::<TOUGH>(0, from, 64, jumpable)?;
        }
        ControlFlow::Continue(())
    }

    /// The directions worth trying from `sq` at `depth`: the piece's, and
    /// on the board.
    #[inline(always)]
    fn dirs_at(&self, depth: usize, sq: u8) -> Dirs {
        if depth + 1 < MAX_PATH {
            self.mover.dirs & JUMP_DIRS[usize::from(sq & 63)]
        } else {
            0
        }
    }

    /// The jump from `sq` in direction `d`, as (jumped square, landing
    /// square), if it is possible: an enemy piece that may still be
    /// jumped next to the piece, an empty square beyond (ENG-1, CWB-3,
    /// CWB-5), and not the boss jumped last (CWB-8).
    #[inline(always)]
    fn jump<const TOUGH: bool>(
        &self,
        sq: u8,
        d: usize,
        last_over: u8,
        jumpable: u64,
    ) -> Option<(u8, u8)> {
        let (over, land) = (offset(sq, d, 1), offset(sq, d, 2));
        if jumpable & (1u64 << over) == 0 || self.arena.empty & (1u64 << land) == 0 {
            return None;
        }
        // CWB-8: two jumps over the same boss need another jump between.
        if TOUGH && over == last_over && !self.arena.double_jump {
            return None;
        }
        Some((over, land))
    }

    /// Whether the piece on `sq` has a jump: whether its series goes on
    /// (CWB-4).
    #[inline(always)]
    fn can_jump<const TOUGH: bool>(
        &self,
        depth: usize,
        sq: u8,
        last_over: u8,
        jumpable: u64,
    ) -> bool {
        let mut ds = self.dirs_at(depth, sq);
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            if self.jump::<TOUGH>(sq, d, last_over, jumpable).is_some() {
                return true;
            }
        }
        false
    }

    /// The piece stands on `sq` = `path[depth]`, having jumped `last_over`
    /// last, and has at least one jump; `jumpable` is what it may still
    /// jump (the enemy pieces not yet captured by this series). Makes
    /// every jump, in direction order.
    fn dfs<const TOUGH: bool>(
        &mut self,
        depth: usize,
        sq: u8,
        last_over: u8,
        jumpable: u64,
    ) -> Flow {
        let mut ds = self.dirs_at(depth, sq);
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            let Some((over, land)) = self.jump::<TOUGH>(sq, d, last_over, jumpable) else {
                continue;
            };
            let ob = 1u64 << over;
            self.path[depth + 1] = land;
            // CWB-8: a jump costs the boss one hit point; it stays
            // jumpable while it has points left. Otherwise (CWB-5) the
            // jumped piece stays on the board (it still blocks landing)
            // but cannot be jumped again.
            let survives = TOUGH
                && self.arena.tough & ob != 0
                && self.arena.hp[over as usize] > 1 + hits(&self.path[..=depth], over);
            let left = if survives { jumpable } else { jumpable & !ob };
            self.land::<TOUGH>(depth + 1, land, over, left)?;
        }
        ControlFlow::Continue(())
    }

    /// The piece has landed on `sq` = `path[depth]`: on a crowning square
    /// the series ends (ENG-1, CWB-6; under the mutant
    /// `crowning-continues` it goes on with the crowned piece's
    /// directions); elsewhere it goes on while a jump is available
    /// (CWB-4), and ends otherwise.
    #[inline(always)]
    fn land<const TOUGH: bool>(&mut self, depth: usize, sq: u8, over: u8, jumpable: u64) -> Flow {
        if self.mover.crown & (1u64 << sq) == 0 {
            self.go_on::<TOUGH>(depth, sq, over, jumpable)
        } else if !self.arena.crown_continues {
            self.report(depth, jumpable)
        } else {
            let piece = self.mover;
            self.mover = Mover {
                dirs: self.arena.crowned_dirs,
                crown: 0,
            };
            let flow = self.go_on::<TOUGH>(depth, sq, over, jumpable);
            self.mover = piece;
            flow
        }
    }

    /// The series goes on from `sq` while a jump is available; otherwise
    /// it is complete (CWB-4).
    #[inline(always)]
    fn go_on<const TOUGH: bool>(&mut self, depth: usize, sq: u8, over: u8, jumpable: u64) -> Flow {
        if self.can_jump::<TOUGH>(depth, sq, over, jumpable) {
            self.dfs::<TOUGH>(depth, sq, over, jumpable)
        } else {
            self.report(depth, jumpable)
        }
    }

    /// Reports the complete series `path[..=depth]`.
    #[inline(always)]
    fn report(&mut self, depth: usize, jumpable: u64) -> Flow {
        (self.visit)(&Series {
            path: &self.path[..=depth],
            jumps: depth as u32,
            captured: self.arena.enemy & !jumpable,
        })
    }
}

/// How many jumps of `path` (every step of a series is a jump) went over
/// the square `over`.
fn hits(path: &[u8], over: u8) -> u8 {
    path.windows(2)
        .filter(|w| (w[0] + w[1]) / 2 == over)
        .count() as u8
}

/// The targets of one-square steps from `from` in `dirs` to empty squares
/// (ENG-1, CWB-2), as a bitboard.
#[inline]
pub fn steps(from: u8, dirs: Dirs, empty: u64) -> u64 {
    let bit = 1u64 << from;
    let mut out = 0;
    let mut ds = dirs;
    while ds != 0 {
        let d = ds.trailing_zeros() as usize;
        ds &= ds - 1;
        if STEP_FROM[d] & bit != 0 {
            out |= 1u64 << offset(from, d, 1);
        }
    }
    out & empty
}

/// Collects capture series of several pieces, applying compulsory capture
/// and (optionally) the maximum-capture rule (CWB-4): with `max_only`,
/// only the series with the most jumps survive.
#[derive(Default, Debug)]
pub struct Captures {
    /// Keep only the series with the most jumps (CWB-4).
    pub max_only: bool,
    /// The most jumps among the series kept so far.
    pub best: u32,
    /// Paths (bitboard indices), start square first.
    pub paths: Vec<Vec<u8>>,
}

impl Captures {
    /// An empty collector; `max_only`: apply the maximum-capture rule.
    pub fn new(max_only: bool) -> Captures {
        Captures {
            max_only,
            best: 0,
            paths: Vec::new(),
        }
    }
    /// Adds one complete series.
    pub fn add(&mut self, s: &Series) -> Flow {
        let jumps = s.jumps;
        if self.max_only {
            if jumps < self.best {
                return ControlFlow::Continue(());
            }
            if jumps > self.best {
                self.paths.clear();
                self.best = jumps;
            }
        } else {
            self.best = self.best.max(jumps);
        }
        self.paths.push(s.path.to_vec());
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    #[test]
    fn masks_and_shifts() {
        assert_eq!(STEP_FROM[N].count_ones(), 56);
        assert_eq!(JUMP_FROM[NE].count_ones(), 36);
        assert_eq!(shift(1, NE), 1 << 9);
        assert_eq!(shift(1 << 7, E), 0);
        assert_eq!(flip_dirs(1 << NE | 1 << NW), 1 << SE | 1 << SW);
        for d in 0..8 {
            assert_eq!(dir_index(crate::core::geometry::KING_DIRS[d]), Some(d));
        }
    }

    #[test]
    fn series_over_a_tough_piece_needs_a_jump_in_between() {
        // A 3-hit boss on d4 (27), a man on f4 (29), the mover on c3 (18)
        // with all eight directions: c3xe5 hits the boss; jumping it back at
        // once is forbidden, so the only series is c3xe5xg3.
        let enemy = (1u64 << 27) | (1 << 29);
        let mut hp = [0; 64];
        hp[27] = 3;
        let mut a = Arena::plain(!enemy, enemy);
        a.tough = 1 << 27;
        a.hp = &hp;
        let mut found = Vec::new();
        let flow = a.series(1 << 18, |_| (0xff, 0), &mut |s| {
            found.push((s.path.to_vec(), s.jumps, s.captured));
            ControlFlow::Continue(())
        });
        assert!(flow.is_continue());
        // The boss survives with one point; only the man is captured.
        assert_eq!(found, vec![(vec![18, 36, 22], 2, 1 << 29)]);
        a.double_jump = true;
        found.clear();
        let flow = a.series(1 << 18, |_| (0xff, 0), &mut |s| {
            found.push((s.path.to_vec(), s.jumps, s.captured));
            ControlFlow::Continue(())
        });
        assert!(flow.is_continue());
        // Three jumps over the boss take its three points: it is captured.
        assert!(found.contains(&(vec![18, 36, 18, 36, 22], 4, (1 << 27) | (1 << 29))));
    }
}
