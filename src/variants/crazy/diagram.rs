//! Pictures of Crazy Chess positions and turns, for `explain --svg/--png`
//! and `moves --from --svg/--png` (the model is
//! [`crate::core::diagram`]).
//!
//! - the position: the 8×8 board; a stack as its top piece over a strip
//!   with its contents bottom → top (CRZ-R3; the panel lists every stack
//!   too); risen bishops marked (CRZ-B1), with a note saying when each
//!   vanishes; the king in check glows (CRZ-C1); panel: side to move,
//!   castling rights (CRZ-K3), the en passant cell and its victim (CRZ-P2),
//!   the denial state — who holds the right, a protected turn, the
//!   excluded move, whether a deny is possible now and why not (DEN-1,
//!   DEN-2, DEN-3, DEN-7) —, move counters;
//! - a turn: the moving piece's legs, then everything the resolver did,
//!   in its order. The legs: a king's two steps (CRZ-K1), castling as the
//!   king's step, the rook's jump and the second step (CRZ-K3); a knight's
//!   L-path bent at its corner and dashed (CRZ-N1), split at a capture in
//!   passing, whose chain reactions come between its two parts (CRZ-N2,
//!   CRZ-N3); each link of a disguise chain a two-headed swap (CRZ-P4,
//!   CRZ-P5); the queen's all-round capture one thin strike per occupied
//!   neighbour, in CRZ-Q1 order. The chain reactions come from the
//!   resolver itself ([`super::position::apply_traced`] with a
//!   [`Recorder`]): each unit falling from a captured rook a numbered
//!   dotted Cascade leg in the stack's cell (CRZ-R4), a queen's revenge
//!   labelled and its strikes drawn (CRZ-Q2), a bishop rising labelled
//!   (CRZ-B1), a king spared (CRZ-K2); every captured piece crossed (a
//!   cell where several went labelled with how many), each step a note in
//!   the panel. Then turn end, from the engine's own `turn_end` (CRZ-P3):
//!   risen bishops vanishing and first-rank pawns removed labelled,
//!   promotions badged (a note when the opponent chose); entering a rook
//!   labelled (CRZ-R2), a rider leaving noted (CRZ-R3), en passant and a
//!   new en passant chance noted (CRZ-P2), check given or a king lost
//!   noted;
//! - `deny`: the denied turn's legs crossed out, its destination labelled,
//!   and notes on what happens (DEN-2, DEN-3);
//! - an illegal move: the move as the generator built it (with its chain
//!   reactions) breaking where the rule bites — DEN-2 the replayed
//!   destination, CRZ-K2 where the moving king is removed, CRZ-C1 the
//!   mover's king after the turn; a `deny` that is not possible shows the
//!   turn it would take back (DEN-3: breaking on it); a text no generator
//!   move has is drawn as written (a knight's `:L`/`:S` path bent, a
//!   disguise chain as swaps) and breaks on the cell the reason names,
//!   else its last cell.

use super::moves::KnightPath;
use crate::core::chess::castling_field;
use crate::core::diagram::{
    Diagram, Fact, Geometry, Leg, LegKind, Marker, MoveDrawing, MoveMark, Piece,
};
use crate::core::{Color, Game, Square, Verdict};

use super::board::*;
use super::moves::{Kind, Move};
use super::position::{apply_traced, find_king, in_check, Core, Effects, Flags};
use super::Crazy;

/// The corner of a knight's L-path (CRZ-N1): two cells along the long axis
/// first, or one across first.
pub fn knight_corner(from: Square, to: Square, path: KnightPath) -> Square {
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let long_is_file = df.abs() > dr.abs();
    let (cf, cr) = match (path, long_is_file) {
        (KnightPath::LongFirst, true) | (KnightPath::ShortFirst, false) => (df, 0),
        (KnightPath::LongFirst, false) | (KnightPath::ShortFirst, true) => (0, dr),
    };
    Square::new(
        (from.file() as i8 + cf) as u8,
        (from.rank() as i8 + cr) as u8,
    )
}

/// One step of a turn as the resolver reports it ([`Trace`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// `piece` at `level` of square `at` is captured; `by`: the piece now
    /// standing in its place, if any.
    Captured {
        /// The square (index `rank * 8 + file`).
        at: usize,
        /// The level in the stack (0 = base).
        level: usize,
        /// The captured piece.
        piece: u8,
        /// The piece now standing in its place, if any.
        by: Option<u8>,
    },
    /// A unit (bottom first) falls onto `at` (CRZ-R4).
    Falls {
        /// The square fallen onto.
        at: usize,
        /// The falling pieces, bottom first.
        unit: Vec<u8>,
    },
    /// The queen captured on `at` takes revenge (CRZ-Q2).
    Revenge {
        /// The square of the captured queen.
        at: usize,
        /// The queen.
        queen: u8,
    },
    /// The all-round capture from `from` takes the base of `to` (CRZ-Q1).
    Strikes {
        /// The square struck from.
        from: usize,
        /// The square whose base is taken.
        to: usize,
    },
    /// The bishop rises on `at` (CRZ-B1).
    Rises {
        /// The square.
        at: usize,
        /// The rising bishop.
        bishop: u8,
    },
    /// A capture of the moving king on `at` is skipped (CRZ-K2).
    Spared {
        /// The square of the spared king.
        at: usize,
    },
    /// The moving piece goes on to its next landing.
    Step,
}

/// A [`Trace`] that keeps every event, in order.
#[derive(Clone, Debug, Default)]
pub struct Recorder(pub Vec<Event>);

impl Trace for Recorder {
    fn captured(&mut self, at: usize, level: usize, piece: u8, by: Option<u8>) {
        self.0.push(Event::Captured {
            at,
            level,
            piece,
            by,
        });
    }
    fn falls(&mut self, at: usize, unit: &Stack) {
        self.0.push(Event::Falls {
            at,
            unit: unit.pieces().to_vec(),
        });
    }
    fn revenge(&mut self, at: usize, queen: u8) {
        self.0.push(Event::Revenge { at, queen });
    }
    fn strikes(&mut self, from: usize, to: usize) {
        self.0.push(Event::Strikes { from, to });
    }
    fn rises(&mut self, at: usize, bishop: u8) {
        self.0.push(Event::Rises { at, bishop });
    }
    fn spared(&mut self, at: usize) {
        self.0.push(Event::Spared { at });
    }
    fn step(&mut self) {
        self.0.push(Event::Step);
    }
}

const BOARD: Geometry = Geometry::square(8, 8);

fn sq(i: usize) -> Square {
    sq_of(i)
}

/// A piece as drawn.
fn drawn(p: u8) -> Piece {
    Piece::new(letter(p).to_ascii_uppercase(), color(p))
}

/// `White` / `Black`.
fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A piece in words: `black rook`, `white risen bishop`.
fn name(p: u8) -> String {
    let k = match kind(p) {
        PAWN => "pawn",
        KNIGHT => "knight",
        BISHOP => "bishop",
        ROOK => "rook",
        QUEEN => "queen",
        _ => "king",
    };
    let risen = if p & RISEN != 0 { "risen " } else { "" };
    format!("{} {risen}{k}", color(p).name())
}

/// A falling or moving unit in words: `black rook with black pawn`.
fn unit_name(unit: &[u8]) -> String {
    match unit {
        [] => "nothing".into(),
        [p] => name(*p),
        [p, rest @ ..] => format!(
            "{} with {}",
            name(*p),
            rest.iter().map(|&q| name(q)).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// ` (level 2)` for a rider, nothing for a base.
fn level_text(level: usize) -> String {
    if level == 0 {
        String::new()
    } else {
        format!(" (level {level})")
    }
}

/// The picture of a position (see the module docs).
pub fn diagram(g: &Crazy) -> Diagram {
    let c = &g.core;
    let mut d = Diagram::new(BOARD);
    let mut risen_notes = Vec::new();
    for i in 0..64 {
        let st = &c.b[i];
        if st.is_empty() {
            continue;
        }
        d = d.stack(sq(i), st.pieces().iter().map(|&p| drawn(p)).collect());
        for &p in st.pieces() {
            if kind(p) == BISHOP && p & RISEN != 0 {
                d = d.marker(sq(i), Marker::Risen);
                let when = if color(p) == c.turn {
                    "this"
                } else {
                    "its next"
                };
                risen_notes.push(format!(
                    "risen {} bishop on {}: one more move at most, gone at the end of {} turn (CRZ-B1)",
                    color(p).name(),
                    sq(i),
                    if when == "this" {
                        format!("this {} turn", side(color(p)))
                    } else {
                        format!("{}'s next", side(color(p)))
                    }
                ));
            }
        }
    }
    if let Some((ki, _)) = find_king(&c.b, c.turn) {
        if in_check(&c.b, c.turn, c.castling, &g.fl) {
            d = d.marker(sq(ki), Marker::Check);
        }
    }
    d = d
        .fact(Fact::ToMove(c.turn))
        .fact(Fact::Castling(castling_field(c.castling)));
    if let Some((skip, victim)) = c.ep {
        d = d.fact(Fact::EnPassant(skip)).fact(Fact::Note(format!(
            "en passant takes the pawn on {victim} (CRZ-P2)"
        )));
    }
    for f in denial_facts(g) {
        d = d.fact(Fact::Denial(f));
    }
    for n in risen_notes {
        d = d.fact(Fact::Note(n));
    }
    d.fact(Fact::Note(format!(
        "move {}, halfmove clock {}",
        c.fullmove, c.halfmove
    )))
}

/// The denial state in words (DEN-1, DEN-2, DEN-3, DEN-7).
fn denial_facts(g: &Crazy) -> Vec<String> {
    let c = &g.core;
    let mut v = vec![format!("{} holds the right (DEN-1)", side(c.holder))];
    if c.protected {
        v.push(format!(
            "{}'s turn is protected: it cannot be denied (DEN-3)",
            side(c.turn)
        ));
    }
    if let Some(x) = c.excluded {
        v.push(format!(
            "{} replays after a deny: {} excluded (DEN-2)",
            side(c.turn),
            x.text()
        ));
    }
    if c.holder == c.turn {
        match (g.deny_status(!g.king_missing()), &g.prev) {
            (Ok(()), Some(p)) => {
                v.push(format!("{} may deny {} (DEN-2)", side(c.turn), p.mv.text()))
            }
            (Err((rule, why)), _) => v.push(format!("no deny now: {why} ({rule})")),
            _ => {}
        }
    }
    v
}

/// The legs of the moving piece, in groups: group `k` is drawn before the
/// resolver's events after the `k`-th [`Event::Step`] (a knight's capture
/// in passing and a king's first step come between two groups).
fn mover_legs(m: &Move) -> Vec<Vec<Leg>> {
    let p = m.path();
    let s = |k: usize| sq(p[k] as usize);
    match m.kind {
        Kind::Deny => vec![],
        Kind::AllRound => vec![vec![]],
        Kind::Step => vec![vec![Leg::straight_or_leap(s(0), s(1))]],
        Kind::King => vec![
            vec![Leg::straight_or_leap(s(0), s(1))],
            vec![Leg::straight_or_leap(s(1), s(2))],
        ],
        Kind::Castle => {
            let kt = p[1] as usize;
            let rank = kt / 8;
            let (ri, rt) = if kt % 8 == 6 {
                (rank * 8 + 7, rank * 8 + 5)
            } else {
                (rank * 8, rank * 8 + 3)
            };
            vec![vec![
                Leg::slide(s(0), s(1)),
                Leg::leap(sq(ri), sq(rt)),
                Leg::straight_or_leap(s(1), s(2)),
            ]]
        }
        Kind::Knight(path) => knight_legs(p, path),
        Kind::Disguise => vec![swap_legs(
            &p.iter().map(|&i| sq(i as usize)).collect::<Vec<_>>(),
        )],
    }
}

/// A Crazy Chess knight's legs (CRZ-N1) along `path` (start, an optional
/// capture in passing, destination): one dashed L bent at its corner, or,
/// with a capture in passing, the L up to it and the rest after it (two
/// groups).
fn knight_legs(path: &[u8], p: KnightPath) -> Vec<Vec<Leg>> {
    let from = sq(path[0] as usize);
    let to = sq(path[path.len() - 1] as usize);
    let corner = knight_corner(from, to, p);
    let bent = |a: Square, b: Square| {
        let leg = Leg::leap(a, b);
        if corner != a && corner != b {
            leg.via(corner)
        } else {
            leg
        }
    };
    if path.len() < 3 {
        return vec![vec![bent(from, to)]];
    }
    let at = sq(path[1] as usize);
    // The two cells passed over, in order: long first, two along the long
    // axis (the second is the corner); short first, the corner and one
    // along from it.
    let step = |a: Square, b: Square| {
        let (df, dr) = (
            (b.file() as i8 - a.file() as i8).signum(),
            (b.rank() as i8 - a.rank() as i8).signum(),
        );
        Square::new((a.file() as i8 + df) as u8, (a.rank() as i8 + dr) as u8)
    };
    let first = if p == KnightPath::LongFirst {
        step(from, corner)
    } else {
        corner
    };
    if at == first && corner != first {
        // The corner comes after the capture.
        vec![vec![Leg::leap(from, at)], vec![bent(at, to)]]
    } else if at == corner {
        vec![vec![Leg::leap(from, at)], vec![Leg::leap(at, to)]]
    } else {
        vec![vec![bent(from, at)], vec![Leg::leap(at, to)]]
    }
}

/// The swaps of a disguise chain whose path is `cells` (CRZ-P4/P5): the
/// pawn on `cells[0]` with X on `cells[1]`, then each further pawn with X
/// where it now stands.
fn swap_legs(cells: &[Square]) -> Vec<Leg> {
    let mut legs = Vec::new();
    if cells.len() < 2 {
        return legs;
    }
    legs.push(Leg::new(LegKind::Swap, cells[0], cells[1]));
    let mut x = cells[0];
    for &pawn in &cells[2..] {
        legs.push(Leg::new(LegKind::Swap, pawn, x));
        x = pawn;
    }
    legs
}

/// The turn played with the resolver recording: the board after the
/// chain reactions (before turn end), what happened, and the events.
fn traced(c: &Core, fl: &Flags, m: &Move) -> (Stacks, Effects, Vec<Event>) {
    let mut b = c.b;
    let mut rec = Recorder::default();
    let fx = apply_traced(&mut b, m, c.turn, c.ep, fl, &mut rec);
    (b, fx, rec.0)
}

/// A drawing being built: the move, and how many pieces each cell lost.
struct Builder {
    d: MoveDrawing,
    taken: [u8; 64],
}

impl Builder {
    fn leg(&mut self, leg: Leg) -> usize {
        self.d.legs.push(leg);
        self.d.legs.len()
    }
    fn note(&mut self, s: String) {
        self.d.notes.push(s);
    }
    fn label(&mut self, at: usize, s: &str) {
        let mark = MoveMark::Label(s.into());
        if !self.d.has_mark(sq(at), &mark) {
            self.d.marks.push(crate::core::diagram::MarkedSquare {
                square: sq(at),
                mark,
            });
        }
    }
    fn captured(&mut self, at: usize) {
        self.taken[at] += 1;
        if !self.d.has_mark(sq(at), &MoveMark::Captured) {
            self.d.marks.push(crate::core::diagram::MarkedSquare {
                square: sq(at),
                mark: MoveMark::Captured,
            });
        }
    }

    /// The resolver's events as legs, marks and notes, in order.
    fn events(&mut self, ev: &[Event], mover: u8) {
        let mut k = 0;
        while k < ev.len() {
            let next = ev.get(k + 1);
            match &ev[k] {
                Event::Captured {
                    at,
                    level,
                    piece,
                    by,
                } => {
                    self.captured(*at);
                    let what = format!("{} on {}{}", name(*piece), sq(*at), level_text(*level));
                    let s = match by {
                        Some(q) if *q & 15 == mover & 15 => {
                            format!("the {} takes the {what}", name(*q))
                        }
                        Some(q) => format!("the {} takes the {what}", name(*q)),
                        None => format!("the {what} is captured"),
                    };
                    self.note(s);
                }
                Event::Falls { at, unit } => {
                    let n = self.leg(Leg::new(LegKind::Cascade, sq(*at), sq(*at)));
                    let what = unit_name(unit);
                    match next {
                        Some(Event::Captured {
                            at: a,
                            level,
                            piece,
                            by: Some(_),
                        }) if a == at && *level == 0 => {
                            self.captured(*at);
                            self.note(format!(
                                "leg {n}: the {what} falls on {} and takes the {} (CRZ-R4)",
                                sq(*at),
                                name(*piece)
                            ));
                            k += 1;
                        }
                        _ => {
                            self.note(format!("leg {n}: the {what} falls on {} (CRZ-R4)", sq(*at)))
                        }
                    }
                }
                Event::Revenge { at, queen } => {
                    self.label(*at, "revenge");
                    self.note(format!(
                        "the {} captured on {} takes revenge (CRZ-Q2)",
                        name(*queen),
                        sq(*at)
                    ));
                }
                Event::Strikes { from, to } => {
                    let n = self.leg(Leg::new(LegKind::Strike, sq(*from), sq(*to)));
                    match next {
                        Some(Event::Captured {
                            at,
                            level,
                            piece,
                            by: None,
                        }) if at == to => {
                            self.captured(*at);
                            self.note(format!(
                                "leg {n}: all-round from {} takes the {} on {}{} (CRZ-Q1)",
                                sq(*from),
                                name(*piece),
                                sq(*to),
                                level_text(*level)
                            ));
                            k += 1;
                        }
                        _ => self.note(format!(
                            "leg {n}: all-round from {} strikes {} (CRZ-Q1)",
                            sq(*from),
                            sq(*to)
                        )),
                    }
                }
                Event::Rises { at, bishop } => {
                    self.label(*at, "rises");
                    match next {
                        Some(Event::Captured {
                            at: a,
                            level,
                            piece,
                            by: Some(_),
                        }) if a == at => {
                            self.captured(*at);
                            self.note(format!(
                                "the {} rises on {} and takes the {}{} (CRZ-B1)",
                                name(*bishop),
                                sq(*at),
                                name(*piece),
                                level_text(*level)
                            ));
                            k += 1;
                        }
                        _ => self.note(format!(
                            "the {} rises on {} (CRZ-B1)",
                            name(*bishop),
                            sq(*at)
                        )),
                    }
                }
                Event::Spared { at } => {
                    self.label(*at, "spared");
                    self.note(format!(
                        "the moving king on {} is not captured (CRZ-K2)",
                        sq(*at)
                    ));
                }
                Event::Step => {}
            }
            k += 1;
        }
    }
}

/// The drawing of move `m` of position `c`: the mover's legs and the
/// resolver's events in order, turn end, and the board after turn end.
fn build(c: &Core, fl: &Flags, m: &Move) -> (MoveDrawing, Stacks, Vec<Event>) {
    let mut bd = Builder {
        d: MoveDrawing::default(),
        taken: [0; 64],
    };
    let from = m.from();
    let mover = c.b[from]
        .pieces()
        .get(m.lv[0] as usize)
        .copied()
        .unwrap_or(0);
    let (after, fx, events) = traced(c, fl, m);
    // The opening notes: what kind of turn this is.
    if m.lv[0] > 0 && m.kind != Kind::Disguise {
        let with = if kind(mover) == ROOK && c.b[from].len() > m.lv[0] as usize + 1 {
            ", with everything above it"
        } else {
            ""
        };
        bd.note(format!(
            "the {} at level {} of {} leaves the stack{with} (CRZ-R3)",
            name(mover),
            m.lv[0],
            sq(from)
        ));
    }
    match m.kind {
        Kind::AllRound => bd.note(format!(
            "the {} on {} captures all round: N, NE, E, SE, S, SW, W, NW (CRZ-Q1)",
            name(mover),
            sq(from)
        )),
        Kind::Castle => bd.note(
            "castling is the king's first step (the rook jumps over it), then a second step (CRZ-K1, CRZ-K3)"
                .into(),
        ),
        Kind::King => {
            bd.note("two king steps (CRZ-K1)".into());
            if m.captures_at(1) && !fl.king_immediate {
                bd.note(format!(
                    "the effects of the capture on {} wait until after the second step (CRZ-K2)",
                    sq(m.sq[1] as usize)
                ));
            }
        }
        Kind::Disguise => {
            let cells: Vec<usize> = m.path().iter().map(|&i| i as usize).collect();
            let x = c.b[cells[1]].pieces().get(m.lv[1] as usize).copied().unwrap_or(0);
            let carries = if kind(x) == ROOK && c.b[cells[1]].len() > m.lv[1] as usize + 1 {
                " (with everything it carries)"
            } else {
                ""
            };
            for (k, leg) in swap_legs(&cells.iter().map(|&i| sq(i)).collect::<Vec<_>>())
                .into_iter()
                .enumerate()
            {
                let pawn = leg.from;
                let at = leg.to;
                let n = bd.leg(leg);
                let rule = if k == 0 { "CRZ-P4" } else { "CRZ-P5" };
                bd.note(format!(
                    "leg {n}: the pawn on {pawn} swaps with the {}{carries} on {at} ({rule})",
                    name(x)
                ));
            }
        }
        _ => {}
    }
    let groups = mover_legs(m);
    let segments: Vec<&[Event]> = events.split(|e| *e == Event::Step).collect();
    if m.kind != Kind::Disguise {
        for (k, group) in groups.iter().enumerate() {
            for leg in group {
                bd.leg(leg.clone());
            }
            // The last group takes every remaining segment.
            let segs: &[&[Event]] = if k + 1 == groups.len() {
                segments.get(k..).unwrap_or(&[])
            } else {
                segments.get(k..=k).unwrap_or(&[])
            };
            for seg in segs {
                bd.events(seg, mover);
            }
        }
    }
    // The knight's and the others' landings.
    for k in 1..m.len as usize {
        if m.enters_at(k) {
            let at = m.sq[k] as usize;
            bd.label(at, "enters");
            let late = matches!(m.kind, Kind::Knight(_)) && m.cap != 0;
            bd.note(format!(
                "the {} enters the rook stack on {}{} (CRZ-R2)",
                name(mover),
                sq(at),
                if late {
                    " once the capture is resolved"
                } else {
                    ""
                }
            ));
        }
    }
    if matches!(m.kind, Kind::Knight(_)) && m.len == 2 && m.captures_at(1) && m.lv[1] > 0 {
        bd.note(format!(
            "the knight captured a rider at its destination, then {} (CRZ-N3)",
            if fx.entered_late {
                "enters the stack"
            } else {
                "lands"
            }
        ));
    }
    if m.kind == Kind::Step && kind(mover) == PAWN && m.captures_at(1) && c.b[m.last()].is_empty() {
        bd.note("en passant (CRZ-P2)".into());
    }
    if let Some((skip, victim)) = fx.ep {
        bd.note(format!(
            "en passant chance: {skip}, against the pawn on {victim} (CRZ-P2)"
        ));
    }
    // Turn end (CRZ-P3), by the engine's own turn end on a copy.
    let mut end = after;
    let promos = turn_end(&mut end, c.turn);
    for i in 0..64 {
        let mut left: Vec<u8> = end[i].pieces().to_vec();
        for &p in after[i].pieces() {
            let p = p & !FRESH;
            if let Some(j) = left.iter().position(|&q| q == p) {
                left.remove(j);
            } else if kind(p) == BISHOP {
                bd.label(i, "vanishes");
                bd.note(format!(
                    "the {} on {} vanishes at the end of the turn (CRZ-B1, CRZ-P3)",
                    name(p),
                    sq(i)
                ));
            } else {
                bd.label(i, "removed");
                bd.note(format!(
                    "the {} on {}, a base on its own first rank, is removed (CRZ-P3)",
                    name(p),
                    sq(i)
                ));
            }
        }
    }
    for pi in promos {
        let owner = color(end[pi].get(0));
        let k = m.promotion_on(pi).unwrap_or(QUEEN);
        let new = make(k, owner);
        bd.d = std::mem::take(&mut bd.d).mark(sq(pi), MoveMark::Promoted(drawn(new)));
        let who = if owner == c.turn {
            String::new()
        } else {
            format!(": {} chose (the owner chooses)", side(owner))
        };
        bd.note(format!(
            "the {} pawn on {} promotes to {}{who} (CRZ-P3)",
            owner.name(),
            sq(pi),
            kind_word(k)
        ));
    }
    for i in 0..64 {
        if bd.taken[i] > 1 {
            let t = format!("{} taken", bd.taken[i]);
            bd.label(i, &t);
        }
    }
    (bd.d, end, events)
}

fn kind_word(k: u8) -> &'static str {
    match k {
        QUEEN => "a queen",
        ROOK => "a rook",
        BISHOP => "a bishop",
        _ => "a knight",
    }
}

/// The drawing of a legal turn (see the module docs).
pub fn draw_move(g: &Crazy, m: &Move) -> MoveDrawing {
    if m.kind == Kind::Deny {
        return draw_deny(g);
    }
    let c = &g.core;
    let (mut d, _, _) = build(c, &g.fl, m);
    if c.protected {
        d = d.note("this turn cannot be denied (DEN-3)");
    }
    let mut after = g.clone();
    Game::play(&mut after, m);
    let a = &after.core;
    let kings = [Color::White, Color::Black].map(|s| find_king(&a.b, s).is_some());
    if !kings[0] || !kings[1] {
        for (k, s) in [Color::White, Color::Black].into_iter().enumerate() {
            if !kings[k] {
                d = d.note(format!(
                    "the {} king is gone: {} loses (CRZ-Q1, G6)",
                    s.name(),
                    side(s)
                ));
            }
        }
    } else if in_check(&a.b, a.turn, a.castling, &g.fl) {
        d = d.note(format!("the {} king is in check (CRZ-C1)", a.turn.name()));
    }
    d
}

/// The legs of the turn `deny` would take back, on the position before it.
fn previous_legs(g: &Crazy) -> Option<(Move, Vec<Leg>)> {
    let prev = g.prev.as_ref()?;
    let mut back = g.clone();
    back.deny();
    let legs = mover_legs(&prev.mv).into_iter().flatten().collect();
    Some((prev.mv, legs))
}

/// `deny`: the denied turn crossed out, with notes (DEN-2, DEN-3).
fn draw_deny(g: &Crazy) -> MoveDrawing {
    let mut d = MoveDrawing::default();
    let Some((mv, legs)) = previous_legs(g) else {
        return d;
    };
    let denied = g.core.turn.other();
    for leg in legs {
        d = d.leg(leg.crossed());
    }
    if mv.len > 0 {
        d = d.mark(sq(mv.last()), MoveMark::Label("denied".into()));
    }
    d.note(format!(
        "deny: {}'s last turn {} is taken back (DEN-2)",
        side(denied),
        mv.text()
    ))
    .note(format!(
        "{} must play a different move from the position before it, and now holds the right (DEN-2, DEN-7)",
        side(denied)
    ))
    .note(format!(
        "{}'s next turn cannot be denied (DEN-3)",
        side(g.core.turn)
    ))
}

/// The drawing of an illegal move text (see the module docs).
pub fn draw_illegal(g: &Crazy, text: &str, v: &Verdict) -> MoveDrawing {
    let c = &g.core;
    if text == "deny" {
        let mut d = MoveDrawing::default();
        if let Some((mv, legs)) = previous_legs(g) {
            for leg in legs {
                d = d.leg(leg);
            }
            d = d.note(format!("the turn a deny would take back: {}", mv.text()));
            if v.rules
                .first()
                .is_some_and(|r| *r == "DEN-3" || *r == "DEN-6")
                && mv.len > 0
            {
                d = d.mark(sq(mv.last()), MoveMark::Breaks);
            }
        }
        return d;
    }
    let mut found = crate::core::Candidates::default();
    let _ = crate::core::Game::generate(g, &mut found);
    let hit = found.rejected.iter().find(|(m, _)| m.text() == text);
    if let Some(&(m, _)) = hit {
        let (mut d, end, events) = build(c, &g.fl, &m);
        let own_king = make(KING, c.turn);
        let at = match v.rules.first().copied() {
            Some("CRZ-K2") => events
                .iter()
                .find_map(|e| match e {
                    Event::Captured { at, piece, .. } if piece & 15 == own_king => Some(*at),
                    _ => None,
                })
                .unwrap_or(m.last()),
            Some("CRZ-C1") => find_king(&end, c.turn).map_or(m.last(), |(k, _)| k),
            _ => m.last(),
        };
        if v.rules.first() == Some(&"DEN-2") {
            d = d.note("this is the turn just denied: it may not be played again (DEN-2)");
        }
        if v.rules.first() == Some(&"CRZ-C1") {
            d = d.note(format!(
                "the {} king on {} would be in check after the turn (CRZ-C1, DEN-5)",
                c.turn.name(),
                sq(at)
            ));
        }
        return d.mark(sq(at), MoveMark::Breaks);
    }
    attempted(c, text, v)
}

/// A text no move of the generator has, drawn as written: a knight's
/// path bent, a disguise chain as swaps, otherwise the cells in order.
fn attempted(c: &Core, text: &str, v: &Verdict) -> MoveDrawing {
    let mut d = MoveDrawing::attempted(BOARD, text, v);
    let cells = BOARD.scan(text);
    if cells.len() < 2 {
        return d;
    }
    let mut legs = None;
    if text.contains('~') {
        legs = Some(swap_legs(&cells));
    } else if let Some(path) = text
        .rsplit_once(':')
        .and_then(|(_, p)| match p.chars().next() {
            Some('L') => Some(KnightPath::LongFirst),
            Some('S') => Some(KnightPath::ShortFirst),
            _ => None,
        })
    {
        let (a, b) = (cells[0], *cells.last().unwrap_or(&cells[0]));
        let (df, dr) = (a.file().abs_diff(b.file()), a.rank().abs_diff(b.rank()));
        let knightly = (df, dr) == (1, 2) || (df, dr) == (2, 1);
        let has_knight = c.b[idx(a)].pieces().iter().any(|&p| kind(p) == KNIGHT);
        if knightly && has_knight && cells.len() <= 3 {
            let p: Vec<u8> = cells.iter().map(|&s| idx(s) as u8).collect();
            legs = Some(knight_legs(&p, path).concat());
        }
    }
    if let Some(l) = legs {
        d.legs = l;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::diagram::MoveDrawing;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    fn game(text: &str) -> Crazy {
        Crazy::from_text(text, Flags::default()).unwrap()
    }

    fn s(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn drawing(text: &str, mv: &str) -> MoveDrawing {
        let g = game(text);
        let m = g.parse_move(mv).unwrap();
        g.draw_move(&m)
    }

    fn kinds(d: &MoveDrawing) -> Vec<(String, String, LegKind)> {
        d.legs
            .iter()
            .map(|l| (l.from.to_string(), l.to.to_string(), l.kind))
            .collect()
    }

    fn want(v: &[(&str, &str, LegKind)]) -> Vec<(String, String, LegKind)> {
        v.iter()
            .map(|&(a, b, k)| (a.to_string(), b.to_string(), k))
            .collect()
    }

    /// CRZ-R4, the text's first worked example: the rook's capture, then
    /// three units falling on d5 in order, four pieces taken there.
    #[test]
    fn two_black_rooks_cascade_in_order() {
        let d = drawing("4k3/8/8/3(rrp)4/8/8/8/3(RP)3K w - - 0 1 b", "d1xd5");
        assert_eq!(
            kinds(&d),
            want(&[
                ("d1", "d5", LegKind::Slide),
                ("d5", "d5", LegKind::Cascade),
                ("d5", "d5", LegKind::Cascade),
                ("d5", "d5", LegKind::Cascade),
            ])
        );
        assert!(d.has_mark(s("d5"), &MoveMark::Captured));
        assert!(d.has_mark(s("d5"), &MoveMark::Label("4 taken".into())));
        let notes = d.notes.join("\n");
        assert!(
            notes.contains("the white rook takes the black rook on d5"),
            "{notes}"
        );
        assert!(notes.contains("leg 2: the black rook with black pawn falls on d5 and takes the white rook (CRZ-R4)"), "{notes}");
        assert!(
            notes.contains("leg 3: the white pawn falls on d5 and takes the black rook"),
            "{notes}"
        );
        assert!(
            notes.contains("leg 4: the black pawn falls on d5 and takes the white pawn"),
            "{notes}"
        );
    }

    /// CRZ-R4 with CRZ-N2/N3: the L up to the capture in passing on d4,
    /// the cascade there, then the rest of the L to e4.
    #[test]
    fn knight_capture_in_passing_splits_the_l() {
        let d = drawing("k7/8/8/8/3(rrrrp)4/2N5/8/7K w - - 0 1 b", "c3xd4@2e4:S");
        assert_eq!(
            kinds(&d),
            want(&[
                ("c3", "d4", LegKind::Leap),
                ("d4", "d4", LegKind::Cascade),
                ("d4", "d4", LegKind::Cascade),
                ("d4", "d4", LegKind::Cascade),
                ("d4", "e4", LegKind::Leap),
            ])
        );
        // Short first: one across to c4 (the corner), then along.
        assert_eq!(d.legs[0].via, vec![s("c4")]);
        assert!(d.legs[4].via.is_empty());
        assert!(d.has_mark(s("d4"), &MoveMark::Label("4 taken".into())));
        assert!(!d.has_mark(s("e4"), &MoveMark::Captured));
        // Long first without capture: one bent leg through the corner.
        let d = drawing("k7/8/8/8/8/2N5/8/7K w - - 0 1 b", "c3e4:L");
        assert_eq!(d.legs.len(), 1);
        assert_eq!(d.legs[0].via, vec![s("e3")]);
    }

    /// CRZ-Q1 and CRZ-Q2: strikes in N, NE, ... order; the black queen's
    /// revenge comes at once, with the white queen's own revenge inside.
    #[test]
    fn all_round_capture_in_order_with_revenge() {
        let d = drawing("7k/8/2P2p2/3q4/3Q4/4p3/8/K7 w - - 0 1 b", "d4*");
        let strikes: Vec<(String, String)> = d
            .legs
            .iter()
            .filter(|l| l.kind == LegKind::Strike)
            .map(|l| (l.from.to_string(), l.to.to_string()))
            .collect();
        // d4 strikes d5 (the black queen); her revenge takes d4 (the
        // white queen, whose revenge strikes e3), then her all-round
        // capture takes c6; d4's all-round capture finds nothing more.
        assert_eq!(strikes[0], ("d4".into(), "d5".into()));
        assert!(strikes.contains(&("d4".into(), "e3".into())));
        assert!(strikes.contains(&("d5".into(), "c6".into())));
        for c in ["d5", "d4", "c6", "e3"] {
            assert!(d.has_mark(s(c), &MoveMark::Captured), "{c}");
        }
        assert!(!d.has_mark(s("f6"), &MoveMark::Captured));
        assert!(d.has_mark(s("d5"), &MoveMark::Label("revenge".into())));
        assert!(d.has_mark(s("d4"), &MoveMark::Label("revenge".into())));
    }

    /// CRZ-K1/K2: two steps; the first step's victim crossed.
    #[test]
    fn king_double_step_and_castling() {
        let g = game("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1 b");
        let m = g
            .legal_moves()
            .into_iter()
            .find(|m| m.text().starts_with("e1xe2"))
            .unwrap();
        let d = g.draw_move(&m);
        assert_eq!(d.legs.len(), 2);
        assert_eq!((d.legs[0].from, d.legs[0].to), (s("e1"), s("e2")));
        assert_eq!(d.legs[1].from, s("e2"));
        assert!(d.has_mark(s("e2"), &MoveMark::Captured));
        let d = drawing("4k3/8/8/8/8/8/8/4K2R w K - 0 1 b", "e1g1^f1");
        assert_eq!(
            kinds(&d),
            want(&[
                ("e1", "g1", LegKind::Slide),
                ("h1", "f1", LegKind::Leap),
                ("g1", "f1", LegKind::Slide),
            ])
        );
        assert!(d.has_mark(s("f1"), &MoveMark::Label("enters".into())));
    }

    /// CRZ-B1: a rook carrying a pawn takes a bishop: the bishop rises,
    /// takes the rook, the pawn falls on it.
    #[test]
    fn bishop_rises() {
        let g = game("4k3/8/8/3b4/8/8/8/3(RP)3K w - - 0 1 b");
        let m = g.parse_move("d1xd5").unwrap();
        let d = g.draw_move(&m);
        assert!(d.has_mark(s("d5"), &MoveMark::Label("rises".into())));
        assert!(
            d.notes
                .iter()
                .any(|n| n.contains("black bishop rises on d5 and takes the white rook")),
            "{:?}",
            d.notes
        );
        assert_eq!(
            d.legs.iter().filter(|l| l.kind == LegKind::Cascade).count(),
            1
        );
    }

    #[test]
    fn disguise_chain_is_swaps() {
        let g = game("4k3/8/8/8/8/3N4/2PP4/4K3 w - - 0 1 b");
        let m = g
            .legal_moves()
            .into_iter()
            .find(|m| m.kind == Kind::Disguise && m.len == 3)
            .unwrap();
        let d = g.draw_move(&m);
        assert_eq!(d.legs.len(), 2);
        assert!(d.legs.iter().all(|l| l.kind == LegKind::Swap));
        assert!(d.notes.iter().any(|n| n.contains("CRZ-P5")));
    }

    #[test]
    fn position_shows_stacks_risen_bishops_and_denial() {
        let g = game("4k3/8/2(b*)5/3(rq)4/8/8/8/4K3 b - - 0 1 w! ");
        let d = g.diagram();
        assert_eq!(d.at(s("d5")).len(), 2);
        assert_eq!(d.top(s("d5")), Some(Piece::new('Q', Color::Black)));
        assert!(d
            .markers
            .iter()
            .any(|m| m.square == s("c6") && m.marker == Marker::Risen));
        assert!(d
            .facts
            .contains(&Fact::Denial("White holds the right (DEN-1)".into())));
        assert!(d
            .facts
            .iter()
            .any(|f| matches!(f, Fact::Denial(t) if t.contains("protected"))));
    }

    #[test]
    fn deny_crosses_out_the_denied_turn() {
        let mut g = game(super::super::START);
        let m = g.parse_move("e2e4").unwrap();
        Game::play(&mut g, &m);
        let d = draw_deny(&g);
        assert_eq!(d.legs.len(), 1);
        assert!(d.legs[0].crossed);
        assert_eq!((d.legs[0].from, d.legs[0].to), (s("e2"), s("e4")));
        assert!(d.has_mark(s("e4"), &MoveMark::Label("denied".into())));
        // Replaying the denied move breaks on its destination (DEN-2).
        Game::play(&mut g, &Move::DENY);
        let v = g.explain("e2e4").unwrap();
        assert_eq!(v.rules[0], "DEN-2");
        let d = g.draw_illegal("e2e4", &v);
        assert!(d.has_mark(s("e4"), &MoveMark::Breaks));
    }

    #[test]
    fn illegal_moves_break_where_the_rule_bites() {
        // CRZ-C1: the king walks next to the rook; breaks on its square
        // after the turn.
        let g = game("4k3/8/8/8/8/8/r7/4K3 w - - 0 1 b");
        let v = g.explain("e1e2d2").unwrap();
        assert_eq!(v.rules[0], "CRZ-C1", "{v:?}");
        let d = g.draw_illegal("e1e2d2", &v);
        assert!(d.has_mark(s("d2"), &MoveMark::Breaks));
        assert_eq!(d.legs.len(), 2);
        // A knight text no move has: the L bent as written.
        let g = game("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 b");
        let v = g.explain("b1xc2d2:S").unwrap();
        assert!(!v.legal);
        let d = g.draw_illegal("b1xc2d2:S", &v);
        assert_eq!(d.legs.len(), 2);
        assert_eq!(d.legs[0].via, vec![s("b2")]);
        assert_eq!((d.legs[1].from, d.legs[1].to), (s("c2"), s("d2")));
    }
}
