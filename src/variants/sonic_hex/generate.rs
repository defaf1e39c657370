//! The one move generator of `sonic-hex` (`SonicHex::generate`): every
//! legal move (G2) into a list, or only their number (bulk counting at
//! perft leaves), from the same code.
//!
//! A turn is one piece move; there is nothing before or after it (SCA-13:
//! a single-form king, so no form choices or switches; castling only on
//! Shafran's board, SCA-13.1, tested in `castling.rs`),
//! and check has no effect on legality (SCA-10, SCA-13), so every move the
//! pieces can make is legal and nothing is ever played to test it:
//!
//! - the king: one step along any of the twelve lines onto a cell without
//!   a friendly piece; springs are nothing to it, the enemy king is
//!   captured by displacement (SCA-9.4); counted by popcount;
//! - pawns (Gliński's, ignoring springs: [`super::pawns`]), set-wise;
//! - knights, rooks, bishops, queens: the quiet moves (SCA-3: leaps and
//!   slides onto cells holding neither a piece nor a spring) from the
//!   occupancy boards, counted by popcount; every capture branch (SCA-4 …
//!   SCA-6, SCA-9) from the one walker of `sonic`
//!   ([`crate::variants::sonic::walker`]) on Gliński's board
//!   ([`super::grid::HexGrid`]), endless branches (SCA-5) left out (a
//!   sink that wants rejected candidates, `explain`, gets them with the
//!   rule and the reason).

use crate::core::hex::{self, Cells as Bits};
use crate::core::{Flow, MoveSink, Rejection};
use crate::variants::sonic::generate::unit_moves;
use crate::variants::sonic::pieces::{kind, KNIGHT};
use crate::variants::sonic::walker::Walker;

use super::grid::HexGrid;
use super::moves::HexMove;
use super::pawns;
use super::position::SonicHex;

/// Moves from `from` to each cell of `targets` (steps and quiet moves).
#[inline(always)]
pub(crate) fn targets<S: MoveSink<HexMove>>(sink: &mut S, from: usize, targets: u128) -> Flow {
    if S::COUNTS_ONLY {
        return sink.add_count(u64::from(targets.count_ones()));
    }
    for to in Bits(targets) {
        sink.push(HexMove::step(from as u8, to as u8))?;
    }
    Flow::Continue(())
}

impl SonicHex {
    /// Every legal move (G2) into `sink`, or their number when the sink
    /// counts (see the module docs). Nothing when the game is over (G3,
    /// SCA-9.4). Stops as soon as the sink breaks.
    pub(crate) fn generate<S: MoveSink<HexMove>>(&self, sink: &mut S) -> Flow {
        if self.winner.is_some() {
            return Flow::Continue(());
        }
        let me = self.turn;
        let king = self.kings[me] as usize;
        if king == 0 {
            return Flow::Continue(());
        }
        let own = self.occ[me];
        let enemy = self.occ[me.other()];
        let board = self.rules.shape().board();
        // SCA-13: the usual king, one step; it ignores springs (SCA-2).
        targets(sink, king, hex::KING[king] & board & !own)?;
        if self.castling != 0 {
            self.castlings(sink)?;
        }
        pawns::moves(self, sink)?;
        // SCA-3: a quiet move ends before any piece or spring.
        let block = own | enemy | self.springs;
        let targets_of_capture = block & !own;
        let pieces = own & !self.pawns & !(1u128 << king);
        if pieces == 0 {
            return Flow::Continue(());
        }
        let mut w = self.walker(self.turn);
        for from in Bits(pieces) {
            let k = kind(self.cells[from]);
            let f = from as u8;
            let saved = w.vacate(f);
            let flow = piece_moves(&mut w, sink, from, k, block, targets_of_capture, board);
            w.put_back(f, saved);
            flow?;
        }
        Flow::Continue(())
    }
}

/// The moves of the knight, rook, bishop or queen of `kind` on `from`
/// (vacated on `w`): quiet moves by occupancy, capture branches by the
/// walker.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn piece_moves<S: MoveSink<HexMove>>(
    w: &mut Walker<HexGrid>,
    sink: &mut S,
    from: usize,
    kind: u8,
    block: u128,
    targets_of_capture: u128,
    board: u128,
) -> Flow {
    let f = from as u8;
    if kind == KNIGHT {
        targets(sink, from, hex::KNIGHT[from] & board & !block)?;
        let table = w.geo.leaps_table();
        for (unit, leap) in table.iter().enumerate() {
            let to = leap[from];
            if to != 0 && targets_of_capture & (1u128 << to) != 0 {
                // SCA-6 (SCA-13: Gliński's leaps): the Tails chain.
                if unit_moves(w, sink, f, kind, unit as u8, false, endless) {
                    return Flow::Break(());
                }
            }
        }
    } else {
        for &d in w.units(kind) {
            // SCA-13.1: the ray ends at the board's edge (its shape is
            // convex: a ray that leaves it never comes back).
            let ray = hex::slide(d as usize, from, block) & board;
            targets(sink, from, ray & !block)?;
            if ray & targets_of_capture != 0 {
                // SCA-4 … SCA-5 (SCA-13: 120° or 60° turns).
                if unit_moves(w, sink, f, kind, d, false, endless) {
                    return Flow::Break(());
                }
            }
        }
    }
    Flow::Continue(())
}

/// SCA-5 (SCA-13): the rejection of an endless branch (`sonic`'s
/// [`unit_moves`] gives it to a sink that wants rejected candidates).
fn endless() -> Rejection {
    Rejection {
        rules: vec!["SCA-5", "SCA-13"],
        reason: "endless move: the mover would return to the same cell and direction with nothing removed".into(),
    }
}
