//! Typed errors of the library. The CLI turns every one of them into exit
//! code 2 with a one-line message.
//!
//! Messages quote user input through [`echo`] (at most [`ECHO_MAX`]
//! characters, control characters escaped), so a message stays one short
//! line whatever the input; [`one_line`] does the same for whole messages
//! at the edges (CLI, engine protocol).

use std::fmt;

use thiserror::Error;

use super::Color;

/// The most characters of user input a message quotes.
pub const ECHO_MAX: usize = 48;

/// `s` as one line of at most `max` characters: line breaks, tabs and
/// other control characters escaped (`\n`, `\r`, `\u{1b}`), the rest cut
/// with `…(+N)` naming how many characters were left out.
pub fn one_line(s: &str, max: usize) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    for (shown, c) in chars.by_ref().enumerate() {
        if shown >= max {
            let rest = 1 + chars.count();
            out.push_str(&format!("…(+{rest})"));
            return out;
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// User input quoted in a message: [`one_line`] with [`ECHO_MAX`].
pub fn echo(s: &str) -> String {
    one_line(s, ECHO_MAX)
}

/// A perft depth above [`crate::core::perft::MAX_DEPTH`].
#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
#[error("depth {depth} is above the limit of {max}")]
pub struct DepthError {
    /// The depth asked for.
    pub depth: u64,
    /// The limit.
    pub max: u32,
}

/// The part of a position text an error is about (G4): every game's
/// notation is built from these fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The text as a whole (nothing in it could be read).
    Position,
    /// The number or order of the text's fields.
    Fields,
    /// Pieces on the board (the piece-placement field).
    Board,
    /// The side to move.
    Turn,
    /// The castling rights.
    Castling,
    /// The en-passant square(s).
    EnPassant,
    /// The halfmove clock.
    Halfmove,
    /// The fullmove number.
    Fullmove,
    /// Spring squares (sonic).
    Springs,
    /// A king's forms (sonic, SCA-9.5).
    Forms(Color),
    /// A side's trampoline square (hop).
    Trampoline(Color),
    /// The denial state (crazy, DEN-7).
    Denial,
    /// Bosses in reserve (bosses).
    Reserve,
    /// The piece list of a side (english PDN).
    Pieces(Color),
}

impl Field {
    /// The name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Field::Position => "position",
            Field::Fields => "fields",
            Field::Board => "board",
            Field::Turn => "turn",
            Field::Castling => "castling",
            Field::EnPassant => "en passant",
            Field::Halfmove => "halfmove",
            Field::Fullmove => "fullmove",
            Field::Springs => "springs",
            Field::Forms(Color::White) => "white forms",
            Field::Forms(Color::Black) => "black forms",
            Field::Trampoline(Color::White) => "white trampoline",
            Field::Trampoline(Color::Black) => "black trampoline",
            Field::Denial => "denial",
            Field::Reserve => "reserve",
            Field::Pieces(Color::White) => "white pieces",
            Field::Pieces(Color::Black) => "black pieces",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a position text got wrong. Parsing (syntax, per notation field)
/// and validation (meaning) are separate kinds, as parse → validate are
/// separate steps (G4).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// The text does not follow the notation: `field` names the part.
    #[error("malformed position: {field}: {message}")]
    Syntax {
        /// The part of the text.
        field: Field,
        /// What is wrong, one line.
        message: String,
    },
    /// The text parses but describes an impossible position.
    #[error("impossible position: {field}: {message}")]
    Invalid {
        /// The part of the text.
        field: Field,
        /// What is wrong, one line.
        message: String,
    },
}

impl PositionError {
    /// A syntax error of `field`.
    pub fn syntax(field: Field, message: impl Into<String>) -> Self {
        PositionError::Syntax {
            field,
            message: message.into(),
        }
    }
    /// An impossible position, found in `field`.
    pub fn invalid(field: Field, message: impl Into<String>) -> Self {
        PositionError::Invalid {
            field,
            message: message.into(),
        }
    }
    /// The part of the text the error is about.
    pub fn field(&self) -> Field {
        match self {
            PositionError::Syntax { field, .. } | PositionError::Invalid { field, .. } => *field,
        }
    }
}

/// What a move text got wrong.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Not a move in this game's notation at all.
    #[error("malformed move '{}': {message}", echo(text))]
    Syntax {
        /// The text as given.
        text: String,
        /// What is wrong, one line.
        message: String,
    },
    /// Well-formed, but not legal here; `rules` names the rule IDs that
    /// decide it (may be empty when no single rule does).
    #[error("illegal move '{}': {reason}{}", echo(text), rule_suffix(rules))]
    Illegal {
        /// The text as given.
        text: String,
        /// Why, one line.
        reason: String,
        /// The rule IDs that decide it.
        rules: Vec<&'static str>,
    },
    /// Several legal moves match an abbreviated notation.
    #[error("ambiguous move '{}': matches {}", echo(text), candidates.join(", "))]
    Ambiguous {
        /// The text as given.
        text: String,
        /// The canonical texts it matches.
        candidates: Vec<String>,
    },
    /// The game is over: no move can be played.
    #[error("move '{}' after the game has ended", echo(text))]
    GameOver {
        /// The text as given.
        text: String,
    },
}

fn rule_suffix(rules: &[&'static str]) -> String {
    if rules.is_empty() {
        String::new()
    } else {
        format!(" ({})", rules.join(", "))
    }
}

impl MoveError {
    /// A syntax error of `text`.
    pub fn syntax(text: &str, message: impl Into<String>) -> Self {
        MoveError::Syntax {
            text: text.to_string(),
            message: message.into(),
        }
    }
    /// An illegal move, why, and the rules that decide it.
    pub fn illegal(text: &str, reason: impl Into<String>, rules: &[&'static str]) -> Self {
        MoveError::Illegal {
            text: text.to_string(),
            reason: reason.into(),
            rules: rules.to_vec(),
        }
    }
}

/// A rule option (`--rule K[=V]`) that is unknown or has a bad value.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RuleError {
    /// An option the variant does not have.
    #[error(
        "unknown rule option '{}' for variant {variant} (known: {known})",
        echo(name)
    )]
    Unknown {
        /// The variant id.
        variant: &'static str,
        /// The name as given.
        name: String,
        /// The options it has, comma-separated (or `none`).
        known: String,
    },
    /// A value of the wrong type or range.
    #[error(
        "bad value '{}' for rule option '{}': {message}",
        echo(value),
        echo(name)
    )]
    BadValue {
        /// The option.
        name: String,
        /// The value as given.
        value: String,
        /// What is wrong and what is expected.
        message: String,
    },
    /// A mutant the variant does not have.
    #[error("unknown mutant '{}' for variant {variant}", echo(name))]
    UnknownMutant {
        /// The variant id.
        variant: &'static str,
        /// The name as given.
        name: String,
    },
    /// The same option given twice (`boss-hp=3 boss-hp=4`).
    #[error("rule option '{name}' given twice")]
    Repeated {
        /// The option.
        name: &'static str,
    },
    /// A game read an option or mutant name it never declared (or as
    /// another type): a bug of the game, reported instead of reading false.
    #[error("variant {variant} reads the {what} '{name}', which it does not declare")]
    Undeclared {
        /// The variant id.
        variant: &'static str,
        /// The name read.
        name: String,
        /// What was read: `flag`, `choice`, `mutant`, ...
        what: &'static str,
    },
}

/// Any error of the library.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// A variant id the registry does not know; `known` lists the ids it
    /// does (filled by the registry, so a new variant appears in the
    /// message by being registered).
    #[error("unknown variant '{}' (known: {known})", echo(id))]
    UnknownVariant {
        /// The id as given.
        id: String,
        /// The registered ids, comma-separated.
        known: String,
    },
    /// A rule option or mutant.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The position text.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A move of a move list; `ply` counts from 1.
    #[error("move {ply}: {error}")]
    Move {
        /// The 1-based index of the move in the list.
        ply: usize,
        /// What is wrong with it.
        error: MoveError,
    },
}

/// The kind of an error, as fixtures name it (`expect.error.kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "conformance",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum ErrorKind {
    /// An unknown variant id.
    Variant,
    /// A bad rule option or mutant.
    Option,
    /// A malformed or impossible position.
    Position,
    /// A malformed move text.
    MoveSyntax,
    /// An illegal move, or a move after the end of the game.
    IllegalMove,
    /// An abbreviated move text that matches several moves.
    AmbiguousMove,
}

impl Error {
    /// The kind of this error, as fixtures name it.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::UnknownVariant { .. } => ErrorKind::Variant,
            Error::Rule(_) => ErrorKind::Option,
            Error::Position(_) => ErrorKind::Position,
            Error::Move { error, .. } => match error {
                MoveError::Syntax { .. } => ErrorKind::MoveSyntax,
                MoveError::Illegal { .. } | MoveError::GameOver { .. } => ErrorKind::IllegalMove,
                MoveError::Ambiguous { .. } => ErrorKind::AmbiguousMove,
            },
        }
    }
    /// The 1-based ply of a move-list error.
    pub fn ply(&self) -> Option<usize> {
        match self {
            Error::Move { ply, .. } => Some(*ply),
            _ => None,
        }
    }
}
