//! `fide` perft: snapshot tables, thread-count independence, FEN round
//! trip, and agreement with shakmaty on random games.

use crate::common;

use arbiter::core::{DynGame, Outcome};
use arbiter::variants::{self, Setup};
use shakmaty::{CastlingMode, Position};

/// The chessprogramming.org "Perft Results" positions.
const POSITIONS: [(&str, &str); 6] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    (
        "pos5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ),
    (
        "pos6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
];

fn game(fen: &str) -> Box<dyn DynGame> {
    variants::setup(&Setup {
        variant: "fide",
        position: Some(fen),
        ..Default::default()
    })
    .unwrap()
}

#[test]
fn thread_counts_agree() {
    for (fen, depth) in [
        (POSITIONS[0].1, 4),
        (POSITIONS[1].1, 3),
        (POSITIONS[3].1, 3),
    ] {
        let g = game(fen);
        let one = (
            g.perft(depth, &arbiter::core::PerftOptions::threads(1))
                .unwrap(),
            g.divide(depth, &arbiter::core::PerftOptions::threads(1))
                .unwrap(),
        );
        for threads in [2, 3] {
            assert_eq!(
                g.perft(depth, &arbiter::core::PerftOptions::threads(threads))
                    .unwrap(),
                one.0,
                "{fen} perft({depth}) with {threads} threads"
            );
            assert_eq!(
                g.divide(depth, &arbiter::core::PerftOptions::threads(threads))
                    .unwrap(),
                one.1,
                "{fen} divide({depth}) with {threads} threads"
            );
        }
        assert_eq!(one.1.iter().map(|r| r.1).sum::<u64>(), one.0);
    }
}

/// Parsing the canonical text gives the same text back, for every fixture
/// position and after moves; four-field FEN gains `0 1`.
#[test]
fn fen_round_trip() {
    for (_, fen) in POSITIONS {
        assert_eq!(game(fen).to_text(), fen);
    }
    assert_eq!(
        game("4k3/8/8/8/8/8/8/4K2R w K -").to_text(),
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    );
    let epd = std::fs::read_dir("fixtures/fide").unwrap();
    let mut n = 0;
    for e in epd
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "yaml"))
    {
        let text = std::fs::read_to_string(e.path()).unwrap();
        let Some(line) = text.lines().find(|l| l.starts_with("position: ")) else {
            continue;
        };
        let fen = line["position: ".len()..].trim_matches('"');
        let g = game(fen);
        let canon = g.to_text();
        assert_eq!(game(&canon).to_text(), canon, "{fen}");
        if fen.split_whitespace().count() == 6 {
            assert_eq!(canon, fen);
        }
        n += 1;
    }
    assert!(n > 100);
}

/// Random games from several positions: after every ply arbiter's legal
/// moves equal shakmaty's (as sets of UCI strings), and so do the outcome
/// and the board.
#[test]
fn random_games_agree_with_shakmaty() {
    // Fixed seed, so the random games are the same on every run.
    let mut next = common::xorshift(0x1234_5678_9abc_def1);
    let mut plies = 0;
    let starts = [
        POSITIONS[0].1,
        POSITIONS[1].1,
        POSITIONS[2].1,
        POSITIONS[3].1,
        POSITIONS[4].1,
        POSITIONS[5].1,
    ];
    let mut game_no = 0;
    while plies < 600 {
        let fen = starts[game_no % starts.len()];
        game_no += 1;
        let mut ours = game(fen);
        let mut theirs: shakmaty::Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        for _ in 0..200 {
            let a = ours.legal_texts();
            let mut b: Vec<String> = theirs
                .legal_moves()
                .iter()
                .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                .collect();
            b.sort();
            assert_eq!(a, b, "move sets differ in {}", ours.to_text());
            let board = ours.to_text().split(' ').next().unwrap().to_string();
            assert_eq!(board, theirs.board().to_string());
            let outcome = ours.outcome();
            assert_eq!(outcome.is_some(), a.is_empty());
            if outcome.is_some() {
                assert_eq!(
                    matches!(outcome, Some(Outcome::Win(_))),
                    theirs.is_checkmate()
                );
            }
            if a.is_empty() {
                break;
            }
            let mv = &a[next(a.len())];
            ours.play_text(mv).unwrap();
            let m = mv
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&theirs)
                .unwrap();
            theirs.play_unchecked(&m);
            plies += 1;
        }
    }
}
