//! The one generator (`Game::generate`, list and count mode, with its
//! shortcuts) against slow test oracles: every pseudo-legal move played
//! on a board copy, full turn end, and the check test of CRZ-C1 read
//! literally — every capture of the opponent tried, no locality filter,
//! no quick proof, no counting shortcut. Unit tests (the movement rules
//! without legality, `generate::pseudo_moves`, are not public).

use super::board::{turn_end, Stacks};
use super::generate::pseudo_moves;
use super::moves::{Move, PROMOTION_KINDS};
use super::position::{apply_on, castling_after, entering_costs, find_king, rook_heights, Flags};
use super::Crazy;
use crate::core::{Color, Game};

// Slow reference answers built from the rules' building blocks (the
// movement rules, the chain-reaction resolver, turn end), with none of
// the generator's shortcuts.

/// CRZ-C1 read literally: some pseudo-legal capture of the opponent
/// (castling with its rights and empty squares only) removes `c`'s
/// king, chain reactions included.
fn in_check(b: &Stacks, c: Color, castling: u8, fl: &Flags) -> bool {
    find_king(b, c).is_some()
        && pseudo_moves(b, c.other(), castling, None, fl, true)
            .iter()
            .any(|m| {
                let mut after = *b;
                let fx = apply_on(&mut after, m, c.other(), None, fl);
                fx.exists && find_king(&after, c).is_none()
            })
}

/// The legal moves, the slow way: every pseudo-legal move played on
/// a copy of the board, full turn end, every promotion choice, the
/// literal check test; `deny` as the game's `explain` says (DEN-2).
fn legal(g: &Crazy) -> Vec<Move> {
    let c = g.core();
    let fl = g.flags();
    if find_king(&c.b, Color::White).is_none() || find_king(&c.b, Color::Black).is_none() {
        return vec![];
    }
    let mut out = Vec::new();
    for m in pseudo_moves(&c.b, c.turn, c.castling, c.ep, fl, false) {
        let mut b = c.b;
        let fx = apply_on(&mut b, &m, c.turn, c.ep, fl);
        if !fx.exists {
            continue;
        }
        let mut m = m;
        if fx.entered_late {
            m.ent |= 1 << (m.len - 1);
        }
        let promos = turn_end(&mut b, c.turn);
        let mut castling = castling_after(c.castling, c.turn, fx.touched, fx.king_move);
        if fl.enter_costs_castling {
            castling = entering_costs(castling, rook_heights(&c.b), &b);
        }
        for combo in 0..4usize.pow(promos.len() as u32) {
            let (mut b2, mut m2, mut x) = (b, m, combo);
            for &pi in &promos {
                let owner = b2[pi].get(0) & 8;
                b2[pi].set(0, PROMOTION_KINDS[x % 4] | owner);
                m2.promote(pi, x % 4);
                x /= 4;
            }
            let legal = match find_king(&b2, c.turn) {
                None => !fx.king_move,
                Some(_) => !in_check(&b2, c.turn, castling, fl),
            };
            if legal && c.excluded != Some(m2) {
                out.push(m2);
            }
        }
    }
    if crate::core::Explain::explain(g, "deny").is_ok_and(|v| v.legal) {
        out.push(Move::DENY);
    }
    out
}

/// perft (G3) over [`legal`].
fn perft(g: &Crazy, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal(g);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = g.clone();
            child.play(m);
            perft(&child, depth - 1)
        })
        .sum()
}

/// The named positions of the crazy perft snapshots (one list, read by
/// this oracle and by `tests/it/crazy_perft.rs`).
fn positions() -> Vec<(&'static str, &'static str)> {
    crate::core::testing::named_positions(include_str!("../../../tests/perft/crazy.yaml"))
}

/// The check test (CRZ-C1: locality filter, quick proof on bitboards)
/// agrees with the literal oracle, for both sides.
fn check_test_matches_oracle(text: &str) {
    let setup = super::notation::parse_setup(text).unwrap();
    let c = &setup.core;
    let fl = Flags::default();
    for side in [Color::White, Color::Black] {
        assert_eq!(
            super::position::in_check(&c.b, side, c.castling, &fl),
            in_check(&c.b, side, c.castling, &fl),
            "{text}: check test disagrees with the oracle for {side:?}"
        );
    }
}

/// The check test agrees with the oracle along random games from the
/// snapshot positions.
#[test]
fn check_test_matches_oracle_in_playouts() {
    let mut rng = crate::core::testing::xorshift(0x9e37_79b9_7f4a_7c15);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b";
    for pos in std::iter::once(start)
        .chain(positions().into_iter().map(|(_, p)| p))
        .cycle()
        .take(14)
    {
        let mut g = Crazy::from_text(pos, Flags::default()).unwrap();
        for _ in 0..40 {
            let moves = Game::legal_moves(&g);
            if moves.is_empty() || g.outcome().is_some() {
                break;
            }
            let m = moves[rng(moves.len())];
            Game::play(&mut g, &m);
            if g.outcome().is_none() {
                let text = crate::core::Notation::to_text(&g);
                check_test_matches_oracle(&text);
            }
        }
    }
}

/// The generator's counts equal the oracle's on every snapshot position
/// and after a deny (perft 2), and from the start (perft 3).
#[test]
fn perft_matches_oracle() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b";
    for (name, pos) in positions().into_iter().chain([("start", start)]) {
        let g = Crazy::from_text(pos, Flags::default()).unwrap();
        let depth = if name == "start" { 3 } else { 2 };
        assert_eq!(crate::core::perft(&g, depth), perft(&g, depth), "{name}");
    }
    let mut g = Crazy::from_text(start, Flags::default()).unwrap();
    for text in ["e2e4", "deny"] {
        let m = crate::core::Explain::parse_move(&g, text).unwrap();
        Game::play(&mut g, &m);
    }
    assert_eq!(crate::core::perft(&g, 2), perft(&g, 2), "after a deny");
}

/// The one generator (list and count mode, with its shortcuts) never
/// differs from the oracle: random playouts (deny included, so denial
/// states and excluded moves are visited) from the start, the six
/// snapshot positions, two with pawns about to promote and two with tall
/// stacks of both colours, comparing every position's legal moves, the
/// count (perft 1) with the list, and perft(2) every few plies.
#[test]
fn generator_agrees_with_oracle() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b";
    // Pawns about to promote (turn end has work after a capture-free move).
    let promoting = [
        "4k3/1P4P1/8/8/8/8/1p4p1/4K3 w - - 0 1 b",
        "r3k2r/1P2q1P1/8/3b4/8/8/1p1Q2p1/R3K2R w KQkq - 0 1 b",
    ];
    // Tall stacks holding both colours: 29 pieces, and all 32 (CRZ-V:
    // at most 16 a side). Their many riders make long games slow: one
    // short game each.
    let tall = [
        format!(
            "4k3/8/8/3(R{}N{})4/2N1K3/8/8/8 w - - 0 1 b",
            "P".repeat(12),
            "p".repeat(15)
        ),
        "8/8/8/3(RKQRBBNNPPPPPPPPkqrrbbnnpppppppp)4/8/8/8/8 w - - 0 1 b".to_string(),
    ];
    let games: Vec<(&str, usize)> = std::iter::once(start)
        .chain(positions().into_iter().map(|(_, p)| p))
        .chain(promoting)
        .cycle()
        .take(36)
        .map(|p| (p, 30))
        .chain(tall.iter().map(|p| (p.as_str(), 8)))
        .collect();
    let mut rng = crate::core::testing::xorshift(0x5851_f42d_4c95_7f2d);
    for (game_no, &(pos, plies)) in games.iter().enumerate() {
        let mut g = Crazy::from_text(pos, Flags::default()).unwrap();
        for ply in 0..plies {
            let text = crate::core::Notation::to_text(&g);
            let mut moves: Vec<String> = Game::legal_moves(&g)
                .iter()
                .map(|m| crate::core::Notation::move_text(&g, m))
                .collect();
            let mut slow: Vec<String> = legal(&g)
                .iter()
                .map(|m| crate::core::Notation::move_text(&g, m))
                .collect();
            moves.sort();
            slow.sort();
            assert_eq!(moves, slow, "game {game_no} ply {ply}: {text}");
            assert_eq!(
                g.count_legal(),
                moves.len() as u64,
                "count mode, game {game_no} ply {ply}: {text}"
            );
            if ply % 7 == 3 {
                assert_eq!(
                    crate::core::perft(&g, 2),
                    perft(&g, 2),
                    "game {game_no} ply {ply}: {text}"
                );
            }
            if moves.is_empty() {
                break;
            }
            // Prefer deny now and then, to visit denial states.
            let mv = if moves.contains(&"deny".to_string()) && rng(4) == 0 {
                "deny".to_string()
            } else {
                moves[rng(moves.len())].clone()
            };
            let m = crate::core::Explain::parse_move(&g, &mv).unwrap();
            Game::play(&mut g, &m);
        }
    }
}
