//! Builds the fixture suite into the binary (`arbiter check` with no path
//! works from any folder and after `cargo install`), and reruns when
//! fixtures are added, changed or removed (the rstest `#[files]` fixture
//! tests are rebuilt then too).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let p = e.path();
        // Plain folders and files only (links and FIFOs are not followed).
        let Ok(t) = e.file_type() else { continue };
        if t.is_dir() {
            walk(&p, out);
        } else if t.is_file()
            && matches!(p.extension().and_then(|x| x.to_str()), Some("yaml" | "yml"))
        {
            out.push(p);
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=fixtures");
    println!("cargo:rerun-if-changed=build.rs");
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let mut files = Vec::new();
    walk(&root.join("fixtures"), &mut files);
    let mut code = String::from("pub static BUILTIN: &[(&str, &str)] = &[\n");
    for f in &files {
        let rel = f.strip_prefix(&root).expect("under the crate");
        let _ = writeln!(
            code,
            "    ({:?}, include_str!({:?})),",
            rel.to_string_lossy(),
            f.to_string_lossy()
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    std::fs::write(out.join("builtin_fixtures.rs"), code).expect("write builtin_fixtures.rs");
}
