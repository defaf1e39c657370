//! Pictures of `fide` positions and moves (FIDE-1), for `explain --svg`
//! and `moves --from --svg` (the model is
//! [`crate::core::diagram`]).
//!
//! - the position: the 8×8 board, pieces by their FEN letters, the king in
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
use crate::core::{Color, Square, Verdict};

use super::explain::parse_uci;
use super::moves::{mv_flag, mv_from, mv_promo, mv_to, Mv, F_CASTLE, F_EP};
use super::position::{PieceSets, Pos, Role};

fn sq(i: u32) -> Square {
    Square::new((i % 8) as u8, (i / 8) as u8)
}

/// The picture of a position (FIDE-1), drawn by
/// [`crate::core::bitchess::diagram`].
pub fn diagram(pos: &Pos) -> Diagram {
    bitchess::diagram(pos)
}

/// The rook's start and end of castling with the king from `from` to `to`.
fn castling_rook(from: u32, to: u32) -> (u32, u32) {
    if to > from {
        (from + 3, from + 1)
    } else {
        (from - 4, from - 1)
    }
}

/// The leg of a piece from `from` to `to`: a knight leaps, the rest slide.
fn leg(pos: &Pos, from: u32, to: u32) -> Leg {
    if pos.role_at(from) == Some(Role::Knight) {
        Leg::leap(sq(from), sq(to))
    } else {
        Leg::straight_or_leap(sq(from), sq(to))
    }
}

/// The drawing of a legal move (FIDE-1), drawn by
/// [`crate::core::bitchess::draw_move`].
pub fn draw_move(pos: &Pos, m: Mv) -> MoveDrawing {
    let (from, to) = (mv_from(m), mv_to(m));
    let castle = (mv_flag(m) == F_CASTLE).then(|| castling_rook(from, to));
    let ep = mv_flag(m) == F_EP;
    bitchess::draw_move(pos, leg(pos, from, to), (from, to), castle, ep, mv_promo(m))
}

/// The drawing of an illegal move text: what it attempts, and where it
/// breaks according to the verdict's reason (see [`super::explain`]).
pub fn draw_illegal(pos: &Pos, text: &str, verdict: &Verdict) -> MoveDrawing {
    let g = Geometry::square(8, 8);
    let Ok((from, to, _)) = parse_uci(text) else {
        return MoveDrawing::attempted(g, text, verdict);
    };
    let home = if pos.turn == Color::White { 4 } else { 60 };
    let castling = pos.role_at(from) == Some(Role::King) && from == home && from.abs_diff(to) == 2;
    let castle = castling.then(|| castling_rook(from, to));
    let rook_from = || castling_rook(from, to).0;
    let leg = leg(pos, from, to);
    bitchess::draw_attempt(pos, leg, (from, to), castle, &verdict.reason, rook_from)
}

#[cfg(test)]
mod tests {
    use super::super::Fide;
    use crate::core::diagram::{LegKind, MoveMark};
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    use crate::core::Square;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    fn s(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn drawing(fen: &str, mv: &str) -> crate::core::diagram::MoveDrawing {
        let g = Fide::from_fen(fen, 0).unwrap();
        let m = g.parse_move(mv).unwrap();
        g.draw_move(&m)
    }

    #[test]
    fn castling_is_king_then_rook() {
        let d = drawing("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1");
        assert_eq!(d.legs.len(), 2);
        assert_eq!((d.legs[0].from, d.legs[0].to), (s("e1"), s("c1")));
        assert_eq!((d.legs[1].from, d.legs[1].to), (s("a1"), s("d1")));
        let d = drawing("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8");
        assert_eq!((d.legs[1].from, d.legs[1].to), (s("h8"), s("f8")));
    }

    #[test]
    fn en_passant_marks_the_pawn_taken() {
        let d = drawing("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6");
        assert!(d.has_mark(s("d5"), &MoveMark::Captured));
        assert!(!d.has_mark(s("d6"), &MoveMark::Captured));
    }

    #[test]
    fn promotion_and_knight_leaps() {
        let d = drawing("1r2k3/P7/8/8/8/8/8/4K1N1 w - - 0 1", "a7b8n");
        assert!(d.has_mark(s("b8"), &MoveMark::Captured));
        assert!(d.marks.iter().any(|m| m.square == s("b8")
            && matches!(m.mark, MoveMark::Promoted(p) if p.letter == Some('N'))));
        let d = drawing("1r2k3/P7/8/8/8/8/8/4K1N1 w - - 0 1", "g1f3");
        assert_eq!(d.legs[0].kind, LegKind::Leap);
    }

    #[test]
    fn illegal_moves_break_where_the_reason_says() {
        let g = Fide::from_fen("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", 0).unwrap();
        let breaks = |mv: &str| {
            let v = g.explain(mv).unwrap();
            assert!(!v.legal, "{mv}");
            let d = g.draw_illegal(mv, &v);
            d.marks
                .iter()
                .find(|m| m.mark == MoveMark::Breaks)
                .map(|m| m.square.to_string())
        };
        // In check from e2: castling is out of check, the king is marked.
        assert_eq!(breaks("e1g1").as_deref(), Some("e1"));
        assert_eq!(breaks("a1a8").as_deref(), Some("e1"));
        assert_eq!(breaks("b2b3").as_deref(), Some("b2"));
        let g = Fide::from_fen("4k3/8/8/8/8/8/8/R3K1nR w KQ - 0 1", 0).unwrap();
        let v = g.explain("e1g1").unwrap();
        let d = g.draw_illegal("e1g1", &v);
        assert_eq!(d.legs.len(), 2);
        assert!(d.has_mark(s("g1"), &MoveMark::Breaks), "{v:?} {d:?}");
    }
}
