//! The picture model: what a game says about a position and a move so that
//! [`crate::render`] can draw it.
//!
//! A game describes its position as a [`Diagram`] (board geometry, pieces
//! and stacks, square markers such as springs and trampolines, side-panel
//! [`Fact`]s) and each move as a [`MoveDrawing`] (numbered [`Leg`]s and
//! [`MarkedSquare`]s). A [`Picture`] puts a diagram, the drawings and a
//! [`Title`] together; the renderer turns it into SVG or PNG. Nothing here
//! knows how anything looks: colours, sizes and shapes live in the
//! renderer.
//!
//! Cells are named by [`Square`] on every board. On a square board that is
//! the usual `file + 16 * rank`. On Gliński's hexagonal board
//! ([`Geometry::Hex`]) the file index 0..=10 stands for the files
//! `a b c d e f g h i k l` (no `j`) and the rank index is the rank minus
//! one, so `Square::new(5, 10)` is `f11`; [`Geometry::name`] and
//! [`Geometry::parse`] convert, [`Geometry::cells`] lists the 91 cells.
//!
//! Games fill these in through [`crate::core::Draw`] (`diagram`,
//! `draw_move`, and where the generic [`MoveDrawing::attempted`] is not
//! enough, `draw_illegal`).

use super::color::Color;
use super::explain::Verdict;
use super::geometry::{Rotation, Square};

/// The files of Gliński's hexagonal board, left to right (no `j`).
pub const HEX_FILES: &[u8; 11] = b"abcdefghikl";

/// The shape of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Geometry {
    /// A rectangle of `width × height` squares (each 1..=16), files `a..`
    /// left to right, rank 1 at the bottom (White's side, G1).
    Square {
        /// Files.
        width: u8,
        /// Ranks.
        height: u8,
    },
    /// Gliński's hexagonal board: 91 cells in 11 files `a..l` without `j`;
    /// file `f` has ranks 1..=11, `e`/`g` 1..=10, ... `a`/`l` 1..=6. Files
    /// are vertical columns of flat-topped hexagons, rank 1 at the bottom.
    Hex,
    /// Shafran's hexagonal board (SHF-1): 70 cells in 9 files `a..i` of 6
    /// 7 8 9 10 9 8 7 6 cells; file index 0..=8, rank index = rank − 1
    /// (file `a` ranks 1..=6, `e` 1..=10, `i` 5..=10). Drawn as the cells
    /// of Gliński's board it covers ([`Geometry::hex_cell`]).
    HexShafran,
}

impl Geometry {
    /// The square board `width × height`.
    pub const fn square(width: u8, height: u8) -> Geometry {
        Geometry::Square { width, height }
    }

    /// The number of cells of file `file` on the hexagonal board (0 for a
    /// file index outside 0..=10).
    pub const fn hex_file_len(file: u8) -> u8 {
        if file > 10 {
            0
        } else if file <= 5 {
            6 + file
        } else {
            16 - file
        }
    }

    /// Whether `sq` is a cell of this board.
    pub fn contains(self, sq: Square) -> bool {
        match self {
            Geometry::Square { width, height } => sq.file() < width && sq.rank() < height,
            Geometry::Hex => sq.rank() < Geometry::hex_file_len(sq.file()),
            Geometry::HexShafran => crate::core::hex::Shape::Shafran
                .cell(sq.file(), sq.rank())
                .is_some(),
        }
    }

    /// Whether this is a hexagonal board (drawn with hexagonal cells).
    pub const fn is_hex(self) -> bool {
        matches!(self, Geometry::Hex | Geometry::HexShafran)
    }

    /// On a hexagonal board, the cell of Gliński's board ([`Geometry::Hex`]
    /// convention) at the same place as `sq`: itself on Gliński's board,
    /// the covering cell for Shafran's (both boards share one geometry,
    /// [`crate::core::hex::Shape`]).
    pub fn hex_cell(self, sq: Square) -> Square {
        match self {
            Geometry::HexShafran => crate::core::hex::Shape::Shafran
                .cell(sq.file(), sq.rank())
                .map_or(sq, |c| Square::new(c.file(), c.rank())),
            _ => sq,
        }
    }

    /// Every cell: rank by rank from the bottom, files left to right.
    pub fn cells(self) -> Vec<Square> {
        let (width, height) = match self {
            Geometry::Square { width, height } => (width, height),
            Geometry::Hex => (11, 11),
            Geometry::HexShafran => (9, 10),
        };
        (0..height)
            .flat_map(|r| (0..width).map(move |f| Square::new(f, r)))
            .filter(|&s| self.contains(s))
            .collect()
    }

    /// The name of a cell (`e4`, or `k7` on the hexagonal board).
    pub fn name(self, sq: Square) -> String {
        match self {
            Geometry::Square { .. } => sq.to_string(),
            Geometry::Hex => match HEX_FILES.get(sq.file() as usize) {
                Some(&f) => format!("{}{}", f as char, sq.rank() + 1),
                None => sq.to_string(),
            },
            Geometry::HexShafran => sq.to_string(),
        }
    }

    /// Parses a cell name of this board (`None` for anything else).
    pub fn parse(self, name: &str) -> Option<Square> {
        match self {
            Geometry::Square { .. } | Geometry::HexShafran => {
                Square::parse(name).filter(|&s| self.contains(s))
            }
            Geometry::Hex => {
                let b = name.as_bytes();
                let file = HEX_FILES.iter().position(|&f| Some(&f) == b.first())?;
                let digits = name.get(1..)?;
                if digits.is_empty()
                    || digits.starts_with('0')
                    || !digits.bytes().all(|c| c.is_ascii_digit())
                    || digits.len() > 2
                {
                    return None;
                }
                let rank: u8 = digits.parse().ok()?;
                let sq = Square::new(file as u8, rank.checked_sub(1)?);
                self.contains(sq).then_some(sq)
            }
        }
    }

    /// The cell names found in a free text (a move text, a verdict's
    /// reason), in order: words that are exactly a cell name, or runs of
    /// cell names glued together or separated by move punctuation
    /// (`d2xd6xb6-b1:ccw` gives d2, d6, b6, b1).
    pub fn scan(self, text: &str) -> Vec<Square> {
        let b = text.as_bytes();
        let mut found = Vec::new();
        let mut i = 0;
        while i < b.len() {
            // A name starts a word, follows a digit (`e2e4`), or follows
            // one letter after a digit (`d2xd6`), never inside a word.
            let starts =
                i == 0 || !b[i - 1].is_ascii_alphabetic() || (i >= 2 && b[i - 2].is_ascii_digit());
            if starts && b[i].is_ascii_lowercase() {
                let mut hit = None;
                for len in [3, 2] {
                    if let Some(name) = text.get(i..i + len) {
                        let next = b.get(i + len).copied().unwrap_or(b' ');
                        if !next.is_ascii_digit() {
                            if let Some(sq) = self.parse(name) {
                                hit = Some((sq, len));
                                break;
                            }
                        }
                    }
                }
                if let Some((sq, len)) = hit {
                    let next = b.get(i + len).copied().unwrap_or(b' ');
                    // `e2e4` glues names; `side2` is not a name.
                    if !next.is_ascii_alphabetic() || next.is_ascii_lowercase() {
                        found.push(sq);
                        i += len;
                        continue;
                    }
                }
            }
            i += 1;
        }
        found
    }
}

/// One piece as drawn: its letter and side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The game's letter for the piece (drawn upper case on a round token);
    /// `None` draws a plain disc (a draughts man).
    pub letter: Option<char>,
    /// The side it belongs to.
    pub color: Color,
}

impl Piece {
    /// A lettered piece.
    pub const fn new(letter: char, color: Color) -> Piece {
        Piece {
            letter: Some(letter),
            color,
        }
    }
    /// A plain disc (a draughts man).
    pub const fn disc(color: Color) -> Piece {
        Piece {
            letter: None,
            color,
        }
    }
    /// A FEN-style letter: upper case White, lower case Black.
    pub fn from_fen(c: char) -> Piece {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Piece::new(c.to_ascii_uppercase(), color)
    }
}

/// The pieces on one cell, bottom to top (one piece for an ordinary
/// square; a Crazy Chess rook stack lists its contents in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Where it stands.
    pub square: Square,
    /// Bottom first; the last one is on top. Never empty.
    pub stack: Vec<Piece>,
}

/// Something a cell carries besides pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Marker {
    /// A spring (SCA-2).
    Spring,
    /// A trampoline of this side (HOP).
    Trampoline(Color),
    /// The bishop here has risen (CRZ).
    Risen,
    /// The boss here has this many hit points left (CWB).
    HitPoints(u8),
    /// The piece here is crowned (a draughts king, ENG-1; a crowned
    /// piece or boss, CWB-6): a crown over the token.
    Crowned,
    /// The king here is in check.
    Check,
    /// A short free text in the cell's corner (anything else a game wants
    /// to show; keep it to a few characters).
    Label(String),
}

/// A [`Marker`] on a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareMarker {
    /// The square marked.
    pub square: Square,
    /// What marks it.
    pub marker: Marker,
}

/// A line of the side panel: the state that is not on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The side to move.
    ToMove(Color),
    /// Castling rights in FEN form (`KQkq`, `-`).
    Castling(String),
    /// The en passant target cell.
    EnPassant(Square),
    /// Pieces in hand of one side (drops), in the order they are listed.
    Reserve {
        /// Whose reserve.
        color: Color,
        /// What is in it.
        pieces: Vec<Piece>,
    },
    /// The current form of one side's king (SCA-8: king, knight, alibaba;
    /// a pending choice as the game words it).
    KingForm {
        /// Whose king.
        color: Color,
        /// Its forms, as the position text writes them.
        form: String,
    },
    /// The denial state (DEN), as the game words it.
    Denial(String),
    /// Anything else, one short line (move counters, hit points in hand).
    Note(String),
}

/// How a leg of a move travels; the renderer draws each kind its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LegKind {
    /// Along a line through the cells between (rook, bishop, queen, king,
    /// pawn; a king's double step; a bounce leg): a straight arrow.
    Slide,
    /// Jumps to the target without passing the cells between (knight,
    /// Tails leaps): a dashed arrow.
    Leap,
    /// Over a piece to land beyond it (a hop over a trampoline's neighbour,
    /// a hop move): an arched arrow.
    Hop,
    /// One capture jump of a draughts series: an arched arrow.
    Jump,
    /// A piece entering the board from the reserve on `to` (`from == to`).
    Drop,
    /// A trampoline placed on `to`, from `from` (`from == to`: it stays).
    Place,
    /// A binding shift of a piece (CWB-9).
    Shift,
    /// A piece falling from a stack, in cascade order (CRZ-R4): `from ==
    /// to`, the stack's cell; several on one cell are drawn side by side.
    Cascade,
    /// A capture at a distance, the capturer not moving (a Crazy Chess
    /// queen's all-round capture or revenge, CRZ-Q1/Q2): a thin arrow from
    /// the capturer's cell to the piece taken.
    Strike,
    /// Two pieces change places (a Crazy Chess pawn's disguise, CRZ-P4/P5):
    /// an arrow with a head at both ends, `from` the pawn's cell.
    Swap,
}

/// One leg of a move: one arrow, numbered by its place in
/// [`MoveDrawing::legs`] (1, 2, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    /// Where the leg starts.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
    /// How it is drawn.
    pub kind: LegKind,
    /// Cells the arrow passes through on the way, in order (a Crazy Chess
    /// knight's corner: the L-path).
    pub via: Vec<Square>,
    /// The leg starts by turning at `from` with this rotation (a bounce,
    /// SCA-4.1): drawn as a small turning arrow around `from`.
    pub turn: Option<Rotation>,
    /// The leg is taken back (a denied move, DEN-2): drawn faded and
    /// crossed out.
    pub crossed: bool,
}

impl Leg {
    /// A leg of `kind` without turn or corner.
    pub fn new(kind: LegKind, from: Square, to: Square) -> Leg {
        Leg {
            from,
            to,
            kind,
            via: Vec::new(),
            turn: None,
            crossed: false,
        }
    }
    /// A slide along a line.
    pub fn slide(from: Square, to: Square) -> Leg {
        Leg::new(LegKind::Slide, from, to)
    }
    /// A leap (no cells between).
    pub fn leap(from: Square, to: Square) -> Leg {
        Leg::new(LegKind::Leap, from, to)
    }
    /// A straight slide on a rank, file or diagonal, a leap otherwise.
    pub fn straight_or_leap(from: Square, to: Square) -> Leg {
        let df = to.file() as i32 - from.file() as i32;
        let dr = to.rank() as i32 - from.rank() as i32;
        if df == 0 || dr == 0 || df.abs() == dr.abs() {
            Leg::slide(from, to)
        } else {
            Leg::leap(from, to)
        }
    }
    /// The leg bends at `sq` (a knight's L).
    pub fn via(mut self, sq: Square) -> Leg {
        self.via.push(sq);
        self
    }
    /// The leg turns after a bounce with rotation `r`.
    pub fn turning(mut self, r: Rotation) -> Leg {
        self.turn = Some(r);
        self
    }
    /// The leg crossed out (taken back).
    pub fn crossed(mut self) -> Leg {
        self.crossed = true;
        self
    }
}

/// What a move does to a cell, drawn over the cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveMark {
    /// A piece is captured (removed) here.
    Captured,
    /// A piece is hit here but stays (a boss loses a hit point, CWB).
    Hit,
    /// The piece ending here promotes to this piece.
    Promoted(Piece),
    /// This piece is dropped here from the reserve.
    Dropped(Piece),
    /// An illegal move breaks here (the verdict's rule is in the title).
    Breaks,
    /// A short free text next to the cell.
    Label(String),
}

/// A [`MoveMark`] on a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkedSquare {
    /// The square.
    pub square: Square,
    /// What happens there.
    pub mark: MoveMark,
}

/// How one move is drawn: legs numbered in order, marked cells, and notes
/// for the side panel (decisions with no cell, such as `deny`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveDrawing {
    /// The legs, numbered in order.
    pub legs: Vec<Leg>,
    /// Marked squares (captures, promotions, drops, breaks).
    pub marks: Vec<MarkedSquare>,
    /// Lines for the side panel.
    pub notes: Vec<String>,
}

impl MoveDrawing {
    /// Adds a leg.
    pub fn leg(mut self, leg: Leg) -> MoveDrawing {
        self.legs.push(leg);
        self
    }
    /// Marks a square.
    pub fn mark(mut self, square: Square, mark: MoveMark) -> MoveDrawing {
        self.marks.push(MarkedSquare { square, mark });
        self
    }
    /// Adds a note.
    pub fn note(mut self, text: impl Into<String>) -> MoveDrawing {
        self.notes.push(text.into());
        self
    }
    /// Whether `square` carries `mark`.
    pub fn has_mark(&self, square: Square, mark: &MoveMark) -> bool {
        self.marks
            .iter()
            .any(|m| m.square == square && m.mark == *mark)
    }

    /// The generic drawing of an illegal move text, the default of
    /// [`crate::core::Draw::draw_illegal`]: the cells named in `text` as
    /// consecutive legs (what the move attempts), and [`MoveMark::Breaks`]
    /// on the cell where it breaks: the first cell of this board that the
    /// verdict's reason names, else the last cell of the text.
    pub fn attempted(geometry: Geometry, text: &str, verdict: &Verdict) -> MoveDrawing {
        let cells = geometry.scan(text);
        let mut d = MoveDrawing::default();
        for w in cells.windows(2) {
            d = d.leg(Leg::straight_or_leap(w[0], w[1]));
        }
        let at = geometry
            .scan(&verdict.reason)
            .first()
            .copied()
            .or(cells.last().copied());
        if let Some(sq) = at {
            d = d.mark(sq, MoveMark::Breaks);
        }
        d
    }
}

/// The picture of a position: the board, what stands on it and the side
/// panel. Built by [`crate::core::Draw::diagram`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The board.
    pub geometry: Geometry,
    /// At most one placement per cell.
    pub pieces: Vec<Placement>,
    /// Square markers (springs, trampolines, ...).
    pub markers: Vec<SquareMarker>,
    /// Side-panel lines, in order.
    pub facts: Vec<Fact>,
}

impl Diagram {
    /// An empty board.
    pub fn new(geometry: Geometry) -> Diagram {
        Diagram {
            geometry,
            pieces: Vec::new(),
            markers: Vec::new(),
            facts: Vec::new(),
        }
    }
    /// Puts one piece on `square` (replacing what was there).
    pub fn put(self, square: Square, piece: Piece) -> Diagram {
        self.stack(square, vec![piece])
    }
    /// Puts a stack on `square`, bottom first (replacing what was there;
    /// an empty stack clears the cell).
    pub fn stack(mut self, square: Square, stack: Vec<Piece>) -> Diagram {
        self.pieces.retain(|p| p.square != square);
        if !stack.is_empty() {
            self.pieces.push(Placement { square, stack });
        }
        self
    }
    /// Adds a square marker.
    pub fn marker(mut self, square: Square, marker: Marker) -> Diagram {
        self.markers.push(SquareMarker { square, marker });
        self
    }
    /// Adds a side-panel fact.
    pub fn fact(mut self, fact: Fact) -> Diagram {
        self.facts.push(fact);
        self
    }
    /// The pieces on `square`, bottom first (empty slice for an empty cell).
    pub fn at(&self, square: Square) -> &[Piece] {
        self.pieces
            .iter()
            .find(|p| p.square == square)
            .map_or(&[], |p| p.stack.as_slice())
    }
    /// The top piece on `square`.
    pub fn top(&self, square: Square) -> Option<Piece> {
        self.at(square).last().copied()
    }
}

/// The title line of a picture: the verdict and the rule IDs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Title {
    /// `Some(true)` legal, `Some(false)` illegal, `None` no verdict (a
    /// picture of a position or of a piece's moves).
    pub legal: Option<bool>,
    /// The title line.
    pub text: String,
}

impl Title {
    /// `legal: e2e4 [FIDE-1]: a legal move` (the words of `explain`).
    pub fn of_verdict(v: &Verdict) -> Title {
        let rules = if v.rules.is_empty() {
            String::new()
        } else {
            format!(" [{}]", v.rules.join(", "))
        };
        let verdict = if v.legal { "legal" } else { "illegal" };
        Title {
            legal: Some(v.legal),
            text: format!("{verdict}: {}{rules}: {}", v.text, v.reason),
        }
    }
    /// A title without a verdict.
    pub fn plain(text: impl Into<String>) -> Title {
        Title {
            legal: None,
            text: text.into(),
        }
    }
}

/// Everything one picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The title.
    pub title: Title,
    /// The position.
    pub diagram: Diagram,
    /// The moves drawn over the position. With one move its legs are
    /// numbered; with several (every move of one piece) they are drawn
    /// without numbers.
    pub moves: Vec<MoveDrawing>,
    /// Where a breaking rule is shown in the side panel (illegal moves).
    pub breaks: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn hex_board_has_91_cells_named_without_j() {
        let g = Geometry::Hex;
        let cells = g.cells();
        assert_eq!(cells.len(), 91);
        let names: Vec<String> = cells.iter().map(|&c| g.name(c)).collect();
        assert!(names.contains(&"f11".to_string()));
        assert!(names.contains(&"l6".to_string()));
        assert!(names.contains(&"k7".to_string()));
        assert!(!names.iter().any(|n| n.starts_with('j')));
        assert!(!names.contains(&"a7".to_string()));
        assert!(!names.contains(&"g11".to_string()));
        for &c in &cells {
            assert_eq!(g.parse(&g.name(c)), Some(c));
        }
        assert_eq!(g.parse("j1"), None);
        assert_eq!(g.parse("f12"), None);
        assert_eq!(g.parse("f0"), None);
    }

    #[test]
    fn square_board_names() {
        let g = Geometry::square(10, 8);
        assert_eq!(g.cells().len(), 80);
        assert_eq!(g.parse("j8"), Some(sq("j8")));
        assert_eq!(g.parse("k1"), None);
        assert_eq!(g.parse("a9"), None);
    }

    #[test]
    fn scan_finds_cells_in_move_texts_and_reasons() {
        let g = Geometry::square(8, 8);
        let names = |t: &str| -> Vec<String> { g.scan(t).iter().map(|s| s.to_string()).collect() };
        assert_eq!(names("d2xd6xb6-b1:ccw"), ["d2", "d6", "b6", "b1"]);
        assert_eq!(names("e2e4"), ["e2", "e4"]);
        assert_eq!(names("e7e8q"), ["e7", "e8"]);
        assert_eq!(names("no piece of the side to move on e2 (FIDE-1)"), ["e2"]);
        assert_eq!(names("castling through an attacked square (f1)"), ["f1"]);
        assert!(names("leaves own king in check").is_empty());
        assert!(names("a10 h9 side2").is_empty());
    }
}
