//! `sonic` perft snapshots (G3), position-text round trips, and
//! perft(1) = number of legal moves.
//!
//! The start-position counts at depth 1 and 2 are derived by hand in
//! fixtures (SCA-1-start: 60, 3600); everything here beyond that is a
//! REGRESSION SNAPSHOT computed by this engine, not an independent truth.

use arbiter::core::DynGame;
use arbiter::variants::{self, Setup};

fn game(options: &[&str], position: Option<&str>) -> Box<dyn DynGame> {
    let options: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    variants::setup(&Setup {
        variant: "sonic",
        options: &options,
        mutant: None,
        position,
        moves: &[],
    })
    .expect("valid setup")
}

/// Tactical positions rich in bounces, springs and king hits (regression
/// snapshots).
const TACTICAL: [(&str, &[&str], &str, u32); 6] = [
    ("sonic-tactical-spring-rectangle", &[], "r3k2r/pp3ppp/2n2n2/2bqp3/2B1P3/2N2N2/PP1Q1PPP/R3K2R w KQkq - 0 1 c3,f3,c6,f6 KNA=K KNA=K", 2),
    ("sonic-tactical-open-lines", &[], "4k3/1q4r1/8/3R4/8/2Q5/5B2/4K3 w - - 0 1 c3,c6,f6 KNA=K KNA=K", 3),
    ("sonic-tactical-pending-choice", &[], "r3k3/p2n4/8/2b5/8/5N2/1P3PP1/R3K2R b KQq - 0 1 d4,e5 KNA=K NA?", 2),
    ("sonic-tactical-double-hit", &[], "3r4/8/5k2/1n6/2R5/2p3B1/8/K7 w - - 0 1 f3,c6 KNA=N KNA=K", 3),
    ("sonic-tactical-ten-by-ten", &[], "r3k4r/pppp1ppppp/10/4q5/10/10/4Q5/10/PPPP1PPPPP/R3K4R w KQkq - 0 1 c3,h3,c8,h8 KNA=K KNA=K", 2),
    ("sonic-tactical-gilman", &["alternate-turns"], "r3k2r/pp3ppp/2n2n2/2bqp3/2B1P3/2N2N2/PP1Q1PPP/R3K2R w KQkq - 0 1 c3,f3,c6,f6 KNA=K KNA=K", 2),
];

/// Positions reached in perft print and re-read to themselves (G4).
#[test]
fn position_texts_round_trip() {
    let mut positions: Vec<(Vec<&str>, String)> =
        vec![(vec![], variants::sonic::start(&Default::default()))];
    for (_, options, pos, _) in TACTICAL {
        positions.push((options.to_vec(), pos.to_string()));
    }
    for (options, pos) in positions {
        let g = game(&options, Some(&pos));
        assert_eq!(g.to_text(), pos, "canonical text");
        // Every child position of every move round-trips too.
        for m in g.legal_moves() {
            let mut c = g.clone();
            c.play(&m);
            if c.outcome()
                .is_some_and(|o| matches!(o, arbiter::core::Outcome::Win(_)))
            {
                continue;
            }
            let t = c.to_text();
            let again = game(&options, Some(&t));
            assert_eq!(again.to_text(), t, "after {}", g.move_text(&m));
            assert_eq!(
                again.legal_texts(),
                c.legal_texts(),
                "moves after {}",
                g.move_text(&m)
            );
        }
    }
}

/// perft(1) equals the number of legal moves, and every legal text parses
/// back to its move.
#[test]
fn perft_one_is_the_move_count() {
    for (_, options, pos, _) in TACTICAL {
        let g = game(options, Some(pos));
        let moves = g.legal_moves();
        assert_eq!(g.perft(1, 1), moves.len() as u64, "{pos}");
        let texts = g.legal_texts();
        let mut dedup = texts.clone();
        dedup.dedup();
        assert_eq!(
            dedup.len(),
            texts.len(),
            "move texts are unique (G2): {pos}"
        );
        for m in &moves {
            assert_eq!(&g.parse_move(&g.move_text(m)).expect("parses"), m);
        }
    }
}
