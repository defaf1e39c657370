//! The validated `sonic` position: mailbox state and `play` (the
//! generator is in [`super::generate`], the [`crate::core::Game`]
//! implementation in [`super`]).

use smallvec::SmallVec;

use crate::core::{Board, Color, Dir, PositionError, Square, Trace};

use super::eggman::Forms;
use super::moves::SonicMove;
use super::notation;
use super::pieces::{
    color_of, has_piece, is_compound, kind, part_kind, piece, Cells, KING, KNIGHT, PAWN,
    PIECE_MASK, SPRING,
};
use super::walker::note_branch;
use super::SonicRules;

/// A validated position (see [`notation`] for its text).
#[derive(Clone, Hash, Debug, PartialEq, Eq)]
pub struct Sonic {
    pub(crate) rules: SonicRules,
    pub(crate) board: Board,
    pub(crate) cells: Cells,
    pub(crate) turn: Color,
    /// Castling rights: 1 = K, 2 = Q, 4 = k, 8 = q.
    pub(crate) castling: u8,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// White's and Black's king forms (SCA-8, SCA-9.1).
    pub(crate) forms: [Forms; 2],
    pub(crate) kings: [Option<Square>; 2],
    /// Set when a king was captured or lost (SCA-9.4).
    pub(crate) winner: Option<Color>,
}

impl Sonic {
    /// Parses and validates a position text (G4).
    ///
    /// # Errors
    /// A [`PositionError`] naming the field.
    pub fn from_text(text: &str, rules: SonicRules) -> Result<Sonic, PositionError> {
        notation::validate(notation::parse_setup(text)?, rules)
    }

    /// The castling rights of `c` as (bit, rook file).
    pub(crate) fn castling_rights(&self, c: Color) -> SmallVec<[(u8, u8); 2]> {
        let (k, q) = if c.is_white() { (1, 2) } else { (4, 8) };
        let mut v = SmallVec::new();
        if self.castling & k != 0 {
            v.push((k, self.board.width - 1));
        }
        if self.castling & q != 0 {
            v.push((q, 0));
        }
        v
    }

    /// Moves the piece on `from` to the empty `to`, springs staying put.
    pub(crate) fn relocate(&mut self, from: Square, to: Square) {
        let p = self.cells[from.0 as usize] & PIECE_MASK;
        self.cells[from.0 as usize] &= SPRING;
        self.cells[to.0 as usize] = (self.cells[to.0 as usize] & SPRING) | p;
        if kind(p) == KING {
            self.kings[color_of(p) as usize] = Some(to);
        }
    }

    /// SCA-9.3, SCA-9.4: `side`'s king on `at` is lost; the game is over
    /// (G6). Its castling rights go with it.
    fn lose_king(&mut self, side: Color, at: Square) {
        self.cells[at.0 as usize] &= SPRING;
        self.castling &= !rights_of(side);
        self.kings[side as usize] = None;
        self.forms[side as usize] = Forms::LOST;
        self.winner = Some(side.other());
    }

    fn touch_corner(&mut self, sq: Square) {
        let (w, h) = (self.board.width - 1, self.board.height - 1);
        for (bitv, f, r) in [(1u8, w, 0u8), (2, 0, 0), (4, w, h), (8, 0, h)] {
            if sq == Square::new(f, r) {
                self.castling &= !bitv;
            }
        }
    }

    /// Plays a legal move; returns whether it hit or captured the enemy
    /// king (SCA-9, SCA-9.4).
    #[inline]
    pub(crate) fn apply(&mut self, m: &SonicMove) -> bool {
        self.apply_traced(m, &mut ())
    }

    /// Plays a legal move, reporting to `t` the rule it is made under, then
    /// every rule whose effect happened during it, in order: the form
    /// choice (SCA-9.1/9.2), each capture, bounce, spring and Tails flight
    /// of the walker's branch (SCA-4 … SCA-7), hits and their cost in
    /// forms (SCA-9 … SCA-9.4), promotion (SCA-2, SCA-12), the switch
    /// (SCA-8.1). Returns whether it hit or captured the enemy king.
    pub(crate) fn apply_traced<T: Trace>(&mut self, m: &SonicMove, t: &mut T) -> bool {
        let me = self.turn;
        let opp = me.other();
        let (from, to) = (Square(m.from()), Square(m.to()));
        let cell = self.cells[from.0 as usize] & PIECE_MASK;
        let k = kind(cell);
        self.note_base(m, k, t);
        if let Some(f) = m.start_form() {
            t.note("SCA-9.1");
            if self.forms[me as usize].give_up {
                t.note("SCA-9.2");
            }
            self.forms[me as usize].choose(f);
        }
        let old_ep = self.ep.take();
        self.halfmove += 1;
        let mut hit_king = false;
        if m.is_castle() {
            // SCA-8, SCA-11: king and rook to Capablanca's squares.
            let c = super::eggman::castle_of(self, m);
            self.relocate(c.king_from, c.king_to);
            self.relocate(c.rook_from, c.rook_to);
            self.castling &= !rights_of(me);
        } else if m.is_walk() {
            // SCA-4 … SCA-6, SCA-9, SCA-12: the walker replays the branch
            // of the part the piece moves as.
            let part = m.part(k);
            let Some(r) = self.walker(me).replay(from.0, part, m.unit(), m.rotation()) else {
                return false;
            };
            let king = self.kings[opp as usize].map(|s| s.0);
            note_branch(&self.cells, king, &r, part_kind(part) == KNIGHT, t);
            self.cells[from.0 as usize] &= SPRING;
            self.touch_corner(from);
            for &c in &r.captured {
                self.cells[c as usize] &= SPRING;
                self.halfmove = 0;
                self.touch_corner(Square(c));
            }
            let b = r.branch;
            hit_king = b.hits > 0;
            if b.king_lost {
                // SCA-9.3: the king is lost; the mover stops on its square.
                t.note("SCA-9.3");
                self.lose_king(opp, to);
            }
            let at = self.cells[to.0 as usize];
            if !(has_piece(at) && kind(at) == KING) {
                self.cells[to.0 as usize] = (at & SPRING) | cell;
            }
            // (SCA-9: a mover that would rest on the surviving king's
            // square is removed; the hits still count.)
            if hit_king && self.winner.is_none() {
                self.forms[opp as usize].hit(b.hits);
                if self.forms[opp as usize].pending() {
                    t.note(if b.hits >= 2 { "SCA-9.2" } else { "SCA-9.1" });
                }
            }
        } else {
            let tr = &mut *t;
            self.cells[from.0 as usize] &= SPRING;
            self.touch_corner(from);
            let t = self.cells[to.0 as usize];
            if k == KING {
                self.castling &= !rights_of(me);
            }
            if k == PAWN {
                self.halfmove = 0;
                if to.file() != from.file() && !has_piece(t) && old_ep == Some(to) {
                    let victim = Square::new(to.file(), from.rank());
                    self.cells[victim.0 as usize] &= SPRING;
                }
            }
            if has_piece(t) && color_of(t) == opp {
                if kind(t) == KING {
                    // SCA-9.4: capture by displacement wins at once.
                    tr.note("SCA-9.4");
                    hit_king = true;
                    self.lose_king(opp, to);
                } else {
                    self.halfmove = 0;
                    self.touch_corner(to);
                }
            }
            if let Some(p) = m.promotion() {
                tr.note("SCA-2");
                if is_compound(p) {
                    tr.note("SCA-12");
                }
            }
            let placed = m.promotion().map_or(cell, |p| piece(p, me));
            self.cells[to.0 as usize] = (self.cells[to.0 as usize] & SPRING) | placed;
            if k == KING {
                self.kings[me as usize] = Some(to);
            }
            if k == PAWN && from.rank().abs_diff(to.rank()) == 2 {
                self.set_en_passant(from, to);
            }
        }
        if let Some(g) = m.switch_form() {
            t.note("SCA-8.1");
            self.forms[me as usize].current = Some(g);
        }
        if !me.is_white() {
            self.fullmove += 1;
        }
        self.turn = opp;
        hit_king
    }

    /// The rule a move of the piece of `kind` is made under (SCA-12 first
    /// for a compound).
    fn note_base<T: Trace>(&self, m: &SonicMove, k: u8, t: &mut T) {
        if m.is_castle() {
            t.note("SCA-8");
            if self.board.width != 8 {
                t.note("SCA-11");
            }
            return;
        }
        if is_compound(k) {
            t.note("SCA-12");
        }
        t.note(match k {
            PAWN => "SCA-2",
            KING => "SCA-8",
            _ if !m.is_walk() => "SCA-3",
            _ if m.as_knight() => "SCA-6",
            _ => "SCA-4",
        });
    }

    /// After a double step from `from` to `to`: the skipped square is the
    /// en-passant square when an enemy pawn stands beside `to` (SCA-2).
    fn set_en_passant(&mut self, from: Square, to: Square) {
        let skipped = Square::new(from.file(), (from.rank() + to.rank()) / 2);
        let enemy_pawn = piece(PAWN, self.turn.other());
        let beside = [-1i8, 1].iter().any(|&df| {
            to.offset(Dir::new(df, 0), self.board)
                .is_some_and(|s| self.cells[s.0 as usize] & PIECE_MASK == enemy_pawn)
        });
        if beside {
            self.ep = Some(skipped);
        }
    }
}

/// The castling-right bits of `c` (1 = K, 2 = Q, 4 = k, 8 = q).
fn rights_of(c: Color) -> u8 {
    if c.is_white() {
        3
    } else {
        12
    }
}
