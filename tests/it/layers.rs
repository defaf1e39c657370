//! The crate's layers (STYLE.md): drawn as folders and the
//! `crate::` / `super::` paths their files name, the graph has no cycle;
//! core names no game and not the registry; a game names core, its own
//! folder and only the base games it documents; no game names the
//! registry; and inside core no two files name each other in a circle.
//!
//! The paths are read from the source text (`use` lines and inline
//! `crate::a::b` paths, comments and doc comments left out), which is what
//! `cargo modules dependencies --acyclic` would see, without the tool.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The base games each game may build on (STYLE.md: hop and crazy on
/// fide's pieces, bosses and english on draughts, sonic-hex on sonic's
/// walker and Gliński's board, mccooey and shafran on glinski's generator
/// and its base tables).
const BASES: &[(&str, &[&str])] = &[
    ("hop", &["fide"]),
    ("crazy", &["fide"]),
    ("bosses", &["draughts"]),
    ("english", &["draughts"]),
    ("sonic_hex", &["sonic", "glinski"]),
    ("mccooey", &["glinski"]),
    ("shafran", &["glinski"]),
];

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file (`src/variants/fide/position.rs` →
/// `["variants", "fide", "position"]`; `mod.rs` is its folder).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts
        .last()
        .is_some_and(|l| l == "mod" || l == "lib" || l == "main")
    {
        parts.pop();
    }
    parts
}

/// The folder node a module belongs to: `core`, `cli`, `conformance`,
/// `render`, `serve`, `variants` (the registry, `variants/mod.rs`), or a
/// game's folder `variants/<game>`.
fn node_of(module: &[String]) -> Option<String> {
    match module {
        [] => None,
        [v] if v == "variants" => Some("variants".into()),
        [v, game, ..] if v == "variants" => Some(format!("variants/{game}")),
        [top, ..] => Some(top.clone()),
    }
}

/// The code of a file with comments, string and char literals blanked
/// out (same length, so braces can be matched and nothing in a string or
/// comment counts as a path).
fn code(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            while i < b.len() && !(b[i] == '*' && b.get(i + 1) == Some(&'/')) {
                out.push(blank(b[i]));
                i += 1;
            }
            out.push_str("  ");
            i += 2;
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && (i == 0 || !b[i - 1].is_alphanumeric() && b[i - 1] != '_')
        {
            // A raw string r#*"..."#*.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.extend(b[i..j.min(b.len())].iter().map(|&c| blank(c)));
            i = j;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}'), or a lifetime.
            let lit = if next == Some('\\') {
                let mut j = i + 2;
                while j < b.len() && b[j] != '\'' {
                    j += 1;
                }
                Some(j + 1)
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match lit {
                Some(j) => {
                    for _ in i..j.min(b.len()) {
                        out.push(' ');
                    }
                    i = j;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// For each byte of `code`, the inline modules (`mod name { .. }`) it is
/// inside, outermost first.
fn inline_modules(code: &str) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let mut at: Vec<Vec<String>> = vec![Vec::new(); bytes.len() + 1];
    // (name, the brace depth its block opened at)
    let mut stack: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        at[i] = stack.iter().map(|(n, _)| n.clone()).collect();
        match bytes[i] {
            b'{' => {
                depth += 1;
            }
            b'}' => {
                if stack.last().is_some_and(|(_, d)| *d == depth) {
                    stack.pop();
                }
                depth = depth.saturating_sub(1);
            }
            b'm' if code[i..].starts_with("mod ")
                && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric() && bytes[i - 1] != b'_') =>
            {
                let rest = &code[i + 4..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let after = rest[name.len()..].trim_start();
                if !name.is_empty() && after.starts_with('{') {
                    let open = i + 4 + name.len() + (rest.len() - name.len() - after.len());
                    stack.push((name, depth + 1));
                    let outer: Vec<String> = stack[..stack.len() - 1]
                        .iter()
                        .map(|(n, _)| n.clone())
                        .collect();
                    for slot in &mut at[i..open] {
                        slot.clone_from(&outer);
                    }
                    depth += 1;
                    i = open + 1;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    at
}

/// Every module path the file names (`crate::a::b`, `super::a`), resolved
/// to an absolute module path (as far as it goes).
fn named_paths(module: &[String], text: &str) -> Vec<Vec<String>> {
    let code = code(text);
    let inline = inline_modules(&code);
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        let starts = (rest.starts_with(b"crate::") || rest.starts_with(b"super::"))
            && (i == 0 || !ident(bytes[i - 1]) && bytes[i - 1] != b':');
        if !starts {
            i += 1;
            continue;
        }
        let start = i;
        // Read `seg::seg::...` (stop at `{`, `*` or anything else).
        let mut segs: Vec<&str> = Vec::new();
        let mut j = i;
        loop {
            let k = j + code[j..].bytes().take_while(|&c| ident(c)).count();
            if k == j {
                break;
            }
            segs.push(&code[j..k]);
            if code[k..].starts_with("::") {
                j = k + 2;
            } else {
                break;
            }
        }
        i = j.max(i + 1);
        let mut abs: Vec<String> = if segs[0] == "crate" {
            Vec::new()
        } else {
            // `super` is the parent module (of `a/b/c.rs` → `a/b`; of
            // `a/b/mod.rs`, whose module is `a/b` → `a`; inside an inline
            // `mod tests { .. }` of `c.rs`, `c`).
            let mut base = module.to_vec();
            base.extend(inline[start].iter().cloned());
            base.pop();
            base
        };
        for s in &segs[1..] {
            if *s == "super" {
                abs.pop();
            } else {
                abs.push(s.to_string());
            }
        }
        out.push(abs);
    }
    out
}

/// Who names whom: a node and the nodes it names.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The folder graph and the core file graph.
fn graphs() -> (Graph, Graph, Vec<String>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rs_files(&src, &mut files);
    files.sort();
    let games: BTreeSet<String> = std::fs::read_dir(src.join("variants"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().to_string())
        .collect();
    let mut folders: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut core_files: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut evidence = Vec::new();
    for f in &files {
        let module = module_of(&src, f);
        let Some(from) = node_of(&module) else {
            continue;
        };
        let text = std::fs::read_to_string(f).unwrap();
        for path in named_paths(&module, &text) {
            // `variants::<x>` is a game only when <x> is a game folder.
            let to = match path.as_slice() {
                [v, g, ..] if v == "variants" && games.contains(g) => format!("variants/{g}"),
                [v, ..] if v == "variants" => "variants".to_string(),
                [top, ..] => top.clone(),
                [] => continue,
            };
            if to != from {
                folders.entry(from.clone()).or_default().insert(to.clone());
                evidence.push(format!("{} → {}: {}", f.display(), to, path.join("::")));
            }
            if from == "core" && path.first().is_some_and(|p| p == "core") && path.len() > 1 {
                let a = module.get(1).cloned().unwrap_or_default();
                let b = path[1].clone();
                if a != b && !a.is_empty() {
                    core_files.entry(a).or_default().insert(b);
                }
            }
        }
    }
    (folders, core_files, evidence)
}

/// A cycle of the graph, if it has one.
fn cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(n) {
            Some(2) => return None,
            Some(1) => {
                let i = stack.iter().position(|x| x == n).unwrap();
                let mut c = stack[i..].to_vec();
                c.push(n.to_string());
                return Some(c);
            }
            _ => {}
        }
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for m in g.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, g, state, stack) {
                return Some(c);
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in g.keys() {
        if let Some(c) = visit(n, g, &mut state, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

#[test]
fn the_folders_form_no_cycle() {
    let (folders, _, evidence) = graphs();
    assert!(folders.contains_key("cli") && folders.contains_key("variants/fide"));
    if let Some(c) = cycle(&folders) {
        let why: Vec<&String> = evidence
            .iter()
            .filter(|e| {
                c.windows(2)
                    .any(|w| e.contains(&format!("{} → {}:", "", w[1])))
            })
            .take(20)
            .collect();
        panic!("cycle between folders: {}\n{why:#?}", c.join(" → "));
    }
}

#[test]
fn core_names_no_game_and_games_name_only_their_bases() {
    let (folders, _, evidence) = graphs();
    let show = |from: &str, to: &str| -> Vec<String> {
        evidence
            .iter()
            .filter(|e| {
                e.contains(&format!("/{}/", from.trim_start_matches("variants/")))
                    && e.contains(&format!("→ {to}:"))
            })
            .cloned()
            .collect()
    };
    if let Some(to) = folders.get("core").into_iter().flatten().next() {
        panic!("core names {to}: {:?}", show("core", to));
    }
    for (from, tos) in &folders {
        let Some(game) = from.strip_prefix("variants/") else {
            continue;
        };
        let bases: &[&str] = BASES
            .iter()
            .find(|(g, _)| *g == game)
            .map_or(&[], |(_, b)| b);
        for to in tos {
            let ok = to == "core"
                || to
                    .strip_prefix("variants/")
                    .is_some_and(|b| bases.contains(&b));
            assert!(ok, "{from} names {to}: {:?}", show(from, to));
        }
    }
}

#[test]
fn core_files_form_no_cycle() {
    let (_, core_files, _) = graphs();
    assert!(core_files.contains_key("perft"), "{core_files:?}");
    if let Some(c) = cycle(&core_files) {
        panic!("cycle between core files: {}", c.join(" → "));
    }
}

#[test]
fn the_path_reader_resolves_super_and_crate() {
    let m = |s: &str| s.split('/').map(String::from).collect::<Vec<_>>();
    let got = named_paths(
        &m("variants/fide/position"),
        "use super::fen::X; // crate::cli::Y\nuse crate::core::{Game, Flow};\nlet a = super::super::all();\nlet s = \"crate::cli\";\nmod tests {\n    use super::super::Fide;\n}\nuse super::Z;",
    );
    assert_eq!(
        got,
        vec![
            m("variants/fide/fen/X"),
            m("core"),
            m("variants/all"),
            m("variants/fide/Fide"),
            m("variants/fide/Z")
        ]
    );
    let got = named_paths(&m("variants/fide"), "use super::Setup;");
    assert_eq!(got, vec![m("variants/Setup")]);
}
