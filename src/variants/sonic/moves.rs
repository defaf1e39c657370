//! The compact move of `sonic` and `sonic-hex` ([`SonicMove`], the
//! `Game::Move` of both; `sonic-hex` names it
//! [`HexMove`](crate::variants::sonic_hex::HexMove)) and the course of a
//! `sonic` move: the path the shared move (G2) and the move text show.
//!
//! A move is what the player decides (G2): which piece, where it goes or
//! which branch it takes, and the form decisions. An R, B, Q or N capture
//! is stored as its start, its attack unit (line direction or knight leap
//! of the board's [`Geometry`](super::geometry::Geometry)) and its first
//! rotation: the walker ([`super::walker`]) replays the rest of the
//! branch, which is deterministic (SCA-4.1, SCA-4.3, SCA-6), so the move
//! stays five bytes however long its bounce chain is, on either board. A
//! flag says whether the mover moves as a knight (a knight, or a
//! compound's knight part) or as its slider (SCA-12): line directions and
//! knight leaps are both small indices, so the unit alone does not say
//! which.
//!
//! What only one board has: the king's form decisions (SCA-8.1, SCA-9.1;
//! none on the hexagonal board, SCA-13), and the marks of a hexagonal
//! pawn move (GLN-1: double step, en passant; the square board tells
//! them from the squares, SCA-2). Castling is a flag on both, with the
//! castling's index in `unit` (SCA-13.1: the base's castlings; 0 on the
//! square board, where the side follows from the squares, SCA-8).

use smallvec::SmallVec;

use super::eggman::Form;
use crate::core::{Rotation, Square};

use super::pieces::{
    color_of, has_piece, kind, part_kind, AMAZON, ARCHBISHOP, BISHOP, CHANCELLOR, KING, KNIGHT,
    PAWN, QUEEN, ROOK, WITH_KNIGHT,
};
use super::position::Sonic;
use super::walker::Branch;

/// `flags`: rotation at the first capture (bits 0–1).
const CW: u8 = 1;
const CCW: u8 = 2;
/// `flags`: an R, B, Q or N capture branch, replayed by the walker.
const WALK: u8 = 4;
/// `flags`: castling (from/to are the king's squares; `unit`: the
/// castling's index in bits 1–2, long in bit 0).
const CASTLE: u8 = 8;
/// `flags`: the promotion piece (bits 4–6): 0 = none, else 1 + its index
/// in [`PROMOTION_ORDER`].
const PROMO_SHIFT: u8 = 4;
/// `flags`: the mover moves as a knight (SCA-6; a compound's knight part,
/// SCA-12).
const AS_KNIGHT: u8 = 0x80;
/// `extra`: an en passant capture (GLN-1 under SCA-13).
const EP: u8 = 0x10;
/// `extra`: a pawn's double step (GLN-1; SHF-1's three-cell move).
const DOUBLE: u8 = 0x20;

/// Every promotion piece, in the order of the choices (SCA-2, SCA-12):
/// Q R B N, then the compounds A C M.
pub const PROMOTION_ORDER: [u8; 7] = [QUEEN, ROOK, BISHOP, KNIGHT, ARCHBISHOP, CHANCELLOR, AMAZON];

/// One complete turn of `sonic` or `sonic-hex` (G2), compact (see the
/// module docs). Cells are the board's: square bytes on the square board,
/// hex slots on the hexagonal one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SonicMove {
    from: u8,
    /// Where the mover comes to rest (for a capture branch, where the
    /// replay ends: the king's cell if the mover is removed, SCA-9).
    to: u8,
    /// The attack unit of an R, B, Q or N move (a line direction or a
    /// knight leap of the board's geometry, as flag `AS_KNIGHT` says); the
    /// castling's index of a castling.
    unit: u8,
    flags: u8,
    /// Start-of-turn form choice (bits 0–1, SCA-9.1/9.2) and form switch
    /// after the move (bits 2–3, SCA-8.1): 0 = none, else 1 + the form's
    /// index in [`Form::ALL`]; the hexagonal pawn marks `EP`, `DOUBLE`.
    extra: u8,
}

fn form_code(f: Form) -> u8 {
    match f {
        Form::King => 1,
        Form::Knight => 2,
        Form::Alibaba => 3,
    }
}

fn code_form(c: u8) -> Option<Form> {
    (c != 0).then(|| Form::ALL[(c - 1) as usize])
}

impl SonicMove {
    /// A pawn or king move from `from` to `to` (on the hexagonal board also
    /// a quiet move of another piece, SCA-3).
    #[inline]
    pub fn step(from: u8, to: u8) -> SonicMove {
        SonicMove {
            from,
            to,
            unit: 0,
            flags: 0,
            extra: 0,
        }
    }

    /// A hexagonal pawn's double step (GLN-1; SHF-1's three-cell move).
    #[inline]
    pub fn double(from: u8, to: u8) -> SonicMove {
        SonicMove {
            extra: DOUBLE,
            ..SonicMove::step(from, to)
        }
    }

    /// A hexagonal pawn's en passant capture onto `to` (GLN-1).
    #[inline]
    pub fn en_passant(from: u8, to: u8) -> SonicMove {
        SonicMove {
            extra: EP,
            ..SonicMove::step(from, to)
        }
    }

    /// The move of the piece on `from` as its part `part` (a part code,
    /// [`super::pieces`]) along attack unit `unit` that ends as branch `b`
    /// says.
    #[inline]
    pub fn piece(from: u8, part: u8, unit: u8, b: &Branch) -> SonicMove {
        let knight = if part_kind(part) == KNIGHT {
            AS_KNIGHT
        } else {
            0
        };
        let flags = knight
            | if b.capture {
                WALK | match b.rotation {
                    None => 0,
                    Some(Rotation::Clockwise) => CW,
                    Some(Rotation::Counterclockwise) => CCW,
                }
            } else {
                0
            };
        SonicMove {
            from,
            to: b.end,
            unit,
            flags,
            extra: 0,
        }
    }

    /// Castling of the king from `king` to `to` (SCA-8, SCA-11; SCA-13.1
    /// with SHF-1): the castling's `index` in the board's list (0 on the
    /// square board) and whether it is the long one.
    #[inline]
    pub fn castle(king: u8, to: u8, index: usize, long: bool) -> SonicMove {
        SonicMove {
            unit: ((index as u8) << 1) | u8::from(long),
            flags: CASTLE,
            ..SonicMove::step(king, to)
        }
    }

    /// This pawn move promoting to the piece `kind` (SCA-2, SCA-12).
    #[inline]
    pub fn promoting(self, kind: u8) -> SonicMove {
        let code = PROMOTION_ORDER
            .iter()
            .position(|&k| k == kind)
            .map_or(0, |i| i as u8 + 1);
        SonicMove {
            flags: self.flags | (code << PROMO_SHIFT),
            ..self
        }
    }

    /// This move with a start-of-turn form choice (SCA-9.1/9.2).
    #[inline]
    pub fn with_start(self, f: Option<Form>) -> SonicMove {
        SonicMove {
            extra: (self.extra & !3) | f.map_or(0, form_code),
            ..self
        }
    }

    /// This move followed by a switch to form `f` (SCA-8.1).
    #[inline]
    pub fn with_switch(self, f: Form) -> SonicMove {
        SonicMove {
            extra: (self.extra & !12) | (form_code(f) << 2),
            ..self
        }
    }

    /// The mover's start cell.
    #[inline]
    pub(crate) fn from(self) -> u8 {
        self.from
    }
    /// Where the mover comes to rest (see the field docs).
    #[inline]
    pub(crate) fn to(self) -> u8 {
        self.to
    }
    /// The attack unit of an R, B, Q or N move.
    #[inline]
    pub(crate) fn unit(self) -> u8 {
        self.unit
    }
    /// An R, B, Q or N capture branch (replayed by the walker).
    #[inline]
    pub fn is_walk(self) -> bool {
        self.flags & WALK != 0
    }
    /// Whether the move is a castling (SCA-8; SCA-13.1).
    #[inline]
    pub fn is_castle(self) -> bool {
        self.flags & CASTLE != 0
    }
    /// The castling's index in the board's list and whether it is the long
    /// one (only for [`SonicMove::is_castle`]).
    #[inline]
    pub(crate) fn castle_index(self) -> (usize, bool) {
        (usize::from(self.unit >> 1), self.unit & 1 != 0)
    }
    /// Whether the move is a hexagonal pawn's en passant capture (GLN-1).
    #[inline]
    pub(crate) fn is_en_passant(self) -> bool {
        self.extra & EP != 0
    }
    /// Whether the move is a hexagonal pawn's double step (GLN-1).
    #[inline]
    pub(crate) fn is_double(self) -> bool {
        self.extra & DOUBLE != 0
    }
    /// The rotation at the first capture (SCA-4.1).
    #[inline]
    pub fn rotation(self) -> Option<Rotation> {
        match self.flags & 3 {
            CW => Some(Rotation::Clockwise),
            CCW => Some(Rotation::Counterclockwise),
            _ => None,
        }
    }
    /// The promotion piece kind.
    #[inline]
    pub fn promotion(self) -> Option<u8> {
        let code = (self.flags >> PROMO_SHIFT) & 7;
        (code != 0).then(|| PROMOTION_ORDER[code as usize - 1])
    }
    /// Whether the mover moves as a knight (SCA-6, SCA-12).
    #[inline]
    pub fn as_knight(self) -> bool {
        self.flags & AS_KNIGHT != 0
    }
    /// The part code (see [`super::pieces`]) the piece of `kind` moves as
    /// in this move: its knight part or its slider part (SCA-12); for a
    /// plain R, B, Q, N its kind.
    #[inline]
    pub fn part(self, kind: u8) -> u8 {
        if self.as_knight() {
            KNIGHT | (kind & WITH_KNIGHT)
        } else {
            kind
        }
    }
    /// The start-of-turn form choice, if any (SCA-9.1, SCA-9.2).
    #[inline]
    pub(crate) fn start_form(self) -> Option<Form> {
        code_form(self.extra & 3)
    }
    /// The form switch after the move, if any (SCA-8.1).
    #[inline]
    pub(crate) fn switch_form(self) -> Option<Form> {
        code_form((self.extra >> 2) & 3)
    }
}

/// The squares of a move, each with whether the mover captures or hits
/// there (`x` in the move text).
pub type Course = SmallVec<[(Square, bool); 8]>;

impl Sonic {
    /// The course of a legal move: its start square, then every square
    /// where it captures or hits or comes to rest (G2). Castling gives the
    /// king's two squares.
    pub(crate) fn course(&self, m: &SonicMove) -> Course {
        let (from, to) = (m.from(), m.to());
        let mut c = Course::new();
        c.push((Square(from), false));
        if m.is_walk() {
            let part = m.part(kind(self.cells[from as usize]));
            if let Some(r) = self
                .walker(self.turn)
                .replay(from, part, m.unit(), m.rotation())
            {
                c.extend(r.path[1..].iter().map(|&(s, x)| (Square(s), x)));
            }
            return c;
        }
        let target = self.cells[to as usize];
        let x = match kind(self.cells[from as usize]) {
            _ if m.is_castle() => false,
            PAWN => (from & 15) != (to & 15),
            KING => has_piece(target) && color_of(target) != self.turn,
            _ => false,
        };
        c.push((Square(to), x));
        c
    }

    /// The oracle's form of a legal move (path and decisions, G2).
    #[cfg(test)]
    pub(crate) fn oracle_move(&self, m: &SonicMove) -> super::oracle_move::Move {
        use super::oracle_move::{Extra, Move};
        use super::pieces::{letter, piece};
        let mut mv = Move {
            path: self.course(m).iter().map(|&(s, _)| s).collect(),
            extras: Default::default(),
        };
        if let Some(f) = m.start_form() {
            mv.extras.push(Extra::StartForm(f));
        }
        if m.is_castle() {
            let rank = m.from() & 0xf0;
            let rook = if m.to() > m.from() {
                rank | (self.board.width - 1)
            } else {
                rank
            };
            mv.extras.push(Extra::Castle { rook: Square(rook) });
        }
        if let Some(k) = m.promotion() {
            mv.extras.push(Extra::Promote {
                on: Square(m.to()),
                piece: letter(piece(k, self.turn)) as u8,
            });
        }
        if let Some(r) = m.rotation() {
            mv.extras.push(Extra::Rotation(r));
        }
        if let Some(f) = m.switch_form() {
            mv.extras.push(Extra::SwitchForm(f));
        }
        mv
    }
}
