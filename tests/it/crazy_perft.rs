//! Crazy Chess: random-playout property tests and robustness. The one
//! generator against slow test oracles is a unit test of the crate
//! (`src/variants/crazy/oracle.rs`: the oracles need the movement rules
//! without legality, which are not public). The perft snapshots of these
//! positions are `tests/perft/crazy.yaml` (run by `tests/it/perft.rs`).

use crate::common;

use arbiter::core::DynGame;
#[allow(unused_imports)]
use arbiter::core::{Explain as _, Notation as _};
use arbiter::variants::{setup, Setup};

fn game(position: Option<&str>, moves: &[&str]) -> Box<dyn DynGame> {
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    setup(&Setup {
        variant: "crazy",
        options: &[],
        mutant: None,
        position,
        moves: &moves,
    })
    .unwrap()
}

/// The named positions of the crazy perft snapshots (one list, read by
/// these tests and by the crate's oracle tests).
fn positions() -> Vec<(&'static str, &'static str)> {
    common::testing::named_positions(include_str!("../perft/crazy.yaml"))
}

/// Pieces per colour in a position text's board field, and whether a pawn
/// stands alone (a base without riders is written as a bare letter) on its
/// own first rank.
fn census(text: &str) -> (usize, usize, bool) {
    let board = text.split(' ').next().unwrap();
    let (mut w, mut b, mut bad) = (0, 0, false);
    for (i, rank) in board.split('/').enumerate() {
        let rank_no = 8 - i;
        let mut depth = 0;
        let mut first_in_group = false;
        for c in rank.chars() {
            match c {
                '(' => {
                    depth = 1;
                    first_in_group = true;
                    continue;
                }
                ')' => depth = 0,
                c if c.is_ascii_alphabetic() => {
                    if c.is_ascii_uppercase() {
                        w += 1
                    } else {
                        b += 1
                    }
                    let is_base = depth == 0 || first_in_group;
                    if is_base && ((c == 'P' && rank_no == 1) || (c == 'p' && rank_no == 8)) {
                        bad = true;
                    }
                }
                _ => {}
            }
            first_in_group = false;
        }
    }
    (w, b, bad)
}

/// Random legal games; after every move: piece counts never
/// grow and stay equal for moves that cannot remove anything, no base pawn
/// on its own first rank, the position text round-trips, perft(1) equals
/// the number of moves listed.
#[test]
fn random_playouts_keep_invariants() {
    let mut next = common::xorshift(0x9e37_79b9_7f4a_7c15);
    let v = arbiter::variants::get("crazy").unwrap();
    let rules = v.rules(&[], None).unwrap();
    let starts: Vec<Option<&str>> = std::iter::once(None)
        .chain(positions().into_iter().map(|(_, p)| Some(p)))
        .collect();
    for game_no in 0..35 {
        let mut g = game(starts[game_no % starts.len()], &[]);
        for ply in 0..40 {
            let moves = g.legal_texts();
            assert_eq!(
                g.perft(1, &arbiter::core::PerftOptions::threads(1))
                    .unwrap(),
                moves.len() as u64,
                "game {game_no} ply {ply}: perft(1)"
            );
            if moves.is_empty() {
                break;
            }
            let before = g.to_text();
            let (w0, b0, _) = census(&before);
            let mv = &moves[next(moves.len())];
            g.play_text(mv).unwrap();
            let after = g.to_text();
            let (w1, b1, bad) = census(&after);
            assert!(
                !bad,
                "game {game_no} ply {ply}: pawn on its first rank after {mv}: {after}"
            );
            assert!(
                mv == "deny" || w1 + b1 <= w0 + b0,
                "game {game_no}: pieces appeared after {mv}: {before} -> {after}"
            );
            let capture_free =
                !mv.contains('x') && !mv.contains('*') && mv != "deny" && !before.contains("*)");
            if capture_free {
                assert_eq!(
                    (w1, b1),
                    (w0, b0),
                    "game {game_no}: a quiet move {mv} changed the material: {before} -> {after}"
                );
            }
            if g.outcome().is_some() && !g.legal_texts().contains(&"deny".to_string()) {
                break;
            }
            // Round trip (a position text never holds the deniable history,
            // DEN-7, and a finished game is no valid text, G6).
            if g.outcome().is_none() {
                let parsed = (v.parse)(&after, &rules).unwrap_or_else(|e| panic!("{after}: {e}"));
                assert_eq!(parsed.to_text(), after);
            }
        }
    }
}

/// Robustness: mangled position and move texts are rejected with an
/// error, never a panic.
#[test]
fn mangled_texts_never_panic() {
    let v = arbiter::variants::get("crazy").unwrap();
    let rules = v.rules(&[], None).unwrap();
    let alphabet = "()*/@~^x:=-!KQRBNPkqrbnp0123456789abcdefgh wLSé€";
    let seeds: Vec<&str> = positions()
        .into_iter()
        .map(|(_, p)| p)
        .chain(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 w:e2e4"])
        .collect();
    let start = game(None, &[]);
    let mut next = common::xorshift(0x9e37_79b9_7f4a_7c15);
    for text in common::testing::mangled(&seeds, alphabet, 3000, 0x2545_f491_4f6c_dd1d) {
        if let Ok(g) = (v.parse)(&text, &rules) {
            let round = g.to_text();
            assert_eq!(
                (v.parse)(&round, &rules).map(|g| g.to_text()).ok(),
                Some(round.clone()),
                "{text}"
            );
            let _ = g.legal_texts();
        }
        let mv: String = text.chars().skip(next(20)).take(1 + next(12)).collect();
        let _ = start.explain(&mv);
        let _ = start.clone().play_text(&mv);
    }
}

/// G6: a move that removes the mover's own king leaves a final
/// text that names no right of the lost king and that is rejected only
/// for the missing king.
#[test]
fn own_king_removal_leaves_a_sane_text() {
    let v = arbiter::variants::get("crazy").unwrap();
    let rules = v.rules(&[], None).unwrap();
    for (pos, mv) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b",
            "d1*",
        ),
        (
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R w KQkq - 0 1 b",
            "d1*",
        ),
        (
            "r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1 b",
            "d8*",
        ),
    ] {
        let mut g = game(Some(pos), &[]);
        g.play_text(mv).unwrap();
        let text = g.to_text();
        assert!(g.outcome().is_some(), "{pos} {mv}: the game is over");
        let castling = text.split(' ').nth(2).unwrap();
        let lost = if pos.contains(" w ") { "KQ" } else { "kq" };
        assert!(
            !castling.chars().any(|c| lost.contains(c)),
            "{pos} {mv}: {text} keeps a right of the lost king"
        );
        let err = (v.parse)(&text, &rules)
            .err()
            .expect("a finished game is no position");
        assert!(err.to_string().contains("king"), "{text}: {err}");
    }
}
