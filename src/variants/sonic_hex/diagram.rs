//! Pictures of `sonic-hex` positions and moves (SCA-13; the model is
//! [`crate::core::diagram`], the board [`Geometry::Hex`]).
//!
//! - the position: Gliński's board, pieces by their letters, springs as
//!   spring markers (also under pieces); side panel: side to move, the
//!   turn angle and `alternate-turns`, en passant cell, move counters;
//! - a move: one leg per stretch of its course (start → first capture →
//!   each later capture → rest cell), a knight's legs as leaps; every leg
//!   after the first starts with the turn it makes (cw/ccw, alternating
//!   under `alternate-turns`, SCA-4.1); every piece the move removes is
//!   marked captured (for en passant the pawn taken, for a king lost by a
//!   hit or captured by displacement the king's cell); a promotion is
//!   marked with the new piece;
//! - an illegal move: the default drawing of the cells its text names,
//!   broken where the verdict's reason says.

use crate::core::diagram::{Diagram, Fact, Geometry, Leg, MoveDrawing, MoveMark, Piece};
use crate::core::hex::{Shape, DIRECTION, NOT_ALIGNED};
use crate::variants::sonic::pieces::{color_of, has_piece, kind, letter, piece, KNIGHT};
use crate::variants::sonic::spindash::opposite;

use super::moves::{square_on, HexMove};
use super::position::SonicHex;

/// The picture of a position (SCA-13).
pub fn diagram(p: &SonicHex) -> Diagram {
    let shape = p.rules.shape();
    let square = |slot: u8| square_on(shape, slot);
    let mut d = Diagram::new(geometry(shape));
    for c in shape.all() {
        let x = p.cells[c.slot()];
        let sq = square(c.slot() as u8);
        if has_piece(x) {
            d = d.put(sq, Piece::from_fen(letter(x)));
        }
        if p.springs & c.bit() != 0 {
            d = d.marker(sq, crate::core::diagram::Marker::Spring);
        }
    }
    d = d.fact(Fact::ToMove(p.turn));
    let grid = p.rules.grid();
    d = d.fact(Fact::Note(format!(
        "spindash turns {} degrees{}",
        30 * u32::from(grid.hours),
        if p.rules.alternate_turns {
            ", alternating"
        } else {
            ""
        }
    )));
    let base = p.rules.base();
    if !base.castlings.is_empty() {
        // SCA-13.1 with SHF-1: the rights in the position text's form.
        let rights: String = base
            .castlings
            .iter()
            .filter(|c| p.castling & c.right != 0)
            .map(|c| c.letter)
            .collect();
        d = d.fact(Fact::Castling(if rights.is_empty() {
            "-".into()
        } else {
            rights
        }));
    }
    // Every crossed cell (SHF-1: two after a three-cell move).
    for ep in [p.ep2, p.ep] {
        if ep != 0 {
            d = d.fact(Fact::EnPassant(square(ep)));
        }
    }
    d.fact(Fact::Note(format!(
        "move {}, halfmove clock {}",
        p.fullmove, p.halfmove
    )))
}

/// The picture geometry of a board shape (SCA-13.1).
fn geometry(shape: Shape) -> Geometry {
    match shape {
        Shape::Glinski => Geometry::Hex,
        Shape::Shafran => Geometry::HexShafran,
    }
}

/// A leg from `a` to `b`: a slide along a line, a leap otherwise.
fn leg(shape: Shape, a: u8, b: u8, knight: bool) -> Leg {
    let square = |slot: u8| square_on(shape, slot);
    if knight || DIRECTION[a as usize][b as usize] == NOT_ALIGNED {
        Leg::leap(square(a), square(b))
    } else {
        Leg::slide(square(a), square(b))
    }
}

/// The drawing of a legal move (SCA-13).
pub fn draw_move(p: &SonicHex, m: &HexMove) -> MoveDrawing {
    let shape = p.rules.shape();
    let square = |slot: u8| square_on(shape, slot);
    let me = p.turn;
    let from = m.from();
    let k = kind(p.cells[from as usize]);
    let knight = k == KNIGHT;
    let mut d = MoveDrawing::default();
    if m.is_walk() {
        let Some(r) = p.walker(me).replay(from, k, m.unit(), m.rotation()) else {
            return d;
        };
        for (i, w) in r.path.windows(2).enumerate() {
            let mut l = leg(shape, w[0].0, w[1].0, knight);
            if let (Some(r0), true) = (m.rotation(), i > 0) {
                // Turn number i - 1 (SCA-4.1; alternating under Gilman).
                let rot = if p.rules.alternate_turns && i % 2 == 0 {
                    opposite(r0)
                } else {
                    r0
                };
                l = l.turning(rot);
            }
            d = d.leg(l);
        }
        for &c in &r.captured {
            d = d.mark(square(c), MoveMark::Captured);
        }
        if r.branch.king_lost {
            d = d.mark(square(r.branch.end), MoveMark::Captured);
        } else if r.branch.hits > 0 {
            let king = p.kings[me.other()];
            d = d.mark(square(king), MoveMark::Hit);
        }
        return d;
    }
    let to = m.to();
    if m.is_castle() {
        // SCA-13.1: the king's move, then the rook's.
        let (c, long) = m.castling(p.rules.base());
        let (_, r_to, _) = if long { c.long } else { c.short };
        return d
            .leg(leg(shape, from, to, false))
            .leg(leg(shape, c.rook, r_to, false));
    }
    d = d.leg(leg(shape, from, to, knight));
    let t = p.cells[to as usize];
    if has_piece(t) && color_of(t) != me {
        d = d.mark(square(to), MoveMark::Captured);
    }
    if m.is_en_passant() {
        d = d.mark(square(p.en_passant_victim(to)), MoveMark::Captured);
    }
    if let Some(k) = m.promotion() {
        d = d.mark(
            square(to),
            MoveMark::Promoted(Piece::from_fen(letter(piece(k, me)))),
        );
    }
    d
}
