//! Test oracle (compiled only for tests): the straightforward `sonic`
//! generator that the one generator ([`super::generate`]) replaced, kept
//! as a slow reference, with its own tracer, check test, `apply` and move
//! text. It works on the shared move (G2) and plays every move to test
//! SCA-8.1, so it shares no code with the walker.
//!
//! Compounds (SCA-12) are read here as the text says, without part
//! codes: an archbishop, chancellor or amazon makes every move of a bishop,
//! rook or queen standing on its square, and every move of a knight.
//! Castling follows SCA-11's text (Capablanca's squares).
//!
//! The tests at the bottom compare the one generator with it on random
//! positions (8×8 … 16×16 boards, springs, compounds, pending choices,
//! Gilman turns, and every mutant) and along random playouts: the move set (shared
//! moves and texts), the bulk count, the check test of both sides, and the
//! position after each move.

#[allow(unused_imports)]
use crate::core::{Explain as _, Game as _, Notation as _};
use smallvec::SmallVec;

use super::eggman::Form;
use super::oracle_move::{Extra, Move, Path};
use crate::core::geometry::{BISHOP_DIRS, KING_DIRS, KNIGHT_LEAPS, ROOK_DIRS};
use crate::core::{Color, Dir, Rotation, Square};

use super::eggman::{self, reaches};
use super::pieces::{
    color_of, from_letter, has_piece, is_spring, kind, piece, Cells, Seen, AMAZON, ARCHBISHOP,
    BISHOP, CHANCELLOR, KING, KNIGHT, PAWN, PIECE_MASK, QUEEN, ROOK, SPRING,
};
use super::position::Sonic;

/// What a moving R, B, Q or N of colour `me` finds on `sq`.
fn see(cells: &Cells, sq: Option<Square>, me: Color, springs_block: bool) -> Seen {
    let Some(sq) = sq else { return Seen::Off };
    let c = cells[sq.0 as usize];
    if has_piece(c) {
        if color_of(c) == me {
            Seen::Friendly
        } else if kind(c) == KING {
            Seen::King
        } else {
            Seen::Enemy
        }
    } else if is_spring(c) {
        if springs_block {
            Seen::Friendly
        } else {
            Seen::Spring
        }
    } else {
        Seen::Empty
    }
}

/// The whole course of one candidate move of an R, B, Q or N.
#[derive(Clone, Debug, Default)]
struct Trace {
    path: Path,
    rotation: Option<Rotation>,
    hits: u8,
    king_lost: bool,
    endless: bool,
}

struct Scratch {
    cells: Cells,
    undo: SmallVec<[(u8, u8); 8]>,
    visited: SmallVec<[(u8, u8); 16]>,
}

impl Scratch {
    fn new(cells: &Cells) -> Scratch {
        Scratch {
            cells: *cells,
            undo: SmallVec::new(),
            visited: SmallVec::new(),
        }
    }
    fn restore(&mut self) {
        while let Some((sq, c)) = self.undo.pop() {
            self.cells[sq as usize] = c;
        }
    }
}

#[derive(Clone, Copy)]
struct Ctx<'a> {
    pos: &'a Sonic,
    me: Color,
    king_forms: u8,
}

impl Ctx<'_> {
    fn new(pos: &Sonic, me: Color) -> Ctx<'_> {
        let forms = pos.forms[me.other() as usize].count();
        let king_forms = if pos.rules.hit_captures_king {
            forms.min(1)
        } else {
            forms
        };
        Ctx {
            pos,
            me,
            king_forms,
        }
    }
    fn see(&self, sc: &Scratch, sq: Option<Square>) -> Seen {
        see(&sc.cells, sq, self.me, self.pos.rules.springs_block)
    }
    fn step(&self, sq: Square, d: Dir) -> Option<Square> {
        sq.offset(d, self.pos.board)
    }
    fn arrive(&self, sc: &mut Scratch, sq: Square, t: &mut Trace) {
        match self.see(sc, Some(sq)) {
            Seen::Enemy => {
                let i = sq.0 as usize;
                sc.undo.push((sq.0, sc.cells[i]));
                sc.cells[i] &= SPRING;
                sc.visited.clear();
            }
            Seen::King => {
                t.hits += 1;
                sc.visited.clear();
                if t.hits >= self.king_forms {
                    t.king_lost = true;
                }
            }
            _ => {}
        }
    }
    fn finish(&self, sc: &mut Scratch) {
        sc.restore();
        sc.visited.clear();
    }
}

/// The lines of the slider a piece is or contains (SCA-12: archbishop =
/// bishop + knight, chancellor = rook + knight, amazon = queen + knight).
fn dirs(k: u8) -> &'static [Dir] {
    match k {
        ROOK | CHANCELLOR => &ROOK_DIRS,
        BISHOP | ARCHBISHOP => &BISHOP_DIRS,
        QUEEN | AMAZON => &KING_DIRS,
        _ => &[],
    }
}

/// Whether a piece moves as a knight (the knight, or a compound).
fn leaps_as_knight(k: u8) -> bool {
    matches!(k, KNIGHT | ARCHBISHOP | CHANCELLOR | AMAZON)
}

fn is_compound_kind(k: u8) -> bool {
    matches!(k, ARCHBISHOP | CHANCELLOR | AMAZON)
}

fn turn(d: Dir, r: Rotation) -> Dir {
    match r {
        Rotation::Clockwise => d.cw(),
        Rotation::Counterclockwise => d.ccw(),
    }
}

fn opposite(r: Rotation) -> Rotation {
    match r {
        Rotation::Clockwise => Rotation::Counterclockwise,
        Rotation::Counterclockwise => Rotation::Clockwise,
    }
}

/// Every candidate move of the ranged piece on `from` (SCA-3 … SCA-5).
fn ranged_moves(
    ctx: &Ctx,
    sc: &mut Scratch,
    from: Square,
    quiet: bool,
    sink: &mut dyn FnMut(&Trace) -> bool,
) -> bool {
    let cell = sc.cells[from.0 as usize];
    if !ctx.pos.rules.start_square_blocks {
        sc.cells[from.0 as usize] &= SPRING;
    }
    let mut stop = false;
    'dirs: for &d in dirs(kind(cell)) {
        let mut at = from;
        loop {
            let next = ctx.step(at, d);
            match ctx.see(sc, next) {
                Seen::Empty => {
                    let n = next.expect("on board");
                    at = n;
                    if quiet {
                        let mut t = Trace::default();
                        t.path.push(from);
                        t.path.push(n);
                        if sink(&t) {
                            stop = true;
                            break 'dirs;
                        }
                    }
                }
                Seen::Off | Seen::Friendly => break,
                _ => {
                    let first = next.expect("on board");
                    if ctx.pos.rules.compound_switches_part && is_compound_kind(kind(cell)) {
                        // The mutant: the compound goes on as a knight
                        // would (the same step again) instead of turning.
                        let mut t = Trace::default();
                        t.path.push(from);
                        tails_chain(ctx, sc, first, d, false, &mut t);
                        if sink(&t) {
                            stop = true;
                            break 'dirs;
                        }
                        break;
                    }
                    if first_capture(ctx, sc, from, first, d, sink) {
                        stop = true;
                        break 'dirs;
                    }
                    break;
                }
            }
        }
    }
    sc.cells[from.0 as usize] = cell;
    stop
}

fn first_capture(
    ctx: &Ctx,
    sc: &mut Scratch,
    from: Square,
    first: Square,
    d: Dir,
    sink: &mut dyn FnMut(&Trace) -> bool,
) -> bool {
    let rules = ctx.pos.rules;
    let mut branches: SmallVec<[Option<Rotation>; 3]> = SmallVec::new();
    if ctx.see(sc, Some(first)) == Seen::King && ctx.king_forms <= 1 {
        branches.push(None);
    } else if rules.bounce_180 {
        let open = !ctx.see(sc, ctx.step(first, d.reverse())).blocks();
        branches.push(if open {
            Some(Rotation::Clockwise)
        } else {
            None
        });
    } else {
        let open = |r: Rotation| !ctx.see(sc, ctx.step(first, turn(d, r))).blocks();
        let cw = open(Rotation::Clockwise);
        let ccw = open(Rotation::Counterclockwise);
        if cw {
            branches.push(Some(Rotation::Clockwise));
        }
        if ccw {
            branches.push(Some(Rotation::Counterclockwise));
        }
        if !cw && !ccw || (rules.no_forced_rotation && cw != ccw) {
            branches.push(None);
        }
    }
    for rot in branches {
        let t = walk(ctx, sc, from, first, d, rot);
        if sink(&t) {
            return true;
        }
    }
    false
}

fn walk(
    ctx: &Ctx,
    sc: &mut Scratch,
    from: Square,
    first: Square,
    d_in: Dir,
    rot: Option<Rotation>,
) -> Trace {
    let rules = ctx.pos.rules;
    let mut t = Trace::default();
    t.path.push(from);
    t.path.push(first);
    t.rotation = rot;
    sc.visited.clear();
    let mut cur = first;
    let mut dir = d_in;
    let mut k: u8 = 0;
    ctx.arrive(sc, cur, &mut t);
    'bounce: while !t.king_lost {
        let Some(r0) = rot else { break };
        let r = if rules.alternate_turns && k % 2 == 1 {
            opposite(r0)
        } else {
            r0
        };
        let nd = if rules.bounce_180 {
            dir.reverse()
        } else {
            turn(dir, r)
        };
        if ctx.see(sc, ctx.step(cur, nd)).blocks() {
            break;
        }
        let parity = if rules.alternate_turns {
            (k % 2) << 4
        } else {
            0
        };
        let key = (cur.0, nd.index8() as u8 | parity);
        if sc.visited.contains(&key) {
            if !rules.endless_allowed {
                t.endless = true;
            }
            break;
        }
        sc.visited.push(key);
        if rules.endless_allowed && t.path.len() > 64 {
            break;
        }
        dir = nd;
        k = k.wrapping_add(1);
        loop {
            let next = ctx.step(cur, dir);
            match ctx.see(sc, next) {
                Seen::Off | Seen::Friendly => {
                    t.path.push(cur);
                    break 'bounce;
                }
                Seen::Empty => cur = next.expect("on board"),
                _ => {
                    cur = next.expect("on board");
                    t.path.push(cur);
                    ctx.arrive(sc, cur, &mut t);
                    continue 'bounce;
                }
            }
        }
    }
    ctx.finish(sc);
    t
}

/// The Tails knight (SCA-6).
fn knight_moves(
    ctx: &Ctx,
    sc: &mut Scratch,
    from: Square,
    quiet: bool,
    sink: &mut dyn FnMut(&Trace) -> bool,
) -> bool {
    let cell = sc.cells[from.0 as usize];
    sc.cells[from.0 as usize] &= SPRING;
    let mut stop = false;
    for &v in &KNIGHT_LEAPS {
        let Some(to) = ctx.step(from, v) else {
            continue;
        };
        let mut t = Trace::default();
        t.path.push(from);
        t.path.push(to);
        match ctx.see(sc, Some(to)) {
            Seen::Off | Seen::Friendly => continue,
            Seen::Empty => {
                if !quiet {
                    continue;
                }
            }
            _ => {
                let rules = ctx.pos.rules;
                let stops = rules.knight_stops
                    || (rules.compound_knight_stops && is_compound_kind(kind(cell)));
                t.path.pop();
                tails_chain(ctx, sc, to, v, stops, &mut t);
            }
        }
        if sink(&t) {
            stop = true;
            break;
        }
    }
    sc.cells[from.0 as usize] = cell;
    stop
}

/// From a first capture on `first` (not yet on `t.path`), the Tails rule
/// with the vector `v` (SCA-6), unless `stops`.
fn tails_chain(ctx: &Ctx, sc: &mut Scratch, first: Square, v: Dir, stops: bool, t: &mut Trace) {
    let mut cur = first;
    t.path.push(cur);
    ctx.arrive(sc, cur, t);
    while !t.king_lost && !stops {
        let next = ctx.step(cur, v);
        match ctx.see(sc, next) {
            Seen::Off | Seen::Friendly => break,
            Seen::Empty => {
                cur = next.expect("on board");
                t.path.push(cur);
                break;
            }
            _ => {
                cur = next.expect("on board");
                t.path.push(cur);
                ctx.arrive(sc, cur, t);
            }
        }
    }
    ctx.finish(sc);
}

fn trace_move(t: &Trace) -> Move {
    let mut m = Move {
        path: t.path.clone(),
        extras: Default::default(),
    };
    if let Some(r) = t.rotation {
        m.extras.push(Extra::Rotation(r));
    }
    m
}

fn pawn_moves(pos: &Sonic, from: Square, out: &mut Vec<Move>) {
    let me = pos.turn;
    let fwd: i8 = if me.is_white() { 1 } else { -1 };
    let board = pos.board;
    let free = |sq: Square| {
        let c = pos.cells[sq.0 as usize];
        let blocked_by_spring = pos.rules.pawns_see_springs && is_spring(c);
        !has_piece(c) && !blocked_by_spring
    };
    let last = |sq: Square| board.relative_rank(sq, me.is_white()) == board.height - 1;
    let push = |to: Square, out: &mut Vec<Move>| {
        if last(to) {
            let rules = pos.rules;
            let mut choices = vec![b'Q', b'R', b'B', b'N'];
            if !rules.compounds_not_promoted {
                for (i, p) in [b'A', b'C', b'M'].into_iter().enumerate() {
                    if rules.compounds & (1 << i) != 0 {
                        choices.push(p);
                    }
                }
            }
            for p in choices {
                let letter = if me.is_white() {
                    p
                } else {
                    p.to_ascii_lowercase()
                };
                out.push(Move::step(from, to).with(Extra::Promote {
                    on: to,
                    piece: letter,
                }));
            }
        } else {
            out.push(Move::step(from, to));
        }
    };
    if let Some(one) = from.offset(Dir::new(0, fwd), board) {
        if free(one) {
            push(one, out);
            if board.relative_rank(from, me.is_white()) == 1 {
                if let Some(two) = one.offset(Dir::new(0, fwd), board) {
                    if free(two) {
                        out.push(Move::step(from, two));
                    }
                }
            }
        }
    }
    for df in [-1, 1] {
        let Some(to) = from.offset(Dir::new(df, fwd), board) else {
            continue;
        };
        let c = pos.cells[to.0 as usize];
        if (has_piece(c) && color_of(c) != me) || pos.ep == Some(to) {
            push(to, out);
        }
    }
}

fn king_moves(pos: &Sonic, from: Square, f: Form, out: &mut Vec<Move>) {
    for &d in eggman::leaps(f) {
        let Some(to) = from.offset(d, pos.board) else {
            continue;
        };
        let c = pos.cells[to.0 as usize];
        if has_piece(c) && color_of(c) == pos.turn {
            continue;
        }
        out.push(Move::step(from, to));
    }
}

fn castling(pos: &Sonic, in_check: bool, out: &mut Vec<Move>) {
    let me = pos.turn;
    let Some(ks) = pos.kings[me as usize] else {
        return;
    };
    if in_check {
        return;
    }
    let rank = ks.rank();
    for (_right, rook_file) in pos.castling_rights(me) {
        let rook_sq = Square::new(rook_file, rank);
        if pos.cells[rook_sq.0 as usize] & PIECE_MASK != piece(ROOK, me) {
            continue;
        }
        let (dest, rook_dest) = castle_targets(pos, ks, rook_sq);
        // SCA-11: every file from the leftmost to the rightmost of the four
        // squares is passed or landed on by the king or the rook; none but
        // these two may hold a piece.
        let files = [ks.file(), dest.file(), rook_file, rook_dest.file()];
        let (lo, hi) = (*files.iter().min().unwrap(), *files.iter().max().unwrap());
        let occupied = (lo..=hi)
            .map(|f| Square::new(f, rank))
            .any(|s| s != ks && s != rook_sq && has_piece(pos.cells[s.0 as usize]));
        if occupied {
            continue;
        }
        // Every square the king crosses: king moved there, rook unmoved.
        let (a, b) = (ks.file().min(dest.file()), ks.file().max(dest.file()));
        let crossed_attacked = (a + 1..b).any(|f| {
            let mut t = pos.clone();
            t.relocate(ks, Square::new(f, rank));
            attacks(&t, me.other())
        });
        if !pos.rules.castling_transit_unchecked && crossed_attacked {
            continue;
        }
        let mut d = pos.clone();
        d.relocate(ks, dest);
        d.relocate(rook_sq, rook_dest);
        if attacks(&d, me.other()) {
            continue;
        }
        out.push(Move::step(ks, dest).with(Extra::Castle { rook: rook_sq }));
    }
}

/// SCA-11: the squares king and rook land on (g1/f1 on 8×8, i1/h1 on
/// 10×8, c1/d1 with the rook on file a); the mutant
/// `castling-two-squares`: the king two squares toward the rook, the rook
/// beside it on the square it crossed.
fn castle_targets(pos: &Sonic, king: Square, rook: Square) -> (Square, Square) {
    let rank = king.rank();
    let k = king.file();
    let (kd, rd) = match (pos.rules.castling_two_squares, rook.file() == 0) {
        (true, false) => (k + 2, k + 1),
        (true, true) => (k - 2, k - 1),
        (false, false) => (pos.board.width - 2, pos.board.width - 3),
        (false, true) => (2, 3),
    };
    (Square::new(kd, rank), Square::new(rd, rank))
}

/// SCA-10 written straightforwardly.
pub(super) fn attacks(pos: &Sonic, side: Color) -> bool {
    let Some(target) = pos.kings[side.other() as usize] else {
        return false;
    };
    let board = pos.board;
    let back: i8 = if side.is_white() { -1 } else { 1 };
    for df in [-1, 1] {
        if let Some(s) = target.offset(Dir::new(df, back), board) {
            let c = pos.cells[s.0 as usize];
            if has_piece(c) && color_of(c) == side && kind(c) == PAWN {
                return true;
            }
        }
    }
    if let (Some(k), Some(f)) = (pos.kings[side as usize], pos.forms[side as usize].current) {
        if reaches(board, f, k, target) {
            return true;
        }
    }
    let ctx = Ctx::new(pos, side);
    let mut sc = Scratch::new(&pos.cells);
    let direct_only = pos.rules.direct_check_only;
    let mut hit =
        |t: &Trace| t.hits > 0 && !t.endless && (!direct_only || t.path.get(1) == Some(&target));
    for sq in board.squares() {
        let c = pos.cells[sq.0 as usize];
        if !has_piece(c) || color_of(c) != side {
            continue;
        }
        let k = kind(c);
        let found = (leaps_as_knight(k) && knight_moves(&ctx, &mut sc, sq, false, &mut hit))
            || (!dirs(k).is_empty() && ranged_moves(&ctx, &mut sc, sq, false, &mut hit));
        if found {
            return true;
        }
    }
    false
}

fn base_moves(pos: &Sonic, form: Form, in_check: bool, out: &mut Vec<Move>) {
    let me = pos.turn;
    let ctx = Ctx::new(pos, me);
    let mut sc = Scratch::new(&pos.cells);
    for sq in pos.board.squares() {
        let c = pos.cells[sq.0 as usize];
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
            PAWN => pawn_moves(pos, sq, out),
            KING => king_moves(pos, sq, form, out),
            k => {
                if !dirs(k).is_empty() {
                    ranged_moves(&ctx, &mut sc, sq, true, &mut push);
                }
                if leaps_as_knight(k) {
                    knight_moves(&ctx, &mut sc, sq, true, &mut push);
                }
            }
        }
    }
    castling(pos, in_check, out);
}

fn is_king_move(pos: &Sonic, mv: &Move) -> bool {
    mv.extras.iter().any(|d| matches!(d, Extra::Castle { .. }))
        || mv
            .from()
            .is_some_and(|f| kind(pos.cells[f.0 as usize]) == KING)
}

/// Every legal move (G2), written straightforwardly.
pub(super) fn generate(pos: &Sonic) -> Vec<Move> {
    let mut out = Vec::new();
    if pos.winner.is_some() {
        return out;
    }
    let me = pos.turn;
    let forms = pos.forms[me as usize];
    let has_rights = !pos.castling_rights(me).is_empty();
    let in_check_now = || attacks(pos, me.other());
    if forms.pending() {
        for f in forms.iter() {
            let start = out.len();
            let in_check = has_rights && in_check_now();
            base_moves(pos, f, in_check, &mut out);
            for m in &mut out[start..] {
                m.extras.insert(0, Extra::StartForm(f));
            }
        }
        return out;
    }
    let Some(form) = forms.current else {
        return out;
    };
    let may_switch = forms.count() >= 2;
    let in_check = (has_rights || may_switch) && in_check_now();
    base_moves(pos, form, in_check, &mut out);
    if !may_switch || in_check {
        return out;
    }
    let end = out.len();
    let opp = me.other();
    for i in 0..end {
        if !pos.rules.form_change_after_king_move && is_king_move(pos, &out[i]) {
            continue;
        }
        let mut child = pos.clone();
        let hit = apply(&mut child, &out[i]);
        if hit || child.winner.is_some() || attacks(&child, me) {
            continue;
        }
        let (Some(mk), Some(ok)) = (child.kings[me as usize], child.kings[opp as usize]) else {
            continue;
        };
        for g in forms.iter() {
            if g == form || reaches(pos.board, g, mk, ok) {
                continue;
            }
            let m = out[i].clone().with(Extra::SwitchForm(g));
            out.push(m);
        }
    }
    out
}

fn lose_king(pos: &mut Sonic, side: Color, at: Square) {
    pos.cells[at.0 as usize] &= SPRING;
    pos.castling &= if side.is_white() { !3 } else { !12 };
    pos.kings[side as usize] = None;
    pos.forms[side as usize] = eggman::Forms::LOST;
    pos.winner = Some(side.other());
}

fn touch_corner(pos: &mut Sonic, sq: Square) {
    let (w, h) = (pos.board.width - 1, pos.board.height - 1);
    for (bitv, f, r) in [(1u8, w, 0u8), (2, 0, 0), (4, w, h), (8, 0, h)] {
        if sq == Square::new(f, r) {
            pos.castling &= !bitv;
        }
    }
}

/// Plays a move by its path; returns whether it hit or captured the king.
pub(super) fn apply(pos: &mut Sonic, mv: &Move) -> bool {
    let me = pos.turn;
    let opp = me.other();
    let mut hit_king = false;
    let mut switch = None;
    let mut promo = None;
    let mut castle = None;
    for d in &mv.extras {
        match *d {
            Extra::StartForm(f) => pos.forms[me as usize].choose(f),
            Extra::SwitchForm(f) => switch = Some(f),
            Extra::Promote { piece, .. } => promo = from_letter(piece as char),
            Extra::Castle { rook } => castle = Some(rook),
            _ => {}
        }
    }
    let old_ep = pos.ep.take();
    pos.halfmove += 1;
    if let (Some(rook), Some(&ks), Some(&kd)) = (castle, mv.path.first(), mv.path.last()) {
        let (_, rook_dest) = castle_targets(pos, ks, rook);
        pos.relocate(ks, kd);
        pos.relocate(rook, rook_dest);
        pos.castling &= if me.is_white() { !3 } else { !12 };
    } else if mv.path.len() >= 2 {
        let from = mv.path[0];
        let to = mv.path[mv.path.len() - 1];
        let cell = pos.cells[from.0 as usize] & PIECE_MASK;
        let k = kind(cell);
        pos.cells[from.0 as usize] &= SPRING;
        touch_corner(pos, from);
        if k == KING {
            pos.castling &= if me.is_white() { !3 } else { !12 };
        }
        if k == PAWN {
            pos.halfmove = 0;
            if to.file() != from.file()
                && !has_piece(pos.cells[to.0 as usize])
                && old_ep == Some(to)
            {
                let victim = Square::new(to.file(), from.rank());
                pos.cells[victim.0 as usize] &= SPRING;
            }
        }
        let forms_left = Ctx::new(pos, me).king_forms;
        let mut hits = 0u8;
        for &q in &mv.path[1..] {
            let c = pos.cells[q.0 as usize];
            if !has_piece(c) || color_of(c) != opp {
                continue;
            }
            if kind(c) == KING {
                hit_king = true;
                if k == PAWN || k == KING {
                    lose_king(pos, opp, q);
                } else {
                    hits += 1;
                    if hits >= forms_left {
                        lose_king(pos, opp, q);
                    }
                }
            } else {
                pos.cells[q.0 as usize] &= SPRING;
                pos.halfmove = 0;
                touch_corner(pos, q);
            }
        }
        let t = pos.cells[to.0 as usize];
        if !(has_piece(t) && kind(t) == KING && color_of(t) == opp) {
            let placed = promo.unwrap_or(cell);
            pos.cells[to.0 as usize] = (t & SPRING) | placed;
            if k == KING {
                pos.kings[me as usize] = Some(to);
            }
        }
        if hits > 0 && pos.winner.is_none() {
            pos.forms[opp as usize].hit(hits);
        }
        if k == PAWN && from.rank().abs_diff(to.rank()) == 2 {
            let skipped = Square::new(from.file(), (from.rank() + to.rank()) / 2);
            let enemy_pawn = piece(PAWN, opp);
            let beside = [-1i8, 1].iter().any(|&df| {
                to.offset(Dir::new(df, 0), pos.board)
                    .is_some_and(|s| pos.cells[s.0 as usize] & PIECE_MASK == enemy_pawn)
            });
            if beside {
                pos.ep = Some(skipped);
            }
        }
    }
    if let Some(g) = switch {
        pos.forms[me as usize].current = Some(g);
    }
    if !me.is_white() {
        pos.fullmove += 1;
    }
    pos.turn = opp;
    hit_king
}

/// The move text (G2) of a shared move, from its path replayed.
pub(super) fn move_text(pos: &Sonic, mv: &Move) -> String {
    let mut s = String::new();
    for d in &mv.extras {
        if let Extra::StartForm(f) = d {
            s.push(f.letter());
            s.push(':');
        }
    }
    let castle = mv.extras.iter().find_map(|d| match d {
        Extra::Castle { rook } => Some(*rook),
        _ => None,
    });
    if let Some(rook) = castle {
        let king = mv.from().unwrap_or_default();
        s.push_str(if rook.file() > king.file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else {
        let me = pos.turn;
        let mut cells = pos.cells;
        let from = mv.path[0];
        let k = kind(cells[from.0 as usize]);
        cells[from.0 as usize] &= SPRING;
        s.push_str(&from.to_string());
        for &q in &mv.path[1..] {
            let c = cells[q.0 as usize];
            let x = match k {
                PAWN => q.file() != from.file(),
                KING => has_piece(c) && color_of(c) != me,
                _ => {
                    let seen = see(&cells, Some(q), me, pos.rules.springs_block);
                    if seen == Seen::Enemy {
                        cells[q.0 as usize] &= SPRING;
                    }
                    seen.bounces()
                }
            };
            s.push(if x { 'x' } else { '-' });
            s.push_str(&q.to_string());
        }
    }
    for d in &mv.extras {
        match d {
            Extra::Promote { piece, .. } => {
                s.push('=');
                s.push((*piece as char).to_ascii_uppercase());
            }
            Extra::Rotation(r) => s.push_str(if *r == Rotation::Clockwise {
                ":cw"
            } else {
                ":ccw"
            }),
            _ => {}
        }
    }
    for d in &mv.extras {
        if let Extra::SwitchForm(f) = d {
            s.push(':');
            s.push(f.letter());
        }
    }
    s
}

#[cfg(test)]
mod tests {
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};
    // The one generator against the oracle.

    use super::super::{Sonic, SonicRules};
    use crate::core::{Color, Game};

    use crate::core::testing::Rng;

    /// A random position text on a `size`×`size` board: both kings, a
    /// handful of pieces (sliders favoured; compounds when `compounds`),
    /// springs, random forms.
    fn random_text(r: &mut Rng, size: u8, compounds: bool) -> String {
        let n = size as usize;
        let mut board = vec![vec!['.'; n]; n];
        let free = |r: &mut Rng, board: &Vec<Vec<char>>, pawn: bool| loop {
            let f = r.below(n as u64) as usize;
            let rank = if pawn {
                1 + r.below(n as u64 - 2) as usize
            } else {
                r.below(n as u64) as usize
            };
            if board[rank][f] == '.' {
                return (rank, f);
            }
        };
        for k in ['K', 'k'] {
            let (rk, f) = free(r, &board, false);
            board[rk][f] = k;
        }
        let pieces: &[u8] = if compounds {
            b"PPPNBRQRAACCMpppnbrqraaccm"
        } else {
            b"PPPNNBBRRQQQRRBpppnnbbrrqqqrrb"
        };
        let count = 4 + r.below(14);
        for _ in 0..count {
            let p = pieces[r.below(pieces.len() as u64) as usize] as char;
            let (rk, f) = free(r, &board, p.eq_ignore_ascii_case(&'p'));
            board[rk][f] = p;
        }
        let mut ranks = Vec::new();
        for rk in (0..n).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for &c in &board[rk][..n] {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            ranks.push(s);
        }
        let mut springs: Vec<(u8, u8)> = Vec::new();
        for _ in 0..r.below(9) {
            let sq = (r.below(size as u64) as u8, r.below(size as u64) as u8);
            if !springs.contains(&sq) {
                springs.push(sq);
            }
        }
        springs.sort_by_key(|&(f, rk)| (rk, f));
        let springs = if springs.is_empty() {
            "-".to_string()
        } else {
            springs
                .iter()
                .map(|&(f, rk)| format!("{}{}", (b'a' + f) as char, rk + 1))
                .collect::<Vec<_>>()
                .join(",")
        };
        let forms = [
            "KNA=K", "KNA=N", "KNA=A", "NA=N", "KA=A", "K=K", "A=A", "KN=K",
        ];
        let turn = if r.below(2) == 0 { "w" } else { "b" };
        let pending = ["NA?", "KA??", "KN?", "NA??"];
        let (wf, bf) = {
            let a = forms[r.below(forms.len() as u64) as usize].to_string();
            let b = forms[r.below(forms.len() as u64) as usize].to_string();
            if r.below(6) == 0 {
                let p = pending[r.below(pending.len() as u64) as usize].to_string();
                if turn == "w" {
                    (p, b)
                } else {
                    (a, p)
                }
            } else {
                (a, b)
            }
        };
        format!("{} {turn} - - 0 1 {springs} {wf} {bf}", ranks.join("/"))
    }

    /// Compares the one generator with the oracle at `p`: the moves (shared
    /// form and text, as multisets), the bulk count, both sides' check,
    /// and the position after every move.
    fn compare(p: &Sonic) {
        let ours = p.legal_moves();
        let mut got: Vec<(String, super::Move)> = ours
            .iter()
            .map(|m| (p.move_text(m), p.oracle_move(m)))
            .collect();
        let mut want: Vec<(String, super::Move)> = super::generate(p)
            .into_iter()
            .map(|m| (super::move_text(p, &m), m))
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "moves: {}", p.to_text());
        assert_eq!(p.count_legal(), want.len() as u64, "count: {}", p.to_text());
        for side in [Color::White, Color::Black] {
            assert_eq!(
                p.attacks_king(side),
                super::attacks(p, side),
                "attacks by {side:?}: {}",
                p.to_text()
            );
        }
        for m in &ours {
            let mut a = p.clone();
            let hit_a = a.apply(m);
            let mut b = p.clone();
            let hit_b = super::apply(&mut b, &p.oracle_move(m));
            assert_eq!(
                (hit_a, &a),
                (hit_b, &b),
                "after {}: {}",
                p.move_text(m),
                p.to_text()
            );
        }
    }

    /// Compares at `p` and along a random playout of `plies` from it.
    fn playout(r: &mut Rng, mut p: Sonic, plies: usize) -> usize {
        let mut nodes = 0;
        for _ in 0..plies {
            compare(&p);
            nodes += 1;
            let v = p.legal_moves();
            if v.is_empty() {
                break;
            }
            let m = v[r.below(v.len() as u64) as usize];
            p.apply(&m);
        }
        nodes
    }

    /// The rules with the mutant `i` (0 = none) on.
    fn with_mutant(mut rules: SonicRules, i: u64) -> SonicRules {
        match i {
            1 => rules.bounce_180 = true,
            2 => rules.knight_stops = true,
            3 => rules.endless_allowed = true,
            4 => rules.no_forced_rotation = true,
            5 => rules.form_change_after_king_move = true,
            6 => rules.springs_block = true,
            7 => rules.pawns_see_springs = true,
            8 => rules.hit_captures_king = true,
            9 => rules.direct_check_only = true,
            10 => rules.start_square_blocks = true,
            11 => rules.castling_transit_unchecked = true,
            12 => rules.compound_switches_part = true,
            13 => rules.compound_knight_stops = true,
            14 => rules.compounds_not_promoted = true,
            15 => rules.castling_two_squares = true,
            _ => {}
        }
        rules
    }

    #[test]
    fn generator_matches_the_oracle_on_random_positions() {
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        let mut nodes = 0;
        let mut positions = 0;
        while positions < 1200 {
            let size = match r.below(8) {
                0 => 10,
                1 => 16,
                2 => 9,
                _ => 8,
            };
            // A third of the positions hold compounds (SCA-12).
            let compounds = r.below(3) == 0;
            let text = random_text(&mut r, size, compounds);
            let rules = SonicRules {
                alternate_turns: r.below(4) == 0,
                compounds: if compounds { 7 } else { 0 },
                ..SonicRules::default()
            };
            // Half of the positions run under one of the 15 mutants.
            let rules = with_mutant(rules, r.below(32));
            let Ok(p) = Sonic::from_text(&text, rules) else {
                continue;
            };
            positions += 1;
            nodes += playout(&mut r, p, 8);
        }
        assert!(nodes > 4000, "{nodes}");
    }

    const CAPABLANCA: &str =
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1 - KNA=K KNA=K";
    const CAPABLANCA_SPRINGS: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1 c3,h3,c6,h6 KNA=K KNA=K";
    /// The 12×12 positions of `tests/perft/sonic.yaml`.
    const TWELVE_CASTLING: &str = "r5k4r/pp7ppp/2np4a3/5p1m4/3c8/12/12/7C4/4M7/5P3N2/PPPA4P1PP/R5K4R w KQkq - 0 1 c4,j4,f6,g7,c9,j9 KNA=K KNA=K";
    const TWELVE_OPEN: &str = "r11/7k4/1c3a6/6p5/8m3/2p6C2/7p4/2M7P1/3P8/1N2P5n1/7A4/4K6R b K - 0 1 g4,b6,e6,d8,k9,j10 KNA=N NA?";

    #[test]
    fn generator_matches_the_oracle_in_games() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - KNA=K KNA=K",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 c3,f3,c6,f6 KNA=K KNA=K",
            "r3k2r/pp3ppp/2n2n2/2bqp3/2B1P3/2N2N2/PP1Q1PPP/R3K2R w KQkq - 0 1 c3,f3,c6,f6 KNA=K KNA=K",
            "4k3/1q4r1/8/3R4/8/2Q5/5B2/4K3 w - - 0 1 c3,c6,f6 KNA=K KNA=K",
            "r3k3/p2n4/8/2b5/8/5N2/1P3PP1/R3K2R b KQq - 0 1 d4,e5 KNA=K NA?",
            "3r4/8/5k2/1n6/2R5/2p3B1/8/K7 w - - 0 1 f3,c6 KNA=N KNA=K",
            "r3k4r/pppp1ppppp/10/4q5/10/10/4Q5/10/PPPP1PPPPP/R3K4R w KQkq - 0 1 c3,h3,c8,h8 KNA=K KNA=K",
            // SCA-11, SCA-12: Capablanca's array, springs off and on, and
            // the two 12×12 positions of the perft snapshots.
            CAPABLANCA,
            CAPABLANCA_SPRINGS,
            TWELVE_CASTLING,
            TWELVE_OPEN,
        ];
        let mut r = Rng(0x2545_f491_4f6c_dd1d);
        let mut nodes = 0;
        for s in starts {
            for mode in 0..4 {
                let rules = SonicRules {
                    alternate_turns: mode == 1,
                    compounds: 7,
                    ..SonicRules::default()
                };
                // Modes 2 and 3: a random mutant.
                let rules = if mode >= 2 {
                    with_mutant(rules, 1 + r.below(15))
                } else {
                    rules
                };
                let root = Sonic::from_text(s, rules).unwrap();
                for _ in 0..6 {
                    nodes += playout(&mut r, root.clone(), 30);
                }
            }
        }
        assert!(nodes > 3000, "{nodes}");
    }

    /// SCA-10 twice: the check test agrees with "some generated move of
    /// the side to move hits or captures the king", on every position two
    /// plies deep from a few tactical positions.
    #[test]
    fn attack_test_matches_move_generation() {
        let starts = [
            "4k3/1q4r1/8/3R4/8/2Q5/5B2/4K3 w - - 0 1 c3,c6,f6 KNA=K KNA=K",
            "3r4/8/5k2/1n6/2R5/2p3B1/8/K7 w - - 0 1 f3,c6 KNA=N KNA=K",
            "r3k2r/pp3ppp/2n2n2/2bqp3/2B1P3/2N2N2/PP1Q1PPP/R3K2R w KQkq - 0 1 c3,f3,c6,f6 KNA=K KNA=K",
            "8/8/5k2/8/2R5/8/8/K7 w - - 0 1 c3,c6,f3 K=K KNA=K",
            // SCA-12: compounds check through either part.
            "8/6k1/8/8/8/8/8/K1A5 w - - 0 1 f5 KNA=K KNA=K",
            "7k/8/8/1c6/8/8/8/3K3R w K - 0 1 c3 KNA=K KNA=K",
            TWELVE_OPEN,
        ];
        let mut checked = 0;
        for s in starts {
            for alternate in [false, true] {
                let rules = SonicRules {
                    alternate_turns: alternate,
                    compounds: 7,
                    ..SonicRules::default()
                };
                let root = Sonic::from_text(s, rules).unwrap();
                let mut frontier = vec![root];
                for _ in 0..2 {
                    let mut next = Vec::new();
                    for p in &frontier {
                        let moves = p.legal_moves();
                        if !p.forms[p.turn as usize].pending() {
                            let by_moves = moves.iter().any(|m| p.clone().apply(m));
                            assert_eq!(p.attacks_king(p.turn), by_moves, "{}", p.to_text());
                            checked += 1;
                        }
                        for m in moves.iter().take(12) {
                            let mut c = p.clone();
                            c.apply(m);
                            if c.winner.is_none() {
                                next.push(c);
                            }
                        }
                    }
                    frontier = next;
                }
            }
        }
        assert!(checked > 100);
    }
}
