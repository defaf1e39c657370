//! Sonic the Hedgehog Chess, Advanced version (Daniil Frolov, 2011), read
//! through RULINGS.md (version 3.3) section SCA (SCA-1 … SCA-11) and G1–G6.
//!
//! Source: `../shared/rules/sources/sonic-chess-advanced.txt`.
//!
//! One module per mechanism, each reading like its rule, and one generator:
//! - [`pieces`]: piece codes and what a moving piece "sees" in a cell
//!   (springs, SCA-2, SCA-3, SCA-7);
//! - [`geometry`]: the board abstraction of the walker (cells, steps,
//!   turns, knight leaps) and the square board; the hexagonal board of
//!   SCA-13 plugs in here;
//! - [`walker`]: the one tracer of R, B, Q, N moves, with its two rule
//!   files [`spindash`] (SCA-3 … SCA-5) and [`tails`] (SCA-6);
//! - [`pawns`]: FIDE pawns (SCA-2); [`springs`]: SCA-1, SCA-7;
//! - [`eggman`]: Dr. Eggman's forms, king moves, castling, form change,
//!   hits (SCA-8 … SCA-9.4);
//! - [`check`]: "could capture or hit the king" (SCA-10);
//! - [`moves`]: the compact move ([`SonicMove`]) and its course (G2);
//! - [`generate`]: the one move generator, for lists and bulk counts, with
//!   the SCA-8.1 switch test by attack units;
//! - [`notation`]: position text (G4, SCA-9.5, G6) and move text (G2);
//! - [`explain`]: verdicts naming rule IDs;
//! - [`position`]: the validated position, `play`, and the `Game`.
//!
//! Boards from 8×8 to 16×16 with the same piece set (SCA-11: compound
//! pieces and hexagonal boards are not implemented yet); the size comes
//! from the position text.

use crate::core::{DynGame, Mutant, OptionKind, PositionError, RuleOption, Rules};
use crate::variants::Variant;

pub mod check;
mod diagram;
pub mod eggman;
pub mod explain;
pub mod generate;
pub mod geometry;
pub mod moves;
pub mod notation;
#[cfg(test)]
mod oracle;
pub mod pawns;
pub mod pieces;
pub mod position;
pub mod spindash;
pub mod springs;
pub mod tails;
pub mod walker;

pub use moves::SonicMove;
pub use position::Position;

/// The rule options of `sonic`.
static OPTIONS: [RuleOption; 2] = [
    RuleOption {
        name: "springs",
        kind: OptionKind::Flag,
        doc: "springs on c3, f3, c6, f6 (SCA-1, SCA-7), in addition to springs the position lists",
    },
    RuleOption {
        name: "alternate-turns",
        kind: OptionKind::Flag,
        doc: "Charles Gilman's subvariant: bounces alternate cw/ccw within a move (SCA-4.1)",
    },
];

/// Deliberate misreadings (issue 7); each is killed by a fixture
/// (`tests/mutants.rs`).
static MUTANTS: [Mutant; 11] = [
    Mutant { name: "bounce-180", doc: "a ranged capturer bounces straight back (original StHC) instead of turning 90° (SCA-4)" },
    Mutant { name: "knight-stops", doc: "a capturing knight stops on the captured square: no Tails continuation (SCA-6)" },
    Mutant { name: "endless-allowed", doc: "endless branches are cut by a step cap and played as stopping there instead of being illegal (SCA-5)" },
    Mutant {
        name: "no-forced-rotation",
        doc: "with one bounce side blocked the mover may also 'turn' into the blocked side and stop (SCA-4.2)",
    },
    Mutant {
        name: "form-change-after-king-move",
        doc: "a king move or castling may be followed by a form change (SCA-8.1)",
    },
    Mutant { name: "springs-block", doc: "a bare spring blocks R, B, Q, N like a friendly piece instead of acting as an enemy (SCA-3, SCA-7)" },
    Mutant { name: "pawns-see-springs", doc: "pawns may not enter a bare spring square (SCA-2)" },
    Mutant { name: "hit-captures-king", doc: "an R, B, Q or N hit removes the king at once instead of costing a form (SCA-9)" },
    Mutant {
        name: "start-square-blocks",
        doc: "the mover's vacated start square still blocks it and a spring under it never acts during the move (SCA-4.2, SCA-5)",
    },
    Mutant {
        name: "castling-transit-unchecked",
        doc: "castling tests only the king's start and destination squares, not the square it crosses (SCA-8)",
    },
    Mutant {
        name: "direct-check-only",
        doc: "check counts only a first capture on the king, not one after bounces or a Tails continuation (SCA-10)",
    },
];

/// The variant as registered.
pub static VARIANT: Variant = Variant {
    id: "sonic",
    name: "Sonic the Hedgehog Chess, Advanced (Daniil Frolov)",
    options: &OPTIONS,
    mutants: &MUTANTS,
    start,
    parse,
};

/// The rule options and mutants of one game, read once from [`Rules`]
/// (never looked up by name per node). Mutants are flags read inside the
/// one generator and walker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SonicRules {
    /// SCA-1/SCA-7: springs on c3, f3, c6, f6.
    pub springs: bool,
    /// SCA-4.1 \[option\]: alternate the rotation at each later turn.
    pub alternate_turns: bool,
    pub bounce_180: bool,
    pub knight_stops: bool,
    pub endless_allowed: bool,
    pub no_forced_rotation: bool,
    pub form_change_after_king_move: bool,
    pub springs_block: bool,
    pub pawns_see_springs: bool,
    pub hit_captures_king: bool,
    pub direct_check_only: bool,
    pub start_square_blocks: bool,
    pub castling_transit_unchecked: bool,
}

impl SonicRules {
    pub fn from_rules(r: &Rules) -> SonicRules {
        SonicRules {
            springs: r.flag("springs"),
            alternate_turns: r.flag("alternate-turns"),
            bounce_180: r.is_mutant("bounce-180"),
            knight_stops: r.is_mutant("knight-stops"),
            endless_allowed: r.is_mutant("endless-allowed"),
            no_forced_rotation: r.is_mutant("no-forced-rotation"),
            form_change_after_king_move: r.is_mutant("form-change-after-king-move"),
            springs_block: r.is_mutant("springs-block"),
            pawns_see_springs: r.is_mutant("pawns-see-springs"),
            hit_captures_king: r.is_mutant("hit-captures-king"),
            direct_check_only: r.is_mutant("direct-check-only"),
            start_square_blocks: r.is_mutant("start-square-blocks"),
            castling_transit_unchecked: r.is_mutant("castling-transit-unchecked"),
        }
    }
}

/// SCA-1: the FIDE start position; with `springs`, springs on c3 f3 c6 f6.
pub fn start(rules: &Rules) -> String {
    let springs = if rules.flag("springs") {
        "c3,f3,c6,f6"
    } else {
        "-"
    };
    format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {springs} KNA=K KNA=K")
}

fn parse(text: &str, rules: &Rules) -> Result<Box<dyn DynGame>, PositionError> {
    Ok(Box::new(Position::from_text(
        text,
        SonicRules::from_rules(rules),
    )?))
}
