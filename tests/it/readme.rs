//! The README's examples work as written: every command line
//! of its ```sh blocks that calls `arbiter` runs through `sh`, with the
//! test's arbiter binary first on `PATH` (what the README's `export PATH`
//! line does), in a scratch folder that links `fixtures/` and
//! `examples/`. A trailing `# N` comment is the expected output,
//! `# illegal: MOVE: reason [RULE-IDs]` the whole line explain prints, and
//! `# illegal [RULE-ID]` the expected verdict and rule IDs.

use crate::common;

use std::path::Path;
use std::process::Command;

/// The command lines of the README's ```sh blocks (continuations joined).
fn sh_lines(readme: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_sh = false;
    let mut pending = String::new();
    for line in readme.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            in_sh = t == "```sh";
            continue;
        }
        if !in_sh || t.is_empty() || t.starts_with('#') {
            continue;
        }
        match t.strip_suffix('\\') {
            Some(head) => {
                pending.push_str(head);
                pending.push(' ');
            }
            None => {
                pending.push_str(t);
                out.push(std::mem::take(&mut pending));
            }
        }
    }
    out
}

/// The command and its trailing comment (a `#` after a blank, outside quotes).
fn split_comment(line: &str) -> (&str, &str) {
    let (mut single, mut double, mut prev) = (false, false, ' ');
    for (i, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && prev.is_whitespace() => {
                return (line[..i].trim(), line[i + 1..].trim())
            }
            _ => {}
        }
        prev = c;
    }
    (line.trim(), "")
}

#[test]
fn the_readme_examples_run_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let lines = sh_lines(&readme);
    assert!(
        lines
            .iter()
            .any(|l| l == r#"export PATH="$PWD/target/release:$PATH""#),
        "the README tells how `arbiter` gets on PATH"
    );
    let work = common::scratch_dir("readme");
    for dir in ["fixtures", "examples"] {
        std::os::unix::fs::symlink(root.join(dir), work.join(dir)).unwrap();
    }
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_arbiter")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for line in &lines {
        let (cmd, comment) = split_comment(line);
        if !cmd.starts_with("arbiter ") {
            continue;
        }
        ran += 1;
        let out = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .current_dir(&work)
            .env("PATH", &path)
            .output()
            .unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        // bisect exits 1 when it finds the divergence it is shown finding.
        let want_code = if cmd.starts_with("arbiter bisect") {
            1
        } else {
            0
        };
        assert_eq!(
            out.status.code(),
            Some(want_code),
            "{cmd}\n{stdout}\n{stderr}"
        );
        let first = comment.split_whitespace().next().unwrap_or("");
        if first.bytes().all(|b| b.is_ascii_digit()) && !first.is_empty() {
            assert_eq!(stdout.trim(), first, "{cmd}");
        } else if comment.starts_with("illegal: ") {
            // `illegal: MOVE: reason [IDS]` is the whole line explain prints.
            assert_eq!(stdout.trim_end(), comment, "{cmd}");
        } else if comment.starts_with("illegal") {
            assert!(stdout.starts_with("illegal"), "{cmd}: {stdout}");
            for id in comment
                .split(['[', ']'])
                .skip(1)
                .step_by(2)
                .flat_map(|ids| ids.split(", "))
            {
                assert!(stdout.contains(id), "{cmd}: {id} not named: {stdout}");
            }
        } else if let Some(mv) = first.strip_suffix(':') {
            assert!(
                stdout.lines().any(|l| l == mv),
                "{cmd}: no move {mv}: {stdout}"
            );
        }
    }
    assert!(ran >= 15, "only {ran} example lines found");
}
