//! The command line on `glinski`: perft prints one line; bad input exits 2
//! with one line naming the problem (the position field, the move); a
//! federation record (Hungarian letters, move numbers, check marks, `ep.`)
//! replays with `play --moves` and stops, naming the ply, where the record
//! is wrong; `explain` names GLN-1.

use crate::common;
use common::{arbiter, assert_input_error};

const START: &str = "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1";

#[test]
fn perft_prints_one_line() {
    let (code, out, err) = arbiter(&["perft", "--variant", "glinski", "--depth", "2"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "2586\n", ""));
}

#[test]
fn malformed_position_names_the_field() {
    let cases = [
        (format!("{START} x - 0 1"), "turn"),
        (format!("{START} w j5 0 1"), "en passant"),
        (format!("{START} w e5 0 1"), "en passant"),
        (format!("{START} w - -1 1"), "halfmove"),
        (format!("{START} w - 0 0"), "fullmove"),
        (format!("{START} w - 0"), "fullmove"),
        (format!("{START} w - - 0 1"), "fields"),
        (START.replacen("r5r", "r6r", 1) + " w - 0 1", "rank 8"),
        (START.replacen("qbk", "qb", 1) + " w - 0 1", "rank 10"),
        ("1/3/5/7/9/11/11/11/11/11/11 w - 0 1".to_string(), "kings"),
        (
            "P/3/5/7/9/11/11/11/11/11/K9k w - 0 1".to_string(),
            "promotion cell",
        ),
        (
            "1/3/5/7/9/11/11/11/11/5P5/K9k w - 0 1".to_string(),
            "behind its start cells",
        ),
    ];
    for (text, field) in &cases {
        assert_input_error(
            &[
                "perft",
                "--variant",
                "glinski",
                "--position",
                text,
                "--depth",
                "1",
            ],
            field,
        );
    }
}

#[test]
fn bad_moves_name_the_move() {
    let base = ["play", "--variant", "glinski", "--moves"];
    for (m, needle) in [
        ("j5j6", "malformed move 'j5j6'"),
        ("f5f6k", "malformed move 'f5f6k'"),
        ("f5f7", "move 1: illegal move 'f5f7'"),
        ("Nf5", "move 1: illegal move 'Nf5'"),
        ("Nf4", "move 1: ambiguous move 'Nf4': matches h1f4, d1f4"),
    ] {
        let mut args = base.to_vec();
        args.push(m);
        assert_input_error(&args, needle);
    }
}

/// The first game of the 1st European championship (London 1980) as the
/// Hungarian federation recorded it, token by token.
const LONDON_1980: &str = "1.e5 Hdf8 2.d5 g5 3.Hg2 h5 4.h4 Fh7 5.Hhi3 Hg7 6.Fe2 Fg8 \
7.Fe4 Hd6 8.Ff3 f6 9.Fd3 fxe5 10.fxe5 Fxe5 11.Fxe5 Hb3 12.Be3 Fxe3 13.Vxe3 Bh8 \
14.Vg6 Bg9 15.Vi8 Kf10 16.Fc4 d6 17.Ve3 Hbc6 18.Hh6 Bg10 19.Hxf9 Vxf9 20.Bf4 Ke9 \
21.Fxd6 Vd7 22.Bf6 Bd8 23.Fg3 Vg9 24.Vxe7 Kd9 25.hxg5 Bge9 26.Ff7 Hxf7 27.Vxf7 Ve8 \
28.gxh5 Hxh5 29.Vxh5 Ve2 30.Ff2 Bde8 31.Bf11 Be10 32.Bxe10 Bxe10 33.Vf9 Be9 \
34.Vxb7 Kf10 35.Vxk7 Be3 36.Vh8 Ke8 37.Ve10";

#[test]
fn play_replays_a_hungarian_record() {
    let mut args = vec!["play", "--variant", "glinski", "--moves"];
    args.extend(LONDON_1980.split_whitespace());
    let (code, out, err) = arbiter(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "1/Q2/5/2k4/1p5p1/11/3P7/6P4/4rB5/2P1qBN1P2/1P4K2P1 b - 4 37\n"
    );
    // "12.Be3" alone is ambiguous (B: bishop f2 in English, rook c1 in
    // Hungarian); after the Hungarian letters before it, it is the rook.
    let (code, out, _) = arbiter(&[
        "play",
        "--variant",
        "glinski",
        "--moves",
        "1.e5",
        "Hdf8",
        "2.d5",
        "g5",
        "3.Hg2",
        "h5",
        "4.h4",
        "Fh7",
        "5.Hhi3",
        "Hg7",
        "6.Fe2",
        "Fg8",
        "7.Fe4",
        "Hd6",
        "8.Ff3",
        "f6",
        "9.Fd3",
        "fxe5",
        "10.fxe5",
        "Fxe5",
        "11.Fxe5",
        "Hb3",
        "12.Be3",
    ]);
    assert_eq!(code, 0);
    // The rook c1 stands on e3 (rank 3: b3 knight, e3 rook, f3 bishop, i3
    // knight), c1 is empty (rank 1).
    assert_eq!(
        out,
        "1/q1k/2b2/r2n2r/pppp2bpp/11/3PB1pp3/6PP3/1n2RB2N2/2P2BN1P2/1P2Q1K1RP1 b - 2 12\n"
    );
}

/// A record with an error stops at the wrong token, naming its ply: the
/// Szekszárd 1981 game Rudolf-Halas, which its transcriber marked "error
/// at move 35. Bg7" (White has no rook left).
#[test]
fn play_stops_where_a_record_is_wrong() {
    let record = "1.g5 g6 2.Hg2 Fe8 3.Hhi3 Hg7 4.Hh6 Bh9 5.Fxk7 Fxk7 6.Hxk7 Hg9 \
7.Hxg9 Fxg9 8.Bif4 Vf9 9.Bk4 Hi8 10.Hi3 Fg8 11.Bxc8 Fxc8 12.Bk4 h6 13.Vi6 Vh8 \
14.Vxh8 Bxh8 15.Hk5 Hxk5 16.Bxk5 i6 17.Bxi6 Kf9 18.k3 Kg7 19.Bk6 Bxk6 20.Fxk6 h5 \
21.gxh5 Kxh5 22.Kh2 Fg9 23.i3 Ki6 24.Fh4 Kh5 25.Fi2 f6 26.h4 Kk4 27.i4 Kl2 28.k4 Kk2 \
29.k5 Fi5 30.h5 gxh5 31.ixh5 Fi4 32.hxi5 Fxf1 33.k6 Ki4 34.k7V Kxi5 35.Bg7 Kk5";
    let mut args = vec!["play", "--variant", "glinski", "--moves"];
    args.extend(record.split_whitespace());
    assert_input_error(&args, "move 69: illegal move '35.Bg7'");
}

#[test]
fn explain_names_the_rule() {
    let (code, out, _) = arbiter(&["explain", "--variant", "glinski", "f5g6"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("illegal: f5g6: not a pawn move"), "{out}");
    assert!(out.contains("not along a diagonal") && out.trim_end().ends_with("[GLN-1]"));
    let (_, out, _) = arbiter(&["explain", "--variant", "glinski", "--json", "e4e6"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["legal"], true);
    assert_eq!(v["rules"][0], "GLN-1");
}

/// GLN-1 (RULINGS 3.4): `play` at a stalemate prints the draw and the
/// score note (3/4 to the stalemating side, 1/4 to the stalemated one).
#[test]
fn play_at_stalemate_prints_the_score_note() {
    let stalemate = "k/3/5/3K1Q1/9/11/11/11/11/11/11 b - 0 1";
    let (code, out, err) = arbiter(&["play", "--variant", "glinski", "--position", stalemate]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("outcome: draw"), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("note: stalemate")
            && l.contains("3/4 to White")
            && l.contains("1/4 to Black")),
        "{out}"
    );
    let (_, out, _) = arbiter(&[
        "play",
        "--variant",
        "glinski",
        "--position",
        stalemate,
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        v["score_note"]
            .as_str()
            .is_some_and(|n| n.contains("3/4 to White")),
        "{out}"
    );
    let (_, out, _) = arbiter(&["play", "--variant", "glinski", "--moves", "f5f6"]);
    assert!(!out.contains("note:"), "{out}");
}
