//! Where every cell of a board lies in the picture: centres, outlines,
//! shades and coordinate labels, for square boards and for Gliński's
//! hexagonal board (computed here from the cell names, independent of any
//! game's own hexagon code).

use crate::core::diagram::Geometry;
use crate::core::Square;

/// A point in picture units (1 unit = 1 PNG pixel).
pub type Point = (f32, f32);

/// Side of a square cell, in picture units.
pub const SQUARE: f32 = 56.0;
/// Circumradius of a hexagonal cell (flat top), in picture units.
pub const HEX_RADIUS: f32 = 32.0;

/// The placement of one board in the picture.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The board's shape (square board and its size, or hexagonal).
    pub geometry: Geometry,
    /// Top-left corner of the board's bounding box.
    pub origin: Point,
    /// The size unit pieces and arrows scale with: a square's side, or a
    /// hexagon's height (flat side to flat side).
    pub unit: f32,
    /// Width of the board's bounding box, in picture units.
    pub width: f32,
    /// Height of the board's bounding box, in picture units.
    pub height: f32,
}

/// `|file - 5|`: how far a hexagonal file is from the middle file `f`.
fn hex_offset(file: u8) -> f32 {
    (file as f32 - 5.0).abs()
}

impl Layout {
    /// The board `geometry` with its bounding box's top-left at `origin`.
    pub fn new(geometry: Geometry, origin: Point) -> Layout {
        match geometry {
            Geometry::Square { width, height } => Layout {
                geometry,
                origin,
                unit: SQUARE,
                width: width as f32 * SQUARE,
                height: height as f32 * SQUARE,
            },
            Geometry::Hex | Geometry::HexShafran => {
                let h = HEX_RADIUS * 3f32.sqrt();
                Layout {
                    geometry,
                    origin,
                    unit: h,
                    width: HEX_RADIUS * 17.0,
                    height: h * 11.0,
                }
            }
        }
    }

    /// The centre of a cell.
    pub fn centre(&self, sq: Square) -> Point {
        let (ox, oy) = self.origin;
        match self.geometry {
            Geometry::Square { height, .. } => (
                ox + (sq.file() as f32 + 0.5) * SQUARE,
                oy + (height as f32 - 1.0 - sq.rank() as f32 + 0.5) * SQUARE,
            ),
            Geometry::Hex | Geometry::HexShafran => {
                let sq = self.geometry.hex_cell(sq);
                let h = self.unit;
                let up = sq.rank() as f32 + hex_offset(sq.file()) / 2.0;
                (
                    ox + HEX_RADIUS + sq.file() as f32 * 1.5 * HEX_RADIUS,
                    oy + h / 2.0 + (10.0 - up) * h,
                )
            }
        }
    }

    /// The outline of a cell, clockwise on screen.
    pub fn outline(&self, sq: Square) -> Vec<Point> {
        let (cx, cy) = self.centre(sq);
        match self.geometry {
            Geometry::Square { .. } => {
                let s = SQUARE / 2.0;
                vec![
                    (cx - s, cy - s),
                    (cx + s, cy - s),
                    (cx + s, cy + s),
                    (cx - s, cy + s),
                ]
            }
            Geometry::Hex | Geometry::HexShafran => {
                let (r, h2) = (HEX_RADIUS, self.unit / 2.0);
                vec![
                    (cx - r, cy),
                    (cx - r / 2.0, cy - h2),
                    (cx + r / 2.0, cy - h2),
                    (cx + r, cy),
                    (cx + r / 2.0, cy + h2),
                    (cx - r / 2.0, cy + h2),
                ]
            }
        }
    }

    /// The shade of a cell: on a square board 0 light, 2 dark (a1 dark);
    /// on the hexagonal board 0 light, 1 middle, 2 dark, no two
    /// neighbours alike, the centre cell f6 middle.
    pub fn shade(&self, sq: Square) -> usize {
        match self.geometry {
            Geometry::Square { .. } => {
                if (sq.file() + sq.rank()).is_multiple_of(2) {
                    2
                } else {
                    0
                }
            }
            Geometry::Hex | Geometry::HexShafran => {
                let sq = self.geometry.hex_cell(sq);
                // Axial coordinates: q = file, r = half the doubled height
                // minus the file; (q - r) mod 3 three-colours the cells.
                let q = sq.file() as i32;
                let doubled = 2 * sq.rank() as i32 + (q - 5).abs() + 1;
                let r = (doubled - q) / 2;
                (q - r - 1).rem_euclid(3) as usize
            }
        }
    }

    /// A point near a corner of a cell for small symbols: `dx`, `dy` are
    /// -1 (left / top) or 1 (right / bottom).
    pub fn corner(&self, sq: Square, dx: f32, dy: f32) -> Point {
        let (cx, cy) = self.centre(sq);
        let u = self.unit;
        match self.geometry {
            Geometry::Square { .. } => (cx + dx * 0.34 * u, cy + dy * 0.34 * u),
            Geometry::Hex | Geometry::HexShafran => (cx + dx * 0.36 * u, cy + dy * 0.27 * u),
        }
    }

    /// The coordinate labels: (anchor point, text), the point being the
    /// middle of the text.
    pub fn labels(&self) -> Vec<(Point, String)> {
        let mut v = Vec::new();
        match self.geometry {
            Geometry::Square { width, height } => {
                for f in 0..width {
                    let (x, _) = self.centre(Square::new(f, 0));
                    let y = self.origin.1 + self.height + 14.0;
                    v.push(((x, y), ((b'a' + f) as char).to_string()));
                }
                for r in 0..height {
                    let (_, y) = self.centre(Square::new(0, r));
                    v.push(((self.origin.0 - 14.0, y), (r + 1).to_string()));
                }
            }
            Geometry::Hex => {
                let h = self.unit;
                for f in 0..11u8 {
                    let (x, y) = self.centre(Square::new(f, 0));
                    v.push((
                        (x, y + h / 2.0 + 12.0),
                        self.geometry.name(Square::new(f, 0))[..1].to_string(),
                    ));
                }
                for r in 0..11u8 {
                    if r < 6 {
                        let (x, y) = self.centre(Square::new(0, r));
                        v.push(((x - HEX_RADIUS - 12.0, y), (r + 1).to_string()));
                    } else {
                        let (x, y) = self.centre(Square::new(r - 5, r));
                        v.push(((x - 0.95 * HEX_RADIUS, y - 0.62 * h), (r + 1).to_string()));
                    }
                }
            }
            Geometry::HexShafran => {
                // File letters under each file's lowest cell; rank numbers
                // beside each rank's first cell (ranks run up to the right
                // along the lower left edge, then down along the upper
                // left one).
                let shape = crate::core::hex::Shape::Shafran;
                let h = self.unit;
                for f in 0..9u8 {
                    let sq = Square::new(f, shape.file_start(f));
                    let (x, y) = self.centre(sq);
                    v.push(((x, y + h / 2.0 + 12.0), ((b'a' + f) as char).to_string()));
                }
                for r in 0..10u8 {
                    let f = (0..9u8).find(|&f| shape.cell(f, r).is_some()).unwrap_or(0);
                    let (x, y) = self.centre(Square::new(f, r));
                    v.push(((x - 0.95 * HEX_RADIUS, y - 0.62 * h), (r + 1).to_string()));
                }
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_neighbours_differ_in_shade_and_f6_is_middle() {
        let l = Layout::new(Geometry::Hex, (0.0, 0.0));
        let cells = Geometry::Hex.cells();
        let f6 = Geometry::Hex.parse("f6").unwrap();
        assert_eq!(l.shade(f6), 1);
        let mut adjacent = 0;
        for &a in &cells {
            for &b in &cells {
                let (pa, pb) = (l.centre(a), l.centre(b));
                let d = ((pa.0 - pb.0).powi(2) + (pa.1 - pb.1).powi(2)).sqrt();
                if a != b && d < l.unit * 1.01 {
                    adjacent += 1;
                    assert_ne!(l.shade(a), l.shade(b), "{a:?} {b:?}");
                }
            }
        }
        // 91 cells: 6 * 91 - 6 * 11 ... counted both ways: 2 * 240 edges.
        assert_eq!(adjacent, 480);
        let bishops: Vec<usize> = ["f1", "f2", "f3"]
            .iter()
            .map(|n| l.shade(Geometry::Hex.parse(n).unwrap()))
            .collect();
        assert_eq!(bishops.len(), 3);
        assert!(bishops[0] != bishops[1] && bishops[1] != bishops[2] && bishops[0] != bishops[2]);
    }

    #[test]
    fn square_boards_have_a1_dark_at_bottom_left() {
        let l = Layout::new(Geometry::square(8, 8), (10.0, 20.0));
        let a1 = Square::new(0, 0);
        assert_eq!(l.shade(a1), 2);
        assert_eq!(l.shade(Square::new(1, 0)), 0);
        assert_eq!(l.centre(a1), (10.0 + 28.0, 20.0 + 7.5 * 56.0));
    }
}
