//! Test oracle of Capablanca chess, CAP-1 of RULINGS.md 3.4 (the base of
//! Sonic's wide boards): a naive second implementation written from the
//! rulings alone, for checking arbiter's `capablanca` when it lands (the
//! lead adds `capablanca` to `common::NEW_BOARDS_READY`, which switches on
//! `oracle_agrees_with_arbiters_capablanca` below and the Fairy-Stockfish
//! comparisons of tests/externals.rs). tests/externals.rs also checks this
//! oracle itself against Fairy-Stockfish.
//!
//! CAP-1 as implemented here:
//! - Orthodox chess (FIDE) on 10×8, files a–j, ranks 1–8, plus the
//!   archbishop `A/a` (bishop + knight) and chancellor `C/c` (rook +
//!   knight).
//! - Start: White a1 R, b1 N, c1 A, d1 B, e1 Q, f1 K, g1 B, h1 C, i1 N,
//!   j1 R, pawns a2–j2; Black the same on ranks 8 and 7.
//! - Pawns as FIDE: one square ahead, two from the second rank over an
//!   empty square, diagonal captures, en passant on the next move,
//!   promotion on the last rank to Q R B N A C (lower-case letter in the
//!   move text, `a7a8c`).
//! - Castling: the king moves three squares toward the rook — f1i1 with
//!   the j1 rook to h1, f1c1 with the a1 rook to d1 (Black on rank 8) —
//!   with FIDE's conditions: king and rook unmoved (the FEN rights
//!   `KQkq`), every square between them empty, the king not in check, not
//!   crossing an attacked square, not landing on one. Written as the
//!   king's move.
//! - Legality: a move is legal when no enemy piece attacks the mover's
//!   king afterwards. Position text: FEN with 10 files (`10` = ten empty
//!   squares); the en passant square is written after every double step.

use std::collections::BTreeMap;

#[cfg(test)]
use crate::common::NEW_BOARDS_READY;

/// A square: (file 0..10 = a..j, rank 0..8 = 1..8).
type Square = (i8, i8);

const FILES: &[u8] = b"abcdefghij";
const ROOK: [Square; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [Square; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [Square; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// CAP-1's start position.
pub const START: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

/// The castlings: (right, white, king from, king to, rook from, rook to).
const CASTLINGS: [(char, bool, &str, &str, &str, &str); 4] = [
    ('K', true, "f1", "i1", "j1", "h1"),
    ('Q', true, "f1", "c1", "a1", "d1"),
    ('k', false, "f8", "i8", "j8", "h8"),
    ('q', false, "f8", "c8", "a8", "d8"),
];

fn on_board((f, r): Square) -> bool {
    (0..10).contains(&f) && (0..8).contains(&r)
}

fn name((f, r): Square) -> String {
    format!("{}{}", FILES[f as usize] as char, r + 1)
}

fn square(text: &str) -> Option<Square> {
    let mut chars = text.chars();
    let file = chars.next()?;
    let f = FILES.iter().position(|&c| c as char == file)? as i8;
    let r: i8 = chars.as_str().parse().ok()?;
    on_board((f, r - 1)).then_some((f, r - 1))
}

#[derive(Clone, Debug)]
struct Move {
    from: Square,
    to: Square,
    promotion: Option<char>,
    /// En passant: the pawn removed.
    victim: Option<Square>,
    /// Castling: the rook's from and to squares.
    rook: Option<(Square, Square)>,
}

/// A position: pieces as (white, letter `PNBRQKAC`).
#[derive(Clone, Debug)]
pub struct Capablanca {
    board: BTreeMap<Square, (bool, char)>,
    white: bool,
    castling: Vec<char>,
    ep: Option<Square>,
    halfmove: u32,
    fullmove: u32,
}

impl Capablanca {
    pub fn start() -> Capablanca {
        Capablanca::parse(START).expect("the start position")
    }

    /// Reads a FEN of 10 files.
    ///
    /// # Errors
    /// A one-line reason: syntax, and castling rights without their king
    /// and rook on their start squares.
    pub fn parse(text: &str) -> Result<Capablanca, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 4 && fields.len() != 6 {
            return Err(format!("{} fields", fields.len()));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(format!("{} ranks", ranks.len()));
        }
        let mut board = BTreeMap::new();
        for (i, rank) in ranks.iter().enumerate() {
            let r = 7 - i as i8;
            let mut f = 0i8;
            let mut run = 0i8;
            for ch in rank.chars().chain([' ']) {
                if let Some(d) = ch.to_digit(10) {
                    run = run * 10 + d as i8;
                    continue;
                }
                f += run;
                run = 0;
                if ch == ' ' {
                    break;
                }
                if !"PNBRQKACpnbrqkac".contains(ch) {
                    return Err(format!("piece letter {ch}"));
                }
                if f >= 10 {
                    return Err(format!("rank {} too long", r + 1));
                }
                board.insert((f, r), (ch.is_ascii_uppercase(), ch.to_ascii_uppercase()));
                f += 1;
            }
            if f != 10 {
                return Err(format!("rank {} has {f} squares", r + 1));
            }
        }
        let white = match fields[1] {
            "w" => true,
            "b" => false,
            t => return Err(format!("turn {t}")),
        };
        let mut castling = Vec::new();
        if fields[2] != "-" {
            for right in fields[2].chars() {
                let (_, w, king, _, rook, _) = *CASTLINGS
                    .iter()
                    .find(|c| c.0 == right)
                    .ok_or(format!("castling right {right}"))?;
                let at = |sq: &str, kind| board.get(&square(sq).unwrap()) == Some(&(w, kind));
                if !at(king, 'K') || !at(rook, 'R') {
                    return Err(format!(
                        "castling right {right} without king and rook at home"
                    ));
                }
                castling.push(right);
            }
        }
        let ep = match fields[3] {
            "-" => None,
            t => Some(square(t).ok_or(format!("en passant square {t}"))?),
        };
        let counter = |i: usize, default: u32| -> Result<u32, String> {
            fields.get(i).map_or(Ok(default), |f| {
                f.parse().map_err(|_| format!("counter {f}"))
            })
        };
        Ok(Capablanca {
            board,
            white,
            castling,
            ep,
            halfmove: counter(4, 0)?,
            fullmove: counter(5, 1)?,
        })
    }

    pub fn to_text(&self) -> String {
        let mut ranks = Vec::new();
        for r in (0..8).rev() {
            let mut out = String::new();
            let mut empty = 0;
            for f in 0..10 {
                match self.board.get(&(f, r)) {
                    None => empty += 1,
                    Some(&(w, k)) => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out.push(if w { k } else { k.to_ascii_lowercase() });
                    }
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            ranks.push(out);
        }
        let castling: String = CASTLINGS
            .iter()
            .map(|c| c.0)
            .filter(|c| self.castling.contains(c))
            .collect();
        format!(
            "{} {} {} {} {} {}",
            ranks.join("/"),
            if self.white { "w" } else { "b" },
            if castling.is_empty() {
                "-".into()
            } else {
                castling
            },
            self.ep.map_or("-".into(), name),
            self.halfmove,
            self.fullmove
        )
    }

    /// Does a piece of colour `by` attack square `sq`?
    fn attacked(&self, sq: Square, by: bool) -> bool {
        self.board
            .iter()
            .filter(|(_, p)| p.0 == by)
            .any(|(&(f, r), &(_, kind))| {
                let slides = |dirs: &[Square]| {
                    dirs.iter().any(|&(df, dr)| {
                        let mut at = (f + df, r + dr);
                        while on_board(at) {
                            if at == sq {
                                return true;
                            }
                            if self.board.contains_key(&at) {
                                return false;
                            }
                            at = (at.0 + df, at.1 + dr);
                        }
                        false
                    })
                };
                let hits = |steps: &[Square]| steps.iter().any(|&(df, dr)| (f + df, r + dr) == sq);
                let forward = if by { 1 } else { -1 };
                match kind {
                    'P' => hits(&[(1, forward), (-1, forward)]),
                    'N' => hits(&KNIGHT),
                    'K' => hits(&ROOK) || hits(&BISHOP),
                    'B' => slides(&BISHOP),
                    'R' => slides(&ROOK),
                    'Q' => slides(&ROOK) || slides(&BISHOP),
                    'A' => slides(&BISHOP) || hits(&KNIGHT),
                    _ => slides(&ROOK) || hits(&KNIGHT), // 'C'
                }
            })
    }

    fn king(&self, white: bool) -> Option<Square> {
        self.board
            .iter()
            .find(|(_, &p)| p == (white, 'K'))
            .map(|(&s, _)| s)
    }

    fn pseudo(&self) -> Vec<Move> {
        let white = self.white;
        let mut out = Vec::new();
        let plain = |from, to| Move {
            from,
            to,
            promotion: None,
            victim: None,
            rook: None,
        };
        let free = |sq: Square| on_board(sq) && self.board.get(&sq).is_none_or(|p| p.0 != white);
        for (&(f, r), &(_, kind)) in self.board.iter().filter(|(_, p)| p.0 == white) {
            let from = (f, r);
            let steps = |dirs: &[Square], out: &mut Vec<Move>| {
                for &(df, dr) in dirs {
                    let to = (f + df, r + dr);
                    if free(to) {
                        out.push(plain(from, to));
                    }
                }
            };
            let slides = |dirs: &[Square], out: &mut Vec<Move>| {
                for &(df, dr) in dirs {
                    let mut to = (f + df, r + dr);
                    while free(to) {
                        out.push(plain(from, to));
                        if self.board.contains_key(&to) {
                            break;
                        }
                        to = (to.0 + df, to.1 + dr);
                    }
                }
            };
            match kind {
                'N' => steps(&KNIGHT, &mut out),
                'K' => {
                    steps(&ROOK, &mut out);
                    steps(&BISHOP, &mut out);
                }
                'B' => slides(&BISHOP, &mut out),
                'R' => slides(&ROOK, &mut out),
                'Q' => {
                    slides(&ROOK, &mut out);
                    slides(&BISHOP, &mut out);
                }
                'A' => {
                    slides(&BISHOP, &mut out);
                    steps(&KNIGHT, &mut out);
                }
                'C' => {
                    slides(&ROOK, &mut out);
                    steps(&KNIGHT, &mut out);
                }
                _ => self.pawn_moves(from, &mut out),
            }
        }
        self.castlings(&mut out);
        out
    }

    fn pawn_moves(&self, (f, r): Square, out: &mut Vec<Move>) {
        let (fwd, home, last) = if self.white { (1, 1, 7) } else { (-1, 6, 0) };
        let push = |m: Move, out: &mut Vec<Move>| {
            if m.to.1 == last {
                for p in ['q', 'r', 'b', 'n', 'a', 'c'] {
                    out.push(Move {
                        promotion: Some(p),
                        ..m.clone()
                    });
                }
            } else {
                out.push(m);
            }
        };
        let plain = |to, victim| Move {
            from: (f, r),
            to,
            promotion: None,
            victim,
            rook: None,
        };
        let one = (f, r + fwd);
        if on_board(one) && !self.board.contains_key(&one) {
            push(plain(one, None), out);
            let two = (f, r + 2 * fwd);
            if r == home && !self.board.contains_key(&two) {
                out.push(plain(two, None));
            }
        }
        for df in [-1, 1] {
            let to = (f + df, r + fwd);
            if !on_board(to) {
                continue;
            }
            match self.board.get(&to) {
                Some(p) if p.0 != self.white => push(plain(to, None), out),
                None if self.ep == Some(to) => {
                    let victim = (to.0, r);
                    if self.board.get(&victim) == Some(&(!self.white, 'P')) {
                        out.push(plain(to, Some(victim)));
                    }
                }
                _ => {}
            }
        }
    }

    fn castlings(&self, out: &mut Vec<Move>) {
        for &(right, w, king, to, rook, rook_to) in &CASTLINGS {
            if w != self.white || !self.castling.contains(&right) {
                continue;
            }
            let (k, t, rk) = (
                square(king).unwrap(),
                square(to).unwrap(),
                square(rook).unwrap(),
            );
            let lo = k.0.min(rk.0) + 1;
            let hi = k.0.max(rk.0);
            let between_empty = (lo..hi).all(|f| !self.board.contains_key(&(f, k.1)));
            // The king's start and the squares it crosses (its landing
            // square is tested as any move's: the king may not end attacked).
            let step = (t.0 - k.0).signum();
            let crossed_safe = (0..3).all(|i| !self.attacked((k.0 + i * step, k.1), !self.white));
            if between_empty && crossed_safe {
                out.push(Move {
                    from: k,
                    to: t,
                    promotion: None,
                    victim: None,
                    rook: Some((rk, square(rook_to).unwrap())),
                });
            }
        }
    }

    fn apply(&self, m: &Move) -> Capablanca {
        let mut n = self.clone();
        let mut piece = n.board.remove(&m.from).expect("a piece to move");
        let pawn = piece.1 == 'P';
        let captured = n.board.remove(&m.to).is_some() || m.victim.is_some();
        if let Some(v) = m.victim {
            n.board.remove(&v);
        }
        if let Some((rf, rt)) = m.rook {
            let rook = n.board.remove(&rf).expect("the castling rook");
            n.board.insert(rt, rook);
        }
        if let Some(p) = m.promotion {
            piece.1 = p.to_ascii_uppercase();
        }
        n.board.insert(m.to, piece);
        n.castling.retain(|&right| {
            let c = CASTLINGS.iter().find(|c| c.0 == right).unwrap();
            let home = [square(c.2).unwrap(), square(c.4).unwrap()];
            !home.contains(&m.from) && !home.contains(&m.to)
        });
        n.ep =
            (pawn && (m.to.1 - m.from.1).abs() == 2).then_some((m.from.0, (m.from.1 + m.to.1) / 2));
        n.halfmove = if pawn || captured {
            0
        } else {
            self.halfmove + 1
        };
        if !self.white {
            n.fullmove += 1;
        }
        n.white = !self.white;
        n
    }

    fn text(m: &Move) -> String {
        format!(
            "{}{}{}",
            name(m.from),
            name(m.to),
            m.promotion.map(String::from).unwrap_or_default()
        )
    }

    fn legal_moves(&self) -> Vec<Move> {
        self.pseudo()
            .into_iter()
            .filter(|m| {
                let after = self.apply(m);
                after
                    .king(self.white)
                    .is_none_or(|k| !after.attacked(k, !self.white))
            })
            .collect()
    }

    /// The legal moves as UCI-like texts, sorted.
    pub fn legal(&self) -> Vec<String> {
        let mut texts: Vec<String> = self.legal_moves().iter().map(Self::text).collect();
        texts.sort();
        texts
    }

    /// Plays a legal move given by its text.
    ///
    /// # Errors
    /// The text names no legal move.
    pub fn play(&self, text: &str) -> Result<Capablanca, String> {
        self.legal_moves()
            .iter()
            .find(|m| Self::text(m) == text)
            .map(|m| self.apply(m))
            .ok_or(format!("illegal move {text} at {}", self.to_text()))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_moves().len() as u64,
            _ => self
                .legal_moves()
                .iter()
                .map(|m| self.apply(m).perft(depth - 1))
                .sum(),
        }
    }

    /// (move text, perft(depth − 1)) per legal move, sorted by text.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut rows: Vec<(String, u64)> = self
            .legal_moves()
            .iter()
            .map(|m| (Self::text(m), self.apply(m).perft(depth.saturating_sub(1))))
            .collect();
        rows.sort();
        rows
    }
}

impl crate::common::oracle::OracleGame for Capablanca {
    fn legal(&self) -> Vec<String> {
        Capablanca::legal(self)
    }
    fn perft(&self, depth: u32) -> u64 {
        Capablanca::perft(self, depth)
    }
}

/// The published start counts 28 / 784 / 25228 (Fairy-Stockfish's
/// tests/perft.sh checks depth 4).
#[test]
fn start_perft() {
    let s = Capablanca::start();
    assert_eq!(s.to_text(), START);
    assert_eq!([s.perft(1), s.perft(2), s.perft(3)], [28, 784, 25228]);
    let rows = s.divide(2);
    assert_eq!(
        rows.iter().map(|r| r.0.clone()).collect::<Vec<_>>(),
        s.legal()
    );
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 784);
}

#[test]
#[ignore = "deep: 805128 leaves, about 3 s"]
fn start_perft_4() {
    assert_eq!(Capablanca::start().perft(4), 805_128);
}

/// CAP-1's castlings from a cleared back rank: f1i1 puts the rook on h1,
/// f1c1 on d1; a piece between king and rook or an attacked crossed square
/// forbids them.
#[test]
fn castling_three_squares_toward_the_rook() {
    let p =
        Capablanca::parse("r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1").unwrap();
    let king: Vec<String> = p
        .legal()
        .into_iter()
        .filter(|m| m.starts_with("f1"))
        .collect();
    assert_eq!(king, ["f1c1", "f1e1", "f1g1", "f1i1"]);
    assert_eq!(
        p.play("f1i1").unwrap().to_text(),
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b kq - 1 1"
    );
    assert_eq!(
        p.play("f1c1").unwrap().to_text(),
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/2KR5R b kq - 1 1"
    );
    // A knight on b1 blocks the long castling although the king never
    // crosses b1 (every square between king and rook must be empty).
    let blocked =
        Capablanca::parse("r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/RN3K3R w KQkq - 0 1").unwrap();
    assert!(!blocked.legal().contains(&"f1c1".to_string()));
    // A black rook on g3 (the g-pawn gone) attacks g1, which the king
    // crosses toward i1 (and g2, g1 as king steps).
    let crossed =
        Capablanca::parse("r4k3r/pppppppppp/10/10/10/6r3/PPPPPP1PPP/R4K3R w KQkq - 0 1").unwrap();
    let king: Vec<String> = crossed
        .legal()
        .into_iter()
        .filter(|m| m.starts_with("f1"))
        .collect();
    assert_eq!(king, ["f1c1", "f1e1"]);
}

/// Promotion to each of Q R B N A C, by a step and by a capture.
#[test]
fn promotion_to_six_pieces() {
    let p = Capablanca::parse("r4k4/1P8/10/10/10/10/10/5K4 w - - 0 1").unwrap();
    let pawn: Vec<String> = p
        .legal()
        .into_iter()
        .filter(|m| m.starts_with("b7"))
        .collect();
    let expected: Vec<String> = ["a8", "b8"]
        .iter()
        .flat_map(|to| ['a', 'b', 'c', 'n', 'q', 'r'].map(|l| format!("b7{to}{l}")))
        .collect();
    assert_eq!(pawn, expected);
}

/// arbiter's `capablanca` against this oracle (switched on by
/// `common::NEW_BOARDS_READY`).
#[test]
fn oracle_agrees_with_arbiters_capablanca() {
    if !NEW_BOARDS_READY.contains(&"capablanca") {
        eprintln!("capablanca is not in arbiter yet (common::NEW_BOARDS_READY): comparison off");
        return;
    }
    crate::common::oracle::agrees_with_arbiter(
        "capablanca",
        &[],
        START,
        |t| Capablanca::parse(t).map(|p| Box::new(p) as Box<dyn crate::common::oracle::OracleGame>),
        3,
    );
}
