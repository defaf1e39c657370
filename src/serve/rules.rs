//! The CONFORMANCE.md entry of each rule ID, for `explain` and
//! `GET /api/rules/{ID}`.
//!
//! CONFORMANCE.md is built into the binary and read into entries once, on
//! first use. An entry of rule ID `X` is every block of the document that
//! starts by naming `X` in bold:
//!
//! - a list item `- **X ...`, with its indented continuation lines and the
//!   unbolded items of the same list that follow it (GLN-1's clauses);
//! - a table row `| **X** | ... |`, written as one line per column,
//!   `Column: cell`, with the table's header names.
//!
//! The blocks of one ID are joined in document order (the reading first,
//! then, for sonic, the ruling's rationale). `section` is the `##` heading
//! the first block stands under.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Serialize;

/// The text the entries are read from.
pub const CONFORMANCE: &str = include_str!("../../CONFORMANCE.md");

/// One rule ID's entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// The rule ID (`HOP-7`, `SCA-4.2`, `G2`).
    pub id: String,
    /// The CONFORMANCE.md section (`HOP — Hop Chess`).
    pub section: String,
    /// The entry's Markdown text, blocks separated by a blank line.
    pub text: String,
}

/// The entry of rule ID `id`, if CONFORMANCE.md has one.
pub fn entry(id: &str) -> Option<&'static Entry> {
    entries().get(id)
}

/// Every entry, by rule ID.
pub fn entries() -> &'static BTreeMap<String, Entry> {
    static ENTRIES: OnceLock<BTreeMap<String, Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| parse(CONFORMANCE))
}

/// The rule ID a bold run starts with: `G` and digits, or capitals, `-`,
/// capitals and digits (one capital alone: `CRZ-V`), `.N` parts. `None`
/// when `s` does not start with one.
pub fn leading_id(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    let caps = b.iter().take_while(|c| c.is_ascii_uppercase()).count();
    if caps == 0 {
        return None;
    }
    let mut end = caps;
    if caps == 1 && b[0] == b'G' {
        let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        end += digits;
    } else {
        if b.get(end) != Some(&b'-') {
            return None;
        }
        end += 1;
        let body = b[end..]
            .iter()
            .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            .count();
        let text = &b[end..end + body];
        let ok = text.iter().any(u8::is_ascii_digit) || (body == 1);
        if body == 0 || !ok {
            return None;
        }
        end += body;
        while b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(u8::is_ascii_digit) {
            end += 1;
            end += b[end..].iter().take_while(|c| c.is_ascii_digit()).count();
        }
    }
    // A letter right after the ID makes it a word (`HOP-Chess`).
    if b.get(end).is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    Some(&s[..end])
}

/// The cells of a table row `| a | b |` (pipes inside backticks kept).
fn cells(row: &str) -> Vec<String> {
    let inner = row.trim().trim_start_matches('|').trim_end_matches('|');
    let mut out = Vec::new();
    let (mut cur, mut code) = (String::new(), false);
    for c in inner.chars() {
        match c {
            '`' => {
                code = !code;
                cur.push(c);
            }
            '|' if !code => out.push(std::mem::take(&mut cur).trim().to_string()),
            _ => cur.push(c),
        }
    }
    out.push(cur.trim().to_string());
    out
}

/// Reads `doc` into entries by rule ID.
pub fn parse(doc: &str) -> BTreeMap<String, Entry> {
    let lines: Vec<&str> = doc.lines().collect();
    let mut out: BTreeMap<String, Entry> = BTreeMap::new();
    let mut add = |id: &str, section: &str, block: String| {
        let e = out.entry(id.to_string()).or_insert_with(|| Entry {
            id: id.to_string(),
            section: section.to_string(),
            text: String::new(),
        });
        if !e.text.is_empty() {
            e.text.push_str("\n\n");
        }
        e.text.push_str(block.trim_end());
    };
    let (mut section, mut header): (String, Vec<String>) = (String::new(), Vec::new());
    let mut fence = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        if line.starts_with("```") {
            fence = !fence;
            continue;
        }
        if fence {
            continue;
        }
        if let Some(h) = line.strip_prefix("## ") {
            section = h.trim().to_string();
            continue;
        }
        if line.starts_with('|') {
            let previous = if i >= 2 { lines[i - 2] } else { "" };
            if !previous.starts_with('|') {
                header = cells(line);
                continue;
            }
            let row = cells(line);
            let Some(id) = row
                .first()
                .and_then(|c| c.strip_prefix("**"))
                .and_then(leading_id)
            else {
                continue;
            };
            let block: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(k, cell)| match header.get(k) {
                    Some(h) if k > 0 && !h.is_empty() => format!("{h}: {cell}"),
                    _ => cell.clone(),
                })
                .collect();
            add(id, &section, block.join("\n"));
            continue;
        }
        let Some(id) = line.strip_prefix("- **").and_then(leading_id) else {
            continue;
        };
        let mut block = vec![line];
        while i < lines.len() {
            let next = lines[i];
            let indented = next.starts_with("  ");
            let clause = next.starts_with("- ") && !next.starts_with("- **");
            let blank_then_indented =
                next.trim().is_empty() && lines.get(i + 1).is_some_and(|l| l.starts_with("  "));
            if indented || clause || blank_then_indented {
                block.push(next);
                i += 1;
            } else {
                break;
            }
        }
        add(id, &section, block.join("\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_read_as_the_rule_id_test_reads_them() {
        assert_eq!(leading_id("HOP-7 Check and legality.**"), Some("HOP-7"));
        assert_eq!(leading_id("SCA-9.1/9.2** (choice"), Some("SCA-9.1"));
        assert_eq!(leading_id("SCA-4.5** | The"), Some("SCA-4.5"));
        assert_eq!(leading_id("CRZ-V Validity.**"), Some("CRZ-V"));
        assert_eq!(leading_id("G2 Move identity.**"), Some("G2"));
        assert_eq!(leading_id("G6"), Some("G6"));
        assert_eq!(leading_id("HOP-Chess"), None);
        assert_eq!(leading_id("Deviation**"), None);
        assert_eq!(leading_id("G-1"), None);
        assert_eq!(leading_id("SCA-4."), Some("SCA-4"));
    }

    #[test]
    fn list_items_tables_and_clauses_become_entries() {
        let doc = "\
# t

## HOP — Hop Chess

- **HOP-1** first line
  continued.
- **HOP-2 Turn.** second
- *A clause* of HOP-2

Not part of it.

| ID | Reading | Code |
|----|---------|------|
| **SCA-1** | springs `a|b` | `mod.rs` |

## Other

- **SCA-1** (listed springs) — rationale.
```text
- **HOP-3** in a code block
```
";
        let e = parse(doc);
        assert_eq!(e.len(), 3, "{e:?}");
        assert_eq!(e["HOP-1"].text, "- **HOP-1** first line\n  continued.");
        assert_eq!(e["HOP-1"].section, "HOP — Hop Chess");
        assert_eq!(
            e["HOP-2"].text,
            "- **HOP-2 Turn.** second\n- *A clause* of HOP-2"
        );
        assert_eq!(
            e["SCA-1"].text,
            "**SCA-1**\nReading: springs `a|b`\nCode: `mod.rs`\n\n- **SCA-1** (listed springs) — rationale."
        );
        assert_eq!(e["SCA-1"].section, "HOP — Hop Chess");
    }

    #[test]
    fn the_built_in_document_has_the_entries_explain_names() {
        for id in [
            "G2", "FIDE-1", "SCA-4.2", "SCA-13", "HOP-7", "CRZ-V", "DEN-2", "CWB-4", "ENG-1",
            "GLN-1",
        ] {
            let e = entry(id).unwrap_or_else(|| panic!("no entry for {id}"));
            assert!(e.text.contains(id), "{id}: {}", e.text);
        }
        assert!(entry("HOP-7").unwrap().text.contains("trampoline"));
        assert!(entry("NOPE-1").is_none());
    }
}
