//! EPD perft suites: `arbiter check FILE.epd` and `arbiter export --epd`.

use crate::common;

use common::{arbiter_in, assert_input_error, scratch_dir};

/// The chess programming community's standard perft positions (counts
/// independent of arbiter), with and without the clock fields.
const FIDE_SUITE: &str = "\
# standard perft positions
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;D4 197281
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039 ;D3 97862

8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - ;D1 14 ;D2 191 ;D3 2812 ;D4 43238 ;D5 674624
rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 ;D1 44;D2 1486;D3 62379
";

fn last_line(s: &str) -> &str {
    s.trim_end().lines().last().unwrap_or("")
}

#[test]
fn check_runs_an_epd_suite_like_fixtures() {
    let dir = scratch_dir("epd-check");
    std::fs::write(dir.join("perftsuite.epd"), FIDE_SUITE).unwrap();
    let (code, out, err) = arbiter_in(&dir, &["check", "perftsuite.epd"]);
    assert_eq!(
        (code, last_line(&out)),
        (0, "4 passed, 0 failed"),
        "{out}{err}"
    );
    // A wrong count fails and names the line as the case id.
    std::fs::write(
        dir.join("wrong.epd"),
        FIDE_SUITE.replace(";D3 2812", ";D3 2813"),
    )
    .unwrap();
    let (code, out, _) = arbiter_in(&dir, &["check", "wrong.epd", "--json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["passed"].as_u64(), v["failed"].as_u64()),
        (Some(3), Some(1))
    );
    let failed = v["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["status"] == "fail")
        .unwrap();
    assert_eq!(failed["id"], "wrong:5");
    assert!(failed["details"][0]
        .as_str()
        .unwrap()
        .contains("perft(3): expected 2813, actual 2812"));
    // The node budget skips deep counts as for fixtures: a line whose only
    // count is above it is a skipped case, saying why.
    std::fs::write(
        dir.join("deep.epd"),
        format!("{FIDE_SUITE}rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D5 4865609\n"),
    )
    .unwrap();
    let (code, out, _) = arbiter_in(&dir, &["check", "deep.epd", "--max-nodes", "50000", "-v"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("SKIP  deep:7") && out.contains("above the node budget"),
        "{out}"
    );
    assert_eq!(last_line(&out), "4 passed, 0 failed, 1 skipped");
    // Other games' position texts with --variant, options with --rule.
    std::fs::write(
        dir.join("sonic.epd"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - KNA=K KNA=K ;D3 242544\n",
    )
    .unwrap();
    let (code, out, _) = arbiter_in(
        &dir,
        &[
            "check",
            "sonic.epd",
            "--variant",
            "sonic",
            "--rule",
            "springs",
        ],
    );
    assert_eq!((code, last_line(&out)), (0, "1 passed, 0 failed"), "{out}");
    let (code, _, _) = arbiter_in(&dir, &["check", "sonic.epd", "--variant", "sonic"]);
    assert_eq!(code, 1, "without springs the count differs");
    // A position the variant does not accept is that case's failure.
    let (code, out, _) = arbiter_in(&dir, &["check", "perftsuite.epd", "--variant", "hop"]);
    assert_eq!(code, 1);
    assert!(last_line(&out).starts_with("0 passed, 4 failed"), "{out}");
}

#[test]
fn a_malformed_epd_line_is_an_input_error_naming_it() {
    let dir = scratch_dir("epd-bad");
    for (name, text, needle) in [
        (
            "a.epd",
            "8/8/8/8/8/8/8/K6k w - - ;D1 3\n8/8/8/8/8/8/8/K6k w - - ;D1 x\n",
            "a.epd:2: malformed operation ';D1 x'",
        ),
        (
            "b.epd",
            "\n\n8/8/8/8/8/8/8/K6k w - -\n",
            "b.epd:3: no perft counts",
        ),
        (
            "c.epd",
            "8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D1 3\n",
            "c.epd:1: D1 given twice",
        ),
    ] {
        std::fs::write(dir.join(name), text).unwrap();
        assert_input_error(&["check", dir.join(name).to_str().unwrap()], needle);
    }
    assert_input_error(&["check", "/no/such/suite.epd"], "suite.epd");
    assert_input_error(
        &["check", "--rule", "springs", "fixtures/sonic"],
        "--rule sets the rule options of EPD suites",
    );
    let p = dir.join("a.epd");
    assert_input_error(
        &[
            "check",
            p.to_str().unwrap(),
            "--variant",
            "sonic",
            "--rule",
            "nope",
        ],
        "nope",
    );
}

#[test]
fn export_writes_the_fixtures_perft_expectations_as_epd() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = scratch_dir("epd-export");
    for variant in ["fide", "hop", "english"] {
        let (code, out, err) = arbiter_in(root, &["export", "--epd", "--variant", variant]);
        assert_eq!(code, 0, "{variant}: {err}");
        let lines = out.lines().count();
        assert!(lines >= 1, "{variant}: {out}");
        assert!(out.lines().all(|l| l.contains(" ;D")), "{out}");
        let file = dir.join(format!("{variant}.epd"));
        std::fs::write(&file, &out).unwrap();
        // The suite reads back and passes on the reference.
        let (code, check, err) = arbiter_in(
            root,
            &[
                "check",
                file.to_str().unwrap(),
                "--variant",
                variant,
                "--max-nodes",
                "1000000",
            ],
        );
        assert_eq!(code, 0, "{variant}: {check}{err}");
        assert_eq!(
            last_line(&check),
            format!("{lines} passed, 0 failed"),
            "{variant}"
        );
    }
    // Exported from a folder of one variant, no --variant needed; other rule
    // options only with --rule.
    let (code, out, err) = arbiter_in(root, &["export", "--epd", "fixtures/sonic"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("with other rule options (export them with --rule)"),
        "{err}"
    );
    let (code, springs, _) = arbiter_in(
        root,
        &["export", "--epd", "fixtures/sonic", "--rule", "springs"],
    );
    assert_eq!(code, 0);
    assert!(!springs.is_empty() && springs != out);
    // crazy: a fixture whose history leaves a deniable turn is left out
    // (its text does not hold the turn that may be denied, DEN-7); a
    // fide fixture with a history is written as the text after it.
    let (_, n, _) = arbiter_in(
        root,
        &[
            "perft",
            "--variant",
            "crazy",
            "--moves",
            "e2e4",
            "--depth",
            "1",
        ],
    );
    let (_, m, _) = arbiter_in(
        root,
        &[
            "perft",
            "--variant",
            "fide",
            "--moves",
            "e2e4",
            "--depth",
            "2",
        ],
    );
    let suite = dir.join("suite");
    std::fs::create_dir_all(&suite).unwrap();
    for (id, variant, body) in [
        (
            "G3-crazy-start",
            "crazy",
            "expect:\n  perft: {1: 81}\n".to_string(),
        ),
        (
            "G3-crazy-after-e2e4",
            "crazy",
            format!("moves: [e2e4]\nexpect:\n  perft: {{1: {}}}\n", n.trim()),
        ),
        (
            "G3-fide-after-e2e4",
            "fide",
            format!("moves: [e2e4]\nexpect:\n  perft: {{2: {}}}\n", m.trim()),
        ),
    ] {
        std::fs::write(
            suite.join(format!("{id}.yaml")),
            format!(
                "id: {id}\nvariant: {variant}\nrules: [G3]\nsource: {{document: test}}\n{body}"
            ),
        )
        .unwrap();
    }
    let s = suite.to_str().unwrap();
    let (code, out, err) = arbiter_in(root, &["export", "--epd", "--variant", "crazy", s]);
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b ;D1 81\n"
        ),
        "{err}"
    );
    assert!(err.contains("left out 1 fixture(s): the position after its moves is not all in the position text: G3-crazy-after-e2e4"), "{err}");
    let (code, out, _) = arbiter_in(root, &["export", "--epd", "--variant", "fide", s]);
    assert_eq!(code, 0);
    let (_, text, _) = arbiter_in(root, &["play", "--variant", "fide", "--moves", "e2e4"]);
    assert_eq!(out, format!("{} ;D2 {}\n", text.trim(), m.trim()));
    // Several variants need --variant; a format is required.
    assert_input_error(&["export", "--epd"], "pick one with --variant");
    let (code, _, _) = arbiter_in(root, &["export"]);
    assert_eq!(code, 2);
}
