//! `arbiter play`.

use clap::Args;

use super::{print_json, Exit, GameArgs};

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &PlayArgs) -> Result<i32, Exit> {
    let g = a.game.game()?;
    if a.json {
        let outcome = g.outcome().map(|o| o.as_str());
        print_json(
            &serde_json::json!({"variant": a.game.variant, "position": g.to_text(), "outcome": outcome}),
        );
    } else {
        println!("{}", g.to_text());
    }
    Ok(0)
}
