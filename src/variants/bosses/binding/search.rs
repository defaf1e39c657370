//! CWB-9 binding shifts: an output-sensitive search.
//!
//! Input: the shifting side's pieces in ascending square order, each with
//! its options `(target, direction)` in the order N, E, S, W (direction
//! `None` = a three-square escape). Output: exactly the shifts allowed by
//! CWB-9, in the order of a depth-first walk over the pieces that tries a
//! piece's options in order and "stays" last (the order of the original
//! exhaustive search, kept as the test oracle in `bosses/tests.rs`).
//!
//! Pieces only interact through their targets (no two share one), so the
//! walk keeps, per piece index, only the used targets that later pieces can
//! still reach. A memoised feasibility test ("can the remaining pieces
//! complete this partial shift into one the clauses allow?") prunes every
//! branch that leads to no allowed shift, so the enumeration costs
//! O(shifts × pieces × options) plus the memo, which is bounded by the
//! reachable (piece, frontier targets, summary) states — never by the
//! number of all shifts.
//!
//! The clauses, in order (CWB-9):
//! 1. `M` = the most pieces any shift moves (escapes count);
//! 2. if some shift moving `M` pieces sends every one-square mover in one
//!    direction, allow those in the best direction class that has such a
//!    shift with at least one one-square mover (sideways E or W — each
//!    shift all-E or all-W —, then backward, then forward), plus those
//!    whose movers are all escapes; if only escape-only shifts qualify,
//!    allow those;
//! 3. otherwise allow the shifts moving `M` pieces whose group sizes
//!    (one-square movers per direction, decreasing) are lexicographically
//!    largest.

use std::collections::{HashMap, HashSet};

use crate::variants::draughts as dr;

use super::{Shift, ShiftOptions};

/// Direction bit of an orthogonal direction (N, E, S, W → bits 0..3).
fn dir_bit(d: usize) -> u8 {
    match d {
        dr::N => 1,
        dr::E => 2,
        dr::S => 4,
        _ => 8,
    }
}

fn dir_index(d: usize) -> usize {
    dir_bit(d).trailing_zeros() as usize
}

/// What a partial shift has done so far: one-square movers per direction
/// (N, E, S, W) and escapes.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
struct Summary {
    counts: [u8; 4],
    escapes: u8,
}

impl Summary {
    fn movers(&self) -> u8 {
        self.counts.iter().sum::<u8>() + self.escapes
    }

    fn dirs(&self) -> u8 {
        (0..4)
            .filter(|&i| self.counts[i] > 0)
            .fold(0, |m, i| m | 1 << i)
    }

    fn with(mut self, dir: Option<usize>) -> Summary {
        match dir {
            Some(d) => self.counts[dir_index(d)] += 1,
            None => self.escapes += 1,
        }
        self
    }

    /// Group sizes in decreasing order, zeros left out.
    fn groups(&self) -> Vec<u8> {
        let mut g: Vec<u8> = self.counts.iter().copied().filter(|&c| c > 0).collect();
        g.sort_unstable_by(|a, b| b.cmp(a));
        g
    }
}

/// The set of complete shifts a search is after.
#[derive(Clone)]
struct Goal {
    /// Exactly this many movers.
    movers: u8,
    /// One-square movers only in these directions (bits N, E, S, W).
    class: u8,
    /// At most one direction used.
    single: bool,
    /// At least one one-square mover.
    need_step: bool,
    /// Group sizes exactly these (decreasing).
    groups: Option<Vec<u8>>,
}

impl Goal {
    /// Whether a partial summary can still end in the goal (a quick test;
    /// the memoised search decides).
    fn viable(&self, s: &Summary) -> bool {
        let dirs = s.dirs();
        s.movers() <= self.movers
            && dirs & !self.class == 0
            && (!self.single || dirs.count_ones() <= 1)
            && self.groups.as_ref().is_none_or(|g| {
                s.counts
                    .iter()
                    .all(|&c| c <= g.first().copied().unwrap_or(0))
            })
    }

    fn accepts(&self, s: &Summary) -> bool {
        self.viable(s)
            && s.movers() == self.movers
            && (!self.need_step || s.dirs() != 0)
            && self.groups.as_ref().is_none_or(|g| s.groups() == *g)
    }

    /// The part of a summary the rest of the search depends on.
    fn key(&self, s: &Summary) -> (u8, u8, [u8; 4]) {
        if self.groups.is_some() {
            (s.movers(), s.escapes, s.counts)
        } else {
            (s.movers(), s.dirs(), [0; 4])
        }
    }
}

struct Search<'a> {
    pieces: &'a [(u8, ShiftOptions)],
    /// `later[i]`: every target of pieces `i..`.
    later: Vec<u64>,
    /// `movable[i]`: how many of pieces `i..` have an option.
    movable: Vec<u8>,
}

type Memo = HashMap<(u8, u64, (u8, u8, [u8; 4])), bool>;

/// The state of one enumeration: the goal, the feasibility memo, the
/// shift being built and the shifts found.
struct Walk<'g> {
    goal: &'g Goal,
    memo: Memo,
    cur: Shift,
    out: Vec<Shift>,
}

impl<'a> Search<'a> {
    fn new(pieces: &'a [(u8, ShiftOptions)]) -> Search<'a> {
        let n = pieces.len();
        let mut later = vec![0u64; n + 1];
        let mut movable = vec![0u8; n + 1];
        for i in (0..n).rev() {
            later[i] = later[i + 1] | pieces[i].1.iter().fold(0, |m, &(t, _)| m | 1u64 << t);
            movable[i] = movable[i + 1] + u8::from(!pieces[i].1.is_empty());
        }
        Search {
            pieces,
            later,
            movable,
        }
    }

    /// The most pieces any shift moves (memoised over the frontier).
    fn max_movers(&self, i: usize, used: u64, memo: &mut HashMap<(u8, u64), u8>) -> u8 {
        if i == self.pieces.len() {
            return 0;
        }
        let used = used & self.later[i];
        if let Some(&m) = memo.get(&(i as u8, used)) {
            return m;
        }
        let mut best = self.max_movers(i + 1, used, memo);
        for &(t, _) in &self.pieces[i].1 {
            if best == self.movable[i] {
                break;
            }
            if used & 1 << t == 0 {
                best = best.max(1 + self.max_movers(i + 1, used | 1 << t, memo));
            }
        }
        memo.insert((i as u8, used), best);
        best
    }

    /// Whether pieces `i..` can complete `(used, s)` into a shift of `goal`.
    fn can(&self, goal: &Goal, i: usize, used: u64, s: Summary, memo: &mut Memo) -> bool {
        if !goal.viable(&s) || s.movers() + self.movable[i] < goal.movers {
            return false;
        }
        if i == self.pieces.len() {
            return goal.accepts(&s);
        }
        let used = used & self.later[i];
        let key = (i as u8, used, goal.key(&s));
        if let Some(&ok) = memo.get(&key) {
            return ok;
        }
        let ok = self.pieces[i].1.iter().any(|&(t, d)| {
            used & 1 << t == 0 && self.can(goal, i + 1, used | 1 << t, s.with(d), memo)
        }) || self.can(goal, i + 1, used, s, memo);
        memo.insert(key, ok);
        ok
    }

    fn exists(&self, goal: &Goal) -> bool {
        self.can(goal, 0, 0, Summary::default(), &mut Memo::new())
    }

    /// Every shift of `goal`, in walk order.
    fn enumerate(&self, goal: &Goal) -> Vec<Shift> {
        let mut walk = Walk {
            goal,
            memo: Memo::new(),
            cur: Shift::new(),
            out: Vec::new(),
        };
        if self.can(goal, 0, 0, Summary::default(), &mut walk.memo) {
            self.walk(&mut walk, 0, 0, Summary::default());
        }
        walk.out
    }

    /// Extends `walk.cur` with the targets of pieces `i..`, keeping only
    /// branches that can still complete a shift of `walk.goal`.
    fn walk(&self, walk: &mut Walk, i: usize, used: u64, s: Summary) {
        if i == self.pieces.len() {
            let mut shift = walk.cur.clone();
            shift.sort_unstable();
            walk.out.push(shift);
            return;
        }
        let (from, ref opts) = self.pieces[i];
        for &(t, d) in opts {
            let (u, s2) = (used | 1 << t, s.with(d));
            if used & 1 << t == 0 && self.can(walk.goal, i + 1, u, s2, &mut walk.memo) {
                walk.cur.push((from, t));
                self.walk(walk, i + 1, u, s2);
                walk.cur.pop();
            }
        }
        if self.can(walk.goal, i + 1, used, s, &mut walk.memo) {
            self.walk(walk, i + 1, used, s);
        }
    }

    /// Group sizes (decreasing) of every shift moving `movers` pieces,
    /// the lexicographically largest (forward over the pieces, states
    /// keyed by frontier targets and summary).
    fn top_groups(&self, movers: u8) -> Vec<u8> {
        let mut layer: HashSet<(u64, Summary)> = HashSet::from([(0, Summary::default())]);
        for i in 0..self.pieces.len() {
            let mut next = HashSet::new();
            for &(used, s) in &layer {
                let mut push = |u: u64, s2: Summary| {
                    if s2.movers() + self.movable[i + 1] >= movers {
                        next.insert((u & self.later[i + 1], s2));
                    }
                };
                for &(t, d) in &self.pieces[i].1 {
                    if used & 1 << t == 0 {
                        push(used | 1 << t, s.with(d));
                    }
                }
                push(used, s);
            }
            layer = next;
        }
        layer
            .iter()
            .filter(|(_, s)| s.movers() == movers)
            .map(|(_, s)| s.groups())
            .max()
            .unwrap_or_default()
    }
}

/// CWB-9: every allowed shift. `forward` is the shifting side's forward
/// direction (`dr::N` for White); `any` is the `binding-any-direction`
/// mutant (every shift moving the most pieces).
pub(in crate::variants::bosses) fn allowed_shifts(
    pieces: &[(u8, ShiftOptions)],
    forward: usize,
    any: bool,
) -> Vec<Shift> {
    let search = Search::new(pieces);
    let movers = search.max_movers(0, 0, &mut HashMap::new());
    let goal = |class: u8, single: bool, need_step: bool, groups: Option<Vec<u8>>| Goal {
        movers,
        class,
        single,
        need_step,
        groups,
    };
    if any {
        return search.enumerate(&goal(15, false, false, None));
    }
    let backward = if forward == dr::N { dr::S } else { dr::N };
    let classes = [
        dir_bit(dr::E) | dir_bit(dr::W),
        dir_bit(backward),
        dir_bit(forward),
    ];
    for class in classes {
        if search.exists(&goal(class, true, true, None)) {
            return search.enumerate(&goal(class, true, false, None));
        }
    }
    let escapes_only = goal(0, true, false, None);
    if search.exists(&escapes_only) {
        return search.enumerate(&escapes_only);
    }
    let top = search.top_groups(movers);
    search.enumerate(&goal(15, false, false, Some(top)))
}
