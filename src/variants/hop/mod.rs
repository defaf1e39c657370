//! Hop Chess — not implemented yet (placeholder registered so the CLI lists it).

use crate::core::{DynGame, PositionError, Rules};
use crate::variants::Variant;

pub static VARIANT: Variant = Variant {
    id: "hop",
    name: "Hop Chess",
    options: &[],
    mutants: &[],
    start: |_| String::new(),
    parse,
};

fn parse(_text: &str, _rules: &Rules) -> Result<Box<dyn DynGame>, PositionError> {
    Err(PositionError::invalid(
        "variant",
        "hop is not implemented yet",
    ))
}
