//! LEGACY, being removed: the old union move type. No trait speaks it any
//! more (the game-independent edge speaks canonical move texts); a few
//! games still build it internally for their pictures until they draw
//! from their own compact moves.
//!
//! The one move type of every game (G2).
//!
//! A [`Move`] is everything the player to move decides in one turn: the full
//! path of the moving piece (every square where it starts, lands, turns,
//! hops or captures, in order) and every further decision of the turn
//! ([`Decision`]: bounce rotation, knight path, placement, drops, promotion
//! pieces, king-form choices, binding shifts, `deny`). Two moves that differ
//! in any of these are different moves (G2), which is exactly `Move`'s
//! equality. Each game prints and parses its own canonical text for a move;
//! the struct is what identity means.
//!
//! Paths and decisions are stored inline (`SmallVec`), so generating moves
//! allocates nothing for all but very long bounce chains.

use smallvec::SmallVec;

use super::geometry::Square;

pub use super::geometry::Rotation;

/// One of the two paths of a Crazy Chess knight move (CRZ-N1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum KnightPath {
    /// Two squares along the long axis first, then one across.
    LongFirst,
    /// One square across first, then two along.
    ShortFirst,
}

/// A form of Dr. Eggman (SCA-8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Form {
    King,
    Knight,
    Alibaba,
}

impl Form {
    pub const ALL: [Form; 3] = [Form::King, Form::Knight, Form::Alibaba];
    pub fn letter(self) -> char {
        match self {
            Form::King => 'K',
            Form::Knight => 'N',
            Form::Alibaba => 'A',
        }
    }
    pub fn from_letter(c: char) -> Option<Form> {
        match c {
            'K' | 'k' => Some(Form::King),
            'N' | 'n' => Some(Form::Knight),
            'A' | 'a' => Some(Form::Alibaba),
            _ => None,
        }
    }
}

/// A decision of a turn beyond the moving piece's path (G2).
///
/// Pieces are named by their game's letter (ASCII, upper case = White).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Decision {
    /// Pending king-form choice made at the start of the turn (SCA-9.1/9.2).
    StartForm(Form),
    /// Boss drop at the start of the turn (CWB-7).
    Drop { piece: u8, to: Square },
    /// Bounce rotation chosen at the first capture (SCA-4.1).
    Rotation(Rotation),
    /// Knight path (CRZ-N1).
    KnightPath(KnightPath),
    /// A capture in passing on this square (CRZ-N2/N3).
    PassCapture(Square),
    /// The move ends by entering the rook stack on its last square (CRZ-R2).
    Enter,
    /// Castling (the path then holds the king's squares).
    Castle { rook: Square },
    /// The queen's all-round capture (CRZ-Q1); the path holds her square.
    AllRound,
    /// A pawn disguise swap with the piece on this square (CRZ-P4/P5).
    Disguise(Square),
    /// Promotion of the pawn that ends on `on` to `piece`.
    Promote { on: Square, piece: u8 },
    /// Form switch after the move (SCA-8.1); absent = keep the form.
    SwitchForm(Form),
    /// Trampoline placement (HOP-2); the current square means "stay".
    Place(Square),
    /// A binding shift of one piece (CWB-9).
    Shift { from: Square, to: Square },
    /// Deny the opponent's last turn (DEN-2).
    Deny,
    /// The piece meant at path index `at` (the mover at 0, a captured
    /// rider, a disguised piece, a chain pawn) stands at `level` of its
    /// stack, 0 = bottom (CRZ-R3). Absent means level 0.
    Level { at: u8, level: u8 },
    /// The path square at index `at` is where a capture is made (CRZ).
    CaptureAt(u8),
    /// The piece enters the rook stack on the path square at index `at` (CRZ-R2).
    EnterAt(u8),
}

/// A path: the squares of the moving piece, start square first.
pub type Path = SmallVec<[Square; 6]>;

/// The decisions of a turn, in the order the game's notation prints them.
pub type Decisions = SmallVec<[Decision; 2]>;

/// One complete turn of one player (G2). See the module docs.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct Move {
    /// Start square, then every square where the piece lands, turns, hops
    /// or captures, in order; the last is where it ends. Empty for a turn
    /// without a moving piece (`deny`).
    pub path: Path,
    pub decisions: Decisions,
}

impl Move {
    /// A simple move from one square to another.
    pub fn step(from: Square, to: Square) -> Move {
        let mut path = Path::new();
        path.push(from);
        path.push(to);
        Move {
            path,
            decisions: Decisions::new(),
        }
    }
    /// The `deny` turn (DEN-2).
    pub fn deny() -> Move {
        let mut decisions = Decisions::new();
        decisions.push(Decision::Deny);
        Move {
            path: Path::new(),
            decisions,
        }
    }
    pub fn with(mut self, d: Decision) -> Move {
        self.decisions.push(d);
        self
    }
    pub fn from(&self) -> Option<Square> {
        self.path.first().copied()
    }
    pub fn to(&self) -> Option<Square> {
        self.path.last().copied()
    }
    pub fn is_deny(&self) -> bool {
        self.decisions.contains(&Decision::Deny)
    }
    pub fn promotion(&self) -> Option<u8> {
        self.decisions.iter().find_map(|d| match d {
            Decision::Promote { piece, .. } => Some(*piece),
            _ => None,
        })
    }
}
