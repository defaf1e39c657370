//! SVG text to PNG bytes with resvg (pure Rust: no browser, no system
//! library, no font: the pictures' text is already paths).

use resvg::{tiny_skia, usvg};

use super::RenderError;

/// Renders SVG text at one PNG pixel per picture unit.
///
/// # Errors
/// [`RenderError::Png`] if the SVG does not parse or the image cannot be
/// allocated or encoded (a bug of the writer: it should not happen).
pub fn png(svg: &str) -> Result<Vec<u8>, RenderError> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| RenderError::Png(format!("SVG does not parse: {e}")))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| RenderError::Png(format!("no {}x{} image", size.width(), size.height())))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| RenderError::Png(format!("PNG encoding: {e}")))
}
