//! `sonic` position and move texts: round trips (G4), one text per move
//! (G2), perft(1) = the number of legal moves, and the text of a finished
//! game (G6). The perft snapshots themselves are `tests/perft/sonic.yaml`.

use arbiter::core::{DynGame, Outcome};
use arbiter::variants::{self, Setup};

fn setup(options: &[&str], position: Option<&str>) -> Result<Box<dyn DynGame>, String> {
    let options: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    variants::setup(&Setup {
        variant: "sonic",
        options: &options,
        mutant: None,
        position,
        moves: &[],
    })
    .map_err(|e| e.to_string())
}

fn game(options: &[&str], position: Option<&str>) -> Box<dyn DynGame> {
    setup(options, position).expect("valid setup")
}

/// Tactical positions rich in bounces, springs, king hits and game ends;
/// the last four with compounds (SCA-12) and wide castling (SCA-11).
const TACTICAL: [(&[&str], &str); 12] = [
    (&[], "r3k2r/pp3ppp/2n2n2/2bqp3/2B1P3/2N2N2/PP1Q1PPP/R3K2R w KQkq - 0 1 c3,f3,c6,f6 KNA=K KNA=K"),
    (&[], "4k3/1q4r1/8/3R4/8/2Q5/5B2/4K3 w - - 0 1 c3,c6,f6 KNA=K KNA=K"),
    (&[], "r3k3/p2n4/8/2b5/8/5N2/1P3PP1/R3K2R b KQq - 0 1 d4,e5 KNA=K NA?"),
    (&[], "3r4/8/5k2/1n6/2R5/2p3B1/8/K7 w - - 0 1 f3,c6 KNA=N KNA=K"),
    (&[], "r3k4r/pppp1ppppp/10/4q5/10/10/4Q5/10/PPPP1PPPPP/R3K4R w KQkq - 0 1 c3,h3,c8,h8 KNA=K KNA=K"),
    (&["alternate-turns"], "r3k2r/pp3ppp/2n2n2/2bqp3/2B1P3/2N2N2/PP1Q1PPP/R3K2R w KQkq - 0 1 c3,f3,c6,f6 KNA=K KNA=K"),
    (&[], "r3k2r/3P4/8/8/8/8/8/R3K2R w KQkq - 0 1 - KNA=K KNA=K"),
    (&[], "4k2r/8/8/8/8/8/8/4R2K w k - 0 1 - KNA=K K=K"),
    (&["setup=capablanca", "springs"], "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1 c3,h3,c6,h6 KNA=K KNA=K"),
    (&["compounds=ACM"], "r5k4r/pp7ppp/2np4a3/5p1m4/3c8/12/12/7C4/4M7/5P3N2/PPPA4P1PP/R5K4R w KQkq - 0 1 c4,j4,f6,g7,c9,j9 KNA=K KNA=K"),
    (&["compounds=ACM"], "r11/7k4/1c3a6/6p5/8m3/2p6C2/7p4/2M7P1/3P8/1N2P5n1/7A4/4K6R b K - 0 1 g4,b6,e6,d8,k9,j10 KNA=N NA?"),
    (&["compounds=AM"], "k4B2/2P5/4n3/4P3/3M3a/8/8/K7 w - - 0 1 d6 KNA=K KNA=K"),
];

/// Positions reached in one move print and re-read to themselves (G4);
/// a position where the game is over prints a text in the grammar that
/// is rejected naming G6 (a finished game is not a position).
#[test]
fn position_texts_round_trip() {
    let start =
        variants::sonic::start(&variants::sonic::VARIANT.rules(&[], None).unwrap()).unwrap();
    let mut positions: Vec<(&[&str], &str)> = vec![(&[], &start)];
    positions.extend(TACTICAL);
    let mut finished = 0;
    for (options, pos) in positions {
        let g = game(options, Some(pos));
        assert_eq!(g.to_text(), pos, "canonical text");
        for m in g.legal_texts() {
            let mut c = g.clone();
            c.play_text(&m).unwrap();
            let t = c.to_text();
            let after = &m;
            if let Some(Outcome::Win(_)) = c.outcome() {
                let err = setup(options, Some(&t)).err().unwrap_or_default();
                assert!(err.contains("(G6)"), "after {after}: {t} gives {err:?}");
                assert!(t.ends_with(" -"), "the lost king's forms field: {t}");
                finished += 1;
                continue;
            }
            let again = game(options, Some(&t));
            assert_eq!(again.to_text(), t, "after {after}");
            assert_eq!(again.legal_texts(), c.legal_texts(), "moves after {after}");
        }
    }
    assert!(finished >= 5, "{finished} finished games");
}

/// perft(1) equals the number of legal moves, and every legal text is
/// unique (G2) and parses back to its move.
#[test]
fn perft_one_is_the_move_count() {
    for (options, pos) in TACTICAL {
        let g = game(options, Some(pos));
        let texts = g.legal_texts();
        assert_eq!(
            g.perft(1, &arbiter::core::PerftOptions::default()).unwrap(),
            texts.len() as u64,
            "{pos}"
        );
        let mut dedup = texts.clone();
        dedup.dedup();
        assert_eq!(
            dedup.len(),
            texts.len(),
            "move texts are unique (G2): {pos}"
        );
        for t in &texts {
            assert_eq!(&g.clone().play_text(t).expect("parses"), t);
        }
    }
}
