//! The walker: the one tracer of every R, B, Q and N move (SCA-3 … SCA-7,
//! SCA-9), and of the compounds moving as one of their parts (SCA-12),
//! generic over the board ([`Geometry`]).
//!
//! A [`Walker`] holds a scratch copy of the mailbox on which one side's
//! moves are traced. Its rules are written once, in two files:
//! [`super::spindash`] (the slide, the first capture with its rotation
//! choice, and the bounce walk with the exact endless test, SCA-4 … SCA-5)
//! and [`super::tails`] (the knight chain, SCA-6). Everything else asks the
//! walker:
//!
//! - the move generator ([`super::generate`]) turns each traced *branch*
//!   into a move, and counts them in bulk;
//! - the check test ([`super::check`], SCA-10) asks whether some branch
//!   hits the enemy king;
//! - the switch test of SCA-8.1 reuses the *footprint* of each attack unit
//!   (the cells a unit read, recorded through [`Watch::read`]) to trace
//!   again only the units a move can have changed;
//! - `play`, the move text and `explain` replay one branch
//!   ([`Walker::replay`]) to learn its path and its captures.
//!
//! An *attack unit* is one line direction of a ranged piece or one leap of
//! a knight, with all of its branches: its result is a function of the
//! cells it read, which is what makes the footprints exact.
//!
//! # Parts (SCA-12)
//!
//! The per-unit entry points ([`Walker::units`], [`Walker::unit`],
//! [`Walker::unit_checks`], [`Walker::replay`]) take a *part code*
//! ([`super::pieces`]): R, B, Q or N, with `WITH_KNIGHT` set when the
//! mover is a compound moving as that part. A part is kept for the whole
//! move — the slider part spindashes with its own slider's turns, the
//! knight part makes a Tails chain — and the SCA-5 state is per part,
//! since each trace is. The per-piece entry points ([`Walker::piece`],
//! [`Walker::piece_checks`]) take a piece kind and trace every part of it
//! (SCA-10: check counts every part). For plain R, B, Q, N the part code
//! is the kind, so a board without compounds (SCA-13) passes kinds as
//! before.
//!
//! Mutants are flags of [`WalkRules`] read inside the walker
//! (never a second walker). See [`super::geometry`] for how another board
//! (the hexagonal one of SCA-13) plugs in.

use smallvec::SmallVec;

use crate::core::chess::color_bit;
use crate::core::{Color, Rotation, Trace};

use super::geometry::Geometry;
use super::pieces::{
    has_piece, is_compound, is_spring, part_kind, parts, Cells, Seen, KNIGHT, SPRING,
};
use super::SonicRules;

/// The rule options and mutants the walker reads (copied from the game's
/// rules once per walker).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkRules {
    /// SCA-4.1 \[option\] `alternate-turns`.
    pub alternate_turns: bool,
    /// Mutant: bounce straight back (original StHC) instead of turning.
    pub bounce_180: bool,
    /// Mutant: a step cap instead of the exact SCA-5 test.
    pub endless_allowed: bool,
    /// Mutant: with one side blocked the mover may also stop (SCA-4.2).
    pub no_forced_rotation: bool,
    /// Mutant: a bare spring blocks like a friendly piece (SCA-3, SCA-7).
    pub springs_block: bool,
    /// Mutant: the vacated start square keeps blocking (SCA-4.2, SCA-5).
    pub start_square_blocks: bool,
    /// Mutant: no Tails continuation (SCA-6).
    pub knight_stops: bool,
    /// Mutant: check counts only a first capture on the king (SCA-10).
    pub direct_check_only: bool,
    /// Mutant: a compound that captures as its slider goes on by its
    /// knight part's rule (the same step again) instead of turning (SCA-12).
    pub compound_switches_part: bool,
    /// Mutant: a compound's knight part has no Tails continuation (SCA-12).
    pub compound_knight_stops: bool,
}

impl From<SonicRules> for WalkRules {
    fn from(r: SonicRules) -> WalkRules {
        WalkRules {
            alternate_turns: r.alternate_turns,
            bounce_180: r.bounce_180,
            endless_allowed: r.endless_allowed,
            no_forced_rotation: r.no_forced_rotation,
            springs_block: r.springs_block,
            start_square_blocks: r.start_square_blocks,
            knight_stops: r.knight_stops,
            direct_check_only: r.direct_check_only,
            compound_switches_part: r.compound_switches_part,
            compound_knight_stops: r.compound_knight_stops,
        }
    }
}

/// The end of one traced branch: one candidate move of the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The first cell moved onto: the target of a quiet move, the first
    /// capture (or hit) otherwise.
    pub first: u8,
    /// The cell the mover comes to rest on (for a mover removed on the
    /// enemy king, SCA-9, or a lost king, SCA-9.3: the king's cell).
    pub end: u8,
    /// Whether the mover captured or hit on its way (`false`: a quiet
    /// move, SCA-3).
    pub capture: bool,
    /// The rotation chosen or forced at the first capture (SCA-4.1); `None`
    /// when the mover did not turn there, and for knights.
    pub rotation: Option<Rotation>,
    /// Hits on the enemy king (SCA-9).
    pub hits: u8,
    /// The hits lost the enemy king (SCA-9.3); the move ended there.
    pub king_lost: bool,
    /// The branch never ends (SCA-5): it is not a move, and gives no check.
    pub endless: bool,
}

impl Branch {
    fn quiet(at: u8) -> Branch {
        Branch {
            first: at,
            end: at,
            capture: false,
            rotation: None,
            hits: 0,
            king_lost: false,
            endless: false,
        }
    }
    fn capture(first: u8, rotation: Option<Rotation>) -> Branch {
        Branch {
            first,
            end: first,
            capture: true,
            rotation,
            hits: 0,
            king_lost: false,
            endless: false,
        }
    }
}

/// What a trace reports besides its branches. Every method defaults to
/// nothing, so [`NoWatch`] costs nothing.
pub trait Watch {
    /// The walker read `cell` (the footprint of an attack unit).
    #[inline]
    fn read(&mut self, _cell: u8) {}
    /// Whether to trace the capture branch with this first rotation
    /// (replaying one move traces only its own branch).
    #[inline]
    fn wants(&self, _rotation: Option<Rotation>) -> bool {
        true
    }
    /// The mover of a capture branch lands on `cell`: `bounce` = it
    /// captures or hits there (`x`), otherwise it comes to rest (`-`).
    #[inline]
    fn land(&mut self, _cell: u8, _bounce: bool) {}
}

/// Reports nothing.
pub struct NoWatch;

impl Watch for NoWatch {}

/// Records the cells a unit reads as bit `bit` of an inverted index (one
/// bit set of units per cell).
pub struct Footprint<'a> {
    /// The inverted index: one bit set of units per cell.
    pub(crate) index: &'a mut [u64; 256],
    /// The unit's bit in the index.
    pub(crate) bit: u64,
}

impl Watch for Footprint<'_> {
    #[inline]
    fn read(&mut self, cell: u8) {
        self.index[cell as usize] |= self.bit;
    }
}

/// Traces one branch and records its path.
struct PathWatch {
    rotation: Option<Rotation>,
    path: SmallVec<[(u8, bool); 8]>,
}

impl Watch for PathWatch {
    #[inline]
    fn wants(&self, rotation: Option<Rotation>) -> bool {
        rotation == self.rotation
    }
    #[inline]
    fn land(&mut self, cell: u8, bounce: bool) {
        self.path.push((cell, bounce));
    }
}

/// One branch replayed: its end, its path and what it removed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The branch's end.
    pub(crate) branch: Branch,
    /// Start cell, then every landing cell with whether the mover captured
    /// or hit there (G2).
    pub path: SmallVec<[(u8, bool); 8]>,
    /// The cells whose enemy piece the branch removed, in order.
    pub captured: SmallVec<[u8; 8]>,
}

/// Where a trace hands each branch: it sees the walker while the branch's
/// removals are still on the scratch board ([`Walker::captured`]) and
/// returns `true` to stop the trace.
pub trait BranchSink<G: Geometry>: FnMut(&Walker<G>, &Branch) -> bool {}

impl<G: Geometry, F: FnMut(&Walker<G>, &Branch) -> bool> BranchSink<G> for F {}

/// The scratch board of one side's traces (see the module docs).
pub struct Walker<G: Geometry> {
    /// The mailbox as the branch being traced sees it.
    pub cells: Cells,
    /// The board geometry.
    pub(crate) geo: G,
    /// The colour bit of the moving side.
    me: u8,
    /// The enemy king's remaining forms: hits ≥ this lose it (SCA-9.3).
    king_forms: u8,
    rules: WalkRules,
    /// Removals of the branch being traced: (cell, old cell byte).
    undo: SmallVec<[(u8, u8); 16]>,
    /// SCA-5 states (cell, direction | turn parity) since the last removal
    /// or king hit.
    visited: SmallVec<[u16; 16]>,
}

impl<G: Geometry> Walker<G> {
    /// A walker for the pieces of `side` on `cells`; `king_forms` is the
    /// enemy king's number of remaining forms (1 on SCA-13's board).
    pub fn new(geo: G, cells: &Cells, side: Color, king_forms: u8, rules: WalkRules) -> Self {
        Walker {
            cells: *cells,
            geo,
            me: color_bit(side),
            king_forms,
            rules,
            undo: SmallVec::new(),
            visited: SmallVec::new(),
        }
    }

    /// What the mover finds in a cell byte (SCA-3, SCA-7, SCA-9).
    #[inline]
    pub fn see_cell(&self, c: u8) -> Seen {
        Seen::of(c, self.me, self.rules.springs_block)
    }

    /// Reads a cell (`None` = off the board), reporting it to `w`.
    #[inline]
    pub(crate) fn see(&self, cell: Option<u8>, w: &mut impl Watch) -> Seen {
        match cell {
            None => Seen::Off,
            Some(c) => {
                w.read(c);
                self.see_cell(self.cells[c as usize])
            }
        }
    }

    /// The cells whose enemy piece the current branch removed.
    pub fn captured(&self) -> impl Iterator<Item = u8> + '_ {
        self.undo.iter().map(|&(c, _)| c)
    }

    /// SCA-4, SCA-9: arriving on a cell the mover bounces on. An enemy
    /// piece is removed (a spring under it stays, SCA-4.4, SCA-7), the
    /// enemy king is hit (lost after `king_forms` hits, SCA-9.3), a bare
    /// spring stays. A removal or a hit clears the SCA-5 memory.
    #[inline]
    pub(crate) fn arrive(&mut self, cell: u8, b: &mut Branch) {
        let c = self.cells[cell as usize];
        match self.see_cell(c) {
            Seen::Enemy => {
                self.undo.push((cell, c));
                self.cells[cell as usize] = c & SPRING;
                self.visited.clear();
            }
            Seen::King => {
                b.hits += 1;
                self.visited.clear();
                if b.hits >= self.king_forms {
                    b.king_lost = true;
                }
            }
            _ => {}
        }
    }

    /// Hands a finished branch to `sink`, then undoes its removals.
    #[inline]
    pub(crate) fn finish(&mut self, b: &Branch, sink: &mut impl BranchSink<G>) -> bool {
        let stop = sink(self, b);
        while let Some((cell, c)) = self.undo.pop() {
            self.cells[cell as usize] = c;
        }
        self.visited.clear();
        stop
    }

    /// The quiet move to `at` (SCA-3).
    #[inline]
    pub(crate) fn quiet(&mut self, at: u8, sink: &mut impl BranchSink<G>) -> bool {
        sink(self, &Branch::quiet(at))
    }

    /// A capture branch starting on `first` (the first capture or hit).
    #[inline]
    pub(crate) fn start_branch(&mut self, first: u8, rotation: Option<Rotation>) -> Branch {
        self.visited.clear();
        Branch::capture(first, rotation)
    }

    #[inline]
    pub(crate) fn rules(&self) -> WalkRules {
        self.rules
    }

    #[inline]
    pub(crate) fn king_forms(&self) -> u8 {
        self.king_forms
    }

    #[inline]
    pub(crate) fn visit(&mut self, key: u16) -> bool {
        if self.visited.contains(&key) {
            return false;
        }
        self.visited.push(key);
        true
    }

    /// Empties the mover's start cell for the whole move (SCA-4.2, SCA-5:
    /// a spring under it acts again if the mover comes back); returns the
    /// cell byte for [`Walker::put_back`]. Mutant `start-square-blocks`:
    /// the start cell keeps the mover.
    #[inline]
    pub fn vacate(&mut self, from: u8) -> u8 {
        let saved = self.cells[from as usize];
        if !self.rules.start_square_blocks {
            self.cells[from as usize] &= SPRING;
        }
        saved
    }

    /// Restores the start cell byte `saved` that [`Walker::vacate`] returned.
    #[inline]
    pub fn put_back(&mut self, from: u8, saved: u8) {
        self.cells[from as usize] = saved;
    }

    /// The attack units of a part (see the module docs): the knight's
    /// leaps or a ranged piece's line directions.
    #[inline]
    pub fn units(&self, part: u8) -> &'static [u8] {
        let k = part_kind(part);
        if k == KNIGHT {
            self.geo.leaps()
        } else {
            self.geo.lines(k)
        }
    }

    /// Every branch of one attack unit of `part` (see the module docs) of
    /// the piece that stood on `from` (already vacated): quiet moves when
    /// `quiet`, and every capture branch, endless ones included (flagged).
    /// Returns `true` when `sink` stopped the trace.
    #[inline]
    pub fn unit(
        &mut self,
        from: u8,
        part: u8,
        unit: u8,
        quiet: bool,
        w: &mut impl Watch,
        sink: &mut impl BranchSink<G>,
    ) -> bool {
        let compound = is_compound(part);
        if part_kind(part) == KNIGHT {
            self.knight(from, unit, compound, quiet, w, sink)
        } else {
            self.ranged(from, unit, compound, quiet, w, sink)
        }
    }

    /// Every branch of every unit of every part of the piece of `kind` on
    /// `from` (vacating it for the trace; SCA-12: a compound's parts one
    /// after the other).
    pub fn piece(
        &mut self,
        from: u8,
        kind: u8,
        quiet: bool,
        w: &mut impl Watch,
        sink: &mut impl BranchSink<G>,
    ) -> bool {
        let saved = self.vacate(from);
        let mut stop = false;
        for &part in parts(kind) {
            stop = self.part(from, part, quiet, w, sink);
            if stop {
                break;
            }
        }
        self.put_back(from, saved);
        stop
    }

    /// Every branch of every unit of `part` of the piece on `from`
    /// (already vacated).
    #[inline]
    fn part(
        &mut self,
        from: u8,
        part: u8,
        quiet: bool,
        w: &mut impl Watch,
        sink: &mut impl BranchSink<G>,
    ) -> bool {
        self.units(part)
            .iter()
            .any(|&u| self.unit(from, part, u, quiet, w, sink))
    }

    /// Whether a branch gives check (SCA-10): it hits or captures the king
    /// on `target` and is not endless (mutant `direct-check-only`: only
    /// when its first capture is the king).
    #[inline]
    pub fn checks(&self, b: &Branch, target: u8) -> bool {
        b.hits > 0 && !b.endless && (!self.rules.direct_check_only || b.first == target)
    }

    /// Whether unit `unit` of `part` of the piece on `from` gives check to
    /// the king on `target` on the current scratch board.
    pub fn unit_checks(&mut self, from: u8, part: u8, unit: u8, target: u8) -> bool {
        let saved = self.vacate(from);
        let found = self.unit(from, part, unit, false, &mut NoWatch, &mut |w, b| {
            w.checks(b, target)
        });
        self.put_back(from, saved);
        found
    }

    /// Whether the piece of `kind` on `from` gives check to the king on
    /// `target` (SCA-10; a compound through any of its parts, SCA-12).
    pub fn piece_checks(&mut self, from: u8, kind: u8, target: u8) -> bool {
        self.piece(from, kind, false, &mut NoWatch, &mut |w, b| {
            w.checks(b, target)
        })
    }

    /// Replays the capture branch of unit `unit` of `part` of the piece on
    /// `from` whose first rotation is `rotation`: its path and removals.
    /// `None` if there is no such branch.
    pub fn replay(
        &mut self,
        from: u8,
        part: u8,
        unit: u8,
        rotation: Option<Rotation>,
    ) -> Option<Replay> {
        let saved = self.vacate(from);
        let mut w = PathWatch {
            rotation,
            path: SmallVec::new(),
        };
        w.path.push((from, false));
        let mut found = None;
        self.unit(from, part, unit, false, &mut w, &mut |wk, b| {
            found = Some((*b, wk.captured().collect()));
            true
        });
        self.put_back(from, saved);
        found.map(|(branch, captured)| Replay {
            branch,
            path: w.path,
            captured,
        })
    }
}

/// Reports to `t` the effects along the replayed capture branch `r`, in
/// order, read on the board before the move (`cells`, the enemy king on
/// `king`): each capture or bounce (SCA-4; the rotation chosen at the
/// first, SCA-4.1; later ones SCA-4.3; for a knight each Tails flight,
/// SCA-6), each spring used (SCA-7), each hit on the king (SCA-9), and a
/// rest on a spring (SCA-4.4).
pub fn note_branch<T: Trace>(cells: &[u8], king: Option<u8>, r: &Replay, knight: bool, t: &mut T) {
    let mut bounces = 0;
    for &(c, x) in &r.path[1..] {
        if !x {
            continue;
        }
        if knight {
            if bounces > 0 {
                t.note("SCA-6");
            }
        } else if bounces == 0 {
            if r.branch.rotation.is_some() {
                t.note("SCA-4.1");
            }
        } else {
            t.note("SCA-4.3");
        }
        bounces += 1;
        let cell = cells[c as usize];
        if Some(c) == king {
            t.note("SCA-9");
        } else if is_spring(cell) && !has_piece(cell) {
            t.note("SCA-7");
        }
    }
    let end = cells[r.branch.end as usize];
    if is_spring(end) && !r.branch.king_lost && Some(r.branch.end) != king {
        t.note("SCA-4.4");
    }
}
