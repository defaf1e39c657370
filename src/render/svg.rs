//! A [`Picture`] as SVG text, written by hand (one element per line, every
//! number rounded to two decimals, so the text is stable for snapshots).
//!
//! Text is drawn with the stroke font of [`super::font`]: each character
//! used is one `<path>` in `<defs>`, placed with `<use>`, so the picture
//! needs no font at all and looks the same in every viewer and in the PNG.
//! The plain text is kept in `aria-label` attributes and the `<title>`.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::core::diagram::{
    Fact, Leg, LegKind, Marker, MoveDrawing, MoveMark, Picture, Piece, Placement,
};
use crate::core::{Color, Rotation, Square};

use super::font;
use super::layout::{Layout, Point};
use super::style::*;

/// Width of the side panel.
const PANEL: f32 = 270.0;
/// Space around everything.
const PAD: f32 = 14.0;
/// Space left of the board for rank numbers.
const LEFT: f32 = 34.0;
/// Cap height of the title text.
const TITLE_SIZE: f32 = 15.0;
const TITLE_LINE: f32 = 24.0;
/// Cap height of the panel text.
const PANEL_SIZE: f32 = 11.0;
const PANEL_LINE: f32 = 21.0;

/// Formats a number with at most two decimals and no trailing zeros.
fn n(x: f32) -> String {
    let s = format!("{:.2}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Escapes text for an XML attribute or text node.
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            c if (c as u32) < 0x20 => o.push(' '),
            c => o.push(c),
        }
    }
    o
}

fn points(ps: &[Point]) -> String {
    ps.iter()
        .map(|(x, y)| format!("{},{}", n(*x), n(*y)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// How a text run is placed relative to its point.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Anchor {
    Start,
    Middle,
}

/// The SVG being written: the body, and the glyphs it used.
struct Canvas {
    body: String,
    glyphs: BTreeSet<char>,
}

impl Canvas {
    fn new() -> Canvas {
        Canvas {
            body: String::new(),
            glyphs: BTreeSet::new(),
        }
    }
    fn line(&mut self, s: String) {
        self.body.push_str(&s);
        self.body.push('\n');
    }
    fn comment(&mut self, s: &str) {
        self.line(format!("<!-- {} -->", esc(s).replace("--", "- -")));
    }
    fn polygon(&mut self, ps: &[Point], attrs: &str) {
        self.line(format!("<polygon points=\"{}\" {attrs}/>", points(ps)));
    }
    fn circle(&mut self, (x, y): Point, r: f32, attrs: &str) {
        self.line(format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {attrs}/>",
            n(x),
            n(y),
            n(r)
        ));
    }
    fn path(&mut self, d: &str, attrs: &str) {
        self.line(format!("<path d=\"{d}\" {attrs}/>"));
    }
    fn rect(&mut self, (x, y): Point, w: f32, h: f32, attrs: &str) {
        self.line(format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {attrs}/>",
            n(x),
            n(y),
            n(w),
            n(h)
        ));
    }
    /// A run of stroke-font text; `(x, y)` is the anchor point at the
    /// middle of the capitals' height.
    fn text(&mut self, (x, y): Point, size: f32, color: &str, anchor: Anchor, text: &str) {
        if text.is_empty() {
            return;
        }
        let w = font::width(text, size);
        let x0 = match anchor {
            Anchor::Start => x,
            // Centre the ink (each glyph is 6 units wide within its advance).
            Anchor::Middle => x - (w - (font::ADVANCE - 6.0) * size / font::CAP) / 2.0,
        };
        let scale = size / font::CAP;
        let mut uses = String::new();
        for (i, c) in text.chars().enumerate() {
            let c = font::normalize(c);
            if c == ' ' {
                continue;
            }
            self.glyphs.insert(c);
            let _ = write!(
                uses,
                "<use xlink:href=\"#g{:x}\" x=\"{}\"/>",
                c as u32,
                n(i as f32 * font::ADVANCE)
            );
        }
        self.line(format!(
            "<g aria-label=\"{}\" transform=\"translate({} {}) scale({})\" fill=\"none\" stroke=\"{color}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\">{uses}</g>",
            esc(text),
            n(x0),
            n(y - size / 2.0),
            n(scale),
            n(font::PEN * if size < 12.0 { 1.2 } else { 1.0 })
        ));
    }
    fn finish(self, width: f32, height: f32, title: &str) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">",
            n(width),
            n(height),
            n(width),
            n(height)
        );
        let _ = writeln!(s, "<title>{}</title>", esc(title));
        s.push_str("<defs>\n");
        for c in &self.glyphs {
            let _ = writeln!(
                s,
                "<path id=\"g{:x}\" d=\"{}\"/>",
                *c as u32,
                font::glyph(*c)
            );
        }
        s.push_str("</defs>\n");
        let _ = writeln!(
            s,
            "<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{BACKGROUND}\"/>",
            n(width),
            n(height)
        );
        s.push_str(&self.body);
        s.push_str("</svg>\n");
        s
    }
}

/// The picture's width and its title's lines.
fn frame(p: &Picture) -> (f32, Vec<String>) {
    let board = Layout::new(p.diagram.geometry, (0.0, 0.0));
    let width = LEFT + board.width + 28.0 + PANEL + PAD;
    let chars = ((width - 2.0 * PAD) / font::width("x", TITLE_SIZE)) as usize;
    (width, font::wrap(&p.title.text, chars))
}

/// Where the board lies in the picture of `p` (cell centres and outlines
/// in picture units, which are PNG pixels).
pub fn board_layout(p: &Picture) -> Layout {
    let (_, title_lines) = frame(p);
    let top = PAD + title_lines.len() as f32 * TITLE_LINE + 8.0;
    Layout::new(p.diagram.geometry, (LEFT, top))
}

/// The SVG text of a picture.
pub fn svg(p: &Picture) -> String {
    let (width, title_lines) = frame(p);
    let layout = board_layout(p);
    let top = layout.origin.1;
    let mut c = Canvas::new();

    c.comment("title");
    let title_color = match p.title.legal {
        Some(true) => TITLE_LEGAL,
        Some(false) => TITLE_ILLEGAL,
        None => INK,
    };
    for (i, l) in title_lines.iter().enumerate() {
        let y = PAD + TITLE_LINE * i as f32 + TITLE_SIZE / 2.0 + 2.0;
        c.text((PAD, y), TITLE_SIZE, title_color, Anchor::Start, l);
    }

    draw_board(&mut c, &layout, p);
    let panel_bottom = draw_panel(&mut c, &layout, p, top);

    let height = (top + layout.height + 30.0).max(panel_bottom + PAD);
    c.finish(width, height, &p.title.text)
}

fn shade_color(shade: usize, hex: bool) -> &'static str {
    match (shade, hex) {
        (0, _) => LIGHT,
        (1, _) => MIDDLE,
        _ if hex => DARK_HEX,
        _ => DARK,
    }
}

/// The legs of the moving piece: the first leg and each later leg that
/// starts where the previous one of the chain ended (so not castling's
/// rook, a placement elsewhere or a cascade).
fn chain(legs: &[Leg]) -> Vec<&Leg> {
    let mut v: Vec<&Leg> = Vec::new();
    for leg in legs {
        if matches!(leg.kind, LegKind::Cascade | LegKind::Strike) {
            continue;
        }
        if v.last().is_none_or(|prev| prev.to == leg.from) {
            v.push(leg);
        }
    }
    v
}

/// The board, then everything on it, bottom layer first: cells and
/// labels, highlights, markers under the pieces, pieces, markers over
/// them, the moves' marks, where an illegal move breaks, and the legs.
fn draw_board(c: &mut Canvas, l: &Layout, p: &Picture) {
    draw_cells(c, l, p);
    draw_highlights(c, l, p);
    draw_markers_under(c, l, p);
    c.comment("pieces");
    for pl in &p.diagram.pieces {
        draw_placement(c, l, pl);
    }

    draw_markers_over(c, l, p);
    draw_moves(c, l, p);
}

/// Cells in their shades, and the coordinate labels.
fn draw_cells(c: &mut Canvas, l: &Layout, p: &Picture) {
    let d = &p.diagram;
    let hex = d.geometry.is_hex();
    c.comment(&format!("board: {} cells", d.geometry.cells().len()));
    for sq in d.geometry.cells() {
        let fill = shade_color(l.shade(sq), hex);
        c.polygon(
            &l.outline(sq),
            &format!(
                "fill=\"{fill}\" stroke=\"{}\" stroke-width=\"{}\"",
                if hex { CELL_EDGE } else { fill },
                if hex { "1" } else { "0.5" }
            ),
        );
    }
    for (pt, label) in l.labels() {
        c.text(pt, 10.0, INK_SOFT, Anchor::Middle, &label);
    }
}

/// Where the move starts and ends (one move), or the piece whose moves
/// are drawn.
fn draw_highlights(c: &mut Canvas, l: &Layout, p: &Picture) {
    let d = &p.diagram;
    let single = p.moves.len() == 1;
    let mut lit: Vec<Square> = Vec::new();
    if let Some(first) = p.moves.first().and_then(|m| m.legs.first()) {
        lit.push(first.from);
    }
    if single {
        if let Some(last) = chain(&p.moves[0].legs).last() {
            lit.push(last.to);
        }
    }
    lit.dedup();
    for sq in lit {
        if d.geometry.contains(sq) {
            c.polygon(
                &l.outline(sq),
                &format!("fill=\"{HIGHLIGHT}\" fill-opacity=\"0.55\""),
            );
        }
    }
}

/// Spring tint, trampoline pads and the check glow, under the pieces.
fn draw_markers_under(c: &mut Canvas, l: &Layout, p: &Picture) {
    let u = l.unit;
    c.comment("markers under the pieces");
    for m in &p.diagram.markers {
        let (cx, cy) = l.centre(m.square);
        match &m.marker {
            Marker::Spring => c.polygon(
                &l.outline(m.square),
                &format!("fill=\"{SPRING}\" fill-opacity=\"0.35\""),
            ),
            Marker::Trampoline(side) => {
                let (fill, _) = side_colors(*side);
                c.line(format!(
                    "<ellipse cx=\"{}\" cy=\"{}\" rx=\"{}\" ry=\"{}\" fill=\"{fill}\" stroke=\"{TRAMPOLINE}\" stroke-width=\"{}\"/>",
                    n(cx),
                    n(cy + 0.25 * u),
                    n(0.44 * u),
                    n(0.17 * u),
                    n(0.06 * u)
                ));
            }
            Marker::Check => c.circle(
                (cx, cy),
                0.43 * u,
                &format!(
                    "fill=\"{CHECK}\" fill-opacity=\"0.35\" stroke=\"{CHECK}\" stroke-width=\"{}\"",
                    n(0.05 * u)
                ),
            ),
            _ => {}
        }
    }
}

/// Spring coils, risen chevrons, hit-point badges and labels, over the
/// pieces.
fn draw_markers_over(c: &mut Canvas, l: &Layout, p: &Picture) {
    let u = l.unit;
    c.comment("markers over the pieces");
    for m in &p.diagram.markers {
        match &m.marker {
            Marker::Spring => {
                let (x, y) = l.corner(m.square, -1.0, 1.0);
                let s = 0.1 * u;
                let mut path = format!("M{} {}", n(x - s), n(y + s));
                for k in 1..=6 {
                    let xx = if k % 2 == 1 { x + s } else { x - s };
                    let yy = y + s - k as f32 * (2.0 * s / 6.0);
                    let _ = write!(path, "L{} {}", n(xx), n(yy));
                }
                c.path(
                    &path,
                    &format!("fill=\"none\" stroke=\"{SPRING}\" stroke-width=\"{}\" stroke-linejoin=\"round\"", n(0.04 * u)),
                );
            }
            Marker::Risen => {
                let (x, y) = l.corner(m.square, 1.0, -1.0);
                let s = 0.11 * u;
                c.path(
                    &format!(
                        "M{} {}L{} {}L{} {}",
                        n(x - s),
                        n(y + s * 0.6),
                        n(x),
                        n(y - s * 0.6),
                        n(x + s),
                        n(y + s * 0.6)
                    ),
                    &format!("fill=\"none\" stroke=\"{RISEN}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"", n(0.06 * u)),
                );
            }
            Marker::HitPoints(hp) => {
                let pt = l.corner(m.square, -1.0, -1.0);
                c.circle(
                    pt,
                    0.13 * u,
                    &format!("fill=\"{HIT_POINTS}\" stroke=\"white\" stroke-width=\"1\""),
                );
                c.text(pt, 0.14 * u, "#ffffff", Anchor::Middle, &hp.to_string());
            }
            Marker::Crowned => draw_crown(c, l, m.square),
            Marker::Label(t) => {
                let (x, y) = l.corner(m.square, 1.0, -1.0);
                let w = font::width(t, 0.15 * u) + 4.0;
                c.rect(
                    (x - w / 2.0, y - 0.11 * u),
                    w,
                    0.22 * u,
                    "fill=\"white\" fill-opacity=\"0.85\" rx=\"2\"",
                );
                c.text((x, y), 0.15 * u, INK, Anchor::Middle, t);
            }
            _ => {}
        }
    }
}

/// A crown over the top of a crowned draughts piece's token (ENG-1,
/// CWB-6): three points on a band, gold with a dark edge.
fn draw_crown(c: &mut Canvas, l: &Layout, sq: Square) {
    let u = l.unit;
    let (cx, cy) = l.centre(sq);
    let (w, h) = (0.2 * u, 0.14 * u);
    let base = cy - 0.2 * u;
    let top = base - h;
    let pts = [
        (cx - w, base),
        (cx - w, top),
        (cx - w / 2.0, base - h * 0.45),
        (cx, top - 0.03 * u),
        (cx + w / 2.0, base - h * 0.45),
        (cx + w, top),
        (cx + w, base),
    ];
    c.polygon(
        &pts,
        &format!(
            "fill=\"{CROWN}\" stroke=\"{PIECE_EDGE}\" stroke-width=\"{}\" stroke-linejoin=\"round\"",
            n((0.025 * u).max(1.0))
        ),
    );
}

/// The moves' marks, where an illegal move breaks, and the legs over them
/// (numbered for one move; for every move of one piece each distinct leg
/// once).
fn draw_moves(c: &mut Canvas, l: &Layout, p: &Picture) {
    let u = l.unit;
    let single = p.moves.len() == 1;
    let leg_color = match p.title.legal {
        Some(false) => LEG_ILLEGAL,
        _ => LEG,
    };
    if single {
        c.comment("move 1: marks");
        draw_marks(c, l, &p.moves[0]);
    } else if !p.moves.is_empty() {
        // Every move of one piece: each distinct mark once (Hop Chess
        // repeats one piece move with every placement).
        let mut all = MoveDrawing::default();
        for m in &p.moves {
            // Labels ("removed", "2 hits") belong to one move: left out.
            for mk in m
                .marks
                .iter()
                .filter(|k| !matches!(k.mark, MoveMark::Label(_)))
            {
                if !all.marks.contains(mk) {
                    all.marks.push(mk.clone());
                }
            }
        }
        c.comment("marks of every move");
        draw_marks(c, l, &all);
    }
    for (i, m) in p.moves.iter().enumerate() {
        if m.marks.iter().any(|x| x.mark == MoveMark::Breaks) {
            c.comment(&format!("move {}: where it breaks", i + 1));
        }
        for mk in &m.marks {
            if mk.mark == MoveMark::Breaks {
                c.polygon(
                    &l.outline(mk.square),
                    &format!("fill=\"none\" stroke=\"{BREAKS}\" stroke-width=\"{}\" stroke-linejoin=\"round\"", n(0.09 * u)),
                );
                let pt = l.corner(mk.square, 1.0, -1.0);
                c.circle(pt, 0.15 * u, &format!("fill=\"{BREAKS}\""));
                c.text(pt, 0.18 * u, "#ffffff", Anchor::Middle, "!");
            }
        }
    }
    if single {
        c.comment("legs, numbered in order");
        let legs = &p.moves[0].legs;
        let legs: Vec<(&Leg, Option<Point>)> = legs
            .iter()
            .enumerate()
            .map(|(i, leg)| (leg, incoming(l, &legs[..i], leg)))
            .collect();
        draw_legs(c, l, &legs, leg_color, true);
        if p.moves[0]
            .marks
            .iter()
            .any(|k| matches!(k.mark, MoveMark::Label(_)))
        {
            c.comment("labels");
            draw_labels(c, l, &p.moves[0]);
        }
    } else if !p.moves.is_empty() {
        // Every move of one piece: each move's chain of legs from the
        // piece's cell (a castling rook's leg is left out), each distinct
        // leg (with the way it was entered, for its turn) drawn once,
        // without numbers.
        let mut legs: Vec<(&Leg, Option<Point>)> = Vec::new();
        for m in &p.moves {
            let ch = chain(&m.legs);
            for (i, &leg) in ch.iter().enumerate() {
                let before: Vec<Leg> = ch[..i].iter().map(|&x| x.clone()).collect();
                let item = (leg, incoming(l, &before, leg));
                if !legs.contains(&item) {
                    legs.push(item);
                }
            }
        }
        c.comment("legs of every move");
        draw_legs(c, l, &legs, leg_color, false);
    }
}

/// (token fill, token edge and letter colour) of a side.
fn side_colors(side: Color) -> (&'static str, &'static str) {
    match side {
        Color::White => (WHITE_PIECE, BLACK_PIECE),
        Color::Black => (BLACK_PIECE, WHITE_PIECE),
    }
}

/// One piece token: a disc in the side's colour with the letter on it.
fn token(c: &mut Canvas, (x, y): Point, r: f32, piece: Piece, opacity: Option<f32>) {
    let (fill, ink) = side_colors(piece.color);
    let op = opacity.map_or(String::new(), |o| format!(" opacity=\"{}\"", n(o)));
    c.circle(
        (x, y),
        r,
        &format!(
            "fill=\"{fill}\" stroke=\"{PIECE_EDGE}\" stroke-width=\"{}\"{op}",
            n((r * 0.08).max(1.0))
        ),
    );
    match piece.letter {
        Some(l) => c.text(
            (x, y),
            r,
            ink,
            Anchor::Middle,
            &l.to_ascii_uppercase().to_string(),
        ),
        None => c.circle(
            (x, y),
            r * 0.62,
            &format!(
                "fill=\"none\" stroke=\"{ink}\" stroke-width=\"{}\"{op}",
                n((r * 0.08).max(1.0))
            ),
        ),
    }
}

fn draw_placement(c: &mut Canvas, l: &Layout, pl: &Placement) {
    let (cx, cy) = l.centre(pl.square);
    let u = l.unit;
    let Some(&top) = pl.stack.last() else {
        return;
    };
    if pl.stack.len() == 1 {
        token(c, (cx, cy), 0.36 * u, top, None);
        return;
    }
    // A stack: the top piece, and the contents bottom → top on a strip.
    token(c, (cx, cy - 0.1 * u), 0.29 * u, top, None);
    let w = 0.9 * u;
    let strip_y = cy + 0.25 * u;
    c.rect(
        (cx - w / 2.0, strip_y),
        w,
        0.21 * u,
        &format!("fill=\"{STACK_STRIP}\" rx=\"3\""),
    );
    let k = pl.stack.len() as f32;
    let size = (0.14 * u).min((w - 4.0) / (k * font::ADVANCE / font::CAP));
    let step = size * font::ADVANCE / font::CAP;
    let x0 = cx - step * k / 2.0 + step / 2.0;
    for (i, p) in pl.stack.iter().enumerate() {
        let ink = match p.color {
            Color::White => "#ffffff",
            Color::Black => "#000000",
        };
        let letter = p.letter.unwrap_or('o').to_ascii_uppercase().to_string();
        c.text(
            (x0 + i as f32 * step, strip_y + 0.105 * u),
            size,
            ink,
            Anchor::Middle,
            &letter,
        );
    }
}

fn draw_marks(c: &mut Canvas, l: &Layout, m: &MoveDrawing) {
    let u = l.unit;
    for mk in &m.marks {
        let (cx, cy) = l.centre(mk.square);
        match &mk.mark {
            MoveMark::Captured => {
                let s = 0.3 * u;
                c.path(
                    &format!(
                        "M{} {}L{} {}M{} {}L{} {}",
                        n(cx - s),
                        n(cy - s),
                        n(cx + s),
                        n(cy + s),
                        n(cx + s),
                        n(cy - s),
                        n(cx - s),
                        n(cy + s)
                    ),
                    &format!("stroke=\"{CAPTURED}\" stroke-width=\"{}\" stroke-linecap=\"round\" opacity=\"0.9\"", n(0.08 * u)),
                );
            }
            MoveMark::Hit => c.circle(
                (cx, cy),
                0.44 * u,
                &format!(
                    "fill=\"none\" stroke=\"{HIT}\" stroke-width=\"{}\" stroke-dasharray=\"{} {}\"",
                    n(0.07 * u),
                    n(0.12 * u),
                    n(0.07 * u)
                ),
            ),
            MoveMark::Promoted(p) => {
                let pt = l.corner(mk.square, 1.0, -1.0);
                c.circle(pt, 0.19 * u, &format!("fill=\"{PROMOTED}\""));
                token(c, pt, 0.15 * u, *p, None);
            }
            MoveMark::Dropped(p) => {
                token(c, (cx, cy), 0.36 * u, *p, Some(0.6));
                c.circle(
                    (cx, cy),
                    0.42 * u,
                    &format!("fill=\"none\" stroke=\"{PROMOTED}\" stroke-width=\"{}\" stroke-dasharray=\"{} {}\"", n(0.05 * u), n(0.1 * u), n(0.06 * u)),
                );
            }
            // Labels go over the legs (`draw_labels`); where a move
            // breaks is drawn after every mark, under the legs.
            MoveMark::Label(_) | MoveMark::Breaks => {}
        }
    }
}

/// A move's labels, over its legs: text on a white tag in the cell's
/// bottom-right corner.
fn draw_labels(c: &mut Canvas, l: &Layout, m: &MoveDrawing) {
    let u = l.unit;
    let mut seen: Vec<Square> = Vec::new();
    for mk in &m.marks {
        if let MoveMark::Label(t) = &mk.mark {
            // Several labels on one cell go one above the other.
            let k = seen.iter().filter(|&&s| s == mk.square).count() as f32;
            seen.push(mk.square);
            let (x, y) = l.corner(mk.square, 1.0, 1.0);
            let y = y - k * 0.25 * u;
            let w = font::width(t, 0.15 * u) + 4.0;
            c.rect(
                (x - w / 2.0, y - 0.11 * u),
                w,
                0.22 * u,
                "fill=\"white\" fill-opacity=\"0.85\" rx=\"2\"",
            );
            c.text((x, y), 0.15 * u, INK, Anchor::Middle, t);
        }
    }
}

fn sub(a: Point, b: Point) -> Point {
    (a.0 - b.0, a.1 - b.1)
}
fn len((x, y): Point) -> f32 {
    (x * x + y * y).sqrt()
}
fn unit_vec(v: Point) -> Point {
    let l = len(v).max(1e-6);
    (v.0 / l, v.1 / l)
}

/// Arrow head: a triangle with its tip at `tip`, pointing along `dir`.
fn head(c: &mut Canvas, tip: Point, dir: Point, u: f32, color: &str) {
    let (dx, dy) = unit_vec(dir);
    let (hl, hw) = (0.3 * u, 0.17 * u);
    let base = (tip.0 - dx * hl, tip.1 - dy * hl);
    c.polygon(
        &[
            tip,
            (base.0 - dy * hw, base.1 + dx * hw),
            (base.0 + dy * hw, base.1 - dx * hw),
        ],
        &format!("fill=\"{color}\" opacity=\"0.9\""),
    );
}

/// A point along a leg for its number: half a cell from the start.
/// `along`: how many cells further in (legs drawn along earlier ones get
/// their numbers further along, so no two numbers cover each other).
fn badge_at(pts: &[Point], u: f32, along: f32) -> Point {
    let (a, b) = (pts[0], pts[1]);
    let d = len(sub(b, a));
    let t = if d > 0.0 {
        ((0.5 + along) * u / d).min(if along > 0.0 { 0.8 } else { 0.5 })
    } else {
        0.0
    };
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

/// Whether segment `a`–`b` runs along segment `c`–`d` (same line,
/// overlapping by more than a fifth of a cell).
fn overlaps(a: Point, b: Point, c: Point, d: Point, u: f32) -> bool {
    let dir = unit_vec(sub(b, a));
    let off = |p: Point| {
        let v = sub(p, a);
        (v.0 * dir.0 + v.1 * dir.1, v.0 * dir.1 - v.1 * dir.0)
    };
    let ((c_along, c_across), (d_along, d_across)) = (off(c), off(d));
    if c_across.abs() > 0.05 * u || d_across.abs() > 0.05 * u {
        return false;
    }
    let (lo, hi) = (c_along.min(d_along), c_along.max(d_along));
    hi.min(len(sub(b, a))) - lo.max(0.0) > 0.2 * u
}

/// The point halfway along a polyline (by length).
fn halfway(pts: &[Point]) -> Point {
    let total: f32 = pts.windows(2).map(|w| len(sub(w[1], w[0]))).sum();
    let mut left = total / 2.0;
    for w in pts.windows(2) {
        let d = len(sub(w[1], w[0]));
        if d >= left && d > 0.0 {
            let t = left / d;
            return (
                w[0].0 + (w[1].0 - w[0].0) * t,
                w[0].1 + (w[1].1 - w[0].1) * t,
            );
        }
        left -= d;
    }
    pts[0]
}

/// Whether a leg is drawn as one straight segment.
fn is_straight(leg: &Leg) -> bool {
    leg.via.is_empty()
        && leg.from != leg.to
        && !matches!(leg.kind, LegKind::Hop | LegKind::Jump | LegKind::Drop)
}

/// The direction of travel (in picture units) of the last of `before`
/// that ends where a turning `leg` starts: the way the piece came in
/// before it turns (`None` for a leg without turn, or nothing coming in).
fn incoming(l: &Layout, before: &[Leg], leg: &Leg) -> Option<Point> {
    leg.turn?;
    let prev = before
        .iter()
        .rev()
        .find(|e| e.to == leg.from && e.from != e.to)?;
    let from = prev.via.last().copied().unwrap_or(prev.from);
    Some(unit_vec(sub(l.centre(prev.to), l.centre(from))))
}

fn draw_legs(
    c: &mut Canvas,
    l: &Layout,
    legs: &[(&Leg, Option<Point>)],
    color: &str,
    numbered: bool,
) {
    let u = l.unit;
    let stroke = format!(
        "fill=\"none\" stroke=\"{color}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" opacity=\"0.9\"",
        n(0.11 * u)
    );
    let mut badges: Vec<(Point, usize)> = Vec::new();
    type TurnKey = (Square, Rotation, Option<(i32, i32)>, Square);
    let mut turns: Vec<TurnKey> = Vec::new();
    for (i, &(leg, came_in)) in legs.iter().enumerate() {
        let mut a = l.centre(leg.from);
        let mut b = l.centre(leg.to);
        let mut along = 0.0;
        // A taken-back leg is faded (and crossed out below); a strike is
        // thin.
        let stroke = match (leg.crossed, leg.kind) {
            (true, _) => stroke.replace("opacity=\"0.9\"", "opacity=\"0.45\""),
            (_, LegKind::Strike) => stroke.replace(
                &format!("stroke-width=\"{}\"", n(0.11 * u)),
                &format!("stroke-width=\"{}\"", n(0.06 * u)),
            ),
            _ => stroke.clone(),
        };
        if let Some(rot) = leg.turn {
            // Drawn once per cell, rotation and way in and out (a bounce
            // loop passes the same turn again), at the cell's centre.
            let out = leg.via.first().map_or(b, |&v| l.centre(v));
            let key = (
                leg.from,
                rot,
                came_in.map(|(x, y)| ((x * 100.0) as i32, (y * 100.0) as i32)),
                leg.via.first().copied().unwrap_or(leg.to),
            );
            if !turns.contains(&key) {
                turns.push(key);
                draw_turn(c, a, u, rot, came_in, sub(out, a), color);
            }
        }
        if numbered && is_straight(leg) {
            // A leg along an earlier one (castling's rook, a bounce back)
            // is moved aside, to the left of its travel, so both show.
            let k = legs[..i]
                .iter()
                .filter(|(e, _)| is_straight(e))
                .filter(|(e, _)| overlaps(a, b, l.centre(e.from), l.centre(e.to), u))
                .count() as f32;
            if k > 0.0 {
                let dir = unit_vec(sub(b, a));
                let shift = (dir.1 * 0.2 * u * k, -dir.0 * 0.2 * u * k);
                a = (a.0 + shift.0, a.1 + shift.1);
                b = (b.0 + shift.0, b.1 + shift.1);
                along = 0.45 * k;
            }
        }
        let dash = match leg.kind {
            LegKind::Leap => format!(" stroke-dasharray=\"{} {}\"", n(0.22 * u), n(0.16 * u)),
            LegKind::Cascade => format!(" stroke-dasharray=\"{} {}\"", n(0.08 * u), n(0.18 * u)),
            LegKind::Shift => format!(" stroke-dasharray=\"{} {}\"", n(0.3 * u), n(0.1 * u)),
            LegKind::Place => format!(" stroke-dasharray=\"{} {}\"", n(0.12 * u), n(0.1 * u)),
            _ => String::new(),
        };
        match leg.kind {
            LegKind::Cascade if leg.from == leg.to => {
                // Side by side in the cell, in order: a dotted arrow
                // falling onto the stack.
                let same: Vec<usize> = legs
                    .iter()
                    .enumerate()
                    .filter(|(_, (e, _))| {
                        e.kind == LegKind::Cascade && e.from == e.to && e.from == leg.from
                    })
                    .map(|(k, _)| k)
                    .collect();
                let k = same.iter().position(|&k| k == i).unwrap_or(0);
                let total = same.len() as f32;
                let step = (0.28 * u).min(0.84 * u / total);
                let x = b.0 + (k as f32 - (total - 1.0) / 2.0) * step;
                let start = (x, b.1 - 0.46 * u);
                let tip = (x, b.1 + 0.2 * u);
                c.path(
                    &format!(
                        "M{} {}L{} {}",
                        n(start.0),
                        n(start.1),
                        n(tip.0),
                        n(tip.1 - 0.25 * u)
                    ),
                    &format!("{stroke}{dash}"),
                );
                head(c, tip, (0.0, 1.0), u, color);
                let stagger = if k % 2 == 1 { 0.24 * u } else { 0.0 };
                badges.push(((x, start.1 + 0.08 * u + stagger), i + 1));
            }
            LegKind::Drop => {
                let start = (b.0, b.1 - 0.95 * u);
                let tip = (b.0, b.1 - 0.12 * u);
                c.path(
                    &format!(
                        "M{} {}L{} {}",
                        n(start.0),
                        n(start.1),
                        n(tip.0),
                        n(tip.1 - 0.25 * u)
                    ),
                    &stroke,
                );
                head(c, tip, (0.0, 1.0), u, color);
                badges.push(((start.0, start.1 + 0.1 * u), i + 1));
            }
            LegKind::Place if leg.from == leg.to => {
                c.circle(b, 0.42 * u, &format!("{stroke}{dash}"));
                badges.push(((b.0 - 0.3 * u, b.1 - 0.3 * u), i + 1));
            }
            LegKind::Hop | LegKind::Jump => {
                let dir = unit_vec(sub(b, a));
                let d = len(sub(b, a));
                let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                // Bulge to the left of the direction of travel.
                let bulge = (0.3 * d).min(0.8 * u);
                let ctrl = (mid.0 + dir.1 * bulge, mid.1 - dir.0 * bulge);
                let tdir = unit_vec(sub(b, ctrl));
                let tip = (b.0 - tdir.0 * 0.12 * u, b.1 - tdir.1 * 0.12 * u);
                let end = (tip.0 - tdir.0 * 0.25 * u, tip.1 - tdir.1 * 0.25 * u);
                c.path(
                    &format!(
                        "M{} {}Q{} {} {} {}",
                        n(a.0),
                        n(a.1),
                        n(ctrl.0),
                        n(ctrl.1),
                        n(end.0),
                        n(end.1)
                    ),
                    &format!("{stroke}{dash}"),
                );
                head(c, tip, tdir, u, color);
                // The curve's point at t where the chord is half a cell in.
                let t = (0.5 * u / d.max(1e-3)).min(0.5);
                let q = |p0: f32, p1: f32, p2: f32| {
                    (1.0 - t) * (1.0 - t) * p0 + 2.0 * (1.0 - t) * t * p1 + t * t * p2
                };
                badges.push(((q(a.0, ctrl.0, b.0), q(a.1, ctrl.1, b.1)), i + 1));
            }
            _ => {
                let mut pts: Vec<Point> = vec![a];
                pts.extend(leg.via.iter().map(|&s| l.centre(s)));
                pts.push(b);
                let last = pts[pts.len() - 2];
                let dir = unit_vec(sub(b, last));
                // A strike stops short of the piece it takes.
                let short = if leg.kind == LegKind::Strike {
                    0.2 * u
                } else {
                    0.12 * u
                };
                let tip = (b.0 - dir.0 * short, b.1 - dir.1 * short);
                let end = (tip.0 - dir.0 * 0.25 * u, tip.1 - dir.1 * 0.25 * u);
                let k = pts.len();
                pts[k - 1] = end;
                if leg.kind == LegKind::Swap {
                    // A head at the start too: the two pieces change places.
                    let dir0 = unit_vec(sub(pts[1], a));
                    let tip0 = (a.0 + dir0.0 * 0.12 * u, a.1 + dir0.1 * 0.12 * u);
                    head(c, tip0, (-dir0.0, -dir0.1), u, color);
                    pts[0] = (tip0.0 + dir0.0 * 0.25 * u, tip0.1 + dir0.1 * 0.25 * u);
                }
                let mut d = format!("M{} {}", n(pts[0].0), n(pts[0].1));
                for p in &pts[1..] {
                    let _ = write!(d, "L{} {}", n(p.0), n(p.1));
                }
                c.path(&d, &format!("{stroke}{dash}"));
                head(c, tip, dir, u, color);
                let mut first = [a, pts[1]];
                if k == 2 {
                    first[1] = b;
                }
                badges.push((badge_at(&first, u, along), i + 1));
            }
        }
        if leg.crossed {
            // Crossed out in the middle of the leg.
            let path: Vec<Point> = std::iter::once(a)
                .chain(leg.via.iter().map(|&s| l.centre(s)))
                .chain(std::iter::once(b))
                .collect();
            let m = halfway(&path);
            let s = 0.22 * u;
            let cross = format!(
                "M{} {}L{} {}M{} {}L{} {}",
                n(m.0 - s),
                n(m.1 - s),
                n(m.0 + s),
                n(m.1 + s),
                n(m.0 + s),
                n(m.1 - s),
                n(m.0 - s),
                n(m.1 + s)
            );
            c.path(
                &cross,
                &format!(
                    "stroke=\"#ffffff\" stroke-width=\"{}\" stroke-linecap=\"round\"",
                    n(0.14 * u)
                ),
            );
            c.path(
                &cross,
                &format!(
                    "stroke=\"{CAPTURED}\" stroke-width=\"{}\" stroke-linecap=\"round\"",
                    n(0.07 * u)
                ),
            );
        }
    }
    if numbered {
        for (pt, k) in badges {
            c.circle(
                pt,
                0.19 * u,
                &format!(
                    "fill=\"white\" stroke=\"{color}\" stroke-width=\"{}\"",
                    n(0.045 * u)
                ),
            );
            c.text(pt, 0.21 * u, color, Anchor::Middle, &k.to_string());
        }
    }
}

/// Screen angle (degrees, y down: increasing is clockwise on screen) of a
/// direction.
fn angle((x, y): Point) -> f32 {
    y.atan2(x).to_degrees()
}

/// A turn at the start of a bounce leg (SCA-4.1), over a white halo so it
/// shows on any cell and token. With the way the piece came in: a
/// quarter-circle-like arc from the old direction of travel round to the
/// new one, in the rotation's sense, its head towards the new direction;
/// otherwise a three-quarter circle. Either way labelled `cw` / `ccw` on a
/// white tag beside the arc (clockwise on screen for
/// [`Rotation::Clockwise`]: rank 1 is at the bottom).
fn draw_turn(
    c: &mut Canvas,
    (cx, cy): Point,
    u: f32,
    rot: Rotation,
    came_in: Option<Point>,
    out: Point,
    color: &str,
) {
    let r = 0.43 * u;
    let sense = match rot {
        Rotation::Clockwise => 1.0,
        Rotation::Counterclockwise => -1.0,
    };
    // Start angle and sweep (signed, degrees).
    let turned = came_in.map(|d| {
        let (a_in, a_out) = (angle(d), angle(out));
        let sweep = ((a_out - a_in) * sense).rem_euclid(360.0) * sense;
        (a_in, sweep)
    });
    let (a0, sweep) = match turned {
        Some((a_in, sweep)) if sweep.abs() > 10.0 && sweep.abs() < 350.0 => {
            // From a little behind the old direction (where no leg is
            // drawn: the piece came in from the other side) to just short
            // of the new one.
            (a_in - 0.35 * sweep, 1.15 * sweep)
        }
        _ => match rot {
            Rotation::Clockwise => (200.0, 250.0),
            Rotation::Counterclockwise => (340.0, -250.0),
        },
    };
    let at = |deg: f32, radius: f32| {
        let t = deg.to_radians();
        (cx + radius * t.cos(), cy + radius * t.sin())
    };
    let (p0, p1) = (at(a0, r), at(a0 + sweep, r));
    let large = if sweep.abs() > 180.0 { 1 } else { 0 };
    let sweep_flag = if sweep > 0.0 { 1 } else { 0 };
    let d = format!(
        "M{} {}A{} {} 0 {large} {sweep_flag} {} {}",
        n(p0.0),
        n(p0.1),
        n(r),
        n(r),
        n(p1.0),
        n(p1.1)
    );
    c.path(
        &d,
        &format!(
            "fill=\"none\" stroke=\"#ffffff\" stroke-width=\"{}\" stroke-linecap=\"round\" opacity=\"0.85\"",
            n(0.13 * u)
        ),
    );
    c.path(
        &d,
        &format!(
            "fill=\"none\" stroke=\"{color}\" stroke-width=\"{}\" stroke-linecap=\"round\"",
            n(0.065 * u)
        ),
    );
    // Tangent at the end, in the direction of the sweep.
    let t = (a0 + sweep).to_radians();
    let s = sweep.signum();
    let dir = (-t.sin() * s, t.cos() * s);
    head(
        c,
        (p1.0 + dir.0 * 0.12 * u, p1.1 + dir.1 * 0.12 * u),
        dir,
        u * 0.6,
        color,
    );
    let label = match rot {
        Rotation::Clockwise => "cw",
        Rotation::Counterclockwise => "ccw",
    };
    // The tag: outside the arc's middle, or below the cell's centre.
    let pt = if turned.is_some_and(|(_, s)| s.abs() < 350.0 && s.abs() > 10.0) {
        at(a0 + sweep / 2.0, 0.66 * u)
    } else {
        (cx, cy + 0.46 * u)
    };
    let size = 0.14 * u;
    let w = font::width(label, size) + 5.0;
    c.rect(
        (pt.0 - w / 2.0, pt.1 - 0.11 * u),
        w,
        0.22 * u,
        &format!(
            "fill=\"#ffffff\" fill-opacity=\"0.9\" stroke=\"{color}\" stroke-width=\"1\" rx=\"3\""
        ),
    );
    c.text(pt, size, color, Anchor::Middle, label);
}

/// The side panel: side to move, facts, stacks, notes, where an illegal
/// move breaks, and a legend of what is drawn. Returns its bottom.
fn draw_panel(c: &mut Canvas, l: &Layout, p: &Picture, top: f32) -> f32 {
    let x = l.origin.0 + l.width + 28.0;
    let mut y = top + PANEL_SIZE / 2.0;
    let d = &p.diagram;
    let g = d.geometry;
    c.comment("side panel");
    let row = |c: &mut Canvas, y: &mut f32, text: &str, color: &str| {
        for line in font::wrap(text, (PANEL / font::width("x", PANEL_SIZE)) as usize) {
            c.text((x, *y), PANEL_SIZE, color, Anchor::Start, &line);
            *y += PANEL_LINE;
        }
    };
    for f in &d.facts {
        match f {
            Fact::ToMove(side) => {
                token(c, (x + 7.0, y), 7.0, Piece::disc(*side), None);
                c.text(
                    (x + 20.0, y),
                    PANEL_SIZE,
                    INK,
                    Anchor::Start,
                    &format!("{} to move", side.name()),
                );
                y += PANEL_LINE;
            }
            Fact::Castling(s) => row(c, &mut y, &format!("castling: {s}"), INK),
            Fact::EnPassant(sq) => row(c, &mut y, &format!("en passant: {}", g.name(*sq)), INK),
            Fact::Reserve { color, pieces } => {
                let label = format!("{} reserve:", color.name());
                c.text((x, y), PANEL_SIZE, INK, Anchor::Start, &label);
                let mut px = x + font::width(&label, PANEL_SIZE) + 14.0;
                if pieces.is_empty() {
                    c.text((px - 4.0, y), PANEL_SIZE, INK, Anchor::Start, "none");
                }
                for piece in pieces {
                    if px > x + PANEL - 8.0 {
                        y += PANEL_LINE;
                        px = x + 10.0;
                    }
                    token(c, (px, y), 8.5, *piece, None);
                    px += 19.0;
                }
                y += PANEL_LINE;
            }
            Fact::KingForm { color, form } => row(
                c,
                &mut y,
                &format!("{} king form: {form}", color.name()),
                INK,
            ),
            Fact::Denial(s) => row(c, &mut y, &format!("denial: {s}"), INK),
            Fact::Note(s) => row(c, &mut y, s, INK),
        }
    }
    let stacks: Vec<&Placement> = d.pieces.iter().filter(|p| p.stack.len() > 1).collect();
    if !stacks.is_empty() {
        row(c, &mut y, "stacks, bottom to top:", INK);
        for s in stacks {
            let contents: Vec<String> = s
                .stack
                .iter()
                .map(|p| {
                    let l = p.letter.unwrap_or('o');
                    match p.color {
                        Color::White => l.to_ascii_uppercase().to_string(),
                        Color::Black => l.to_ascii_lowercase().to_string(),
                    }
                })
                .collect();
            row(
                c,
                &mut y,
                &format!("  {}: {}", g.name(s.square), contents.join(" ")),
                INK,
            );
        }
    }
    // A move's notes (only for one move: the texts of every move of a
    // piece are listed by the command itself).
    if let [m] = p.moves.as_slice() {
        for note in &m.notes {
            row(c, &mut y, note, INK);
        }
    }
    if let Some(b) = &p.breaks {
        row(c, &mut y, b, BREAKS);
    }
    y += 6.0;
    // Legend: only what this picture shows.
    let mut legend: Vec<(&str, &str)> = Vec::new();
    let has_marker = |f: &dyn Fn(&Marker) -> bool| d.markers.iter().any(|m| f(&m.marker));
    let has_mark =
        |f: &dyn Fn(&MoveMark) -> bool| p.moves.iter().any(|m| m.marks.iter().any(|k| f(&k.mark)));
    let legs: Vec<LegKind> = p
        .moves
        .iter()
        .flat_map(|m| m.legs.iter().map(|l| l.kind))
        .collect();
    let leg_color = if p.title.legal == Some(false) {
        LEG_ILLEGAL
    } else {
        LEG
    };
    if !legs.is_empty() {
        legend.push((
            leg_color,
            if p.moves.len() == 1 {
                "the move, legs numbered in order"
            } else {
                "the moves"
            },
        ));
    }
    // One legend line per kind of leg drawn, in this order.
    const LEG_LEGEND: [(LegKind, &str); 8] = [
        (LegKind::Leap, "dashed: a leap"),
        (LegKind::Hop, "arched: a hop from a trampoline"),
        (LegKind::Jump, "arched: a capture jump"),
        (
            LegKind::Drop,
            "arrow into a cell: a piece dropped from the reserve",
        ),
        (LegKind::Shift, "long dashes: a binding shift"),
        (
            LegKind::Cascade,
            "dotted, in the cell: a unit falling from a captured rook, in order",
        ),
        (
            LegKind::Strike,
            "thin arrow: a capture without moving (all-round, revenge)",
        ),
        (LegKind::Swap, "two heads: a disguise swap"),
    ];
    for (kind, text) in LEG_LEGEND {
        if legs.contains(&kind) {
            legend.push((leg_color, text));
        }
    }
    if p.moves.iter().any(|m| m.legs.iter().any(|l| l.crossed)) {
        legend.push((CAPTURED, "crossed out: a move taken back (deny)"));
    }
    if legs.contains(&LegKind::Place) {
        legend.push((
            leg_color,
            "short dashes: the trampoline placed (a ring: placed there or stays)",
        ));
    }
    if p.moves
        .iter()
        .any(|m| m.legs.iter().any(|l| l.turn.is_some()))
    {
        legend.push((
            leg_color,
            "curved arrow: the turn (cw/ccw) before a bounce leg",
        ));
    }
    if has_mark(&|k| *k == MoveMark::Captured) {
        legend.push((CAPTURED, "captured"));
    }
    if has_mark(&|k| *k == MoveMark::Hit) {
        legend.push((HIT, "hit"));
    }
    if has_mark(&|k| matches!(k, MoveMark::Promoted(_))) {
        legend.push((PROMOTED, "promotes to"));
    }
    if has_mark(&|k| matches!(k, MoveMark::Dropped(_))) {
        legend.push((PROMOTED, "dropped"));
    }
    if has_mark(&|k| *k == MoveMark::Breaks) {
        legend.push((BREAKS, "where the move breaks"));
    }
    if has_marker(&|m| *m == Marker::Spring) {
        legend.push((SPRING, "spring"));
    }
    if has_marker(&|m| matches!(m, Marker::Trampoline(_))) {
        legend.push((TRAMPOLINE, "trampoline: a pad in its owner's colour"));
    }
    if has_marker(&|m| *m == Marker::Risen) {
        legend.push((RISEN, "risen bishop"));
    }
    if has_marker(&|m| *m == Marker::Crowned) {
        legend.push((CROWN, "crowned"));
    }
    if has_marker(&|m| matches!(m, Marker::HitPoints(_))) {
        legend.push((HIT_POINTS, "hit points left"));
    }
    if has_marker(&|m| *m == Marker::Check) {
        legend.push((CHECK, "in check"));
    }
    let chars = ((PANEL - 20.0) / font::width("x", PANEL_SIZE)) as usize;
    for (color, text) in legend {
        c.rect((x, y - 6.0), 12.0, 12.0, &format!("fill=\"{color}\""));
        for line in font::wrap(text, chars) {
            c.text((x + 20.0, y), PANEL_SIZE, INK, Anchor::Start, &line);
            y += PANEL_LINE;
        }
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(n(1.0), "1");
        assert_eq!(n(1.5), "1.5");
        assert_eq!(n(2.0 / 3.0), "0.67");
        assert_eq!(n(-0.001), "0");
        assert_eq!(esc("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
