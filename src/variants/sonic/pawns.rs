//! Pawns are FIDE pawns (SCA-2): push, double push from the second rank,
//! diagonal capture, en passant, promotion to Q, R, B or N on the last
//! rank. Pawns ignore springs: a square holding only a spring is empty to
//! them. A pawn that captures the enemy king by displacement wins at once
//! (SCA-9.4); on the last rank it still has its four promotion moves.

use crate::core::{Decision, Dir, Move, Square};

use super::pieces::{color_of, has_piece, is_spring};
use super::position::Position;

/// Promotion pieces, in the order moves are generated.
pub const PROMOTIONS: [u8; 4] = [b'Q', b'R', b'B', b'N'];

/// Appends the moves of the pawn on `from`.
pub fn moves(pos: &Position, from: Square, out: &mut Vec<Move>) {
    let me = pos.turn;
    let fwd: i8 = if me.is_white() { 1 } else { -1 };
    let board = pos.board;
    // SCA-2: a bare spring is an empty square for a pawn (mutant: it is not).
    let free = |sq: Square| {
        let c = pos.cells[sq.0 as usize];
        let blocked_by_spring = pos.rules.pawns_see_springs && is_spring(c);
        !has_piece(c) && !blocked_by_spring
    };
    let last = |sq: Square| board.relative_rank(sq, me.is_white()) == board.height - 1;
    let push = |to: Square, out: &mut Vec<Move>| {
        if last(to) {
            for p in PROMOTIONS {
                let letter = if me.is_white() {
                    p
                } else {
                    p.to_ascii_lowercase()
                };
                out.push(Move::step(from, to).with(Decision::Promote {
                    on: to,
                    piece: letter,
                }));
            }
        } else {
            out.push(Move::step(from, to));
        }
    };
    if let Some(one) = from.offset(Dir::new(0, fwd), board) {
        if free(one) {
            push(one, out);
            if board.relative_rank(from, me.is_white()) == 1 {
                if let Some(two) = one.offset(Dir::new(0, fwd), board) {
                    if free(two) {
                        out.push(Move::step(from, two));
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
        if (has_piece(c) && color_of(c) != me) || pos.ep == Some(to) {
            push(to, out);
        }
    }
}
