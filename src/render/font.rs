//! A small stroke font drawn for arbiter's pictures, so that no system
//! font is needed: every printable ASCII character (and a few Unicode
//! punctuation marks) is SVG path data on a fixed grid, stroked with a
//! round pen.
//!
//! Grid: capitals and digits span y = 0 (top) .. 10 (baseline), lower case
//! letters have their x-height at y = 3 and descenders down to 13; every
//! glyph fits x = 0..6 and advances [`ADVANCE`] units (the font is
//! monospaced, so a text's width is its length times the advance).

/// Horizontal advance of every glyph, in grid units (cap height = 10).
pub const ADVANCE: f32 = 7.6;
/// Height of capitals in grid units.
pub const CAP: f32 = 10.0;
/// Pen width in grid units.
pub const PEN: f32 = 1.25;

/// The outline of an unknown character: an empty box.
const UNKNOWN: &str = "M0.5 1H5.5V10H0.5Z";

/// A character as drawn: known characters are themselves; a few Unicode
/// marks fall back to their ASCII look-alikes.
pub fn normalize(c: char) -> char {
    match c {
        '–' | '—' | '−' => '-',
        '‘' | '’' | '′' => '\'',
        '“' | '”' => '"',
        '·' | '•' => '*',
        '\t' => ' ',
        c => c,
    }
}

/// The SVG path data of `c` on the glyph grid (empty for a space).
pub fn glyph(c: char) -> &'static str {
    match normalize(c) {
        ' ' => "",
        'A' => "M0 10L3 0L6 10M1.1 6.5H4.9",
        'B' => "M0 10V0H3.8Q5.8 0 5.8 2.5Q5.8 5 3.8 5H0M3.8 5Q6.2 5 6.2 7.5Q6.2 10 3.8 10H0",
        'C' => "M6 1.5Q5 0 3.2 0Q0 0 0 5Q0 10 3.2 10Q5 10 6 8.5",
        'D' => "M0 0V10H2.8Q6 10 6 5Q6 0 2.8 0Z",
        'E' => "M6 0H0V10H6M0 5H4.5",
        'F' => "M6 0H0V10M0 5H4.5",
        'G' => "M6 1.5Q5 0 3.2 0Q0 0 0 5Q0 10 3.2 10Q6 10 6 6.5V5.5H3.5",
        'H' => "M0 0V10M6 0V10M0 5H6",
        'I' => "M1.2 0H4.8M3 0V10M1.2 10H4.8",
        'J' => "M5 0V7Q5 10 2.6 10Q0.2 10 0.2 7.5",
        'K' => "M0 0V10M6 0L0 6.5M2.2 4.3L6 10",
        'L' => "M0 0V10H6",
        'M' => "M0 10V0L3 6.5L6 0V10",
        'N' => "M0 10V0L6 10V0",
        'O' => "M3 0Q0 0 0 5Q0 10 3 10Q6 10 6 5Q6 0 3 0Z",
        'P' => "M0 10V0H3.8Q6 0 6 2.8Q6 5.6 3.8 5.6H0",
        'Q' => "M3 0Q0 0 0 5Q0 10 3 10Q6 10 6 5Q6 0 3 0ZM3.6 7.2L6.2 10.6",
        'R' => "M0 10V0H3.8Q6 0 6 2.8Q6 5.6 3.8 5.6H0M3.2 5.6L6 10",
        'S' => "M5.8 1.4Q4.8 0 3 0Q0.2 0 0.2 2.5Q0.2 5 3 5Q5.8 5 5.8 7.5Q5.8 10 3 10Q1.1 10 0 8.5",
        'T' => "M0 0H6M3 0V10",
        'U' => "M0 0V7Q0 10 3 10Q6 10 6 7V0",
        'V' => "M0 0L3 10L6 0",
        'W' => "M0 0L1.4 10L3 3.5L4.6 10L6 0",
        'X' => "M0 0L6 10M6 0L0 10",
        'Y' => "M0 0L3 5L6 0M3 5V10",
        'Z' => "M0 0H6L0 10H6",
        'a' => "M5.5 3V10M5.5 6.5Q5.5 3 3 3Q0.5 3 0.5 6.5Q0.5 10 3 10Q5.5 10 5.5 6.5",
        'b' => "M0.5 0V10M0.5 6.5Q0.5 3 3 3Q5.5 3 5.5 6.5Q5.5 10 3 10Q0.5 10 0.5 6.5",
        'c' => "M5.5 4Q4.6 3 3.1 3Q0.5 3 0.5 6.5Q0.5 10 3.1 10Q4.6 10 5.5 9",
        'd' => "M5.5 0V10M5.5 6.5Q5.5 3 3 3Q0.5 3 0.5 6.5Q0.5 10 3 10Q5.5 10 5.5 6.5",
        'e' => "M0.5 6.5H5.5Q5.5 3 3 3Q0.5 3 0.5 6.5Q0.5 10 3.1 10Q4.6 10 5.5 9",
        'f' => "M5 0.6Q4.5 0 3.6 0Q2 0 2 2V10M0.5 3.5H4.5",
        'g' => "M5.5 3V11Q5.5 13 3 13Q1.5 13 0.6 12.2M5.5 6.5Q5.5 3 3 3Q0.5 3 0.5 6.5Q0.5 10 3 10Q5.5 10 5.5 6.5",
        'h' => "M0.5 0V10M0.5 6Q0.5 3 3 3Q5.5 3 5.5 6V10",
        'i' => "M3 3.2V10M3 0.6V1.2",
        'j' => "M3.8 3.2V11.5Q3.8 13 2.2 13Q1.2 13 0.6 12.4M3.8 0.6V1.2",
        'k' => "M0.8 0V10M5.2 3L0.8 7M2.6 5.4L5.6 10",
        'l' => "M2.2 0V8.5Q2.2 10 3.6 10H4.4",
        'm' => "M0 3V10M0 5Q0 3 1.5 3Q3 3 3 5V10M3 5Q3 3 4.5 3Q6 3 6 5V10",
        'n' => "M0.5 3V10M0.5 6Q0.5 3 3 3Q5.5 3 5.5 6V10",
        'o' => "M3 3Q0.5 3 0.5 6.5Q0.5 10 3 10Q5.5 10 5.5 6.5Q5.5 3 3 3Z",
        'p' => "M0.5 3V13M0.5 6.5Q0.5 3 3 3Q5.5 3 5.5 6.5Q5.5 10 3 10Q0.5 10 0.5 6.5",
        'q' => "M5.5 3V13M5.5 6.5Q5.5 3 3 3Q0.5 3 0.5 6.5Q0.5 10 3 10Q5.5 10 5.5 6.5",
        'r' => "M1 3V10M1 6.2Q1 3 3.6 3Q4.8 3 5.5 3.8",
        's' => "M5.3 3.8Q4.5 3 3 3Q0.7 3 0.7 4.8Q0.7 6.4 3 6.4Q5.4 6.4 5.4 8.2Q5.4 10 3 10Q1.3 10 0.5 9.1",
        't' => "M2.4 0.6V8.5Q2.4 10 3.9 10H5M0.5 3.4H5",
        'u' => "M0.5 3V7Q0.5 10 3 10Q5.5 10 5.5 7M5.5 3V10",
        'v' => "M0.5 3L3 10L5.5 3",
        'w' => "M0 3L1.5 10L3 5L4.5 10L6 3",
        'x' => "M0.5 3L5.5 10M5.5 3L0.5 10",
        'y' => "M0.5 3L3 10M5.5 3L1.8 13",
        'z' => "M0.5 3H5.5L0.5 10H5.5",
        '0' => "M3 0Q0.4 0 0.4 5Q0.4 10 3 10Q5.6 10 5.6 5Q5.6 0 3 0ZM4.6 1.8L1.4 8.2",
        '1' => "M1.2 2L3.4 0V10M1.2 10H5.6",
        '2' => "M0.5 2Q1.2 0 3 0Q5.5 0 5.5 2.7Q5.5 4.5 3.6 6L0.5 10H5.6",
        '3' => "M0.5 1Q1.4 0 3 0Q5.5 0 5.5 2.5Q5.5 5 2.8 5Q5.8 5 5.8 7.5Q5.8 10 3 10Q1.3 10 0.3 9",
        '4' => "M4.4 10V0L0 7H6",
        '5' => "M5.5 0H1.1L0.6 4.6Q1.5 4 3 4Q5.8 4 5.8 7Q5.8 10 3 10Q1.3 10 0.3 9",
        '6' => "M5 0.8Q4.2 0 3 0Q0.5 0 0.5 5V6.8Q0.5 10 3 10Q5.5 10 5.5 7Q5.5 4 3 4Q1.2 4 0.5 5.8",
        '7' => "M0.4 0H5.6L2 10",
        '8' => "M3 5Q0.7 5 0.7 2.5Q0.7 0 3 0Q5.3 0 5.3 2.5Q5.3 5 3 5Q0.3 5 0.3 7.5Q0.3 10 3 10Q5.7 10 5.7 7.5Q5.7 5 3 5Z",
        '9' => "M5.5 5V3.2Q5.5 0 3 0Q0.5 0 0.5 3Q0.5 6 3 6Q4.8 6 5.5 4.2M5.5 5Q5.5 10 3 10Q1.8 10 1 9.2",
        '.' => "M3 9.5V10",
        ',' => "M3 9.3V10L2.2 11.8",
        ':' => "M3 3.6V4.1M3 9.5V10",
        ';' => "M3 3.6V4.1M3 9.3V10L2.2 11.8",
        '-' => "M1 6H5",
        '+' => "M0.5 6H5.5M3 3.5V8.5",
        '=' => "M0.5 4.6H5.5M0.5 7.4H5.5",
        '(' => "M4.5 -0.2Q2 2.5 2 5.5Q2 8.5 4.5 11.2",
        ')' => "M1.5 -0.2Q4 2.5 4 5.5Q4 8.5 1.5 11.2",
        '[' => "M4.5 0H2V11H4.5",
        ']' => "M1.5 0H4V11H1.5",
        '{' => "M4.5 0Q3 0 3 1.5V4Q3 5.5 1.5 5.5Q3 5.5 3 7V9.5Q3 11 4.5 11",
        '}' => "M1.5 0Q3 0 3 1.5V4Q3 5.5 4.5 5.5Q3 5.5 3 7V9.5Q3 11 1.5 11",
        '/' => "M5.5 -0.5L0.5 11",
        '\\' => "M0.5 -0.5L5.5 11",
        '|' => "M3 -0.5V11.5",
        '!' => "M3 0V7M3 9.5V10",
        '?' => "M0.7 2Q1.5 0 3 0Q5.5 0 5.5 2.5Q5.5 4.5 3 5.5V7M3 9.5V10",
        '\'' => "M3 0V3",
        '"' => "M2 0V3M4 0V3",
        '`' => "M2 0L3.5 2",
        '#' => "M2.2 1L1.6 10M4.6 1L4 10M0.5 3.8H6M0 7.2H5.5",
        '*' => "M3 2.5V8.5M0.5 4L5.5 7M5.5 4L0.5 7",
        '<' => "M5.5 2L0.5 6L5.5 10",
        '>' => "M0.5 2L5.5 6L0.5 10",
        '^' => "M1 4L3 1L5 4",
        '~' => "M0.5 6.3Q1.6 4.6 3 6Q4.4 7.4 5.5 5.7",
        '_' => "M0 11H6",
        '%' => "M5.5 0L0.5 10M1.4 0.6V2.4M4.6 7.6V9.4",
        '&' => "M5.6 10L1.2 3.6Q0.7 2.8 0.7 2Q0.7 0 2.6 0Q4.4 0 4.4 2Q4.4 3.5 2.4 5Q0 6.6 0 8Q0 10 2.5 10Q4.5 10 5.6 7",
        '$' => "M5.8 1.4Q4.8 0 3 0Q0.2 0 0.2 2.5Q0.2 5 3 5Q5.8 5 5.8 7.5Q5.8 10 3 10Q1.1 10 0 8.5M3 -1V11",
        '@' => "M4.2 4V6.5Q4.2 8 5 8Q6 8 6 5Q6 1 3 1Q0 1 0 5.5Q0 10 3 10Q4.5 10 5.3 9.3M4.2 6Q4.2 4 3 4Q1.8 4 1.8 6Q1.8 8 3 8Q4.2 8 4.2 6",
        '→' => "M0 6H6M4 4L6 6L4 8",
        '←' => "M6 6H0M2 4L0 6L2 8",
        '×' => "M1 3.5L5 8.5M5 3.5L1 8.5",
        _ => UNKNOWN,
    }
}

/// The width of `text` at cap height `size` (monospaced).
pub fn width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * ADVANCE * size / CAP
}

/// Splits `text` into lines of at most `max` characters, at spaces where
/// possible (a longer word is cut).
pub fn wrap(text: &str, max: usize) -> Vec<String> {
    let max = max.max(8);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word.to_string();
        loop {
            let len = line.chars().count();
            let wlen = word.chars().count();
            if len == 0 && wlen <= max {
                line = word;
                break;
            }
            if len > 0 && len + 1 + wlen <= max {
                line.push(' ');
                line.push_str(&word);
                break;
            }
            if len > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than a line: cut it.
            let head: String = word.chars().take(max).collect();
            word = word.chars().skip(max).collect();
            lines.push(head);
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_printable_ascii_character_has_a_glyph() {
        for c in ' '..='~' {
            assert_ne!(glyph(c), UNKNOWN, "{c:?}");
        }
        assert_eq!(glyph('\u{2603}'), UNKNOWN);
        assert_eq!(glyph('—'), glyph('-'));
    }

    #[test]
    fn glyphs_parse_as_path_data() {
        for c in ' '..='~' {
            for cmd in glyph(c).split(|ch: char| ch.is_ascii_alphabetic()) {
                for n in cmd.split([' ', ',']).filter(|n| !n.is_empty()) {
                    assert!(n.parse::<f32>().is_ok(), "{c:?}: {n:?}");
                }
            }
        }
    }

    #[test]
    fn wrapping() {
        assert_eq!(
            wrap("legal: e2e4 [FIDE-1]: a legal move", 20),
            ["legal: e2e4", "[FIDE-1]: a legal", "move"]
        );
        assert_eq!(wrap("", 20), [""]);
        assert_eq!(
            wrap("abcdefghijklmnopqrstuvwxyz", 10),
            ["abcdefghij", "klmnopqrst", "uvwxyz"]
        );
    }
}
