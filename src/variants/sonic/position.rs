//! The validated `sonic` position: mailbox state, move generation (one
//! function per piece family, in the mechanism modules), `play`, and the
//! [`Game`] implementation.

use smallvec::SmallVec;

use crate::core::{
    Board, Color, Decision, Game, Move, MoveError, Outcome, PositionError, Square, Verdict,
};

use super::eggman::{self, Forms};
use super::notation;
use super::pieces::{
    color_of, from_letter, has_piece, is_ranged, kind, Cells, KING, KNIGHT, PAWN, PIECE_MASK,
    SPRING,
};
use super::spindash::{self, Ctx, Scratch, Trace};
use super::{pawns, tails, SonicRules};

/// A validated position (see [`notation`] for its text).
#[derive(Clone, Hash, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) rules: SonicRules,
    pub(crate) board: Board,
    pub(crate) cells: Cells,
    pub(crate) turn: Color,
    /// Castling rights: 1 = K, 2 = Q, 4 = k, 8 = q.
    pub(crate) castling: u8,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// White's and Black's king forms (SCA-8, SCA-9.1).
    pub(crate) forms: [Forms; 2],
    pub(crate) kings: [Option<Square>; 2],
    /// Set when a king was captured or lost (SCA-9.4).
    pub(crate) winner: Option<Color>,
}

/// Turns a trace into the move it describes (G2).
fn trace_move(t: &Trace) -> Move {
    let mut m = Move {
        path: t.path.clone(),
        decisions: Default::default(),
    };
    if let Some(r) = t.rotation {
        m.decisions.push(Decision::Rotation(r));
    }
    m
}

impl Position {
    /// Parses and validates a position text (G4).
    ///
    /// # Errors
    /// A [`PositionError`] naming the field.
    pub fn from_text(text: &str, rules: SonicRules) -> Result<Position, PositionError> {
        notation::validate(notation::parse_setup(text)?, rules)
    }

    pub(crate) fn ctx(&self, side: Color) -> Ctx {
        let forms = self.forms[side.other() as usize].count();
        // Mutant `hit-captures-king`: any hit removes the king.
        let king_forms = if self.rules.hit_captures_king {
            forms.min(1)
        } else {
            forms
        };
        Ctx {
            board: self.board,
            me: side,
            king_forms,
            rules: self.rules,
        }
    }

    /// The castling rights of `c` as (bit, rook file).
    pub(crate) fn castling_rights(&self, c: Color) -> SmallVec<[(u8, u8); 2]> {
        let (k, q) = if c.is_white() { (1, 2) } else { (4, 8) };
        let mut v = SmallVec::new();
        if self.castling & k != 0 {
            v.push((k, self.board.width - 1));
        }
        if self.castling & q != 0 {
            v.push((q, 0));
        }
        v
    }

    /// Moves the piece on `from` to the empty `to`, springs staying put.
    pub(crate) fn relocate(&mut self, from: Square, to: Square) {
        let p = self.cells[from.0 as usize] & PIECE_MASK;
        self.cells[from.0 as usize] &= SPRING;
        self.cells[to.0 as usize] = (self.cells[to.0 as usize] & SPRING) | p;
        if kind(p) == KING {
            self.kings[color_of(p) as usize] = Some(to);
        }
    }

    /// The moves of the side to move with its king in form `form`, without
    /// form switches.
    fn base_moves(&self, form: crate::core::Form, in_check: bool, out: &mut Vec<Move>) {
        let me = self.turn;
        let ctx = self.ctx(me);
        let mut sc = Scratch::new(&self.cells);
        for sq in self.board.squares() {
            let c = self.cells[sq.0 as usize];
            if !has_piece(c) || color_of(c) != me {
                continue;
            }
            let mut push = |t: &Trace| {
                if !t.endless {
                    out.push(trace_move(t));
                }
                false
            };
            match kind(c) {
                PAWN => pawns::moves(self, sq, out),
                KNIGHT => {
                    tails::moves(&ctx, &mut sc, sq, true, &mut push);
                }
                KING => eggman::king_moves(self, sq, form, out),
                k if is_ranged(k) => {
                    spindash::moves(&ctx, &mut sc, sq, true, &mut push);
                }
                _ => {}
            }
        }
        eggman::castling(self, in_check, out);
    }

    /// Every legal move (G2): the start-of-turn form choice (SCA-9.1/9.2),
    /// the piece moves, and the optional form switch (SCA-8.1).
    pub(crate) fn generate(&self, out: &mut Vec<Move>) {
        if self.winner.is_some() {
            return;
        }
        let me = self.turn;
        let forms = self.forms[me as usize];
        let has_rights = !self.castling_rights(me).is_empty();
        if forms.pending() {
            // SCA-9.1: one branch per remaining form; no switch afterwards.
            for f in forms.iter() {
                let start = out.len();
                let in_check = has_rights && self.in_check();
                self.base_moves(f, in_check, out);
                for m in &mut out[start..] {
                    m.decisions.insert(0, Decision::StartForm(f));
                }
            }
            return;
        }
        let Some(form) = forms.current else { return };
        let may_switch = forms.count() >= 2;
        let in_check = (has_rights || may_switch) && self.in_check();
        let start = out.len();
        self.base_moves(form, in_check, out);
        if !may_switch || in_check {
            return;
        }
        // SCA-8.1: the switches allowed after each move.
        let end = out.len();
        let opp = me.other();
        for i in start..end {
            if !self.rules.form_change_after_king_move && eggman::is_king_move(self, &out[i]) {
                continue;
            }
            let mut child = self.clone();
            let hit = child.apply(&out[i]);
            if hit || child.winner.is_some() || child.attacks_king(me) {
                continue;
            }
            let (Some(mk), Some(ok)) = (child.kings[me as usize], child.kings[opp as usize]) else {
                continue;
            };
            for g in forms.iter() {
                if g == form || eggman::reaches(self.board, g, mk, ok) {
                    continue;
                }
                let m = out[i].clone().with(Decision::SwitchForm(g));
                out.push(m);
            }
        }
    }

    fn lose_king(&mut self, side: Color, at: Square) {
        self.cells[at.0 as usize] &= SPRING;
        self.kings[side as usize] = None;
        self.forms[side as usize] = Forms {
            remaining: 0,
            current: None,
            give_up: false,
        };
        self.winner = Some(side.other());
    }

    fn touch_corner(&mut self, sq: Square) {
        let (w, h) = (self.board.width - 1, self.board.height - 1);
        for (bitv, f, r) in [(1u8, w, 0u8), (2, 0, 0), (4, w, h), (8, 0, h)] {
            if sq == Square::new(f, r) {
                self.castling &= !bitv;
            }
        }
    }

    /// Plays a move; returns whether it hit or captured the enemy king.
    pub(crate) fn apply(&mut self, mv: &Move) -> bool {
        let me = self.turn;
        let opp = me.other();
        let mut hit_king = false;
        let mut switch = None;
        let mut promo = None;
        let mut castle = None;
        for d in &mv.decisions {
            match *d {
                Decision::StartForm(f) => self.forms[me as usize].choose(f),
                Decision::SwitchForm(f) => switch = Some(f),
                Decision::Promote { piece, .. } => promo = from_letter(piece as char),
                Decision::Castle { rook } => castle = Some(rook),
                _ => {}
            }
        }
        let old_ep = self.ep.take();
        self.halfmove += 1;
        if let (Some(rook), Some(&ks), Some(&kd)) = (castle, mv.path.first(), mv.path.last()) {
            let step: i8 = if kd.file() > ks.file() { 1 } else { -1 };
            let transit = Square::new((ks.file() as i8 + step) as u8, ks.rank());
            self.relocate(ks, kd);
            self.relocate(rook, transit);
            self.castling &= if me.is_white() { !3 } else { !12 };
        } else if mv.path.len() >= 2 {
            let from = mv.path[0];
            let to = mv.path[mv.path.len() - 1];
            let cell = self.cells[from.0 as usize] & PIECE_MASK;
            let k = kind(cell);
            self.cells[from.0 as usize] &= SPRING;
            self.touch_corner(from);
            if k == KING {
                self.castling &= if me.is_white() { !3 } else { !12 };
            }
            if k == PAWN {
                self.halfmove = 0;
                if to.file() != from.file()
                    && !has_piece(self.cells[to.0 as usize])
                    && old_ep == Some(to)
                {
                    let victim = Square::new(to.file(), from.rank());
                    self.cells[victim.0 as usize] &= SPRING;
                }
            }
            let forms_left = self.ctx(me).king_forms;
            let mut hits = 0u8;
            for &q in &mv.path[1..] {
                let c = self.cells[q.0 as usize];
                if !has_piece(c) || color_of(c) != opp {
                    continue;
                }
                if kind(c) == KING {
                    hit_king = true;
                    if k == PAWN || k == KING {
                        // SCA-9.4: capture by displacement wins at once.
                        self.lose_king(opp, q);
                    } else {
                        // SCA-9, SCA-9.3.
                        hits += 1;
                        if hits >= forms_left {
                            self.lose_king(opp, q);
                        }
                    }
                } else {
                    self.cells[q.0 as usize] &= SPRING;
                    self.halfmove = 0;
                    self.touch_corner(q);
                }
            }
            let t = self.cells[to.0 as usize];
            if has_piece(t) && kind(t) == KING && color_of(t) == opp {
                // SCA-9: the mover would rest on the king's square: removed.
            } else {
                let placed = promo.unwrap_or(cell);
                self.cells[to.0 as usize] = (t & SPRING) | placed;
                if k == KING {
                    self.kings[me as usize] = Some(to);
                }
            }
            if hits > 0 && self.winner.is_none() {
                self.forms[opp as usize].hit(hits);
            }
            if k == PAWN && from.rank().abs_diff(to.rank()) == 2 {
                let skipped = Square::new(from.file(), (from.rank() + to.rank()) / 2);
                let enemy_pawn = super::pieces::piece(PAWN, opp);
                let beside = [-1i8, 1].iter().any(|&df| {
                    to.offset(crate::core::Dir::new(df, 0), self.board)
                        .is_some_and(|s| self.cells[s.0 as usize] & PIECE_MASK == enemy_pawn)
                });
                if beside {
                    self.ep = Some(skipped);
                }
            }
        }
        if let Some(g) = switch {
            self.forms[me as usize].current = Some(g);
        }
        if !me.is_white() {
            self.fullmove += 1;
        }
        self.turn = opp;
        hit_king
    }

    /// For each path square: whether the mover captures or hits there (the
    /// `x` of the move text), found by replaying the path.
    pub(crate) fn capture_flags(&self, mv: &Move) -> SmallVec<[bool; 8]> {
        let mut flags = SmallVec::new();
        let Some(&from) = mv.path.first() else {
            return flags;
        };
        flags.push(false);
        let me = self.turn;
        let mut cells = self.cells;
        let k = kind(cells[from.0 as usize]);
        cells[from.0 as usize] &= SPRING;
        for &q in &mv.path[1..] {
            let c = cells[q.0 as usize];
            let x = match k {
                PAWN => q.file() != from.file(),
                KING => has_piece(c) && color_of(c) != me,
                _ => {
                    let seen = super::pieces::see(&cells, Some(q), me, self.rules.springs_block);
                    if seen == super::pieces::Seen::Enemy {
                        cells[q.0 as usize] &= SPRING;
                    }
                    seen.bounces()
                }
            };
            flags.push(x);
        }
        flags
    }
}

impl Position {
    pub(crate) fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.generate(out);
    }
}

impl Game for Position {
    fn variant(&self) -> &'static str {
        "sonic"
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
        super::fast::count(self).unwrap_or_else(|| {
            let mut v = Vec::new();
            self.generate(&mut v);
            v.len() as u64
        })
    }
    fn play(&mut self, mv: &Move) {
        self.apply(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.winner {
            return Some(Outcome::Win(w));
        }
        let mut v = Vec::new();
        self.generate(&mut v);
        // SCA-9.4: no legal move is a draw.
        v.is_empty().then_some(Outcome::Draw)
    }
    fn to_text(&self) -> String {
        notation::to_text(self)
    }
    fn move_text(&self, mv: &Move) -> String {
        notation::move_text(self, mv)
    }
    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        notation::parse_move_text(text).map(|_| ())
    }
    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        super::explain::explain(self, text)
    }
}
