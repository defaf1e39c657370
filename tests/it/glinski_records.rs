//! GLN-1 against real games: every game of the stored tournament records
//! (fixtures/glinski/records/, sources and licence in its README.md)
//! replays move by move to its last move: each record token must match
//! exactly one legal move of arbiter's generator (a missing move stops the
//! game; an extra legal move would make a token ambiguous), with the
//! check marks the record gives.

use arbiter::core::Game;
#[allow(unused_imports)]
use arbiter::core::{Explain as _, Notation as _};
use arbiter::variants::glinski::record::Record;
use arbiter::variants::glinski::Glinski;

fn records(file: &str) -> Vec<Record> {
    let path = format!(
        "{}/fixtures/glinski/records/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Record::parse_all(&text)
}

fn name(r: &Record) -> String {
    format!(
        "{} {} ({} - {})",
        r.tag("Event").unwrap_or("?"),
        r.tag("GameID").unwrap_or(""),
        r.tag("White").unwrap_or("?"),
        r.tag("Black").unwrap_or("?")
    )
}

#[test]
fn hungarian_tournament_games_replay_to_their_end() {
    let games = records("hexasakk-1980-1982.pgn");
    assert_eq!(games.len(), 45);
    let mut plies = 0;
    let mut failures = Vec::new();
    for r in &games {
        match Glinski::replay(r) {
            Ok(_) => plies += r.moves.len(),
            Err((ply, e)) => failures.push(format!("{}: ply {ply}: {e}", name(r))),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(plies, 3031, "every token of every game is a move");
    // The en passant capture of Bóly 1981, game 3 (8. e6 e5ep.) was played.
    let boly3 = games
        .iter()
        .find(|r| r.tag("Event") == Some("Bóly81") && r.tag("GameID") == Some("3"))
        .unwrap();
    assert_eq!(boly3.moves[15], "e5ep.");
    let mut g = Glinski::start();
    for m in g.read_record(&boly3.moves[..15]).unwrap() {
        g.play(&m);
    }
    let v = g.explain("e5ep.").unwrap();
    assert!(v.legal, "{v:?}");
    assert_eq!(v.text, "f6e5");
    assert_eq!(v.reason, "legal en passant capture of the pawn on e6");
}

#[test]
fn european_championship_1999_replays_in_cell_notation() {
    let games = records("europe-1999-half-final.pgn");
    assert_eq!(games.len(), 3);
    for r in &games {
        let g = Glinski::replay(r).unwrap_or_else(|(p, e)| panic!("{}: ply {p}: {e}", name(r)));
        assert!(g.count_legal() > 0);
    }
}

/// The games the transcriber commented out, each with a note saying at
/// which move it stops: arbiter stops at exactly that move, for the reason
/// the note gives (an independent implementation's verdict, agreeing).
#[test]
fn games_noted_as_broken_stop_where_the_note_says() {
    let path = format!(
        "{}/fixtures/glinski/records/hexasakk-1980-1982.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let commented: String = text
        .lines()
        .filter(|l| {
            l.starts_with(';') && !l.starts_with("; Source") && !l.starts_with("; Commented")
        })
        .map(|l| format!("{}\n", l.trim_start_matches(';').trim_start()))
        .collect();
    // (GameID, the note, ply where it stops, the error kind)
    let expected = [
        ("19", "error at move 35. Bg7", 69, "illegal move 'Bg7'"),
        (
            "32",
            "ambiguity at 14. ... Be8",
            28,
            "ambiguous move 'Be8': matches",
        ),
        (
            "25",
            "ambiguity at move 10.Hxg2",
            19,
            "ambiguous move 'Hxg2': matches",
        ),
        (
            "27",
            "ambiguity at move 24.Be3",
            47,
            "ambiguous move 'Be3': matches",
        ),
        ("39", "error at move 54.Hh4", 107, "illegal move 'Hh4'"),
    ];
    let games = Record::parse_all(&commented);
    assert_eq!(games.len(), expected.len());
    for (r, (id, note, ply, kind)) in games.iter().zip(expected) {
        assert_eq!(r.tag("GameID"), Some(id));
        assert!(text.contains(note), "{note}");
        match Glinski::replay(r) {
            Ok(_) => panic!("{}: replays to the end", name(r)),
            Err((p, e)) => {
                assert_eq!(p, ply, "{}: {e}", name(r));
                assert!(e.to_string().contains(kind), "{}: {e}", name(r));
            }
        }
    }
}

/// The fool's mate of Gliński's own book (First Theories of Hexagonal
/// Chess, 1974), in long algebraic with the captured piece named
/// (`Qc3xBf9#`): the mate mark holds and the game is over.
#[test]
fn glinskis_fools_mate_is_checkmate() {
    let games = records("fools-mate.pgn");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].moves.len(), 7);
    let g = Glinski::replay(&games[0]).unwrap_or_else(|(p, e)| panic!("ply {p}: {e}"));
    assert_eq!(
        g.outcome(),
        Some(arbiter::core::Outcome::Win(arbiter::core::Color::White))
    );
    assert_eq!(g.count_legal(), 0);
}
