//! Checkers with Bosses (Daniil Frolov, 2013; source
//! `checkers-with-bosses.txt`, readings RULINGS.md CWB-1..CWB-11), on the
//! shared draughts mechanism ([`crate::variants::draughts`]).
//!
//! The game module reads like the rules. A turn ([`Turn`], G2) is the
//! boss drops (`drops`, CWB-7), then the main move — a step (CWB-2) or a
//! capture series (CWB-3..CWB-6, with the maximum rule CWB-4 and boss hit
//! points CWB-8) found by the one draughts series search
//! ([`crate::variants::draughts::Arena::series`]) — then the binding shift
//! (`binding`, CWB-9). [`Bosses::generate`] (`generate.rs`) is the one
//! move generator, for move lists and for bulk counting. Game end: CWB-10.
//! Options: CWB-11. Position and move texts: [`notation`]; `explain`:
//! `explain.rs`; pictures: `diagram.rs`.

use std::ops::ControlFlow;

use smallvec::SmallVec;

use crate::core::Variant;
use crate::core::{
    Color, Flow, Game, MoveError, MoveSink, Mutant, OptionKind, Outcome, Rejection, RuleOption,
    Rules, Trace, Verdict,
};
use crate::variants::draughts::{self as dr, Arena, Captures, Dirs, Series};

mod binding;
#[cfg(feature = "pictures")]
pub mod diagram;
mod drops;
mod explain;
mod generate;
pub mod notation;
#[cfg(test)]
mod tests;

use binding::Shift;

/// The registry entry of Checkers with Bosses (`bosses`): start position, parser, options and mutants.
pub static VARIANT: Variant = Variant {
    id: "bosses",
    name: "Checkers with Bosses (Daniil Frolov, CWB)",
    options: &OPTIONS,
    mutants: &MUTANTS,
    start: |_| Ok(START.to_string()),
    parse: |text, rules| Ok(Box::new(Bosses::parse(text, rules)?)),
};

static OPTIONS: [RuleOption; 2] = [
    RuleOption {
        name: "boss-hp",
        kind: OptionKind::Int {
            min: 1,
            max: 9,
            default: 3,
        },
        doc: "hit points of a boss (CWB-8, CWB-11)",
    },
    RuleOption {
        name: "boss-promotes",
        kind: OptionKind::Flag,
        doc: "a boss starts uncrowned and can be crowned (CWB-11)",
    },
];

static MUTANTS: [Mutant; 6] = [
    Mutant {
        name: "no-max-capture",
        doc: "any capture series may be chosen (misreads CWB-4)",
    },
    Mutant {
        name: "start-square-occupied",
        doc:
            "the moving piece's start square stays occupied during its own series (misreads CWB-5)",
    },
    Mutant {
        name: "boss-double-jump-allowed",
        doc: "a boss may be jumped twice in a row (misreads CWB-8)",
    },
    Mutant {
        name: "drop-unconstrained",
        doc: "any boss placement is allowed (misreads CWB-7)",
    },
    Mutant {
        name: "no-binding",
        doc: "the binding rule is ignored (misreads CWB-9)",
    },
    Mutant {
        name: "binding-any-direction",
        doc: "binding shifts only maximise the movers, no direction priority (misreads CWB-9)",
    },
];

/// The start position (CWB-1).
pub const START: &str = "2cccc2/oooooooo/dddddddd/8/8/DDDDDDDD/OOOOOOOO/2CCCC2 w DOCdoc";

/// The type letters (White's case), by type index.
const LETTERS: [u8; 3] = [b'D', b'O', b'C'];
const D: usize = 0;
const O: usize = 1;
const C: usize = 2;
const DIAG: Dirs = 1 << dr::NE | 1 << dr::SE | 1 << dr::SW | 1 << dr::NW;
const ORTH: Dirs = 1 << dr::N | 1 << dr::E | 1 << dr::S | 1 << dr::W;
/// CWB-2: men's directions (White's view): D forward diagonals; O forward,
/// left, right; C both. Men capture in the same directions, never backward
/// (CWB-3).
const MAN_DIRS: [Dirs; 3] = [
    1 << dr::NE | 1 << dr::NW,
    1 << dr::N | 1 << dr::E | 1 << dr::W,
    1 << dr::NE | 1 << dr::NW | 1 << dr::N | 1 << dr::E | 1 << dr::W,
];
/// CWB-2: crowned pieces: D four diagonals, O four orthogonals, C all eight.
const CROWNED_DIRS: [Dirs; 3] = [DIAG, ORTH, DIAG | ORTH];
const RANK1: u64 = 0xff;
const RANK8: u64 = 0xff << 56;
/// Squares of the light colour (a1 is dark).
const LIGHT: u64 = 0x55aa_55aa_55aa_55aa;

/// Rule options and mutants, converted once (Fairy-Stockfish style).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct CwbRules {
    hp: u8,
    boss_promotes: bool,
    no_max: bool,
    start_occupied: bool,
    double_jump: bool,
    drop_unconstrained: bool,
    no_binding: bool,
    binding_any: bool,
}

impl CwbRules {
    fn new(r: &Rules) -> Result<CwbRules, crate::core::RuleError> {
        Ok(CwbRules {
            hp: r.int("boss-hp")?.clamp(1, 9) as u8,
            boss_promotes: r.flag("boss-promotes")?,
            no_max: r.is_mutant("no-max-capture")?,
            start_occupied: r.is_mutant("start-square-occupied")?,
            double_jump: r.is_mutant("boss-double-jump-allowed")?,
            drop_unconstrained: r.is_mutant("drop-unconstrained")?,
            no_binding: r.is_mutant("no-binding")?,
            binding_any: r.is_mutant("binding-any-direction")?,
        })
    }
}

/// A validated Checkers with Bosses position.
#[derive(Clone, Hash, Debug, PartialEq, Eq)]
pub struct Bosses {
    /// Pieces by colour (0 = White, 1 = Black); bitboards, a1 = 0.
    pieces: [u64; 2],
    /// Pieces by type D, O, C.
    kind: [u64; 3],
    crowned: u64,
    boss: u64,
    /// Remaining hit points of the bosses, by square.
    hp: [u8; 64],
    /// Bosses in reserve per colour: bit k = type k.
    reserve: [u8; 2],
    turn: Color,
    rules: CwbRules,
}

/// No boss of this type is dropped.
const NO_DROP: u8 = 0xff;
/// The CWB-7 drops of a turn: the square of the boss of each type D, O, C,
/// or [`NO_DROP`].
type Drops = [u8; 3];
const NO_DROPS: Drops = [NO_DROP; 3];
/// The main move's path: start square, then every landing square.
type Path = SmallVec<[u8; 14]>;

/// One turn of Checkers with Bosses (G2), compact: the boss drops
/// (CWB-7), the main move's path (CWB-2..CWB-8) and the binding shift
/// (CWB-9; empty when the rule does not apply). Inline storage, so
/// generating turns allocates nothing but for very long series or shifts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    drops: Drops,
    path: Path,
    shift: Shift,
}

#[inline]
fn ci(c: Color) -> usize {
    c as usize
}

/// CWB-6: the rank where `c`'s men are crowned.
fn far_rank(c: Color) -> u64 {
    if c.is_white() {
        RANK8
    } else {
        RANK1
    }
}

/// Whether `a` → `b` is a jump (two squares) rather than a step.
fn is_jump(a: u8, b: u8) -> bool {
    let df = (a % 8).abs_diff(b % 8);
    let dr_ = (a / 8).abs_diff(b / 8);
    df.max(dr_) == 2
}

impl Bosses {
    /// Parses and validates a position text (G4): [`notation::Setup`],
    /// then `notation::Setup::validate`.
    ///
    /// # Errors
    /// Syntax errors per field (`board`, `turn`, `reserve`), then the
    /// impossible positions of G4/G6 (field `board` or `reserve`).
    pub fn parse(text: &str, rules: &Rules) -> Result<Bosses, crate::core::Error> {
        Ok(notation::Setup::parse(text)?.validate(CwbRules::new(rules)?)?)
    }

    #[inline]
    fn kind_at(&self, idx: u8) -> usize {
        let bit = 1u64 << idx;
        if self.kind[D] & bit != 0 {
            D
        } else if self.kind[O] & bit != 0 {
            O
        } else {
            C
        }
    }

    /// CWB-2/CWB-3/CWB-8: the step and capture directions of the piece on
    /// `idx` of colour `c` (a boss moves as the crowned piece of its type).
    #[inline]
    fn dirs(&self, idx: u8, c: Color) -> Dirs {
        let k = self.kind_at(idx);
        let d = if self.crowned & (1 << idx) != 0 {
            CROWNED_DIRS[k]
        } else {
            MAN_DIRS[k]
        };
        if c.is_white() {
            d
        } else {
            dr::flip_dirs(d)
        }
    }

    /// CWB-10: all three bosses of `c` captured (no piece, nothing in
    /// reserve).
    fn eliminated(&self, c: Color) -> bool {
        self.pieces[ci(c)] == 0 && self.reserve[ci(c)] == 0
    }

    /// Plays a main move: the piece goes along `path`; every jump costs the
    /// jumped piece one hit (ordinary pieces have one, CWB-8); pieces at
    /// zero are removed at the end of the series (CWB-5); a man ending on
    /// its far rank is crowned (CWB-6).
    /// Reports to `trace` the rule of the move (CWB-2 step; CWB-3 and
    /// CWB-4 capture series), then each effect: a boss hit (CWB-8), the
    /// removal at the end (CWB-5), crowning (CWB-6).
    fn apply_path<T: Trace>(&mut self, path: &[u8], trace: &mut T) {
        let me = ci(self.turn);
        let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
            return;
        };
        let mut captured = 0u64;
        let mut jumped = false;
        for w in path.windows(2) {
            if is_jump(w[0], w[1]) {
                if !jumped {
                    trace.note("CWB-3");
                    trace.note("CWB-4");
                    jumped = true;
                }
                let over = (w[0] + w[1]) / 2;
                let ob = 1u64 << over;
                if self.pieces[1 - me] & ob == 0 {
                    continue;
                }
                if self.boss & ob != 0 {
                    trace.note("CWB-8");
                }
                if self.boss & ob != 0 && self.hp[over as usize] > 1 {
                    self.hp[over as usize] -= 1;
                } else {
                    captured |= ob;
                }
            }
        }
        if !jumped {
            trace.note("CWB-2");
        }
        if captured != 0 {
            trace.note("CWB-5");
        }
        let k = self.kind_at(from);
        let fb = 1u64 << from;
        let was_boss = self.boss & fb != 0;
        let was_crowned = self.crowned & fb != 0;
        let hp = self.hp[from as usize];
        self.remove(fb | captured);
        let tb = 1u64 << to;
        self.pieces[me] |= tb;
        self.kind[k] |= tb;
        if was_boss {
            self.boss |= tb;
            self.hp[to as usize] = hp;
        }
        if !was_crowned && far_rank(self.turn) & tb != 0 {
            trace.note("CWB-6");
        }
        if was_crowned || far_rank(self.turn) & tb != 0 {
            self.crowned |= tb;
        }
    }

    /// Plays a turn, reporting to `trace` every rule whose effect happened:
    /// the drops (CWB-7), the main move (see [`Bosses::apply_path`]), the
    /// binding shift (CWB-9), the end of the game by the capture of the
    /// last boss (CWB-10).
    fn play_traced<T: Trace>(&mut self, t: &Turn, trace: &mut T) {
        if t.drops.iter().any(|&s| s != NO_DROP) {
            trace.note("CWB-7");
        }
        self.drop_all(&t.drops);
        self.apply_path(&t.path, trace);
        if !t.shift.is_empty() {
            trace.note("CWB-9");
            self.apply_shift(&t.shift);
        }
        self.turn = self.turn.other();
        if self.eliminated(self.turn) {
            trace.note("CWB-10");
        }
    }

    fn remove(&mut self, bb: u64) {
        self.pieces[0] &= !bb;
        self.pieces[1] &= !bb;
        for k in 0..3 {
            self.kind[k] &= !bb;
        }
        self.crowned &= !bb;
        self.boss &= !bb;
        let mut b = bb;
        while b != 0 {
            self.hp[b.trailing_zeros() as usize] = 0;
            b &= b - 1;
        }
    }

    /// The letter of a boss type in the case of the side to move.
    #[cfg(feature = "pictures")]
    fn letter(&self, k: usize) -> u8 {
        if self.turn.is_white() {
            LETTERS[k]
        } else {
            LETTERS[k].to_ascii_lowercase()
        }
    }
}

impl Game for Bosses {
    type Move = Turn;

    fn variant(&self) -> &'static str {
        "bosses"
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn generate<S: MoveSink<Turn>>(&self, sink: &mut S) -> crate::core::Flow {
        Bosses::generate(self, sink)
    }

    /// The drops, the main move, the binding shift, then the turn passes.
    fn play(&mut self, t: &Turn) {
        self.play_traced(t, &mut ());
    }

    /// CWB-10: all three bosses of a side captured, or no legal move.
    fn outcome(&self) -> Option<Outcome> {
        if self.eliminated(self.turn) {
            return Some(Outcome::Win(self.turn.other()));
        }
        if self.eliminated(self.turn.other()) {
            return Some(Outcome::Win(self.turn));
        }
        (!crate::core::Game::has_legal_move(self)).then_some(Outcome::Win(self.turn.other()))
    }
}

impl crate::core::Notation for Bosses {
    /// The canonical text (`notation::write`); after the capture of a
    /// side's last boss it is the final position, which is not a valid
    /// position text (G6, see there).
    fn to_text(&self) -> String {
        notation::write(self)
    }

    fn move_text(&self, t: &Turn) -> String {
        notation::turn_text(t, self.turn)
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        notation::MoveText::parse(text.trim()).map(|_| ())
    }
}

impl crate::core::Explain for Bosses {
    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        explain::explain(self, text)
    }
}

#[cfg(feature = "pictures")]
impl crate::core::Draw for Bosses {
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
        m.path.first().map(|&i| dr::square(i))
    }
}
