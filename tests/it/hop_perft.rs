//! Hop Chess: position-text round trips, and the one generator (list and
//! bulk count) checked against test oracles: a brute-force judgement of
//! every turn, and attacks found from the move generator (HOP-2, HOP-7).
//! Perft snapshots: `tests/perft/hop.yaml`.

use std::collections::BTreeSet;

use arbiter::core::{DynGame, Game};
#[allow(unused_imports)]
use arbiter::core::{Explain as _, Notation as _};
use arbiter::variants::hop::moves::{PieceMove, Turn};
use arbiter::variants::hop::notation::parse_position;
use arbiter::variants::hop::{self, Hop, HopRules, NONE};

const EXAMPLE_W: &str = "r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 5 d4 f5";

/// Start, the document's example (both sides to move), and tactical positions.
const TACTICAL: [(&str, &str); 6] = [
    ("example-white", EXAMPLE_W),
    (
        "example-black",
        "r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR b KQkq - 0 5 d4 f5",
    ),
    (
        "castling-trampolines",
        "r3k2r/pppq1ppp/2n2n2/3pp3/1b2P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 8 b1 g4",
    ),
    (
        "promotion-trampoline",
        "8/1P4P1/8/8/2p4k/3p4/8/4K3 w - - 0 40 b8 c1",
    ),
    ("en-passant", "4k3/8/8/2pPp3/8/8/8/4K3 w - c6 0 30 d6 h2"),
    (
        "game-final",
        "r1b1k3/3p1p1p/8/pB2N3/8/K7/P4PPP/R5NR b - - 0 17 e1 b4",
    ),
];

fn pos(text: &str) -> Hop {
    parse_position(text, HopRules::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn positions_round_trip() {
    for (_, fen) in TACTICAL {
        assert_eq!(pos(fen).text(), fen);
    }
    assert_eq!(pos(hop::START).text(), hop::START);
}

/// Every turn judged one by one: piece moves without any king-safety
/// test, every placement, then "is the mover's king attacked after the
/// whole turn" (and the castling pre-turn conditions).
fn brute_force(p: &Hop) -> BTreeSet<String> {
    let mut loose = p.clone();
    loose.rules.ignore_check = true;
    let us = p.turn;
    let mut out = BTreeSet::new();
    let mut all: Vec<Turn> = Vec::new();
    let _ = loose.turns(&mut all); // a list never asks to stop
    for t in all {
        let pm = &t.piece;
        if pm.castle != NONE {
            let k = pm.from();
            let cross = if pm.to() > k { k + 1 } else { k - 1 };
            let mut q = p.clone();
            if q.attacked(k, us.other()) {
                continue;
            }
            q.board[cross as usize] = q.board[k as usize];
            q.board[k as usize] = 0;
            if q.attacked(cross, us.other()) {
                continue;
            }
        }
        let mut c = p.clone();
        c.play_turn(&t);
        let checked = c.in_check(us);
        assert_eq!(
            checked,
            attacked_by_generation(&c, c.king[if us.is_white() { 0 } else { 1 }], us.other()),
            "{}",
            c.text()
        );
        if !checked {
            out.insert(p.text_of(&t));
        }
    }
    out
}

/// HOP-7 read literally: the king is attacked if some enemy piece move
/// (hops included) captures on its square. Independent of `check.rs`.
fn attacked_by_generation(p: &Hop, sq: u8, by: arbiter::core::Color) -> bool {
    let mut t = p.clone();
    t.turn = by;
    t.ep = NONE;
    t.castling = 0;
    t.rules.ignore_check = true;
    // Stops at the first capture on `sq`.
    t.piece_moves(&mut |pm: &PieceMove| {
        if pm.capture && pm.to() == sq {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    })
    .is_break()
}

fn legal_set(p: &Hop) -> BTreeSet<String> {
    let v = Game::legal_moves(p);
    v.iter()
        .map(|m| arbiter::core::Notation::move_text(p, m))
        .collect()
}

#[test]
fn bulk_counting_matches_brute_force() {
    walk(12345, 24);
}

/// Positions built by hand (audit) where a placement changes the mover's
/// own king safety in ways the bulk counter's candidate squares must not
/// miss: a pawn promoting on the placed trampoline and coming back over
/// its vacated square (also after hopping on the enemy trampoline first,
/// or hopping on it afterwards), knights and pawns hopping through both
/// trampolines, a pawn's double step onto the placed trampoline, a queen
/// whose arrival line decides, the own trampoline's old square, and the
/// same with Black to move. Each position and every child position is
/// judged by `brute_force` and by `count_legal`.
const CRAFTED: [(&str, &str); 14] = [
    (
        "promo-back-over-vacated",
        "8/1K6/8/8/8/8/1p6/k7 w - - 0 50 h8 -",
    ),
    (
        "promo-after-enemy-hop",
        "2K5/8/8/8/8/2p5/8/k7 w - - 0 50 h8 c2",
    ),
    (
        "promo-on-own-then-enemy",
        "8/8/8/K7/8/8/4p2P/7k w - - 0 50 h8 e5",
    ),
    (
        "promo-on-enemy-then-own-file",
        "8/8/K7/8/8/8/4p2P/7k w - - 0 50 h8 e1",
    ),
    (
        "promo-on-enemy-then-own-rank",
        "8/8/8/8/8/K7/4p2P/7k w - - 0 50 h8 e1",
    ),
    (
        "knight-own-then-enemy",
        "8/8/8/8/n7/8/6P1/4K2k w - - 0 50 h8 d3",
    ),
    (
        "knight-enemy-then-own",
        "8/8/8/8/8/5K2/6P1/n6k w - - 0 50 h8 b3",
    ),
    (
        "pawn-enemy-then-own",
        "4k3/8/8/3p4/8/8/4K2P/8 w - - 0 50 h8 d4",
    ),
    (
        "pawn-double-step-onto-own",
        "3k4/3p4/8/8/4K3/8/7P/8 w - - 0 50 h8 -",
    ),
    (
        "pawn-single-step-onto-own",
        "3k4/3p4/8/4K3/8/8/7P/8 w - - 0 50 h8 -",
    ),
    (
        "white-pawn-double-step-black-mover",
        "8/7p/8/4k3/8/8/3P4/K7 b - - 0 50 - h1",
    ),
    (
        "queen-arrival-line",
        "1q2k3/8/8/8/8/8/P7/7K w - - 0 50 c3 -",
    ),
    (
        "knight-promotion-on-own",
        "8/8/8/8/8/8/1p1K3P/k7 w - - 0 50 h8 -",
    ),
    (
        "own-old-square-check",
        "r3k3/8/8/8/8/8/7P/4K3 w - - 0 30 a1 -",
    ),
];

#[test]
fn bulk_counting_matches_brute_force_on_crafted_positions() {
    for (name, fen) in CRAFTED {
        let p = pos(fen);
        let mut children = vec![p.clone()];
        let v = Game::legal_moves(&p);
        // Every piece move with a few placements each, to keep it fast.
        for (i, m) in v.iter().enumerate() {
            if i % 5 == 0 {
                let mut c = p.clone();
                Game::play(&mut c, m);
                children.push(c);
            }
        }
        for c in children {
            let set = legal_set(&c);
            assert_eq!(set, brute_force(&c), "{name}: {}", c.text());
            assert_eq!(
                Game::count_legal(&c),
                set.len() as u64,
                "{name}: count_legal {}",
                c.text()
            );
        }
    }
}

/// Random sparse positions (kings, a few pieces, pawns near promotion,
/// both trampolines anywhere): full generation against `brute_force`, and
/// `count_legal` against both. Invalid texts (side not to move in check,
/// ...) are skipped.
#[test]
fn bulk_counting_matches_brute_force_on_random_sparse_positions() {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let pieces = ['P', 'p', 'N', 'n', 'B', 'b', 'R', 'r', 'Q', 'q'];
    let mut judged = 0;
    // HOP_SPARSE_N=20000 for a longer hunt.
    let n: usize = std::env::var("HOP_SPARSE_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(600);
    for _ in 0..n {
        let mut board = [' '; 64];
        let put = |c: char, board: &mut [char; 64], next: &mut dyn FnMut(u64) -> u64| loop {
            let s = next(64) as usize;
            let rank = s / 8;
            if board[s] == ' ' && !((c == 'P' || c == 'p') && (rank == 0 || rank == 7)) {
                board[s] = c;
                return s;
            }
        };
        put('K', &mut board, &mut next);
        put('k', &mut board, &mut next);
        for _ in 0..(2 + next(5)) {
            let c = pieces[next(pieces.len() as u64) as usize];
            put(c, &mut board, &mut next);
        }
        let empty: Vec<usize> = (0..64).filter(|&s| board[s] == ' ').collect();
        let name = |s: usize| format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1);
        let tw = empty[next(empty.len() as u64) as usize];
        let mut tb = empty[next(empty.len() as u64) as usize];
        if tb == tw {
            tb = empty[(empty.iter().position(|&x| x == tw).unwrap_or(0) + 1) % empty.len()];
        }
        let mut rows = Vec::new();
        for r in (0..8).rev() {
            let mut row = String::new();
            let mut gap = 0;
            for f in 0..8 {
                let c = board[r * 8 + f];
                if c == ' ' {
                    gap += 1;
                } else {
                    if gap > 0 {
                        row += &gap.to_string();
                        gap = 0;
                    }
                    row.push(c);
                }
            }
            if gap > 0 {
                row += &gap.to_string();
            }
            rows.push(row);
        }
        let turn = if next(2) == 0 { "w" } else { "b" };
        let fen = format!(
            "{} {turn} - - 0 30 {} {}",
            rows.join("/"),
            name(tw),
            name(tb)
        );
        let Ok(p) = parse_position(&fen, HopRules::default()) else {
            continue;
        };
        let set = legal_set(&p);
        assert_eq!(set, brute_force(&p), "{fen}");
        assert_eq!(Game::count_legal(&p), set.len() as u64, "count_legal {fen}");
        judged += 1;
    }
    assert!(judged > n / 3, "only {judged} valid positions");
}

/// The same over many more random games (a minute or so).
#[test]
#[ignore = "long: run with --ignored"]
fn bulk_counting_matches_brute_force_long() {
    for seed in 1..40 {
        walk(seed, 80);
    }
}

fn walk(mut seed: u64, plies: usize) {
    let mut checked = 0;
    for (_, fen) in TACTICAL.iter().chain([("start", hop::START)].iter()) {
        let mut p = pos(fen);
        for _ in 0..plies {
            let set = legal_set(&p);
            let brute = brute_force(&p);
            assert_eq!(set, brute, "{}", p.text());
            assert_eq!(
                Game::count_legal(&p),
                set.len() as u64,
                "count_legal {}",
                p.text()
            );
            assert_eq!(arbiter::core::perft(&p, 1), set.len() as u64);
            // The position text round-trips along the way.
            assert_eq!(pos(&p.text()).text(), p.text());
            checked += 1;
            let v = Game::legal_moves(&p);
            if v.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = &v[(seed >> 33) as usize % v.len()];
            Game::play(&mut p, m);
        }
    }
    assert!(checked > 20);
}

#[test]
fn parse_move_accepts_canonical_and_record_texts() {
    let g = pos(EXAMPLE_W);
    let a = arbiter::core::Explain::parse_move(&g, "d2-d4:c5@e3").unwrap();
    let b = arbiter::core::Explain::parse_move(&g, "d:c5 e3").unwrap();
    let c = arbiter::core::Explain::parse_move(&g, "d2-d4:c5 e3").unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(arbiter::core::Notation::move_text(&g, &a), "d2-d4:c5@e3");
    // The same pawn, two paths to d5 / d3: the record form needs no path when unique.
    assert!(arbiter::core::Explain::parse_move(&g, "d5 e3").is_ok());
    let dynbox: Box<dyn DynGame> = Box::new(g);
    assert!(
        dynbox.clone().play_text("Bg2:c6").is_err(),
        "placement omitted: ambiguous"
    );
}
