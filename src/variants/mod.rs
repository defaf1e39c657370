//! The variant registry: id → rules options, mutants, start position and
//! position parser. Data flows one way: cli → conformance → variants → core.

use crate::core::{DynGame, Error, Mutant, PositionError, RuleOption, Rules};

pub mod bosses;
pub mod crazy;
pub mod draughts;
pub mod english;
pub mod fide;
pub mod glinski;
pub mod hop;
pub mod sonic;
pub mod sonic_hex;

/// One game of the registry.
pub struct Variant {
    /// The id used on the command line and in fixtures.
    pub id: &'static str,
    /// Human name and source document.
    pub name: &'static str,
    /// The rule options `--rule` accepts.
    pub options: &'static [RuleOption],
    /// Deliberate misreadings for mutation testing (issue 7).
    pub mutants: &'static [Mutant],
    /// The start position text under these rules.
    pub start: fn(&Rules) -> String,
    /// Parses and validates a position text under these rules (G4).
    pub parse: ParseFn,
}

/// A variant's position parser: text and rules to a validated game (G4).
pub type ParseFn = fn(&str, &Rules) -> Result<Box<dyn DynGame>, PositionError>;

/// Every registered variant, in the order of the command-line contract.
pub fn all() -> [&'static Variant; 8] {
    [
        &fide::VARIANT,
        &sonic::VARIANT,
        &hop::VARIANT,
        &crazy::VARIANT,
        &bosses::VARIANT,
        &english::VARIANT,
        &glinski::VARIANT,
        &sonic_hex::VARIANT,
    ]
}

/// Looks a variant up by id.
///
/// # Errors
/// [`Error::UnknownVariant`].
pub fn get(id: &str) -> Result<&'static Variant, Error> {
    all()
        .into_iter()
        .find(|v| v.id == id)
        .ok_or_else(|| Error::UnknownVariant(id.to_string()))
}

/// What a command or fixture asks for: variant, options, position, history.
#[derive(Clone, Debug, Default)]
pub struct Setup<'a> {
    pub variant: &'a str,
    pub options: &'a [String],
    pub mutant: Option<&'a str>,
    /// `None`: the variant's start position.
    pub position: Option<&'a str>,
    pub moves: &'a [String],
}

impl Variant {
    /// Validates `options` (and a mutant name) into [`Rules`].
    ///
    /// # Errors
    /// Unknown option or mutant, bad value.
    pub fn rules(&'static self, options: &[String], mutant: Option<&str>) -> Result<Rules, Error> {
        let rules = Rules::parse(self.id, self.options, options)?;
        Ok(match mutant {
            Some(m) => rules.with_mutant(self.id, self.mutants, m)?,
            None => rules,
        })
    }
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
        None => (v.start)(&rules),
    };
    let mut game = (v.parse)(text.trim(), &rules)?;
    game.play_record(s.moves)
        .map_err(|(i, error)| Error::Move { ply: i + 1, error })?;
    Ok(game)
}
