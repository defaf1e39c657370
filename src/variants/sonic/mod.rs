//! Sonic the Hedgehog Chess, Advanced — not implemented yet (placeholder registered so the CLI lists it).

use crate::core::{DynGame, PositionError, Rules};
use crate::variants::Variant;

pub static VARIANT: Variant = Variant {
    id: "sonic",
    name: "Sonic the Hedgehog Chess, Advanced",
    options: &[],
    mutants: &[],
    start: |_| String::new(),
    parse,
};

fn parse(_text: &str, _rules: &Rules) -> Result<Box<dyn DynGame>, PositionError> {
    Err(PositionError::invalid(
        "variant",
        "sonic is not implemented yet",
    ))
}
