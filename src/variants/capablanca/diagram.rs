//! Pictures of `capablanca` positions and moves (CAP-1), for `explain
//! --svg/--png` and `moves --from`, on the square-board renderer `fide`
//! uses (the model is [`crate::core::diagram`]).
//!
//! - the position: the 10×8 board, pieces by their FEN letters, the king in
//!   check marked; side panel: side to move, castling rights, en passant
//!   cell, move counters;
//! - a move: one leg from start to end (a knight's leap dashed); castling
//!   as two legs, the king's (1) then the rook's (2); promotion marked with
//!   the new piece; a capture marked on the captured piece, for en passant
//!   on the pawn that is taken (not the cell the capturing pawn lands on);
//! - an illegal move: the leg it attempts (both legs for castling) and the
//!   cell where it breaks, read from the verdict's reason.

use crate::core::bitchess;
use crate::core::diagram::{Diagram, Geometry, Leg, MoveDrawing};
use crate::core::Verdict;

use super::moves::{mv_flag, mv_from, mv_promo, mv_to, Mv, F_CASTLE, F_EP};
use super::notation::{core_sq as sq, parse_move};
use super::position::{bit, Castling, PieceSets, Pos, Role};

/// The picture of a position (CAP-1), drawn by
/// [`crate::core::bitchess::diagram`].
pub fn diagram(pos: &Pos) -> Diagram {
    bitchess::diagram(pos)
}

/// The rook's start and end of castling with the king from `from` to `to`.
fn castling_rook(pos: &Pos, from: u32, to: u32) -> (u32, u32) {
    Castling::by_king(pos.turn, from, to, pos.mutants)
        .map_or((from, from), |c| (c.rook_from, c.rook_to))
}

/// The leg of a piece from `from` to `to`: a knight leaps (so does a
/// compound moving as a knight), the rest slide.
fn leg(pos: &Pos, from: u32, to: u32) -> Leg {
    let knight_leap = super::position::tables().knight[from as usize] & bit(to) != 0;
    if pos.role_at(from) == Some(Role::Knight) || knight_leap {
        Leg::leap(sq(from), sq(to))
    } else {
        Leg::straight_or_leap(sq(from), sq(to))
    }
}

/// The drawing of a legal move (CAP-1), drawn by
/// [`crate::core::bitchess::draw_move`].
pub fn draw_move(pos: &Pos, m: Mv) -> MoveDrawing {
    let (from, to) = (mv_from(m), mv_to(m));
    let castle = (mv_flag(m) == F_CASTLE).then(|| castling_rook(pos, from, to));
    let ep = mv_flag(m) == F_EP;
    bitchess::draw_move(pos, leg(pos, from, to), (from, to), castle, ep, mv_promo(m))
}

/// The drawing of an illegal move text: what it attempts, and where it
/// breaks according to the verdict's reason (see [`super::explain`]).
pub fn draw_illegal(pos: &Pos, text: &str, verdict: &Verdict) -> MoveDrawing {
    let g = Geometry::square(10, 8);
    let Ok((from, to, _)) = parse_move(text) else {
        return MoveDrawing::attempted(g, text, verdict);
    };
    let castling = pos.role_at(from) == Some(Role::King)
        && pos.color_at(from) == Some(pos.turn)
        && Castling::by_king(pos.turn, from, to, pos.mutants).is_some();
    let castle = castling.then(|| castling_rook(pos, from, to));
    let rook_from = || castling_rook(pos, from, to).0;
    let leg = leg(pos, from, to);
    bitchess::draw_attempt(pos, leg, (from, to), castle, &verdict.reason, rook_from)
}
