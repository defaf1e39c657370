//! The validated Checkers with Bosses position ([`Bosses`]): bitboards by
//! colour and type, crowned pieces, bosses with their hit points, the
//! reserves; the piece types and their directions (CWB-2, CWB-3); playing
//! a turn (CWB-2..CWB-10). The generator is in [`super::generate`], the
//! turn in [`super::moves`].

use crate::core::{ByColor, Color, Rules, Trace};
use crate::variants::draughts::{self as dr, Dirs};

use super::moves::{is_jump, Turn, NO_DROP};
use super::{notation, CwbRules};

/// The type letters (White's case), by type index.
pub(super) const LETTERS: [u8; 3] = [b'D', b'O', b'C'];
pub(super) const D: usize = 0;
pub(super) const O: usize = 1;
pub(super) const C: usize = 2;
pub(super) const DIAG: Dirs = 1 << dr::NE | 1 << dr::SE | 1 << dr::SW | 1 << dr::NW;
pub(super) const ORTH: Dirs = 1 << dr::N | 1 << dr::E | 1 << dr::S | 1 << dr::W;
/// CWB-2: men's directions (White's view): D forward diagonals; O forward,
/// left, right; C both. Men capture in the same directions, never backward
/// (CWB-3).
pub(super) const MAN_DIRS: [Dirs; 3] = [
    1 << dr::NE | 1 << dr::NW,
    1 << dr::N | 1 << dr::E | 1 << dr::W,
    1 << dr::NE | 1 << dr::NW | 1 << dr::N | 1 << dr::E | 1 << dr::W,
];
/// CWB-2: crowned pieces: D four diagonals, O four orthogonals, C all eight.
pub(super) const CROWNED_DIRS: [Dirs; 3] = [DIAG, ORTH, DIAG | ORTH];
pub(super) const RANK1: u64 = 0xff;
pub(super) const RANK8: u64 = 0xff << 56;
/// Squares of the light colour (a1 is dark).
pub(super) const LIGHT: u64 = 0x55aa_55aa_55aa_55aa;

/// A validated Checkers with Bosses position.
#[derive(Clone, Hash, Debug, PartialEq, Eq)]
pub struct Bosses {
    /// Pieces by colour; bitboards, a1 = 0.
    pub(super) pieces: ByColor<u64>,
    /// Pieces by type D, O, C.
    pub(super) kind: [u64; 3],
    pub(super) crowned: u64,
    pub(super) boss: u64,
    /// Remaining hit points of the bosses, by square.
    pub(super) hp: [u8; 64],
    /// Bosses in reserve per colour: bit k = type k.
    pub(super) reserve: ByColor<u8>,
    pub(super) turn: Color,
    pub(super) rules: CwbRules,
}

/// CWB-6: the rank where `c`'s men are crowned.
pub(super) fn far_rank(c: Color) -> u64 {
    if c.is_white() {
        RANK8
    } else {
        RANK1
    }
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
    pub(super) fn kind_at(&self, idx: u8) -> usize {
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
    pub(super) fn dirs(&self, idx: u8, c: Color) -> Dirs {
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

    /// The occupied squares (both sides).
    #[inline]
    pub(super) fn occupied(&self) -> u64 {
        self.pieces[Color::White] | self.pieces[Color::Black]
    }

    /// CWB-10: all three bosses of `c` captured (no piece, nothing in
    /// reserve).
    pub(super) fn eliminated(&self, c: Color) -> bool {
        self.pieces[c] == 0 && self.reserve[c] == 0
    }

    /// Plays a main move: the piece goes along `path`; every jump costs the
    /// jumped piece one hit (ordinary pieces have one, CWB-8); pieces at
    /// zero are removed at the end of the series (CWB-5); a man ending on
    /// its far rank is crowned (CWB-6).
    /// Reports to `trace` the rule of the move (CWB-2 step; CWB-3 and
    /// CWB-4 capture series), then each effect: a boss hit (CWB-8), the
    /// removal at the end (CWB-5), crowning (CWB-6).
    pub(super) fn apply_path<T: Trace>(&mut self, path: &[u8], trace: &mut T) {
        let me = self.turn;
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
                if self.pieces[me.other()] & ob == 0 {
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
    pub(super) fn play_traced<T: Trace>(&mut self, t: &Turn, trace: &mut T) {
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

    pub(super) fn remove(&mut self, bb: u64) {
        self.pieces[Color::White] &= !bb;
        self.pieces[Color::Black] &= !bb;
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
    pub(super) fn letter(&self, k: usize) -> u8 {
        if self.turn.is_white() {
            LETTERS[k]
        } else {
            LETTERS[k].to_ascii_lowercase()
        }
    }
}
