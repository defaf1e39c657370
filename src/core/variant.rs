//! What a game registers ([`Variant`]): its id, name, rule options,
//! mutants, start position and position parser. Each game declares its
//! own `VARIANT`; the registry (the `variants` module) lists them. Core never
//! names the registry, and a game never names the registry's types.

use super::dyn_game::DynGame;
use super::error::Error;
use super::rules::{Mutant, RuleOption, Rules};

/// One game as the registry lists it.
pub struct Variant {
    /// The id used on the command line and in fixtures.
    pub id: &'static str,
    /// Human name and source document.
    pub name: &'static str,
    /// The rule options `--rule` accepts.
    pub options: &'static [RuleOption],
    /// Deliberate misreadings for mutation testing.
    pub mutants: &'static [Mutant],
    /// The start position text under these rules.
    pub start: fn(&Rules) -> Result<String, Error>,
    /// Parses and validates a position text under these rules (G4).
    pub parse: ParseFn,
}

/// A variant's position parser: text and rules to a validated game (G4).
/// The error is a position error, or a rule error when the rules cannot
/// be read (an undeclared option name: a bug of the game).
pub type ParseFn = fn(&str, &Rules) -> Result<Box<dyn DynGame>, Error>;

impl Variant {
    /// Validates `options` (and a mutant name) into [`Rules`].
    ///
    /// # Errors
    /// Unknown option or mutant, bad or repeated value.
    pub fn rules(&'static self, options: &[String], mutant: Option<&str>) -> Result<Rules, Error> {
        let rules = Rules::parse(self.id, self.options, self.mutants, options)?;
        Ok(match mutant {
            Some(m) => rules.with_mutant(m)?,
            None => rules,
        })
    }
}

impl std::fmt::Debug for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Variant").field("id", &self.id).finish()
    }
}
