//! Pictures of Hop Chess positions and turns, for `explain --svg/--png`
//! and `moves --from --svg/--png` (the model is
//! [`crate::core::diagram`]).
//!
//! - the position: the 8×8 board, pieces, both trampolines as pads in
//!   their owner's colour (HOP-1, HOP-2), the king in check marked
//!   (HOP-7); side panel: side to move, castling rights, en passant cell,
//!   where each trampoline stands (or that it is off the board), White's
//!   first turn without placement (HOP-2), move counters;
//! - a turn (HOP-2): the piece move, then the placement. The piece's first
//!   leg slides (a knight's leaps, dashed), each later leg is a hop from
//!   the trampoline it landed on (HOP-3), noted with whose trampoline it
//!   is; castling as the king's leg then the rook's (HOP-4); a capture
//!   crossed, for en passant on the pawn taken (HOP-5); promotion marked
//!   on the square where it happens, also when the promoted piece hops on
//!   (HOP-6); the placement as a last leg from where the mover's
//!   trampoline stood (or a ring on the square: placed from off the board,
//!   or staying), with a note; check after the turn noted (HOP-7);
//! - an illegal text: the candidate the generator discarded that it names
//!   (as `explain` finds it; its path ends where the generator stopped
//!   following it), with the written placement, and where it breaks: the king's square after the turn (HOP-7; for castling the
//!   first of start, crossed square and destination that is attacked), the
//!   trampoline a king lands on or castling crosses (HOP-4), the hop
//!   square where a queen changes line (HOP-3), the trampoline landed on
//!   twice or the start square returned to (HOP-3.1), the en passant cell
//!   (HOP-5), the placement square (HOP-2).

use crate::core::chess::castling_field;
use crate::core::diagram::{
    Diagram, Fact, Geometry, Leg, LegKind, Marker, MoveDrawing, MoveMark, Piece,
};
use crate::core::{Color, Square, Verdict};

use super::moves::Turn;
use super::notation::piece_char;
use super::record::parse_pattern;
use super::*;

fn sq(s: u8) -> Square {
    Square(s)
}

fn piece_at(p: &Hop, s: u8) -> Option<Piece> {
    let c = p.board[s as usize];
    (c != 0).then(|| Piece::from_fen(piece_char(c)))
}

/// Where a side's trampoline stands, in words.
fn tramp_text(p: &Hop, c: Color) -> String {
    match p.tramp[side(c)] {
        NONE => format!("{} trampoline: off the board", c.name()),
        s => format!("{} trampoline: {}", c.name(), sq_name(s)),
    }
}

/// The picture of a position (HOP-1, HOP-2, HOP-7).
pub fn diagram(p: &Hop) -> Diagram {
    let mut d = Diagram::new(Geometry::square(8, 8));
    for r in 0..8u8 {
        for f in 0..8u8 {
            if let Some(piece) = piece_at(p, r * 16 + f) {
                d = d.put(Square::new(f, r), piece);
            }
        }
    }
    for c in [Color::White, Color::Black] {
        let t = p.tramp[side(c)];
        if t != NONE {
            d = d.marker(sq(t), Marker::Trampoline(c));
        }
    }
    if p.in_check(p.turn) {
        d = d.marker(sq(p.king[side(p.turn)]), Marker::Check);
    }
    d = d
        .fact(Fact::ToMove(p.turn))
        .fact(Fact::Castling(castling_field(p.castling)));
    if p.ep != NONE {
        d = d.fact(Fact::EnPassant(sq(p.ep)));
    }
    d = d
        .fact(Fact::Note(tramp_text(p, Color::White)))
        .fact(Fact::Note(tramp_text(p, Color::Black)));
    if p.first_turn() {
        d = d.fact(Fact::Note(
            "White's first turn: a piece move only, no placement (HOP-2)".into(),
        ));
    }
    d.fact(Fact::Note(format!(
        "move {}, halfmove clock {}",
        p.fullmove, p.halfmove
    )))
}

/// The rook's start and end of castling by the king on `king` (HOP-4).
fn castling_rook(king: u8, rook: u8) -> (u8, u8) {
    let to = if rook & 7 == 7 { king + 1 } else { king - 1 };
    (rook, to)
}

/// The legs of a piece path (start, landings, end): the first an
/// ordinary move of the piece (a knight leaps), each later one a hop from
/// the trampoline just landed on (HOP-3).
fn path_legs(p: &Hop, path: &[u8]) -> Vec<Leg> {
    let knight = path
        .first()
        .is_some_and(|&s| kind(p.board[s as usize]) == KNIGHT);
    path.windows(2)
        .enumerate()
        .map(|(i, w)| {
            let (a, b) = (sq(w[0]), sq(w[1]));
            match i {
                0 if knight => Leg::leap(a, b),
                0 => Leg::straight_or_leap(a, b),
                _ => Leg::new(LegKind::Hop, a, b),
            }
        })
        .collect()
}

/// Whose trampolines the landings of `path` are, in words (HOP-3).
fn hop_note(p: &Hop, path: &[u8]) -> Option<String> {
    let hops: Vec<String> = path
        .iter()
        .skip(1)
        .take(path.len().saturating_sub(2))
        .filter_map(|&s| {
            let owner = p.tramp_at(s)?;
            let c = if owner == 0 {
                Color::White
            } else {
                Color::Black
            };
            Some(format!("{}'s trampoline on {}", c.name(), sq_name(s)))
        })
        .collect();
    (!hops.is_empty()).then(|| format!("hops from {} (HOP-3)", hops.join(", then from ")))
}

/// The placement leg and note of a turn (HOP-2).
fn placement(p: &Hop, place: u8, mut d: MoveDrawing) -> MoveDrawing {
    let me = p.turn;
    if place == NONE {
        if p.first_turn() {
            d = d.note("White's first turn: no placement (HOP-2)");
        }
        return d;
    }
    let old = p.tramp[side(me)];
    let (from, note) = if old == NONE {
        (
            place,
            format!(
                "{} trampoline placed on {} from off the board (HOP-2)",
                me.name(),
                sq_name(place)
            ),
        )
    } else if old == place {
        (
            place,
            format!(
                "{} trampoline stays on {} (HOP-2)",
                me.name(),
                sq_name(place)
            ),
        )
    } else {
        (
            old,
            format!(
                "{} trampoline moves from {} to {} (HOP-2)",
                me.name(),
                sq_name(old),
                sq_name(place)
            ),
        )
    };
    d.leg(Leg::new(LegKind::Place, sq(from), sq(place)))
        .note(note)
}

/// The piece move's legs and marks (HOP-3 … HOP-6).
fn piece_drawing(p: &Hop, t: &Turn) -> MoveDrawing {
    let pm = &t.piece;
    let me = p.turn;
    let mut d = MoveDrawing::default();
    if pm.castle != NONE {
        let (rf, rt) = castling_rook(pm.from(), pm.castle);
        return d
            .leg(Leg::slide(sq(pm.from()), sq(pm.to())))
            .leg(Leg::slide(sq(rf), sq(rt)));
    }
    let path = &pm.path[..pm.len as usize];
    for leg in path_legs(p, path) {
        d = d.leg(leg);
    }
    if pm.capture {
        let at = if pm.ep {
            offset(pm.to(), -Hop::fwd(me))
        } else {
            pm.to()
        };
        d = d.mark(sq(at), MoveMark::Captured);
    }
    if pm.promo != 0 {
        let c = piece_char(pm.promo | color_bit(me));
        d = d.mark(sq(pm.promo_at), MoveMark::Promoted(Piece::from_fen(c)));
        if pm.promo_at != pm.to() {
            d = d.note(format!(
                "promotes on {}, a trampoline: the new piece moves on (HOP-6)",
                sq_name(pm.promo_at)
            ));
        }
    }
    if let Some(n) = hop_note(p, path) {
        d = d.note(n);
    }
    d
}

/// The drawing of a legal turn (see the module docs).
pub fn draw_move(p: &Hop, t: &Turn) -> MoveDrawing {
    let mut d = placement(p, t.place, piece_drawing(p, t));
    let mut after = p.clone();
    after.play_turn(t);
    if after.in_check(after.turn) {
        d = d.note(format!(
            "the {} king is in check (HOP-7)",
            after.turn.name()
        ));
    }
    d
}

/// The line type of a leg: 1 orthogonal, 2 diagonal, 0 neither.
fn line(a: u8, b: u8) -> u8 {
    let (df, dr) = (
        (b & 7) as i8 - (a & 7) as i8,
        (b >> 4) as i8 - (a >> 4) as i8,
    );
    if df == 0 || dr == 0 {
        1
    } else if df.abs() == dr.abs() {
        2
    } else {
        0
    }
}

/// HOP-7: where the mover's king is attacked after the turn `t` (for
/// castling the first attacked of start, crossed square, destination).
fn king_breaks(p: &Hop, t: &Turn) -> u8 {
    let me = p.turn;
    let pm = &t.piece;
    if pm.castle != NONE {
        let from = pm.from();
        let cross = castling_rook(from, pm.castle).1;
        if p.attacked(from, me.other()) {
            return from;
        }
        let mut c = p.clone();
        c.board[from as usize] = 0;
        c.board[cross as usize] = KING | color_bit(me);
        if c.attacked(cross, me.other()) {
            return cross;
        }
    }
    let mut after = p.clone();
    after.play_turn(t);
    after.king[side(me)]
}

/// Where the attempted turn `t` breaks the rule `rules` (see the module
/// docs).
fn breaks_at(p: &Hop, t: &Turn, rules: &[&str], reason: &str) -> Option<u8> {
    let pm = &t.piece;
    let path = &pm.path[..pm.len as usize];
    let at = match rules.first().copied() {
        Some("HOP-7") => king_breaks(p, t),
        Some("HOP-4") if pm.castle != NONE => {
            let (lo, hi) = (pm.from().min(pm.castle), pm.from().max(pm.castle));
            (lo + 1..hi).find(|&s| p.tramp_at(s).is_some())?
        }
        Some("HOP-4") => *path.iter().skip(1).find(|&&s| p.tramp_at(s).is_some())?,
        Some("HOP-3") => (1..path.len() - 1)
            .find(|&i| {
                let before = line(path[i - 1], path[i]);
                before != 0 && line(path[i], path[i + 1]) != before
            })
            .map_or(path[1], |i| path[i]),
        Some("HOP-3.1") if reason.contains("start square") => pm.from(),
        Some("HOP-3.1") if reason.contains("at most once") => {
            let landings = &path[1..];
            *landings
                .iter()
                .enumerate()
                .find(|&(i, s)| landings[..i].contains(s))
                .map(|(_, s)| s)?
        }
        Some("HOP-2") if t.place != NONE => t.place,
        _ => pm.to(),
    };
    Some(at)
}

/// The drawing of an illegal text: the turn it attempts and where it
/// breaks (see the module docs and `explain.rs`).
pub fn draw_illegal(p: &Hop, text: &str, v: &Verdict) -> MoveDrawing {
    let g = Geometry::square(8, 8);
    if let Some((t, rules)) = p.attempted_turn(text) {
        if v.rules == rules {
            let mut d = placement(p, t.place, piece_drawing(p, &t));
            if let Some(at) = breaks_at(p, &t, &rules, &v.reason) {
                d = d.mark(sq(at), MoveMark::Breaks);
            }
            return d;
        }
    }
    // A text that names no discarded candidate: its written path (hops after the first
    // leg) and placement, breaking where the reason says.
    let Ok(pat) = parse_pattern(text) else {
        return MoveDrawing::attempted(g, text, v);
    };
    let Some(path) = pat.path.as_ref().filter(|x| x.iter().all(|&s| on_board(s))) else {
        let mut d = MoveDrawing::attempted(g, text, v);
        if let Some(place) = pat.place {
            if !d.legs.is_empty() {
                d.legs.pop();
                d = d.leg(Leg::new(LegKind::Place, sq(place), sq(place)));
            }
        }
        return d;
    };
    let mut d = MoveDrawing::default();
    for leg in path_legs(p, path) {
        d = d.leg(leg);
    }
    if let Some(place) = pat.place {
        d = placement(p, place, d);
    }
    let last = *path.last().unwrap_or(&path[0]);
    let at = if v.rules.first() == Some(&"HOP-2") {
        pat.place.unwrap_or(last)
    } else {
        last
    };
    d.mark(sq(at), MoveMark::Breaks)
}

#[cfg(test)]
mod tests {
    use crate::core::diagram::{Fact, LegKind, Marker, MoveDrawing, MoveMark};
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    use crate::core::{Color, Square};
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};
    use crate::variants::hop::notation::parse_position;
    use crate::variants::hop::HopRules;

    fn s(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn pos(text: &str) -> crate::variants::hop::Hop {
        parse_position(text, HopRules::default()).unwrap()
    }

    fn drawing(text: &str, mv: &str) -> MoveDrawing {
        let p = pos(text);
        let t = p.parse_move(mv).unwrap();
        p.draw_move(&t)
    }

    fn breaks(text: &str, mv: &str) -> (MoveDrawing, String) {
        let p = pos(text);
        let v = p.explain(mv).unwrap();
        assert!(!v.legal, "{mv}");
        let d = p.draw_illegal(mv, &v);
        let at = d
            .marks
            .iter()
            .find(|m| m.mark == MoveMark::Breaks)
            .map(|m| m.square.to_string())
            .unwrap_or_default();
        (d, at)
    }

    fn kinds(d: &MoveDrawing) -> Vec<(String, String, LegKind)> {
        d.legs
            .iter()
            .map(|l| (l.from.to_string(), l.to.to_string(), l.kind))
            .collect()
    }

    const DOUBLE: &str = "7k/8/8/8/8/8/7K/R7 w - - 0 20 a4 d4";

    #[test]
    fn position_shows_both_trampolines_in_colour() {
        let d = pos(DOUBLE).diagram();
        assert!(d
            .markers
            .iter()
            .any(|m| m.square == s("a4") && m.marker == Marker::Trampoline(Color::White)));
        assert!(d
            .markers
            .iter()
            .any(|m| m.square == s("d4") && m.marker == Marker::Trampoline(Color::Black)));
        assert!(d.facts.contains(&Fact::Note("black trampoline: d4".into())));
        let start = pos(super::super::START).diagram();
        assert!(start.markers.is_empty());
        assert!(start
            .facts
            .iter()
            .any(|f| matches!(f, Fact::Note(n) if n.contains("no placement"))));
    }

    /// HOP-3, HOP-3.1: a slide onto a4, hops from a4 and d4, the
    /// trampoline placed from a4 onto b2.
    #[test]
    fn double_hop_and_placement() {
        let d = drawing(DOUBLE, "Ra1-a4-d4-d8@b2");
        let want = [
            ("a1", "a4", LegKind::Slide),
            ("a4", "d4", LegKind::Hop),
            ("d4", "d8", LegKind::Hop),
            ("a4", "b2", LegKind::Place),
        ];
        assert_eq!(
            kinds(&d),
            want.map(|(a, b, k)| (a.to_string(), b.to_string(), k))
        );
        assert!(d.notes.iter().any(|n| n
            .contains("hops from white's trampoline on a4, then from black's trampoline on d4")));
        assert!(d.notes.iter().any(|n| n.contains("moves from a4 to b2")));
        // Staying: a ring on the square, and the note says so.
        let d = drawing(DOUBLE, "Ra1-a4-d4-d8@a4");
        assert_eq!(d.legs[3].from, d.legs[3].to);
        assert!(d.notes.iter().any(|n| n.contains("stays on a4")));
    }

    /// HOP-6 promotion on a trampoline, then the queen moves on.
    #[test]
    fn promotion_on_a_trampoline() {
        let d = drawing("8/4P3/8/k7/8/8/8/K7 w - - 0 50 e8 -", "e7-e8=Q-a8@e8");
        assert_eq!(d.legs[1].kind, LegKind::Hop);
        assert!(d.marks.iter().any(|m| m.square == s("e8")
            && matches!(m.mark, MoveMark::Promoted(p) if p.letter == Some('Q'))));
        assert!(d.notes.iter().any(|n| n.contains("HOP-6")));
    }

    #[test]
    fn en_passant_and_castling() {
        let d = drawing("4k3/8/8/3pP3/2P5/8/8/4K3 w - d6 0 31 c5 h6", "e5:d6@a1");
        assert!(d.has_mark(s("d5"), &MoveMark::Captured));
        assert!(!d.has_mark(s("d6"), &MoveMark::Captured));
        let d = drawing("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 10 b1 -", "O-O@c3");
        let ends: Vec<(String, String)> = d
            .legs
            .iter()
            .map(|l| (l.from.to_string(), l.to.to_string()))
            .collect();
        assert_eq!(
            ends,
            [("e1", "g1"), ("h1", "f1"), ("b1", "c3")].map(|(a, b)| (a.into(), b.into()))
        );
    }

    #[test]
    fn illegal_turns_break_where_the_rule_says() {
        // HOP-7: the king's square after the turn.
        let (_, at) = breaks("r3k3/8/8/8/8/8/8/4K3 w - - 0 30 h3 -", "Ke1-f1@a1");
        assert_eq!(at, "f1");
        // HOP-7 castling: the attacked crossed square or destination.
        let (d, at) = breaks("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 10 b1 -", "O-O@h1");
        assert_eq!(at, "g1");
        assert_eq!(d.legs.len(), 3);
        // HOP-4: castling across a trampoline: the trampoline.
        let (_, at) = breaks("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 10 b1 -", "O-O-O@c3");
        assert_eq!(at, "b1");
        // HOP-4: a king landing on a trampoline.
        let (_, at) = breaks("4k3/8/8/8/8/8/8/4K3 w - - 0 30 e2 d2", "Ke1-e2-e3@e2");
        assert_eq!(at, "e2");
        // HOP-3.1: landing on a4 again; ending on the start square.
        let (_, at) = breaks(DOUBLE, "Ra1-a4-d4-a4-a8@b2");
        assert_eq!(at, "a4");
        let (_, at) = breaks(DOUBLE, "Ra1-a4-a1@b2");
        assert_eq!(at, "a1");
        // HOP-3: the queen turns diagonal on the trampoline f1.
        let (d, at) = breaks("7k/8/8/8/8/8/2PPP3/K2Q4 w - - 0 20 f1 -", "Qd1-f1-g2@a8");
        assert_eq!(at, "f1");
        assert_eq!(d.legs[1].kind, LegKind::Hop);
        // HOP-5: en passant after a hop: the en passant cell.
        let (_, at) = breaks("4k3/8/8/3pP3/2P5/8/8/4K3 w - d6 0 31 c5 h6", "c4-c5:d6@a1");
        assert_eq!(at, "d6");
        // HOP-2: a placement on a piece.
        let (_, at) = breaks(DOUBLE, "Ra1-h1@h2");
        assert_eq!(at, "h2");
    }
}
