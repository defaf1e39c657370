//! Pictures of English draughts positions and moves (ENG-1), for
//! `explain --svg/--png` and `moves --from --svg/--png` (the model
//! is [`crate::core::diagram`]).
//!
//! - the position: the 8×8 board, men as plain discs, kings crowned; every
//!   dark square carries its PDN number (1 = b8 … 32 = g1), the numbers the
//!   move text uses; side panel: side to move, the pieces each side has;
//! - a move: a step as one leg; a capture series jump by jump, each an
//!   arched numbered leg, every jumped piece crossed (they leave the board
//!   at the end of the series), a man crowned where the series stops on
//!   the far rank; a note per jump in PDN numbers;
//! - an illegal move: the path as written (steps straight, jumps arched)
//!   and where it breaks: for an unfinished series the square where a
//!   further jump is available, for a series past the far rank the
//!   crowning square, for a step while a capture exists the step's start
//!   (a note names a capture that exists), otherwise the first square the
//!   text gets wrong.

use crate::core::diagram::{Diagram, Fact, LegKind, Marker, MoveDrawing, MoveMark, Piece};
use crate::core::Notation as _;
use crate::core::{Color, Game, Square, Verdict};
use crate::variants::draughts as dr;
use crate::variants::draughts::diagram::{first_wrong, is_series, over, path_legs, BOARD};

use super::{index_to_pdn, notation, pdn_to_index, English, Turn};

/// The PDN number of a dark square.
fn pdn(s: Square) -> u8 {
    index_to_pdn(dr::index(s))
}

/// `man` / `king` of the piece on `s`.
fn what(g: &English, s: Square) -> &'static str {
    if g.kings & (1 << dr::index(s)) != 0 {
        "king"
    } else {
        "man"
    }
}

/// The colour of the piece on `s`.
fn owner(g: &English, s: Square) -> Option<Color> {
    let bit = 1u64 << dr::index(s);
    if g.us & bit != 0 {
        Some(g.turn)
    } else if g.them & bit != 0 {
        Some(g.turn.other())
    } else {
        None
    }
}

/// The picture of a position (ENG-1).
pub fn diagram(g: &English) -> Diagram {
    let mut d = Diagram::new(BOARD);
    for n in 1..=32u8 {
        let s = dr::square(pdn_to_index(n));
        if let Some(c) = owner(g, s) {
            d = d.put(s, Piece::disc(c));
            if what(g, s) == "king" {
                d = d.marker(s, Marker::Crowned);
            }
        }
        d = d.marker(s, Marker::Label(n.to_string()));
    }
    d = d.fact(Fact::ToMove(g.turn));
    for c in [Color::Black, Color::White] {
        let all = if c == g.turn { g.us } else { g.them };
        let kings = (all & g.kings).count_ones();
        d = d.fact(Fact::Note(format!(
            "{}: {} men, {} kings",
            c.name(),
            all.count_ones() - kings,
            kings
        )));
    }
    d.fact(Fact::Note(
        "dark squares numbered 1..32 as in the move text (PDN)".into(),
    ))
}

/// The drawing of a legal move (ENG-1).
pub fn draw_move(g: &English, t: &Turn) -> MoveDrawing {
    drawing(g, &squares(t))
}

/// The squares of a turn's path (start square, then every landing square).
fn squares(t: &Turn) -> Vec<Square> {
    t.path().into_iter().map(dr::square).collect()
}

fn drawing(g: &English, path: &[Square]) -> MoveDrawing {
    let mut d = MoveDrawing::default();
    let Some(&from) = path.first() else {
        return d;
    };
    let piece = what(g, from);
    for (k, leg) in path_legs(path).into_iter().enumerate() {
        let (a, b) = (leg.from, leg.to);
        if leg.kind == LegKind::Jump {
            let x = over(a, b);
            d = d.mark(x, MoveMark::Captured).note(format!(
                "leg {}: {}x{} jumps the {} on {} (ENG-1)",
                k + 1,
                pdn(a),
                pdn(b),
                what(g, x),
                pdn(x)
            ));
        }
        d = d.leg(leg);
    }
    if is_series(path) {
        d = d.note("the jumped pieces leave the board when the series ends (ENG-1)");
    }
    if let Some(&to) = path.last() {
        let far = English::crown_mask(g.turn) & (1 << dr::index(to)) != 0;
        if piece == "man" && far {
            d = d
                .mark(to, MoveMark::Promoted(Piece::new('K', g.turn)))
                .note(format!(
                    "the man is crowned on {}: the move ends there (ENG-1)",
                    pdn(to)
                ));
        }
    }
    d
}

/// The drawing of an illegal move text (see the module docs).
pub fn draw_illegal(g: &English, text: &str, v: &Verdict) -> MoveDrawing {
    let mut d = MoveDrawing::default();
    let Ok((nums, _)) = notation::parse_path(text.trim()) else {
        return d;
    };
    let path: Vec<Square> = nums.iter().map(|&n| dr::square(pdn_to_index(n))).collect();
    for leg in path_legs(&path) {
        d = d.leg(leg);
    }
    let turns = g.legal_moves();
    let legal: Vec<Vec<Square>> = turns.iter().map(squares).collect();
    let texts: Vec<String> = turns.iter().map(|t| g.move_text(t)).collect();
    let last = *path.last().unwrap_or(&path[0]);
    let r = v.reason.as_str();
    let at = if r.starts_with("the capture series must be completed") {
        d = d.note(format!(
            "a further jump is available from {} (ENG-1)",
            pdn(last)
        ));
        last
    } else if r.starts_with("crowning ends the move") {
        // The longest legal prefix ends on the crowning square.
        let stop = texts
            .iter()
            .filter(|t| text.trim().starts_with(&format!("{t}x")))
            .max_by_key(|t| t.len())
            .and_then(|t| t.rsplit('x').next())
            .and_then(|n| n.parse::<u8>().ok())
            .map_or(last, |n| dr::square(pdn_to_index(n)));
        d = d.note(format!(
            "the man is crowned on {}: the series stops there (ENG-1)",
            pdn(stop)
        ));
        stop
    } else if r.starts_with("capturing is compulsory") {
        if let Some(t) = texts.iter().find(|t| t.contains('x')) {
            d = d.note(format!("a capture exists, e.g. {t} (ENG-1)"));
        }
        path[0]
    } else {
        // The first square the text gets wrong: where no legal move
        // follows the text any further.
        path[first_wrong(path.len(), |i| {
            legal.iter().any(|m| {
                m.len() > i
                    && m[..=i]
                        .iter()
                        .map(|&s| pdn(s))
                        .eq(nums[..=i].iter().copied())
            })
        })]
    };
    d.mark(at, MoveMark::Breaks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Draw as _, Explain as _, Rules};

    fn game(text: &str) -> English {
        English::parse(
            text,
            &Rules::defaults("english", &[], &super::super::MUTANTS),
        )
        .unwrap()
    }

    fn s(n: u8) -> Square {
        dr::square(pdn_to_index(n))
    }

    #[test]
    fn position_numbers_the_dark_squares_and_crowns_kings() {
        let g = game("W:WK10,22:B6");
        let d = g.diagram();
        assert_eq!(d.top(s(22)), Some(Piece::disc(Color::White)));
        assert_eq!(d.top(s(6)), Some(Piece::disc(Color::Black)));
        let has = |sq, m: Marker| d.markers.iter().any(|x| x.square == sq && x.marker == m);
        assert!(has(s(10), Marker::Crowned));
        assert!(!has(s(22), Marker::Crowned));
        assert!(has(s(1), Marker::Label("1".into())));
        assert!(has(s(32), Marker::Label("32".into())));
        assert_eq!(
            d.markers
                .iter()
                .filter(|m| matches!(m.marker, Marker::Label(_)))
                .count(),
            32
        );
    }

    #[test]
    fn series_leg_by_leg_with_captures_and_crowning() {
        // The white man on 22 (c3) jumps 18 then 11 and stops on 8 (g7).
        let g = game("W:W22:B18,11");
        let m = g.parse_move("22x15x8").unwrap();
        let d = g.draw_move(&m);
        assert_eq!(d.legs.len(), 2);
        assert!(d.legs.iter().all(|l| l.kind == LegKind::Jump));
        assert_eq!((d.legs[0].from, d.legs[0].to), (s(22), s(15)));
        assert_eq!((d.legs[1].from, d.legs[1].to), (s(15), s(8)));
        assert!(d.has_mark(s(18), &MoveMark::Captured));
        assert!(d.has_mark(s(11), &MoveMark::Captured));
        assert!(!d.has_mark(s(8), &MoveMark::Captured));
        assert!(d.notes[0].contains("leg 1: 22x15 jumps the man on 18"));
        assert!(!d.has_mark(s(8), &MoveMark::Promoted(Piece::new('K', Color::White))));
        // Crowning ends the move on the far rank.
        let g = game("W:W10:B6");
        let m = g.parse_move("10x1").unwrap();
        let d = g.draw_move(&m);
        assert!(d.has_mark(s(6), &MoveMark::Captured));
        assert!(d.has_mark(s(1), &MoveMark::Promoted(Piece::new('K', Color::White))));
    }

    #[test]
    fn illegal_moves_break_where_the_rule_bites() {
        // Unfinished series: breaks where the next jump starts.
        let g = game("W:W22:B18,11");
        let v = g.explain("22x15").unwrap();
        assert!(!v.legal);
        let d = g.draw_illegal("22x15", &v);
        assert!(d.has_mark(s(15), &MoveMark::Breaks));
        assert_eq!(d.legs[0].kind, LegKind::Jump);
        // A step while a capture exists: breaks on the step's start.
        let v = g.explain("22-17").unwrap();
        let d = g.draw_illegal("22-17", &v);
        assert!(d.has_mark(s(22), &MoveMark::Breaks), "{v:?}");
        assert!(d.notes[0].contains("22x15x8"));
        // A wrong step: breaks on the target.
        let g = game("W:W22:B1");
        let v = g.explain("22-26").unwrap();
        let d = g.draw_illegal("22-26", &v);
        assert!(d.has_mark(s(26), &MoveMark::Breaks));
    }
}
