//! Pictures of `glinski` positions and moves (GLN-1; the model is
//! [`crate::core::diagram`], the board [`Geometry::Hex`]).
//!
//! - the position: Gliński's board, pieces by their letters, the king in
//!   check marked; side panel: side to move, en passant cell, move
//!   counters;
//! - a move: one leg from start to end (a knight's leap dashed); a capture
//!   marked on the captured piece, for en passant on the pawn taken (not
//!   the cell the capturing pawn lands on); promotion marked with the new
//!   piece;
//! - an illegal move: the default drawing of the two cells of its text,
//!   broken where the verdict's reason says (a cell it names, else the
//!   destination).

use crate::core::diagram::{Diagram, Fact, Geometry, Leg, Marker, MoveDrawing, MoveMark, Piece};
use crate::core::hex::{Cell, Shape, DIRECTION, NOT_ALIGNED};
use crate::core::{Color, Square};

use super::moves::{Mv, F_CASTLE, F_EP};
use super::position::{PieceSets, Pos, Role, FORWARD, NO_EP};

/// The square of a slot in the picture convention of [`Geometry::Hex`]
/// (file index 0..=10 for a..l without j, rank − 1).
pub fn square(slot: usize) -> Square {
    Cell::from_slot(slot).map_or(Square(0), |c| Square::new(c.file(), c.rank()))
}

/// The square of a slot of `shape`'s board in the picture convention of
/// its geometry ([`geometry`]).
pub fn square_on(shape: Shape, slot: usize) -> Square {
    match shape {
        Shape::Glinski => square(slot),
        Shape::Shafran => {
            Cell::from_slot(slot).map_or(Square(0), |c| Square::new(shape.file(c), shape.rank(c)))
        }
    }
}

/// The picture geometry of `shape`.
pub fn geometry(shape: Shape) -> Geometry {
    match shape {
        Shape::Glinski => Geometry::Hex,
        Shape::Shafran => Geometry::HexShafran,
    }
}

fn piece(role: Role, c: Color) -> Piece {
    Piece::new(role.letter(), c)
}

/// The picture of a position (GLN-1, MCC-1, SHF-1 by its base).
pub fn diagram(pos: &Pos) -> Diagram {
    let shape = pos.shape();
    let square = |s: usize| square_on(shape, s);
    let mut d = Diagram::new(geometry(shape));
    for c in shape.all() {
        let s = c.slot();
        if let (Some(r), Some(col)) = (pos.role_at(s as u32), pos.color_at(s as u32)) {
            d = d.put(square(s), piece(r, col));
        }
    }
    if let Some(k) = pos.king(pos.turn).filter(|_| pos.checked()) {
        d = d.marker(square(k), Marker::Check);
    }
    d = d.fact(Fact::ToMove(pos.turn));
    if pos.ep2 != NO_EP && pos.opts & super::position::OPT_EP_LAST == 0 {
        d = d.fact(Fact::EnPassant(square(pos.ep2 as usize)));
    }
    if pos.ep != NO_EP {
        d = d.fact(Fact::EnPassant(square(pos.ep as usize)));
    }
    if !pos.base().castlings.is_empty() {
        let rights: String = pos
            .base()
            .castlings
            .iter()
            .filter(|c| pos.castling & c.right != 0)
            .map(|c| c.letter)
            .collect();
        d = d.fact(Fact::Note(format!(
            "castling rights {}",
            if rights.is_empty() { "-" } else { &rights }
        )));
    }
    d.fact(Fact::Note(format!(
        "move {}, halfmove clock {}",
        pos.fullmove, pos.halfmove
    )))
}

/// The drawing of a legal move (GLN-1, MCC-1, SHF-1; a castling draws the
/// king's and the rook's legs).
pub fn draw_move(pos: &Pos, m: Mv) -> MoveDrawing {
    let shape = pos.shape();
    let square = |s: usize| square_on(shape, s);
    let (from, to) = (m.from as usize, m.to as usize);
    let leap = pos.role_at(from as u32) == Some(Role::Knight) || DIRECTION[from][to] == NOT_ALIGNED;
    let leg = if leap {
        Leg::leap(square(from), square(to))
    } else {
        Leg::slide(square(from), square(to))
    };
    let mut d = MoveDrawing::default().leg(leg);
    if m.flag == F_CASTLE {
        if let Some((rook, rto)) = pos.base().castling_rook(from, to) {
            d = d.leg(Leg::slide(square(rook), square(rto)));
        }
    }
    if m.flag == F_EP {
        // The pawn taken stands one cell beyond the last cell passed over.
        let cap = (pos.ep as i32 + FORWARD[pos.turn.other()].slot_offset()) as usize;
        d = d.mark(square(cap), MoveMark::Captured);
    } else if pos.occupied() & (1u128 << to) != 0 {
        d = d.mark(square(to), MoveMark::Captured);
    }
    if let Some(r) = m.promo() {
        d = d.mark(square(to), MoveMark::Promoted(piece(r, pos.turn)));
    }
    d
}

#[cfg(test)]
mod tests {
    use super::super::Glinski;
    use crate::core::diagram::{Geometry, LegKind, MoveMark};
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    use crate::core::Square;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    fn s(name: &str) -> Square {
        Geometry::Hex.parse(name).unwrap()
    }

    #[test]
    fn moves_are_drawn_on_the_hexagonal_board() {
        let g = Glinski::start();
        let d = g.diagram();
        assert_eq!(d.geometry, Geometry::Hex);
        assert_eq!(d.pieces.len(), 36);
        // k1 and l-file cells use the picture's file index (9 for k).
        assert_eq!(d.top(s("k1")).unwrap().letter, Some('P'));
        let m = g.parse_move("h1k2").unwrap();
        let dr = g.draw_move(&m);
        assert_eq!((dr.legs[0].from, dr.legs[0].to), (s("h1"), s("k2")));
        assert_eq!(dr.legs[0].kind, LegKind::Leap);
        let m = g.parse_move("f2k6").unwrap();
        assert_eq!(g.draw_move(&m).legs[0].kind, LegKind::Slide);
        // The moves of the pawn on k1, and only those.
        let dg: &dyn crate::core::DynGame = &g;
        let texts: Vec<String> = dg
            .draw_moves_from(s("k1"))
            .into_iter()
            .map(|x| x.0)
            .collect();
        assert_eq!(texts, ["k1k2", "k1k3"]);
    }

    #[test]
    fn en_passant_and_promotion_marks() {
        let g = Glinski::from_text(
            "b/qbk/n1b1n/r5r/ppp1ppppp/5P5/4p6/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w e6 0 2",
            0,
        )
        .unwrap();
        let d = g.draw_move(&g.parse_move("f6e6").unwrap());
        assert!(d.has_mark(s("e5"), &MoveMark::Captured), "{d:?}");
        assert!(!d.has_mark(s("e6"), &MoveMark::Captured), "{d:?}");
        let g = Glinski::from_text("1/3/5/1P5/9/11/11/11/11/11/K9k w - 0 1", 0).unwrap();
        let m = g.parse_move("d8d9q").unwrap();
        let d = g.draw_move(&m);
        assert!(d
            .marks
            .iter()
            .any(|x| matches!(x.mark, MoveMark::Promoted(p) if p.letter == Some('Q'))));
    }
}
