//! Pictures (issue 14): the SVG text of a fide case as a named snapshot,
//! every picture parses as XML, PNGs render and their pixels show the
//! board, the arrows and the title; a hand-made hexagonal diagram; the
//! command line's `--svg` / `--png` / `--from` and its input errors.

mod common;

use arbiter::core::diagram::{
    Diagram, Fact, Geometry, Leg, LegKind, Marker, MoveDrawing, MoveMark, Picture, Piece, Title,
};
use arbiter::core::{Color, DynGame, Rotation, Square};
use arbiter::render::{self, style};
use arbiter::variants::{self, Setup};
use resvg::tiny_skia::Pixmap;

fn game(variant: &str, position: &str) -> Box<dyn DynGame> {
    variants::setup(&Setup {
        variant,
        position: Some(position),
        ..Default::default()
    })
    .unwrap()
}

fn explain(g: &dyn DynGame, mv: &str) -> Picture {
    let v = g.explain(mv).unwrap();
    render::explain_picture(g, mv, &v).unwrap()
}

/// Parses the SVG as XML and returns its text.
fn checked_svg(p: &Picture) -> String {
    let text = render::svg(p);
    let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    text
}

fn rgb(hex: &str) -> (u8, u8, u8) {
    let v = u32::from_str_radix(&hex[1..], 16).unwrap();
    ((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

/// Renders to PNG; with `ARBITER_PICTURES=DIR` set, also saves the PNG
/// there (to look at what the tests draw).
fn pixmap(p: &Picture) -> Pixmap {
    let bytes = render::png(&render::svg(p)).unwrap();
    if let Some(dir) = std::env::var_os("ARBITER_PICTURES") {
        let name: String = p
            .title
            .text
            .chars()
            .take(40)
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        std::fs::write(
            std::path::Path::new(&dir).join(format!("{name}.png")),
            &bytes,
        )
        .unwrap();
    }
    assert_eq!(&bytes[1..4], b"PNG");
    Pixmap::decode_png(&bytes).unwrap()
}

fn pixel(pm: &Pixmap, (x, y): (f32, f32)) -> (u8, u8, u8) {
    let c = pm.pixel(x as u32, y as u32).unwrap().demultiply();
    (c.red(), c.green(), c.blue())
}

fn near(a: (u8, u8, u8), b: (u8, u8, u8), tol: i32) -> bool {
    (a.0 as i32 - b.0 as i32).abs() <= tol
        && (a.1 as i32 - b.1 as i32).abs() <= tol
        && (a.2 as i32 - b.2 as i32).abs() <= tol
}

/// The arrow colour of a legal move (drawn at 90 % opacity over the board).
fn is_leg_blue((r, g, b): (u8, u8, u8)) -> bool {
    b as i32 > r as i32 + 80 && b as i32 > g as i32 + 40
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

#[test]
fn fide_castling_svg_snapshot() {
    let g = game("fide", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let p = explain(g.as_ref(), "e1g1");
    assert_eq!(p.moves[0].legs.len(), 2, "king and rook legs");
    common::snapshot("render-fide-castling-e1g1", &checked_svg(&p));
}

#[test]
fn fide_png_shows_board_arrow_and_title() {
    let g = game("fide", "4k3/8/3p4/8/8/8/3R4/4K3 w - - 0 1");
    let p = explain(g.as_ref(), "d2d6");
    assert_eq!(p.title.legal, Some(true));
    assert!(p.title.text.contains("[FIDE-1]"));
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    // 64 squares, a1 dark, alternating: sampled near each square's corner
    // (away from tokens and arrows).
    let (light, dark) = (rgb(style::LIGHT), rgb(style::DARK));
    let cells = Geometry::square(8, 8).cells();
    assert_eq!(cells.len(), 64);
    let lit = rgb(style::HIGHLIGHT);
    for &s in &cells {
        let (x, y) = l.outline(s)[0];
        let got = pixel(&pm, (x + 5.0, y + 5.0));
        let mut want = if (s.file() + s.rank()) % 2 == 0 {
            dark
        } else {
            light
        };
        if s == sq("d2") || s == sq("d6") {
            // Start and end are highlighted (55 % over the square).
            let mix = |a: u8, b: u8| (a as f32 * 0.45 + b as f32 * 0.55).round() as u8;
            want = (mix(want.0, lit.0), mix(want.1, lit.1), mix(want.2, lit.2));
        }
        assert!(near(got, want, 3), "{s}: {got:?} want {want:?}");
    }
    // Nothing of the board beyond file h or rank 8.
    let (x, y) = l.outline(sq("h8"))[1];
    assert!(near(pixel(&pm, (x + 6.0, y + 5.0)), (255, 255, 255), 2));
    assert!(near(pixel(&pm, (x - 5.0, y - 6.0)), (255, 255, 255), 2));
    // The arrow runs over d3, d4, d5; not over c4 or e4.
    for s in ["d3", "d4", "d5"] {
        let got = pixel(&pm, l.centre(sq(s)));
        assert!(is_leg_blue(got), "{s}: {got:?}");
    }
    for s in ["c4", "e4"] {
        assert!(!is_leg_blue(pixel(&pm, l.centre(sq(s)))), "{s}");
    }
    // The capture on d6 is a red cross over the black pawn.
    let (cx, cy) = l.centre(sq("d6"));
    let (r, gr, b) = pixel(&pm, (cx - 0.3 * l.unit + 2.0, cy - 0.3 * l.unit + 2.0));
    assert!(r > 180 && gr < 90 && b < 90, "{:?}", (r, gr, b));
    // The title is drawn: title-green pixels in the band above the board.
    let green = rgb(style::TITLE_LEGAL);
    let count = (0..l.origin.1 as u32)
        .flat_map(|y| (0..pm.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| near(pixel(&pm, (x as f32, y as f32)), green, 40))
        .count();
    assert!(count > 200, "title pixels: {count}");
}

#[test]
fn fide_special_moves_are_drawn() {
    // En passant: the pawn taken on d5 is crossed, the landing cell is not.
    let g = game("fide", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let p = explain(g.as_ref(), "e5d6");
    assert!(p.moves[0].has_mark(sq("d5"), &MoveMark::Captured));
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    let (cx, cy) = l.centre(sq("d5"));
    let (r, _, b) = pixel(&pm, (cx - 0.3 * l.unit + 2.0, cy - 0.3 * l.unit + 2.0));
    assert!(r > 180 && b < 90);
    // Promotion: a badge with the new piece.
    let g = game("fide", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let p = explain(g.as_ref(), "a7a8n");
    assert!(p.moves[0]
        .marks
        .iter()
        .any(|m| m.mark == MoveMark::Promoted(Piece::new('N', Color::White))));
    let svg = checked_svg(&p);
    assert!(svg.contains(style::PROMOTED));
}

#[test]
fn illegal_move_shows_where_it_breaks() {
    let g = game(
        "fide",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let p = explain(g.as_ref(), "e2e5");
    assert_eq!(p.title.legal, Some(false));
    assert!(p.title.text.starts_with("illegal: e2e5 [FIDE-1]"));
    assert!(p.moves[0].has_mark(sq("e5"), &MoveMark::Breaks));
    assert!(p
        .breaks
        .as_deref()
        .unwrap()
        .starts_with("breaks at e5 (FIDE-1)"));
    let svg = checked_svg(&p);
    assert!(svg.contains(style::LEG_ILLEGAL) && svg.contains(style::BREAKS));
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    // The break outline lies on e5's edge.
    let (x, y) = l.outline(sq("e5"))[0];
    let (r, gr, b) = pixel(&pm, (x + l.unit / 2.0, y + 1.0));
    assert!(r > 150 && gr < 80 && b < 80, "{:?}", (r, gr, b));
    // Castling through an attacked cell breaks on that cell.
    let g = game("fide", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1");
    let p = explain(g.as_ref(), "e1g1");
    assert!(p.moves[0].has_mark(sq("f1"), &MoveMark::Breaks), "{p:?}");
    assert_eq!(p.moves[0].legs.len(), 2);
}

#[test]
fn every_move_of_one_piece_on_one_board() {
    let g = game("fide", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let (p, texts) = render::piece_picture(g.as_ref(), "e1").unwrap();
    assert_eq!(
        texts,
        ["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"]
    );
    assert_eq!(p.moves.len(), 7);
    assert_eq!(p.title.text, "7 legal moves of the white K on e1");
    let svg = checked_svg(&p);
    // One arrow head per distinct king leg; castling's rook legs left out.
    let heads = svg
        .matches(&format!("fill=\"{}\" opacity", style::LEG))
        .count();
    assert_eq!(heads, 7, "{svg}");
    assert!(matches!(
        render::piece_picture(g.as_ref(), "i1"),
        Err(render::RenderError::UnknownSquare { .. })
    ));
}

/// A hand-made picture on Gliński's board with every marker and leg kind.
fn hex_picture() -> Picture {
    let h = Geometry::Hex;
    let c = |n: &str| h.parse(n).unwrap();
    let diagram = Diagram::new(h)
        .put(c("f1"), Piece::new('B', Color::White))
        .put(c("g1"), Piece::new('K', Color::White))
        .put(c("g10"), Piece::new('K', Color::Black))
        .put(c("f7"), Piece::new('P', Color::Black))
        .put(c("l6"), Piece::disc(Color::Black))
        .stack(
            c("k7"),
            vec![
                Piece::new('R', Color::White),
                Piece::new('P', Color::Black),
                Piece::new('N', Color::White),
            ],
        )
        .marker(c("c3"), Marker::Spring)
        .marker(c("d4"), Marker::Trampoline(Color::White))
        .marker(c("h4"), Marker::Trampoline(Color::Black))
        .marker(c("f1"), Marker::Risen)
        .marker(c("l6"), Marker::HitPoints(3))
        .marker(c("g10"), Marker::Check)
        .marker(c("a1"), Marker::Label("x2".into()))
        .fact(Fact::ToMove(Color::White))
        .fact(Fact::Reserve {
            color: Color::White,
            pieces: vec![Piece::new('Q', Color::White), Piece::disc(Color::White)],
        })
        .fact(Fact::KingForm {
            color: Color::Black,
            form: "knight".into(),
        })
        .fact(Fact::Denial("white may deny".into()));
    let mv = MoveDrawing::default()
        .leg(Leg::slide(c("f1"), c("f6")))
        .leg(Leg::slide(c("f6"), c("b4")).turning(Rotation::Clockwise))
        .leg(Leg::leap(c("b4"), c("d5")))
        .leg(Leg::new(LegKind::Hop, c("d5"), c("d7")))
        .leg(Leg::new(LegKind::Jump, c("d7"), c("f8")))
        .leg(Leg::slide(c("f8"), c("h8")).via(c("g8")))
        .leg(Leg::new(LegKind::Drop, c("e3"), c("e3")))
        .leg(Leg::new(LegKind::Place, c("d4"), c("i3")))
        .leg(Leg::new(LegKind::Place, c("h4"), c("h4")))
        .leg(Leg::new(LegKind::Shift, c("k5"), c("k4")))
        .leg(Leg::new(LegKind::Cascade, c("k7"), c("k6")))
        .mark(c("f7"), MoveMark::Captured)
        .mark(c("l6"), MoveMark::Hit)
        .mark(c("h8"), MoveMark::Promoted(Piece::new('Q', Color::White)))
        .mark(c("e3"), MoveMark::Dropped(Piece::new('B', Color::White)))
        .mark(c("b4"), MoveMark::Label("cw".into()))
        .mark(c("f6"), MoveMark::Breaks)
        .note("deny the opponent's last turn");
    Picture {
        title: Title::plain("hexagonal board: every marker and leg kind"),
        diagram,
        moves: vec![mv],
        breaks: Some("breaks at f6: a hand-made case".into()),
    }
}

#[test]
fn hexagonal_board_has_91_cells_in_three_shades() {
    let p = hex_picture();
    let svg = checked_svg(&p);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let shades = [style::LIGHT, style::MIDDLE, style::DARK_HEX];
    let cells = doc
        .descendants()
        .filter(|n| n.has_tag_name("polygon"))
        .filter(|n| shades.contains(&n.attribute("fill").unwrap_or("")))
        .count();
    assert_eq!(cells, 91);
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    let busy: Vec<Square> = p
        .diagram
        .pieces
        .iter()
        .map(|x| x.square)
        .chain(p.diagram.markers.iter().map(|m| m.square))
        .chain(p.moves[0].legs.iter().flat_map(|g| [g.from, g.to]))
        .chain(p.moves[0].marks.iter().map(|m| m.square))
        .collect();
    let mut seen = [0usize; 3];
    for s in Geometry::Hex.cells() {
        // Sample a third of the way to the cell's left vertex.
        let (cx, cy) = l.centre(s);
        let at = (cx - 0.3 * l.unit, cy);
        let got = pixel(&pm, at);
        let shade = l.shade(s);
        if !busy.contains(&s) && near(got, rgb(shades[shade]), 3) {
            seen[shade] += 1;
        }
    }
    assert!(seen.iter().all(|&k| k >= 15), "{seen:?}");
    // Leg 1 runs up file f: f3..f5 are arrow-coloured at their centres.
    for n in ["f3", "f4", "f5"] {
        let got = pixel(&pm, l.centre(Geometry::Hex.parse(n).unwrap()));
        assert!(is_leg_blue(got), "{n}: {got:?}");
    }
}

/// A game without pictures (the default of `Game::diagram`).
#[derive(Clone, Hash)]
struct Blank;

impl arbiter::core::Game for Blank {
    type Move = u8;
    fn variant(&self) -> &'static str {
        "blank"
    }
    fn turn(&self) -> Color {
        Color::White
    }
    fn generate<S: arbiter::core::MoveSink<u8>>(&self, _: &mut S) {}
    fn play(&mut self, _: &u8) {}
    fn outcome(&self) -> Option<arbiter::core::Outcome> {
        Some(arbiter::core::Outcome::Draw)
    }
    fn to_text(&self) -> String {
        "blank".into()
    }
    fn to_move(&self, _: &u8) -> arbiter::core::Move {
        arbiter::core::Move::default()
    }
    fn move_text(&self, _: &u8) -> String {
        String::new()
    }
    fn check_move_syntax(&self, _: &str) -> Result<(), arbiter::core::MoveError> {
        Ok(())
    }
}

#[test]
fn a_game_without_pictures_says_so() {
    let g: &dyn DynGame = &Blank;
    let v = g.explain("a1a2").unwrap();
    let e = render::explain_picture(g, "a1a2", &v).unwrap_err();
    assert_eq!(e.to_string(), "variant blank has no pictures yet");
    assert!(render::piece_picture(g, "a1").is_err());
}

#[test]
fn cli_writes_svg_and_png() {
    let dir = std::env::temp_dir().join(format!("arbiter-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("m.svg");
    let png = dir.join("m.png");
    let (code, out, err) = common::arbiter(&[
        "explain",
        "--variant",
        "fide",
        "e2e4",
        "--svg",
        svg.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("legal: e2e4"));
    let text = std::fs::read_to_string(&svg).unwrap();
    roxmltree::Document::parse(&text).unwrap();
    assert!(text.contains("<title>legal: e2e4 [FIDE-1]: a legal move</title>"));
    let bytes = std::fs::read(&png).unwrap();
    assert!(Pixmap::decode_png(&bytes).is_ok());

    let pieces = dir.join("pieces");
    let (code, out, _) = common::arbiter(&[
        "moves",
        "--variant",
        "fide",
        "--from",
        "g1",
        "--svg",
        pieces.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "g1f3\ng1h3\n");
    assert!(pieces.join("g1.svg").exists());
    let (code, out, _) = common::arbiter(&["moves", "--variant", "fide", "--from", "b1"]);
    assert_eq!((code, out.as_str()), (0, "b1a3\nb1c3\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_picture_input_errors_exit_2() {
    common::assert_input_error(
        &[
            "explain",
            "--variant",
            "fide",
            "e2e4",
            "--svg",
            "/nonexistent/dir/x.svg",
        ],
        "cannot write picture /nonexistent/dir/x.svg",
    );
    common::assert_input_error(
        &[
            "explain",
            "--variant",
            "fide",
            "e2e4",
            "--png",
            "/nonexistent/dir/x.png",
        ],
        "cannot write picture",
    );
    common::assert_input_error(
        &[
            "moves",
            "--variant",
            "fide",
            "--from",
            "i9",
            "--svg",
            "/tmp",
        ],
        "unknown square 'i9'",
    );
    common::assert_input_error(
        &["moves", "--variant", "fide", "--from", "e9"],
        "unknown square 'e9'",
    );
    common::assert_input_error(
        &["moves", "--variant", "fide", "--svg", "/tmp"],
        "need --from SQUARE",
    );
}
