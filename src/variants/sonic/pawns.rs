//! Pawns are FIDE pawns (SCA-2): push, double push from the second rank,
//! diagonal capture, en passant, promotion to Q, R, B or N on the last
//! rank, then to the compounds in play in the order A, C, M (SCA-12). Pawns ignore springs: a square holding only a spring is empty to
//! them. A pawn that captures the enemy king by displacement wins at once
//! (SCA-9.4); on the last rank it still has its four promotion moves.

use crate::core::{Dir, Flow, Square};

use super::moves::{SonicMove, PROMOTION_ORDER};
use super::pieces::{color_of, has_piece, is_compound, is_spring};
use super::position::Sonic;
use super::SonicRules;

/// The promotion choices under `rules`, in the order moves are generated:
/// Q R B N, then the compounds in play in the order A C M (SCA-12; mutant
/// `compounds-not-promoted`: Q R B N only).
pub fn promotions(rules: SonicRules) -> impl Iterator<Item = u8> {
    PROMOTION_ORDER
        .into_iter()
        .filter(move |&k| !is_compound(k) || (rules.in_play(k) && !rules.compounds_not_promoted))
}

/// A pawn move: the move, and the square of a pawn it takes en passant.
#[derive(Clone, Copy, Debug)]
pub struct PawnMove {
    /// The move.
    pub(crate) mv: SonicMove,
    /// The square of the pawn taken en passant, if any.
    pub(crate) en_passant: Option<u8>,
}

/// The promotions of the pawn move `mv` (kept out of line: rare).
#[inline(never)]
fn promote(
    rules: SonicRules,
    mv: SonicMove,
    en_passant: Option<u8>,
    f: &mut impl FnMut(PawnMove) -> Flow,
) -> Flow {
    for k in promotions(rules) {
        f(PawnMove {
            mv: mv.promoting(k),
            en_passant,
        })?;
    }
    Flow::Continue(())
}

/// Every move of the pawn on `from`, into `f`; stops when `f` breaks.
pub fn moves(pos: &Sonic, from: Square, mut f: impl FnMut(PawnMove) -> Flow) -> Flow {
    let me = pos.turn;
    let white = me.is_white();
    let fwd: i8 = if white { 1 } else { -1 };
    let board = pos.board;
    // SCA-2: a bare spring is an empty square for a pawn (mutant
    // `pawns-see-springs`: it is not).
    let free = |sq: Square| {
        let c = pos.cells[sq.0 as usize];
        let blocked_by_spring = pos.rules.pawns_see_springs && is_spring(c);
        !has_piece(c) && !blocked_by_spring
    };
    let last = board.height - 1;
    let mut emit = |to: Square, en_passant: Option<u8>| {
        let mv = SonicMove::step(from.0, to.0);
        if board.relative_rank(to, white) == last {
            promote(pos.rules, mv, en_passant, &mut f)
        } else {
            f(PawnMove { mv, en_passant })
        }
    };
    if let Some(one) = from.offset(Dir::new(0, fwd), board) {
        if free(one) {
            emit(one, None)?;
            if board.relative_rank(from, white) == 1 {
                if let Some(two) = one.offset(Dir::new(0, fwd), board) {
                    if free(two) {
                        emit(two, None)?;
                    }
                }
            }
        }
    }
    for df in [-1, 1] {
        let Some(to) = from.offset(Dir::new(df, fwd), board) else {
            continue;
        };
        let c = pos.cells[to.0 as usize];
        if has_piece(c) && color_of(c) != me {
            emit(to, None)?;
        } else if pos.ep == Some(to) {
            emit(to, Some(Square::new(to.file(), from.rank()).0))?;
        }
    }
    Flow::Continue(())
}
