//! The contract every registered game keeps (G2, G3, G4), checked
//! generically over the registry: canonical position text round-trips,
//! move texts are distinct and parse back to the same move, perft(1) equals
//! the number of listed moves, divide sums to perft, and thread counts give
//! identical counts.

use crate::common;

use arbiter::core::{DynGame, PerftOptions};
use arbiter::variants::{self, Setup};

fn perft(g: &dyn DynGame, depth: u32, threads: usize) -> u64 {
    g.perft(depth, &PerftOptions::threads(threads))
        .expect("no limit")
}

fn start(id: &str) -> Box<dyn DynGame> {
    variants::setup(&Setup {
        variant: id,
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{id}: start position: {e}"))
}

/// A few positions per variant: the start and the positions after the first
/// moves of a deterministic walk (first, middle, last legal move).
fn sample(id: &str) -> Vec<Box<dyn DynGame>> {
    let mut out = vec![start(id)];
    let mut g = start(id);
    for ply in 0..6 {
        let moves = g.legal_texts();
        if moves.is_empty() {
            break;
        }
        let pick = [0, moves.len() / 2, moves.len() - 1][ply % 3];
        g.play_text(&moves[pick]).expect("a listed move");
        out.push(g.clone());
    }
    out
}

#[test]
fn every_variant_keeps_the_contract() {
    for v in variants::all() {
        for g in sample(v.id) {
            let text = g.to_text();
            // G4: canonical text parses back to the same text.
            let rules = v.rules(&[], None).unwrap();
            let again =
                (v.parse)(&text, &rules).unwrap_or_else(|e| panic!("{}: {text}: {e}", v.id));
            assert_eq!(again.to_text(), text, "{}: round trip", v.id);
            // G2: distinct texts, each read back as itself (canonical).
            let texts = g.legal_texts();
            let mut dedup = texts.clone();
            dedup.dedup();
            assert_eq!(
                dedup.len(),
                texts.len(),
                "{}: duplicate move texts at {text}",
                v.id
            );
            for t in &texts {
                let mut h = g.clone();
                assert_eq!(
                    h.play_text(t).as_ref(),
                    Ok(t),
                    "{}: move text {t} at {text}",
                    v.id
                );
                let verdict = g
                    .explain(t)
                    .unwrap_or_else(|e| panic!("{}: {t}: {e}", v.id));
                assert!(verdict.legal, "{}: explain {t} at {text}", v.id);
            }
            // "Any legal move?" agrees with the list, and with the outcome.
            assert_eq!(g.has_legal_move(), !texts.is_empty(), "{}: {text}", v.id);
            if !texts.is_empty() {
                assert_eq!(g.outcome(), None, "{}: {text}", v.id);
            }
            // G3: perft(1) = move count; divide sums to perft; threads agree.
            assert_eq!(
                perft(g.as_ref(), 1, 1),
                texts.len() as u64,
                "{}: perft(1) at {text}",
                v.id
            );
            let p2 = perft(g.as_ref(), 2, 1);
            assert_eq!(perft(g.as_ref(), 2, 2), p2, "{}: threads at {text}", v.id);
            let rows = g.divide(2, &PerftOptions::threads(3)).expect("no limit");
            assert_eq!(
                rows.iter().map(|r| r.1).sum::<u64>(),
                p2,
                "{}: divide at {text}",
                v.id
            );
        }
    }
}

/// Mangled position and move texts never panic: they are rejected with a
/// typed error or accepted as a valid position that round-trips (G4).
#[test]
fn mangled_input_never_panics() {
    let alphabet = "0123456789/ -:=,;()[]{}?wbKQRBNPkqrbnpxDOCdocAaS*+#";
    for v in variants::all() {
        let rules = v.rules(&[], None).unwrap();
        let start = (v.start)(&rules).unwrap();
        let game = start_pos(v.id);
        let move_texts = game.legal_texts();
        for text in common::testing::mangled(&[&start], alphabet, 1500, 0x9E37_79B9_7F4A_7C15) {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                if let Ok(g) = (v.parse)(&text, &rules) {
                    let canonical = g.to_text();
                    let again = (v.parse)(&canonical, &rules)
                        .unwrap_or_else(|e| panic!("canonical text rejected: {e}"));
                    assert_eq!(again.to_text(), canonical);
                    let _ = perft(g.as_ref(), 2, 1);
                }
            }));
            assert!(result.is_ok(), "{}: panic on position text {text:?}", v.id);
        }
        for m in &move_texts {
            for k in 0..m.len() {
                if !m.is_char_boundary(k) {
                    continue;
                }
                for bad in [
                    format!("{}{}", &m[..k], &m[k + 1.min(m.len() - k)..]),
                    format!("{}z{}", &m[..k], &m[k..]),
                ] {
                    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        game.clone().play_text(&bad).map(|_| ())
                    }));
                    assert!(r.is_ok(), "{}: panic on move text {bad:?}", v.id);
                }
            }
        }
    }
}

fn start_pos(id: &str) -> Box<dyn DynGame> {
    start(id)
}
