//! Mangled Hop Chess position and move texts never panic: they are
//! rejected with a typed error or accepted as a valid position that
//! round-trips (G4).

use crate::common;

use arbiter::core::Rules;
use arbiter::variants::hop;

#[test]
fn mangled_texts_never_panic() {
    let alphabet = "0123456789/ -:=,;()[]{}?wbKQRBNPkqrbnpxabcdefghO@+#é";
    let rules = Rules::defaults("hop", &[], &arbiter::variants::hop::MUTANTS);
    let bases = [
        hop::START.to_string(),
        "r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 5 d4 f5".to_string(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 10 b1 -".to_string(),
    ];
    for base in &bases {
        let game = (hop::VARIANT.parse)(base, &rules).unwrap();
        for text in common::testing::mangled(&[base], alphabet, 1500, 0x2545_F491_4F6C_DD1D) {
            let r = std::panic::catch_unwind(|| {
                if let Ok(g) = (hop::VARIANT.parse)(&text, &rules) {
                    let canonical = g.to_text();
                    let again = (hop::VARIANT.parse)(&canonical, &rules)
                        .unwrap_or_else(|e| panic!("canonical text rejected: {e}"));
                    assert_eq!(again.to_text(), canonical);
                    let _ = g
                        .perft(1, &arbiter::core::PerftOptions::threads(1))
                        .unwrap();
                }
            });
            assert!(r.is_ok(), "panic on position text {text:?}");
        }
        for m in game.legal_texts().iter().step_by(17).take(30) {
            for k in 0..m.len() {
                for c in ['z', 'é', '@', '-', ':', '=', ' '] {
                    let bad = format!("{}{}{}", &m[..k], c, &m[k..]);
                    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        game.clone().play_text(&bad).map(|_| ())
                    }));
                    assert!(r.is_ok(), "panic on move text {bad:?}");
                }
                let bad = format!("{}{}", &m[..k], &m[k + 1..]);
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    game.clone().play_text(&bad).map(|_| ())
                }));
                assert!(r.is_ok(), "panic on move text {bad:?}");
            }
        }
    }
}
