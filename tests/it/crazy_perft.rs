//! Crazy Chess: random-playout property tests, robustness, and the one
//! generator (`Game::generate`, list and count mode) against slow test
//! oracles (module [`oracle`]: every pseudo-legal move played on a board
//! copy, full turn end, and the check test of CRZ-C1 read literally —
//! every capture of the opponent tried, no locality filter, no quick
//! proof, no counting shortcut). The perft snapshots of these positions
//! are `tests/perft/crazy.yaml` (run by `tests/it/perft.rs`).

use arbiter::core::{DynGame, Game};
#[allow(unused_imports)]
use arbiter::core::{Explain as _, Notation as _};
use arbiter::variants::crazy::{position::Flags, Crazy};
use arbiter::variants::{setup, Setup};

/// Slow reference answers built from the rules' building blocks (the
/// movement rules, the chain-reaction resolver, turn end), with none of
/// the generator's shortcuts.
mod oracle {
    use arbiter::core::{Color, Game};
    use arbiter::variants::crazy::board::{turn_end, Stacks};
    use arbiter::variants::crazy::gen::pseudo_moves;
    use arbiter::variants::crazy::moves::{Move, PROMOTION_KINDS};
    use arbiter::variants::crazy::position::{
        apply_on, castling_after, entering_costs, find_king, rook_heights, Flags,
    };
    use arbiter::variants::crazy::Crazy;

    /// CRZ-C1 read literally: some pseudo-legal capture of the opponent
    /// (castling with its rights and empty squares only) removes `c`'s
    /// king, chain reactions included.
    pub fn in_check(b: &Stacks, c: Color, castling: u8, fl: &Flags) -> bool {
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
    pub fn legal(g: &Crazy) -> Vec<Move> {
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
        if arbiter::core::Explain::explain(g, "deny").is_ok_and(|v| v.legal) {
            out.push(Move::DENY);
        }
        out
    }

    /// perft (G3) over [`legal`].
    pub fn perft(g: &Crazy, depth: u32) -> u64 {
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
}

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

const POSITIONS: [(&str, &str); 6] = [
    (
        "crazy-stacks-castling",
        "r3k2r/ppp2ppp/2n1(b*)3/3(rq)4/4(RQ)3/2N1B3/PPP2PPP/R3K3 w Qkq - 0 1 b",
    ),
    (
        "crazy-queens-bishop-rider",
        "4k3/1q6/2(rb)5/8/5(RN)2/2b5/3P2Q1/4K3 w - - 0 1 b",
    ),
    (
        "crazy-kings-in-rooks",
        "8/1pp5/2(rk)5/8/8/8/5(RK)2/8 w - - 0 1 w",
    ),
    (
        "crazy-rook-tower",
        "rn2k3/pq1p4/2b5/8/3(RP)4/2(rrp)5/1Q3B2/4K3 b - - 0 1 b",
    ),
    (
        "crazy-queen-stacks",
        "3qk3/8/3B4/2(RQ)1(rq)3/8/3b4/3PP3/4K3 w - - 0 1 b",
    ),
    (
        "crazy-en-passant-kings-in-rooks",
        "(rk)6q/8/8/3pP3/8/8/6Q1/R6K w - d6d5 0 1 b",
    ),
];

/// A tiny xorshift generator (seeded, reproducible).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
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
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let v = arbiter::variants::get("crazy").unwrap();
    let rules = v.rules(&[], None).unwrap();
    let starts: Vec<Option<&str>> = std::iter::once(None)
        .chain(POSITIONS.iter().map(|(_, p)| Some(*p)))
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
            let mv = &moves[(rng.next() % moves.len() as u64) as usize];
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
                check_test_matches_oracle(&after);
                let parsed = (v.parse)(&after, &rules).unwrap_or_else(|e| panic!("{after}: {e}"));
                assert_eq!(parsed.to_text(), after);
            }
        }
    }
}

/// The check test (CRZ-C1: locality filter, quick proof on bitboards)
/// agrees with the literal oracle, for both sides.
fn check_test_matches_oracle(text: &str) {
    use arbiter::core::Color;
    use arbiter::variants::crazy::{notation, position};
    let setup = notation::parse_setup(text).unwrap();
    let c = &setup.core;
    let fl = Flags::default();
    for side in [Color::White, Color::Black] {
        assert_eq!(
            position::in_check(&c.b, side, c.castling, &fl),
            oracle::in_check(&c.b, side, c.castling, &fl),
            "{text}: check test disagrees with the oracle for {side:?}"
        );
    }
}

/// Robustness: mangled position and move texts are rejected with an
/// error, never a panic.
#[test]
fn mangled_texts_never_panic() {
    let v = arbiter::variants::get("crazy").unwrap();
    let rules = v.rules(&[], None).unwrap();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let alphabet: Vec<char> = "()*/@~^x:=-!KQRBNPkqrbnp0123456789abcdefgh wLSé€"
        .chars()
        .collect();
    let seeds: Vec<&str> = POSITIONS
        .iter()
        .map(|(_, p)| *p)
        .chain(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 w:e2e4"])
        .collect();
    let start = game(None, &[]);
    for k in 0..3000 {
        let mut t: Vec<char> = seeds[k % seeds.len()].chars().collect();
        for _ in 0..1 + rng.next() % 3 {
            let i = (rng.next() % t.len() as u64) as usize;
            let c = alphabet[(rng.next() % alphabet.len() as u64) as usize];
            match rng.next() % 3 {
                0 => t[i] = c,
                1 => t.insert(i, c),
                _ => {
                    t.remove(i);
                }
            }
        }
        let text: String = t.into_iter().collect();
        if let Ok(g) = (v.parse)(&text, &rules) {
            let round = g.to_text();
            assert_eq!(
                (v.parse)(&round, &rules).map(|g| g.to_text()).ok(),
                Some(round.clone()),
                "{text}"
            );
            let _ = g.legal_texts();
        }
        let mv: String = text
            .chars()
            .skip((rng.next() % 20) as usize)
            .take(1 + (rng.next() % 12) as usize)
            .collect();
        let _ = start.explain(&mv);
        let _ = start.clone().play_text(&mv);
    }
}

/// The generator's counts equal the oracle's on every snapshot position
/// and after a deny (perft 2), and from the start (perft 3).
#[test]
fn perft_matches_oracle() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b";
    for (name, pos) in POSITIONS.iter().copied().chain([("start", start)]) {
        let g = Crazy::from_text(pos, Flags::default()).unwrap();
        let depth = if name == "start" { 3 } else { 2 };
        assert_eq!(
            arbiter::core::perft(&g, depth),
            oracle::perft(&g, depth),
            "{name}"
        );
    }
    let mut g = Crazy::from_text(start, Flags::default()).unwrap();
    for text in ["e2e4", "deny"] {
        let m = arbiter::core::Explain::parse_move(&g, text).unwrap();
        Game::play(&mut g, &m);
    }
    assert_eq!(
        arbiter::core::perft(&g, 2),
        oracle::perft(&g, 2),
        "after a deny"
    );
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
        .chain(POSITIONS.iter().map(|(_, p)| *p))
        .chain(promoting)
        .cycle()
        .take(36)
        .map(|p| (p, 30))
        .chain(tall.iter().map(|p| (p.as_str(), 8)))
        .collect();
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    for (game_no, &(pos, plies)) in games.iter().enumerate() {
        let mut g = Crazy::from_text(pos, Flags::default()).unwrap();
        for ply in 0..plies {
            let text = arbiter::core::Notation::to_text(&g);
            let mut moves: Vec<String> = Game::legal_moves(&g)
                .iter()
                .map(|m| arbiter::core::Notation::move_text(&g, m))
                .collect();
            let mut slow: Vec<String> = oracle::legal(&g)
                .iter()
                .map(|m| arbiter::core::Notation::move_text(&g, m))
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
                    arbiter::core::perft(&g, 2),
                    oracle::perft(&g, 2),
                    "game {game_no} ply {ply}: {text}"
                );
            }
            if moves.is_empty() {
                break;
            }
            // Prefer deny now and then, to visit denial states.
            let mv = if moves.contains(&"deny".to_string()) && rng.next().is_multiple_of(4) {
                "deny".to_string()
            } else {
                moves[(rng.next() % moves.len() as u64) as usize].clone()
            };
            let m = arbiter::core::Explain::parse_move(&g, &mv).unwrap();
            Game::play(&mut g, &m);
        }
    }
}

/// G6 (issue 15): a move that removes the mover's own king leaves a final
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
