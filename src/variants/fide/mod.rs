//! Orthodox chess (FIDE) — not implemented yet (placeholder registered so the CLI lists it).

use crate::core::{DynGame, PositionError, Rules};
use crate::variants::Variant;

pub static VARIANT: Variant = Variant {
    id: "fide",
    name: "Orthodox chess (FIDE)",
    options: &[],
    mutants: &[],
    start: |_| String::new(),
    parse,
};

fn parse(_text: &str, _rules: &Rules) -> Result<Box<dyn DynGame>, PositionError> {
    Err(PositionError::invalid(
        "variant",
        "fide is not implemented yet",
    ))
}
