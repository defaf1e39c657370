//! Pictures of `sonic` positions and moves, for `explain --svg/--png` and
//! `moves --from --svg/--png` (the model is
//! [`crate::core::diagram`]).
//!
//! - the position (SCA-1, SCA-11): the board of its size (8×8 … 16×16),
//!   pieces by their letters, springs (SCA-1, SCA-7) as tinted cells with
//!   a coil, a king that could be captured or hit (SCA-10) marked; side
//!   panel: side to move, castling rights, en passant cell, each king's
//!   form and remaining forms or its pending choice (SCA-8, SCA-9.1,
//!   SCA-9.2), move counters;
//! - a move: the start-of-turn form choice as a note (SCA-9.1); the path
//!   as numbered legs, one per landing: an R, B or Q slides to its first
//!   capture and every later leg starts with its bounce turn and rotation
//!   (SCA-4, SCA-4.1, alternating under `alternate-turns`); a knight's
//!   capture and each Tails leap are dashed leaps (SCA-6); captured pieces
//!   are crossed, hits on the enemy king ringed (a hit is not a capture,
//!   SCA-9), bounces off bare springs and the king's new forms noted; a
//!   mover that would rest on the surviving king's square is marked
//!   "removed" (SCA-9); a lost king ends the game (SCA-9.3, SCA-9.4);
//!   castling as the king's leg then the rook's (SCA-8); promotion and en
//!   passant as in FIDE (SCA-2); a form switch after the move as a note
//!   (SCA-8.1);
//! - an illegal move: what it attempts and where it breaks: an endless
//!   branch (SCA-5) drawn lap by lap to the cell where it closes; a
//!   rotation that is blocked at the first capture (SCA-4.2) on that cell,
//!   the blocking neighbour labelled; a path that leaves every legal path
//!   of the piece on the first cell it gets wrong (or the obstacle that
//!   stops the slide there); castling on the condition that fails (right,
//!   piece between, king in check, attacked transit or destination); form
//!   choices and switches (SCA-8.1, SCA-9.1) on the king concerned.

use crate::core::Notation as _;
use std::cell::RefCell;

use super::eggman::Form;
use crate::core::chess::castling_field;
use crate::core::diagram::{
    Diagram, Fact, Geometry, Leg, LegKind, Marker, MoveDrawing, MoveMark, Piece,
};
use crate::core::{Color, Game, Rotation, Square, Verdict};

use super::eggman::{castle_of, castle_squares, try_castle, CastleBreak, Forms};
use super::moves::SonicMove;
use super::notation::parse_move_text;
use super::pieces::{color_of, has_piece, is_spring, kind, letter, piece, KING, PAWN, PIECE_MASK};
use super::position::Sonic;
use super::spindash::opposite;
use super::walker::Watch;

fn geometry(p: &Sonic) -> Geometry {
    Geometry::square(p.board.width, p.board.height)
}

/// The piece on a cell byte, as drawn.
fn drawn(cell: u8) -> Option<Piece> {
    has_piece(cell).then(|| Piece::from_fen(letter(cell & PIECE_MASK)))
}

/// A piece's name for the notes, from its letter.
fn name(cell: u8) -> &'static str {
    match letter(cell & PIECE_MASK).to_ascii_uppercase() {
        'P' => "pawn",
        'N' => "knight",
        'B' => "bishop",
        'R' => "rook",
        'Q' => "queen",
        'K' => "king",
        'A' => "archbishop",
        'C' => "chancellor",
        'M' => "amazon",
        _ => "piece",
    }
}

fn letters(f: Forms) -> String {
    f.iter()
        .map(|x| x.letter().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A king's forms as the side panel words them (SCA-8, SCA-9.1, SCA-9.2).
fn form_text(f: Forms) -> String {
    match f.current {
        _ if f.remaining == 0 => "lost".into(),
        Some(c) if f.count() == 1 => format!("{} (the only form left)", c.letter()),
        Some(c) => format!("{} ({} left)", c.letter(), letters(f)),
        None if f.give_up => format!("double hit: keeps one of {} at its next turn", letters(f)),
        None => format!(
            "choice pending: {} at its next turn",
            letters(f).replace(' ', " or ")
        ),
    }
}

/// The picture of a position (SCA-1, SCA-2, SCA-7, SCA-8, SCA-9.1, SCA-11).
pub fn diagram(p: &Sonic) -> Diagram {
    let mut d = Diagram::new(geometry(p));
    for sq in p.board.squares() {
        let c = p.cells[sq.0 as usize];
        if let Some(piece) = drawn(c) {
            d = d.put(sq, piece);
        }
        if is_spring(c) {
            d = d.marker(sq, Marker::Spring);
        }
    }
    if p.winner.is_none() {
        for side in [Color::White, Color::Black] {
            if let Some(k) = p.kings[side as usize] {
                if p.attacks_king(side.other()) {
                    d = d.marker(k, Marker::Check);
                }
            }
        }
    }
    d = d
        .fact(Fact::ToMove(p.turn))
        .fact(Fact::Castling(castling_field(p.castling)));
    if let Some(ep) = p.ep {
        d = d.fact(Fact::EnPassant(ep));
    }
    for side in [Color::White, Color::Black] {
        d = d.fact(Fact::KingForm {
            color: side,
            form: form_text(p.forms[side as usize]),
        });
    }
    if let Some(w) = p.winner {
        d = d.fact(Fact::Note(format!("game over: {} won (SCA-9.4)", w.name())));
    }
    d.fact(Fact::Note(format!(
        "move {}, halfmove clock {}",
        p.fullmove, p.halfmove
    )))
}

/// The form the king of the side to move has during move `m`.
fn form_during(p: &Sonic, start: Option<Form>) -> Option<Form> {
    start.or(p.forms[p.turn as usize].current)
}

/// The legs of a path (start, then every landing), `rotation` being the
/// turn at the first capture: an R, B or Q turns at the start of every
/// leg after the first (SCA-4.1; alternating under `alternate-turns`);
/// a knight leaps (SCA-6).
fn path_legs(p: &Sonic, path: &[Square], rotation: Option<Rotation>) -> Vec<Leg> {
    let mut legs = Vec::new();
    for (i, w) in path.windows(2).enumerate() {
        let mut leg = Leg::straight_or_leap(w[0], w[1]);
        if let (true, LegKind::Slide, Some(r0)) = (i >= 1, leg.kind, rotation) {
            if !p.rules.bounce_180 {
                let r = if p.rules.alternate_turns && (i - 1) % 2 == 1 {
                    opposite(r0)
                } else {
                    r0
                };
                leg = leg.turning(r);
            }
        }
        legs.push(leg);
    }
    legs
}

/// The marks and notes of a walker path's landings (SCA-4, SCA-6, SCA-7,
/// SCA-9): captures crossed, king hits ringed, spring bounces noted.
/// Returns the number of hits too.
fn landing_marks(p: &Sonic, course: &[(Square, bool)], mut d: MoveDrawing) -> (MoveDrawing, u8) {
    let opp = p.turn.other();
    let mut removed: Vec<Square> = Vec::new();
    let mut springs: Vec<String> = Vec::new();
    let mut hits = 0;
    for &(sq, x) in course.iter().skip(1) {
        if !x {
            continue;
        }
        let c = p.cells[sq.0 as usize];
        if has_piece(c) && color_of(c) == opp && !removed.contains(&sq) {
            if kind(c) == KING {
                hits += 1;
                if !d.has_mark(sq, &MoveMark::Hit) {
                    d = d.mark(sq, MoveMark::Hit);
                }
            } else {
                removed.push(sq);
                d = d.mark(sq, MoveMark::Captured);
            }
        } else if is_spring(c) && !springs.contains(&sq.to_string()) {
            springs.push(sq.to_string());
        }
    }
    if !springs.is_empty() {
        let s = if springs.len() == 1 { "" } else { "s" };
        d = d.note(format!(
            "bounces off the spring{s} on {} (SCA-7)",
            springs.join(", ")
        ));
    }
    (d, hits)
}

/// The drawing of a legal move (see the module docs).
pub fn draw_move(p: &Sonic, m: &SonicMove) -> MoveDrawing {
    let me = p.turn;
    let opp = me.other();
    let mut d = MoveDrawing::default();
    if let Some(f) = m.start_form() {
        d = d.note(format!(
            "first the {} king takes form {} (SCA-9.1, SCA-9.2)",
            me.name(),
            f.letter()
        ));
    }
    let (from, to) = (Square(m.from()), Square(m.to()));
    let cell = p.cells[from.0 as usize];
    let form = form_during(p, m.start_form());
    let mut hits = 0;
    if m.is_castle() {
        // SCA-8, SCA-11: the rook's squares as `play` moves it.
        let c = castle_of(p, m);
        d = d
            .leg(Leg::slide(from, to))
            .leg(Leg::slide(c.rook_from, c.rook_to));
        if let Some(f) = form.filter(|&f| f != Form::King) {
            d = d.note(format!("castling in form {} (SCA-8)", f.letter()));
        }
    } else if m.is_walk() {
        let course = p.course(m);
        let path: Vec<Square> = course.iter().map(|&(s, _)| s).collect();
        for leg in path_legs(p, &path, m.rotation()) {
            d = d.leg(leg);
        }
        (d, hits) = landing_marks(p, &course, d);
        if path.len() > 2 && d.legs.iter().all(|l| l.kind == LegKind::Leap) {
            d = d.note("Tails: after each capture the knight leaps on by the same vector (SCA-6)");
        }
    } else {
        let leg = if kind(cell) == KING && form != Some(Form::King) {
            Leg::leap(from, to)
        } else {
            Leg::straight_or_leap(from, to)
        };
        d = d.leg(leg);
        let t = p.cells[to.0 as usize];
        if has_piece(t) && color_of(t) == opp {
            d = d.mark(to, MoveMark::Captured);
            if kind(t) == KING {
                d = d.note(format!(
                    "the {} takes the {} king by displacement: {} wins (SCA-9.4)",
                    name(cell),
                    opp.name(),
                    me.name()
                ));
            }
        } else if kind(cell) == PAWN && to.file() != from.file() {
            // En passant: the pawn taken stands beside the start (SCA-2).
            d = d.mark(Square::new(to.file(), from.rank()), MoveMark::Captured);
        }
        if let Some(k) = m.promotion() {
            d = d.mark(
                to,
                MoveMark::Promoted(Piece::from_fen(letter(piece(k, me)))),
            );
        }
    }
    // What the move does to the enemy king, read from the position after.
    let mut after = p.clone();
    let hit = after.apply(m);
    if m.is_walk() && hit {
        if after.winner == Some(me) {
            d = d.note(format!(
                "the {} king is lost: {} wins (SCA-9.3, SCA-9.4)",
                opp.name(),
                me.name()
            ));
        } else {
            if p.kings[opp as usize] == Some(to) {
                d = d.mark(to, MoveMark::Label("removed".into())).note(format!(
                    "the {} would rest on the {} king's square {to}: it is removed (SCA-9)",
                    name(cell),
                    opp.name()
                ));
            }
            let before = p.forms[opp as usize];
            let lost = before
                .current
                .map_or(String::new(), |f| format!(": loses form {}", f.letter()));
            let times = match hits {
                2 => " twice",
                3 => " three times",
                _ => "",
            };
            d = d.note(format!(
                "hits the {} king{times}{lost}; now {} (SCA-9, SCA-9.1)",
                opp.name(),
                form_text(after.forms[opp as usize])
            ));
        }
    }
    if let Some(f) = m.switch_form() {
        d = d.note(format!(
            "then the {} king switches to form {} (SCA-8.1)",
            me.name(),
            f.letter()
        ));
    }
    d
}

/// Records the landings of the branches a trace hands on (one branch's
/// landings between two calls of the sink).
struct Landings<'a>(&'a RefCell<Vec<(u8, bool)>>);

impl Watch for Landings<'_> {
    fn land(&mut self, cell: u8, bounce: bool) {
        self.0.borrow_mut().push((cell, bounce));
    }
}

/// SCA-5: the endless branch of the piece on `from` whose first capture is
/// `first` (and whose rotation is `rotation`, when given): its path, its
/// rotation and the cell where the loop closes.
fn endless_branch(
    p: &Sonic,
    from: Square,
    first: Square,
    rotation: Option<Rotation>,
) -> Option<(Vec<Square>, Option<Rotation>, Square)> {
    let k = kind(p.cells[from.0 as usize]);
    let rec = RefCell::new(Vec::new());
    let mut found = None;
    p.walker(p.turn)
        .piece(from.0, k, false, &mut Landings(&rec), &mut |_, b| {
            let lands: Vec<(u8, bool)> = rec.borrow_mut().drain(..).collect();
            if b.endless && b.first == first.0 && (rotation.is_none() || rotation == b.rotation) {
                let mut path = vec![from];
                path.extend(lands.iter().map(|&(c, _)| Square(c)));
                found = Some((path, b.rotation, Square(b.end)));
                return true;
            }
            false
        });
    found
}

/// The cell beside `at` on the `r` side of travel along `from → at` (the
/// first cell of the new direction after a 90° turn, SCA-4.1).
fn turned_cell(p: &Sonic, from: Square, at: Square, r: Rotation) -> Option<Square> {
    let sign = |a: u8, b: u8| (b as i8 - a as i8).signum();
    let (dx, dy) = (sign(from.file(), at.file()), sign(from.rank(), at.rank()));
    let (tx, ty) = match r {
        Rotation::Clockwise => (dy, -dx),
        Rotation::Counterclockwise => (-dy, dx),
    };
    at.offset(crate::core::Dir::new(tx, ty), p.board)
}

fn rot_name(r: Rotation) -> &'static str {
    match r {
        Rotation::Clockwise => "cw",
        Rotation::Counterclockwise => "ccw",
    }
}

/// The first cell strictly between `a` and `b` (on one line) that stops a
/// slide of the piece `cell`: any piece, and for R, B, Q a bare spring too
/// (SCA-3).
fn obstacle(p: &Sonic, cell: u8, a: Square, b: Square) -> Option<Square> {
    let (df, dr) = (
        b.file() as i8 - a.file() as i8,
        b.rank() as i8 - a.rank() as i8,
    );
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    let dir = crate::core::Dir::new(df.signum(), dr.signum());
    let walker_piece = !matches!(kind(cell), PAWN | KING);
    let mut s = a.offset(dir, p.board)?;
    while s != b {
        let c = p.cells[s.0 as usize];
        if has_piece(c) || (walker_piece && is_spring(c)) {
            return Some(s);
        }
        s = s.offset(dir, p.board)?;
    }
    None
}

/// The attempted legs of a move text's path.
fn attempted_legs(p: &Sonic, path: &[Square], rotation: Option<Rotation>) -> Vec<Leg> {
    let from = path.first().copied();
    let c = from.map_or(0, |s| p.cells[s.0 as usize]);
    if has_piece(c) && kind(c) == KING && form_during(p, None) != Some(Form::King) {
        return path.windows(2).map(|w| Leg::leap(w[0], w[1])).collect();
    }
    path_legs(p, path, rotation)
}

/// SCA-8, SCA-11: where castling `O-O` (`long` false) or `O-O-O` breaks
/// (the squares and tests of `eggman::try_castle`).
fn castling_breaks(p: &Sonic, long: bool) -> Option<(MoveDrawing, Square, String)> {
    let me = p.turn;
    let ks = p.kings[me as usize]?;
    let rook_file = if long { 0 } else { p.board.width - 1 };
    let c = castle_squares(p, ks, rook_file);
    let (rook, dest) = (c.rook_from, c.king_to);
    let d = MoveDrawing::default()
        .leg(Leg::slide(ks, dest))
        .leg(Leg::slide(rook, c.rook_to));
    let has_right = p.castling_rights(me).iter().any(|&(_, f)| f == rook_file);
    let (at, why) = if !has_right {
        (rook, "no castling right on this side".to_string())
    } else {
        match try_castle(p, ks, rook_file, p.in_check()) {
            Err(CastleBreak::NoRook) => (rook, "no rook in the corner".to_string()),
            Err(CastleBreak::Occupied(s)) => {
                (s, format!("a piece stands between king and rook on {s}"))
            }
            Err(CastleBreak::InCheck) => (ks, "the king is in check (SCA-10)".to_string()),
            Err(CastleBreak::Crossed(s)) => (
                s,
                format!("the king would cross the attacked square {s} (SCA-10)"),
            ),
            Err(CastleBreak::Destination) | Ok(_) => (
                dest,
                format!("the king would land attacked on {dest} (SCA-10)"),
            ),
        }
    };
    Some((d, at, why))
}

/// The drawing of an illegal move text: what it attempts and where it
/// breaks (see the module docs and [`super::explain`]).
pub fn draw_illegal(p: &Sonic, text: &str, v: &Verdict) -> MoveDrawing {
    let g = geometry(p);
    let generic = || MoveDrawing::attempted(g, text, v);
    let Ok(syn) = parse_move_text(text) else {
        return generic();
    };
    let me = p.turn;
    let own_king = p.kings[me as usize];
    let opp_king = p.kings[me.other() as usize];
    let reason = v.reason.as_str();
    let path: Vec<Square> = syn.path.iter().map(|&(_, s)| s).collect();
    let is = |r: &str| v.rules.contains(&r);

    if p.winner.is_some() {
        return generic();
    }
    // A form switch after a move that is legal without it (SCA-8.1).
    if syn.switch.is_some() && is("SCA-8.1") {
        let base = text.rsplit_once(':').map_or(text, |(b, _)| b);
        if let Some(m) = p.legal_moves().into_iter().find(|m| p.move_text(m) == base) {
            let at = if reason.contains("opponent's king") {
                opp_king
            } else if reason.contains("king move") {
                Some(Square(m.from()))
            } else {
                own_king
            };
            let mut d = draw_move(p, &m);
            if let Some(k) = at {
                d = d.mark(k, MoveMark::Breaks);
            }
            return d;
        }
    }
    // The start-of-turn form choice (SCA-9.1, SCA-9.2).
    if (is("SCA-9.1") || is("SCA-9.2")) && !is("SCA-8.1") {
        let mut d = MoveDrawing::default();
        for leg in attempted_legs(p, &path, syn.rotation) {
            d = d.leg(leg);
        }
        if let Some(k) = own_king {
            d = d.mark(k, MoveMark::Breaks);
        }
        return d;
    }
    if let Some(long) = syn.castle {
        return match castling_breaks(p, long) {
            Some((d, at, why)) => d.mark(at, MoveMark::Breaks).note(why),
            None => generic(),
        };
    }
    let Some(&from) = path.first() else {
        return generic();
    };
    if !p.board.contains(from) {
        return generic();
    }
    let cell = p.cells[from.0 as usize];
    if !has_piece(cell) || color_of(cell) != me {
        return generic();
    }
    // SCA-5: the endless branch, lap by lap, to where the loop closes.
    if is("SCA-5") && path.len() >= 2 {
        if let Some((loop_path, rot, end)) = endless_branch(p, from, path[1], syn.rotation) {
            let mut d = MoveDrawing::default();
            for leg in path_legs(p, &loop_path, rot) {
                d = d.leg(leg);
            }
            return d.mark(end, MoveMark::Breaks).note(format!(
                "endless: on {end} the {} turns into the same direction again with nothing removed since: the loop closes (SCA-5)",
                name(cell)
            ));
        }
    }
    // The legal move of this piece that follows the text longest.
    let mut best: Option<(usize, bool, SonicMove, Vec<Square>)> = None;
    for m in p.legal_moves() {
        if m.from() != from.0 || m.start_form().is_some() || m.switch_form().is_some() {
            continue;
        }
        let course: Vec<Square> = p.course(&m).iter().map(|&(s, _)| s).collect();
        let mut k = course.iter().zip(&path).take_while(|(a, b)| a == b).count();
        let rot_ok = syn.rotation.is_none() || syn.rotation == m.rotation();
        if !rot_ok {
            k = k.min(2);
        }
        let better = best
            .as_ref()
            .is_none_or(|(bk, bok, _, _)| (k, rot_ok) > (*bk, *bok));
        if better {
            best = Some((k, rot_ok, m, course));
        }
    }
    let mut d = MoveDrawing::default();
    for leg in attempted_legs(p, &path, syn.rotation) {
        d = d.leg(leg);
    }
    let (k, rot_ok) = best.as_ref().map_or((1, true), |b| (b.0.max(1), b.1));
    if let (Some((_, _, m, course)), false, true) = (&best, rot_ok, k >= 2) {
        // SCA-4.2: the rotation written is blocked at the first capture.
        let first = course[1];
        let mut d = d.mark(first, MoveMark::Breaks);
        if let Some(r) = syn.rotation {
            let blocked = turned_cell(p, from, first, r);
            if let Some(b) = blocked {
                d = d.mark(b, MoveMark::Label("blocked".into()));
            }
            let side = blocked.map_or("off the board".to_string(), |b| {
                if has_piece(p.cells[b.0 as usize]) {
                    format!("blocked by the {} on {b}", name(p.cells[b.0 as usize]))
                } else {
                    format!("blocked on {b}")
                }
            });
            let then = match m.rotation() {
                Some(o) => format!("the turn is forced {}", rot_name(o)),
                None => format!("both sides are blocked: the {} stops there", name(cell)),
            };
            d = d.note(format!(
                "at {first} the {} side is {side}: {then}; legal: {} (SCA-4.2)",
                rot_name(r),
                p.move_text(m)
            ));
        }
        return d;
    }
    if k >= path.len() {
        // The text stops early (or differs only in its marks).
        let at = path[path.len() - 1];
        d = d.mark(at, MoveMark::Breaks);
        if let Some((_, _, m, _)) = &best {
            d = d.note(format!("the {} goes on: {}", name(cell), p.move_text(m)));
        }
        return d;
    }
    // The first cell the text gets wrong, or what stops the slide there.
    let wrong = path[k];
    let at = obstacle(p, cell, path[k - 1], wrong).unwrap_or(wrong);
    d = d.mark(at, MoveMark::Breaks);
    if at != wrong {
        d = d.note(format!(
            "the {} cannot pass {at} on its way to {wrong}",
            name(cell)
        ));
    }
    if let Some((bk, _, m, _)) = &best {
        if *bk >= 2 {
            d = d.note(format!("legal from the same start: {}", p.move_text(m)));
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use crate::core::diagram::{Fact, LegKind, Marker, MoveDrawing, MoveMark};
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    use crate::core::{Color, Rotation, Square};
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};
    use crate::variants::sonic::{Sonic, SonicRules};

    fn s(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn pos(text: &str) -> Sonic {
        Sonic::from_text(text, SonicRules::default()).unwrap()
    }

    fn drawing(text: &str, mv: &str) -> MoveDrawing {
        let p = pos(text);
        let m = p.parse_move(mv).unwrap();
        p.draw_move(&m)
    }

    fn illegal(text: &str, mv: &str) -> MoveDrawing {
        let p = pos(text);
        let v = p.explain(mv).unwrap();
        assert!(!v.legal, "{mv}");
        p.draw_illegal(mv, &v)
    }

    fn breaks(d: &MoveDrawing) -> Vec<String> {
        d.marks
            .iter()
            .filter(|m| m.mark == MoveMark::Breaks)
            .map(|m| m.square.to_string())
            .collect()
    }

    fn ends(d: &MoveDrawing) -> Vec<(String, String)> {
        d.legs
            .iter()
            .map(|l| (l.from.to_string(), l.to.to_string()))
            .collect()
    }

    const ROOK_D2: &str = "4k3/8/1p1p2p1/8/8/6P1/3R4/4K3 w - - 0 1 - K=K KNA=K";

    /// SCA-4.5: the document's diagram, both branches.
    #[test]
    fn rook_d2_bounces_with_its_rotation() {
        let d = drawing(ROOK_D2, "d2xd6xb6-b1:ccw");
        let want = [("d2", "d6"), ("d6", "b6"), ("b6", "b1")];
        assert_eq!(ends(&d), want.map(|(a, b)| (a.to_string(), b.to_string())));
        assert_eq!(d.legs[0].turn, None);
        assert_eq!(d.legs[1].turn, Some(Rotation::Counterclockwise));
        assert_eq!(d.legs[2].turn, Some(Rotation::Counterclockwise));
        assert!(d.has_mark(s("d6"), &MoveMark::Captured));
        assert!(d.has_mark(s("b6"), &MoveMark::Captured));
        assert!(!d.has_mark(s("b1"), &MoveMark::Captured));
        let d = drawing(ROOK_D2, "d2xd6xg6-g4:cw");
        assert_eq!(d.legs[2].turn, Some(Rotation::Clockwise));
        assert!(d.has_mark(s("g6"), &MoveMark::Captured));
        assert!(!d.has_mark(s("g4"), &MoveMark::Captured), "g3 is White's");
    }

    #[test]
    fn position_shows_springs_forms_and_size() {
        let p = pos("8/8/5k2/8/2R5/2p5/8/K7 b - - 0 1 c6,f3 K=K NA?");
        let d = p.diagram();
        assert_eq!(d.geometry, crate::core::diagram::Geometry::square(8, 8));
        let springs: Vec<String> = d
            .markers
            .iter()
            .filter(|m| m.marker == Marker::Spring)
            .map(|m| m.square.to_string())
            .collect();
        assert_eq!(springs, ["f3", "c6"]);
        assert!(d.facts.contains(&Fact::KingForm {
            color: Color::Black,
            form: "choice pending: N or A at its next turn".into()
        }));
        let big = pos("4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1");
        assert_eq!(
            big.diagram().geometry,
            crate::core::diagram::Geometry::square(10, 10)
        );
    }

    /// SCA-9 vs SCA-7: hits ringed (twice on f6), the pawn crossed, the
    /// springs noted, turns on every later leg.
    #[test]
    fn double_hit_is_ringed_not_crossed() {
        let d = drawing(
            "8/8/5k2/8/2R5/2p5/8/K7 w - - 0 1 c6,f3 K=K KNA=K",
            "c4xc6xf6xf3xc3xc6xf6xf3-a3:cw",
        );
        assert_eq!(d.legs.len(), 8);
        assert!(d.legs[1..]
            .iter()
            .all(|l| l.turn == Some(Rotation::Clockwise)));
        assert!(d.has_mark(s("f6"), &MoveMark::Hit));
        assert!(!d.has_mark(s("f6"), &MoveMark::Captured));
        assert!(d.has_mark(s("c3"), &MoveMark::Captured));
        assert!(d
            .notes
            .iter()
            .any(|n| n.contains("hits the black king twice")));
        assert!(!d.has_mark(s("c6"), &MoveMark::Captured));
        assert!(d.notes.iter().any(|n| n.contains("springs on c6, f3")));
        assert!(
            d.notes.iter().any(|n| n.contains("hits the black king")),
            "{d:?}"
        );
    }

    /// SCA-9: the rook that would rest on the king's square is removed.
    #[test]
    fn mover_removed_on_the_kings_square() {
        let d = drawing("kN6/8/8/8/8/8/8/R6K w - - 0 1 - K=K KNA=K", "a1xa8");
        assert!(d.has_mark(s("a8"), &MoveMark::Hit));
        assert!(d.has_mark(s("a8"), &MoveMark::Label("removed".into())));
        assert!(d.notes.iter().any(|n| n.contains("it is removed (SCA-9)")));
        assert!(d
            .notes
            .iter()
            .any(|n| n.contains("loses form K") && n.contains("N or A")));
    }

    /// SCA-6: a knight's capture and its Tails leap are dashed leaps.
    #[test]
    fn tails_leaps() {
        let d = drawing(
            "7k/2P5/8/1p2p3/2p5/N7/2p5/4n2K w - - 0 1 - K=K KNA=K",
            "a3xc4xe5-g6",
        );
        assert_eq!(d.legs.len(), 3);
        assert!(d
            .legs
            .iter()
            .all(|l| l.kind == LegKind::Leap && l.turn.is_none()));
        assert!(d.has_mark(s("c4"), &MoveMark::Captured));
        assert!(d.has_mark(s("e5"), &MoveMark::Captured));
        assert!(d.notes.iter().any(|n| n.contains("Tails")));
    }

    #[test]
    fn castling_is_king_then_rook() {
        let d = drawing("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 - KNA=A KNA=K", "O-O-O");
        assert_eq!(
            ends(&d),
            [("e1", "c1"), ("a1", "d1")].map(|(a, b)| (a.to_string(), b.to_string()))
        );
        assert!(d.notes.iter().any(|n| n.contains("form A")));
        // The alibaba king's own two-square leap is a leap.
        let d = drawing("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 - KNA=A KNA=K", "e1-e3");
        assert_eq!(d.legs[0].kind, LegKind::Leap);
    }

    /// SCA-11: on 10×8 the king and rook are drawn to Capablanca's squares,
    /// and an attacked second crossed square is where O-O-O breaks.
    #[test]
    fn wide_castling_squares_and_break() {
        let text = "5k4/10/10/7b2/10/10/PPP2PPPPP/R4K3R w KQ - 0 1 - K=K KNA=K";
        let d = drawing(text, "O-O");
        assert_eq!(
            ends(&d),
            [("f1", "i1"), ("j1", "h1")].map(|(a, b)| (a.to_string(), b.to_string()))
        );
        let d = illegal(text, "O-O-O");
        assert_eq!(breaks(&d), ["d1"]);
        assert_eq!(
            ends(&d),
            [("f1", "c1"), ("a1", "d1")].map(|(a, b)| (a.to_string(), b.to_string()))
        );
    }

    /// SCA-5: the endless branch is drawn to where its loop closes.
    #[test]
    fn endless_breaks_where_the_loop_closes() {
        let d = illegal(
            "7k/8/8/8/2R5/8/8/K7 w - - 0 1 c3,f3,c6,f6 K=K KNA=K",
            "c4xc6:cw",
        );
        assert_eq!(breaks(&d), ["c6"]);
        let cells: Vec<String> = ends(&d).into_iter().map(|(_, b)| b).collect();
        assert_eq!(cells, ["c6", "f6", "f3", "c3", "c6"]);
        assert!(d.notes[0].contains("SCA-5"));
    }

    /// SCA-4.2: counterclockwise is off the board at a5.
    #[test]
    fn blocked_rotation_breaks_on_the_first_capture() {
        let d = illegal("7k/8/8/p7/8/8/8/R3K3 w - - 0 1 - K=K KNA=K", "a1xa5-a8:ccw");
        assert_eq!(breaks(&d), ["a5"]);
        assert!(d.notes[0].contains("off the board"), "{:?}", d.notes);
        assert!(d.notes[0].contains("a1xa5-h5:cw"));
        // Blocked by a friendly piece: the neighbour is labelled.
        let d = illegal(&ROOK_D2.replace("1p1p2p1", "1p1pP1p1"), "d2xd6xe6:cw");
        assert_eq!(breaks(&d), ["d6"], "{d:?}");
        assert!(d.has_mark(s("e6"), &MoveMark::Label("blocked".into())));
        assert!(
            d.notes[0].contains("blocked by the pawn on e6"),
            "{:?}",
            d.notes
        );
    }

    #[test]
    fn wrong_paths_break_where_they_leave_the_legal_one() {
        // The rook cannot slide through the pawn on d6.
        let d = illegal(ROOK_D2, "d2-d8");
        assert_eq!(breaks(&d), ["d6"]);
        // After b6 the rook goes on to b1, not b3.
        let d = illegal(ROOK_D2, "d2xd6xb6-b3:ccw");
        assert_eq!(breaks(&d), ["b3"]);
        // Castling through an attacked square.
        let d = illegal("4k3/8/8/8/8/5P1r/7P/R3K2R w KQ - 0 1 - KNA=A KNA=K", "O-O");
        assert_eq!(breaks(&d), ["f1"]);
        assert_eq!(d.legs.len(), 2);
        // A switch after a king move: the king.
        let d = illegal("4k3/8/8/8/8/8/8/4K3 w - - 0 1 - KNA=K KNA=K", "e1-e2:N");
        assert_eq!(breaks(&d), ["e1"]);
        // A pending choice not made: the king that must choose.
        let d = illegal("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - NA? KNA=K", "a1-a2");
        assert_eq!(breaks(&d), ["e1"]);
    }
}
