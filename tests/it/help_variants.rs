//! The variant lists of the documentation cannot drift. Every
//! variant id of the registry (as `arbiter variants --json` lists them)
//! appears in `arbiter --help`, in every subcommand's `--help` (they are
//! generated from the registry), in the engine protocol's table of
//! CONFORMANCE.md and in the README's list.

use crate::common::arbiter;

use std::path::Path;

fn variant_ids() -> Vec<String> {
    let (code, out, err) = arbiter(&["variants", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let ids: Vec<String> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["id"].as_str().unwrap().to_string())
        .collect();
    assert!(ids.len() >= 8, "{ids:?}");
    ids
}

/// The subcommands `arbiter --help` lists.
fn subcommands(help: &str) -> Vec<String> {
    help.split("Commands:")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(String::from)
        .collect()
}

#[test]
fn every_help_names_every_variant() {
    let ids = variant_ids();
    let (_, top, _) = arbiter(&["--help"]);
    let commands = subcommands(&top);
    assert!(commands.len() >= 13, "{commands:?}");
    for (what, help) in std::iter::once(("arbiter".to_string(), top.clone())).chain(
        commands
            .iter()
            .map(|c| (format!("arbiter {c}"), arbiter(&[c, "--help"]).1)),
    ) {
        for id in &ids {
            let named = help
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .any(|w| w == id);
            assert!(named, "{what} --help does not name {id}:\n{help}");
        }
    }
}

#[test]
fn the_protocol_table_and_the_readme_name_every_variant() {
    let ids = variant_ids();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let conformance = std::fs::read_to_string(root.join("CONFORMANCE.md")).unwrap();
    let row = conformance
        .lines()
        .find(|l| l.starts_with("| `variant` |"))
        .expect("the protocol table's `variant` row");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let list = readme
        .lines()
        .find(|l| l.starts_with("Variants: `"))
        .expect("the README's list of variants");
    for id in &ids {
        assert!(row.contains(&format!("`{id}`")), "{id} not in: {row}");
        assert!(
            list.split(['`', ' ']).any(|w| w == id),
            "{id} not in: {list}"
        );
    }
}
