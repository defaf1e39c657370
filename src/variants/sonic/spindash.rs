//! Spindash: the ranged capture of R, B and Q (SCA-4 … SCA-4.4) and the
//! endless-move test (SCA-5).
//!
//! A ranged piece slides over empty squares (quiet moves, SCA-3). The first
//! occupied square ends the slide: a friendly piece blocks; an enemy piece,
//! a bare spring or the enemy king is captured / hit, the mover moves onto
//! it and turns 90° (SCA-4). At this first capture the rotation is chosen
//! (SCA-4.1), unless one side is blocked — then the other is forced — or
//! both are — then the mover stops on the captured square (SCA-4.2).
//! Afterwards the move is deterministic: each later capture turns the same
//! way (or the other way, alternately, under `alternate-turns`), and a
//! blocked new direction stops the mover on the square it has just
//! captured on (SCA-4.3).
//!
//! SCA-5 is exact: the walker records every (square, new direction)
//! after each turn since the last removal or king hit; meeting one again
//! means the move would repeat forever, so that branch is not a move.
//!
//! SCA-4.5: the document's diagram (rook d2 takes d6; ccw b6 → b1, cw
//! g6 → g4) is pinned by the `SCA-4.5-rook-d2*` fixtures and by the unit
//! test below.

use smallvec::SmallVec;

use crate::core::geometry::{BISHOP_DIRS, KING_DIRS, ROOK_DIRS};
use crate::core::moves::Path;
use crate::core::{Board, Color, Dir, Rotation, Square};

use super::pieces::{kind, see, Cells, Seen, BISHOP, QUEEN, ROOK, SPRING};
use super::SonicRules;

/// The whole course of one candidate move of an R, B, Q or N.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// Start, every capture/hit square, and the resting square (G2).
    pub path: Path,
    /// The rotation at the first turn, if the mover turned (SCA-4.1).
    pub rotation: Option<Rotation>,
    /// Hits on the enemy king (SCA-9).
    pub hits: u8,
    /// Whether the hits lost the king (SCA-9.3).
    pub king_lost: bool,
    /// The mover would rest on the enemy king's square (SCA-9).
    pub mover_removed: bool,
    /// The branch never ends (SCA-5): not a move.
    pub endless: bool,
}

/// The mover's view of the board while one move is traced: a copy of the
/// cells that captures modify and that is restored after each branch.
pub struct Scratch {
    pub cells: Cells,
    undo: SmallVec<[(u8, u8); 8]>,
    visited: SmallVec<[(u8, u8); 16]>,
}

impl Scratch {
    pub fn new(cells: &Cells) -> Scratch {
        Scratch {
            cells: *cells,
            undo: SmallVec::new(),
            visited: SmallVec::new(),
        }
    }
    fn restore(&mut self) {
        while let Some((sq, c)) = self.undo.pop() {
            self.cells[sq as usize] = c;
        }
    }
}

/// What the tracer needs to know about the position (the side moving and
/// the enemy king).
#[derive(Clone, Copy)]
pub struct Ctx {
    pub board: Board,
    pub me: Color,
    /// The enemy king's number of remaining forms (SCA-9.3: hits ≥ this
    /// lose the king).
    pub king_forms: u8,
    pub rules: SonicRules,
}

impl Ctx {
    #[inline]
    pub fn see(&self, sc: &Scratch, sq: Option<Square>) -> Seen {
        see(&sc.cells, sq, self.me, self.rules.springs_block)
    }

    #[inline]
    pub fn step(&self, sq: Square, d: Dir) -> Option<Square> {
        sq.offset(d, self.board)
    }

    /// Arriving on a square that bounces the mover: an enemy piece is
    /// removed (its spring stays, SCA-4.4/SCA-7), the enemy king is hit
    /// (SCA-9), a bare spring stays. A removal or a hit clears the SCA-5
    /// memory.
    pub fn arrive(&self, sc: &mut Scratch, sq: Square, t: &mut Trace) {
        match self.see(sc, Some(sq)) {
            Seen::Enemy => {
                let i = sq.0 as usize;
                sc.undo.push((sq.0, sc.cells[i]));
                sc.cells[i] &= SPRING;
                sc.visited.clear();
            }
            Seen::King => {
                t.hits += 1;
                sc.visited.clear();
                if t.hits >= self.king_forms {
                    t.king_lost = true;
                }
            }
            _ => {}
        }
    }

    /// The end of a trace: a mover that would rest on the surviving enemy
    /// king's square is removed (SCA-9).
    pub fn finish(&self, sc: &mut Scratch, at: Square, t: &mut Trace) {
        if !t.king_lost && self.see(sc, Some(at)) == Seen::King {
            t.mover_removed = true;
        }
        sc.restore();
        sc.visited.clear();
    }
}

/// The directions of a ranged piece.
pub fn dirs(kind_: u8) -> &'static [Dir] {
    match kind_ {
        ROOK => &ROOK_DIRS,
        BISHOP => &BISHOP_DIRS,
        QUEEN => &KING_DIRS,
        _ => &[],
    }
}

/// Turns `d` by 90° (SCA-4: a diagonal mover turns onto the other diagonal).
#[inline]
pub fn turn(d: Dir, r: Rotation) -> Dir {
    match r {
        Rotation::Clockwise => d.cw(),
        Rotation::Counterclockwise => d.ccw(),
    }
}

pub fn opposite(r: Rotation) -> Rotation {
    match r {
        Rotation::Clockwise => Rotation::Counterclockwise,
        Rotation::Counterclockwise => Rotation::Clockwise,
    }
}

/// Every candidate move of the ranged piece on `from` (quiet slides when
/// `quiet`, and every capture branch including endless ones, flagged).
/// `sink` returns `true` to stop early; the function then returns `true`.
pub fn moves(
    ctx: &Ctx,
    sc: &mut Scratch,
    from: Square,
    quiet: bool,
    sink: &mut dyn FnMut(&Trace) -> bool,
) -> bool {
    let cell = sc.cells[from.0 as usize];
    // The mover's start square is vacated for the whole move (SCA-4.2,
    // SCA-5: a spring under it acts again if the mover comes back).
    // Mutant `start-square-blocks`: the start square keeps the mover.
    if !ctx.rules.start_square_blocks {
        sc.cells[from.0 as usize] &= SPRING;
    }
    let mut stop = false;
    'dirs: for &d in dirs(kind(cell)) {
        let mut at = from;
        loop {
            let next = ctx.step(at, d);
            match ctx.see(sc, next) {
                Seen::Empty => {
                    let n = next.expect("on board");
                    at = n;
                    if quiet {
                        let mut t = Trace::default();
                        t.path.push(from);
                        t.path.push(n);
                        if sink(&t) {
                            stop = true;
                            break 'dirs;
                        }
                    }
                }
                Seen::Off | Seen::Friendly => break,
                _ => {
                    let first = next.expect("on board");
                    if first_capture(ctx, sc, from, first, d, sink) {
                        stop = true;
                        break 'dirs;
                    }
                    break;
                }
            }
        }
    }
    sc.cells[from.0 as usize] = cell;
    stop
}

/// The branches of a first capture on `first`, reached moving along `d`
/// (SCA-4.1, SCA-4.2).
fn first_capture(
    ctx: &Ctx,
    sc: &mut Scratch,
    from: Square,
    first: Square,
    d: Dir,
    sink: &mut dyn FnMut(&Trace) -> bool,
) -> bool {
    let mut branches: SmallVec<[Option<Rotation>; 3]> = SmallVec::new();
    if ctx.see(sc, Some(first)) == Seen::King && ctx.king_forms <= 1 {
        // SCA-9.3/SCA-9.4: the hit loses the king and ends the move at
        // once: no rotation is ever chosen.
        branches.push(None);
    } else if ctx.rules.bounce_180 {
        // Mutant: the original StHC bounce straight back.
        let open = !ctx.see(sc, ctx.step(first, d.reverse())).blocks();
        branches.push(if open {
            Some(Rotation::Clockwise)
        } else {
            None
        });
    } else {
        let open = |r: Rotation| !ctx.see(sc, ctx.step(first, turn(d, r))).blocks();
        let cw = open(Rotation::Clockwise);
        let ccw = open(Rotation::Counterclockwise);
        // SCA-4.2: both open → two branches; one blocked → the other is
        // forced; both blocked → stop on the captured square.
        if cw {
            branches.push(Some(Rotation::Clockwise));
        }
        if ccw {
            branches.push(Some(Rotation::Counterclockwise));
        }
        if !cw && !ccw || (ctx.rules.no_forced_rotation && cw != ccw) {
            branches.push(None);
        }
    }
    for rot in branches {
        let t = walk(ctx, sc, from, first, d, rot);
        if sink(&t) {
            return true;
        }
    }
    false
}

/// Follows one branch to its end (SCA-4, SCA-4.3, SCA-5).
fn walk(
    ctx: &Ctx,
    sc: &mut Scratch,
    from: Square,
    first: Square,
    d_in: Dir,
    rot: Option<Rotation>,
) -> Trace {
    let mut t = Trace::default();
    t.path.push(from);
    t.path.push(first);
    t.rotation = rot;
    sc.visited.clear();
    let mut cur = first;
    let mut dir = d_in;
    let mut k: u8 = 0;
    ctx.arrive(sc, cur, &mut t);
    'bounce: while !t.king_lost {
        let Some(r0) = rot else { break };
        // SCA-4.1: the rotation of the first turn is kept; under
        // `alternate-turns` every later turn alternates it.
        let r = if ctx.rules.alternate_turns && k % 2 == 1 {
            opposite(r0)
        } else {
            r0
        };
        let nd = if ctx.rules.bounce_180 {
            dir.reverse()
        } else {
            turn(dir, r)
        };
        // SCA-4.3: a blocked new direction stops the mover here.
        if ctx.see(sc, ctx.step(cur, nd)).blocks() {
            break;
        }
        // SCA-5: the state after a turn; parity matters only when alternating.
        let parity = if ctx.rules.alternate_turns {
            (k % 2) << 4
        } else {
            0
        };
        let key = (cur.0, nd.index8() as u8 | parity);
        if sc.visited.contains(&key) {
            if !ctx.rules.endless_allowed {
                t.endless = true;
            }
            break;
        }
        sc.visited.push(key);
        // Mutant `endless-allowed`: a step cap instead of the exact test.
        if ctx.rules.endless_allowed && t.path.len() > 64 {
            break;
        }
        dir = nd;
        k = k.wrapping_add(1);
        loop {
            let next = ctx.step(cur, dir);
            match ctx.see(sc, next) {
                Seen::Off | Seen::Friendly => {
                    t.path.push(cur);
                    break 'bounce;
                }
                Seen::Empty => cur = next.expect("on board"),
                _ => {
                    cur = next.expect("on board");
                    t.path.push(cur);
                    ctx.arrive(sc, cur, &mut t);
                    continue 'bounce;
                }
            }
        }
    }
    ctx.finish(sc, cur, &mut t);
    t
}

#[cfg(test)]
mod tests {
    use crate::core::Game;
    use crate::variants::sonic::{Position, SonicRules};

    /// SCA-4.5: the diagram's two branches.
    #[test]
    fn rook_d2_diagram() {
        let p = Position::from_text(
            "4k3/8/1p1p2p1/8/8/6P1/3R4/4K3 w - - 0 1 - K=K KNA=K",
            SonicRules::default(),
        )
        .unwrap();
        let mut v = Vec::new();
        p.legal_moves_into(&mut v);
        let mut t: Vec<String> = v
            .iter()
            .map(|m| p.move_text(m))
            .filter(|t| t.starts_with("d2x"))
            .collect();
        t.sort();
        assert_eq!(t, ["d2xd6xb6-b1:ccw", "d2xd6xg6-g4:cw"]);
    }
}
