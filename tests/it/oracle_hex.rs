//! A naive hexagonal chess, the shared half of the test oracles of
//! McCooey's (MCC-1, `oracle_mccooey.rs`) and Shafran's (SHF-1,
//! `oracle_shafran.rs`) games: written from RULINGS.md 3.4 alone, without
//! arbiter's `core::hex` or its games, slow and simple on purpose.
//!
//! - Boards (GLN-1's 91 cells, SHF-1's 70): a cell is an axial pair
//!   `(q, s)`: `q` is the file's index (a = 0), and a step straight up (12
//!   o'clock) adds 1 to `s`, a step to the upper right (2 o'clock) adds 1
//!   to both, a step to the lower right (4 o'clock) adds 1 to `q` only.
//!   Gliński's ranks bend at file f (rank 1 is a V from a1 down to f1 and
//!   up to l1), so there `s` = rank + (files right of f); Shafran's ranks
//!   run straight from upper left to lower right, so there `s` = rank.
//! - Pieces: rook on the six orthogonal (edge-sharing) lines, bishop on
//!   the six diagonal ones (between two neighbouring orthogonals), queen
//!   both, king one step along any of the twelve, knight two orthogonal
//!   steps and one step 60° aside (GLN-1; MCC-1 and SHF-1 take them over).
//! - Pawns, en passant and castling are the parameters of [`HexRules`];
//!   [`GLINSKI`] (GLN-1) is one too, so this machinery is proved against
//!   arbiter's `glinski` (and so against the hexchess crate) before it
//!   judges the new games.
//! - Legality: a pseudo-legal move is legal when, after it, no piece of
//!   the other side attacks the mover's king. The position text is read
//!   and written here, field by field, as the rulings describe it.

use std::collections::BTreeMap;

use crate::common::oracle::OracleGame;

/// A board shape: which cells exist and what they are called.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// GLN-1 (also MCC-1): files a–l without j, 6 7 8 9 10 11 10 9 8 7 6
    /// cells, every file from rank 1.
    Glinski,
    /// SHF-1: files a–i of 6 7 8 9 10 9 8 7 6 cells, from a1 b1 c1 d1 e1
    /// f2 g3 h4 i5 up to a6 b7 c8 d9 e10 f10 g10 h10 i10.
    Shafran,
}

/// A cell: `q` = file index, `s` = the axial coordinate described in the
/// module doc.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub struct Cell {
    pub q: i8,
    pub s: i8,
}

/// A step `(dq, ds)`.
pub type Step = (i8, i8);

/// The six orthogonal steps, clockwise from 12 o'clock: 12, 2, 4, 6, 8, 10.
pub const ORTHOGONAL: [Step; 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];
/// The six diagonal steps (each the sum of two neighbouring orthogonal
/// steps), clockwise from 1 o'clock: 1, 3, 5, 7, 9, 11.
pub const DIAGONAL: [Step; 6] = [(1, 2), (2, 1), (1, -1), (-1, -2), (-2, -1), (-1, 1)];
/// Straight ahead for White (12 o'clock).
pub const UP: Step = (0, 1);

/// The twelve knight leaps: two orthogonal steps, then one step along an
/// orthogonal 60° to the left or right.
pub fn knight_leaps() -> Vec<Step> {
    let mut out = Vec::new();
    for (i, &(a, b)) in ORTHOGONAL.iter().enumerate() {
        for j in [(i + 1) % 6, (i + 5) % 6] {
            let (c, d) = ORTHOGONAL[j];
            out.push((2 * a + c, 2 * b + d));
        }
    }
    out
}

pub fn neg((a, b): Step) -> Step {
    (-a, -b)
}

impl Shape {
    pub fn files(self) -> &'static [u8] {
        match self {
            Shape::Glinski => b"abcdefghikl",
            Shape::Shafran => b"abcdefghi",
        }
    }

    /// The first and last rank of file `x`.
    fn ranks(self, x: i8) -> (i8, i8) {
        match self {
            Shape::Glinski => (1, 11 - (x - 5).abs()),
            Shape::Shafran if x <= 4 => (1, 6 + x),
            Shape::Shafran => (x - 3, 10),
        }
    }

    /// How much `s` exceeds the rank on file `x`.
    fn lift(self, x: i8) -> i8 {
        match self {
            Shape::Glinski => (x - 5).max(0),
            Shape::Shafran => 0,
        }
    }

    pub fn cell(self, file: i8, rank: i8) -> Option<Cell> {
        let (lo, hi) = self.ranks(file);
        ((0..self.files().len() as i8).contains(&file) && (lo..=hi).contains(&rank)).then_some(
            Cell {
                q: file,
                s: rank + self.lift(file),
            },
        )
    }

    pub fn rank(self, c: Cell) -> i8 {
        c.s - self.lift(c.q)
    }

    pub fn contains(self, c: Cell) -> bool {
        self.cell(c.q, c.s - self.lift(c.q)).is_some()
    }

    pub fn step(self, c: Cell, (dq, ds): Step) -> Option<Cell> {
        let n = Cell {
            q: c.q + dq,
            s: c.s + ds,
        };
        self.contains(n).then_some(n)
    }

    pub fn name(self, c: Cell) -> String {
        format!("{}{}", self.files()[c.q as usize] as char, self.rank(c))
    }

    pub fn parse(self, text: &str) -> Option<Cell> {
        let mut chars = text.chars();
        let file = chars.next()?;
        let x = self.files().iter().position(|&f| f as char == file)? as i8;
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        self.cell(x, digits.parse().ok()?)
    }

    /// Every cell.
    pub fn cells(self) -> Vec<Cell> {
        (0..self.files().len() as i8)
            .flat_map(|x| {
                let (lo, hi) = self.ranks(x);
                (lo..=hi).filter_map(move |r| self.cell(x, r))
            })
            .collect()
    }

    /// The rows of the position text: the highest rank first, each from
    /// file a on.
    pub fn rows(self) -> Vec<Vec<Cell>> {
        let top = self.cells().iter().map(|&c| self.rank(c)).max().unwrap();
        (1..=top)
            .rev()
            .map(|r| {
                (0..self.files().len() as i8)
                    .filter_map(|x| self.cell(x, r))
                    .collect()
            })
            .collect()
    }
}

/// A castling of SHF-1: its letter in the castling field, the side, the
/// king's and the rook's start cells.
#[derive(Clone, Copy, Debug)]
pub struct Castling {
    pub letter: char,
    pub white: bool,
    pub king: &'static str,
    pub rook: &'static str,
}

/// What a hexagonal game sets: board, array, pawns, en passant, castling.
#[derive(Clone, Copy, Debug)]
pub struct HexRules {
    pub shape: Shape,
    /// The start array: (piece letter, upper case White; cells).
    pub start: &'static [(char, &'static [&'static str])],
    /// White pawns capture one step along these two (Black along their
    /// opposites).
    pub pawn_captures: [Step; 2],
    /// Start cells (White, then Black) and how many cells a pawn standing
    /// there may move straight ahead (2 or more: a multi-step).
    pub first_moves: &'static [(&'static str, u8)],
    /// En passant on every crossed cell (`false`: only on the crossed
    /// cell next to the moved pawn's destination, SHF-1's `ep=last`).
    pub ep_every_crossed_cell: bool,
    /// The castlings (an empty list: no castling field in the text).
    pub castlings: &'static [Castling],
    /// Only the long castlings (SHF-1's `castling=long`).
    pub long_castling_only: bool,
}

/// GLN-1, the machinery's proof: Gliński's array and pawns.
pub const GLINSKI: HexRules = HexRules {
    shape: Shape::Glinski,
    start: &[
        ('K', &["g1"]),
        ('Q', &["e1"]),
        ('R', &["c1", "i1"]),
        ('N', &["d1", "h1"]),
        ('B', &["f1", "f2", "f3"]),
        ('P', &["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"]),
        ('k', &["g10"]),
        ('q', &["e10"]),
        ('r', &["c8", "i8"]),
        ('n', &["d9", "h9"]),
        ('b', &["f11", "f10", "f9"]),
        ('p', &["b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "k7"]),
    ],
    // 10 and 2 o'clock: one step forward along the neighbouring orthogonals.
    pawn_captures: [(-1, 0), (1, 1)],
    first_moves: &[
        ("b1", 2),
        ("c2", 2),
        ("d3", 2),
        ("e4", 2),
        ("f5", 2),
        ("g4", 2),
        ("h3", 2),
        ("i2", 2),
        ("k1", 2),
        ("b7", 2),
        ("c7", 2),
        ("d7", 2),
        ("e7", 2),
        ("f7", 2),
        ("g7", 2),
        ("h7", 2),
        ("i7", 2),
        ("k7", 2),
    ],
    ep_every_crossed_cell: true,
    castlings: &[],
    long_castling_only: false,
};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub white: bool,
    /// `P N B R Q K`.
    pub kind: char,
}

/// One move: its cells, promotion letter, and what else it does.
#[derive(Clone, Debug)]
struct Move {
    from: Cell,
    to: Cell,
    promotion: Option<char>,
    /// En passant: the pawn removed.
    victim: Option<Cell>,
    /// Castling: the rook's from and to cells.
    rook: Option<(Cell, Cell)>,
    /// A multi-step: the cells crossed, in order.
    crossed: Vec<Cell>,
}

/// A position of a hexagonal game under `rules`.
#[derive(Clone, Debug)]
pub struct HexPosition {
    pub rules: HexRules,
    pub board: BTreeMap<Cell, Piece>,
    pub white: bool,
    /// The castling letters still allowed.
    pub castling: Vec<char>,
    /// The cells the last move's multi-step crossed, in order.
    pub ep: Vec<Cell>,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl HexPosition {
    pub fn start(rules: HexRules) -> HexPosition {
        let mut board = BTreeMap::new();
        for &(letter, cells) in rules.start {
            for name in cells {
                let piece = Piece {
                    white: letter.is_ascii_uppercase(),
                    kind: letter.to_ascii_uppercase(),
                };
                board.insert(rules.shape.parse(name).expect("a start cell"), piece);
            }
        }
        HexPosition {
            rules,
            board,
            white: true,
            castling: rules.castlings.iter().map(|c| c.letter).collect(),
            ep: Vec::new(),
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// Reads a position text: the rows (highest rank first, files from a;
    /// a number is that many empty cells), the side to move (`w`/`b`),
    /// the castling field when the game has castling (letters or `-`),
    /// the en passant field (the crossed cells in order, comma-separated,
    /// or `-`), then optionally halfmove and fullmove counters.
    ///
    /// # Errors
    /// A one-line reason; it checks the syntax and the cell names, and
    /// that each castling letter's king and rook stand on their start
    /// cells, not whether the position could arise.
    pub fn parse(rules: HexRules, text: &str) -> Result<HexPosition, String> {
        let shape = rules.shape;
        let fields: Vec<&str> = text.split_whitespace().collect();
        let castle_field = usize::from(!rules.castlings.is_empty());
        if fields.len() != 3 + castle_field && fields.len() != 5 + castle_field {
            return Err(format!("{} fields", fields.len()));
        }
        let rows = shape.rows();
        let texts: Vec<&str> = fields[0].split('/').collect();
        if texts.len() != rows.len() {
            return Err(format!("{} rows, not {}", texts.len(), rows.len()));
        }
        let mut board = BTreeMap::new();
        for (row, t) in rows.iter().zip(texts) {
            let mut at = 0;
            let mut run = String::new();
            for ch in t.chars().chain([' ']) {
                if ch.is_ascii_digit() {
                    run.push(ch);
                    continue;
                }
                if !run.is_empty() {
                    if run.starts_with('0') {
                        return Err(format!("count {run}"));
                    }
                    at += run.parse::<usize>().map_err(|e| e.to_string())?;
                    run.clear();
                }
                if ch == ' ' {
                    break;
                }
                if !"PNBRQKpnbrqk".contains(ch) {
                    return Err(format!("piece letter {ch}"));
                }
                let cell = *row.get(at).ok_or("row too long")?;
                board.insert(
                    cell,
                    Piece {
                        white: ch.is_ascii_uppercase(),
                        kind: ch.to_ascii_uppercase(),
                    },
                );
                at += 1;
            }
            if at != row.len() {
                return Err(format!("a row of {at} cells, not {}", row.len()));
            }
        }
        let white = match fields[1] {
            "w" => true,
            "b" => false,
            t => return Err(format!("turn {t}")),
        };
        let mut castling = Vec::new();
        if castle_field == 1 && fields[2] != "-" {
            for letter in fields[2].chars() {
                let c = rules
                    .castlings
                    .iter()
                    .find(|c| c.letter == letter)
                    .ok_or(format!("castling letter {letter}"))?;
                let at = |name: &str, kind: char| {
                    board.get(&shape.parse(name).unwrap())
                        == Some(&Piece {
                            white: c.white,
                            kind,
                        })
                };
                if !at(c.king, 'K') || !at(c.rook, 'R') {
                    return Err(format!("castling {letter} without king and rook at home"));
                }
                castling.push(letter);
            }
        }
        let ep_field = fields[2 + castle_field];
        let ep = if ep_field == "-" {
            Vec::new()
        } else {
            ep_field
                .split(',')
                .map(|n| shape.parse(n).ok_or(format!("en passant cell {n}")))
                .collect::<Result<_, _>>()?
        };
        let counter = |i: usize, default: u32| -> Result<u32, String> {
            fields.get(i).map_or(Ok(default), |f| {
                f.parse().map_err(|_| format!("counter {f}"))
            })
        };
        Ok(HexPosition {
            rules,
            board,
            white,
            castling,
            ep,
            halfmove: counter(3 + castle_field, 0)?,
            fullmove: counter(4 + castle_field, 1)?,
        })
    }

    pub fn to_text(&self) -> String {
        let shape = self.rules.shape;
        let rows: Vec<String> = shape
            .rows()
            .iter()
            .map(|row| {
                let mut out = String::new();
                let mut empty = 0;
                for c in row {
                    match self.board.get(c) {
                        None => empty += 1,
                        Some(p) => {
                            if empty > 0 {
                                out += &empty.to_string();
                                empty = 0;
                            }
                            out.push(if p.white {
                                p.kind
                            } else {
                                p.kind.to_ascii_lowercase()
                            });
                        }
                    }
                }
                if empty > 0 {
                    out += &empty.to_string();
                }
                out
            })
            .collect();
        let mut fields = vec![
            rows.join("/"),
            (if self.white { "w" } else { "b" }).to_string(),
        ];
        if !self.rules.castlings.is_empty() {
            let letters: String = self
                .rules
                .castlings
                .iter()
                .map(|c| c.letter)
                .filter(|l| self.castling.contains(l))
                .collect();
            fields.push(if letters.is_empty() {
                "-".into()
            } else {
                letters
            });
        }
        let ep: Vec<String> = self.ep.iter().map(|&c| shape.name(c)).collect();
        fields.push(if ep.is_empty() {
            "-".into()
        } else {
            ep.join(",")
        });
        fields.push(self.halfmove.to_string());
        fields.push(self.fullmove.to_string());
        fields.join(" ")
    }

    fn forward(white: bool) -> Step {
        if white {
            UP
        } else {
            neg(UP)
        }
    }

    fn pawn_captures(&self, white: bool) -> [Step; 2] {
        let [a, b] = self.rules.pawn_captures;
        if white {
            [a, b]
        } else {
            [neg(a), neg(b)]
        }
    }

    /// How many cells a pawn of this colour on `c` may move straight ahead.
    fn reach(&self, c: Cell, white: bool) -> u8 {
        let shape = self.rules.shape;
        self.rules
            .first_moves
            .iter()
            .filter(|(name, _)| shape.parse(name) == Some(c))
            // A start cell belongs to the side whose pawns stand there at
            // the start.
            .filter(|(name, _)| {
                self.rules.start.iter().any(|&(letter, cells)| {
                    letter == if white { 'P' } else { 'p' } && cells.contains(name)
                })
            })
            .map(|&(_, n)| n)
            .max()
            .unwrap_or(1)
    }

    /// Does a piece of colour `by` attack cell `c`?
    pub fn attacked(&self, c: Cell, by: bool) -> bool {
        let shape = self.rules.shape;
        self.board
            .iter()
            .filter(|(_, p)| p.white == by)
            .any(|(&from, p)| {
                let slide = |dirs: &[Step]| {
                    dirs.iter().any(|&d| {
                        let mut at = from;
                        while let Some(n) = shape.step(at, d) {
                            if n == c {
                                return true;
                            }
                            if self.board.contains_key(&n) {
                                return false;
                            }
                            at = n;
                        }
                        false
                    })
                };
                let hits = |steps: &[Step]| steps.iter().any(|&d| shape.step(from, d) == Some(c));
                match p.kind {
                    'P' => hits(&self.pawn_captures(by)),
                    'N' => hits(&knight_leaps()),
                    'K' => hits(&ORTHOGONAL) || hits(&DIAGONAL),
                    'B' => slide(&DIAGONAL),
                    'R' => slide(&ORTHOGONAL),
                    _ => slide(&ORTHOGONAL) || slide(&DIAGONAL),
                }
            })
    }

    fn king(&self, white: bool) -> Option<Cell> {
        self.board
            .iter()
            .find(|(_, p)| p.kind == 'K' && p.white == white)
            .map(|(&c, _)| c)
    }

    pub fn in_check(&self) -> bool {
        self.king(self.white)
            .is_some_and(|k| self.attacked(k, !self.white))
    }

    /// The cells a pawn of the side to move may take en passant, and the
    /// pawn each removes.
    fn ep_targets(&self) -> Vec<(Cell, Cell)> {
        let Some(&last) = self.ep.last() else {
            return Vec::new();
        };
        let Some(victim) = self.rules.shape.step(last, Self::forward(!self.white)) else {
            return Vec::new();
        };
        let cells = if self.rules.ep_every_crossed_cell {
            self.ep.clone()
        } else {
            vec![last]
        };
        cells.into_iter().map(|c| (c, victim)).collect()
    }

    /// The moves of the side to move, its king's safety not yet tested.
    fn pseudo(&self) -> Vec<Move> {
        let shape = self.rules.shape;
        let white = self.white;
        let mut out = Vec::new();
        let plain = |from: Cell, to: Cell| Move {
            from,
            to,
            promotion: None,
            victim: None,
            rook: None,
            crossed: Vec::new(),
        };
        for (&from, p) in self.board.iter().filter(|(_, p)| p.white == white) {
            let free = |c: Cell| self.board.get(&c).is_none_or(|q| q.white != white);
            let slide = |dirs: &[Step], out: &mut Vec<Move>| {
                for &d in dirs {
                    let mut at = from;
                    while let Some(n) = shape.step(at, d) {
                        if free(n) {
                            out.push(plain(from, n));
                        }
                        if self.board.contains_key(&n) {
                            break;
                        }
                        at = n;
                    }
                }
            };
            match p.kind {
                'K' => {
                    for d in ORTHOGONAL.iter().chain(&DIAGONAL) {
                        if let Some(to) = shape.step(from, *d).filter(|&c| free(c)) {
                            out.push(plain(from, to));
                        }
                    }
                }
                'N' => {
                    for d in knight_leaps() {
                        if let Some(to) = shape.step(from, d).filter(|&c| free(c)) {
                            out.push(plain(from, to));
                        }
                    }
                }
                'B' => slide(&DIAGONAL, &mut out),
                'R' => slide(&ORTHOGONAL, &mut out),
                'Q' => {
                    slide(&ORTHOGONAL, &mut out);
                    slide(&DIAGONAL, &mut out);
                }
                _ => self.pawn_moves(from, &mut out),
            }
        }
        self.castlings(&mut out);
        out
    }

    fn pawn_moves(&self, from: Cell, out: &mut Vec<Move>) {
        let shape = self.rules.shape;
        let white = self.white;
        let fwd = Self::forward(white);
        let promote = |m: Move, out: &mut Vec<Move>| {
            // The far rim: no cell straight ahead.
            if shape.step(m.to, fwd).is_none() {
                for l in ['q', 'r', 'b', 'n'] {
                    out.push(Move {
                        promotion: Some(l),
                        ..m.clone()
                    });
                }
            } else {
                out.push(m);
            }
        };
        // Straight ahead, one cell or (from a start cell) more, every cell empty.
        let mut crossed = Vec::new();
        let mut at = from;
        for _ in 0..self.reach(from, white) {
            let Some(n) = shape.step(at, fwd).filter(|c| !self.board.contains_key(c)) else {
                break;
            };
            promote(
                Move {
                    from,
                    to: n,
                    promotion: None,
                    victim: None,
                    rook: None,
                    crossed: crossed.clone(),
                },
                out,
            );
            crossed.push(n);
            at = n;
        }
        for d in self.pawn_captures(white) {
            let Some(to) = shape.step(from, d) else {
                continue;
            };
            let m = |victim| Move {
                from,
                to,
                promotion: None,
                victim,
                rook: None,
                crossed: Vec::new(),
            };
            match self.board.get(&to) {
                Some(q) if q.white != white => promote(m(None), out),
                None => {
                    if let Some(&(_, victim)) = self.ep_targets().iter().find(|(c, _)| *c == to) {
                        if self
                            .board
                            .get(&victim)
                            .is_some_and(|v| v.kind == 'P' && v.white != white)
                        {
                            promote(m(Some(victim)), out);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// SHF-1: the king moves 3 (long) or 2 (short) cells toward an unmoved
    /// rook over empty cells, not in check and not crossing an attacked
    /// cell; the rook goes to the last cell the king crossed.
    fn castlings(&self, out: &mut Vec<Move>) {
        let shape = self.rules.shape;
        for c in self
            .rules
            .castlings
            .iter()
            .filter(|c| c.white == self.white)
        {
            if !self.castling.contains(&c.letter) {
                continue;
            }
            let (king, rook) = (shape.parse(c.king).unwrap(), shape.parse(c.rook).unwrap());
            let dir = ORTHOGONAL
                .iter()
                .chain(&DIAGONAL)
                .copied()
                .find(|&d| {
                    let mut at = king;
                    while let Some(n) = shape.step(at, d) {
                        if n == rook {
                            return true;
                        }
                        at = n;
                    }
                    false
                })
                .expect("king and rook on one line");
            let mut between = Vec::new();
            let mut at = shape.step(king, dir).unwrap();
            while at != rook {
                between.push(at);
                at = shape.step(at, dir).unwrap();
            }
            if between.iter().any(|c| self.board.contains_key(c)) || self.in_check() {
                continue;
            }
            let lengths: &[usize] = if self.rules.long_castling_only {
                &[3]
            } else {
                &[3, 2]
            };
            for &n in lengths {
                // The cells passed over: all but the last of the king's n.
                if between[..n - 1]
                    .iter()
                    .any(|&c| self.attacked(c, !self.white))
                {
                    continue;
                }
                out.push(Move {
                    from: king,
                    to: between[n - 1],
                    promotion: None,
                    victim: None,
                    rook: Some((rook, between[n - 2])),
                    crossed: Vec::new(),
                });
            }
        }
    }

    fn apply(&self, m: &Move) -> HexPosition {
        let shape = self.rules.shape;
        let mut n = self.clone();
        let mut piece = n.board.remove(&m.from).expect("a piece to move");
        let pawn = piece.kind == 'P';
        let captured = n.board.remove(&m.to).is_some();
        if let Some(v) = m.victim {
            n.board.remove(&v);
        }
        if let Some((rf, rt)) = m.rook {
            let rook = n.board.remove(&rf).expect("the castling rook");
            n.board.insert(rt, rook);
        }
        if let Some(l) = m.promotion {
            piece.kind = l.to_ascii_uppercase();
        }
        n.board.insert(m.to, piece);
        // A right goes when its king or rook leaves, or is taken on, its cell.
        n.castling.retain(|l| {
            let c = self
                .rules
                .castlings
                .iter()
                .find(|c| c.letter == *l)
                .unwrap();
            let touched = |name: &str| {
                let cell = shape.parse(name).unwrap();
                cell == m.from || cell == m.to
            };
            !touched(c.king) && !touched(c.rook)
        });
        n.ep = m.crossed.clone();
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

    fn text(&self, m: &Move) -> String {
        let shape = self.rules.shape;
        format!(
            "{}{}{}",
            shape.name(m.from),
            shape.name(m.to),
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

    /// The legal moves as move texts (`e2e4`, `f10f11q`, castling as the
    /// king's move), sorted.
    pub fn legal(&self) -> Vec<String> {
        let mut texts: Vec<String> = self.legal_moves().iter().map(|m| self.text(m)).collect();
        texts.sort();
        texts
    }

    /// Plays a legal move given by its text.
    ///
    /// # Errors
    /// The text names no legal move.
    pub fn play(&self, text: &str) -> Result<HexPosition, String> {
        self.legal_moves()
            .iter()
            .find(|m| self.text(m) == text)
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
            .map(|m| (self.text(m), self.apply(m).perft(depth.saturating_sub(1))))
            .collect();
        rows.sort();
        rows
    }
}

/// Plays random games from `start` (a deterministic choice from `seed`),
/// calling `each` on every position reached, the start included.
pub fn random_walk(
    start: &HexPosition,
    games: usize,
    plies: usize,
    seed: u64,
    mut each: impl FnMut(&HexPosition),
) {
    let mut next = crate::common::xorshift(seed);
    for _ in 0..games {
        let mut p = start.clone();
        each(&p);
        for _ in 0..plies {
            let moves = p.legal();
            if moves.is_empty() {
                break;
            }
            p = p.play(&moves[next(moves.len())]).unwrap();
            each(&p);
        }
    }
}

impl OracleGame for HexPosition {
    fn legal(&self) -> Vec<String> {
        HexPosition::legal(self)
    }
    fn perft(&self, depth: u32) -> u64 {
        HexPosition::perft(self, depth)
    }
}

// ---------------------------------------------------------------------
// The machinery proved on Gliński's board and game.

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use arbiter::variants::{self, Setup};

    use super::*;

    /// The switch of the arbiter comparisons is in step with the registry:
    /// a new variant that lands switches its comparisons on, or this fails.
    #[test]
    fn issue_22_ready_list_matches_the_registry() {
        for id in ["mccooey", "shafran", "capablanca"] {
            assert_eq!(
                variants::get(id).is_ok(),
                crate::common::NEW_BOARDS_READY.contains(&id),
                "variant {id}: registered in arbiter but not in common::NEW_BOARDS_READY, or listed but not registered"
            );
        }
        for id in crate::common::NEW_BOARDS_READY {
            assert!(["mccooey", "shafran", "capablanca"].contains(id), "{id}");
        }
    }

    #[test]
    fn the_boards_have_their_cells_and_names() {
        let g = Shape::Glinski;
        assert_eq!(g.cells().len(), 91);
        let names: Vec<String> = g
            .rows()
            .iter()
            .map(|r| r.iter().map(|&c| g.name(c)).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(names[0], "f11");
        assert_eq!(names[1], "e10 f10 g10");
        assert_eq!(names[10], "a1 b1 c1 d1 e1 f1 g1 h1 i1 k1 l1");
        let s = Shape::Shafran;
        assert_eq!(s.cells().len(), 70);
        let names: Vec<String> = s
            .rows()
            .iter()
            .map(|r| r.iter().map(|&c| s.name(c)).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(names[0], "e10 f10 g10 h10 i10");
        assert_eq!(names[4], "a6 b6 c6 d6 e6 f6 g6 h6 i6");
        assert_eq!(names[9], "a1 b1 c1 d1 e1");
        // SHF-1: files of 6 7 8 9 10 9 8 7 6 cells.
        let per_file: Vec<usize> = (0..9)
            .map(|x| s.cells().iter().filter(|c| c.q == x).count())
            .collect();
        assert_eq!(per_file, [6, 7, 8, 9, 10, 9, 8, 7, 6]);
        for shape in [g, s] {
            for c in shape.cells() {
                assert_eq!(shape.parse(&shape.name(c)), Some(c));
            }
        }
    }

    /// GLN-1's neighbours of f6 (CONFORMANCE.md: clockwise from 12 o'clock
    /// f7 g7 g6 h5 g5 g4 f5 e4 e5 d5 e6 e7), and MCC-1's pawn-capture
    /// example (White e4 and Black e7 both take on d5 and f6).
    #[test]
    fn directions_match_the_rulings_examples() {
        let g = Shape::Glinski;
        let f6 = g.parse("f6").unwrap();
        let mut around = Vec::new();
        for (&o, &d) in ORTHOGONAL.iter().zip(&DIAGONAL) {
            around.push(g.name(g.step(f6, o).unwrap()));
            around.push(g.name(g.step(f6, d).unwrap()));
        }
        assert_eq!(around.join(" "), "f7 g7 g6 h5 g5 g4 f5 e4 e5 d5 e6 e7");
        let forward_diagonals = |from: &str, white: bool| {
            let c = g.parse(from).unwrap();
            let dirs: [Step; 2] = if white {
                [(-1, 1), (1, 2)]
            } else {
                [neg((-1, 1)), neg((1, 2))]
            };
            let mut v: Vec<String> = dirs
                .iter()
                .map(|&d| g.name(g.step(c, d).unwrap()))
                .collect();
            v.sort();
            v
        };
        assert_eq!(forward_diagonals("e4", true), ["d5", "f6"]);
        assert_eq!(forward_diagonals("e7", false), ["d5", "f6"]);
        // Twelve distinct knight leaps, none on a line.
        let leaps: BTreeSet<Step> = knight_leaps().into_iter().collect();
        assert_eq!(leaps.len(), 12);
    }

    fn arbiter_glinski(text: &str) -> Box<dyn arbiter::core::DynGame> {
        variants::setup(&Setup {
            variant: "glinski",
            position: Some(text),
            ..Default::default()
        })
        .unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// The machinery with Gliński's parameters reproduces arbiter's
    /// `glinski` (itself checked against the hexchess crate and 48 real
    /// games): the start's text and perft, and the legal moves after every
    /// ply of random games.
    #[test]
    fn with_glinskis_rules_it_agrees_with_arbiters_glinski() {
        let start = HexPosition::start(GLINSKI);
        let text = start.to_text();
        assert_eq!(
            text,
            "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1"
        );
        assert_eq!(
            start.perft(3),
            arbiter_glinski(&text)
                .perft(3, &arbiter::core::PerftOptions::default())
                .unwrap()
        );
        let mut seen = 0;
        let mut en_passant = 0;
        random_walk(&start, 12, 80, 0x5EED_6A1E, |p| {
            let text = p.to_text();
            let g = arbiter_glinski(&text);
            assert_eq!(p.legal(), g.legal_texts(), "at {text}");
            assert_eq!(HexPosition::parse(GLINSKI, &text).unwrap().to_text(), text);
            seen += 1;
            en_passant += usize::from(!p.ep.is_empty());
        });
        assert!(seen > 600, "{seen} positions");
        assert!(
            en_passant > 20,
            "{en_passant} positions with en passant cells"
        );
    }

    /// The fixtures of `mccooey` and `shafran` (fixtures/mccooey,
    /// fixtures/shafran; the invalid inputs aside) hold against these
    /// oracles: every legal set, prefix set, include/exclude, position text,
    /// perft count, explain legality and outcome. Written before arbiter
    /// plays the games, the fixtures were computed with the oracles and
    /// checked by hand against MCC-1/SHF-1; this keeps the two in step.
    #[test]
    fn the_mccooey_and_shafran_fixtures_agree_with_the_oracles() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
        let mut checked = 0;
        for variant in ["mccooey", "shafran"] {
            let mut paths: Vec<_> = std::fs::read_dir(root.join(variant))
                .unwrap_or_else(|e| panic!("fixtures/{variant}: {e}"))
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
                .collect();
            paths.sort();
            for path in paths {
                let f =
                    arbiter::conformance::Fixture::load(&path).unwrap_or_else(|e| panic!("{e}"));
                let at = format!("fixture {} ({})", f.id, path.display());
                let options: Vec<&str> = f.options.iter().map(String::as_str).collect();
                let rules = match variant {
                    "mccooey" => crate::oracle_mccooey::MCCOOEY,
                    _ => crate::oracle_shafran::rules(&options),
                };
                let mut p = match &f.position {
                    None => HexPosition::start(rules),
                    Some(t) => HexPosition::parse(rules, t).unwrap_or_else(|e| panic!("{at}: {e}")),
                };
                // MCC-1 `letters=mccooey`: the oracle reads from-to texts in
                // our letters only, so McCooey's j / k are mapped to our
                // k / l here (independently of arbiter's mapping), and a
                // fixture of record tokens (SAN) is left to arbiter's run.
                let his = options.contains(&"letters=mccooey");
                if his
                    && f.moves
                        .iter()
                        .any(|m| m.starts_with(|c: char| c.is_ascii_uppercase()))
                {
                    continue;
                }
                for m in &f.moves {
                    let m: String = if his {
                        m.chars()
                            .map(|c| match c {
                                'j' => 'k',
                                'k' => 'l',
                                c => c,
                            })
                            .collect()
                    } else {
                        m.clone()
                    };
                    p = p.play(&m).unwrap_or_else(|e| panic!("{at}: {e}"));
                }
                let legal = p.legal();
                let x = &f.expect;
                if let Some(want) = &x.legal {
                    let mut want = want.clone();
                    want.sort();
                    assert_eq!(want, legal, "{at}: legal");
                }
                for (prefix, want) in &x.legal_from {
                    let mut want = want.clone();
                    want.sort();
                    let got: Vec<String> = legal
                        .iter()
                        .filter(|m| {
                            m.starts_with(prefix.as_str())
                                && !m[prefix.len()..].starts_with(|c: char| c.is_ascii_digit())
                        })
                        .cloned()
                        .collect();
                    assert_eq!(want, got, "{at}: legal_from {prefix}");
                }
                for m in &x.include {
                    assert!(legal.contains(m), "{at}: {m} must be legal");
                }
                for m in &x.exclude {
                    assert!(!legal.contains(m), "{at}: {m} must not be legal");
                }
                if let Some(t) = &x.position {
                    assert_eq!(t, &p.to_text(), "{at}: position");
                }
                for (&depth, &count) in &x.perft {
                    assert_eq!(p.perft(depth), count, "{at}: perft {depth}");
                }
                for e in &x.explain {
                    assert_eq!(legal.contains(&e.mv), e.legal, "{at}: explain {}", e.mv);
                }
                if let Some(want) = &x.outcome {
                    let got = match (legal.is_empty(), p.in_check(), p.white) {
                        (false, _, _) => "none",
                        (true, false, _) => "draw",
                        (true, true, true) => "black-wins",
                        (true, true, false) => "white-wins",
                    };
                    assert_eq!(want, got, "{at}: outcome");
                }
                checked += 1;
            }
        }
        assert!(checked >= 60, "{checked} fixtures checked");
    }
}
