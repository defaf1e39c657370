//! Perft snapshots of `english` and `bosses` (regression snapshots: the
//! english start counts also equal the public table, OEIS A133046), and
//! position-text round trips along deterministic random games.

use arbiter::core::DynGame;
use arbiter::variants::{self, Setup};

fn game(variant: &str, position: Option<&str>, options: &[String]) -> Box<dyn DynGame> {
    variants::setup(&Setup {
        variant,
        options,
        mutant: None,
        position,
        moves: &[],
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

fn perft_table(g: &dyn DynGame, depths: std::ops::RangeInclusive<u32>) -> String {
    let mut out = format!("position: {}\n", g.to_text());
    for d in depths {
        out.push_str(&format!("perft({d}) = {}\n", g.perft(d, 1)));
    }
    out
}

fn snap(name: &str, text: String) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn english_start_perft() {
    let g = game("english", None, &[]);
    let text = perft_table(g.as_ref(), 1..=8);
    assert!(
        text.contains("perft(8) = 845931"),
        "public table (OEIS A133046)"
    );
    snap("english-start-perft", text);
}

#[test]
#[ignore = "deep perft (seconds): run with --ignored"]
fn english_start_perft_deep() {
    let g = game("english", None, &[]);
    assert_eq!(g.perft(9, 2), 3_963_680);
    assert_eq!(g.perft(10, 2), 18_391_564);
}

#[test]
fn bosses_start_perft() {
    for hp in [3, 5] {
        let opts = vec![format!("boss-hp={hp}")];
        let g = game("bosses", None, &opts);
        snap(
            &format!("bosses-start-perft-hp{hp}"),
            perft_table(g.as_ref(), 1..=4),
        );
    }
}

/// Endgame positions with bosses (regression snapshots).
const ENDGAMES: [(&str, &str); 6] = [
    ("boss-and-two-men", "8/8/8/8/2o[d3]o3/2(C)5/8/8 w Co"),
    ("boss-one-hit-left", "2[c3]5/8/8/3(O)4/8/8/8/[D1]7 w O"),
    ("binding", "d7/8/8/8/7D/D7/8/2D1D3 w Dd"),
    ("drop-pending", "7d/8/8/8/8/8/8/O7 w DOd"),
    ("four-bosses", "3[o3]4/8/2[d2]5/8/8/5[D3]2/8/1[O3]6 w -"),
    (
        "c-bosses-black-to-move",
        "8/2[c3]5/8/3D4/4d3/8/5[C3]2/8 b Dd",
    ),
];

#[test]
fn bosses_endgame_perft() {
    for (name, pos) in ENDGAMES {
        let g = game("bosses", Some(pos), &[]);
        snap(
            &format!("bosses-endgame-{name}"),
            perft_table(g.as_ref(), 1..=5),
        );
    }
}

/// Endgames with bosses of more than 3 hit points, under boss-hp=5.
const ENDGAMES_HP5: [(&str, &str); 3] = [
    ("boss-and-two-men", "8/8/8/8/2o[d5]o3/2(C)5/8/8 w Co"),
    ("four-bosses", "3[o5]4/8/2[d4]5/8/8/5[D5]2/8/1[O3]6 w -"),
    (
        "c-bosses-black-to-move",
        "8/2[c5]5/8/3D4/4d3/8/5[C4]2/8 b Dd",
    ),
];

#[test]
fn bosses_endgame_perft_hp5() {
    for (name, pos) in ENDGAMES_HP5 {
        let g = game("bosses", Some(pos), &["boss-hp=5".to_string()]);
        snap(
            &format!("bosses-endgame-{name}-hp5"),
            perft_table(g.as_ref(), 1..=5),
        );
    }
}

/// Plays deterministic pseudo-random games; at every position the text
/// parses back to the same text and the same legal moves.
fn round_trip(variant: &str, start: Option<&str>, options: &[String], games: u64, plies: usize) {
    let v = variants::get(variant).unwrap();
    let rules = v.rules(options, None).unwrap();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..games {
        let mut g = game(variant, start, options);
        for _ in 0..plies {
            let text = g.to_text();
            if g.outcome().is_some() {
                // A finished game may be a position text G6 rejects.
                break;
            }
            let back =
                (v.parse)(&text, &rules).unwrap_or_else(|e| panic!("{variant}: {text}: {e}"));
            assert_eq!(back.to_text(), text);
            let moves = g.legal_texts();
            assert_eq!(back.legal_texts(), moves, "{text}");
            // Bulk counting (count_legal) agrees with generation.
            assert_eq!(g.perft(1, 1), moves.len() as u64, "{text}");
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = &moves[(seed % moves.len() as u64) as usize];
            g.play_text(m)
                .unwrap_or_else(|e| panic!("{text}: {m}: {e}"));
        }
    }
}

#[test]
fn english_round_trip() {
    round_trip("english", None, &[], 40, 120);
}

#[test]
fn bosses_round_trip() {
    round_trip("bosses", None, &[], 12, 150);
    round_trip(
        "bosses",
        None,
        &["boss-promotes".into(), "boss-hp=2".into()],
        6,
        150,
    );
}
