//! The registry: every game's [`Variant`] (id → rule options, mutants,
//! start position and position parser), and building the position a
//! command or fixture describes ([`setup`]). Data flows one way: cli →
//! conformance → registry → games → core.

use crate::core::{DynGame, Error, Variant};

pub mod bosses;
pub mod capablanca;
pub mod crazy;
pub mod draughts;
pub mod english;
pub mod fide;
pub mod glinski;
pub mod hop;
pub mod mccooey;
pub mod shafran;
pub mod sonic;
pub mod sonic_hex;

/// Every registered variant, in the order of the command-line contract.
pub fn all() -> [&'static Variant; 11] {
    [
        &fide::VARIANT,
        &sonic::VARIANT,
        &hop::VARIANT,
        &crazy::VARIANT,
        &bosses::VARIANT,
        &english::VARIANT,
        &glinski::VARIANT,
        &sonic_hex::VARIANT,
        &capablanca::VARIANT,
        &mccooey::VARIANT,
        &shafran::VARIANT,
    ]
}

/// The registered ids, comma-separated (for messages).
pub fn ids() -> String {
    all().iter().map(|v| v.id).collect::<Vec<_>>().join(", ")
}

/// Looks a variant up by id.
///
/// # Errors
/// [`Error::UnknownVariant`], listing the registered ids.
pub fn get(id: &str) -> Result<&'static Variant, Error> {
    all()
        .into_iter()
        .find(|v| v.id == id)
        .ok_or_else(|| Error::UnknownVariant {
            id: id.to_string(),
            known: ids(),
        })
}

/// What a command or fixture asks for: variant, options, position, history.
#[derive(Clone, Debug, Default)]
pub struct Setup<'a> {
    /// The variant id.
    pub variant: &'a str,
    /// Rule options, `name` or `name=value`.
    pub options: &'a [String],
    /// A mutant to play instead of the rules as written.
    pub mutant: Option<&'a str>,
    /// `None`: the variant's start position.
    pub position: Option<&'a str>,
    /// Moves played from the position.
    pub moves: &'a [String],
}

/// Builds the position a command or fixture describes: parses the variant,
/// options, position (or start) and plays the move history.
///
/// # Errors
/// The first thing that is wrong, as a typed [`Error`].
pub fn setup(s: &Setup) -> Result<Box<dyn DynGame>, Error> {
    let v = get(s.variant)?;
    let rules = v.rules(s.options, s.mutant)?;
    let text = match s.position {
        Some(p) => p.to_string(),
        None => (v.start)(&rules)?,
    };
    let mut game = (v.parse)(text.trim(), &rules)?;
    game.play_record(s.moves)
        .map_err(|(i, error)| Error::Move { ply: i + 1, error })?;
    Ok(game)
}
