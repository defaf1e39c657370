//! `arbiter moves`.

use clap::Args;

use super::{print_json, Exit, GameArgs};

#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &MovesArgs) -> Result<i32, Exit> {
    let g = a.game.game()?;
    let moves = g.legal_texts();
    if a.json {
        let outcome = g.outcome().map(|o| o.as_str());
        print_json(
            &serde_json::json!({"variant": a.game.variant, "position": g.to_text(), "moves": moves, "outcome": outcome}),
        );
    } else {
        for m in moves {
            println!("{m}");
        }
    }
    Ok(0)
}
