//! Garbage in, typed error out: position and move parsers of `english` and
//! `bosses` never panic; the final text after the last boss is captured.

use crate::common;

use arbiter::core::PerftOptions;
use arbiter::variants::{self, Setup};

const POSITIONS: [&str; 16] = [
    "",
    ":",
    "B::",
    "B:W:B",
    "B:WK:B1",
    "B:W1-40:B",
    "W:W99999999999:B1",
    "B:W21,,22:B1",
    "é:W21:B1",
    "8/8/8/8/8/8/8/8 w -",
    "(é)7/8/8/8/8/8/8/D7 w Dd",
    "[D]7/8/8/8/8/8/8/d7 w Dd",
    "[D99999999999]7/8/8/8/8/8/8/d7 w d",
    "()7/8/8/8/8/8/8/d7 w d",
    "2cccc2/oooooooo/dddddddd/8/8/DDDDDDDD/OOOOOOOO/2CCCC2 w DOCdocé",
    "2cccc2/oooooooo/dddddddd/8/8/DDDDDDDD/OOOOOOOO/2CCCC2 w",
];

const MOVES: [&str; 16] = [
    "",
    "x",
    "-",
    "11-",
    "11x",
    "é",
    "a1",
    "D@",
    "@a1",
    "D@a9,a1-a2",
    "a1>a2",
    "a1-a2,a2>",
    "c3-d4,,",
    "99-100",
    "11-15-19",
    "D@c3",
];

#[test]
fn no_panic_on_garbage() {
    for variant in ["english", "bosses"] {
        for p in POSITIONS {
            let _ = variants::setup(&Setup {
                variant,
                position: Some(p),
                ..Default::default()
            });
        }
        let g = variants::setup(&Setup {
            variant,
            ..Default::default()
        })
        .unwrap();
        for m in MOVES {
            let _ = g.clone().play_text(m);
            let _ = g.explain(m);
        }
    }
}

/// Along deterministic random games of `bosses` (drops, hit points,
/// binding, `boss-promotes`) and `english`: the bulk leaf count equals the
/// number of generated moves, no two moves share a text (G2: a placement is
/// a set, CWB-7), every move text parses back to the same move, and the
/// position text round-trips (G4).
#[test]
fn bulk_count_and_texts_agree_with_generation() {
    let mut nodes = 0usize;
    let mut shifts = 0usize;
    let mut drops = 0usize;
    let cases: [(&str, Option<&str>, &[&str]); 8] = [
        ("bosses", None, &[]),
        ("bosses", None, &["boss-hp=1"]),
        ("bosses", None, &["boss-promotes", "boss-hp=2"]),
        ("bosses", Some("8/8/2d5/8/8/5D2/8/8 w Dd"), &[]),
        ("bosses", Some("c7/8/8/8/8/8/8/O7 w DOc"), &["boss-hp=1"]),
        ("bosses", Some("2o5/3d4/8/8/8/8/3D4/2C5 w DCdo"), &[]),
        ("bosses", Some("6d1/8/8/8/8/2D5/8/8 w Dd"), &[]),
        ("english", None, &[]),
    ];
    for (variant, position, opts) in cases {
        let options: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
        // Kept small: `cargo test` runs unoptimised.
        let plies = if cfg!(debug_assertions) { 30 } else { 80 };
        for seed0 in 1..=3u64 {
            let mut g = variants::setup(&Setup {
                variant,
                options: &options,
                mutant: None,
                position,
                moves: &[],
            })
            .unwrap();
            let mut seed = seed0;
            for _ in 0..plies {
                let moves = g.legal_texts();
                let text = g.to_text();
                nodes += 1;
                // Texts: a drop is `T@square`, a binding shift `a>b` (CWB-7, CWB-9).
                shifts += moves.iter().filter(|m| m.contains('>')).count();
                drops += moves.iter().filter(|m| m.contains('@')).count();
                assert_eq!(
                    g.perft(1, &PerftOptions::default()).unwrap(),
                    moves.len() as u64,
                    "{variant} {text}"
                );
                let mut texts = moves.clone();
                let n = texts.len();
                texts.dedup();
                assert_eq!(texts.len(), n, "duplicate move texts in {text}");
                for t in moves.iter().step_by(moves.len() / 6 + 1) {
                    assert_eq!(&g.clone().play_text(t).unwrap(), t, "{t} in {text}");
                }
                if moves.is_empty() {
                    // possibly a finished game (G6: no valid position text)
                    break;
                }
                let again = variants::setup(&Setup {
                    variant,
                    options: &options,
                    mutant: None,
                    position: Some(&text),
                    moves: &[],
                });
                match again {
                    Ok(p) => assert_eq!(p.to_text(), text),
                    Err(e) => panic!("{text}: {e}"),
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                g.play_text(&moves[(seed >> 33) as usize % moves.len()])
                    .unwrap();
            }
        }
    }
    assert!(
        nodes > 300 && shifts > 0 && drops > 0,
        "the games must reach drops and binding shifts: {nodes} nodes, {shifts} shifts, {drops} drops"
    );
}

/// G6, CWB-10 (bosses): `play` of the capture of a side's last
/// boss prints the final position — well-formed text, the loser to move,
/// no reserve of his — with the outcome, and says that `--position`
/// rejects it (the game is over), never printing it silently.
#[test]
fn play_of_the_last_boss_capture_prints_the_final_text() {
    let (code, out, err) = common::arbiter(&[
        "play",
        "--variant",
        "bosses",
        "--position",
        "8/8/8/8/3[d1]4/2(D)5/8/8 w D",
        "--moves",
        "c3xe5",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "8/8/8/4(D)3/8/8/8/8 b D", "{out}");
    assert_eq!(
        lines[1], "outcome: white-wins (the game is over: no move follows, G6)",
        "{out}"
    );
    assert!(
        lines[2].starts_with("note: this final position is not a valid position text")
            && lines[2].ends_with(
                "impossible position: board: black has no piece and no boss left: the game is over (G6)"
            ),
        "{out}"
    );
    // The text is well-formed: read back, it fails validation, not syntax.
    let (code, _, err) = common::arbiter(&["moves", "--variant", "bosses", "--position", lines[0]]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("impossible position: board"), "{err}");
}
