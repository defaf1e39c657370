//! Perft snapshots of `english` and `bosses` (regression snapshots: the
//! english start counts also equal the public table, OEIS A133046), and
//! position-text round trips along deterministic random games.

use crate::common;

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

/// Plays deterministic pseudo-random games; at every position the text
/// parses back to the same text and the same legal moves.
fn round_trip(variant: &str, start: Option<&str>, options: &[String], games: u64, plies: usize) {
    let v = variants::get(variant).unwrap();
    let rules = v.rules(options, None).unwrap();
    let mut next = common::xorshift(0x9e37_79b9_7f4a_7c15);
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
            assert_eq!(
                g.perft(1, &arbiter::core::PerftOptions::threads(1))
                    .unwrap(),
                moves.len() as u64,
                "{text}"
            );
            if moves.is_empty() {
                break;
            }
            let m = &moves[next(moves.len())];
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
