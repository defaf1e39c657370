//! Pictures of positions and moves: `explain --svg/--png` and
//! `moves --from SQUARE --svg/--png DIR`.
//!
//! A game describes what to draw ([`crate::core::diagram`]: its
//! [`crate::core::Draw::diagram`], [`crate::core::Draw::draw_move`],
//! [`crate::core::Draw::draw_illegal`]); this module composes a
//! [`Picture`] from a game and a verdict, writes it as SVG ([`svg()`]) and
//! renders the SVG to PNG with resvg ([`png()`]). Written once for every
//! game: square boards 1..16 × 1..16 and Gliński's hexagonal board.

pub mod font;
pub mod layout;
mod png;
pub mod style;
mod svg;

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::core::diagram::{MoveMark, Picture, Title};
use crate::core::{DynGame, Square, Verdict};

pub use png::png;
pub use svg::{board_layout, svg};

/// What can go wrong making a picture (all input errors: exit code 2).
#[derive(Debug, Error)]
pub enum RenderError {
    /// A square name that is not on the game's board.
    #[error("unknown square '{square}' on this board")]
    UnknownSquare {
        /// The square name as given.
        square: String,
    },
    /// A picture file that cannot be written.
    /// (The OS error is part of the message, not a `source`: it is said once.)
    #[error("cannot write picture {}: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The OS error.
        error: std::io::Error,
    },
    /// A piece picture asked for an empty square.
    #[error("no piece on {square}: no move starts there")]
    EmptySquare {
        /// The square name as given.
        square: String,
    },
    /// resvg could not render the SVG (the message says why).
    #[error("cannot render PNG: {0}")]
    Png(String),
}

/// The picture of `text` judged by `verdict` in `game`: the position, the
/// move's legs (what it attempts, when illegal), the verdict and rule IDs
/// as title, and where an illegal move breaks.
///
/// # Errors
/// None for now (every game draws); kept for the renderer's own errors.
pub fn explain_picture(
    game: &dyn DynGame,
    text: &str,
    verdict: &Verdict,
) -> Result<Picture, RenderError> {
    let diagram = game.diagram();
    let drawing = game.draw_verdict(text, verdict);
    let breaks = if verdict.legal {
        None
    } else {
        let at = drawing
            .marks
            .iter()
            .find(|m| m.mark == MoveMark::Breaks)
            .map(|m| format!(" at {}", diagram.geometry.name(m.square)))
            .unwrap_or_default();
        let rules = if verdict.rules.is_empty() {
            String::new()
        } else {
            format!(" ({})", verdict.rules.join(", "))
        };
        Some(format!("breaks{at}{rules}: {}", verdict.reason))
    };
    Ok(Picture {
        title: Title::of_verdict(verdict),
        diagram,
        moves: vec![drawing],
        breaks,
    })
}

/// The cell `name` names: a cell name of the board (`c3`), or the number
/// a game writes on its cells (English draughts' PDN numbers, `22`).
fn cell_named(diagram: &crate::core::diagram::Diagram, name: &str) -> Option<Square> {
    diagram.geometry.parse(name).or_else(|| {
        diagram.markers.iter().find_map(|m| match &m.marker {
            crate::core::diagram::Marker::Label(t) if t == name => Some(m.square),
            _ => None,
        })
    })
}

/// The picture of every legal move of the piece on `square` (a cell name
/// of the game's board, or the number the game writes on the cell), with
/// the moves' canonical texts, sorted.
///
/// # Errors
/// No pictures for this game, or `square` is not a cell of the board.
pub fn piece_picture(
    game: &dyn DynGame,
    square: &str,
) -> Result<(Picture, Vec<String>), RenderError> {
    let diagram = game.diagram();
    let from = cell_named(&diagram, square).ok_or_else(|| RenderError::UnknownSquare {
        square: square.to_string(),
    })?;
    let moves = game.draw_moves_from(from);
    let what = match diagram.top(from) {
        Some(p) => format!(
            "{} {} on {square}",
            p.color.name(),
            p.letter.map_or("piece".to_string(), |l| l.to_string())
        ),
        None => format!("the empty cell {square}"),
    };
    let count = moves.len();
    let title = Title::plain(format!(
        "{count} legal move{} of the {what}",
        if count == 1 { "" } else { "s" }
    ));
    let (texts, drawings) = moves.into_iter().unzip();
    Ok((
        Picture {
            title,
            diagram,
            moves: drawings,
            breaks: None,
        },
        texts,
    ))
}

/// Writes `picture` as SVG to `svg_path` and as PNG to `png_path` (either
/// may be absent). Both are rendered before either is written.
///
/// # Errors
/// A file that cannot be written, or a PNG that cannot be rendered.
pub fn write(
    picture: &Picture,
    svg_path: Option<&Path>,
    png_path: Option<&Path>,
) -> Result<(), RenderError> {
    let text = svg(picture);
    let bytes = match png_path {
        Some(_) => Some(png(&text)?),
        None => None,
    };
    let put = |path: &Path, data: &[u8]| {
        std::fs::write(path, data).map_err(|error| RenderError::Write {
            path: path.to_path_buf(),
            error,
        })
    };
    if let Some(p) = svg_path {
        put(p, text.as_bytes())?;
    }
    if let (Some(p), Some(b)) = (png_path, bytes) {
        put(p, &b)?;
    }
    Ok(())
}

/// `explain --svg FILE --png FILE`: writes the picture of the verdict.
/// Does nothing when neither file is asked for.
///
/// # Errors
/// As [`explain_picture`] and [`write()`].
pub fn explain_files(
    game: &dyn DynGame,
    text: &str,
    verdict: &Verdict,
    svg_path: Option<&Path>,
    png_path: Option<&Path>,
) -> Result<(), RenderError> {
    if svg_path.is_none() && png_path.is_none() {
        return Ok(());
    }
    write(&explain_picture(game, text, verdict)?, svg_path, png_path)
}

/// `moves --from SQUARE [--svg DIR] [--png DIR]`: the sorted texts of the
/// legal moves of the piece on `square`; with a directory, also writes
/// `DIR/<square>.svg` / `.png` (creating the directory; the caller checks
/// that no file is overwritten). Without a directory this is only the
/// list, for any game.
///
/// # Errors
/// As [`piece_picture`] and [`write()`]; a directory that cannot be made;
/// an empty square (no picture is written).
pub fn piece_files(
    game: &dyn DynGame,
    square: &str,
    svg_dir: Option<&Path>,
    png_dir: Option<&Path>,
) -> Result<Vec<String>, RenderError> {
    if svg_dir.is_none() && png_dir.is_none() {
        // Only the list: no picture is written.
        let diagram = game.diagram();
        let from = cell_named(&diagram, square).ok_or_else(|| RenderError::UnknownSquare {
            square: square.to_string(),
        })?;
        let texts: Vec<String> = game
            .draw_moves_from(from)
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        if texts.is_empty() && diagram.top(from).is_none() {
            return Err(RenderError::EmptySquare {
                square: square.to_string(),
            });
        }
        return Ok(texts);
    }
    let (picture, texts) = piece_picture(game, square)?;
    if texts.is_empty() {
        if let Some(from) = cell_named(&picture.diagram, square) {
            if picture.diagram.top(from).is_none() {
                return Err(RenderError::EmptySquare {
                    square: square.to_string(),
                });
            }
        }
    }
    let file = |dir: Option<&Path>, ext: &str| -> Result<Option<PathBuf>, RenderError> {
        let Some(dir) = dir else { return Ok(None) };
        std::fs::create_dir_all(dir).map_err(|error| RenderError::Write {
            path: dir.to_path_buf(),
            error,
        })?;
        Ok(Some(dir.join(format!("{square}.{ext}"))))
    };
    let svg_path = file(svg_dir, "svg")?;
    let png_path = file(png_dir, "png")?;
    write(&picture, svg_path.as_deref(), png_path.as_deref())?;
    Ok(texts)
}
