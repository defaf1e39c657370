//! `arbiter play`: plays the moves and prints the position text. When the
//! game is over (G6) a second line says so, `outcome: white-wins (...)`;
//! and when the printed text is not one `--position` would accept (a game
//! that ended by losing a king, G6), a further line says why, so arbiter
//! never prints a text it rejects without saying so. A game whose rules
//! score a result beyond win/draw adds a `note:` line with that score
//! (GLN-1: a stalemate in Gliński's chess is ¾–¼).

use clap::Args;

use super::{print_json, Exit, GameArgs};
use crate::variants;

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
    let text = g.to_text();
    let outcome = g.outcome().map(|o| o.as_str());
    let score = g.score_note();
    // The printed text read back as a position, as `--position` reads it.
    let v = variants::get(&a.game.variant)?;
    let rules = v.rules(&a.game.rules, a.game.mutant.as_deref())?;
    let reread = (v.parse)(&text, &rules).err().map(|e| e.to_string());
    if a.json {
        print_json(&serde_json::json!({
            "variant": a.game.variant,
            "position": text,
            "outcome": outcome,
            "position_valid": reread.is_none(),
            "position_error": reread,
            "score_note": score,
        }))?;
        return Ok(0);
    }
    outln!("{text}")?;
    if let Some(o) = outcome {
        outln!("outcome: {o} (the game is over: no move follows, G6)")?;
    }
    if let Some(n) = score {
        outln!("note: {n}")?;
    }
    if let Some(e) = reread {
        outln!(
            "note: this final position is not a valid position text, so --position rejects it: {e}"
        )?;
    }
    Ok(0)
}
