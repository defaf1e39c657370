//! `glinski` perft (G3, GLN-1) against a second, deliberately naive
//! implementation of GLN-1 written here from the rules text (its own
//! position-text reader, cell-by-cell steps, pseudo-legal moves filtered
//! by "can any enemy piece take the king"): its legal moves must equal
//! arbiter's after every ply of random games, and its perft arbiter's on
//! the start and the tactical positions of tests/perft/glinski.yaml (whose
//! named snapshots, start depths 1–4 included, tests/it/perft.rs checks).
//!
//! The start position's depth 1 (51) is derived by hand in the fixture
//! GLN-1-start; the deeper numbers are regression snapshots of this
//! engine, cross-checked here and by 48 real tournament games
//! (tests/it/glinski_records.rs). No public perft table of Gliński's chess is
//! known (CONFORMANCE.md).

use std::collections::BTreeSet;

use arbiter::core::hex::{Cell, Dir};
use arbiter::core::DynGame;
use arbiter::variants::{self, Setup};

/// The tactical positions of tests/perft/glinski.yaml (name, text): pins on five lines (a pinned pawn
/// pushing along its pin line, another taking its pinner), an en passant
/// capture that would expose the king, promotions by push and capture for
/// both sides, and a middlegame of a real game (Rudolf–Towers, London
/// 1980, after 16. Fc4 d6).
const TACTICAL: [(&str, &str); 6] = [
    (
        "pins",
        "1/3/2r2/5b1/1p2PQ1p1/3rPK5/4N2B3/5R3q1/2r8/11/k4r3N1 w - 0 1",
    ),
    (
        "en-passant-pin",
        "1/1k1/5/7/pp5p1/7r3/3Pp6/6P4/2K8/11/R10 w e6 0 1",
    ),
    (
        "promotions-white",
        "k/r2/4n/nP3Pb/1P7/9Pq/11/11/6pP3/1p2p6/2BN1K4R w - 0 1",
    ),
    (
        "promotions-black",
        "k/r2/4n/nP3Pb/1P7/9Pq/11/11/6pP3/1p2p6/2BN1K4R b - 0 1",
    ),
    (
        "middlegame",
        "1/qk1/2br1/r2n2Q/pp1p3pp/3p7/3P2pp3/2B3PP3/1n3B2N2/2P2BN1P2/1P4K1RP1 w - 0 17",
    ),
    (
        "en-passant-two-captures",
        "b/qbk/n1b1n/r5r/ppp1ppppp/5P5/3Pp6/4P1P4/5B1P3/2P2B2P2/1PRNQBKNRP1 w e6 0 5",
    ),
];

const START: &str = "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1";

fn game(text: &str) -> Box<dyn DynGame> {
    variants::setup(&Setup {
        variant: "glinski",
        position: Some(text),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{text}: {e}"))
}

// ---------------------------------------------------------------------
// The naive implementation.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    white: bool,
    kind: char, // P N B R Q K
}

#[derive(Clone)]
struct Naive {
    board: std::collections::BTreeMap<Cell, Piece>,
    white: bool,
    ep: Option<Cell>,
}

const WHITE_STARTS: [&str; 9] = ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"];
const BLACK_STARTS: [&str; 9] = ["b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "k7"];

impl Naive {
    /// Reads the position text (ranks 11 to 1, each from file a to file
    /// l; digits = empty cells), independently of arbiter's reader.
    fn parse(text: &str) -> Naive {
        let f: Vec<&str> = text.split_whitespace().collect();
        let mut board = std::collections::BTreeMap::new();
        for (i, row) in f[0].split('/').enumerate() {
            let rank = 11 - i as u8; // 1-based
            let cells: Vec<Cell> = "abcdefghikl"
                .chars()
                .filter_map(|c| Cell::parse(&format!("{c}{rank}")))
                .collect();
            let mut at = 0;
            let mut num = String::new();
            for ch in row.chars().chain(std::iter::once(' ')) {
                if ch.is_ascii_digit() {
                    num.push(ch);
                    continue;
                }
                if !num.is_empty() {
                    at += num.parse::<usize>().unwrap();
                    num.clear();
                }
                if ch != ' ' {
                    board.insert(
                        cells[at],
                        Piece {
                            white: ch.is_ascii_uppercase(),
                            kind: ch.to_ascii_uppercase(),
                        },
                    );
                    at += 1;
                }
            }
            assert_eq!(at, cells.len(), "rank {rank}");
        }
        Naive {
            board,
            white: f[1] == "w",
            ep: (f[2] != "-").then(|| Cell::parse(f[2]).unwrap()),
        }
    }

    /// Every move of the side `white` ignoring its own king's safety, as
    /// (from, to, promotion letter, en passant).
    fn pseudo(&self, white: bool) -> Vec<(Cell, Cell, Option<char>, bool)> {
        let mut out = Vec::new();
        let fwd = if white { Dir::UP } else { Dir::DOWN };
        for (&from, &p) in &self.board {
            if p.white != white {
                continue;
            }
            let free = |c: Cell| self.board.get(&c).is_none_or(|q| q.white != white);
            let mut add = |to: Cell| out.push((from, to, None, false));
            match p.kind {
                'K' => Dir::ALL
                    .iter()
                    .filter_map(|&d| from.step(d))
                    .filter(|&c| free(c))
                    .for_each(&mut add),
                'N' => {
                    // Two steps along an orthogonal line, one step along a
                    // line 60° from it.
                    for d in Dir::ORTHOGONAL {
                        for turn in [-1, 1] {
                            let to = from
                                .step(d)
                                .and_then(|c| c.step(d))
                                .and_then(|c| c.step(d.rotate(turn)));
                            if let Some(to) = to.filter(|&c| free(c)) {
                                add(to);
                            }
                        }
                    }
                }
                'B' | 'R' | 'Q' => {
                    let dirs: Vec<Dir> = match p.kind {
                        'B' => Dir::DIAGONAL.to_vec(),
                        'R' => Dir::ORTHOGONAL.to_vec(),
                        _ => Dir::ALL.to_vec(),
                    };
                    for d in dirs {
                        let mut c = from;
                        while let Some(n) = c.step(d) {
                            match self.board.get(&n) {
                                None => add(n),
                                Some(q) => {
                                    if q.white != white {
                                        add(n);
                                    }
                                    break;
                                }
                            }
                            c = n;
                        }
                    }
                }
                _ => {
                    // Pawn: one step ahead onto an empty cell, two from a
                    // start cell of its colour, captures one step 60° left
                    // or right of ahead; the far edge promotes.
                    let promo = |to: Cell| to.step(fwd).is_none();
                    let mut push = |to: Cell, ep: bool| {
                        if promo(to) {
                            for l in ['q', 'r', 'b', 'n'] {
                                out.push((from, to, Some(l), ep));
                            }
                        } else {
                            out.push((from, to, None, ep));
                        }
                    };
                    if let Some(one) = from.step(fwd).filter(|c| !self.board.contains_key(c)) {
                        push(one, false);
                        let starts = if white { WHITE_STARTS } else { BLACK_STARTS };
                        if starts.contains(&from.to_string().as_str()) {
                            if let Some(two) = one.step(fwd).filter(|c| !self.board.contains_key(c))
                            {
                                push(two, false);
                            }
                        }
                    }
                    for turn in [-1, 1] {
                        if let Some(to) = from.step(fwd.rotate(turn)) {
                            match self.board.get(&to) {
                                Some(q) if q.white != white => push(to, false),
                                None if self.ep == Some(to) && white == self.white => {
                                    push(to, true)
                                }
                                _ => {}
                            }
                        }
                    }
                }
            }
        }
        out
    }

    fn play(&self, (from, to, promo, ep): (Cell, Cell, Option<char>, bool)) -> Naive {
        let mut n = self.clone();
        let mut p = n.board.remove(&from).unwrap();
        if ep {
            let back = if self.white { Dir::DOWN } else { Dir::UP };
            n.board.remove(&to.step(back).unwrap());
        }
        if let Some(l) = promo {
            p.kind = l.to_ascii_uppercase();
        }
        n.ep = None;
        if p.kind == 'P' && promo.is_none() {
            let fwd = if self.white { Dir::UP } else { Dir::DOWN };
            if from.step(fwd).and_then(|c| c.step(fwd)) == Some(to) {
                n.ep = from.step(fwd);
            }
        }
        n.board.insert(to, p);
        n.white = !self.white;
        n
    }

    fn king_attacked(&self, white: bool) -> bool {
        let Some((&k, _)) = self
            .board
            .iter()
            .find(|(_, p)| p.kind == 'K' && p.white == white)
        else {
            return true;
        };
        self.pseudo(!white).iter().any(|m| m.1 == k)
    }

    fn legal(&self) -> BTreeSet<String> {
        self.pseudo(self.white)
            .into_iter()
            .filter(|&m| !self.play(m).king_attacked(self.white))
            .map(|(f, t, p, _)| format!("{f}{t}{}", p.map(String::from).unwrap_or_default()))
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves: Vec<_> = self
            .pseudo(self.white)
            .into_iter()
            .filter(|&m| !self.play(m).king_attacked(self.white))
            .collect();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.play(m).perft(depth - 1)).sum()
    }
}

#[test]
fn naive_reader_agrees_on_the_start() {
    let n = Naive::parse(START);
    assert_eq!(n.board.len(), 36);
    assert_eq!(n.legal().len(), 51);
}

/// The naive implementation's perft equals arbiter's on every tactical
/// position and the start: depth 3 where perft(2) is small, else 2 (the
/// ignored `naive_perft_agrees_deeper` runs depth 3 everywhere).
#[test]
fn naive_perft_agrees() {
    for (name, text) in TACTICAL.iter().copied().chain([("start", START)]) {
        let g = game(text);
        let n = Naive::parse(text);
        let depth = if g
            .perft(2, &arbiter::core::PerftOptions::threads(1))
            .unwrap()
            > 1500
        {
            2
        } else {
            3
        };
        assert_eq!(
            n.perft(depth),
            g.perft(depth, &arbiter::core::PerftOptions::threads(1))
                .unwrap(),
            "{name} depth {depth}"
        );
    }
}

#[test]
#[ignore = "slow: about 10 s"]
fn naive_perft_agrees_deeper() {
    for (name, text) in TACTICAL.iter().copied().chain([("start", START)]) {
        let g = game(text);
        assert_eq!(
            Naive::parse(text).perft(3),
            g.perft(3, &arbiter::core::PerftOptions::threads(1))
                .unwrap(),
            "{name}"
        );
    }
}

/// Random games from the start and the tactical positions: after every
/// ply the two implementations list the same legal moves.
#[test]
fn naive_moves_agree_on_random_games() {
    let mut next = crate::common::xorshift(0x9E37_79B9_7F4A_7C15);
    let mut plies = 0;
    let mut seen_ep = 0;
    for round in 0..40 {
        let text = if round % 2 == 0 {
            START
        } else {
            TACTICAL[round / 2 % TACTICAL.len()].1
        };
        let mut g = game(text);
        for _ in 0..100 {
            let text = g.to_text();
            let naive = Naive::parse(&text).legal();
            let mine: BTreeSet<String> = g.legal_texts().into_iter().collect();
            assert_eq!(mine, naive, "at {text}");
            if Naive::parse(&text).ep.is_some() {
                seen_ep += 1;
            }
            let moves = g.legal_texts();
            if moves.is_empty() {
                break;
            }
            let pick = next(moves.len());
            g.play_text(&moves[pick]).unwrap();
            plies += 1;
        }
    }
    assert!(plies > 3000, "{plies} plies");
    assert!(seen_ep > 30, "{seen_ep} positions with an en passant cell");
}
