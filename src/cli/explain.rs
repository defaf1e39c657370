//! `arbiter explain`.

use clap::Args;

use super::{print_json, Exit, GameArgs};

#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The move to judge, in the variant's notation.
    #[arg(value_name = "MOVE")]
    pub mv: String,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &ExplainArgs) -> Result<i32, Exit> {
    let g = a.game.game()?;
    let v = g.explain(&a.mv).map_err(|e| crate::core::Error::Move {
        ply: a.game.moves.len() + 1,
        error: e,
    })?;
    if a.json {
        print_json(&serde_json::json!({
            "move": v.text, "legal": v.legal, "rules": v.rules, "reason": v.reason,
        }));
    } else {
        let verdict = if v.legal { "legal" } else { "illegal" };
        let rules = if v.rules.is_empty() {
            String::new()
        } else {
            format!(" [{}]", v.rules.join(", "))
        };
        println!("{verdict}: {}: {}{rules}", v.text, v.reason);
    }
    Ok(0)
}
