//! English draughts — not implemented yet (placeholder registered so the CLI lists it).

use crate::core::{DynGame, PositionError, Rules};
use crate::variants::Variant;

pub static VARIANT: Variant = Variant {
    id: "english",
    name: "English draughts",
    options: &[],
    mutants: &[],
    start: |_| String::new(),
    parse,
};

fn parse(_text: &str, _rules: &Rules) -> Result<Box<dyn DynGame>, PositionError> {
    Err(PositionError::invalid(
        "variant",
        "english is not implemented yet",
    ))
}
