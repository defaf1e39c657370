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
//! [`Game::generate`] of the game, in `generate.rs`) on its compact move
//! [`Turn`] (`moves.rs`); capture series come from the one draughts
//! series search ([`crate::variants::draughts::Arena::series`]). Position
//! and move texts: [`notation`]; `explain`: `explain.rs`; pictures:
//! `diagram.rs`; the position and playing a turn: `position.rs`; this
//! file: the registry entry, the rules struct and the `Game`.

use crate::core::Notation as _;
use crate::core::Variant;

use crate::core::{Color, Counter, Game, MoveError, MoveSink, Outcome, Rules, Verdict};
#[cfg(any(feature = "pictures", test))]
use crate::variants::draughts as dr;

#[cfg(feature = "pictures")]
pub mod diagram;
mod explain;
mod generate;
mod moves;
pub mod notation;
mod position;

pub use moves::Turn;
pub use notation::{index_to_pdn, pdn_to_index};
pub use position::English;

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
