//! Sonic the Hedgehog Chess, Advanced version (Daniil Frolov, 2011), read
//! through RULINGS.md (version 3.3) section SCA (SCA-1 … SCA-12) and G1–G6.
//!
//! Source: `../shared/rules/sources/sonic-chess-advanced.txt`.
//!
//! One module per mechanism, each reading like its rule, and one generator:
//! - [`pieces`]: piece codes, the compounds and their parts (SCA-12), and
//!   what a moving piece "sees" in a cell (springs, SCA-2, SCA-3, SCA-7);
//! - [`geometry`]: the board abstraction of the walker (cells, steps,
//!   turns, knight leaps) and the square board; the hexagonal board of
//!   SCA-13 plugs in here;
//! - [`walker`]: the one tracer of R, B, Q, N moves and of the compounds'
//!   parts (SCA-12), with its two rule files [`spindash`] (SCA-3 … SCA-5)
//!   and [`tails`] (SCA-6);
//! - [`pawns`]: FIDE pawns (SCA-2); [`springs`]: SCA-1, SCA-7;
//! - [`eggman`]: Dr. Eggman's forms, king moves, castling on any width,
//!   form change, hits (SCA-8 … SCA-9.4, SCA-11);
//! - [`check`]: "could capture or hit the king" (SCA-10);
//! - [`moves`]: the compact move ([`SonicMove`], `sonic-hex`'s too) and
//!   its course (G2);
//! - [`generate`]: the one move generator, for lists and bulk counts, with
//!   the SCA-8.1 switch test by attack units (and `generate::unit_moves`,
//!   the walker's branches as moves on either board);
//! - [`notation`]: position text (G4, SCA-9.5, G6) and move text (G2);
//! - `explain`: verdicts naming rule IDs (the one `explain` of both
//!   boards, `explain::Explained` saying what differs);
//! - [`position`]: the validated position and `play`;
//! - this file: the registry entry, the rules in force and the `Game` with
//!   `Notation`, `Explain` and `Draw`, written once for both boards
//!   (`sonic_game!`).
//!
//! Boards from 8×8 to 16×16 (SCA-11), the size from the position text;
//! the compounds archbishop, chancellor and amazon when the rule option
//! `compounds=` names them, and Capablanca's 10×8 start under
//! `setup=capablanca` (SCA-12). The hexagonal board (SCA-13) is the
//! variant `sonic-hex`, which reuses [`walker`], [`spindash`] and
//! [`tails`] through [`geometry::Geometry`], and the move, `explain` and
//! `Game` glue named above.

use crate::core::{Choice, Variant};
use crate::core::{DynGame, Mutant, OptionKind, RuleOption, Rules};

pub mod check;
#[cfg(feature = "pictures")]
mod diagram;
pub mod eggman;
pub(crate) mod explain;
pub mod generate;
pub mod geometry;
pub mod moves;
pub mod notation;
#[cfg(test)]
mod oracle;
#[cfg(test)]
mod oracle_move;
pub mod pawns;
pub mod pieces;
pub mod position;
pub mod spindash;
pub mod springs;
pub mod tails;
pub mod walker;

pub use moves::SonicMove;
pub use position::Sonic;

/// The rule options of `sonic`.
static OPTIONS: [RuleOption; 4] = [
    RuleOption {
        name: "springs",
        kind: OptionKind::Flag,
        doc: "springs on files c and width-2, ranks 3 and height-2 (SCA-1, SCA-7, SCA-11: c3 f3 c6 f6 on 8x8, c3 h3 c6 h6 on 10x8), in addition to springs the position lists",
    },
    RuleOption {
        name: "alternate-turns",
        kind: OptionKind::Flag,
        doc: "Charles Gilman's subvariant: bounces alternate cw/ccw within a move (SCA-4.1)",
    },
    RuleOption {
        name: "compounds",
        kind: OptionKind::Letters { alphabet: "ACM" },
        doc: "compounds in play (SCA-12): A archbishop (B+N), C chancellor (R+N), M amazon (Q+N); they may stand in positions and pawns promote to them after Q R B N",
    },
    RuleOption {
        name: "setup",
        kind: OptionKind::Choice { values: Setup::WORDS },
        doc: "start position (SCA-12): capablanca = Capablanca's 10x8 array, compounds A and C in play (added to compounds=), with springs on c3 h3 c6 h6",
    },
];

/// Deliberate misreadings; each is killed by a fixture
/// (`tests/it/mutants.rs`).
static MUTANTS: [Mutant; 15] = [
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
    Mutant {
        name: "compound-switches-part",
        doc: "a compound that captures as its slider goes on as its knight would (the same step again) instead of turning (SCA-12)",
    },
    Mutant {
        name: "compound-knight-stops",
        doc: "a compound moving as its knight stops on its first capture: its knight part has no Tails continuation (SCA-12)",
    },
    Mutant {
        name: "compounds-not-promoted",
        doc: "pawns promote only to Q, R, B, N even when compounds are in play (SCA-12)",
    },
    Mutant {
        name: "castling-two-squares",
        doc: "castling on a wide board moves the king two squares toward the rook and the rook onto the square crossed, instead of Capablanca's squares (SCA-11)",
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
    /// SCA-1/SCA-7/SCA-11: springs on files c and width−2, ranks 3 and
    /// height−2 (c3, f3, c6, f6 on 8×8).
    pub springs: bool,
    /// SCA-4.1 \[option\]: alternate the rotation at each later turn.
    pub alternate_turns: bool,
    /// SCA-12 \[option\] `compounds=`: the compounds in play, bit 0 = A,
    /// bit 1 = C, bit 2 = M (`setup=capablanca` adds A and C).
    pub compounds: u8,
    /// SCA-12 \[option\] `setup=capablanca`: Capablanca's 10×8 start (the
    /// `springs` squares follow the board's size, SCA-11).
    pub capablanca: bool,
    /// Mutant `bounce-180`: a ranged capturer bounces straight back (original StHC) instead of turning 90° (SCA-4).
    pub(crate) bounce_180: bool,
    /// Mutant `knight-stops`: a capturing knight stops on the captured square: no Tails continuation (SCA-6).
    pub(crate) knight_stops: bool,
    /// Mutant `endless-allowed`: endless branches are cut by a step cap and played as stopping there instead of being illegal (SCA-5).
    pub(crate) endless_allowed: bool,
    /// Mutant `no-forced-rotation`: with one bounce side blocked the mover may also 'turn' into the blocked side and stop (SCA-4.2).
    pub(crate) no_forced_rotation: bool,
    /// Mutant `form-change-after-king-move`: a king move or castling may be followed by a form change (SCA-8.1).
    pub(crate) form_change_after_king_move: bool,
    /// Mutant `springs-block`: a bare spring blocks R, B, Q, N like a friendly piece instead of acting as an enemy (SCA-3, SCA-7).
    pub(crate) springs_block: bool,
    /// Mutant `pawns-see-springs`: pawns may not enter a bare spring square (SCA-2).
    pub(crate) pawns_see_springs: bool,
    /// Mutant `hit-captures-king`: an R, B, Q or N hit removes the king at once instead of costing a form (SCA-9).
    pub(crate) hit_captures_king: bool,
    /// Mutant `direct-check-only`: check counts only a first capture on the king, not one after bounces or a Tails continuation (SCA-10).
    pub(crate) direct_check_only: bool,
    /// Mutant `start-square-blocks`: the mover's vacated start square still blocks it and a spring under it never acts during the move (SCA-4.2, SCA-5).
    pub(crate) start_square_blocks: bool,
    /// Mutant `castling-transit-unchecked`: castling tests only the king's start and destination squares, not the square it crosses (SCA-8).
    pub(crate) castling_transit_unchecked: bool,
    /// Mutant `compound-switches-part`: a compound that captures as its slider goes on as its knight would (the same step again) instead of turning (SCA-12).
    pub(crate) compound_switches_part: bool,
    /// Mutant `compound-knight-stops`: a compound moving as its knight stops on its first capture: its knight part has no Tails continuation (SCA-12).
    pub(crate) compound_knight_stops: bool,
    /// Mutant `compounds-not-promoted`: pawns promote only to Q, R, B, N even when compounds are in play (SCA-12).
    pub(crate) compounds_not_promoted: bool,
    /// Mutant `castling-two-squares`: castling on a wide board moves the king two squares toward the rook and the rook onto the square crossed, instead of Capablanca's squares (SCA-11).
    pub(crate) castling_two_squares: bool,
}

impl SonicRules {
    /// The rules of validated options.
    ///
    /// # Errors
    /// A name `sonic` does not declare (a bug).
    pub fn from_rules(r: &Rules) -> Result<SonicRules, crate::core::RuleError> {
        let capablanca = r.choice::<Setup>("setup")? == Setup::Capablanca;
        let implied = if capablanca { COMPOUNDS_AC } else { 0 };
        Ok(SonicRules {
            springs: r.flag("springs")?,
            alternate_turns: r.flag("alternate-turns")?,
            compounds: (r.letters("compounds")? as u8 & 7) | implied,
            capablanca,
            bounce_180: r.is_mutant("bounce-180")?,
            knight_stops: r.is_mutant("knight-stops")?,
            endless_allowed: r.is_mutant("endless-allowed")?,
            no_forced_rotation: r.is_mutant("no-forced-rotation")?,
            form_change_after_king_move: r.is_mutant("form-change-after-king-move")?,
            springs_block: r.is_mutant("springs-block")?,
            pawns_see_springs: r.is_mutant("pawns-see-springs")?,
            hit_captures_king: r.is_mutant("hit-captures-king")?,
            direct_check_only: r.is_mutant("direct-check-only")?,
            start_square_blocks: r.is_mutant("start-square-blocks")?,
            castling_transit_unchecked: r.is_mutant("castling-transit-unchecked")?,
            compound_switches_part: r.is_mutant("compound-switches-part")?,
            compound_knight_stops: r.is_mutant("compound-knight-stops")?,
            compounds_not_promoted: r.is_mutant("compounds-not-promoted")?,
            castling_two_squares: r.is_mutant("castling-two-squares")?,
        })
    }

    /// Whether the compound `kind` is in play (SCA-12).
    pub fn in_play(&self, kind: u8) -> bool {
        pieces::COMPOUNDS
            .iter()
            .position(|&k| k == kind)
            .is_some_and(|i| self.compounds & (1 << i) != 0)
    }
}

/// The array of the `setup` option (SCA-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    /// The FIDE array on 8×8 (the default).
    Fide,
    /// Capablanca's array on 10×8.
    Capablanca,
}

impl crate::core::Choice for Setup {
    const WORDS: &'static [&'static str] = &["fide", "capablanca"];
    fn from_index(i: usize) -> Setup {
        [Setup::Fide, Setup::Capablanca][i]
    }
}
/// The `compounds=` bits of A and C (implied by `setup=capablanca`).
const COMPOUNDS_AC: u8 = 0b011;

/// SCA-1: the FIDE start position; with `springs`, springs on c3 f3 c6
/// f6 (SCA-11: files c and width−2, ranks 3 and height−2). SCA-12 `setup=capablanca`: Capablanca's 10×8 array (White a1 R, b1
/// N, c1 A, d1 B, e1 Q, f1 K, g1 B, h1 C, i1 N, j1 R, pawns on rank 2,
/// Black mirrored); with `springs`, springs on c3 h3 c6 h6.
///
/// # Errors
/// A name `sonic` does not declare (a bug).
pub fn start(rules: &Rules) -> Result<String, crate::core::Error> {
    let r = SonicRules::from_rules(rules)?;
    let (board, width) = if r.capablanca {
        (
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
            10,
        )
    } else {
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 8)
    };
    let springs = match crate::core::Board::new(width, 8) {
        Some(b) if r.springs => springs::standard(b)
            .iter()
            .map(|&(f, rank)| crate::core::Square::new(f, rank).to_string())
            .collect::<Vec<_>>()
            .join(","),
        _ => "-".to_string(),
    };
    Ok(format!("{board} w KQkq - 0 1 {springs} KNA=K KNA=K"))
}

fn parse(text: &str, rules: &Rules) -> Result<Box<dyn DynGame>, crate::core::Error> {
    Ok(Box::new(Sonic::from_text(
        text,
        SonicRules::from_rules(rules)?,
    )?))
}

/// Writes the `Game`, `Notation`, `Explain` and `Draw` impls of a Sonic
/// game, `sonic` (square board) or `sonic-hex` (SCA-13), once for both:
/// `$pos` is the position type, `$id` the variant id. The invoking module
/// is a game folder of the skeleton: `$pos::generate` (the one generator),
/// `$pos::apply` (`play`), `notation::{to_text, move_text}`,
/// `diagram::{diagram, draw_move}`, and an [`explain::Explained`] impl for
/// the shared [`explain::explain`]. What differs between the boards is
/// passed in: `syntax: |p, text| …` reads a move text's syntax (the
/// board's cell names), `start: |p, m| …` is the square a move starts on
/// in the picture's convention, and `illegal: f` (optional) draws an
/// illegal move text (the default of [`crate::core::Draw`] otherwise).
macro_rules! sonic_game {
    (
        $pos:ty,
        $id:literal,
        syntax: |$sp:ident, $text:ident| $syntax:expr,
        start: |$mp:ident, $m:ident| $start:expr
        $(, illegal: $illegal:path)? $(,)?
    ) => {
        impl $crate::core::Game for $pos {
            type Move = $crate::variants::sonic::SonicMove;

            fn variant(&self) -> &'static str {
                $id
            }

            fn turn(&self) -> $crate::core::Color {
                self.turn
            }

            fn generate<S: $crate::core::MoveSink<Self::Move>>(
                &self,
                sink: &mut S,
            ) -> $crate::core::Flow {
                <$pos>::generate(self, sink)
            }

            fn play(&mut self, m: &Self::Move) {
                self.apply(m);
            }

            /// SCA-9.4: a captured or lost king loses; no legal move is a
            /// draw, in check or not (SCA-13: check has no effect on
            /// legality on the hexagonal board).
            fn outcome(&self) -> Option<$crate::core::Outcome> {
                if let Some(w) = self.winner {
                    return Some($crate::core::Outcome::Win(w));
                }
                let none = !$crate::core::Game::has_legal_move(self);
                none.then_some($crate::core::Outcome::Draw)
            }
        }

        impl $crate::core::Notation for $pos {
            fn to_text(&self) -> String {
                notation::to_text(self)
            }

            fn move_text(&self, m: &Self::Move) -> String {
                notation::move_text(self, m)
            }

            fn check_move_syntax(&self, text: &str) -> Result<(), $crate::core::MoveError> {
                let ($sp, $text) = (self, text);
                $syntax.map(|_| ())
            }
        }

        impl $crate::core::Explain for $pos {
            fn explain(
                &self,
                text: &str,
            ) -> Result<$crate::core::Verdict, $crate::core::MoveError> {
                $crate::variants::sonic::explain::explain(self, text)
            }
        }

        #[cfg(feature = "pictures")]
        impl $crate::core::Draw for $pos {
            fn diagram(&self) -> $crate::core::diagram::Diagram {
                diagram::diagram(self)
            }

            fn draw_move(&self, m: &Self::Move) -> $crate::core::diagram::MoveDrawing {
                diagram::draw_move(self, m)
            }

            fn move_start(&self, m: &Self::Move) -> Option<$crate::core::Square> {
                let ($mp, $m) = (self, m);
                Some($start)
            }

            $(
                fn draw_illegal(
                    &self,
                    text: &str,
                    v: &$crate::core::Verdict,
                ) -> $crate::core::diagram::MoveDrawing {
                    $illegal(self, text, v)
                }
            )?
        }
    };
}
pub(crate) use sonic_game;

sonic_game!(
    Sonic,
    "sonic",
    syntax: |_p, text| notation::parse_move_text(text),
    start: |_p, m| crate::core::Square(m.from()),
    illegal: diagram::draw_illegal,
);
