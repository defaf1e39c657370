//! McCooey's hexagonal chess (`mccooey`), MCC-1 of RULINGS.md: the base
//! of `sonic-hex --rule board=mccooey` (SCA-13.1).
//!
//! **MCC-1** McCooey's hexagonal chess (Dave McCooey and Richard
//! Honeycutt, 1978–79): Gliński's 91 cells, cell names, position text and
//! move text (GLN-1; McCooey's own notation letters the files a–k *with*
//! j, his j and k being our k and l: this game reads and writes ours;
//! rule option `letters=mccooey` reads his, see [`Letters`]).
//! Start: White K g1, Q e1, R d1 h1, N e2 g2, B f1 f2 f3, pawns c1 d2 e3
//! f4 g3 h2 i1; Black K g10, Q e10, R d9 h9, N e9 g9, B f9 f10 f11, pawns
//! c8 d8 e8 f8 g8 h8 i8 ([`START`]). King, queen, rook, bishop and knight
//! as GLN-1; no castling. Pawns step one cell straight forward onto an
//! empty cell, capture one cell along either *forward diagonal* (a White
//! pawn on e4 and a Black pawn on e7 both take on d5 and f6; never on
//! GLN-1's orthogonal capture cells), may move two cells straight forward
//! through an empty cell from a start cell of their side other than the
//! centre pawn's f4 / f8, capture en passant on the skipped cell on the
//! next move only, and promote on the far rim (as GLN-1) to Q, R, B or N.
//! Check and mate as in chess; stalemate is a draw. Start perft 31 / 947
//! / 33307.
//!
//! The tables are [`crate::variants::glinski::base::MCCOOEY`]; the
//! generator, texts and pictures are `glinski`'s over them.

use crate::core::{Choice, DynGame, Mutant, OptionKind, RuleOption, Rules, Variant};
use crate::variants::glinski::base::{BaseId, MCCOOEY};
use crate::variants::glinski::position::{
    MUT_CENTRE_DOUBLE_STEP, MUT_DIAGONAL_PAWN_CAPTURES, MUT_NO_EP, OPT_MCCOOEY_LETTERS,
};
use crate::variants::glinski::{hex_game, mutant_flags_of};

/// MCC-1's start position (GLN-1's position text).
pub const START: &str = MCCOOEY.start_text;

/// MCC-1 \[ruling\] \[option\] `letters`: the file letters of the move
/// texts read (from-to texts and record tokens). An explicit option, not
/// guessed from context: a token like `k2` names a cell under both
/// letterings (our k2, or his k2 = our l2), so context cannot decide.
/// Position texts and the move texts written stay in our letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Letters {
    /// Gliński's (GLN-1): files a–l without j (default).
    Glinski,
    /// McCooey's: files a–k with j; his j and k are our k and l, and `l`
    /// is no file.
    Mccooey,
}

impl Choice for Letters {
    const WORDS: &'static [&'static str] = &["glinski", "mccooey"];
    fn from_index(i: usize) -> Letters {
        [Letters::Glinski, Letters::Mccooey][i]
    }
}

/// The rule options of `mccooey`.
static OPTIONS: [RuleOption; 1] = [RuleOption {
    name: "letters",
    kind: OptionKind::Choice {
        values: Letters::WORDS,
    },
    doc: "file letters of the move texts read (MCC-1): glinski (default; a-l without j) or mccooey (a-k with j: his j, k are our k, l)",
}];

/// The mutants of `mccooey` (deliberate misreadings of MCC-1).
///
/// Gliński's `double-step-first-move-only` has no counterpart here: on
/// McCooey's board no pawn move ends on a start cell of its own side (a
/// capture onto one would come from behind the start cells), so a pawn on
/// a start cell has never moved and that misreading is the rules.
pub static MUTANTS: [Mutant; 3] = [
    Mutant {
        name: "glinski-pawn-captures",
        doc: "MCC-1 misread: pawns capture as Gliński's (one cell along the orthogonal lines next to their file), not along the forward diagonals",
    },
    Mutant {
        name: "centre-double-step",
        doc: "MCC-1 misread: the centre pawn (f4 / f8) may also move two cells",
    },
    Mutant {
        name: "no-en-passant",
        doc: "MCC-1 misread: en passant captures are never legal",
    },
];

/// The `mccooey` variant (MCC-1): id, rule options, mutants, start and
/// parser.
pub static VARIANT: Variant = Variant {
    id: "mccooey",
    name: "McCooey's hexagonal chess (Gliński's 91 cells, diagonal pawn captures)",
    options: &OPTIONS,
    mutants: &MUTANTS,
    start: |_| Ok(START.to_string()),
    parse,
};

/// The position flag of each mutant of [`MUTANTS`].
const MUTANT_FLAGS: [(&str, u8); 3] = [
    ("glinski-pawn-captures", MUT_DIAGONAL_PAWN_CAPTURES),
    ("centre-double-step", MUT_CENTRE_DOUBLE_STEP),
    ("no-en-passant", MUT_NO_EP),
];

fn parse(text: &str, rules: &Rules) -> Result<Box<dyn DynGame>, crate::core::Error> {
    let opts = if rules.choice::<Letters>("letters")? == Letters::Mccooey {
        OPT_MCCOOEY_LETTERS
    } else {
        0
    };
    Ok(Box::new(Mccooey::from_text(
        text,
        mutant_flags_of(rules, &MUTANT_FLAGS)?,
        opts,
    )?))
}

hex_game!(
    /// A `mccooey` position (the [`crate::core::Game`] of MCC-1).
    ///
    /// ```
    /// use arbiter::variants::mccooey::Mccooey;
    /// let g = Mccooey::start();
    /// assert_eq!(arbiter::core::perft(&g, 1), 31);
    /// ```
    Mccooey,
    BaseId::Mccooey,
    Some("MCC-1")
);

#[cfg(test)]
mod tests {
    use super::Mccooey;
    use crate::core::{perft, Explain, Notation};

    #[test]
    fn start_text_and_count() {
        let g = Mccooey::start();
        assert_eq!(Notation::to_text(&g), super::START);
        assert_eq!(perft(&g, 1), 31);
        assert_eq!(perft(&g, 2), 947);
    }

    /// MCC-1 `letters=mccooey`: from-to texts and record tokens read with
    /// McCooey's file letters (his j, k = our k, l); without the option
    /// his `j` is no file; texts written stay ours.
    #[test]
    fn mccooey_letters_option() {
        use crate::variants::glinski::position::OPT_MCCOOEY_LETTERS;
        let ours = Mccooey::start();
        let his = Mccooey::from_text(super::START, 0, OPT_MCCOOEY_LETTERS).unwrap();
        let m = Explain::parse_move(&ours, "g2k1").unwrap();
        assert_eq!(Explain::parse_move(&his, "g2j1").unwrap(), m);
        assert_eq!(Explain::parse_move(&his, "Nj1").unwrap(), m);
        assert_eq!(Explain::parse_move(&ours, "Nk1").unwrap(), m);
        assert_eq!(Notation::move_text(&his, &m), "g2k1");
        assert!(Explain::parse_move(&ours, "g2j1").is_err());
        assert!(Explain::parse_move(&his, "Bl1").is_err());
        // Our f3-k7 is his f3-j7; his k7 would be our l7, no cell.
        assert!(Explain::parse_move(&his, "f3j7").is_ok());
        assert!(Explain::parse_move(&his, "f3k7").is_err());
        assert!(Explain::parse_move(&ours, "f3k7").is_ok());
    }

    /// MCC-1: the centre pawn never moves two cells; the others do.
    #[test]
    fn centre_pawn_stays_single() {
        let g = Mccooey::start();
        assert!(Explain::parse_move(&g, "e3e5").is_ok());
        let v = Explain::explain(&g, "f4f6").unwrap();
        assert!(!v.legal && v.rules == ["MCC-1"], "{v:?}");
    }
}
