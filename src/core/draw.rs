//! Pictures of positions and moves (feature `pictures`): [`Draw`] turns a
//! position into a [`Diagram`] and a move into a [`MoveDrawing`]; the
//! renderer (`crate::render`) turns those into SVG or PNG.

use super::diagram::{Diagram, MoveDrawing};
use super::explain::{Explain, Verdict};
use super::geometry::Square;

/// How a game draws its positions and moves.
pub trait Draw: Explain {
    /// The picture of this position: board, pieces, markers and side-panel
    /// facts.
    fn diagram(&self) -> Diagram;

    /// How a legal move of this position is drawn: its path as legs, its
    /// captures, promotions, placements, drops and notes.
    fn draw_move(&self, mv: &Self::Move) -> MoveDrawing;

    /// The cell a legal move starts from (the moving piece's cell), for
    /// `moves --from`; `None` for a turn without a moving piece (`deny`).
    fn move_start(&self, mv: &Self::Move) -> Option<Square>;

    /// How an illegal move text is drawn: what it attempts and where it
    /// breaks, given the verdict of [`Explain::explain`]. The default is
    /// [`MoveDrawing::attempted`]: the cells of the text as legs, the break
    /// on the first cell the reason names (else the last cell of the text).
    fn draw_illegal(&self, text: &str, verdict: &Verdict) -> MoveDrawing {
        MoveDrawing::attempted(self.diagram().geometry, text, verdict)
    }
}
