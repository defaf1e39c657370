//! English draughts (checkers), the baseline of Checkers with Bosses
//! (RULINGS.md ENG-1), on the shared draughts mechanism
//! ([`crate::variants::draughts`]).
//!
//! ENG-1: the 32 dark squares of an 8×8 board (a1 dark); Black starts on
//! squares 1–12 (the high ranks) and moves first; men step and capture
//! diagonally forward; kings step and capture one square in the four
//! diagonal directions; capturing is compulsory, any series may be chosen
//! (no maximum rule), a series must be completed, and a man reaching the
//! far rank is crowned and ends the move there. perft counts capture paths
//! (G2).
//!
//! # Position text (PDN FEN)
//!
//! ```text
//! position := turn ':' side ':' side
//! turn     := 'B' | 'W'                      (side to move)
//! side     := ('W' | 'B') [item (',' item)*] (each colour exactly once)
//! item     := ['K'] number | number '-' number   (a range: men only)
//! number   := 1..32                          (standard numbering: 1 = b8,
//!                                             4 = h8, 29 = a1, 32 = g1)
//! ```
//! Canonical text: turn, then White's list then Black's, squares ascending,
//! kings prefixed `K`, no ranges, e.g. the start position
//! `B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12`.
//! Validation (G4): a number outside 1..32 is a square off the dark
//! squares; a square listed twice; a man on its own far rank (White men on
//! 1–4, Black men on 29–32).
//!
//! # Move text
//!
//! A step `11-15`; a capture series as its full path `22x15x6` (every
//! landing square, G2). `parse_move` also accepts the short PDN form
//! `from x to` when exactly one series matches.

use crate::core::moves::Decisions;
use crate::core::{Color, Game, Move, MoveError, Outcome, PositionError, Rules, Verdict};
use crate::variants::draughts::{self as dr, Arena};
use crate::variants::Variant;

pub static VARIANT: Variant = Variant {
    id: "english",
    name: "English draughts (ENG-1, baseline of Checkers with Bosses)",
    options: &[],
    mutants: &MUTANTS,
    start: |_| START.to_string(),
    parse: |text, rules| Ok(Box::new(English::parse(text, rules)?)),
};

static MUTANTS: [crate::core::Mutant; 3] = [
    crate::core::Mutant {
        name: "capture-optional",
        doc: "steps allowed while a capture exists (misreads ENG-1)",
    },
    crate::core::Mutant {
        name: "men-capture-backward",
        doc: "men capture in all four diagonals (misreads ENG-1)",
    },
    crate::core::Mutant {
        name: "crowning-continues",
        doc: "a man crowned mid-series goes on capturing as a king (misreads ENG-1)",
    },
];

/// The start position (ENG-1).
pub const START: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

const RANK1: u64 = 0xff;
const RANK8: u64 = 0xff << 56;
const DIAG: dr::Dirs = 1 << dr::NE | 1 << dr::SE | 1 << dr::SW | 1 << dr::NW;

/// The rules struct (mutants converted once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct EngRules {
    capture_optional: bool,
    men_capture_backward: bool,
    crowning_continues: bool,
}

/// A validated English draughts position.
#[derive(Clone, Hash, Debug, PartialEq, Eq)]
pub struct English {
    /// Pieces by colour (0 = White, 1 = Black), bitboards over a1 = 0.
    pieces: [u64; 2],
    kings: u64,
    turn: Color,
    rules: EngRules,
}

#[inline]
fn ci(c: Color) -> usize {
    c as usize
}

/// The bitboard index of PDN square `n` (1..=32).
pub fn pdn_to_index(n: u8) -> u8 {
    let row = (n - 1) / 4; // from the top
    let k = (n - 1) % 4;
    let rank = 7 - row;
    let file = 2 * k + u8::from(row & 1 == 0);
    rank * 8 + file
}

/// The PDN number of a dark square's bitboard index.
pub fn index_to_pdn(idx: u8) -> u8 {
    let rank = idx / 8;
    let file = idx % 8;
    let row = 7 - rank;
    row * 4 + file / 2 + 1
}

/// The raw content of a position text, before validation.
#[derive(Clone, Debug, Default)]
struct Setup {
    turn: Option<Color>,
    /// (colour, number, king)
    items: Vec<(Color, u32, bool)>,
}

fn parse_setup(text: &str) -> Result<Setup, PositionError> {
    let text = text.trim().trim_end_matches('.');
    let fields: Vec<&str> = text.split(':').collect();
    if fields.len() != 3 {
        return Err(PositionError::syntax(
            "position",
            format!(
                "expected 'turn:W...:B...' (3 fields separated by ':'), found {} fields",
                fields.len()
            ),
        ));
    }
    let turn = match fields[0].trim() {
        "B" => Color::Black,
        "W" => Color::White,
        t => {
            return Err(PositionError::syntax(
                "turn",
                format!("expected 'B' or 'W', found '{t}'"),
            ))
        }
    };
    let mut setup = Setup {
        turn: Some(turn),
        items: Vec::new(),
    };
    let mut seen = [false; 2];
    for f in &fields[1..] {
        let f = f.trim();
        let (color, field) = match f.chars().next() {
            Some('W') => (Color::White, "white"),
            Some('B') => (Color::Black, "black"),
            _ => {
                return Err(PositionError::syntax(
                    "pieces",
                    format!("a piece list must start with 'W' or 'B', found '{f}'"),
                ))
            }
        };
        if seen[ci(color)] {
            return Err(PositionError::syntax(field, "piece list given twice"));
        }
        seen[ci(color)] = true;
        let body = &f[1..];
        if body.is_empty() {
            continue;
        }
        for item in body.split(',') {
            let item = item.trim();
            let (king, num) = match item.strip_prefix('K') {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let parse_num = |s: &str| -> Result<u32, PositionError> {
                if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 3 {
                    return Err(PositionError::syntax(field, format!("bad square '{item}'")));
                }
                s.parse()
                    .map_err(|_| PositionError::syntax(field, format!("bad square '{item}'")))
            };
            if let Some((a, b)) = num.split_once('-') {
                if king {
                    return Err(PositionError::syntax(
                        field,
                        format!("a range cannot be kings: '{item}'"),
                    ));
                }
                let (a, b) = (parse_num(a)?, parse_num(b)?);
                if a > b {
                    return Err(PositionError::syntax(
                        field,
                        format!("empty range '{item}'"),
                    ));
                }
                for n in a..=b.min(a + 64) {
                    setup.items.push((color, n, false));
                }
            } else {
                setup.items.push((color, parse_num(num)?, king));
            }
        }
    }
    Ok(setup)
}

impl English {
    /// Parses and validates a position text (G4).
    ///
    /// # Errors
    /// Syntax errors per field; squares off the 32 dark squares, squares
    /// given twice, men on their far rank.
    pub fn parse(text: &str, rules: &Rules) -> Result<English, PositionError> {
        let setup = parse_setup(text)?;
        let mut pos = English {
            pieces: [0; 2],
            kings: 0,
            turn: setup.turn.unwrap_or(Color::Black),
            rules: EngRules {
                capture_optional: rules.is_mutant("capture-optional"),
                men_capture_backward: rules.is_mutant("men-capture-backward"),
                crowning_continues: rules.is_mutant("crowning-continues"),
            },
        };
        for (color, n, king) in setup.items {
            let field = if color.is_white() { "white" } else { "black" };
            if !(1..=32).contains(&n) {
                return Err(PositionError::invalid(
                    field,
                    format!("square {n} is not one of the 32 dark squares (1..32)"),
                ));
            }
            let idx = pdn_to_index(n as u8);
            let bit = 1u64 << idx;
            if (pos.pieces[0] | pos.pieces[1]) & bit != 0 {
                return Err(PositionError::invalid(
                    field,
                    format!("square {n} is occupied twice"),
                ));
            }
            let far = if color.is_white() { RANK8 } else { RANK1 };
            if !king && far & bit != 0 {
                return Err(PositionError::invalid(
                    field,
                    format!("a man on square {n}, its far rank (it would be a king)"),
                ));
            }
            pos.pieces[ci(color)] |= bit;
            if king {
                pos.kings |= bit;
            }
        }
        Ok(pos)
    }

    #[inline]
    fn man_dirs(&self, c: Color) -> dr::Dirs {
        if c.is_white() {
            1 << dr::NE | 1 << dr::NW
        } else {
            1 << dr::SE | 1 << dr::SW
        }
    }

    #[inline]
    fn crown_mask(c: Color) -> u64 {
        if c.is_white() {
            RANK8
        } else {
            RANK1
        }
    }

    #[inline]
    fn arena(&self) -> Arena {
        let me = ci(self.turn);
        let occ = self.pieces[0] | self.pieces[1];
        let mut a = Arena::plain(!occ, self.pieces[1 - me]);
        a.crown_continues = self.rules.crowning_continues;
        a.crowned_dirs = DIAG;
        a
    }

    /// Runs `visit` over every capture series of the side to move.
    #[inline]
    fn for_each_capture(&self, visit: &mut impl FnMut(&[u8], u32)) {
        let me = ci(self.turn);
        let man_cap = if self.rules.men_capture_backward {
            DIAG
        } else {
            self.man_dirs(self.turn)
        };
        let occ = self.pieces[0] | self.pieces[1];
        let (own, enemy) = (self.pieces[me], self.pieces[1 - me]);
        let (men, kings) = (own & !self.kings, own & self.kings);
        // Bulk test first: which pieces have a first jump at all.
        let mut starters = 0;
        for d in [dr::NE, dr::SE, dr::SW, dr::NW] {
            let movers = if man_cap & (1 << d) != 0 {
                kings | men
            } else {
                kings
            };
            starters |= dr::jumpers(movers, d, enemy, !occ);
        }
        if starters == 0 {
            return;
        }
        let mut a = self.arena();
        let crown = Self::crown_mask(self.turn);
        while starters != 0 {
            let from = starters.trailing_zeros() as u8;
            starters &= starters - 1;
            let king = self.kings & (1 << from) != 0;
            let (dirs, cr) = if king { (DIAG, 0) } else { (man_cap, crown) };
            a.empty |= 1 << from; // ENG-1: the start square is empty during the series
            a.series(from, dirs, cr, visit);
            a.empty &= !(1 << from);
        }
    }

    fn count_steps(&self) -> u64 {
        let me = ci(self.turn);
        let empty = !(self.pieces[0] | self.pieces[1]);
        let men = self.pieces[me] & !self.kings;
        let kings = self.pieces[me] & self.kings;
        let mut n = 0;
        let md = self.man_dirs(self.turn);
        for d in 0..8 {
            if DIAG & (1 << d) == 0 {
                continue;
            }
            let mut from = kings;
            if md & (1 << d) != 0 {
                from |= men;
            }
            n += (dr::shift(from, d) & empty).count_ones() as u64;
        }
        n
    }

    fn steps(&self, out: &mut Vec<Move>) {
        let me = ci(self.turn);
        let empty = !(self.pieces[0] | self.pieces[1]);
        let mut own = self.pieces[me];
        while own != 0 {
            let from = own.trailing_zeros() as u8;
            own &= own - 1;
            let dirs = if self.kings & (1 << from) != 0 {
                DIAG
            } else {
                self.man_dirs(self.turn)
            };
            let mut t = dr::steps(from, dirs, empty);
            while t != 0 {
                let to = t.trailing_zeros() as u8;
                t &= t - 1;
                out.push(Move::step(dr::square(from), dr::square(to)));
            }
        }
    }

    fn path_text(path: &[u8]) -> String {
        let jump =
            path.len() > 2 || (path.len() == 2 && (path[0] as i32 - path[1] as i32).abs() > 9);
        let sep = if jump { "x" } else { "-" };
        path.iter()
            .map(|&i| index_to_pdn(i).to_string())
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// Parses `a-b` / `axbx..` into PDN numbers and whether it is a capture.
    fn parse_path(text: &str) -> Result<(Vec<u8>, bool), MoveError> {
        let capture = text.contains('x');
        let parts: Vec<&str> = if capture {
            text.split('x').collect()
        } else {
            text.split('-').collect()
        };
        if parts.len() < 2 || (!capture && parts.len() != 2) || (capture && text.contains('-')) {
            return Err(MoveError::syntax(
                text,
                "expected 'a-b' or 'axbx...' with squares 1..32",
            ));
        }
        let mut out = Vec::new();
        for p in parts {
            let n: u8 = p
                .parse()
                .ok()
                .filter(|n| {
                    (1..=32).contains(n)
                        && !p.starts_with('0')
                        && p.bytes().all(|b| b.is_ascii_digit())
                })
                .ok_or_else(|| MoveError::syntax(text, format!("'{p}' is not a square 1..32")))?;
            out.push(n);
        }
        Ok((out, capture))
    }
}

/// A compact move of the fast perft: from, to, the jumped pieces.
#[derive(Clone, Copy)]
#[allow(dead_code)] // transitional: folded into the generator next
struct Quick {
    from: u8,
    to: u8,
    captured: u64,
}

/// The side-to-move-relative state of the fast perft (ENG-1, G3): own and
/// enemy pieces, kings, and whether the side to move is White.
#[derive(Clone, Copy)]
#[allow(dead_code)] // transitional: folded into the generator next
struct Lean {
    me: u64,
    them: u64,
    kings: u64,
    white: bool,
}

#[allow(dead_code)]
impl Lean {
    #[inline]
    fn man_dirs(&self) -> dr::Dirs {
        if self.white {
            1 << dr::NE | 1 << dr::NW
        } else {
            1 << dr::SE | 1 << dr::SW
        }
    }

    #[inline]
    fn crown(&self) -> u64 {
        if self.white {
            RANK8
        } else {
            RANK1
        }
    }

    /// The pieces that have a first jump (bulk test).
    #[inline]
    fn starters(&self) -> u64 {
        let empty = !(self.me | self.them);
        let md = self.man_dirs();
        let mut s = 0;
        for d in [dr::NE, dr::SE, dr::SW, dr::NW] {
            let movers = if md & (1 << d) != 0 {
                self.me
            } else {
                self.me & self.kings
            };
            s |= dr::jumpers(movers, d, self.them, empty);
        }
        s
    }

    /// Every complete series from `sq` (ENG-1: a series goes on while a
    /// jump exists; reaching the crowning rank ends it; jumped pieces stay
    /// until the end and cannot be jumped again).
    #[allow(clippy::too_many_arguments)]
    fn series(
        sq: u8,
        dirs: dr::Dirs,
        enemy: u64,
        empty: u64,
        crown: u64,
        from: u8,
        captured: u64,
        visit: &mut impl FnMut(Quick),
    ) {
        let bit = 1u64 << sq;
        if captured != 0 && crown & bit != 0 {
            visit(Quick {
                from,
                to: sq,
                captured,
            });
            return;
        }
        let mut any = false;
        let mut ds = dirs;
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            if dr::JUMP_FROM[d] & bit == 0 {
                continue;
            }
            let over = 1u64 << dr::offset(sq, d, 1);
            let land = dr::offset(sq, d, 2);
            if enemy & over != 0 && empty & (1u64 << land) != 0 {
                any = true;
                Self::series(
                    land,
                    dirs,
                    enemy & !over,
                    empty,
                    crown,
                    from,
                    captured | over,
                    visit,
                );
            }
        }
        if !any && captured != 0 {
            visit(Quick {
                from,
                to: sq,
                captured,
            });
        }
    }

    #[inline]
    fn for_each_capture(&self, visit: &mut impl FnMut(Quick)) {
        let mut s = self.starters();
        let occ = self.me | self.them;
        let md = self.man_dirs();
        while s != 0 {
            let from = s.trailing_zeros() as u8;
            s &= s - 1;
            let (dirs, crown) = if self.kings & (1 << from) != 0 {
                (DIAG, 0)
            } else {
                (md, self.crown())
            };
            let empty = !occ | 1u64 << from;
            Self::series(from, dirs, self.them, empty, crown, from, 0, visit);
        }
    }

    #[inline]
    fn count_steps(&self) -> u64 {
        let empty = !(self.me | self.them);
        let md = self.man_dirs();
        let kings = self.me & self.kings;
        let mut n = 0;
        for d in [dr::NE, dr::SE, dr::SW, dr::NW] {
            let from = if md & (1 << d) != 0 { self.me } else { kings };
            n += (dr::shift(from, d) & empty).count_ones() as u64;
        }
        n
    }

    #[inline]
    fn count(&self) -> u64 {
        if self.starters() != 0 {
            let mut n = 0;
            self.for_each_capture(&mut |_| n += 1);
            return n;
        }
        self.count_steps()
    }

    fn gen(&self, out: &mut Vec<Quick>) {
        if self.starters() != 0 {
            self.for_each_capture(&mut |q| out.push(q));
            return;
        }
        let empty = !(self.me | self.them);
        let md = self.man_dirs();
        let kings = self.me & self.kings;
        for d in [dr::NE, dr::SE, dr::SW, dr::NW] {
            let from = if md & (1 << d) != 0 { self.me } else { kings };
            let mut t = dr::shift(from, d) & empty;
            let back = (d + 4) % 8;
            while t != 0 {
                let to = t.trailing_zeros() as u8;
                t &= t - 1;
                out.push(Quick {
                    from: dr::offset(to, back, 1),
                    to,
                    captured: 0,
                });
            }
        }
    }

    #[inline]
    fn after(&self, q: Quick) -> Lean {
        let (fb, tb) = (1u64 << q.from, 1u64 << q.to);
        let was_king = self.kings & fb != 0;
        let mut kings = self.kings & !q.captured & !fb;
        if was_king || self.crown() & tb != 0 {
            kings |= tb;
        }
        Lean {
            me: self.them & !q.captured,
            them: (self.me & !fb) | tb,
            kings,
            white: !self.white,
        }
    }

    fn perft(&self, depth: u32, bufs: &mut [Vec<Quick>]) -> u64 {
        match depth {
            0 => 1,
            1 => self.count(),
            _ => {
                let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
                buf.clear();
                self.gen(buf);
                let mut total = 0;
                for &q in buf.iter() {
                    total += self.after(q).perft(depth - 1, rest);
                }
                total
            }
        }
    }
}

impl English {
    /// ENG-1: captures when any exist (compulsory, every complete series is
    /// a move, any may be chosen), otherwise steps.
    pub(crate) fn legal_moves_into(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.for_each_capture(&mut |path, _| {
            out.push(Move {
                path: path.iter().map(|&i| dr::square(i)).collect(),
                decisions: Decisions::new(),
            });
        });
        if out.len() == start || self.rules.capture_optional {
            self.steps(out);
        }
    }
}

impl Game for English {
    fn variant(&self) -> &'static str {
        "english"
    }
    fn turn(&self) -> Color {
        self.turn
    }

    type Move = crate::core::Move;
    fn to_move(&self, m: &Move) -> Move {
        m.clone()
    }
    fn generate<S: crate::core::MoveSink<Move>>(&self, sink: &mut S) {
        let mut buf = Vec::new();
        self.legal_moves_into(&mut buf);
        for m in buf {
            sink.push(m);
        }
    }

    fn count_legal(&self) -> u64 {
        let mut n = 0u64;
        self.for_each_capture(&mut |_, _| n += 1);
        if n == 0 || self.rules.capture_optional {
            n += self.count_steps();
        }
        n
    }

    fn play(&mut self, mv: &Move) {
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
            return;
        };
        let me = ci(self.turn);
        let (f, t) = (dr::index(from), dr::index(to));
        if mv.path.iter().any(|s| s.file() >= 8 || s.rank() >= 8) {
            return;
        }
        let king = self.kings & (1 << f) != 0;
        // Jumped pieces are removed at the end of the series (ENG-1).
        let mut captured = 0u64;
        for w in mv.path.windows(2) {
            let (a, b) = (dr::index(w[0]), dr::index(w[1]));
            if (a as i32 - b as i32).abs() > 9 {
                captured |= 1u64 << ((a as u32 + b as u32) / 2);
            }
        }
        self.pieces[1 - me] &= !captured;
        self.kings &= !captured;
        self.pieces[me] &= !(1u64 << f);
        self.kings &= !(1u64 << f);
        self.pieces[me] |= 1u64 << t;
        if king || Self::crown_mask(self.turn) & (1u64 << t) != 0 {
            self.kings |= 1u64 << t;
        }
        self.turn = self.turn.other();
    }

    /// G3 perft on a compact copy-make state (same rules as `legal_moves`,
    /// ENG-1); under a mutant the generic perft over `legal_moves` is used.

    /// ENG-1: a player with no legal move (no pieces, or all blocked) loses.
    fn outcome(&self) -> Option<Outcome> {
        (self.count_legal() == 0).then_some(Outcome::Win(self.turn.other()))
    }

    fn to_text(&self) -> String {
        let mut s = String::new();
        s.push(if self.turn.is_white() { 'W' } else { 'B' });
        for (c, letter) in [(Color::White, 'W'), (Color::Black, 'B')] {
            s.push(':');
            s.push(letter);
            let mut items: Vec<(u8, bool)> = Vec::new();
            let mut bb = self.pieces[ci(c)];
            while bb != 0 {
                let i = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                items.push((index_to_pdn(i), self.kings & (1 << i) != 0));
            }
            items.sort();
            let list: Vec<String> = items
                .iter()
                .map(|&(n, k)| if k { format!("K{n}") } else { n.to_string() })
                .collect();
            s.push_str(&list.join(","));
        }
        s
    }

    fn move_text(&self, mv: &Move) -> String {
        let path: Vec<u8> = mv.path.iter().map(|&s| dr::index(s)).collect();
        Self::path_text(&path)
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        Self::parse_path(text.trim()).map(|_| ())
    }

    /// Canonical full path, or the short PDN capture `from x to` when one
    /// series matches.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        if let Some(m) = moves.iter().find(|m| self.move_text(m) == text) {
            return Ok(m.clone());
        }
        let (nums, capture) = Self::parse_path(text)?;
        if capture && nums.len() == 2 {
            let hits: Vec<&Move> = moves
                .iter()
                .filter(|m| m.path.len() > 2 || self.move_text(m).contains('x'))
                .filter(|m| {
                    index_to_pdn(dr::index(m.path[0])) == nums[0]
                        && index_to_pdn(dr::index(*m.path.last().unwrap())) == nums[1]
                })
                .collect();
            match hits.len() {
                1 => return Ok(hits[0].clone()),
                0 => {}
                _ => {
                    return Err(MoveError::Ambiguous {
                        text: text.into(),
                        candidates: hits.iter().map(|m| self.move_text(m)).collect(),
                    });
                }
            }
        }
        Err(self.rejection(text))
    }

    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        let text = text.trim();
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        let texts: Vec<String> = moves.iter().map(|m| self.move_text(m)).collect();
        if texts.iter().any(|t| t == text) {
            let reason = if text.contains('x') {
                "a complete capture series (ENG-1)"
            } else {
                "a step, no capture available (ENG-1)"
            };
            return Ok(Verdict {
                legal: true,
                text: text.into(),
                rules: vec!["ENG-1"],
                reason: reason.into(),
            });
        }
        let (nums, capture) = Self::parse_path(text)?;
        let any_capture = texts.iter().any(|t| t.contains('x'));
        let reason = if texts.is_empty() {
            "the side to move has no legal move and has lost".to_string()
        } else if !capture && any_capture {
            "capturing is compulsory: a capture exists".to_string()
        } else if capture && texts.iter().any(|t| t.starts_with(&format!("{text}x"))) {
            "the capture series must be completed: a further jump is available".to_string()
        } else if capture && texts.iter().any(|t| text.starts_with(&format!("{t}x"))) {
            "crowning ends the move: the series stops on the far rank".to_string()
        } else if nums.len() >= 2 && !capture {
            "no such step: men step one square diagonally forward, kings one square diagonally"
                .to_string()
        } else {
            "no such capture series".to_string()
        };
        Ok(Verdict {
            legal: false,
            text: text.into(),
            rules: vec!["ENG-1"],
            reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> English {
        English::parse(START, &Rules::default()).unwrap()
    }

    #[test]
    fn numbering() {
        for n in 1..=32u8 {
            let i = pdn_to_index(n);
            assert_eq!((i % 8 + i / 8) % 2, 0, "square {n} is dark");
            assert_eq!(index_to_pdn(i), n);
        }
        assert_eq!(dr::square(pdn_to_index(1)).to_string(), "b8");
        assert_eq!(dr::square(pdn_to_index(29)).to_string(), "a1");
        assert_eq!(dr::square(pdn_to_index(32)).to_string(), "g1");
    }

    #[test]
    fn start_perft() {
        let g = start();
        assert_eq!(g.to_text(), START);
        assert_eq!(g.perft(1), 7);
        assert_eq!(g.perft(2), 49);
        assert_eq!(g.perft(3), 302);
        assert_eq!(g.perft(4), 1469);
    }

    #[test]
    fn fast_perft_equals_generic_perft() {
        // Along a deterministic game (kings appear), the compact perft
        // agrees with the generic one over `legal_moves`/`play`.
        let mut g = start();
        let mut seed = 7u64;
        for _ in 0..80 {
            assert_eq!(
                g.perft(3),
                crate::core::perft::perft(&g, 3),
                "{}",
                g.to_text()
            );
            let mut v = Vec::new();
            g.legal_moves_into(&mut v);
            if v.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            g.play(&v[(seed >> 33) as usize % v.len()]);
        }
        for pos in [
            "W:WK10,K14,19,22:B6,7,15,K23,26",
            "B:WK1,K3,18,19,27:BK30,K32,11,12,15",
        ] {
            let g = English::parse(pos, &Rules::default()).unwrap();
            assert_eq!(g.perft(4), crate::core::perft::perft(&g, 4), "{pos}");
        }
    }
}
