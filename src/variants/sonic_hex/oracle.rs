//! Test oracle (compiled only for tests): a slow, straightforward
//! `sonic-hex` written from SCA-13 without the walker, the occupancy boards
//! or the compact move. It keeps the board as a map from cells to pieces,
//! traces every move with its own spindash and Tails code on
//! [`crate::core::hex`]'s cells and directions, writes the move text
//! itself and plays moves on its own board.
//!
//! The tests compare the one generator ([`super::generate`]) with it on
//! random positions (springs, en passant, both turn angles, Gilman turns,
//! and the mutants) and along random playouts: the set of move texts, the
//! position after each move, the bulk count and the outcome.

#[allow(unused_imports)]
use crate::core::{Explain as _, Game as _, Notation as _};
use std::collections::BTreeMap;

use crate::core::hex::{Cell, Dir, Shape, KNIGHT_LEAPS};
use crate::core::{ByColor, Color, Rotation};
use crate::variants::glinski::base::BaseId;

use super::HexRules;

/// A piece: colour and kind letter (upper case: P N B R Q K).
type Piece = (Color, char);

/// The oracle's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Board {
    pub pieces: BTreeMap<Cell, Piece>,
    pub springs: Vec<Cell>,
    pub turn: Color,
    /// The cells the last multi-cell pawn move crossed, in order.
    pub ep: Vec<Cell>,
    /// Castling rights still held (SHF-1 letters A I a i).
    pub castling: Vec<char>,
    /// Hits each king can still take (1; 3 under `eggman-forms`).
    pub lives: ByColor<u8>,
    /// Pawns that moved (mutant `double-step-first-move-only`).
    pub moved: Vec<Cell>,
    pub winner: Option<Color>,
}

fn shape_of(board: BaseId) -> Shape {
    if board == BaseId::Shafran {
        Shape::Shafran
    } else {
        Shape::Glinski
    }
}

/// The cell named `n` on the board of `board`.
fn cell_on(board: BaseId, n: &str) -> Cell {
    shape_of(board).parse(n).expect("cell name")
}

/// The pawns' start cells of each base (GLN-1, MCC-1, SHF-1 as written).
fn start_cells(board: BaseId, c: Color) -> Vec<Cell> {
    let names: &[&str] = match (board, c.is_white()) {
        (BaseId::Glinski, true) => &["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"],
        (BaseId::Glinski, false) => &["b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "k7"],
        (BaseId::Mccooey, true) => &["c1", "d2", "e3", "f4", "g3", "h2", "i1"],
        (BaseId::Mccooey, false) => &["c8", "d8", "e8", "f8", "g8", "h8", "i8"],
        (BaseId::Shafran, true) => &["a2", "b2", "c2", "d2", "e2", "f3", "g4", "h5", "i6"],
        (BaseId::Shafran, false) => &["a5", "b6", "c7", "d8", "e9", "f9", "g9", "h9", "i9"],
    };
    names.iter().map(|n| cell_on(board, n)).collect()
}

/// How many cells a pawn on its start cell `c` may move (GLN-1: 2;
/// MCC-1: 2 but the centre pawn 1; SHF-1: 3 on files d e f, 2 on b c g h,
/// 1 on a i).
fn first_steps(board: BaseId, c: Cell) -> usize {
    let name = shape_of(board).name(c);
    match board {
        BaseId::Glinski => 2,
        BaseId::Mccooey => {
            if name == "f4" || name == "f8" {
                1
            } else {
                2
            }
        }
        BaseId::Shafran => match &name[..1] {
            "d" | "e" | "f" => 3,
            "a" | "i" => 1,
            _ => 2,
        },
    }
}

/// SHF-1's castlings: letter, king start, rook start.
const CASTLINGS: [(char, &str, &str); 4] = [
    ('A', "e1", "a1"),
    ('I', "e1", "i5"),
    ('a', "e10", "a6"),
    ('i', "e10", "i10"),
];

/// The cells strictly between king and rook, from the king's side.
fn between(shape: Shape, king: Cell, rook: Cell) -> Vec<Cell> {
    let d = Dir::ALL
        .into_iter()
        .find(|&d| {
            let mut c = king;
            while let Some(n) = shape.step(c, d) {
                if n == rook {
                    return true;
                }
                c = n;
            }
            false
        })
        .expect("king and rook on a line");
    let mut v = vec![];
    let mut c = shape.step(king, d).expect("on board");
    while c != rook {
        v.push(c);
        c = shape.step(c, d).expect("on board");
    }
    v
}

fn forward(c: Color) -> Dir {
    if c.is_white() {
        Dir::UP
    } else {
        Dir::DOWN
    }
}

/// What a moving R, B, Q or N meets on a cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Meet {
    Off,
    Empty,
    Own,
    Enemy,
    Spring,
    King,
}

/// One traced course of an R, B, Q or N.
#[derive(Clone, Debug)]
struct Course {
    /// Landing cells after the start with `x` marks.
    path: Vec<(Cell, bool)>,
    rotation: Option<Rotation>,
    removed: Vec<Cell>,
    hits: u8,
    lost: bool,
    endless: bool,
}

struct Tracer<'a> {
    b: &'a Board,
    rules: HexRules,
    me: Color,
    from: Cell,
    /// Pieces removed so far in this course.
    gone: Vec<Cell>,
}

impl Tracer<'_> {
    fn meet(&self, c: Option<Cell>) -> Meet {
        let Some(c) = c else { return Meet::Off };
        if c == self.from {
            // SCA-4.2: the vacated start cell is open (and a spring under
            // it acts); mutant: it keeps blocking.
            if self.rules.start_square_blocks {
                return Meet::Own;
            }
            return if self.b.springs.contains(&c) {
                self.spring()
            } else {
                Meet::Empty
            };
        }
        match self.b.pieces.get(&c) {
            Some(&(col, k)) if !self.gone.contains(&c) => {
                if col == self.me {
                    Meet::Own
                } else if k == 'K' {
                    Meet::King
                } else {
                    Meet::Enemy
                }
            }
            _ if self.b.springs.contains(&c) => self.spring(),
            _ => Meet::Empty,
        }
    }
    fn spring(&self) -> Meet {
        if self.rules.springs_block {
            Meet::Own
        } else {
            Meet::Spring
        }
    }
    fn step(&self, c: Cell, d: Dir) -> Option<Cell> {
        self.rules.shape().step(c, d)
    }
    fn lives(&self) -> u8 {
        self.b.lives[self.me.other()]
    }
}

fn hours(rules: HexRules) -> u8 {
    if rules.turn_90 {
        3
    } else if rules.turn_60 {
        2
    } else {
        4
    }
}

fn turned(d: Dir, r: Rotation, h: u8) -> Dir {
    let i = d.index() as u8;
    Dir::from_hour(match r {
        Rotation::Clockwise => i + h,
        Rotation::Counterclockwise => i + 12 - h,
    })
}

fn flip(r: Rotation) -> Rotation {
    match r {
        Rotation::Clockwise => Rotation::Counterclockwise,
        Rotation::Counterclockwise => Rotation::Clockwise,
    }
}

/// The capture courses of a ranged piece from `from` along `d` (after a
/// slide to the first occupied cell `first`).
fn spindash(t: &mut Tracer, first: Cell, d: Dir, out: &mut Vec<Course>) {
    let h = hours(t.rules);
    let king_first = t.meet(Some(first)) == Meet::King;
    if king_first && t.lives() <= 1 {
        out.push(walk(t, first, d, None));
        return;
    }
    let open = |t: &Tracer, r| {
        !matches!(
            t.meet(t.step(first, turned(d, r, h))),
            Meet::Off | Meet::Own
        )
    };
    let cw = open(t, Rotation::Clockwise);
    let ccw = open(t, Rotation::Counterclockwise);
    if cw {
        out.push(walk(t, first, d, Some(Rotation::Clockwise)));
    }
    if ccw {
        out.push(walk(t, first, d, Some(Rotation::Counterclockwise)));
    }
    if (!cw && !ccw) || (t.rules.no_forced_rotation && cw != ccw) {
        out.push(walk(t, first, d, None));
    }
}

fn bounce(t: &mut Tracer, c: Cell, course: &mut Course, seen: &mut Vec<(Cell, Dir, bool)>) {
    match t.meet(Some(c)) {
        Meet::Enemy => {
            t.gone.push(c);
            course.removed.push(c);
            seen.clear();
        }
        Meet::King => {
            course.hits += 1;
            seen.clear();
            if course.hits >= t.lives() {
                course.lost = true;
            }
        }
        _ => {}
    }
}

fn walk(t: &mut Tracer, first: Cell, d: Dir, rotation: Option<Rotation>) -> Course {
    let h = hours(t.rules);
    let mut course = Course {
        path: vec![(first, true)],
        rotation,
        removed: vec![],
        hits: 0,
        lost: false,
        endless: false,
    };
    let gone_before = t.gone.len();
    let mut seen: Vec<(Cell, Dir, bool)> = Vec::new();
    bounce(t, first, &mut course, &mut seen);
    let mut cur = first;
    let mut dir = d;
    let mut turns = 0u32;
    'outer: while !course.lost {
        let Some(r0) = rotation else { break };
        let odd = t.rules.alternate_turns && turns % 2 == 1;
        let r = if odd { flip(r0) } else { r0 };
        let nd = turned(dir, r, h);
        if matches!(t.meet(t.step(cur, nd)), Meet::Off | Meet::Own) {
            break;
        }
        if seen.contains(&(cur, nd, odd)) {
            course.endless = true;
            break;
        }
        seen.push((cur, nd, odd));
        if t.rules.endless_allowed && course.path.len() > 63 {
            break;
        }
        dir = nd;
        turns += 1;
        loop {
            let next = t.step(cur, dir);
            match t.meet(next) {
                Meet::Off | Meet::Own => {
                    course.path.push((cur, false));
                    break 'outer;
                }
                Meet::Empty => cur = next.expect("on board"),
                _ => {
                    cur = next.expect("on board");
                    course.path.push((cur, true));
                    bounce(t, cur, &mut course, &mut seen);
                    continue 'outer;
                }
            }
        }
    }
    t.gone.truncate(gone_before);
    course
}

/// The Tails course of a knight from `from` whose leap `l` captures on
/// `first`.
fn tails(t: &mut Tracer, first: Cell, l: crate::core::hex::Leap) -> Course {
    let mut course = Course {
        path: vec![(first, true)],
        rotation: None,
        removed: vec![],
        hits: 0,
        lost: false,
        endless: false,
    };
    let gone_before = t.gone.len();
    let mut seen = Vec::new();
    bounce(t, first, &mut course, &mut seen);
    let mut cur = first;
    while !course.lost && !t.rules.knight_stops {
        let next = t.rules.shape().leap(cur, l);
        match t.meet(next) {
            Meet::Off | Meet::Own => break,
            Meet::Empty => {
                cur = next.expect("on board");
                course.path.push((cur, false));
                break;
            }
            _ => {
                cur = next.expect("on board");
                course.path.push((cur, true));
                bounce(t, cur, &mut course, &mut seen);
            }
        }
    }
    t.gone.truncate(gone_before);
    course
}

/// One oracle move: its text and the board after it.
pub(super) type Outcomes = BTreeMap<String, Board>;

fn text(
    shape: Shape,
    from: Cell,
    path: &[(Cell, bool)],
    promo: Option<char>,
    rot: Option<Rotation>,
) -> String {
    let mut s = shape.name(from);
    for (c, x) in path {
        s.push(if *x { 'x' } else { '-' });
        s.push_str(&shape.name(*c));
    }
    if let Some(p) = promo {
        s.push('=');
        s.push(p);
    }
    match rot {
        Some(Rotation::Clockwise) => s.push_str(":cw"),
        Some(Rotation::Counterclockwise) => s.push_str(":ccw"),
        None => {}
    }
    s
}

impl Board {
    fn king(&self, c: Color) -> Option<Cell> {
        self.pieces
            .iter()
            .find(|(_, &(col, k))| col == c && k == 'K')
            .map(|(&at, _)| at)
    }

    /// Finishes a move: the board after the mover from `from` comes to rest
    /// on `to` (or is removed on a surviving king), with `removed` taken.
    fn after(
        &self,
        from: Cell,
        to: Cell,
        removed: &[Cell],
        hits: u8,
        lost: bool,
        placed: Piece,
    ) -> Board {
        let me = self.turn;
        let opp = me.other();
        let mut b = self.clone();
        b.ep = vec![];
        // SCA-13.1: a right goes when its king's or rook's start cell is
        // left, landed on or emptied by a capture.
        let shape = if self.castling.is_empty() {
            Shape::Glinski
        } else {
            Shape::Shafran
        };
        b.castling.retain(|&l| {
            let (_, k, r) = CASTLINGS.iter().find(|c| c.0 == l).expect("letter");
            let (k, r) = (shape.parse(k).expect("cell"), shape.parse(r).expect("cell"));
            ![from, to].iter().chain(removed).any(|&c| c == k || c == r)
        });
        let king_taken = lost
            || removed
                .iter()
                .any(|c| self.pieces.get(c) == Some(&(opp, 'K')));
        b.pieces.remove(&from);
        b.moved.retain(|c| *c != from);
        for c in removed {
            b.pieces.remove(c);
            b.moved.retain(|m| m != c);
        }
        if king_taken {
            // SCA-9.3 / SCA-9.4: the king is gone, the mover stands on its cell.
            b.pieces.remove(&to);
            b.lives[opp] = 0;
            b.winner = Some(me);
            b.pieces.insert(to, placed);
        } else {
            b.lives[opp] -= hits;
            if b.pieces.get(&to) != Some(&(opp, 'K')) {
                b.moved.retain(|m| *m != to);
                b.pieces.insert(to, placed);
            } // else SCA-9: the mover is removed on the surviving king.
        }
        b.turn = me.other();
        b
    }

    /// Every legal move (text → board after it).
    pub(super) fn moves(&self, rules: HexRules) -> Outcomes {
        let mut out = self.piece_moves(rules);
        self.castlings(rules, &mut out);
        out
    }

    /// Whether `side`'s king is attacked (SCA-10): the opponent, were it
    /// his turn, would have a move that captures or hits it.
    fn attacked(&self, rules: HexRules, side: Color) -> bool {
        let mut b = self.clone();
        b.turn = side.other();
        b.ep = vec![];
        let lives = b.lives[side];
        b.piece_moves(rules)
            .values()
            .any(|a| a.winner.is_some() || a.lives[side] < lives)
    }

    /// SHF-1's castlings under SCA-13.1 (see `castling.rs`), written from
    /// the rulings' text: king and rook on their start cells with the
    /// right, the cells between them without pieces, the king not
    /// attacked at the start, on each cell it passes over (king moved
    /// there, rook unmoved) and after castling.
    fn castlings(&self, rules: HexRules, out: &mut Outcomes) {
        if rules.board != BaseId::Shafran || self.winner.is_some() {
            return;
        }
        let shape = Shape::Shafran;
        let me = self.turn;
        for (l, k, r) in CASTLINGS {
            if l.is_ascii_uppercase() != me.is_white() || !self.castling.contains(&l) {
                continue;
            }
            let (k, r) = (shape.parse(k).expect("cell"), shape.parse(r).expect("cell"));
            let mid = between(shape, k, r);
            if mid.iter().any(|c| self.pieces.contains_key(c)) {
                continue;
            }
            if self.attacked(rules, me) {
                continue;
            }
            // Long: king to the third cell, rook to the second; short:
            // king to the second, rook to the first.
            for (k_to, r_to, passed) in [(mid[2], mid[1], &mid[..2]), (mid[1], mid[0], &mid[..1])] {
                let moved_to = |kc: Cell, rc: Option<Cell>| {
                    let mut b = self.clone();
                    let king = b.pieces.remove(&k).expect("king");
                    b.pieces.insert(kc, king);
                    if let Some(rc) = rc {
                        let rook = b.pieces.remove(&r).expect("rook");
                        b.pieces.insert(rc, rook);
                    }
                    b
                };
                if passed
                    .iter()
                    .any(|&c| moved_to(c, None).attacked(rules, me))
                {
                    continue;
                }
                let mut after = moved_to(k_to, Some(r_to));
                if after.attacked(rules, me) {
                    continue;
                }
                after.ep = vec![];
                after
                    .castling
                    .retain(|c| c.is_ascii_uppercase() != me.is_white());
                after.turn = me.other();
                out.insert(text(shape, k, &[(k_to, false)], None, None), after);
            }
        }
    }

    /// Every move but castling (text → board after it).
    fn piece_moves(&self, rules: HexRules) -> Outcomes {
        let shape = rules.shape();
        let mut out = Outcomes::new();
        let me = self.turn;
        if self.winner.is_some() || self.king(me).is_none() {
            return out;
        }
        let has = |c: Cell| self.pieces.get(&c).copied();
        for (&from, &(col, k)) in &self.pieces {
            if col != me {
                continue;
            }
            match k {
                'K' => {
                    for d in Dir::ALL {
                        let Some(to) = shape.step(from, d) else {
                            continue;
                        };
                        match has(to) {
                            Some((c, _)) if c == me => {}
                            Some(_) => {
                                out.insert(
                                    text(shape, from, &[(to, true)], None, None),
                                    self.after(from, to, &[to], 0, false, (me, 'K')),
                                );
                            }
                            None => {
                                out.insert(
                                    text(shape, from, &[(to, false)], None, None),
                                    self.after(from, to, &[], 0, false, (me, 'K')),
                                );
                            }
                        }
                    }
                }
                'P' => self.pawn(from, rules, &mut out),
                'N' => {
                    for l in KNIGHT_LEAPS {
                        let mut t = Tracer {
                            b: self,
                            rules,
                            me,
                            from,
                            gone: vec![],
                        };
                        let to = shape.leap(from, l);
                        match t.meet(to) {
                            Meet::Off | Meet::Own => {}
                            Meet::Empty => {
                                let to = to.expect("on board");
                                out.insert(
                                    text(shape, from, &[(to, false)], None, None),
                                    self.after(from, to, &[], 0, false, (me, 'N')),
                                );
                            }
                            _ => {
                                let c = tails(&mut t, to.expect("on board"), l);
                                self.record(shape, from, 'N', &c, &mut out);
                            }
                        }
                    }
                }
                _ => {
                    let dirs: Vec<Dir> = Dir::ALL
                        .into_iter()
                        .filter(|d| match k {
                            'R' => d.is_orthogonal(),
                            'B' => !d.is_orthogonal(),
                            _ => true,
                        })
                        .collect();
                    for d in dirs {
                        let mut t = Tracer {
                            b: self,
                            rules,
                            me,
                            from,
                            gone: vec![],
                        };
                        let mut at = from;
                        loop {
                            let next = shape.step(at, d);
                            match t.meet(next) {
                                Meet::Empty => {
                                    at = next.expect("on board");
                                    out.insert(
                                        text(shape, from, &[(at, false)], None, None),
                                        self.after(from, at, &[], 0, false, (me, k)),
                                    );
                                }
                                Meet::Off | Meet::Own => break,
                                _ => {
                                    let mut courses = vec![];
                                    spindash(&mut t, next.expect("on board"), d, &mut courses);
                                    for c in &courses {
                                        self.record(shape, from, k, c, &mut out);
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    fn record(&self, shape: Shape, from: Cell, k: char, c: &Course, out: &mut Outcomes) {
        if c.endless {
            return;
        }
        let to = c.path.last().expect("a course lands").0;
        let t = text(shape, from, &c.path, None, c.rotation);
        let b = self.after(from, to, &c.removed, c.hits, c.lost, (self.turn, k));
        assert!(out.insert(t.clone(), b).is_none(), "two moves {t}");
    }

    fn pawn(&self, from: Cell, rules: HexRules, out: &mut Outcomes) {
        let shape = rules.shape();
        let me = self.turn;
        let fwd = forward(me);
        // SCA-2: a bare spring is empty to a pawn (not under the mutant).
        let spring_blocks = |c: Cell| rules.pawns_see_springs && self.springs.contains(&c);
        let free = |c: Cell| !self.pieces.contains_key(&c) && !spring_blocks(c);
        let mut emit = |to: Cell, x: bool, removed: Vec<Cell>, crossed: Vec<Cell>| {
            let last = shape.step(to, fwd).is_none();
            let promos: &[Option<char>] = if last {
                &[Some('Q'), Some('R'), Some('B'), Some('N')]
            } else {
                &[None]
            };
            for &p in promos {
                let mut b = self.after(from, to, &removed, 0, false, (me, p.unwrap_or('P')));
                if rules.double_step_first_move_only && p.is_none() {
                    b.moved.push(to);
                }
                b.ep.clone_from(&crossed);
                out.insert(text(shape, from, &[(to, x)], p, None), b);
            }
        };
        let can = start_cells(rules.board, me).contains(&from)
            && !(rules.double_step_first_move_only && self.moved.contains(&from));
        let max = if can {
            first_steps(rules.board, from)
        } else {
            1
        };
        let mut crossed = vec![];
        let mut at = from;
        for _ in 0..max {
            let Some(next) = shape.step(at, fwd).filter(|&c| free(c)) else {
                break;
            };
            emit(next, false, vec![], crossed.clone());
            crossed.push(next);
            at = next;
        }
        let diagonal = (rules.board != BaseId::Glinski) != rules.diagonal_pawn_captures;
        let hoursx: [u8; 2] = match (me.is_white(), diagonal) {
            (true, false) => [10, 2],
            (true, true) => [11, 1],
            (false, false) => [8, 4],
            (false, true) => [7, 5],
        };
        for h in hoursx {
            let Some(to) = shape.step(from, Dir::from_hour(h)) else {
                continue;
            };
            match self.pieces.get(&to) {
                Some(&(c, _)) if c != me => emit(to, true, vec![to], vec![]),
                None if self.ep.contains(&to) => {
                    let last = *self.ep.last().expect("crossed");
                    let victim = shape.step(last, forward(me.other())).expect("on board");
                    emit(to, true, vec![victim], vec![]);
                }
                _ => {}
            }
        }
    }
}

/// The oracle's board of a generator position.
pub(super) fn board_of(p: &super::SonicHex) -> Board {
    let mut pieces = BTreeMap::new();
    let mut springs = vec![];
    let shape = p.rules.shape();
    for c in shape.all() {
        let x = p.cells[c.slot()];
        if x & 7 != 0 {
            let col = if x & 8 != 0 {
                Color::Black
            } else {
                Color::White
            };
            let k = crate::core::chess::letter(x & 7).to_ascii_uppercase();
            pieces.insert(c, (col, k));
        }
        if x & 0x80 != 0 {
            springs.push(c);
        }
    }
    let mut moved: Vec<Cell> = shape.all().filter(|c| p.moved & c.bit() != 0).collect();
    moved.sort();
    Board {
        pieces,
        springs,
        turn: p.turn,
        ep: [p.ep2, p.ep]
            .iter()
            .filter_map(|&c| Cell::from_slot(c as usize))
            .collect(),
        castling: ['A', 'I', 'a', 'i']
            .into_iter()
            .enumerate()
            .filter(|(i, _)| p.castling & (1 << i) != 0)
            .map(|(_, l)| l)
            .collect(),
        lives: p.lives,
        moved,
        winner: p.winner,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    use crate::core::Game;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};
    use crate::variants::sonic_hex::SonicHex;

    use crate::core::testing::Rng;

    fn normal(mut b: Board) -> Board {
        b.moved.sort();
        b.springs.sort();
        b
    }

    /// The generator agrees with the oracle on `p`: move texts, the board
    /// after every move, the bulk count. Returns the number of moves with
    /// two or more captures or hits (bounce chains).
    fn compare(p: &SonicHex) -> usize {
        let want: BTreeMap<String, Board> = board_of(p)
            .moves(p.rules)
            .into_iter()
            .map(|(t, b)| (t, normal(b)))
            .collect();
        let moves = p.legal_moves();
        let mut got = BTreeMap::new();
        for m in &moves {
            let mut c = p.clone();
            c.play(m);
            let t = p.move_text(m);
            assert!(
                got.insert(t.clone(), normal(board_of(&c))).is_none(),
                "{}: two moves with the text {t}",
                p.to_text()
            );
        }
        if got != want {
            let gk: Vec<&String> = got.keys().collect();
            let wk: Vec<&String> = want.keys().collect();
            let only_got: Vec<_> = gk.iter().filter(|k| !want.contains_key(**k)).collect();
            let only_want: Vec<_> = wk.iter().filter(|k| !got.contains_key(**k)).collect();
            let differ: Vec<_> = gk
                .iter()
                .filter(|k| want.get(**k).is_some_and(|b| Some(b) != got.get(**k)))
                .collect();
            panic!(
                "{} {:?}\nonly generator: {only_got:?}\nonly oracle: {only_want:?}\nboards differ: {differ:?}",
                p.to_text(),
                p.rules
            );
        }
        assert_eq!(p.count_legal(), moves.len() as u64, "{}", p.to_text());
        got.keys().filter(|t| t.matches('x').count() >= 2).count()
    }

    const KINDS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'P'];

    /// A random valid position text (or `None` when the draw is invalid).
    fn random_position(r: &mut Rng, rules: HexRules) -> Option<SonicHex> {
        let shape = rules.shape();
        let cells: Vec<Cell> = shape.all().collect();
        let n = cells.len() as u64;
        let mut board: BTreeMap<Cell, char> = BTreeMap::new();
        // SCA-13.1: on Shafran's board, kings and rooks on their start
        // cells half of the time, with the castling rights they allow.
        let mut castling = String::new();
        if rules.board == BaseId::Shafran && r.below(2) == 0 {
            board.insert(cell_on(rules.board, "e1"), 'K');
            board.insert(cell_on(rules.board, "e10"), 'k');
            for (l, _, rook) in CASTLINGS {
                if r.below(4) != 0 {
                    let ch = if l.is_ascii_uppercase() { 'R' } else { 'r' };
                    board.insert(cell_on(rules.board, rook), ch);
                    castling.push(l);
                }
            }
        }
        let mut put = |r: &mut Rng, ch: char| loop {
            let c = cells[r.below(n) as usize];
            if let std::collections::btree_map::Entry::Vacant(e) = board.entry(c) {
                e.insert(ch);
                break;
            }
        };
        if castling.is_empty() {
            put(r, 'K');
            put(r, 'k');
        }
        for side in [true, false] {
            for _ in 0..r.below(9) {
                let k = KINDS[r.below(6) as usize];
                put(r, if side { k } else { k.to_ascii_lowercase() });
            }
        }
        let mut ranks = vec![];
        let top = if shape == Shape::Shafran { 10u8 } else { 11 };
        for rank in (0..top).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for c in crate::variants::glinski::notation::shape_rank_cells(shape, rank) {
                match board.get(&c) {
                    Some(&ch) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(ch);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            ranks.push(s);
        }
        let mut springs = vec![];
        for _ in 0..r.below(10) {
            let c = cells[r.below(n) as usize];
            if !springs.contains(&c) {
                springs.push(c);
            }
        }
        let springs = if springs.is_empty() {
            "-".to_string()
        } else {
            springs
                .iter()
                .map(|c| shape.name(*c))
                .collect::<Vec<_>>()
                .join(",")
        };
        let turn = if r.below(2) == 0 { 'w' } else { 'b' };
        let castling = match (rules.board, castling.is_empty()) {
            (BaseId::Shafran, true) => "- ".to_string(),
            (BaseId::Shafran, false) => format!("{castling} "),
            _ => String::new(),
        };
        let text = format!("{} {turn} {castling}- 0 1 {springs}", ranks.join("/"));
        SonicHex::from_text(&text, rules).ok()
    }

    fn random_rules(r: &mut Rng) -> HexRules {
        let mut rules = HexRules {
            board: [BaseId::Glinski, BaseId::Mccooey, BaseId::Shafran][r.below(3) as usize],
            turn_60: r.below(3) == 0,
            alternate_turns: r.below(4) == 0,
            ..HexRules::default()
        };
        match r.below(24) {
            0 => rules.turn_90 = true,
            1 => rules.eggman_forms = true,
            2 => rules.diagonal_pawn_captures = true,
            3 => rules.double_step_first_move_only = true,
            4 => rules.knight_stops = true,
            5 => rules.springs_block = true,
            6 => rules.pawns_see_springs = true,
            7 => rules.no_forced_rotation = true,
            8 => rules.start_square_blocks = true,
            9 => rules.endless_allowed = true,
            _ => {}
        }
        rules
    }

    // Castlings compared so far by the playouts
    // (per test thread).
    std::thread_local! {
        static SEEN: [std::cell::Cell<usize>; 1] = const { [std::cell::Cell::new(0)] };
    }
    fn seen(i: usize) -> usize {
        SEEN.with(|s| s[i].get())
    }
    fn see(i: usize) {
        SEEN.with(|s| s[i].set(s[i].get() + 1));
    }

    /// Plays random moves from `p`, comparing at every node.
    fn playout(r: &mut Rng, mut p: SonicHex, plies: usize) -> usize {
        let mut n = 0;
        for _ in 0..plies {
            n += compare(&p);
            for m in p.legal_moves() {
                if m.is_castle() {
                    see(0);
                }
            }
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[r.below(moves.len() as u64) as usize];
            p.play(&m);
            // Every position met in a game prints a text that reads back.
            if p.winner.is_none() {
                let t = p.to_text();
                let q = SonicHex::from_text(&t, p.rules).expect("a played position reads back");
                assert_eq!(q.to_text(), t);
            }
        }
        n
    }

    #[test]
    fn generator_matches_the_oracle_on_random_positions() {
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        let mut tested = 0;
        let mut chains = 0;
        while tested < 1500 {
            let rules = random_rules(&mut r);
            let Some(mut p) = random_position(&mut r, rules) else {
                continue;
            };
            if rules.eggman_forms {
                p.lives = ByColor([1 + r.below(3) as u8, 1 + r.below(3) as u8]);
            }
            tested += 1;
            chains += playout(&mut r, p, 8);
        }
        assert!(chains > 2000, "too few bounce chains compared: {chains}");
        // SCA-13.1: Shafran's castlings are compared too.
        let castlings = seen(0);
        assert!(castlings > 100, "too few castlings compared: {castlings}");
    }

    #[test]
    fn generator_matches_the_oracle_in_games() {
        let mut r = Rng(0x2545_f491_4f6c_dd1d);
        let mut chains = 0;
        for i in 0..60 {
            let rules = if i < 30 {
                HexRules {
                    board: [BaseId::Glinski, BaseId::Mccooey, BaseId::Shafran][i % 3],
                    turn_60: i % 5 == 1,
                    alternate_turns: i % 4 == 3,
                    ..HexRules::default()
                }
            } else {
                random_rules(&mut r)
            };
            let mut p = SonicHex::from_text(&super::super::start_text(rules.board), rules).unwrap();
            // Springs in the middle of the board make the game tactical.
            for n in ["d4", "f6", "h4", "f4", "e6", "g6"] {
                if r.below(2) == 0 {
                    p.add_spring(cell_on(rules.board, n).slot() as u8);
                }
            }
            chains += playout(&mut r, p, 40);
        }
        assert!(chains > 100, "too few bounce chains compared: {chains}");
    }

    /// SHF-1 under SCA-13.1: after e2-e5 on Shafran's board a pawn
    /// attacking either crossed cell (e3, e4) takes en passant; generator
    /// and oracle agree on the position with both captures.
    #[test]
    fn en_passant_on_each_crossed_cell() {
        use crate::variants::sonic::pieces::{piece, KING, PAWN};
        let rules = HexRules {
            board: BaseId::Shafran,
            ..HexRules::default()
        };
        let s = Shape::Shafran;
        let c = |n: &str| s.parse(n).expect("cell");
        let mut p = SonicHex::empty(rules);
        p.put(c("e1").slot() as u8, piece(KING, Color::White));
        p.put(c("e10").slot() as u8, piece(KING, Color::Black));
        p.put(c("e2").slot() as u8, piece(PAWN, Color::White));
        // Black pawns capture toward 7 and 5 o'clock.
        let on_e3 = s.step(c("e3"), Dir::from_hour(1)).expect("cell");
        let on_e4 = s.step(c("e4"), Dir::from_hour(11)).expect("cell");
        p.put(on_e3.slot() as u8, piece(PAWN, Color::Black));
        p.put(on_e4.slot() as u8, piece(PAWN, Color::Black));
        let m = p
            .legal_moves()
            .into_iter()
            .find(|m| p.move_text(m) == "e2-e5")
            .expect("e2-e5");
        p.play(&m);
        compare(&p);
        let texts: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
        for (from, to) in [(on_e3, "e3"), (on_e4, "e4")] {
            let t = format!("{}x{to}", s.name(from));
            assert!(texts.contains(&t), "{t} missing: {texts:?}");
        }
    }

    /// SCA-5 with `alternate-turns` (RULINGS: "no move can be endless"):
    /// checked on hexagonal boards, 120° and 60° (the two directions a
    /// Gilman mover alternates between are 120° or 60° apart, so it always
    /// advances along their bisector and never comes back).
    #[test]
    fn alternate_turns_are_never_endless() {
        let mut r = Rng(0x1234_5678_9abc_def1);
        let mut bounces = 0;
        for i in 0..3000 {
            let rules = HexRules {
                turn_60: i % 2 == 0,
                alternate_turns: true,
                ..HexRules::default()
            };
            let Some(p) = random_position(&mut r, rules) else {
                continue;
            };
            let b = board_of(&p);
            for (&from, &(col, k)) in &b.pieces {
                if col != b.turn || !matches!(k, 'R' | 'B' | 'Q') {
                    continue;
                }
                for d in Dir::ALL {
                    let mut t = Tracer {
                        b: &b,
                        rules,
                        me: b.turn,
                        from,
                        gone: vec![],
                    };
                    let mut at = from;
                    while let Some(n) = at.step(d) {
                        if t.meet(Some(n)) != Meet::Empty {
                            break;
                        }
                        at = n;
                    }
                    let Some(first) = at.step(d) else { continue };
                    if !matches!(t.meet(Some(first)), Meet::Enemy | Meet::Spring) {
                        continue;
                    }
                    let mut courses = vec![];
                    spindash(&mut t, first, d, &mut courses);
                    for c in courses {
                        assert!(!c.endless, "{} {from} {d:?}", p.to_text());
                        bounces += c.path.len();
                    }
                }
            }
        }
        assert!(bounces > 1000, "too few bounces traced: {bounces}");
    }
}
