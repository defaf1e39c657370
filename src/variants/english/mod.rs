//! English draughts (checkers), the baseline of Checkers with Bosses
//! (RULINGS.md ENG-1), on the shared draughts mechanism
//! ([`crate::variants::draughts`]).
//!
//! ENG-1: the 32 dark squares of an 8×8 board (a1 dark); Black starts on
//! squares 1–12 (the high ranks) and moves first; men step and capture
//! diagonally forward; kings step and capture one square in the four
//! diagonal directions; capturing is compulsory, any series may be chosen
//! (no maximum rule), a series must be completed, and a man reaching the
//! far rank is crowned and ends the move there. perft counts capture paths
//! (G2).
//!
//! The game has one move generator ([`English::generate`], the
//! [`Game::generate`] of the game) on its compact move [`Turn`]; capture
//! series come from the one draughts series search
//! ([`crate::variants::draughts::Arena::series`]). Position and move texts:
//! [`notation`]; `explain`: `explain.rs`.

use crate::core::Notation as _;
use crate::core::Variant;
use std::ops::ControlFlow;

use crate::core::explain::Trace;
use crate::core::{
    Color, Counter, Flow, Game, MoveError, MoveSink, Outcome, Rejection, Rules, Verdict,
};
use crate::variants::draughts::{self as dr, Arena, Series};

#[cfg(feature = "pictures")]
pub mod diagram;
mod explain;
pub mod notation;

pub use notation::{index_to_pdn, pdn_to_index};

/// The registry entry of English draughts (`english`): start position, parser and mutants.
pub static VARIANT: Variant = Variant {
    id: "english",
    name: "English draughts (ENG-1, baseline of Checkers with Bosses)",
    options: &[],
    mutants: &MUTANTS,
    start: |_| Ok(START.to_string()),
    parse: |text, rules| Ok(Box::new(English::parse(text, rules)?)),
};

static MUTANTS: [crate::core::Mutant; 3] = [
    crate::core::Mutant {
        name: "capture-optional",
        doc: "steps allowed while a capture exists (misreads ENG-1)",
    },
    crate::core::Mutant {
        name: "men-capture-backward",
        doc: "men capture in all four diagonals (misreads ENG-1)",
    },
    crate::core::Mutant {
        name: "crowning-continues",
        doc: "a man crowned mid-series goes on capturing as a king (misreads ENG-1)",
    },
];

/// The start position (ENG-1).
pub const START: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

const RANK1: u64 = 0xff;
const RANK8: u64 = 0xff << 56;
/// ENG-1: kings step and capture in the four diagonals.
const DIAG: dr::Dirs = 1 << dr::NE | 1 << dr::SE | 1 << dr::SW | 1 << dr::NW;
const DIAGONALS: [usize; 4] = [dr::NE, dr::SE, dr::SW, dr::NW];
/// The diagonals in the order of their target squares (-9, -7, +7, +9).
const ASCENDING: [usize; 4] = [dr::SW, dr::SE, dr::NW, dr::NE];

/// The rules struct (mutants converted once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct EngRules {
    capture_optional: bool,
    men_capture_backward: bool,
    crowning_continues: bool,
}

impl EngRules {
    fn new(rules: &Rules) -> Result<EngRules, crate::core::RuleError> {
        Ok(EngRules {
            capture_optional: rules.is_mutant("capture-optional")?,
            men_capture_backward: rules.is_mutant("men-capture-backward")?,
            crowning_continues: rules.is_mutant("crowning-continues")?,
        })
    }
}

/// A validated English draughts position (compact: three bitboards, the
/// turn and the mutants). The pieces are held by side — the side to move,
/// the other side — so that a move touches no array by colour.
#[derive(Clone, Hash, Debug, PartialEq, Eq)]
pub struct English {
    /// The pieces of the side to move (bitboard over a1 = 0).
    us: u64,
    /// The pieces of the other side.
    them: u64,
    kings: u64,
    turn: Color,
    rules: EngRules,
}

/// One English turn (G2), compact (16 bytes): the jumped pieces, and in
/// one word the start square, the end square and the route — the diagonal
/// of each jump, two bits per jump, which with the start square gives the
/// full path. A series has at most 18 jumps (a piece lands only on the 16
/// squares of its start square's parity class, linked by 18 diagonals),
/// so the route needs 36 bits. A step has no jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The jumped pieces (one per jump, ENG-1), removed at the end.
    captured: u64,
    /// Bits 0–5 the start square, 6–11 the end square, from bit 12 the
    /// route: jump `i` goes in direction `DIAGONALS[(route >> 2i) & 3]`.
    packed: u64,
}

impl Turn {
    #[inline]
    fn step(from: u8, to: u8) -> Turn {
        Turn {
            captured: 0,
            packed: u64::from(from) | u64::from(to) << 6,
        }
    }

    /// The turn of a complete capture series.
    fn series(s: &Series) -> Turn {
        let mut route = 0u64;
        for (i, w) in s.path.windows(2).enumerate() {
            // +18 NE, -14 SE, -18 SW, +14 NW (two squares per jump).
            let code = match i32::from(w[1]) - i32::from(w[0]) {
                18 => 0,
                -14 => 1,
                -18 => 2,
                _ => 3,
            };
            route |= code << (2 * i);
        }
        let (from, to) = (s.path[0], s.path[s.path.len() - 1]);
        Turn {
            captured: s.captured,
            packed: u64::from(from) | u64::from(to) << 6 | route << 12,
        }
    }

    #[inline]
    fn from(&self) -> u8 {
        (self.packed & 63) as u8
    }

    #[inline]
    fn to(&self) -> u8 {
        (self.packed >> 6 & 63) as u8
    }

    /// The full path: start square, then every landing square.
    fn path(&self) -> Vec<u8> {
        let mut path = vec![self.from()];
        if self.captured == 0 {
            path.push(self.to());
            return path;
        }
        let (mut sq, route) = (self.from(), self.packed >> 12);
        for i in 0..self.captured.count_ones() {
            sq = dr::offset(sq, DIAGONALS[(route >> (2 * i)) as usize & 3], 2);
            path.push(sq);
        }
        path
    }
}

#[inline]
fn ci(c: Color) -> usize {
    c as usize
}

impl English {
    /// Parses and validates a position text (G4): [`notation::Setup`],
    /// then `notation::Setup::validate`.
    ///
    /// # Errors
    /// Syntax errors per field; squares off the 32 dark squares, squares
    /// given twice, men on their far rank.
    pub fn parse(text: &str, rules: &Rules) -> Result<English, crate::core::Error> {
        Ok(notation::Setup::parse(text)?.validate(EngRules::new(rules)?)?)
    }

    /// The pieces of colour `c`.
    fn pieces(&self, c: Color) -> u64 {
        if c == self.turn {
            self.us
        } else {
            self.them
        }
    }

    /// ENG-1: a man is crowned on the far rank.
    #[inline]
    fn crown_mask(c: Color) -> u64 {
        if c.is_white() {
            RANK8
        } else {
            RANK1
        }
    }

    /// The one move generator (ENG-1): every complete capture series when
    /// a capture exists (compulsory; each series is a move, any may be
    /// chosen), otherwise every step. Counting sinks get the steps in bulk.
    /// A sink that wants rejected candidates ([`MoveSink::WANTS_REJECTED`],
    /// `explain`) also gets the steps a compulsory capture forbids and the
    /// unfinished beginnings of every series.
    #[inline(always)]
    pub fn generate<S: MoveSink<Turn>>(&self, sink: &mut S) -> Flow {
        if self.turn.is_white() {
            self.gen::<true, S>(sink)
        } else {
            self.gen::<false, S>(sink)
        }
    }

    /// [`English::generate`] for the side `WHITE` (directions fixed at
    /// compile time).
    #[inline(always)]
    fn gen<const WHITE: bool, S: MoveSink<Turn>>(&self, sink: &mut S) -> Flow {
        let (own, enemy) = (self.us, self.them);
        let empty = !(own | enemy);
        let kings = own & self.kings;
        // ENG-1: men go forward (two diagonals), kings also backward.
        let (fwd, back) = if WHITE {
            ([dr::NE, dr::NW], [dr::SE, dr::SW])
        } else {
            ([dr::SE, dr::SW], [dr::NE, dr::NW])
        };
        let man_dirs: dr::Dirs = 1 << fwd[0] | 1 << fwd[1];
        let back_capturers = if self.rules.men_capture_backward {
            own
        } else {
            kings
        };
        // Bulk test first: which pieces have a first jump at all.
        let starters = dr::jumpers(own, fwd[0], enemy, empty)
            | dr::jumpers(own, fwd[1], enemy, empty)
            | dr::jumpers(back_capturers, back[0], enemy, empty)
            | dr::jumpers(back_capturers, back[1], enemy, empty);
        if starters != 0 {
            self.captures::<S>(starters, own, enemy, kings, man_dirs, sink)?;
            if !self.rules.capture_optional {
                if S::WANTS_REJECTED {
                    self.steps(own, kings, man_dirs, empty, &mut Refused(sink))?;
                }
                return ControlFlow::Continue(());
            }
        }
        if S::COUNTS_ONLY {
            let mut n = (dr::shift(own, fwd[0]) & empty).count_ones()
                + (dr::shift(own, fwd[1]) & empty).count_ones();
            // Kings are rare for most of a game: skip their bit counts.
            if kings != 0 {
                n += (dr::shift(kings, back[0]) & empty).count_ones()
                    + (dr::shift(kings, back[1]) & empty).count_ones();
            }
            return sink.add_count(u64::from(n));
        }
        self.steps(own, kings, man_dirs, empty, sink)
    }

    /// Every step of the pieces `own` (kings `kings`; men in `man_dirs`),
    /// piece by piece in square order, each piece's targets in square order
    /// (SW, SE, NW, NE); the order of the root moves is the order perft's
    /// threads take them.
    fn steps<S: MoveSink<Turn>>(
        &self,
        own: u64,
        kings: u64,
        man_dirs: dr::Dirs,
        empty: u64,
        sink: &mut S,
    ) -> Flow {
        let sources = ASCENDING.map(|d| {
            let movers = if man_dirs & (1 << d) != 0 { own } else { kings };
            movers & dr::shift(empty, (d + 4) % 8)
        });
        let mut pieces = sources[0] | sources[1] | sources[2] | sources[3];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            for (i, d) in ASCENDING.into_iter().enumerate() {
                if sources[i] & (1 << from) != 0 {
                    sink.push(Turn::step(from, dr::offset(from, d, 1)))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Every complete capture series of the pieces `starters` (ENG-1),
    /// by the draughts series search.
    #[inline(always)]
    fn captures<S: MoveSink<Turn>>(
        &self,
        starters: u64,
        own: u64,
        enemy: u64,
        kings: u64,
        man_dirs: dr::Dirs,
        sink: &mut S,
    ) -> Flow {
        let man_cap = if self.rules.men_capture_backward {
            DIAG
        } else {
            man_dirs
        };
        let arena = Arena {
            crown_continues: self.rules.crowning_continues,
            crowned_dirs: DIAG,
            ..Arena::plain(!(own | enemy), enemy)
        };
        let crown = Self::crown_mask(self.turn);
        // ENG-1: kings capture in the four diagonals, men forward; a man
        // is crowned on the far rank, which ends the series.
        let mover = |from: u8| {
            if kings & (1 << from) != 0 {
                (DIAG, 0)
            } else {
                (man_cap, crown)
            }
        };
        arena.series(starters, mover, &mut |s| {
            if S::WANTS_REJECTED {
                // ENG-1: a series must be completed.
                for k in 2..s.path.len() {
                    let part = &s.path[..k];
                    let captured = part
                        .windows(2)
                        .fold(0u64, |c, w| c | 1 << ((w[0] + w[1]) / 2));
                    sink.reject(
                        Turn::series(&Series {
                            path: part,
                            jumps: k as u32 - 1,
                            captured,
                        }),
                        Rejection::new(
                            "ENG-1",
                            "the capture series must be completed: a further jump is available",
                        ),
                    );
                }
            }
            if S::COUNTS_ONLY {
                sink.add_count(1)
            } else {
                sink.push(Turn::series(s))
            }
        })
    }

    /// ENG-1: the piece goes to its last square; the jumped pieces are
    /// removed at the end of the series; a man ending on the far rank is
    /// crowned (reported to `trace`).
    fn play_traced<T: Trace>(&mut self, t: &Turn, trace: &mut T) {
        let (fb, tb) = (1u64 << t.from(), 1u64 << t.to());
        let king = self.kings & fb != 0;
        let mover = (self.us & !fb) | tb;
        self.us = self.them & !t.captured;
        self.them = mover;
        self.kings &= !(t.captured | fb);
        if king || Self::crown_mask(self.turn) & tb != 0 {
            if !king {
                trace.note("ENG-1");
            }
            self.kings |= tb;
        }
        self.turn = self.turn.other();
    }
}

/// The sink of the candidates a compulsory capture forbids: every move
/// handed to it is passed on as rejected (ENG-1).
struct Refused<'a, S>(&'a mut S);

impl<S: MoveSink<Turn>> MoveSink<Turn> for Refused<'_, S> {
    const COUNTS_ONLY: bool = false;
    fn push(&mut self, m: Turn) -> Flow {
        self.0.reject(
            m,
            Rejection::new("ENG-1", "capturing is compulsory: a capture exists"),
        );
        ControlFlow::Continue(())
    }
    fn add_count(&mut self, _: u64) -> Flow {
        unreachable!("steps are counted only for a counting sink")
    }
}

impl Game for English {
    type Move = Turn;

    fn variant(&self) -> &'static str {
        "english"
    }

    fn turn(&self) -> Color {
        self.turn
    }

    #[inline(always)]
    fn generate<S: MoveSink<Turn>>(&self, sink: &mut S) -> crate::core::Flow {
        English::generate(self, sink)
    }

    /// The default (the generator into a counter), inlined into perft's
    /// leaf loop.
    #[inline(always)]
    fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        let flow = English::generate(self, &mut c);
        debug_assert!(flow.is_continue(), "a counter never stops");
        c.0
    }

    /// ENG-1: the piece goes to its last square; the jumped pieces are
    /// removed at the end of the series; a man ending on the far rank is
    /// crowned.
    #[inline]
    fn play(&mut self, t: &Turn) {
        self.play_traced(t, &mut ());
    }

    /// ENG-1: a player with no legal move (no pieces, or all blocked) loses.
    fn outcome(&self) -> Option<Outcome> {
        (!crate::core::Game::has_legal_move(self)).then_some(Outcome::Win(self.turn.other()))
    }
}

impl crate::core::Notation for English {
    fn to_text(&self) -> String {
        notation::write(self)
    }

    fn move_text(&self, t: &Turn) -> String {
        notation::path_text(&t.path())
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        notation::parse_path(text.trim()).map(|_| ())
    }
}

impl crate::core::Explain for English {
    /// Canonical full path, or the short PDN capture `from x to` when one
    /// series matches.
    fn parse_move(&self, text: &str) -> Result<Turn, MoveError> {
        let text = text.trim();
        let moves = self.legal_moves();
        if let Some(m) = moves.iter().find(|m| self.move_text(m) == text) {
            return Ok(*m);
        }
        let (nums, capture) = notation::parse_path(text)?;
        if capture && nums.len() == 2 {
            let hits: Vec<&Turn> = moves
                .iter()
                .filter(|m| {
                    m.captured != 0
                        && index_to_pdn(m.from()) == nums[0]
                        && index_to_pdn(m.to()) == nums[1]
                })
                .collect();
            match hits.len() {
                1 => return Ok(*hits[0]),
                0 => {}
                _ => {
                    return Err(MoveError::Ambiguous {
                        text: text.into(),
                        candidates: hits.iter().map(|m| self.move_text(m)).collect(),
                    });
                }
            }
        }
        Err(self.rejection(text))
    }

    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        explain::explain(self, text)
    }
}

#[cfg(feature = "pictures")]
impl crate::core::Draw for English {
    fn diagram(&self) -> crate::core::diagram::Diagram {
        diagram::diagram(self)
    }

    fn draw_move(&self, t: &Turn) -> crate::core::diagram::MoveDrawing {
        diagram::draw_move(self, t)
    }

    fn draw_illegal(&self, text: &str, v: &Verdict) -> crate::core::diagram::MoveDrawing {
        diagram::draw_illegal(self, text, v)
    }

    fn move_start(&self, m: &<Self as Game>::Move) -> Option<crate::core::Square> {
        Some(dr::square(m.from()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    fn start() -> English {
        English::parse(START, &Rules::defaults("english", &[], &MUTANTS)).unwrap()
    }

    #[test]
    fn numbering() {
        for n in 1..=32u8 {
            let i = pdn_to_index(n);
            assert_eq!((i % 8 + i / 8) % 2, 0, "square {n} is dark");
            assert_eq!(index_to_pdn(i), n);
        }
        assert_eq!(dr::square(pdn_to_index(1)).to_string(), "b8");
        assert_eq!(dr::square(pdn_to_index(29)).to_string(), "a1");
        assert_eq!(dr::square(pdn_to_index(32)).to_string(), "g1");
    }

    #[test]
    fn start_perft() {
        let g = start();
        assert_eq!(g.to_text(), START);
        assert_eq!(crate::core::perft(&g, 1), 7);
        assert_eq!(crate::core::perft(&g, 2), 49);
        assert_eq!(crate::core::perft(&g, 3), 302);
        assert_eq!(crate::core::perft(&g, 4), 1469);
    }

    /// A slow test oracle of ENG-1, independent of the draughts
    /// mechanism: pieces on (file, rank) coordinates, capture series by a
    /// plain recursive search. Returns every legal path (PDN numbers).
    fn oracle(g: &English) -> Vec<Vec<u8>> {
        let at = |f: i32, r: i32| -> u64 {
            if (0..8).contains(&f) && (0..8).contains(&r) {
                1u64 << (r * 8 + f)
            } else {
                0
            }
        };
        let fwd = if g.turn.is_white() { 1 } else { -1 };
        let pdn = |f: i32, r: i32| index_to_pdn((r * 8 + f) as u8);
        #[allow(clippy::too_many_arguments)]
        fn jumps(
            f: i32,
            r: i32,
            king: bool,
            g: &English,
            gone: u64,
            empty: u64,
            path: &mut Vec<(i32, i32)>,
            out: &mut Vec<Vec<(i32, i32)>>,
        ) {
            let fwd = if g.turn.is_white() { 1 } else { -1 };
            let far = if g.turn.is_white() { 7 } else { 0 };
            let on = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
            if path.len() > 1 && !king && r == far {
                out.push(path.clone());
                return;
            }
            let mut any = false;
            for (df, dr_) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
                if !king && dr_ != fwd {
                    continue;
                }
                let (of, or, lf, lr) = (f + df, r + dr_, f + 2 * df, r + 2 * dr_);
                if !on(lf, lr) {
                    continue;
                }
                let over = 1u64 << (or * 8 + of);
                let land = 1u64 << (lr * 8 + lf);
                if g.them & over != 0 && gone & over == 0 && empty & land != 0 {
                    any = true;
                    path.push((lf, lr));
                    jumps(lf, lr, king, g, gone | over, empty, path, out);
                    path.pop();
                }
            }
            if !any && path.len() > 1 {
                out.push(path.clone());
            }
        }
        let mut caps = Vec::new();
        let mut steps = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                if g.us & at(f, r) == 0 {
                    continue;
                }
                let king = g.kings & at(f, r) != 0;
                let empty = !(g.us | g.them) | at(f, r);
                jumps(f, r, king, g, 0, empty, &mut vec![(f, r)], &mut caps);
                for (df, dr_) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
                    if (king || dr_ == fwd) && at(f + df, r + dr_) & empty & !at(f, r) != 0 {
                        steps.push(vec![(f, r), (f + df, r + dr_)]);
                    }
                }
            }
        }
        let chosen = if caps.is_empty() { steps } else { caps };
        let mut out: Vec<Vec<u8>> = chosen
            .iter()
            .map(|p| p.iter().map(|&(f, r)| pdn(f, r)).collect())
            .collect();
        out.sort();
        out
    }

    /// The one generator against the slow oracle along deterministic random
    /// games (kings appear, long series and circles occur); list and
    /// counting sinks agree; every move's text parses back to it.
    #[test]
    fn generator_matches_oracle() {
        let mut seed = 7u64;
        let mut positions = vec![
            English::parse(
                "W:WK10,K14,19,22:B6,7,15,K23,26",
                &Rules::defaults("english", &[], &MUTANTS),
            )
            .unwrap(),
            English::parse(
                "B:WK1,K3,18,19,27:BK30,K32,11,12,15",
                &Rules::defaults("english", &[], &MUTANTS),
            )
            .unwrap(),
            English::parse(
                "W:WK26:B14,15,22,23",
                &Rules::defaults("english", &[], &MUTANTS),
            )
            .unwrap(),
            English::parse(
                "B:W6,7,14,15,22,23,K30:B1,2,K12",
                &Rules::defaults("english", &[], &MUTANTS),
            )
            .unwrap(),
            English::parse(
                "W:W27,28,K31:B6,7,14,15,16,22,23,24",
                &Rules::defaults("english", &[], &MUTANTS),
            )
            .unwrap(),
        ];
        for game in 0..30 {
            let mut g = start();
            for _ in 0..(40 + game * 4) {
                let v = g.legal_moves();
                if v.is_empty() {
                    break;
                }
                positions.push(g.clone());
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                g.play(&v[(seed >> 33) as usize % v.len()]);
            }
        }
        let mut long = 0;
        for g in &positions {
            let moves = g.legal_moves();
            let mut got: Vec<Vec<u8>> = moves
                .iter()
                .map(|m| m.path().iter().map(|&i| index_to_pdn(i)).collect())
                .collect();
            got.sort();
            assert_eq!(got, oracle(g), "{}", g.to_text());
            assert_eq!(g.count_legal(), moves.len() as u64, "{}", g.to_text());
            long += usize::from(got.iter().any(|p| p.len() > 3));
            for m in &moves {
                assert_eq!(g.parse_move(&g.move_text(m)).as_ref(), Ok(m));
            }
        }
        assert!(long >= 4, "too few multi-jump positions: {long}");
    }
}
