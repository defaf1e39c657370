//! Dr. Eggman, the king (SCA-8 … SCA-9.4).
//!
//! - SCA-8: each king has a set of remaining forms ⊆ {king, knight,
//!   alibaba} (initially all three) and a current form (initially king).
//!   King form: FIDE king step; knight form: FIDE knight leap without the
//!   Tails continuation; alibaba form: a leap of exactly two squares
//!   orthogonally or diagonally. In every form the king captures by
//!   displacement and may land on a bare spring. Castling in any form, FIDE
//!   conditions, springs do not block; attack tests on start (the current
//!   position), transit (king moved there, rook unmoved) and destination
//!   (the position after castling), each with SCA-10's check.
//! - SCA-11 (3.3): castling on any width lands as in Capablanca chess:
//!   with the rook in the high-file corner the king ends on the second
//!   file from that corner and the rook next to it toward the centre
//!   (g1/f1 on 8×8, i1/h1 on 10×8); with the rook on file a the king ends
//!   on c1 and the rook on d1. Every square the king or the rook passes
//!   or lands on holds no piece other than these two (springs do not
//!   block); the king is not attacked on its start, on any square it
//!   crosses (king moved there, rook unmoved) or on its destination.
//! - SCA-8.1: after a move the player may switch to another remaining form,
//!   except after a king move or castling, when his king was in check
//!   before the move, when the opponent's king is in check after it, when
//!   the move hit or captured the opponent's king, when the new form would
//!   itself check the opponent's king, and when the turn began with a form
//!   choice. "Keep" and every allowed switch are different moves (G2).
//! - SCA-9: an R, B, Q or N reaching the enemy king hits it; the king loses
//!   its current form (the walker treats its square like a bare spring,
//!   see [`super::walker`]).
//! - SCA-9.1/9.2: the owner chooses the next form (or, after a double hit,
//!   the surviving form) at the start of his next turn, as part of that
//!   turn's move; automatic when only one form is left.
//! - SCA-9.3: a hit on a king with one form left, or a third hit in one
//!   move, loses the king. SCA-9.4: that, or a pawn or king capturing the
//!   king by displacement, wins at once; no legal move is a draw.

use crate::core::geometry::{KING_DIRS, KNIGHT_LEAPS};
use crate::core::{Board, Dir, Flow, MoveSink, Rejection, Square};

use super::moves::SonicMove;
use super::pieces::{color_of, has_piece, kind, piece, KING, PIECE_MASK, ROOK};
use super::position::Sonic;

/// A form of Dr. Eggman (SCA-8): king, knight or alibaba, written `K`,
/// `N`, `A` in position and move texts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Form {
    /// A FIDE king step.
    King,
    /// A FIDE knight leap, without the Tails continuation.
    Knight,
    /// A leap of exactly two squares orthogonally or diagonally.
    Alibaba,
}

impl Form {
    /// The three forms, in letter order K, N, A.
    pub const ALL: [Form; 3] = [Form::King, Form::Knight, Form::Alibaba];
    /// The form's letter (`K`, `N`, `A`).
    pub fn letter(self) -> char {
        match self {
            Form::King => 'K',
            Form::Knight => 'N',
            Form::Alibaba => 'A',
        }
    }
    /// The form of a letter, either case.
    pub fn from_letter(c: char) -> Option<Form> {
        match c {
            'K' | 'k' => Some(Form::King),
            'N' | 'n' => Some(Form::Knight),
            'A' | 'a' => Some(Form::Alibaba),
            _ => None,
        }
    }
}

/// A king's forms (SCA-8) and pending choice (SCA-9.1, SCA-9.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Forms {
    /// Bit set of the remaining forms (see [`bit`]); 0 = the king is lost.
    pub remaining: u8,
    /// The current form; `None` = a choice is pending (SCA-9.1).
    pub current: Option<Form>,
    /// After a double hit: one of the two remaining forms must still be
    /// given up; the choice names the survivor (SCA-9.2).
    pub give_up: bool,
}

/// The bit of a form in [`Forms::remaining`].
pub fn bit(f: Form) -> u8 {
    match f {
        Form::King => 1,
        Form::Knight => 2,
        Form::Alibaba => 4,
    }
}

impl Forms {
    /// SCA-8: all three forms, king form current.
    pub const START: Forms = Forms {
        remaining: 7,
        current: Some(Form::King),
        give_up: false,
    };

    /// A lost king (SCA-9.3, SCA-9.4): no form left.
    pub const LOST: Forms = Forms {
        remaining: 0,
        current: None,
        give_up: false,
    };

    /// How many forms remain.
    pub(crate) fn count(self) -> u8 {
        self.remaining.count_ones() as u8
    }
    /// Whether form `f` remains.
    pub(crate) fn has(self, f: Form) -> bool {
        self.remaining & bit(f) != 0
    }
    /// The remaining forms in K, N, A order.
    pub fn iter(self) -> impl Iterator<Item = Form> {
        Form::ALL.into_iter().filter(move |&f| self.has(f))
    }
    /// A form choice is due at the start of the owner's turn (SCA-9.1).
    pub fn pending(self) -> bool {
        self.current.is_none() && self.remaining != 0
    }
    /// SCA-9.1/9.2: the start-of-turn choice of `f`.
    pub fn choose(&mut self, f: Form) {
        if self.give_up {
            self.remaining = bit(f);
            self.give_up = false;
        }
        self.current = Some(f);
    }
    /// SCA-9, SCA-9.1, SCA-9.2: the king survived `hits` (1 or 2) hits of
    /// one move: the current form is lost, the rest is chosen later (or
    /// automatically when one form is left).
    pub fn hit(&mut self, hits: u8) {
        if let Some(c) = self.current {
            self.remaining &= !bit(c);
        }
        self.current = None;
        self.give_up = hits >= 2;
        if self.count() == 1 {
            self.current = self.iter().next();
            self.give_up = false;
        }
    }
}

/// Alibaba leaps: exactly two squares orthogonally or diagonally (SCA-8).
pub const ALIBABA_LEAPS: [Dir; 8] = [
    Dir::new(0, 2),
    Dir::new(2, 2),
    Dir::new(2, 0),
    Dir::new(2, -2),
    Dir::new(0, -2),
    Dir::new(-2, -2),
    Dir::new(-2, 0),
    Dir::new(-2, 2),
];

/// The leaps of a form (SCA-8).
pub fn leaps(f: Form) -> &'static [Dir] {
    match f {
        Form::King => &KING_DIRS,
        Form::Knight => &KNIGHT_LEAPS,
        Form::Alibaba => &ALIBABA_LEAPS,
    }
}

/// Whether a king in form `f` on `from` could land on `to` (SCA-8.1: "the
/// new form would itself put the opponent's king in check").
pub fn reaches(board: Board, f: Form, from: Square, to: Square) -> bool {
    leaps(f).iter().any(|&d| from.offset(d, board) == Some(to))
}

/// The king's moves in form `f` from `from`, into `f_out`: leaps to
/// squares without a friendly piece; enemy pieces (the enemy king too) are
/// captured by displacement, springs ignored (SCA-8). Stops when `out`
/// breaks.
pub fn king_moves(
    pos: &Sonic,
    from: Square,
    f: Form,
    mut out: impl FnMut(SonicMove) -> Flow,
) -> Flow {
    for &d in leaps(f) {
        let Some(to) = from.offset(d, pos.board) else {
            continue;
        };
        let c = pos.cells[to.0 as usize];
        if has_piece(c) && color_of(c) == pos.turn {
            continue;
        }
        out(SonicMove::step(from.0, to.0))?;
    }
    Flow::Continue(())
}

/// The squares of one castling (SCA-8, SCA-11): the king's start and
/// destination, the rook's start and destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castle {
    /// The king's start square.
    pub(crate) king_from: Square,
    /// The king's destination square.
    pub(crate) king_to: Square,
    /// The rook's start square.
    pub(crate) rook_from: Square,
    /// The rook's destination square.
    pub(crate) rook_to: Square,
}

/// SCA-11: where the king on `king` and the rook on the corner file
/// `rook_file` of the same rank land: high-file corner → king on the
/// second file from it, rook next to it toward the centre; file a → king
/// on c, rook on d. (Mutant `castling-two-squares`: the king two squares
/// toward the rook, the rook on the square it crossed.)
pub fn castle_squares(pos: &Sonic, king: Square, rook_file: u8) -> Castle {
    let rank = king.rank();
    let high = rook_file > king.file();
    let (king_to, rook_to) = if pos.rules.castling_two_squares {
        let k = king.file();
        if high {
            (k + 2, k + 1)
        } else {
            (k - 2, k - 1)
        }
    } else if high {
        (rook_file - 1, rook_file - 2)
    } else {
        (2, 3)
    };
    Castle {
        king_from: king,
        king_to: Square::new(king_to, rank),
        rook_from: Square::new(rook_file, rank),
        rook_to: Square::new(rook_to, rank),
    }
}

/// The castling of a castling move `m` (the king's two squares; the rook
/// is on the side the king moves to).
pub fn castle_of(pos: &Sonic, m: &SonicMove) -> Castle {
    let (from, to) = (Square(m.from()), Square(m.to()));
    let rook_file = if to.file() > from.file() {
        pos.board.width - 1
    } else {
        0
    };
    castle_squares(pos, from, rook_file)
}

/// The files from `a` to `b`, both included, in either order.
fn span(a: u8, b: u8) -> std::ops::RangeInclusive<u8> {
    a.min(b)..=a.max(b)
}

/// Why a castling is not possible (SCA-8, SCA-11), in the order tested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleBreak {
    /// No rook of the side to move in the corner.
    NoRook,
    /// A piece (other than king and rook) stands on this square, which the
    /// king or the rook passes or lands on.
    Occupied(Square),
    /// The king is attacked on its start square.
    InCheck,
    /// The king would cross this attacked square.
    Crossed(Square),
    /// The king would land attacked.
    Destination,
}

/// SCA-8, SCA-11: the castling of the side to move's king on `king` with
/// the rook on the corner file `rook_file` (the right is not looked at),
/// or why it is not possible; `in_check` is the start test (SCA-10,
/// current position). The one castling rule, for the generator and the
/// pictures.
pub fn try_castle(
    pos: &Sonic,
    king: Square,
    rook_file: u8,
    in_check: bool,
) -> Result<Castle, CastleBreak> {
    let me = pos.turn;
    let rank = king.rank();
    let c = castle_squares(pos, king, rook_file);
    if pos.cells[c.rook_from.0 as usize] & PIECE_MASK != piece(ROOK, me) {
        return Err(CastleBreak::NoRook);
    }
    // Every square the king or the rook passes or lands on holds no piece
    // other than these two; springs do not block.
    let (kf, kt) = (king.file(), c.king_to.file());
    let (rf, rt) = (c.rook_from.file(), c.rook_to.file());
    let occupied = span(kf, kt)
        .chain(span(rf, rt))
        .map(|f| Square::new(f, rank))
        .find(|&s| s != king && s != c.rook_from && has_piece(pos.cells[s.0 as usize]));
    if let Some(s) = occupied {
        return Err(CastleBreak::Occupied(s));
    }
    if in_check {
        return Err(CastleBreak::InCheck);
    }
    // Transit test: for every square the king crosses, the king moved
    // there, the rook unmoved. (Mutant `castling-transit-unchecked`:
    // skipped.)
    if !pos.rules.castling_transit_unchecked {
        let crossed = span(kf, kt)
            .filter(|&f| f != kf && f != kt)
            .map(|f| Square::new(f, rank));
        for s in crossed {
            let mut t = pos.clone();
            t.relocate(king, s);
            if t.attacks_king(me.other()) {
                return Err(CastleBreak::Crossed(s));
            }
        }
    }
    // Destination test: the position after castling.
    let mut d = pos.clone();
    d.relocate(king, c.king_to);
    d.relocate(c.rook_from, c.rook_to);
    if d.attacks_king(me.other()) {
        return Err(CastleBreak::Destination);
    }
    Ok(c)
}

impl CastleBreak {
    /// The rejection of castling `c` for this reason (SCA-11 named on
    /// boards wider than 8 files).
    pub fn rejection(self, pos: &Sonic, c: &Castle) -> Rejection {
        let (rules, reason): (&[&'static str], String) = match self {
            CastleBreak::NoRook => (&["SCA-8"], format!("no rook of his on {}", c.rook_from)),
            CastleBreak::Occupied(s) => (
                &["SCA-8"],
                format!("{s} is not empty: the king or the rook passes or lands on it"),
            ),
            CastleBreak::InCheck => (
                &["SCA-8", "SCA-10"],
                format!("the king is attacked on its start square ({})", c.king_from),
            ),
            CastleBreak::Crossed(s) => (
                &["SCA-8", "SCA-10"],
                format!("the king would cross the attacked square {s}"),
            ),
            CastleBreak::Destination => (
                &["SCA-8", "SCA-10"],
                format!("the king would land on the attacked square {}", c.king_to),
            ),
        };
        let mut rules = rules.to_vec();
        if pos.board.width != 8 {
            rules.insert(1, "SCA-11");
        }
        Rejection { rules, reason }
    }
}

/// The castling moves of the side to move, in any form (SCA-8, SCA-11),
/// into `sink`: `in_check` is the start test (SCA-10, current position).
/// A sink that wants rejected candidates also gets each castling the
/// rights allow but a condition forbids, with the square it fails on.
/// Stops when the sink breaks.
pub fn castling<S: MoveSink<SonicMove>>(pos: &Sonic, in_check: bool, sink: &mut S) -> Flow {
    let me = pos.turn;
    let Some(ks) = pos.kings[me as usize] else {
        return Flow::Continue(());
    };
    if in_check && !S::WANTS_REJECTED {
        return Flow::Continue(());
    }
    for (_right, rook_file) in pos.castling_rights(me) {
        // The a-file rook's castling is the long one (O-O-O, G2).
        let long = rook_file == 0;
        match try_castle(pos, ks, rook_file, in_check) {
            Ok(c) => sink.push(SonicMove::castle(ks.0, c.king_to.0, 0, long))?,
            Err(b) if S::WANTS_REJECTED => {
                let c = castle_squares(pos, ks, rook_file);
                sink.reject(
                    SonicMove::castle(ks.0, c.king_to.0, 0, long),
                    b.rejection(pos, &c),
                );
            }
            Err(_) => {}
        }
    }
    Flow::Continue(())
}

/// Whether `m` is a king move or castling (no form change after it, SCA-8.1).
pub fn is_king_move(pos: &Sonic, m: &SonicMove) -> bool {
    m.is_castle() || kind(pos.cells[m.from() as usize]) == KING
}
