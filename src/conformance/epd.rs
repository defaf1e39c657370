//! EPD perft suites, the format other perft tools read and write:
//! one position a line, followed by its perft counts,
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
//! ```
//!
//! A line is `<position>` then one or more operations `;D<depth> <count>`
//! (spaces around them optional). The operations are read from the right:
//! the position is everything before the first `;` from which on the line
//! holds only operations, so a position text may itself contain `;`
//! (none of arbiter's does today) as long as it does not end in something
//! shaped like an operation. Blank lines and lines starting with `#` are
//! skipped. The position is read in the variant's own notation (fide: FEN,
//! with or without the two clock fields).

use std::collections::BTreeMap;
use std::path::Path;

use super::fixture::{Expect, Fixture, Loaded, Source};
use crate::core::perft::MAX_DEPTH;

/// One position of a suite and its expected perft counts by depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdEntry {
    /// 1-based line number in the file.
    pub line: usize,
    /// The position text (everything before the operations).
    pub position: String,
    /// The expected perft counts by depth (the `;D<depth> <count>` operations).
    pub perft: BTreeMap<u32, u64>,
}

/// A malformed suite: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}:{line}: {message}")]
pub struct EpdError {
    /// The suite file.
    pub path: String,
    /// The 1-based line number; 0 for the file as a whole.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The largest suite file read.
pub const MAX_EPD_BYTES: u64 = 64 << 20;

/// `D<depth> <count>`, or `None` when `op` is not shaped like one.
fn operation(op: &str) -> Option<(&str, &str)> {
    let rest = op.trim().strip_prefix('D')?;
    let (d, n) = rest.split_once(|c: char| c.is_ascii_whitespace())?;
    let (d, n) = (d.trim(), n.trim());
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(d) && digits(n)).then_some((d, n))
}

/// Whether `op` starts like an operation (`D` and a digit): a malformed
/// one, not part of a position.
fn looks_like_operation(op: &str) -> bool {
    let t = op.trim_start();
    t.starts_with('D') && t[1..].starts_with(|c: char| c.is_ascii_digit())
}

/// Parses one line (not blank, not a comment).
///
/// # Errors
/// A message naming what is wrong.
pub fn parse_line(text: &str) -> Result<(String, BTreeMap<u32, u64>), String> {
    let parts: Vec<&str> = text.split(';').collect();
    if parts.len() == 1 {
        return Err("no perft counts: expected `<position> ;D1 <count> ;D2 <count> ...`".into());
    }
    let mut k = parts.len();
    while k > 1 && operation(parts[k - 1]).is_some() {
        k -= 1;
    }
    if k == parts.len() {
        return Err(format!(
            "malformed operation ';{}' (expected ;D<depth> <count>)",
            crate::core::error::echo(parts[k - 1].trim())
        ));
    }
    if let Some(bad) = parts[1..k].iter().find(|p| looks_like_operation(p)) {
        return Err(format!(
            "malformed operation ';{}' (expected ;D<depth> <count>)",
            crate::core::error::echo(bad.trim())
        ));
    }
    let position = parts[..k].join(";").trim().to_string();
    if position.is_empty() {
        return Err("no position before the perft counts".into());
    }
    let mut perft = BTreeMap::new();
    for p in &parts[k..] {
        let (d, n) = operation(p).expect("checked above");
        let depth: u32 = d
            .parse()
            .ok()
            .filter(|&d| d <= MAX_DEPTH)
            .ok_or_else(|| format!("depth D{d} above the limit of {MAX_DEPTH}"))?;
        let count: u64 = n
            .parse()
            .map_err(|_| format!("count {n} of D{d} is above 2^64 - 1"))?;
        if perft.insert(depth, count).is_some() {
            return Err(format!("D{depth} given twice"));
        }
    }
    Ok((position, perft))
}

/// Parses a suite's text; `path` names it in errors.
///
/// # Errors
/// The first malformed line, by number.
pub fn parse(text: &str, path: &str) -> Result<Vec<EpdEntry>, EpdError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let (position, perft) = parse_line(t).map_err(|message| EpdError {
            path: path.to_string(),
            line: i + 1,
            message,
        })?;
        out.push(EpdEntry {
            line: i + 1,
            position,
            perft,
        });
    }
    Ok(out)
}

/// Reads a suite file into memory ([`read`] keeps one line at a time).
///
/// # Errors
/// As [`read`].
pub fn load(path: &Path) -> Result<Vec<EpdEntry>, EpdError> {
    let mut out = Vec::new();
    read(path, &mut |e| {
        out.push(e);
        true
    })?;
    Ok(out)
}

/// Reads a suite file line by line, handing each entry to `each` (which
/// returns whether to go on): memory stays one line, whatever the size.
/// A malformed line ends the reading with its error; entries before it
/// were handed over already (read twice to check a whole file first).
///
/// # Errors
/// Unreadable, too big, not UTF-8 (naming the line) or malformed.
pub fn read(path: &Path, each: &mut dyn FnMut(EpdEntry) -> bool) -> Result<(), EpdError> {
    use std::io::BufRead;
    let name = path.display().to_string();
    let err = |line: usize, message: String| EpdError {
        path: name.clone(),
        line,
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| err(0, e.to_string()))?;
    if !meta.is_file() {
        return Err(err(0, "not a regular file".into()));
    }
    if meta.len() > MAX_EPD_BYTES {
        return Err(err(0, format!("more than {MAX_EPD_BYTES} bytes")));
    }
    let file = std::fs::File::open(path).map_err(|e| err(0, e.to_string()))?;
    // At most the size checked above, even if the file grows meanwhile.
    let mut r = std::io::BufReader::new(std::io::Read::take(file, MAX_EPD_BYTES));
    let mut raw = Vec::new();
    let mut n = 0;
    loop {
        raw.clear();
        let got = r
            .read_until(b'\n', &mut raw)
            .map_err(|e| err(n + 1, e.to_string()))?;
        if got == 0 {
            return Ok(());
        }
        n += 1;
        let text = std::str::from_utf8(&raw).map_err(|_| err(n, "not UTF-8 text".into()))?;
        let t = text.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let (position, perft) = parse_line(t).map_err(|message| err(n, message))?;
        if !each(EpdEntry {
            line: n,
            position,
            perft,
        }) {
            return Ok(());
        }
    }
}

/// The suite's entries as fixtures of `variant` under `options`
/// ([`fixture`] each).
pub fn fixtures(
    path: &Path,
    entries: &[EpdEntry],
    variant: &str,
    options: &[String],
) -> Vec<Loaded> {
    entries
        .iter()
        .map(|e| fixture(path, e, variant, options))
        .collect()
}

/// One entry as a fixture of `variant` under `options`: id
/// `<file stem>:<line>`, rule G3, each perft count an expectation.
pub fn fixture(path: &Path, e: &EpdEntry, variant: &str, options: &[String]) -> Loaded {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    Loaded {
        path: path.to_path_buf(),
        fixture: Ok(Fixture {
            id: format!("{stem}:{}", e.line),
            variant: variant.to_string(),
            rules: vec!["G3".into()],
            source: Source {
                document: path.display().to_string(),
                place: format!("line {}", e.line),
            },
            description: String::new(),
            options: options.to_vec(),
            position: Some(e.position.clone()),
            moves: vec![],
            expect: Expect {
                perft: e.perft.clone(),
                ..Expect::default()
            },
        }),
    }
}

/// One suite line: the position and its counts by increasing depth.
pub fn line(position: &str, perft: &BTreeMap<u32, u64>) -> String {
    let mut s = position.trim().to_string();
    for (d, n) in perft {
        s.push_str(&format!(" ;D{d} {n}"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_and_write_back() {
        let (p, perft) =
            parse_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400")
                .unwrap();
        assert_eq!(
            p,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(perft, BTreeMap::from([(1, 20), (2, 400)]));
        assert_eq!(parse_line(&line(&p, &perft)).unwrap(), (p, perft));
        // Spacing is free; a `;` inside the position is kept.
        let (p, perft) = parse_line("a;b c;D1 3;  D2   9  ").unwrap();
        assert_eq!((p.as_str(), perft.len()), ("a;b c", 2));
    }

    #[test]
    fn malformed_lines_say_why() {
        for (text, needle) in [
            ("8/8 w", "no perft counts"),
            ("8/8 w ;D1", "malformed operation ';D1'"),
            ("8/8 w ;D1 20 ;D2 x", "malformed operation ';D2 x'"),
            ("8/8 w ;D1 2x ;D2 9", "malformed operation ';D1 2x'"),
            ("8/8 w ;D1 20 ;D1 20", "D1 given twice"),
            ("8/8 w ;D65 1", "limit of 64"),
            (";D1 20", "no position"),
            ("8/8 w ;D1 99999999999999999999", "above 2^64"),
        ] {
            let e = parse_line(text).unwrap_err();
            assert!(e.contains(needle), "{text}: {e}");
        }
        let e = parse("# suite\n\n8/8 w ;D1 1\n8/8 w ;X\n", "s.epd").unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.to_string().starts_with("s.epd:4: "), "{e}");
    }
}
