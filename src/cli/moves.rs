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
    /// Only the moves of the piece on SQUARE.
    #[arg(long, value_name = "SQUARE")]
    pub from: Option<String>,
    /// With --from: draw every move of that piece on one board, as
    /// DIR/SQUARE.svg (DIR is created; an existing file is not overwritten
    /// unless --force).
    #[arg(long, value_name = "DIR")]
    pub svg: Option<std::path::PathBuf>,
    /// With --from: the same picture as DIR/SQUARE.png (as --svg).
    #[arg(long, value_name = "DIR")]
    pub png: Option<std::path::PathBuf>,
    /// Let --svg and --png overwrite existing pictures.
    #[arg(long)]
    pub force: bool,
}

pub fn run(a: &MovesArgs) -> Result<i32, Exit> {
    if let Some(sq) = &a.from {
        for (dir, flag, ext) in [(&a.svg, "--svg", "svg"), (&a.png, "--png", "png")] {
            if let Some(dir) = dir {
                super::refuse_existing(&dir.join(format!("{sq}.{ext}")), flag, a.force)?;
            }
        }
    }
    let g = a.game.game()?;
    let moves = match &a.from {
        Some(sq) => crate::render::piece_files(g.as_ref(), sq, a.svg.as_deref(), a.png.as_deref())?,
        None if a.svg.is_some() || a.png.is_some() => {
            return Err(Exit::input("--svg and --png need --from SQUARE"))
        }
        None => g.legal_texts(),
    };
    if a.json {
        let outcome = g.outcome().map(|o| o.as_str());
        print_json(
            &serde_json::json!({"variant": a.game.variant, "position": g.to_text(), "moves": moves, "outcome": outcome}),
        )?;
    } else {
        for m in moves {
            outln!("{m}")?;
        }
    }
    Ok(0)
}
