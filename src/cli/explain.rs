//! `arbiter explain`.

use clap::Args;

use super::{print_json, Exit, GameArgs};

#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The move to judge, in the variant's notation. After `--moves`
    /// (which takes every following value) it may be left out: the last
    /// value of `--moves` is then the move judged.
    #[arg(value_name = "MOVE")]
    pub mv: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write a picture of the position and the move as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Also write a picture of the position and the move as PNG to FILE.
    #[arg(long, value_name = "FILE")]
    pub png: Option<std::path::PathBuf>,
}

pub fn run(a: &ExplainArgs) -> Result<i32, Exit> {
    let mut game = a.game.clone();
    let mv = match &a.mv {
        Some(mv) => mv.clone(),
        None => game
            .moves
            .pop()
            .ok_or_else(|| Exit::input("explain needs a MOVE to judge"))?,
    };
    let g = game.game()?;
    let v = g.explain(&mv).map_err(|e| crate::core::Error::Move {
        ply: game.moves.len() + 1,
        error: e,
    })?;
    crate::render::explain_files(g.as_ref(), &mv, &v, a.svg.as_deref(), a.png.as_deref())?;
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
