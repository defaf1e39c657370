//! Checkers with Bosses (Daniil Frolov, 2013; source
//! `checkers-with-bosses.txt`, readings RULINGS.md CWB-1..CWB-11), on the
//! shared draughts mechanism ([`crate::variants::draughts`]).
//!
//! The game module reads like the rules: [`Bosses::legal_moves`] makes the
//! boss drops (CWB-7), then the main move (steps CWB-2, capture series
//! CWB-3..CWB-6 with the maximum rule CWB-4 and boss hit points CWB-8),
//! then the binding shifts (CWB-9). Game end: CWB-10. Options: CWB-11.
//!
//! # Position text
//!
//! ```text
//! position := board ' ' turn ' ' reserve
//! board    := 8 ranks from rank 8 down, separated by '/'; per square:
//!             digit 1-8      that many empty squares
//!             D | O | C      a man (upper case White, lower case Black)
//!             '(' T ')'      a crowned piece of type T
//!             '[' T hp ']'   a boss of type T with hp (1..N) hit points left
//!             '{' T hp '}'   an uncrowned boss (only with `boss-promotes`)
//! turn     := 'w' | 'b'
//! reserve  := '-' | the bosses in reserve, in the order D O C d o c
//! ```
//! Start position: `2cccc2/oooooooo/dddddddd/8/8/DDDDDDDD/OOOOOOOO/2CCCC2 w DOCdoc`.
//!
//! # Move text
//!
//! ```text
//! move  := (drop ',')* path (',' shift)*
//! drop  := T '@' square          (T in the mover's case: D@c3, d@f6), in D, O, C order
//! path  := square '-' square     a step
//!        | square ('x' square)+  a capture series, every landing square
//! shift := square '>' square     a binding shift (CWB-9), ordered by from-square
//!                                (rank by rank from rank 1, files a..h)
//! ```
//! e.g. `D@c3,c3-d4`, `b2xb4xd6`, `e5-d6,a1>b1,c3>d3`.

use crate::core::moves::Decisions;
use crate::core::notation::{parse_board_field, write_board_field};
use crate::core::{
    Color, Decision, Game, Move, MoveError, Mutant, OptionKind, Outcome, PositionError, RuleOption,
    Rules, Square, Verdict,
};
use crate::variants::draughts::{self as dr, Arena, Captures, Dirs};
use crate::variants::Variant;

mod binding;

pub static VARIANT: Variant = Variant {
    id: "bosses",
    name: "Checkers with Bosses (Daniil Frolov, CWB)",
    options: &OPTIONS,
    mutants: &MUTANTS,
    start: |_| START.to_string(),
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
    fn new(r: &Rules) -> CwbRules {
        CwbRules {
            hp: r.int("boss-hp").clamp(1, 9) as u8,
            boss_promotes: r.flag("boss-promotes"),
            no_max: r.is_mutant("no-max-capture"),
            start_occupied: r.is_mutant("start-square-occupied"),
            double_jump: r.is_mutant("boss-double-jump-allowed"),
            drop_unconstrained: r.is_mutant("drop-unconstrained"),
            no_binding: r.is_mutant("no-binding"),
            binding_any: r.is_mutant("binding-any-direction"),
        }
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

#[inline]
fn ci(c: Color) -> usize {
    c as usize
}

fn far_rank(c: Color) -> u64 {
    if c.is_white() {
        RANK8
    } else {
        RANK1
    }
}

/// CWB-7: the owner's first three ranks.
fn drop_zone(c: Color) -> u64 {
    if c.is_white() {
        0xff_ffff
    } else {
        0xffff_ff00_0000_0000
    }
}

fn is_jump(a: u8, b: u8) -> bool {
    let df = (a % 8) as i32 - (b % 8) as i32;
    let dr_ = (a / 8) as i32 - (b / 8) as i32;
    df.abs().max(dr_.abs()) == 2
}

/// The decisions of a turn apart from the path, for building moves.
type Placement = Vec<(usize, u8)>;
use binding::{Shift, ShiftOptions};
/// One option index per piece (`None` = stays).
#[cfg(test)]
type Assignment = Vec<Option<usize>>;
/// A parsed move text: drops, path, is-capture, shifts.
type ParsedMove = (Vec<(u8, Square)>, Vec<Square>, bool, Vec<(Square, Square)>);

impl Bosses {
    /// Parses and validates a position text (G4).
    ///
    /// # Errors
    /// Syntax errors per field (`board`, `turn`, `reserve`), then the
    /// impossible positions of G4/G6 (field `board` or `reserve`).
    pub fn parse(text: &str, rules: &Rules) -> Result<Bosses, PositionError> {
        let r = CwbRules::new(rules);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 3 {
            return Err(PositionError::syntax(
                "position",
                format!(
                    "expected 3 fields 'board turn reserve', found {}",
                    fields.len()
                ),
            ));
        }
        let (board, cells) = parse_board_field(fields[0])?;
        if board.width != 8 || board.height != 8 {
            return Err(PositionError::syntax(
                "board",
                format!("the board is 8×8, found {}×{}", board.width, board.height),
            ));
        }
        let turn = crate::core::notation::parse_turn(fields[1])?;
        let mut p = Bosses {
            pieces: [0; 2],
            kind: [0; 3],
            crowned: 0,
            boss: 0,
            hp: [0; 64],
            reserve: [0; 2],
            turn,
            rules: r,
        };
        // Syntax of the board cells.
        let mut raw = Vec::new();
        for cell in &cells {
            let t = cell.token;
            let bad =
                || PositionError::syntax("board", format!("{}: unknown token '{t}'", cell.square));
            let (inner, crowned, boss) = match t.as_bytes()[0] {
                b'(' => (&t[1..t.len() - 1], true, false),
                b'[' => (&t[1..t.len() - 1], true, true),
                b'{' => (&t[1..t.len() - 1], false, true),
                _ => (t, false, false),
            };
            let mut ch = inner.chars();
            let letter = ch.next().filter(char::is_ascii).ok_or_else(bad)?;
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let k = LETTERS
                .iter()
                .position(|&l| l == letter.to_ascii_uppercase() as u8)
                .ok_or_else(bad)?;
            let rest: String = ch.collect();
            let hp: u32 = if boss {
                let digits = !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit());
                digits.then(|| rest.parse().ok()).flatten().ok_or_else(|| {
                    PositionError::syntax(
                        "board",
                        format!(
                            "{}: a boss needs its hit points, e.g. [D3], found '{t}'",
                            cell.square
                        ),
                    )
                })?
            } else if !rest.is_empty() {
                return Err(bad());
            } else {
                0
            };
            raw.push((cell.square, color, k, crowned, boss, hp));
        }
        let res = fields[2];
        if res != "-" {
            let mut last = -1i32;
            for c in res.chars() {
                if !c.is_ascii() {
                    return Err(PositionError::syntax(
                        "reserve",
                        format!("unknown boss '{c}' (expected D O C d o c or '-')"),
                    ));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let k = LETTERS
                    .iter()
                    .position(|&l| l == c.to_ascii_uppercase() as u8)
                    .ok_or_else(|| {
                        PositionError::syntax(
                            "reserve",
                            format!("unknown boss '{c}' (expected D O C d o c or '-')"),
                        )
                    })?;
                let order = ci(color) as i32 * 3 + k as i32;
                if order <= last {
                    return Err(PositionError::syntax(
                        "reserve",
                        "bosses must be listed once each, in the order D O C d o c",
                    ));
                }
                last = order;
                p.reserve[ci(color)] |= 1 << k;
            }
        }
        // Meaning (G4).
        let mut boss_count = [[0u8; 3]; 2];
        for &(sq, color, k, crowned, boss, hp) in &raw {
            let idx = dr::index(sq);
            let bit = 1u64 << idx;
            if !crowned && far_rank(color) & bit != 0 {
                return Err(PositionError::invalid(
                    "board",
                    format!("{sq}: an uncrowned piece on its far rank"),
                ));
            }
            if boss {
                if hp < 1 || hp > r.hp as u32 {
                    return Err(PositionError::invalid(
                        "board",
                        format!("{sq}: boss hit points {hp} outside 1..{}", r.hp),
                    ));
                }
                if !crowned && !r.boss_promotes {
                    return Err(PositionError::invalid(
                        "board",
                        format!("{sq}: an uncrowned boss needs the option boss-promotes"),
                    ));
                }
                if p.reserve[ci(color)] & (1 << k) != 0 {
                    return Err(PositionError::invalid(
                        "reserve",
                        format!(
                            "the {} boss {} is both on the board and in reserve",
                            color.name(),
                            LETTERS[k] as char
                        ),
                    ));
                }
                boss_count[ci(color)][k] += 1;
                if boss_count[ci(color)][k] > 1 {
                    return Err(PositionError::invalid(
                        "board",
                        format!("more than one {} boss {}", color.name(), LETTERS[k] as char),
                    ));
                }
                p.boss |= bit;
                p.hp[idx as usize] = hp as u8;
            }
            p.pieces[ci(color)] |= bit;
            p.kind[k] |= bit;
            if crowned {
                p.crowned |= bit;
            }
        }
        for color in [Color::White, Color::Black] {
            for k in 0..3 {
                let ordinary = p.pieces[ci(color)] & p.kind[k] & !p.boss;
                if ordinary != 0 && boss_count[ci(color)][k] > 0 {
                    return Err(PositionError::invalid("board", format!("the {} boss {} is on the board together with ordinary pieces of its type", color.name(), LETTERS[k] as char)));
                }
                if ordinary != 0 && p.reserve[ci(color)] & (1 << k) == 0 {
                    return Err(PositionError::invalid(
                        "reserve",
                        format!(
                            "{} has ordinary {} pieces but that boss is not in reserve",
                            color.name(),
                            LETTERS[k] as char
                        ),
                    ));
                }
            }
            if p.pieces[ci(color)] == 0 && p.reserve[ci(color)] == 0 {
                return Err(PositionError::invalid(
                    "board",
                    format!(
                        "{} has no piece and no boss left: the game is over (G6)",
                        color.name()
                    ),
                ));
            }
        }
        Ok(p)
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
    /// `idx` (a boss moves as the crowned piece of its type).
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

    /// CWB-7: the types whose boss `c` must drop (no piece of the type on
    /// the board, boss in reserve).
    fn pending(&self, c: Color) -> u8 {
        let mut out = 0;
        for k in 0..3 {
            if self.reserve[ci(c)] & (1 << k) != 0 && self.pieces[ci(c)] & self.kind[k] == 0 {
                out |= 1 << k;
            }
        }
        out
    }

    /// CWB-10: all three bosses of `c` captured.
    fn eliminated(&self, c: Color) -> bool {
        self.pieces[ci(c)] == 0 && self.reserve[ci(c)] == 0
    }

    fn drop_boss(&mut self, k: usize, idx: u8) {
        let me = ci(self.turn);
        let bit = 1u64 << idx;
        self.pieces[me] |= bit;
        self.kind[k] |= bit;
        self.boss |= bit;
        self.hp[idx as usize] = self.rules.hp;
        if !self.rules.boss_promotes {
            self.crowned |= bit;
        }
        self.reserve[me] &= !(1 << k);
    }

    /// Every complete capture series of the side to move (CWB-3..CWB-8);
    /// with `max_only`, only those with the most jumps (CWB-4).
    fn captures(&self, max_only: bool) -> Captures {
        let mut caps = Captures::new(max_only);
        self.for_each_series(&mut |p, j| caps.add(p, j));
        caps
    }

    /// Runs `visit(path, jumps)` over every complete capture series of the
    /// side to move (CWB-3, CWB-5, CWB-6, CWB-8).
    fn for_each_series(&self, visit: &mut impl FnMut(&[u8], u32)) {
        let me = ci(self.turn);
        let occ = self.pieces[0] | self.pieces[1];
        let enemy = self.pieces[1 - me];
        // Bulk test: which pieces have a first jump at all.
        let mut starters = 0;
        for d in 0..8 {
            let mut movers = 0;
            for (k, (&man, &crowned)) in MAN_DIRS.iter().zip(&CROWNED_DIRS).enumerate() {
                let (man, crowned) = if self.turn.is_white() {
                    (man, crowned)
                } else {
                    (dr::flip_dirs(man), dr::flip_dirs(crowned))
                };
                if man & (1 << d) != 0 {
                    movers |= self.kind[k] & !self.crowned;
                }
                if crowned & (1 << d) != 0 {
                    movers |= self.kind[k] & self.crowned;
                }
            }
            starters |= dr::jumpers(movers & self.pieces[me], d, enemy, !occ);
        }
        if starters == 0 {
            return;
        }
        let mut a = Arena::plain(!occ, enemy);
        a.tough = self.boss & enemy;
        a.hp = self.hp;
        a.double_jump = self.rules.double_jump;
        while starters != 0 {
            let from = starters.trailing_zeros() as u8;
            starters &= starters - 1;
            let dirs = self.dirs(from, self.turn);
            let crown = if self.crowned & (1 << from) != 0 {
                0
            } else {
                far_rank(self.turn)
            };
            // CWB-5: the start square is empty during the piece's own series.
            if !self.rules.start_occupied {
                a.empty |= 1 << from;
            }
            a.series(from, dirs, crown, visit);
            a.empty &= !(1 << from);
        }
    }

    /// Counts the turns without building them when no drop is pending and
    /// the binding rule cannot apply (the mover keeps an O or C piece);
    /// `None` otherwise.
    fn count_fast(&self) -> Option<u64> {
        let me = ci(self.turn);
        if self.eliminated(self.turn) || self.eliminated(self.turn.other()) {
            return Some(0);
        }
        let binding_possible =
            !self.rules.no_binding && self.pieces[me] & (self.kind[O] | self.kind[C]) == 0;
        if self.pending(self.turn) != 0 || binding_possible {
            return None;
        }
        let (mut best, mut n) = (0u32, 0u64);
        let no_max = self.rules.no_max;
        self.for_each_series(&mut |_, j| {
            if no_max || j == best {
                n += 1;
            } else if j > best {
                best = j;
                n = 1;
            }
        });
        if n > 0 {
            return Some(n);
        }
        let empty = !(self.pieces[0] | self.pieces[1]);
        for k in 0..3 {
            for crowned in [false, true] {
                let set = self.pieces[me]
                    & self.kind[k]
                    & if crowned { self.crowned } else { !self.crowned };
                if set == 0 {
                    continue;
                }
                let mut dirs = if crowned {
                    CROWNED_DIRS[k]
                } else {
                    MAN_DIRS[k]
                };
                if !self.turn.is_white() {
                    dirs = dr::flip_dirs(dirs);
                }
                while dirs != 0 {
                    let d = dirs.trailing_zeros() as usize;
                    dirs &= dirs - 1;
                    n += (dr::shift(set, d) & empty).count_ones() as u64;
                }
            }
        }
        Some(n)
    }

    /// The main moves (paths) of the side to move: the capture series
    /// after the maximum rule if any (compulsory, CWB-4), else the steps.
    fn main_paths(&self) -> Vec<Vec<u8>> {
        let caps = self.captures(!self.rules.no_max);
        if !caps.paths.is_empty() {
            return caps.paths;
        }
        let me = ci(self.turn);
        let empty = !(self.pieces[0] | self.pieces[1]);
        let mut out = Vec::new();
        let mut own = self.pieces[me];
        while own != 0 {
            let from = own.trailing_zeros() as u8;
            own &= own - 1;
            let mut t = dr::steps(from, self.dirs(from, self.turn), empty);
            while t != 0 {
                let to = t.trailing_zeros() as u8;
                t &= t - 1;
                out.push(vec![from, to]);
            }
        }
        out
    }

    /// Plays a main move: the piece goes along `path`; every jump costs the
    /// jumped piece one hit (ordinary pieces have one, CWB-8); pieces at
    /// zero are removed at the end of the series (CWB-5); a man ending on
    /// its far rank is crowned (CWB-6).
    fn apply_path(&mut self, path: &[u8]) {
        let me = ci(self.turn);
        let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
            return;
        };
        let mut captured = 0u64;
        for w in path.windows(2) {
            if is_jump(w[0], w[1]) {
                let over = (w[0] + w[1]) / 2;
                let ob = 1u64 << over;
                if self.pieces[1 - me] & ob == 0 {
                    continue;
                }
                if self.boss & ob != 0 && self.hp[over as usize] > 1 {
                    self.hp[over as usize] -= 1;
                } else {
                    captured |= ob;
                }
            }
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
        if was_crowned || far_rank(self.turn) & tb != 0 {
            self.crowned |= tb;
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

    /// Binding shifts: every piece of `shift` moves at once; a man (or
    /// uncrowned boss) reaching the far rank is crowned (CWB-9).
    fn apply_shifts(&mut self, shift: &[(u8, u8)]) {
        let me = ci(self.turn);
        let saved: Vec<(u8, usize, bool, bool, u8)> = shift
            .iter()
            .map(|&(f, t)| {
                (
                    t,
                    self.kind_at(f),
                    self.crowned & (1 << f) != 0,
                    self.boss & (1 << f) != 0,
                    self.hp[f as usize],
                )
            })
            .collect();
        for &(f, _) in shift {
            self.remove(1 << f);
        }
        for (t, k, crowned, boss, hp) in saved {
            let tb = 1u64 << t;
            self.pieces[me] |= tb;
            self.kind[k] |= tb;
            if crowned || far_rank(self.turn) & tb != 0 {
                self.crowned |= tb;
            }
            if boss {
                self.boss |= tb;
                self.hp[t as usize] = hp;
            }
        }
    }

    /// CWB-9: whether the binding rule applies after the main move of the
    /// side to move (`self` is the position after the main move, turn not
    /// yet passed).
    fn binding_applies(&self) -> bool {
        let occ = self.pieces[0] | self.pieces[1];
        if (self.kind[O] | self.kind[C]) & occ != 0 || self.pieces[0] == 0 || self.pieces[1] == 0 {
            return false;
        }
        if self.pending(Color::White) != 0 || self.pending(Color::Black) != 0 {
            return false;
        }
        let me = self.pieces[ci(self.turn)];
        let them = self.pieces[1 - ci(self.turn)];
        let on_light = |bb: u64| -> Option<bool> {
            if bb & LIGHT == bb {
                Some(true)
            } else if bb & !LIGHT == bb {
                Some(false)
            } else {
                None
            }
        };
        matches!((on_light(me), on_light(them)), (Some(a), Some(b)) if a != b)
    }

    /// CWB-9: each piece of the side to move with its shift options
    /// (ascending squares; options N, E, S, W; a piece whose four
    /// orthogonal neighbours are all enemy pieces has only three-square
    /// escapes).
    fn shift_options(&self) -> Vec<(u8, ShiftOptions)> {
        let me = ci(self.turn);
        let occ = self.pieces[0] | self.pieces[1];
        let enemy = self.pieces[1 - me];
        let orth = [dr::N, dr::E, dr::S, dr::W];
        // options per piece: (target, direction or None for a three-square escape)
        let mut pieces: Vec<(u8, ShiftOptions)> = Vec::new();
        let mut own = self.pieces[me];
        while own != 0 {
            let sq = own.trailing_zeros() as u8;
            own &= own - 1;
            let bit = 1u64 << sq;
            let surrounded = orth
                .iter()
                .all(|&d| dr::STEP_FROM[d] & bit != 0 && enemy & (1 << dr::offset(sq, d, 1)) != 0);
            let mut opts = Vec::new();
            for &d in &orth {
                if surrounded {
                    if dr::LEAP3_FROM[d] & bit != 0 && occ & (1 << dr::offset(sq, d, 3)) == 0 {
                        opts.push((dr::offset(sq, d, 3), None));
                    }
                } else if dr::STEP_FROM[d] & bit != 0 && occ & (1 << dr::offset(sq, d, 1)) == 0 {
                    opts.push((dr::offset(sq, d, 1), Some(d)));
                }
            }
            pieces.push((sq, opts));
        }
        pieces
    }

    /// CWB-9: every allowed shift of the side to move (see CONFORMANCE.md
    /// and [`binding::allowed_shifts`]).
    fn binding_shifts(&self) -> Vec<Shift> {
        let forward = if self.turn.is_white() { dr::N } else { dr::S };
        binding::allowed_shifts(&self.shift_options(), forward, self.rules.binding_any)
    }

    /// CWB-9, the original exhaustive search (every shift moving the most
    /// pieces, then the direction clauses): the reference for the
    /// differential tests of [`binding::allowed_shifts`].
    #[cfg(test)]
    fn binding_shifts_reference(&self) -> Vec<Shift> {
        let pieces = self.shift_options();
        // All assignments moving the most pieces, distinct targets.
        let mut best = 0usize;
        let mut found: Vec<Assignment> = Vec::new();
        let mut cur: Assignment = vec![None; pieces.len()];
        fn rec(
            i: usize,
            movers: usize,
            used: u64,
            pieces: &[(u8, ShiftOptions)],
            cur: &mut Assignment,
            best: &mut usize,
            found: &mut Vec<Assignment>,
        ) {
            let possible = movers + pieces[i..].iter().filter(|p| !p.1.is_empty()).count();
            if possible < *best {
                return;
            }
            if i == pieces.len() {
                if movers > *best {
                    *best = movers;
                    found.clear();
                }
                found.push(cur.clone());
                return;
            }
            for (j, &(t, _)) in pieces[i].1.iter().enumerate() {
                if used & (1 << t) == 0 {
                    cur[i] = Some(j);
                    rec(i + 1, movers + 1, used | 1 << t, pieces, cur, best, found);
                }
            }
            cur[i] = None;
            rec(i + 1, movers, used, pieces, cur, best, found);
        }
        rec(0, 0, 0, &pieces, &mut cur, &mut best, &mut found);
        let dirs_of = |a: &Vec<Option<usize>>| -> Vec<usize> {
            a.iter()
                .enumerate()
                .filter_map(|(i, o)| o.and_then(|j| pieces[i].1[j].1))
                .collect()
        };
        let forward = if self.turn.is_white() { dr::N } else { dr::S };
        let tier = |d: usize| {
            if d == dr::E || d == dr::W {
                0
            } else if d == forward {
                2
            } else {
                1
            }
        };
        let chosen: Vec<&Vec<Option<usize>>> = if self.rules.binding_any {
            found.iter().collect()
        } else {
            let single: Vec<&Vec<Option<usize>>> = found
                .iter()
                .filter(|a| {
                    let ds = dirs_of(a);
                    ds.windows(2).all(|w| w[0] == w[1])
                })
                .collect();
            if !single.is_empty() {
                let best_tier = single
                    .iter()
                    .filter_map(|a| dirs_of(a).first().map(|&d| tier(d)))
                    .min();
                single
                    .into_iter()
                    .filter(|a| match (dirs_of(a).first(), best_tier) {
                        (None, _) => true,
                        (Some(&d), Some(t)) => tier(d) == t,
                        (Some(_), None) => false,
                    })
                    .collect()
            } else {
                let groups = |a: &Vec<Option<usize>>| -> Vec<usize> {
                    let mut n = [0usize; 8];
                    for d in dirs_of(a) {
                        n[d] += 1;
                    }
                    let mut g: Vec<usize> = n.into_iter().filter(|&x| x > 0).collect();
                    g.sort_unstable_by(|a, b| b.cmp(a));
                    g
                };
                let top = found.iter().map(groups).max().unwrap_or_default();
                found.iter().filter(|a| groups(a) == top).collect()
            }
        };
        chosen
            .into_iter()
            .map(|a| {
                let mut s: Shift = a
                    .iter()
                    .enumerate()
                    .filter_map(|(i, o)| o.map(|j| (pieces[i].0, pieces[i].1[j].0)))
                    .collect();
                s.sort_unstable();
                s
            })
            .collect()
    }

    /// CWB-7: the possible placements of the pending bosses (types in
    /// ascending order, distinct empty squares of the first three ranks;
    /// as many as fit, choosing which).
    fn placements(&self) -> Vec<Placement> {
        let pending = self.pending(self.turn);
        let kinds: Vec<usize> = (0..3).filter(|k| pending & (1 << k) != 0).collect();
        let zone = drop_zone(self.turn) & !(self.pieces[0] | self.pieces[1]);
        let squares: Vec<u8> = (0..64u8).filter(|&i| zone & (1 << i) != 0).collect();
        let n = kinds.len().min(squares.len());
        let mut out = Vec::new();
        // subsets of kinds of size n
        for mask in 0u8..(1 << kinds.len()) {
            if mask.count_ones() as usize != n {
                continue;
            }
            let chosen: Vec<usize> = kinds
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, &k)| k)
                .collect();
            fn assign(
                i: usize,
                chosen: &[usize],
                squares: &[u8],
                used: u64,
                cur: &mut Placement,
                out: &mut Vec<Placement>,
            ) {
                if i == chosen.len() {
                    out.push(cur.clone());
                    return;
                }
                for &s in squares {
                    if used & (1 << s) == 0 {
                        cur.push((chosen[i], s));
                        assign(i + 1, chosen, squares, used | 1 << s, cur, out);
                        cur.pop();
                    }
                }
            }
            assign(0, &chosen, &squares, 0, &mut Vec::new(), &mut out);
        }
        out
    }

    fn sorted_captures(&self) -> Vec<Vec<u8>> {
        let mut p = self.captures(!self.rules.no_max).paths;
        p.sort();
        p
    }

    /// CWB-7: the placements allowed by the capture-set constraint (all of
    /// them when none qualifies).
    fn allowed_placements(&self) -> Vec<Placement> {
        let all = self.placements();
        if self.rules.drop_unconstrained || all.len() <= 1 {
            return all;
        }
        let base = self.sorted_captures();
        let ok: Vec<Placement> = all
            .iter()
            .filter(|pl| {
                let mut g = self.clone();
                for &(k, s) in pl.iter() {
                    g.drop_boss(k, s);
                }
                g.sorted_captures() == base
            })
            .cloned()
            .collect();
        if ok.is_empty() {
            all
        } else {
            ok
        }
    }

    /// Every turn for one placement: main move, then binding shifts.
    fn expand(&self, placement: &Placement, out: &mut Vec<Move>) {
        let mut g = self.clone();
        for &(k, s) in placement {
            g.drop_boss(k, s);
        }
        let me = self.turn;
        for path in g.main_paths() {
            let mut m = Move {
                path: path.iter().map(|&i| dr::square(i)).collect(),
                decisions: Decisions::new(),
            };
            for &(k, s) in placement {
                let letter = if me.is_white() {
                    LETTERS[k]
                } else {
                    LETTERS[k].to_ascii_lowercase()
                };
                m.decisions.push(Decision::Drop {
                    piece: letter,
                    to: dr::square(s),
                });
            }
            let mut after = g.clone();
            after.apply_path(&path);
            if !self.rules.no_binding && after.binding_applies() {
                for shift in after.binding_shifts() {
                    let mut mm = m.clone();
                    for (f, t) in shift {
                        mm.decisions.push(Decision::Shift {
                            from: dr::square(f),
                            to: dr::square(t),
                        });
                    }
                    out.push(mm);
                }
            } else {
                out.push(m);
            }
        }
    }

    /// The parts of a move text: drops, path, shifts.
    fn parse_text(text: &str) -> Result<ParsedMove, MoveError> {
        let bad = |m: &str| MoveError::syntax(text, m);
        let sq = |s: &str| {
            Square::parse(s)
                .filter(|q| q.file() < 8 && q.rank() < 8)
                .ok_or_else(|| bad(&format!("'{s}' is not a square a1..h8")))
        };
        let mut drops = Vec::new();
        let mut path = Vec::new();
        let mut capture = false;
        let mut shifts = Vec::new();
        for part in text.split(',') {
            if let Some((p, s)) = part.split_once('@') {
                if !path.is_empty() || p.len() != 1 || !"DOCdoc".contains(p) {
                    return Err(bad("a drop is 'T@square' (T one of D O C, lower case for Black) before the path"));
                }
                drops.push((p.as_bytes()[0], sq(s)?));
            } else if let Some((a, b)) = part.split_once('>') {
                if path.is_empty() {
                    return Err(bad("a shift 'a>b' comes after the path"));
                }
                shifts.push((sq(a)?, sq(b)?));
            } else {
                if !path.is_empty() {
                    return Err(bad("one path per move"));
                }
                capture = part.contains('x');
                let squares: Vec<&str> = if capture {
                    part.split('x').collect()
                } else {
                    part.split('-').collect()
                };
                if squares.len() < 2
                    || (!capture && squares.len() != 2)
                    || (capture && part.contains('-'))
                {
                    return Err(bad("a path is 'a-b' or 'axbx...'"));
                }
                for s in squares {
                    path.push(sq(s)?);
                }
            }
        }
        if path.is_empty() {
            return Err(bad("no path: a turn always moves a piece (CWB-7)"));
        }
        Ok((drops, path, capture, shifts))
    }
}

impl Bosses {
    /// CWB-7 drops (constrained placements), then for each placement the
    /// main moves (CWB-2..CWB-8), each with its binding shifts (CWB-9).
    /// Nothing when the game is over (CWB-10).
    pub(crate) fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if self.eliminated(self.turn) || self.eliminated(self.turn.other()) {
            return;
        }
        if self.pending(self.turn) == 0 {
            self.expand(&Vec::new(), out);
            return;
        }
        for pl in self.allowed_placements() {
            self.expand(&pl, out);
        }
    }
}

impl Game for Bosses {
    fn variant(&self) -> &'static str {
        "bosses"
    }
    fn turn(&self) -> Color {
        self.turn
    }

    type Move = crate::core::Move;
    fn to_move(&self, m: &Move) -> Move {
        m.clone()
    }
    fn generate<S: crate::core::MoveSink<Move>>(&self, sink: &mut S) {
        let mut buf = Vec::new();
        self.legal_moves_into(&mut buf);
        for m in buf {
            sink.push(m);
        }
    }

    fn count_legal(&self) -> u64 {
        self.count_fast().unwrap_or_else(|| {
            let mut v = Vec::new();
            self.legal_moves_into(&mut v);
            v.len() as u64
        })
    }

    fn play(&mut self, mv: &Move) {
        for d in &mv.decisions {
            if let Decision::Drop { piece, to } = *d {
                if let Some(k) = LETTERS
                    .iter()
                    .position(|&l| l == piece.to_ascii_uppercase())
                {
                    if to.file() < 8 && to.rank() < 8 {
                        self.drop_boss(k, dr::index(to));
                    }
                }
            }
        }
        let path: Vec<u8> = mv
            .path
            .iter()
            .filter(|s| s.file() < 8 && s.rank() < 8)
            .map(|&s| dr::index(s))
            .collect();
        self.apply_path(&path);
        let shifts: Shift = mv
            .decisions
            .iter()
            .filter_map(|d| match *d {
                Decision::Shift { from, to } => Some((dr::index(from), dr::index(to))),
                _ => None,
            })
            .filter(|&(f, t)| f < 64 && t < 64)
            .collect();
        if !shifts.is_empty() {
            self.apply_shifts(&shifts);
        }
        self.turn = self.turn.other();
    }

    /// CWB-10: all three bosses of a side captured, or no legal move.
    fn outcome(&self) -> Option<Outcome> {
        if self.eliminated(self.turn) {
            return Some(Outcome::Win(self.turn.other()));
        }
        if self.eliminated(self.turn.other()) {
            return Some(Outcome::Win(self.turn));
        }
        let mut v = Vec::new();
        self.legal_moves_into(&mut v);
        v.is_empty().then_some(Outcome::Win(self.turn.other()))
    }

    fn to_text(&self) -> String {
        let board = write_board_field(crate::core::Board::CHESS, |sq| {
            let i = dr::index(sq);
            let bit = 1u64 << i;
            let white = self.pieces[0] & bit != 0;
            if !white && self.pieces[1] & bit == 0 {
                return None;
            }
            let mut l = LETTERS[self.kind_at(i)] as char;
            if !white {
                l = l.to_ascii_lowercase();
            }
            let crowned = self.crowned & bit != 0;
            Some(match (self.boss & bit != 0, crowned) {
                (true, true) => format!("[{l}{}]", self.hp[i as usize]),
                (true, false) => format!("{{{l}{}}}", self.hp[i as usize]),
                (false, true) => format!("({l})"),
                (false, false) => l.to_string(),
            })
        });
        let mut res = String::new();
        for c in [Color::White, Color::Black] {
            for (k, &letter) in LETTERS.iter().enumerate() {
                if self.reserve[ci(c)] & (1 << k) != 0 {
                    let l = letter as char;
                    res.push(if c.is_white() {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                }
            }
        }
        if res.is_empty() {
            res.push('-');
        }
        format!(
            "{board} {} {res}",
            crate::core::notation::turn_char(self.turn)
        )
    }

    fn move_text(&self, mv: &Move) -> String {
        let mut parts: Vec<String> = Vec::new();
        for d in &mv.decisions {
            if let Decision::Drop { piece, to } = d {
                parts.push(format!("{}@{to}", *piece as char));
            }
        }
        let jump =
            mv.path.len() > 2 || (mv.path.len() == 2 && mv.path[0].distance(mv.path[1]) == 2);
        parts.push(
            mv.path
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(if jump { "x" } else { "-" }),
        );
        for d in &mv.decisions {
            if let Decision::Shift { from, to } = d {
                parts.push(format!("{from}>{to}"));
            }
        }
        parts.join(",")
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        Self::parse_text(text.trim()).map(|_| ())
    }

    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        let text = text.trim();
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        if let Some(m) = moves.iter().find(|m| self.move_text(m) == text) {
            let mut rules = vec![];
            let mut why = Vec::new();
            if m.decisions
                .iter()
                .any(|d| matches!(d, Decision::Drop { .. }))
            {
                rules.push("CWB-7");
                why.push("an allowed boss drop");
            }
            if text.contains('x') {
                rules.extend(["CWB-3", "CWB-4"]);
                why.push("a complete capture series with the most jumps");
            } else {
                rules.push("CWB-2");
                why.push("a step, no capture available");
            }
            if m.decisions
                .iter()
                .any(|d| matches!(d, Decision::Shift { .. }))
            {
                rules.push("CWB-9");
                why.push("the binding shift required");
            }
            return Ok(Verdict {
                legal: true,
                text: text.into(),
                rules,
                reason: why.join(", "),
            });
        }
        let (drops, path, capture, shifts) = Self::parse_text(text)?;
        let illegal = |rules: Vec<&'static str>, reason: &str| {
            Ok(Verdict {
                legal: false,
                text: text.into(),
                rules,
                reason: reason.into(),
            })
        };
        if self.eliminated(self.turn) || self.eliminated(self.turn.other()) || moves.is_empty() {
            return illegal(vec!["CWB-10"], "the game is over");
        }
        // Drops.
        let pending = self.pending(self.turn);
        let mut given: Placement = Vec::new();
        for &(l, s) in &drops {
            let k = LETTERS
                .iter()
                .position(|&x| x == l.to_ascii_uppercase())
                .unwrap_or(0);
            given.push((k, dr::index(s)));
        }
        given.sort_unstable();
        let placements = self.placements();
        if pending != 0 || !drops.is_empty() {
            if !placements.contains(&given) {
                return illegal(vec!["CWB-7"], "the pending bosses must be dropped (all that fit, on empty squares of the first three ranks), and only those");
            }
            if !self.allowed_placements().contains(&given) {
                return illegal(
                    vec!["CWB-7"],
                    "this drop would change the captures available",
                );
            }
        }
        let mut g = self.clone();
        for &(k, s) in &given {
            g.drop_boss(k, s);
        }
        let p: Vec<u8> = path.iter().map(|&s| dr::index(s)).collect();
        let main = g.main_paths();
        if !main.contains(&p) {
            let all = g.captures(false).paths;
            if capture && all.contains(&p) {
                return illegal(vec!["CWB-4"], "a longer capture exists");
            }
            if !capture && !all.is_empty() {
                return illegal(vec!["CWB-4"], "capturing is compulsory");
            }
            if capture && all.iter().any(|q| q.len() > p.len() && q.starts_with(&p)) {
                return illegal(
                    vec!["CWB-4"],
                    "the series must go on while a jump is available",
                );
            }
            if capture && p.windows(3).any(|w| w[0] == w[2]) {
                return illegal(
                    vec!["CWB-8"],
                    "two jumps over the same boss need another jump in between",
                );
            }
            let far = far_rank(self.turn);
            if capture
                && all.iter().any(|q| {
                    q.len() < p.len() && p.starts_with(q) && far & (1 << q[q.len() - 1]) != 0
                })
            {
                return illegal(vec!["CWB-6"], "the series stops where the man is crowned");
            }
            if capture {
                return illegal(vec!["CWB-3", "CWB-5"], "no such capture series");
            }
            return illegal(vec!["CWB-2"], "no such step");
        }
        let _ = shifts;
        illegal(
            vec!["CWB-9"],
            "the binding rule requires another shift (or none)",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trip_and_perft() {
        let g = Bosses::parse(START, &Rules::default()).unwrap();
        assert_eq!(g.to_text(), START);
        // D men on rank 3: 14 diagonal steps; O men blocked (rank 3 and
        // their own rank full); C men: only c1-b1 and f1-g1 sideways.
        assert_eq!(g.perft(1), 16);
    }

    /// A position after the main move of `turn` satisfying the CWB-9
    /// preconditions: only D pieces, `me` on one square colour, `them` on
    /// the other, no drop pending (D bosses in reserve, D men on board).
    fn binding_position(me: u64, them: u64, turn: Color, crowned: u64, rules: &Rules) -> Bosses {
        let mut pieces = [0; 2];
        pieces[ci(turn)] = me;
        pieces[1 - ci(turn)] = them;
        let g = Bosses {
            pieces,
            kind: [me | them, 0, 0],
            crowned: crowned & (me | them),
            boss: 0,
            hp: [0; 64],
            reserve: [1, 1],
            turn,
            rules: CwbRules::new(rules),
        };
        assert!(g.binding_applies());
        g
    }

    /// CWB-9: the output-sensitive search gives exactly the moves (and
    /// their order) of the original exhaustive one, on many random small
    /// positions, with and without `binding-any-direction`.
    #[test]
    fn binding_shifts_match_reference() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let any = Rules::default()
            .with_mutant("bosses", &MUTANTS, "binding-any-direction")
            .unwrap();
        let (mut grouped, mut sideways, mut escapes, mut several) = (0, 0, 0, 0);
        for case in 0..4000 {
            let turn = if rnd() % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let mine_light = rnd() % 2 == 0;
            let (mine_sq, their_sq) = if mine_light {
                (LIGHT, !LIGHT)
            } else {
                (!LIGHT, LIGHT)
            };
            // Small boards regions make conflicts and surrounded pieces common.
            let region = match rnd() % 3 {
                0 => u64::MAX,
                1 => 0x0000_3c3c_3c3c_0000,
                _ => 0x0000_0000_ffff_ffff,
            };
            let pick = |rnd: &mut dyn FnMut() -> u64, mask: u64, n: u32| {
                let mut bb = 0u64;
                for _ in 0..n {
                    let free = mask & !bb;
                    if free == 0 {
                        break;
                    }
                    let k = (rnd() % u64::from(free.count_ones())) as u32;
                    let mut f = free;
                    for _ in 0..k {
                        f &= f - 1;
                    }
                    bb |= f & f.wrapping_neg();
                }
                bb
            };
            let n_me = 1 + (rnd() % 7) as u32;
            let n_them = 1 + (rnd() % 12) as u32;
            let me = pick(&mut rnd, mine_sq & region, n_me);
            let them = pick(&mut rnd, their_sq & region & !me, n_them);
            // no uncrowned man on its far rank: crown everything there
            let crowned = rnd() | 0xff00_0000_0000_00ff;
            if me == 0 || them == 0 {
                continue;
            }
            for rules in [&Rules::default(), &any] {
                let g = binding_position(me, them, turn, crowned, rules);
                let new = g.binding_shifts();
                let old = g.binding_shifts_reference();
                assert_eq!(new, old, "case {case}: me {me:#x} them {them:#x} {turn:?}");
                if !g.rules.binding_any {
                    let dirs = |s: &Shift| {
                        s.iter()
                            .filter(|(f, t)| f.abs_diff(*t) == 1 || f.abs_diff(*t) == 8)
                            .map(|(f, t)| i16::from(*t) - i16::from(*f))
                            .collect::<std::collections::BTreeSet<_>>()
                    };
                    grouped += usize::from(new.iter().any(|s| dirs(s).len() > 1));
                    sideways += usize::from(
                        new.iter().any(|s| dirs(s).contains(&1))
                            && new.iter().any(|s| dirs(s).contains(&-1)),
                    );
                    escapes += usize::from(
                        new.iter()
                            .flatten()
                            .any(|(f, t)| matches!(f.abs_diff(*t), 3 | 24)),
                    );
                    several += usize::from(new.len() > 2);
                }
            }
        }
        assert!(
            grouped > 200 && sideways > 200 && escapes > 50 && several > 200,
            "coverage: grouped {grouped} sideways {sideways} escapes {escapes} several {several}"
        );
    }

    /// White men on ranks 1-4 (12 of them), every one free to step east
    /// and west: CWB-9 allows exactly the all-east and the all-west shift
    /// (sideways first; a shift mixing east and west is not one direction).
    /// The exhaustive search would walk millions of shifts here.
    #[test]
    fn binding_twelve_men_sideways() {
        let g = Bosses::parse(
            "d1d5/8/8/8/1D1D1D2/2D1D1D1/1D1D1D2/2D1D1D1 w Dd",
            &Rules::default(),
        )
        .unwrap();
        assert!(g.binding_applies());
        let men: Vec<u8> = (0..64).filter(|&i| g.pieces[0] & 1 << i != 0).collect();
        assert_eq!(men.len(), 12);
        let mut got = g.binding_shifts();
        got.sort();
        let mut want: Vec<Shift> = vec![
            men.iter().map(|&m| (m, m + 1)).collect(),
            men.iter().map(|&m| (m, m - 1)).collect(),
        ];
        want.sort();
        assert_eq!(got, want);
    }

    /// Twelve White men, d6 hemmed in east, west and south by Black men
    /// (north free): no shift moves all twelve sideways or backward, so
    /// the only allowed shift moves every man one square forward.
    #[test]
    fn binding_twelve_men_forward_only() {
        let g = Bosses::parse(
            "8/8/2dDd3/3d4/1D3D2/2D1D1D1/1D1D1D2/2D1D1D1 w Dd",
            &Rules::default(),
        )
        .unwrap();
        assert!(g.binding_applies());
        let men: Vec<u8> = (0..64).filter(|&i| g.pieces[0] & 1 << i != 0).collect();
        assert_eq!(men.len(), 12);
        let want: Vec<Shift> = vec![men.iter().map(|&m| (m, m + 8)).collect()];
        assert_eq!(g.binding_shifts(), want);
    }
}
