//! Pictures of Checkers with Bosses positions and turns (CWB-1..CWB-10),
//! for `explain --svg/--png` and `moves --from --svg/--png` (the
//! model is [`crate::core::diagram`]).
//!
//! - the position: the 8×8 board, pieces by their type letters D, O, C
//!   (CWB-1), crowned pieces with a crown (CWB-6), bosses with their hit
//!   points left in a badge (CWB-8); side panel: side to move, each side's
//!   reserve of bosses (CWB-7) and the drops pending now, the bosses' full
//!   hit points, and whether the binding rule is in force (CWB-9);
//! - a turn: the drops first, one numbered leg each (CWB-7); then the main
//!   move, a step or the capture series jump by jump, each jump an arched
//!   numbered leg; the piece jumped crossed when it is captured, ringed as
//!   hit and labelled `hp a>b` when a boss survives the jump (CWB-8; a
//!   boss jumped twice gets both); a man crowned where the series or step
//!   ends on the far rank (CWB-6); then the binding shifts, one numbered
//!   leg each, moving simultaneously (CWB-9); a note per leg;
//! - an illegal turn: the drops, path and shifts as written and where the
//!   turn breaks: CWB-7 on the first drop (or the path's start when a
//!   pending drop is missing), CWB-4 on the path's end (a longer series or
//!   a further jump exists; a note names one) or its start (a capture was
//!   compulsory), CWB-8 on the boss jumped twice in a row, CWB-6 on the
//!   crowning square, CWB-2/3/5 where the written path leaves every legal
//!   one, CWB-9 on the first shift that differs from every allowed set (a
//!   note lists one allowed set).

use crate::core::diagram::{Diagram, Fact, Leg, LegKind, Marker, MoveDrawing, MoveMark, Piece};
use crate::core::Notation as _;
use crate::core::{Color, Game, Square, Verdict};
use crate::variants::draughts as dr;
use crate::variants::draughts::diagram::{first_wrong, is_jump, is_series, leg, over, BOARD};

use super::moves::{Turn, NO_DROP};
use super::notation::MoveText;
use super::position::{far_rank, Bosses, LETTERS};

/// The piece on bitboard index `i`, as drawn (type letter and side).
fn piece_at(g: &Bosses, i: u8) -> Option<Piece> {
    let bit = 1u64 << i;
    let c = [Color::White, Color::Black]
        .into_iter()
        .find(|&c| g.pieces[c] & bit != 0)?;
    Some(Piece::new(LETTERS[g.kind_at(i)] as char, c))
}

/// A piece in words: `white crowned O`, `black D boss (3 hp)`.
fn name(g: &Bosses, i: u8) -> String {
    let bit = 1u64 << i;
    let Some(p) = piece_at(g, i) else {
        return "empty square".into();
    };
    let l = p.letter.unwrap_or('?');
    let c = p.color.name();
    if g.boss & bit != 0 {
        format!("{c} {l} boss")
    } else if g.crowned & bit != 0 {
        format!("{c} crowned {l}")
    } else {
        format!("{c} {l} man")
    }
}

/// The letters of the bosses in `bits` (bit k = type k).
fn letters(bits: u8, c: Color) -> Vec<Piece> {
    (0..3)
        .filter(|k| bits & (1 << k) != 0)
        .map(|k| Piece::new(LETTERS[k] as char, c))
        .collect()
}

/// The picture of a position (see the module docs).
pub fn diagram(g: &Bosses) -> Diagram {
    let mut d = Diagram::new(BOARD);
    for i in 0..64u8 {
        let Some(p) = piece_at(g, i) else {
            continue;
        };
        let s = dr::square(i);
        d = d.put(s, p);
        let bit = 1u64 << i;
        if g.crowned & bit != 0 {
            d = d.marker(s, Marker::Crowned);
        }
        if g.boss & bit != 0 {
            d = d.marker(s, Marker::HitPoints(g.hp[i as usize]));
        }
    }
    d = d.fact(Fact::ToMove(g.turn));
    for c in [Color::White, Color::Black] {
        d = d.fact(Fact::Reserve {
            color: c,
            pieces: letters(g.reserve[c], c),
        });
    }
    for c in [g.turn, g.turn.other()] {
        let pending = g.pending(c);
        if pending != 0 {
            let what: String = letters(pending, c)
                .iter()
                .filter_map(|p| p.letter)
                .collect();
            let when = if c == g.turn {
                "now, before moving"
            } else {
                "at the start of the next turn"
            };
            d = d.fact(Fact::Note(format!(
                "{} must drop {what} {when} (CWB-7)",
                c.name()
            )));
        }
    }
    d = d.fact(Fact::Note(format!(
        "a boss has {} hit points (CWB-8)",
        g.rules.hp
    )));
    let occ = g.occupied();
    if !g.rules.no_binding
        && (g.kind[super::position::O] | g.kind[super::position::C]) & occ == 0
        && g.pieces[Color::White] != 0
        && g.pieces[Color::Black] != 0
    {
        d = d.fact(Fact::Note(
            "only diagonal movers left: the binding rule may apply after each turn (CWB-9)".into(),
        ));
    }
    d
}

/// A drawing being built, with the pieces' hit points as the series
/// spends them.
struct Builder<'a> {
    g: Bosses,
    d: MoveDrawing,
    start: &'a Bosses,
}

impl Builder<'_> {
    fn leg(&mut self, leg: Leg) -> usize {
        self.d.legs.push(leg);
        self.d.legs.len()
    }
    fn mark(&mut self, s: Square, m: MoveMark) {
        if !self.d.has_mark(s, &m) {
            self.d
                .marks
                .push(crate::core::diagram::MarkedSquare { square: s, mark: m });
        }
    }
    fn note(&mut self, s: String) {
        self.d.notes.push(s);
    }

    /// The drops of a turn (CWB-7), applied to the working position.
    fn drops(&mut self, drops: &[(u8, Square)]) {
        for &(piece, to) in drops {
            let n = self.leg(Leg::new(LegKind::Drop, to, to));
            let p = Piece::from_fen(piece as char);
            self.mark(to, MoveMark::Dropped(p));
            if let Some(k) = LETTERS
                .iter()
                .position(|&l| l == piece.to_ascii_uppercase())
            {
                let occ = self.g.occupied();
                if to.file() < 8 && to.rank() < 8 && occ & (1 << dr::index(to)) == 0 {
                    self.g.drop_boss(k, dr::index(to));
                }
            }
            self.note(format!(
                "leg {n}: the {} {} boss is dropped on {to} (CWB-7)",
                p.color.name(),
                piece.to_ascii_uppercase() as char
            ));
        }
    }

    /// The main move along `path`, leg by leg (CWB-2..CWB-8).
    fn path(&mut self, path: &[Square]) {
        let Some(&from) = path.first() else {
            return;
        };
        let fi = dr::index(from);
        let mover = name(&self.g, fi);
        let mut hp = self.g.hp;
        for w in path.windows(2) {
            let (a, b) = (w[0], w[1]);
            let n = self.leg(leg(a, b));
            if !is_jump(a, b) {
                self.note(format!("leg {n}: the {mover} steps {a}-{b} (CWB-2)"));
                continue;
            }
            // By index, as `apply_path` counts it (a written leg need not be in line).
            let oi = (dr::index(a) + dr::index(b)) / 2;
            let o = dr::square(oi);
            let ob = 1u64 << oi;
            if self.g.pieces[self.start.turn.other()] & ob == 0 {
                self.note(format!("leg {n}: {a}x{b} jumps no enemy piece"));
                continue;
            }
            let victim = name(&self.g, oi);
            if self.g.boss & ob != 0 && hp[oi as usize] > 1 {
                let h = hp[oi as usize];
                hp[oi as usize] -= 1;
                self.mark(o, MoveMark::Hit);
                self.mark(o, MoveMark::Label(format!("hp {h}>{}", h - 1)));
                self.note(format!(
                    "leg {n}: {a}x{b} hits the {victim} on {o}: {h} > {} hit points (CWB-8)",
                    h - 1
                ));
            } else {
                hp[oi as usize] = 0;
                self.mark(o, MoveMark::Captured);
                let boss = if self.g.boss & ob != 0 {
                    ", its last hit point"
                } else {
                    ""
                };
                self.note(format!(
                    "leg {n}: {a}x{b} captures the {victim} on {o}{boss} (CWB-3, CWB-8)"
                ));
            }
        }
        if is_series(path) {
            self.note("captured pieces leave the board when the series ends (CWB-5)".into());
        }
        let to = path[path.len() - 1];
        let crowns = self.g.crowned & (1 << fi) == 0
            && to.file() < 8
            && to.rank() < 8
            && far_rank(self.start.turn) & (1 << dr::index(to)) != 0;
        if crowns {
            let p = piece_at(&self.g, fi).unwrap_or(Piece::new('D', self.start.turn));
            self.mark(to, MoveMark::Promoted(p));
            self.note(format!(
                "the {mover} reaches the far rank on {to} and is crowned; the move ends there (CWB-6)"
            ));
        }
    }

    /// The binding shifts (CWB-9), simultaneous.
    fn shifts(&mut self, shifts: &[(Square, Square)]) {
        if shifts.is_empty() {
            return;
        }
        self.note("binding rule: the shifts below move at once (CWB-9)".into());
        for &(a, b) in shifts {
            let n = self.leg(Leg::new(LegKind::Shift, a, b));
            let far = a.distance(b) == 3;
            let how = if far {
                ", a three-square escape from four enemy neighbours"
            } else {
                ""
            };
            self.note(format!("leg {n}: shift {a}>{b}{how} (CWB-9)"));
        }
    }
}

/// A turn's drops (letter, square), path and shifts (from, to).
type Parts = (Vec<(u8, Square)>, Vec<Square>, Vec<(Square, Square)>);

/// The parts of a turn: drops (letter, square), path, shifts.
fn parts(g: &Bosses, t: &Turn) -> Parts {
    let drops = t
        .drops
        .iter()
        .enumerate()
        .filter(|&(_, &s)| s != NO_DROP)
        .map(|(k, &s)| (g.letter(k), dr::square(s)))
        .collect();
    let path = t.path.iter().map(|&i| dr::square(i)).collect();
    let shifts = t
        .shift
        .iter()
        .map(|&(a, b)| (dr::square(a), dr::square(b)))
        .collect();
    (drops, path, shifts)
}

fn draw(
    g: &Bosses,
    drops: &[(u8, Square)],
    path: &[Square],
    shifts: &[(Square, Square)],
) -> MoveDrawing {
    let mut b = Builder {
        g: g.clone(),
        d: MoveDrawing::default(),
        start: g,
    };
    b.drops(drops);
    b.path(path);
    b.shifts(shifts);
    b.d
}

/// The drawing of a legal turn (see the module docs).
pub fn draw_move(g: &Bosses, t: &Turn) -> MoveDrawing {
    let (drops, path, shifts) = parts(g, t);
    draw(g, &drops, &path, &shifts)
}

/// The parts of a move text as written (drops by the side to move).
fn written(g: &Bosses, m: &MoveText) -> Parts {
    let drops = m
        .drops
        .iter()
        .map(|&(k, s)| {
            let l = LETTERS[k.min(2)];
            let l = if g.turn.is_white() {
                l
            } else {
                l.to_ascii_lowercase()
            };
            (l, dr::square(s))
        })
        .collect();
    let path = m.path.iter().map(|&i| dr::square(i)).collect();
    let shifts = m
        .shifts
        .iter()
        .map(|&(a, b)| (dr::square(a), dr::square(b)))
        .collect();
    (drops, path, shifts)
}

/// The drawing of an illegal turn text (see the module docs).
pub fn draw_illegal(g: &Bosses, text: &str, v: &Verdict) -> MoveDrawing {
    let Ok(mt) = MoveText::parse(text.trim()) else {
        return MoveDrawing::default();
    };
    let (drops, path, shifts) = written(g, &mt);
    let mut d = draw(g, &drops, &path, &shifts);
    let turns = g.legal_moves();
    let legal: Vec<Parts> = turns.iter().map(|t| parts(g, t)).collect();
    let texts: Vec<String> = turns.iter().map(|t| g.move_text(t)).collect();
    let last = path[path.len() - 1];
    let rule = v.rules.first().copied().unwrap_or("");
    let r = v.reason.as_str();
    // The main path of a legal turn, as text (`b2xd4`).
    let main = |m: &Parts| {
        let sep = if is_series(&m.1) { "x" } else { "-" };
        m.1.iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(sep)
    };
    let at = match rule {
        "CWB-7" => {
            if let Some(t) = texts.first() {
                d = d.note(format!("an allowed turn: {t} (CWB-7)"));
            }
            drops.first().map_or(path[0], |x| x.1)
        }
        "CWB-4" if r.starts_with("capturing is compulsory") => {
            if let Some(m) = legal.iter().find(|m| is_series(&m.1)) {
                d = d.note(format!("a capture exists: {} (CWB-4)", main(m)));
            }
            path[0]
        }
        "CWB-4" => {
            if let Some(m) = legal.iter().max_by_key(|m| m.1.len()) {
                d = d.note(format!("a series with more jumps: {} (CWB-4)", main(m)));
            }
            last
        }
        "CWB-8" => path
            .windows(3)
            .find(|w| w[0] == w[2])
            .map_or(last, |w| over(w[0], w[1])),
        "CWB-6" => {
            let far = far_rank(g.turn);
            path.iter()
                .skip(1)
                .find(|s| far & (1 << dr::index(**s)) != 0)
                .copied()
                .unwrap_or(last)
        }
        "CWB-9" => {
            // The allowed shift sets after this main path.
            let allowed: Vec<Vec<(Square, Square)>> = legal
                .iter()
                .filter(|m| m.1[..] == path[..])
                .map(|m| m.2.clone())
                .collect();
            if let Some(a) = allowed.first() {
                let t: Vec<String> = a.iter().map(|(x, y)| format!("{x}>{y}")).collect();
                d = d.note(if t.is_empty() {
                    "allowed: no shift (CWB-9)".to_string()
                } else {
                    format!("an allowed shift: {} (CWB-9)", t.join(","))
                });
            }
            shifts
                .iter()
                .find(|s| !allowed.iter().any(|a| a.contains(s)))
                .map_or(last, |s| s.0)
        }
        "CWB-10" => last,
        _ => {
            // Where the written path leaves every legal main path.
            path[first_wrong(path.len(), |i| {
                legal
                    .iter()
                    .any(|m| m.1.len() > i && m.1[..=i] == path[..=i])
            })]
        }
    };
    d.mark(at, MoveMark::Breaks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Draw as _, Explain as _, Rules};

    fn game(text: &str) -> Bosses {
        let rules = Rules::parse(
            "bosses",
            &super::super::OPTIONS,
            &super::super::MUTANTS,
            &[],
        )
        .unwrap();
        Bosses::parse(text, &rules).unwrap()
    }

    fn s(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn position_shows_letters_crowns_hit_points_and_reserves() {
        let g = game(super::super::START);
        let d = g.diagram();
        assert_eq!(d.top(s("c1")), Some(Piece::new('C', Color::White)));
        assert_eq!(d.top(s("a6")), Some(Piece::new('D', Color::Black)));
        assert!(d.facts.contains(&Fact::Reserve {
            color: Color::White,
            pieces: vec![
                Piece::new('D', Color::White),
                Piece::new('O', Color::White),
                Piece::new('C', Color::White)
            ]
        }));
        let g = game("8/8/3[d2]4/8/8/2(D)5/8/8 w D");
        let d = g.diagram();
        let has = |sq, m: Marker| d.markers.iter().any(|x| x.square == sq && x.marker == m);
        assert!(has(s("d6"), Marker::HitPoints(2)));
        assert!(has(s("d6"), Marker::Crowned));
        assert!(has(s("c3"), Marker::Crowned));
        assert!(!has(s("c3"), Marker::HitPoints(3)));
        assert!(d
            .facts
            .iter()
            .any(|f| matches!(f, Fact::Note(t) if t.contains("CWB-9"))));
    }

    /// CWB-8 with CWB-4: the crowned C jumps the boss three times, with
    /// e4 and c4 in between; the boss is hit twice, then captured.
    #[test]
    fn boss_hits_leg_by_leg() {
        let g = game("8/8/8/8/2o[d3]o3/2(C)5/8/8 w Co");
        let m = g.parse_move("c3xe5xe3xc5xc3xe5").unwrap();
        let d = g.draw_move(&m);
        assert_eq!(d.legs.len(), 5);
        assert!(d.legs.iter().all(|l| l.kind == LegKind::Jump));
        assert!(d.has_mark(s("d4"), &MoveMark::Hit));
        assert!(d.has_mark(s("d4"), &MoveMark::Label("hp 3>2".into())));
        assert!(d.has_mark(s("d4"), &MoveMark::Label("hp 2>1".into())));
        assert!(d.has_mark(s("d4"), &MoveMark::Captured));
        assert!(d.has_mark(s("e4"), &MoveMark::Captured));
        assert!(d.has_mark(s("c4"), &MoveMark::Captured));
        let notes = d.notes.join("\n");
        assert!(
            notes.contains("leg 1: c3xe5 hits the black D boss on d4: 3 > 2 hit points (CWB-8)"),
            "{notes}"
        );
        assert!(
            notes.contains("leg 5: c3xe5 captures the black D boss on d4, its last hit point"),
            "{notes}"
        );
        // The shorter series breaks on its end (CWB-4).
        let v = g.explain("c3xc5xe3xe5xc3").unwrap();
        let d = g.draw_illegal("c3xc5xe3xe5xc3", &v);
        assert!(d.has_mark(s("c3"), &MoveMark::Breaks), "{v:?}");
        assert!(d.notes.iter().any(|n| n.contains("c3xe5xe3xc5xc3xe5")));
        // Back and forth over the boss breaks on the boss (CWB-8).
        let g = game("8/8/8/8/3[d3]4/2(D)5/8/8 w D");
        let v = g.explain("c3xe5xc3").unwrap();
        assert_eq!(v.rules[0], "CWB-8");
        let d = g.draw_illegal("c3xe5xc3", &v);
        assert!(d.has_mark(s("d4"), &MoveMark::Breaks));
    }

    /// CWB-7 and CWB-9: a drop, then the move, then the binding shift.
    #[test]
    fn drops_and_binding_shifts() {
        let g = game("7d/8/8/8/8/8/8/O7 w DOd");
        let m = g.parse_move("D@b2,b2-c3").unwrap();
        let d = g.draw_move(&m);
        assert_eq!(d.legs[0].kind, LegKind::Drop);
        assert_eq!(d.legs[1], Leg::slide(s("b2"), s("c3")));
        assert!(d.has_mark(s("b2"), &MoveMark::Dropped(Piece::new('D', Color::White))));
        // A move without the pending drop breaks on its start (CWB-7).
        let v = g.explain("a1-a2").unwrap();
        let d = g.draw_illegal("a1-a2", &v);
        assert!(d.has_mark(s("a1"), &MoveMark::Breaks));
        let g = game("6d1/8/8/8/3[o1]4/2D5/8/8 w Dd");
        let m = g.parse_move("c3xe5,e5>d5").unwrap();
        let d = g.draw_move(&m);
        assert_eq!(d.legs.len(), 2);
        assert_eq!(d.legs[1], Leg::new(LegKind::Shift, s("e5"), s("d5")));
        assert!(d.has_mark(s("d4"), &MoveMark::Captured));
        // A wrong shift breaks on it, and an allowed one is named.
        let v = g.explain("c3xe5,e5>e6").unwrap();
        assert_eq!(v.rules[0], "CWB-9");
        let d = g.draw_illegal("c3xe5,e5>e6", &v);
        assert!(d.has_mark(s("e5"), &MoveMark::Breaks));
        assert!(d.notes.iter().any(|n| n.contains("an allowed shift: e5>")));
    }
}
