//! Pictures: the SVG text of a fide case as a named snapshot,
//! every picture parses as XML, PNGs render and their pixels show the
//! board, the arrows and the title; a hand-made hexagonal diagram; the
//! command line's `--svg` / `--png` / `--from` and its input errors.

use crate::common;

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

/// CAP-1: castling f1i1 on the 10×8 board, the king's leg then the rook's
/// (j1 to h1); an archbishop's knight move is drawn as a leap.
#[test]
fn capablanca_castling_svg_snapshot() {
    let g = game(
        "capablanca",
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R1A2K3R w KQkq - 0 1",
    );
    let p = explain(g.as_ref(), "f1i1");
    assert_eq!(p.title.legal, Some(true));
    assert_eq!(p.diagram.geometry, Geometry::square(10, 8));
    let legs = &p.moves[0].legs;
    assert_eq!(legs.len(), 2, "king and rook legs");
    assert_eq!((legs[0].from, legs[0].to), (sq("f1"), sq("i1")));
    assert_eq!((legs[1].from, legs[1].to), (sq("j1"), sq("h1")));
    let leap = explain(g.as_ref(), "c1d3");
    assert_eq!(leap.moves[0].legs[0].kind, LegKind::Leap);
    common::snapshot("render-capablanca-castling-f1i1", &checked_svg(&p));
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
    assert!(text.contains(
        "<title>legal: e2e4 [FIDE-1]: legal double step from the pawn&apos;s start rank</title>"
    ));
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
        "--svg /nonexistent/dir/x.svg: no folder /nonexistent/dir (create it, or add --force)",
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
        "--png /nonexistent/dir/x.png: no folder",
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

// ---------------------------------------------------------------- sonic

/// SCA-4.5, the acceptance position: rook d2 takes d6, turns
/// counterclockwise, takes b6, turns again and stops on b1.
const SONIC_D2: &str = "4k3/8/1p1p2p1/8/8/6P1/3R4/4K3 w - - 0 1 - K=K KNA=K";

/// A red cross is drawn over `s` (sampled near its bottom-right arm,
/// clear of the turns drawn here).
fn crossed(pm: &Pixmap, l: &arbiter::render::layout::Layout, s: Square) -> bool {
    let (cx, cy) = l.centre(s);
    let (r, g, b) = pixel(pm, (cx + 0.3 * l.unit - 2.0, cy + 0.3 * l.unit - 2.0));
    r > 180 && g < 90 && b < 90
}

/// A square's own colour (a1 dark).
fn plain(s: Square) -> (u8, u8, u8) {
    rgb(if (s.file() + s.rank()).is_multiple_of(2) {
        style::DARK
    } else {
        style::LIGHT
    })
}

/// A square's colour with the start/end highlight over it.
fn lit(s: Square) -> (u8, u8, u8) {
    let base = plain(s);
    let hl = rgb(style::HIGHLIGHT);
    let mix = |a: u8, b: u8| (a as f32 * 0.45 + b as f32 * 0.55).round() as u8;
    (mix(base.0, hl.0), mix(base.1, hl.1), mix(base.2, hl.2))
}

#[test]
fn sonic_rook_d2_svg_snapshot() {
    let g = game("sonic", SONIC_D2);
    let p = explain(g.as_ref(), "d2xd6xb6-b1:ccw");
    assert_eq!(p.title.legal, Some(true));
    let m = &p.moves[0];
    assert_eq!(m.legs.len(), 3);
    assert_eq!(m.legs[1].turn, Some(Rotation::Counterclockwise));
    common::snapshot("render-sonic-rook-d2-ccw", &checked_svg(&p));
}

/// The pictures' acceptance case, through the command line: the PNG shows
/// both captures, the path and the stop on b1.
#[test]
fn sonic_rook_d2_png_shows_both_captures_and_the_stop_on_b1() {
    let dir = std::env::temp_dir().join(format!("arbiter-sonic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("out.png");
    let (code, out, err) = common::arbiter(&[
        "explain",
        "--variant",
        "sonic",
        "--position",
        SONIC_D2,
        "d2xd6xb6-b1:ccw",
        "--png",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("legal: d2xd6xb6-b1:ccw"), "{out}");
    let pm = Pixmap::decode_png(&std::fs::read(&png).unwrap()).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    // The same picture as the library draws (same size, same layout).
    let g = game("sonic", SONIC_D2);
    let p = explain(g.as_ref(), "d2xd6xb6-b1:ccw");
    let l = render::board_layout(&p);
    assert_eq!(pm, pixmap(&p));
    // Both captured pawns are crossed; g6 (not taken) is not.
    assert!(crossed(&pm, &l, sq("d6")) && crossed(&pm, &l, sq("b6")));
    assert!(!crossed(&pm, &l, sq("g6")));
    // The path: up the d-file, west along rank 6, down the b-file.
    for s in ["d3", "d4", "d5", "c6", "b5", "b4", "b3", "b2"] {
        let got = pixel(&pm, l.centre(sq(s)));
        assert!(is_leg_blue(got), "{s}: {got:?}");
    }
    for s in ["e4", "c4", "a3", "f6", "g4", "c1"] {
        assert!(!is_leg_blue(pixel(&pm, l.centre(sq(s)))), "{s}");
    }
    // The stop on b1: highlighted, the arrow head on it; a1 and c1 plain.
    let (x, y) = l.outline(sq("b1"))[0];
    assert!(near(pixel(&pm, (x + 5.0, y + 5.0)), lit(sq("b1")), 3));
    let (cx, cy) = l.centre(sq("b1"));
    assert!(is_leg_blue(pixel(&pm, (cx, cy - 0.2 * l.unit))));
    for s in ["a1", "c1"] {
        let (x, y) = l.outline(sq(s))[0];
        assert!(near(pixel(&pm, (x + 5.0, y + 5.0)), plain(sq(s)), 3), "{s}");
    }
    // A turn is drawn on d6 and on b6: a leg-coloured arc counterclockwise
    // from the way in to the way out (screen angles, y down: on d6 from
    // north round to west, on b6 from west round to south).
    for (s, from) in [("d6", 200.0), ("b6", 112.0)] {
        let (cx, cy) = l.centre(sq(s));
        let r = 0.43 * l.unit;
        let hits = (0..90)
            .map(|a| (from + a as f32).to_radians())
            .map(|t| pixel(&pm, (cx + r * t.cos(), cy + r * t.sin())))
            .filter(|&c| is_leg_blue(c))
            .count();
        assert!(hits > 75, "{s}: {hits}");
    }
}

#[test]
fn sonic_springs_hits_and_the_removed_mover() {
    // Springs c6, f3: tinted; the king on f6 is hit twice, not captured.
    let g = game("sonic", "8/8/5k2/8/2R5/2p5/8/K7 w - - 0 1 c6,f3 K=K KNA=K");
    let p = explain(g.as_ref(), "c4xc6xf6xf3xc3xc6xf6xf3-a3:cw");
    let m = &p.moves[0];
    assert_eq!(m.legs.len(), 8);
    assert!(m.has_mark(sq("f6"), &MoveMark::Hit));
    assert!(!m.has_mark(sq("f6"), &MoveMark::Captured));
    assert!(m.has_mark(sq("c3"), &MoveMark::Captured));
    assert!(m.notes.iter().any(|n| n.contains("twice")));
    let svg = checked_svg(&p);
    assert!(svg.contains(style::HIT) && svg.contains(style::SPRING));
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    let spring_over = |s: Square| {
        let base = plain(s);
        let t = rgb(style::SPRING);
        let mix = |a: u8, b: u8| (a as f32 * 0.65 + b as f32 * 0.35).round() as u8;
        (mix(base.0, t.0), mix(base.1, t.1), mix(base.2, t.2))
    };
    for s in ["c6", "f3"] {
        let (x, y) = l.outline(sq(s))[1];
        let got = pixel(&pm, (x - 4.0, y + 4.0));
        assert!(near(got, spring_over(sq(s)), 4), "{s}: {got:?}");
    }
    for s in ["c5", "f4", "h8"] {
        let (x, y) = l.outline(sq(s))[1];
        assert!(
            !near(pixel(&pm, (x - 4.0, y + 4.0)), spring_over(sq(s)), 12),
            "{s}"
        );
    }
    // The rook hitting a8 would rest there: removed (SCA-9).
    let g = game("sonic", "kN6/8/8/8/8/8/8/R6K w - - 0 1 - K=K KNA=K");
    let p = explain(g.as_ref(), "a1xa8");
    assert!(p.moves[0].has_mark(sq("a8"), &MoveMark::Hit));
    assert!(p.moves[0].has_mark(sq("a8"), &MoveMark::Label("removed".into())));
    checked_svg(&p);
}

#[test]
fn sonic_illegal_moves_break_where_the_rule_bites() {
    // SCA-5: the loop closes on c6.
    let g = game(
        "sonic",
        "7k/8/8/8/2R5/8/8/K7 w - - 0 1 c3,f3,c6,f6 K=K KNA=K",
    );
    let p = explain(g.as_ref(), "c4xc6:cw");
    assert_eq!(p.title.legal, Some(false));
    assert!(p.moves[0].has_mark(sq("c6"), &MoveMark::Breaks));
    assert_eq!(p.moves[0].legs.len(), 5, "lead-in and one lap");
    assert!(p
        .breaks
        .as_deref()
        .unwrap()
        .starts_with("breaks at c6 (SCA-5)"));
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    // The loop is drawn in the illegal colour along rank 6 and file f.
    let purple = rgb(style::LEG_ILLEGAL);
    for s in ["d6", "e6", "f5", "f4", "e3", "d3"] {
        assert!(near(pixel(&pm, l.centre(sq(s))), purple, 40), "{s}");
    }
    // SCA-4.2: counterclockwise at a5 is off the board.
    let g = game("sonic", "7k/8/8/p7/8/8/8/R3K3 w - - 0 1 - K=K KNA=K");
    let p = explain(g.as_ref(), "a1xa5-a8:ccw");
    assert!(p.moves[0].has_mark(sq("a5"), &MoveMark::Breaks));
    assert!(p.moves[0].notes[0].contains("a1xa5-h5:cw"));
    checked_svg(&p);
}

/// `moves --from` for a rook with several bounce branches: every branch
/// on one board, each turn drawn.
#[test]
fn sonic_rook_with_bounce_branches_on_one_board() {
    let g = game("sonic", "8/8/5k2/8/2R5/2p5/8/K7 w - - 0 1 c6,f3 K=K KNA=K");
    let (p, texts) = render::piece_picture(g.as_ref(), "c4").unwrap();
    assert_eq!(texts.len(), 12);
    for t in [
        "c4xc6xf6xf3xc3xc6xf6xf3-a3:cw",
        "c4xc6-a6:ccw",
        "c4xc3-a3:cw",
        "c4xc3xf3xf6xc6-c1:ccw",
    ] {
        assert!(texts.iter().any(|x| x == t), "{t}");
    }
    assert_eq!(p.title.text, "12 legal moves of the white R on c4");
    let svg = checked_svg(&p);
    common::snapshot("render-sonic-rook-c4-branches", &svg);
    // Per-move labels and notes are left out of the one-board picture.
    assert!(!svg.contains("removed") && !svg.contains("bounces off"));
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    for s in [
        "c5", "b4", "g4", "d6", "e6", "f5", "f4", "e3", "d3", "b6", "b3", "c2",
    ] {
        let got = pixel(&pm, l.centre(sq(s)));
        assert!(is_leg_blue(got), "{s}: {got:?}");
    }
    for s in ["g5", "h7", "e7", "b8"] {
        assert!(!is_leg_blue(pixel(&pm, l.centre(sq(s)))), "{s}");
    }
    let dir = std::env::temp_dir().join(format!("arbiter-sonic-c4-{}", std::process::id()));
    let (code, out, err) = common::arbiter(&[
        "moves",
        "--variant",
        "sonic",
        "--position",
        "8/8/5k2/8/2R5/2p5/8/K7 w - - 0 1 c6,f3 K=K KNA=K",
        "--from",
        "c4",
        "--png",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 12);
    assert!(Pixmap::decode_png(&std::fs::read(dir.join("c4.png")).unwrap()).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sonic_boards_of_other_sizes() {
    let g = game(
        "sonic",
        "r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1",
    );
    let p = explain(g.as_ref(), "a2-a3");
    assert_eq!(p.title.legal, Some(true), "{}", p.title.text);
    let svg = checked_svg(&p);
    assert!(svg.contains("<!-- board: 100 cells -->"), "10x10");
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    assert!(is_leg_blue(pixel(
        &pm,
        (l.centre(sq("a3")).0, l.centre(sq("a3")).1 + 0.3 * l.unit)
    )));
    // j10, the far corner, is dark like a1.
    let (x, y) = l.outline(sq("j10"))[0];
    assert!(near(pixel(&pm, (x + 5.0, y + 5.0)), rgb(style::DARK), 3));
}

// ---------------------------------------------------------------- hop

/// HOP-3.1's double hop: the rook lands on White's trampoline a4, hops to
/// Black's on d4, hops on to d8; White's trampoline then goes to b2.
const HOP_DOUBLE: &str = "7k/8/8/8/8/8/7K/R7 w - - 0 20 a4 d4";

#[test]
fn hop_double_hop_svg_snapshot() {
    let g = game("hop", HOP_DOUBLE);
    let p = explain(g.as_ref(), "Ra1-a4-d4-d8@b2");
    assert_eq!(p.title.legal, Some(true));
    let kinds: Vec<LegKind> = p.moves[0].legs.iter().map(|l| l.kind).collect();
    assert_eq!(
        kinds,
        [LegKind::Slide, LegKind::Hop, LegKind::Hop, LegKind::Place]
    );
    common::snapshot("render-hop-double-hop", &checked_svg(&p));
}

#[test]
fn hop_png_shows_trampolines_hops_and_placement() {
    let g = game("hop", HOP_DOUBLE);
    let p = explain(g.as_ref(), "Ra1-a4-d4-d8@b2");
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    let u = l.unit;
    // Both pads, each in its owner's colour, left of the cell's bottom
    // middle (clear of the arrows); no pad elsewhere.
    let pad = |s: &str| {
        let (cx, cy) = l.centre(sq(s));
        pixel(&pm, (cx - 0.3 * u, cy + 0.25 * u))
    };
    assert!(
        near(pad("a4"), rgb(style::WHITE_PIECE), 3),
        "{:?}",
        pad("a4")
    );
    assert!(
        near(pad("d4"), rgb(style::BLACK_PIECE), 3),
        "{:?}",
        pad("d4")
    );
    for s in ["b4", "c4", "e4", "h4"] {
        let got = pad(s);
        assert!(
            !near(got, rgb(style::WHITE_PIECE), 20) && !near(got, rgb(style::BLACK_PIECE), 20),
            "{s}"
        );
    }
    // Leg 1 slides up the a-file.
    for s in ["a2", "a3"] {
        assert!(is_leg_blue(pixel(&pm, l.centre(sq(s)))), "{s}");
    }
    // The hops are arched: the arc's apex is on the leg colour, the
    // straight line's middle is not.
    let (a, d) = (l.centre(sq("a4")), l.centre(sq("d4")));
    let mid = ((a.0 + d.0) / 2.0, a.1);
    assert!(!is_leg_blue(pixel(&pm, (mid.0, mid.1 + 2.0))));
    assert!(is_leg_blue(pixel(&pm, (mid.0, mid.1 - 0.4 * u))));
    let (d6x, d6y) = l.centre(sq("d6"));
    assert!(is_leg_blue(pixel(&pm, (d6x - 0.4 * u, d6y))));
    assert!(!is_leg_blue(pixel(&pm, (d6x + 0.1 * u, d6y))));
    // The placement a4 → b2: a dashed line between the two cells.
    let (from, to) = (l.centre(sq("a4")), l.centre(sq("b2")));
    let dashes = (0..40)
        .map(|k| 0.2 + 0.6 * k as f32 / 40.0)
        .map(|t| (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t))
        .filter(|&pt| is_leg_blue(pixel(&pm, pt)))
        .count();
    assert!(dashes >= 20, "{dashes}");
    let svg = checked_svg(&p);
    assert!(svg.contains("hops from white&apos;s trampoline on"));
    let dashed = format!(
        "stroke-dasharray=\"{} {}\"",
        0.12 * u,
        (0.1 * u * 100.0).round() / 100.0
    );
    assert_eq!(
        svg.matches(&dashed).count(),
        1,
        "the placement only: {dashed}"
    );
}

#[test]
fn hop_illegal_turns_break_where_the_rule_bites() {
    // HOP-7 through a trampoline: castling lands the king on g1, attacked
    // once White's trampoline stands on h1.
    let g = game("hop", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 10 b1 -");
    let p = explain(g.as_ref(), "O-O@h1");
    assert!(p.moves[0].has_mark(sq("g1"), &MoveMark::Breaks), "{p:?}");
    assert_eq!(p.moves[0].legs.len(), 3, "king, rook, placement");
    assert!(p
        .breaks
        .as_deref()
        .unwrap()
        .starts_with("breaks at g1 (HOP-7)"));
    // HOP-4: long castling across the trampoline on b1.
    let p = explain(g.as_ref(), "O-O-O@c3");
    assert!(p.moves[0].has_mark(sq("b1"), &MoveMark::Breaks));
    // HOP-3.1: ending on the start square.
    let g = game("hop", HOP_DOUBLE);
    let p = explain(g.as_ref(), "Ra1-a4-a1@b2");
    assert!(p.moves[0].has_mark(sq("a1"), &MoveMark::Breaks));
    let svg = checked_svg(&p);
    assert!(svg.contains(style::LEG_ILLEGAL) && svg.contains(style::BREAKS));
    // HOP-4: a king never lands on a trampoline.
    let g = game("hop", "4k3/8/8/8/8/8/8/4K3 w - - 0 30 e2 d2");
    let p = explain(g.as_ref(), "Ke1-e2@e3");
    assert!(p.moves[0].has_mark(sq("e2"), &MoveMark::Breaks), "{p:?}");
}

#[test]
fn hop_moves_of_one_piece_collapse_the_placements() {
    let g = game("hop", HOP_DOUBLE);
    let (p, texts) = render::piece_picture(g.as_ref(), "a1").unwrap();
    // 38 piece moves of the rook, 60 placements each.
    assert_eq!(texts.len(), 38 * 60);
    let svg = checked_svg(&p);
    // Each distinct leg once: no placement legs, no notes.
    let heads = svg
        .matches(&format!("fill=\"{}\" opacity", style::LEG))
        .count();
    assert!(heads < 60, "{heads}");
    assert!(!svg.contains("trampoline moves"));
}

/// The README's picture (`docs/sonic-rook-d2.png`) is what arbiter draws
/// now: same size, and (allowing for anti-aliasing) the same pixels.
/// Regenerate it with the command in the README when the drawing changes.
#[test]
fn readme_picture_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/sonic-rook-d2.png");
    let docs = Pixmap::decode_png(&std::fs::read(path).unwrap()).unwrap();
    let g = game("sonic", SONIC_D2);
    let now = pixmap(&explain(g.as_ref(), "d2xd6xb6-b1:ccw"));
    assert_eq!((docs.width(), docs.height()), (now.width(), now.height()));
    let differ = docs
        .pixels()
        .iter()
        .zip(now.pixels())
        .filter(|(a, b)| {
            let (a, b) = (a.demultiply(), b.demultiply());
            (a.red() as i32 - b.red() as i32).abs() > 8
                || (a.green() as i32 - b.green() as i32).abs() > 8
                || (a.blue() as i32 - b.blue() as i32).abs() > 8
        })
        .count();
    assert!(
        differ * 1000 < docs.pixels().len(),
        "{differ} pixels differ: regenerate docs/sonic-rook-d2.png (README)"
    );
}

// ---------------------------------------------------------------- crazy

/// CRZ-R4's worked example: the white rook carrying a pawn takes the base
/// of the two-rook black stack; three units fall on d5 in order.
const CRAZY_CASCADE: &str = "4k3/8/8/3(rrp)4/8/8/8/3(RP)3K w - - 0 1 b";

/// The picture of a position alone (no move).
fn position_picture(g: &dyn DynGame) -> Picture {
    Picture {
        title: Title::plain("position"),
        diagram: g.diagram(),
        moves: vec![],
        breaks: None,
    }
}

#[test]
fn crazy_cascade_svg_snapshot() {
    let g = game("crazy", CRAZY_CASCADE);
    let p = explain(g.as_ref(), "d1xd5");
    assert_eq!(p.title.legal, Some(true));
    let kinds: Vec<LegKind> = p.moves[0].legs.iter().map(|l| l.kind).collect();
    assert_eq!(
        kinds,
        [
            LegKind::Slide,
            LegKind::Cascade,
            LegKind::Cascade,
            LegKind::Cascade
        ]
    );
    assert!(p.moves[0]
        .notes
        .iter()
        .any(|n| n.starts_with("leg 2: the black rook with black pawn falls on d5")));
    common::snapshot("render-crazy-cascade-d1xd5", &checked_svg(&p));
}

#[test]
fn crazy_png_shows_stacks_risen_bishops_the_path_and_the_cascade() {
    // The position: both stacks on their strips, the risen bishop's
    // chevron.
    let g = game("crazy", "4k3/8/2(b*)5/3(rrp)4/8/8/8/3(RP)3K w - - 0 1 b");
    let p = position_picture(g.as_ref());
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    let u = l.unit;
    let strip = |s: &str| {
        let (cx, cy) = l.centre(sq(s));
        pixel(&pm, (cx - 0.42 * u, cy + 0.35 * u))
    };
    for s in ["d1", "d5"] {
        assert!(near(strip(s), rgb(style::STACK_STRIP), 3), "{s}");
    }
    assert!(!near(strip("e1"), rgb(style::STACK_STRIP), 20));
    let (x, y) = l.corner(sq("c6"), 1.0, -1.0);
    assert!(near(
        pixel(&pm, (x, y - 0.066 * u + 1.0)),
        rgb(style::RISEN),
        40
    ));
    // The move: the rook's path up the d-file, d5 crossed.
    let g = game("crazy", CRAZY_CASCADE);
    let p = explain(g.as_ref(), "d1xd5");
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    for s in ["d2", "d3", "d4"] {
        assert!(is_leg_blue(pixel(&pm, l.centre(sq(s)))), "{s}");
    }
    // The cross's bottom-left arm (the move's label sits bottom right).
    let crossed_left = |s: &str| {
        let (cx, cy) = l.centre(sq(s));
        let (r, g, b) = pixel(&pm, (cx - 0.3 * l.unit + 2.0, cy + 0.3 * l.unit - 2.0));
        r > 180 && g < 90 && b < 90
    };
    assert!(crossed_left("d5"));
    assert!(!crossed_left("d1"));
}

#[test]
fn crazy_illegal_move_breaks_on_the_square_with_the_rule() {
    // CRZ-C1: the king's second step ends next to the black rook.
    let g = game("crazy", "4k3/8/8/8/8/8/r7/4K3 w - - 0 1 b");
    let p = explain(g.as_ref(), "e1e2d2");
    assert_eq!(p.title.legal, Some(false));
    assert!(p.moves[0].has_mark(sq("d2"), &MoveMark::Breaks));
    let breaks = p.breaks.as_deref().unwrap();
    assert!(breaks.starts_with("breaks at d2 (CRZ-C1"), "{breaks}");
    let svg = checked_svg(&p);
    assert!(svg.contains("breaks at d2 (CRZ-C1"));
}

// ---------------------------------------------------------------- bosses

/// CWB-8 with CWB-4: the crowned C jumps the 3-hit boss three times, with
/// e4 and c4 in between.
const BOSSES_HITS: &str = "8/8/8/8/2o[d3]o3/2(C)5/8/8 w Co";

#[test]
fn bosses_series_svg_snapshot() {
    let g = game("bosses", BOSSES_HITS);
    let p = explain(g.as_ref(), "c3xe5xe3xc5xc3xe5");
    assert_eq!(p.title.legal, Some(true));
    let m = &p.moves[0];
    assert_eq!(m.legs.len(), 5);
    assert!(m.legs.iter().all(|l| l.kind == LegKind::Jump));
    assert!(m.has_mark(sq("d4"), &MoveMark::Hit));
    assert!(p.diagram.facts.contains(&Fact::Reserve {
        color: Color::White,
        pieces: vec![Piece::new('C', Color::White)]
    }));
    let _ = pixmap(&p);
    common::snapshot(
        "render-bosses-boss-hit-twice-then-captured",
        &checked_svg(&p),
    );
}

#[test]
fn bosses_png_shows_hit_points_crowns_drops_and_shifts() {
    let g = game("bosses", BOSSES_HITS);
    let p = position_picture(g.as_ref());
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    let u = l.unit;
    // The boss's hit-point badge (top-left corner), the crown on c3.
    let badge = l.corner(sq("d4"), -1.0, -1.0);
    assert!(near(
        pixel(&pm, (badge.0 - 0.09 * u, badge.1)),
        rgb(style::HIT_POINTS),
        10
    ));
    assert!(!near(
        pixel(&pm, {
            let c = l.corner(sq("e4"), -1.0, -1.0);
            (c.0 - 0.09 * u, c.1)
        }),
        rgb(style::HIT_POINTS),
        40
    ));
    let (cx, cy) = l.centre(sq("c3"));
    assert!(near(pixel(&pm, (cx, cy - 0.23 * u)), rgb(style::CROWN), 10));
    let (ex, ey) = l.centre(sq("e4"));
    assert!(!near(
        pixel(&pm, (ex, ey - 0.23 * u)),
        rgb(style::CROWN),
        40
    ));
    // The drop and the binding shift, numbered after the drop and path.
    let g = game("bosses", "6d1/8/8/8/3[o1]4/2D5/8/8 w Dd");
    let p = explain(g.as_ref(), "c3xe5,e5>d5");
    let kinds: Vec<LegKind> = p.moves[0].legs.iter().map(|l| l.kind).collect();
    assert_eq!(kinds, [LegKind::Jump, LegKind::Shift]);
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    assert!(crossed(&pm, &l, sq("d4")));
    let g = game("bosses", "7d/8/8/8/8/8/8/O7 w DOd");
    let p = explain(g.as_ref(), "D@b2,b2-c3");
    assert_eq!(p.moves[0].legs[0].kind, LegKind::Drop);
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    // The drop arrow comes down into b2 from the cell above.
    let (bx, by) = l.centre(sq("b2"));
    assert!(is_leg_blue(pixel(&pm, (bx, by - 0.6 * l.unit))));
    // An illegal shift breaks on it, with the rule.
    let g = game("bosses", "6d1/8/8/8/3[o1]4/2D5/8/8 w Dd");
    let p = explain(g.as_ref(), "c3xe5,e5>e6");
    assert!(p
        .breaks
        .as_deref()
        .unwrap()
        .starts_with("breaks at e5 (CWB-9)"));
}

// ---------------------------------------------------------------- english

#[test]
fn english_series_svg_snapshot() {
    let g = game("english", "W:W22:B18,11");
    let p = explain(g.as_ref(), "22x15x8");
    assert_eq!(p.title.legal, Some(true));
    let m = &p.moves[0];
    assert_eq!(m.legs.len(), 2);
    assert!(m.has_mark(sq("d4"), &MoveMark::Captured));
    assert!(m.has_mark(sq("f6"), &MoveMark::Captured));
    common::snapshot("render-english-series-22x15x8", &checked_svg(&p));
}

#[test]
fn english_png_shows_the_board_numbers_jumps_and_captures() {
    let g = game("english", "W:WK10,22:B18,11");
    let p = explain(g.as_ref(), "22x15x8");
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    // 64 squares, 32 of them numbered.
    checked_svg(&p);
    assert_eq!(
        p.diagram
            .markers
            .iter()
            .filter(|m| matches!(m.marker, Marker::Label(_)))
            .count(),
        32
    );
    assert_eq!(p.diagram.geometry.cells().len(), 64);
    assert!(crossed(&pm, &l, sq("d4")));
    assert!(crossed(&pm, &l, sq("f6")));
    assert!(!crossed(&pm, &l, sq("e5")));
    // The king on 10 (d6) is crowned.
    let (cx, cy) = l.centre(sq("d6"));
    assert!(near(
        pixel(&pm, (cx, cy - 0.23 * l.unit)),
        rgb(style::CROWN),
        10
    ));
    // The jumps are arched: the middle of c3-e5's straight line (d4's
    // centre) is crossed red, not blue.
    assert!(!is_leg_blue(pixel(&pm, l.centre(sq("d4")))));
}

#[test]
fn cli_pictures_of_crazy_bosses_and_english() {
    let dir = std::env::temp_dir().join(format!("arbiter-render3-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: [(&str, &str, &str, &str); 3] = [
        ("crazy", CRAZY_CASCADE, "d1xd5", "d1"),
        ("bosses", BOSSES_HITS, "c3xe5xe3xc5xc3xe5", "c3"),
        ("english", "W:W22:B18,11", "22x15x8", "22"),
    ];
    for (variant, position, mv, from) in cases {
        let svg = dir.join(format!("{variant}.svg"));
        let png = dir.join(format!("{variant}.png"));
        let (code, out, err) = common::arbiter(&[
            "explain",
            "--variant",
            variant,
            "--position",
            position,
            mv,
            "--svg",
            svg.to_str().unwrap(),
            "--png",
            png.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{variant}: {err}");
        assert!(out.starts_with("legal"), "{variant}: {out}");
        roxmltree::Document::parse(&std::fs::read_to_string(&svg).unwrap()).unwrap();
        assert!(Pixmap::decode_png(&std::fs::read(&png).unwrap()).is_ok());
        let pieces = dir.join(format!("{variant}-moves"));
        let (code, out, err) = common::arbiter(&[
            "moves",
            "--variant",
            variant,
            "--position",
            position,
            "--from",
            from,
            "--svg",
            pieces.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{variant}: {err}");
        assert!(out.lines().any(|l| l == mv), "{variant}: {out}");
        let text = std::fs::read_to_string(pieces.join(format!("{from}.svg"))).unwrap();
        roxmltree::Document::parse(&text).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
    common::assert_input_error(
        &[
            "moves",
            "--variant",
            "english",
            "--from",
            "33",
            "--svg",
            "/tmp",
        ],
        "unknown square '33'",
    );
    common::assert_input_error(
        &[
            "explain",
            "--variant",
            "bosses",
            "c3-d4",
            "--png",
            "/nonexistent/dir/x.png",
        ],
        "--png /nonexistent/dir/x.png: no folder",
    );
    common::assert_input_error(
        &[
            "explain",
            "--variant",
            "crazy",
            "e2e4",
            "--svg",
            "/nonexistent/dir/x.svg",
        ],
        "--svg /nonexistent/dir/x.svg: no folder /nonexistent/dir (create it, or add --force)",
    );
}

/// The rook f3 of `fixtures/sonic-hex/SCA-13-rook-turns-120.yaml`.
const HEX_ROOK: &str = "1/3/5/7/4n4/11/11/8b2/5R5/11/K9k w - 0 1 -";

fn hex(name: &str) -> Square {
    Geometry::Hex.parse(name).unwrap()
}

/// Counts the hexagonal cells of a picture's SVG (board polygons in the
/// three board shades).
fn hex_cells(svg: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let shades = [style::LIGHT, style::MIDDLE, style::DARK_HEX];
    doc.descendants()
        .filter(|n| n.has_tag_name("polygon"))
        .filter(|n| shades.contains(&n.attribute("fill").unwrap_or("")))
        .count()
}

#[test]
fn glinski_svg_snapshot() {
    // GLN-1: the pawn d5 takes en passant on e6; the pawn e5 is marked.
    let g = game("glinski", "1/1k1/5/7/pp5p1/11/3Pp6/6P4/2K8/11/R10 w e6 0 1");
    let p = explain(g.as_ref(), "d5e6");
    assert_eq!(p.title.legal, Some(true));
    assert_eq!(p.diagram.geometry, Geometry::Hex);
    let m = &p.moves[0];
    assert_eq!((m.legs[0].from, m.legs[0].to), (hex("d5"), hex("e6")));
    assert!(m
        .marks
        .iter()
        .any(|k| k.square == hex("e5") && k.mark == MoveMark::Captured));
    let svg = checked_svg(&p);
    assert_eq!(hex_cells(&svg), 91);
    common::snapshot("render-glinski-en-passant-d5e6", &svg);
}

#[test]
fn mccooey_svg_snapshot() {
    // MCC-1: the pawn f6 takes en passant on g7 (its forward diagonal);
    // the pawn g6 is marked.
    let g = game(
        "mccooey",
        "b/qbk/rnbnr/pppp2p/6p2/5Pp4/11/11/4PBP4/3PNBNP3/2PRQBKRP2 w g7 0 3",
    );
    let p = explain(g.as_ref(), "f6g7");
    assert_eq!(p.title.legal, Some(true));
    assert_eq!(p.diagram.geometry, Geometry::Hex);
    let m = &p.moves[0];
    assert_eq!((m.legs[0].from, m.legs[0].to), (hex("f6"), hex("g7")));
    assert!(m
        .marks
        .iter()
        .any(|k| k.square == hex("g6") && k.mark == MoveMark::Captured));
    let svg = checked_svg(&p);
    assert_eq!(hex_cells(&svg), 91);
    common::snapshot("render-mccooey-en-passant-f6g7", &svg);
}

#[test]
fn shafran_svg_snapshot() {
    // SHF-1: White castles long with the i5 rook (Kh4, Rg3): two legs on
    // Shafran's 70 cells.
    let g = game("shafran", "k4/6/7/8/9/8R/8/7/6/R3K w AI - 0 1");
    let p = explain(g.as_ref(), "e1h4");
    assert_eq!(p.title.legal, Some(true));
    assert_eq!(p.diagram.geometry, Geometry::HexShafran);
    let s = |n: &str| Geometry::HexShafran.parse(n).unwrap();
    let legs: Vec<(Square, Square)> = p.moves[0].legs.iter().map(|l| (l.from, l.to)).collect();
    assert_eq!(legs, [(s("e1"), s("h4")), (s("i5"), s("g3"))]);
    assert_eq!(Geometry::HexShafran.cells().len(), 70);
    assert_eq!(Geometry::HexShafran.parse("f1"), None);
    let svg = checked_svg(&p);
    assert_eq!(hex_cells(&svg), 70);
    common::snapshot("render-shafran-castling-e1h4", &svg);
}

#[test]
fn sonic_hex_svg_snapshot() {
    // SCA-13: up the f file, 120° clockwise at f7 and again at i4.
    let g = game("sonic-hex", HEX_ROOK);
    let p = explain(g.as_ref(), "f3xf7xi4-c1:cw");
    assert_eq!(p.title.legal, Some(true));
    let m = &p.moves[0];
    let legs: Vec<(Square, Square, Option<Rotation>)> =
        m.legs.iter().map(|l| (l.from, l.to, l.turn)).collect();
    assert_eq!(
        legs,
        vec![
            (hex("f3"), hex("f7"), None),
            (hex("f7"), hex("i4"), Some(Rotation::Clockwise)),
            (hex("i4"), hex("c1"), Some(Rotation::Clockwise)),
        ]
    );
    let svg = checked_svg(&p);
    assert_eq!(hex_cells(&svg), 91);
    common::snapshot("render-sonic-hex-rook-f3-cw", &svg);
}

/// The PNG of a sonic-hex move: 91 cells in three shades, the path of the
/// rook in the arrow colour, both captured pieces crossed, springs drawn.
#[test]
fn sonic_hex_png_shows_91_cells_the_path_and_the_captures() {
    let g = game("sonic-hex", HEX_ROOK);
    let p = explain(g.as_ref(), "f3xf7xi4-c1:cw");
    let pm = pixmap(&p);
    let l = render::board_layout(&p);
    let shades = [style::LIGHT, style::MIDDLE, style::DARK_HEX];
    let cells = Geometry::Hex.cells();
    assert_eq!(cells.len(), 91);
    // Every cell off the path shows its board shade a third of the way to
    // its left vertex.
    let path = [
        "f3", "f4", "f5", "f6", "f7", "g6", "h5", "i4", "h4", "g4", "f4", "e3", "d2", "c1",
    ];
    let busy: Vec<Square> = path
        .iter()
        .map(|n| hex(n))
        .chain(p.diagram.pieces.iter().map(|x| x.square))
        .collect();
    let mut plain = 0;
    for &s in &cells {
        if busy.contains(&s) {
            continue;
        }
        let (cx, cy) = l.centre(s);
        if near(
            pixel(&pm, (cx - 0.3 * l.unit, cy)),
            rgb(shades[l.shade(s)]),
            3,
        ) {
            plain += 1;
        }
    }
    assert!(plain >= 60, "{plain} plain cells");
    for n in ["f4", "f5", "f6", "g6", "h5", "h4", "g4", "e3", "d2"] {
        let got = pixel(&pm, l.centre(hex(n)));
        assert!(is_leg_blue(got), "{n}: {got:?}");
    }
    for n in ["e5", "g3", "k3", "i6"] {
        assert!(!is_leg_blue(pixel(&pm, l.centre(hex(n)))), "{n}");
    }
    // The captured knight f7 and bishop i4 are crossed in red; the cells
    // the rook only passes are not.
    for n in ["f7", "i4"] {
        assert!(red_pixels(&pm, &l, hex(n)) > 40, "{n}");
    }
    for n in ["f5", "h5", "e3"] {
        assert_eq!(red_pixels(&pm, &l, hex(n)), 0, "{n}");
    }
    // The springs of a position are drawn on their cells.
    let g = game(
        "sonic-hex",
        "1/3/5/7/9/5R5/11/11/K9k/11/11 w - 0 1 f5,h5,f7",
    );
    let d = g.diagram();
    let springs: Vec<Square> = d
        .markers
        .iter()
        .filter(|m| m.marker == Marker::Spring)
        .map(|m| m.square)
        .collect();
    assert_eq!(springs.len(), 3);
    for n in ["f5", "h5", "f7"] {
        assert!(springs.contains(&hex(n)), "{n}");
    }
}

/// Red (capture-cross) pixels within 0.4 units of a cell's centre.
fn red_pixels(pm: &Pixmap, l: &arbiter::render::layout::Layout, s: Square) -> usize {
    let (cx, cy) = l.centre(s);
    let r = 0.4 * l.unit;
    let mut n = 0;
    for dx in -(r as i32)..=(r as i32) {
        for dy in -(r as i32)..=(r as i32) {
            let (x, y) = (cx + dx as f32, cy + dy as f32);
            let (rd, g, b) = pixel(pm, (x, y));
            if rd > 180 && g < 90 && b < 90 {
                n += 1;
            }
        }
    }
    n
}

/// `moves --from` names a hexagonal cell in the picture convention.
#[test]
fn sonic_hex_moves_from_writes_one_board() {
    let dir = std::env::temp_dir().join(format!("arbiter-hex-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (code, out, err) = common::arbiter(&[
        "moves",
        "--variant",
        "sonic-hex",
        "--position",
        HEX_ROOK,
        "--from",
        "f3",
        "--svg",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 21, "{out}");
    assert!(out.lines().any(|l| l == "f3xf7xi4-c1:cw"), "{out}");
    let svg = std::fs::read_to_string(dir.join("f3.svg")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(hex_cells(&svg), 91);
}

/// SCA-13.1: on Shafran's board the picture draws its 70 cells with their
/// own names (`Geometry::HexShafran`): the bishop c1 takes g9, turns 120°
/// clockwise and stops on i7 at the board's edge.
#[test]
fn sonic_hex_shafran_svg_snapshot() {
    let options = ["board=shafran".to_string()];
    let g = variants::setup(&Setup {
        variant: "sonic-hex",
        options: &options,
        ..Default::default()
    })
    .unwrap();
    let p = explain(g.as_ref(), "c1xg9-i7:cw");
    assert_eq!(p.title.legal, Some(true));
    assert_eq!(p.diagram.geometry, Geometry::HexShafran);
    let s = |n: &str| Geometry::HexShafran.parse(n).unwrap();
    let legs: Vec<(Square, Square)> = p.moves[0].legs.iter().map(|l| (l.from, l.to)).collect();
    assert_eq!(legs, vec![(s("c1"), s("g9")), (s("g9"), s("i7"))]);
    let svg = checked_svg(&p);
    assert_eq!(hex_cells(&svg), 70);
    common::snapshot("render-sonic-hex-shafran-bishop-c1-cw", &svg);
}

/// SCA-13.1: a Shafran castling is drawn as the king's leg then the rook's.
#[test]
fn sonic_hex_shafran_castling_legs() {
    let options = ["board=shafran".to_string()];
    let g = variants::setup(&Setup {
        variant: "sonic-hex",
        options: &options,
        position: Some("k3r/1ppppp/1p5/1p6/rp6P/p6PR/6P1/5P1/PPPPP1/R3K w AIai - 0 1 d1,f2,f6,g6"),
        ..Default::default()
    })
    .unwrap();
    let p = explain(g.as_ref(), "e1-g3");
    assert_eq!(p.title.legal, Some(true));
    let s = |n: &str| Geometry::HexShafran.parse(n).unwrap();
    let legs: Vec<(Square, Square)> = p.moves[0].legs.iter().map(|l| (l.from, l.to)).collect();
    assert_eq!(legs, vec![(s("e1"), s("g3")), (s("i5"), s("f2"))]);
}
