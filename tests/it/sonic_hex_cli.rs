//! The command line on `sonic-hex` (SCA-13): perft prints one line under
//! 120° and 60° turns; the variant is listed with its options; bad input
//! exits 2 with one line naming the problem; `explain` names SCA-13; the
//! position text round-trips through `play`; the reference passes the
//! sonic-hex fixtures as an engine (`check --engine`).

use crate::common;
use common::{arbiter, assert_input_error};

const START: &str = "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1";

#[test]
fn perft_prints_one_line() {
    // 51 and 2594 / 2589 are hand-derived in fixtures/sonic-hex/SCA-13-start*.
    for (rules, want) in [(&[][..], "2594\n"), (&["--rule", "turn=60"][..], "2589\n")] {
        let mut args = vec!["perft", "--variant", "sonic-hex", "--depth", "2"];
        args.extend_from_slice(rules);
        let (code, out, err) = arbiter(&args);
        assert_eq!((code, out.as_str(), err.as_str()), (0, want, ""));
    }
}

#[test]
fn listed_with_its_options() {
    let (code, out, _) = arbiter(&["variants"]);
    assert_eq!(code, 0);
    let at = out.find("sonic-hex ").expect("sonic-hex listed");
    let block = &out[at..];
    assert!(
        block.contains(&format!("start: {START} w - 0 1 -")),
        "{block}"
    );
    assert!(block.contains("--rule turn"), "{block}");
    assert!(block.contains("--rule alternate-turns"), "{block}");
}

#[test]
fn bad_input_names_the_problem() {
    let perft = |text: String, needle: &str| {
        assert_input_error(
            &[
                "perft",
                "--variant",
                "sonic-hex",
                "--position",
                &text,
                "--depth",
                "1",
            ],
            needle,
        );
    };
    perft(format!("{START} w - 0 1 f6,f6"), "springs");
    perft(format!("{START} w - 0 1 j6"), "springs");
    perft(format!("{START} w - 0 1 - KNA=K"), "fields");
    perft(format!("{START} x - 0 1 -"), "turn");
    perft(
        "1/3/5/7/9/11/11/11/11/11/K10 w - 0 1 -".into(),
        "no black king",
    );
    assert_input_error(
        &[
            "perft",
            "--variant",
            "sonic-hex",
            "--rule",
            "turn=90",
            "--depth",
            "1",
        ],
        "turn",
    );
    for (m, needle) in [
        ("O-O", "no castling"),
        ("K:g1-g2", "single form"),
        ("f5xg6", "GLN-1"),
        ("g1-j2", "malformed move"),
    ] {
        assert_input_error(&["play", "--variant", "sonic-hex", "--moves", m], needle);
    }
}

#[test]
fn explain_names_sca_13() {
    let pos = "1/3/5/7/4n4/11/11/8b2/5R5/11/K9k w - 0 1 -";
    let (code, out, _) = arbiter(&[
        "explain",
        "--variant",
        "sonic-hex",
        "--position",
        pos,
        "f3xf7xi4-c1:cw",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("legal: f3xf7xi4-c1:cw"), "{out}");
    assert!(out.contains("SCA-13") && out.contains("SCA-4"), "{out}");
    let (_, out, _) = arbiter(&[
        "explain",
        "--variant",
        "sonic-hex",
        "--position",
        pos,
        "f3xf7-k5:cw",
    ]);
    assert!(out.starts_with("illegal"), "{out}");
    assert!(out.contains("SCA-13"), "{out}");
}

#[test]
fn play_prints_the_canonical_text() {
    // Springs in rank order; the en passant cell after a double step.
    let (code, out, err) = arbiter(&[
        "play",
        "--variant",
        "sonic-hex",
        "--position",
        &format!("{START} w - 0 1 f7,a1"),
        "--moves",
        "e4-e6",
        "c7-c5",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "b/qbk/n1b1n/r5r/p1ppppppp/4P6/2p2P5/6P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w c6 0 2 a1,f7\n"
    );
}

#[test]
fn the_reference_engine_passes_the_sonic_hex_fixtures() {
    let engine = format!("{} engine", env!("CARGO_BIN_EXE_arbiter"));
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/sonic-hex");
    let (code, out, err) = arbiter(&["check", "--engine", &engine, dir]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.trim_end().ends_with(" passed, 0 failed"), "{out}");
    assert!(err.contains("sonic-hex"), "{err}");
}
