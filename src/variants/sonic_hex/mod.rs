//! Hexagonal Sonic Chess (`sonic-hex`): Sonic the Hedgehog Chess, Advanced
//! on Gliński's board, read through RULINGS.md (version 3.3) **SCA-13**,
//! with the SCA rules it keeps (SCA-2 … SCA-7, SCA-9.3, SCA-9.4, SCA-10)
//! and its base **GLN-1** (board, start array, pawns, knight).
//!
//! Source: `../shared/rules/sources/sonic-chess-advanced.txt` ("hexagonal
//! variant still can be played, but king should be usual ... can also be
//! played with 60 degrees turns").
//!
//! SCA-13, clause by clause, and where it lives:
//! - spindash (SCA-4): at each capture a rook, bishop or queen turns by
//!   120° clockwise or counterclockwise relative to its direction of
//!   travel, staying on its family of lines; rule option `turn=60` turns
//!   by 60°. Rotation choice (SCA-4.1), blocking on the first cell in the
//!   new direction (SCA-4.2), later turns (SCA-4.3), endless branches with
//!   springs acting whenever bare (SCA-5) and `alternate-turns` are the
//!   walker of `sonic` ([`crate::variants::sonic::walker`], written once)
//!   on [`grid::HexGrid`], the hexagonal implementation of its
//!   [`Geometry`](crate::variants::sonic::geometry::Geometry);
//! - Tails (SCA-6): the same walker, leaping again by the same Gliński
//!   knight vector ([`grid::LEAP`]);
//! - the king: usual, a single form; it captures by displacement and
//!   ignores springs; any hit by R, B, Q or N loses it (SCA-9.3 with one
//!   form left: the walker's `king_forms` = 1), and so does capture by
//!   displacement (SCA-9.4); no castling, no form choices; check has no
//!   effect on legality (SCA-10) — [`generate`];
//! - pawns: Gliński's, ignoring springs (SCA-2) — [`pawns`];
//! - springs: none in the start array; the position text lists spring
//!   cells — [`notation`].
//!
//! **SCA-13.1** (RULINGS 3.4): rule option `board=glinski|mccooey|shafran`
//! ([`HexRules::board`], the tables of [`crate::variants::glinski::base`]):
//! the base's board (Shafran's 70 cells: [`grid::HexGrid`] keeps one step
//! and leap table per shape, slides are masked by it), cell names, start
//! array ([`start_text`]), pawns (multi-steps, en passant on every crossed
//! cell, promotion cells) and knight; SHF-1's castlings on Shafran's board
//! with SCA-10's "attacked" (`castling.rs`); the base's position text plus
//! springs ([`notation`]).
//!
//! Modules: [`grid`] (the board for the walker), [`pawns`], [`generate`]
//! (the one generator, lists and bulk counts), [`moves`] (the compact move
//! and its course, G2: `sonic`'s compact move), [`position`] (state,
//! `play`), [`notation`] (position and move text), `explain`, `diagram`;
//! this file: the registry entry, the rules in force and the `Game` (with
//! `Notation`, `Explain`, `Draw`: `sonic`'s, written once for both boards).

use crate::core::hex::Shape;
use crate::core::{Choice, Variant};
use crate::core::{DynGame, Mutant, OptionKind, RuleOption, Rules};
use crate::variants::glinski::base::{Base, BaseId};
use crate::variants::sonic::sonic_game;
use crate::variants::sonic::walker::WalkRules;

mod castling;
#[cfg(feature = "pictures")]
mod diagram;
mod explain;
pub mod generate;
pub mod grid;
pub mod moves;
pub mod notation;
#[cfg(test)]
mod oracle;
pub mod pawns;
pub mod position;

pub use moves::HexMove;
pub use position::SonicHex;

use grid::HexGrid;

/// The start position (SCA-13: Gliński's array, no springs).
pub const START: &str =
    "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1 -";

/// The start position text on the board of `base` (SCA-13, SCA-13.1):
/// the base's start text with an empty springs field.
pub fn start_text(base: BaseId) -> String {
    match base {
        BaseId::Glinski => START.to_string(),
        b => format!("{} -", Base::of(b).start_text),
    }
}

/// The spindash turn of `sonic-hex` (SCA-13): the `turn` option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// 120 degrees (the default).
    Deg120,
    /// 60 degrees.
    Deg60,
}

impl crate::core::Choice for Turn {
    const WORDS: &'static [&'static str] = &["120", "60"];
    fn from_index(i: usize) -> Turn {
        [Turn::Deg120, Turn::Deg60][i]
    }
}

/// SCA-13.1: the rule option `board` names the base (GLN-1, MCC-1,
/// SHF-1) whose board, cell names, start array, pawns and knight
/// `sonic-hex` plays with.
impl crate::core::Choice for BaseId {
    const WORDS: &'static [&'static str] = &["glinski", "mccooey", "shafran"];
    fn from_index(i: usize) -> BaseId {
        [BaseId::Glinski, BaseId::Mccooey, BaseId::Shafran][i]
    }
}

/// The rule options of `sonic-hex`.
static OPTIONS: [RuleOption; 3] = [
    RuleOption {
        name: "board",
        kind: OptionKind::Choice {
            values: BaseId::WORDS,
        },
        doc: "the hexagonal base (SCA-13.1): glinski (default), mccooey or shafran — its board, array, pawns and knight; castling only on shafran",
    },
    RuleOption {
        name: "turn",
        kind: OptionKind::Choice {
            values: Turn::WORDS,
        },
        doc: "the spindash turn in degrees (SCA-13): 120 (default) or 60",
    },
    RuleOption {
        name: "alternate-turns",
        kind: OptionKind::Flag,
        doc:
            "Charles Gilman's subvariant: bounces alternate cw/ccw within a move (SCA-4.1, SCA-13)",
    },
];

/// Deliberate misreadings; each is killed by a fixture
/// (`tests/it/mutants.rs`).
static MUTANTS: [Mutant; 11] = [
    Mutant {
        name: "turn-90",
        doc: "the square board's 90° turn kept on the hexagonal board: a rook turns onto a diagonal (SCA-13)",
    },
    Mutant {
        name: "eggman-forms",
        doc: "Dr. Eggman's three forms kept on the hexagonal board: a hit costs a form and only the third loses the king (SCA-13, SCA-9)",
    },
    Mutant {
        name: "diagonal-pawn-captures",
        doc: "pawns capture one cell forward along the diagonals next to their file, as on the square board (SCA-13, GLN-1)",
    },
    Mutant {
        name: "double-step-first-move-only",
        doc: "a pawn steps two cells only on its first move, so not after a capture onto another start cell (SCA-13, GLN-1)",
    },
    Mutant {
        name: "knight-stops",
        doc: "a capturing knight stops on the captured cell: no Tails continuation (SCA-6)",
    },
    Mutant {
        name: "endless-allowed",
        doc: "endless branches are cut by a step cap and played as stopping there (SCA-5)",
    },
    Mutant {
        name: "springs-block",
        doc: "a bare spring blocks R, B, Q, N like a friendly piece instead of acting as an enemy (SCA-3, SCA-7)",
    },
    Mutant {
        name: "pawns-see-springs",
        doc: "pawns may not enter a bare spring cell (SCA-2, SCA-13)",
    },
    Mutant {
        name: "no-forced-rotation",
        doc: "with one bounce side blocked the mover may also stop on the captured cell (SCA-4.2)",
    },
    Mutant {
        name: "castle-through-attack",
        doc: "castling on Shafran's board is refused only when the king stands or lands attacked, not when it passes over an attacked cell (SCA-13.1, SCA-8)",
    },
    Mutant {
        name: "start-square-blocks",
        doc: "the mover's vacated start cell still blocks it and a spring under it never acts during the move (SCA-4.2, SCA-5)",
    },
];

/// The variant as registered.
pub static VARIANT: Variant = Variant {
    id: "sonic-hex",
    name: "Hexagonal Sonic Chess on Gliński's board (SCA-13)",
    options: &OPTIONS,
    mutants: &MUTANTS,
    start: |r| Ok(start_text(HexRules::from_rules(r)?.board)),
    parse,
};

/// The rule options and mutants of one game, read once from [`Rules`]
/// (never looked up by name per node).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HexRules {
    /// SCA-13.1 \[option\] `board`: the hexagonal base (default Gliński's).
    pub board: BaseId,
    /// SCA-13 \[option\] `turn=60`: 60° turns instead of 120°.
    pub turn_60: bool,
    /// SCA-4.1 \[option\] `alternate-turns`.
    pub alternate_turns: bool,
    /// Mutant `turn-90`: the square board's 90° turn kept on the hexagonal board: a rook turns onto a diagonal (SCA-13).
    pub(crate) turn_90: bool,
    /// Mutant `eggman-forms`: Dr. Eggman's three forms kept on the hexagonal board: a hit costs a form and only the third loses the king (SCA-13, SCA-9).
    pub(crate) eggman_forms: bool,
    /// Mutant `diagonal-pawn-captures`: pawns capture one cell forward along the diagonals next to their file, as on the square board (SCA-13, GLN-1).
    pub(crate) diagonal_pawn_captures: bool,
    /// Mutant `double-step-first-move-only`: a pawn steps two cells only on its first move, so not after a capture onto another start cell (SCA-13, GLN-1).
    pub(crate) double_step_first_move_only: bool,
    /// Mutant `knight-stops`: a capturing knight stops on the captured cell: no Tails continuation (SCA-6).
    pub(crate) knight_stops: bool,
    /// Mutant `endless-allowed`: endless branches are cut by a step cap and played as stopping there (SCA-5).
    pub(crate) endless_allowed: bool,
    /// Mutant `springs-block`: a bare spring blocks R, B, Q, N like a friendly piece instead of acting as an enemy (SCA-3, SCA-7).
    pub(crate) springs_block: bool,
    /// Mutant `pawns-see-springs`: pawns may not enter a bare spring cell (SCA-2, SCA-13).
    pub(crate) pawns_see_springs: bool,
    /// Mutant `no-forced-rotation`: with one bounce side blocked the mover may also stop on the captured cell (SCA-4.2).
    pub(crate) no_forced_rotation: bool,
    /// Mutant `start-square-blocks`: the mover's vacated start cell still blocks it and a spring under it never acts during the move (SCA-4.2, SCA-5).
    pub(crate) start_square_blocks: bool,
    /// Mutant `castle-through-attack`: castling on Shafran's board is refused only when the king stands or lands attacked, not when it passes over an attacked cell (SCA-13.1, SCA-8).
    pub(crate) castle_through_attack: bool,
}

impl HexRules {
    /// The rules of validated options (`turn` is a choice of 120 or 60,
    /// rejected by the option parser otherwise).
    ///
    /// # Errors
    /// A name `sonic-hex` does not declare (a bug).
    pub fn from_rules(r: &Rules) -> Result<HexRules, crate::core::RuleError> {
        Ok(HexRules {
            board: r.choice::<BaseId>("board")?,
            turn_60: r.choice::<Turn>("turn")? == Turn::Deg60,
            alternate_turns: r.flag("alternate-turns")?,
            turn_90: r.is_mutant("turn-90")?,
            eggman_forms: r.is_mutant("eggman-forms")?,
            diagonal_pawn_captures: r.is_mutant("diagonal-pawn-captures")?,
            double_step_first_move_only: r.is_mutant("double-step-first-move-only")?,
            knight_stops: r.is_mutant("knight-stops")?,
            endless_allowed: r.is_mutant("endless-allowed")?,
            springs_block: r.is_mutant("springs-block")?,
            pawns_see_springs: r.is_mutant("pawns-see-springs")?,
            no_forced_rotation: r.is_mutant("no-forced-rotation")?,
            start_square_blocks: r.is_mutant("start-square-blocks")?,
            castle_through_attack: r.is_mutant("castle-through-attack")?,
        })
    }

    /// The board with its turn angle (SCA-13) and shape (SCA-13.1).
    #[inline]
    pub fn grid(self) -> HexGrid {
        let g = if self.turn_90 {
            HexGrid::TURN_90
        } else if self.turn_60 {
            HexGrid::TURN_60
        } else {
            HexGrid::TURN_120
        };
        g.on(self.shape())
    }

    /// The base (SCA-13.1): GLN-1 unless `board=` names another.
    #[inline(always)]
    pub fn base(self) -> &'static Base {
        Base::of(self.board)
    }

    /// The board's shape (SCA-13.1: Shafran's 70 cells with `board=shafran`).
    #[inline(always)]
    pub fn shape(self) -> Shape {
        self.base().shape
    }

    /// What the walker reads.
    #[inline]
    pub fn walk_rules(self) -> WalkRules {
        WalkRules {
            alternate_turns: self.alternate_turns,
            endless_allowed: self.endless_allowed,
            no_forced_rotation: self.no_forced_rotation,
            springs_block: self.springs_block,
            start_square_blocks: self.start_square_blocks,
            knight_stops: self.knight_stops,
            ..WalkRules::default()
        }
    }

    /// Hits a king takes before it is lost: one (SCA-13, a single form);
    /// three under the mutant `eggman-forms`.
    #[inline]
    pub fn king_lives(self) -> u8 {
        if self.eggman_forms {
            3
        } else {
            1
        }
    }
}

fn parse(text: &str, rules: &Rules) -> Result<Box<dyn DynGame>, crate::core::Error> {
    Ok(Box::new(SonicHex::from_text(
        text,
        HexRules::from_rules(rules)?,
    )?))
}

// The `Game`, `Notation`, `Explain` and `Draw` of `sonic`, written once
// for both boards: move texts on this board's cell names (SCA-13.1), a
// move drawn from its cell in the picture's hex convention.
sonic_game!(
    SonicHex,
    "sonic-hex",
    syntax: |p, text| notation::parse_move_text_on(text, p.rules.shape()),
    start: |p, m| moves::square_on(p.rules.shape(), m.from()),
);
