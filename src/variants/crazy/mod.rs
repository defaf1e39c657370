//! Crazy Chess, not so simple (chaosmonolith blog, 2011-02-20,
//! `../shared/rules/sources/crazy-chess-not-so-simple.txt`) with the hard
//! denial rule (`denial-rule.md`); readings: RULINGS.md sections CRZ and
//! DEN.
//!
//! - [`board`]: pieces, stacks (CRZ-R3) and the chain-reaction resolver
//!   (CRZ-R4 cascade, CRZ-Q2 revenge, CRZ-B1 rising, CRZ-Q1 all-round,
//!   CRZ-P3 turn end) in one documented deterministic order.
//! - [`position`]: the position, the generation dispatcher, playing a move
//!   through the resolver (CRZ-R1/R2).
//! - one module per piece: [`king`] (CRZ-K1..K3), [`sliders`] (queen,
//!   rook, bishop; CRZ-Q1, CRZ-R1), [`knight`] (CRZ-N1..N3), [`pawn`]
//!   (CRZ-P1, P2, P4, P5).
//! - [`check`] — CRZ-C1.
//! - [`notation`]: position text (CRZ-V) and move text.
//! - this file: the game, denial (DEN-1..DEN-7), game end, `explain`.

pub mod board;
pub mod check;
pub mod king;
pub mod knight;
pub mod notation;
pub mod pawn;
pub mod position;
pub mod sliders;

use std::cell::Cell;

use board::*;
use position::{find_king, in_check, ChainSink, Core, Flags, Mode, BK, BQ, WK, WQ};

use crate::core::moves::{Decision, Move};
use crate::core::{
    Color, DynGame, Game, MoveError, Mutant, Outcome, PositionError, Rules, Verdict,
};
use crate::variants::Variant;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b";

pub static VARIANT: Variant = Variant {
    id: "crazy",
    name: "Crazy Chess, not so simple, with the denial right (chaosmonolith 2011)",
    options: &[],
    mutants: &[
        Mutant { name: "fall-captures-below", doc: "CRZ-R4 misread: a falling unit captures the piece directly below it instead of the base" },
        Mutant { name: "knight-captures-two", doc: "CRZ-N2 misread: a knight may capture in passing and at its destination" },
        Mutant { name: "no-revenge", doc: "CRZ-Q2 ignored: a captured queen takes no revenge" },
        Mutant { name: "bishop-rises-twice", doc: "CRZ-B1 misread: a risen bishop rises again when captured" },
        Mutant { name: "deny-undeniable-king-moves", doc: "DEN-6 misread: the soft version (king moves cannot be denied)" },
        Mutant { name: "king-single-step", doc: "CRZ-K1 ignored: a king move is one step" },
        Mutant { name: "king-effects-immediate", doc: "CRZ-K2 misread: a king's first-step capture takes effect at once" },
        Mutant { name: "revenge-spares-own-square", doc: "CRZ-Q2 misread: revenge does not capture the piece on the queen's square" },
        Mutant { name: "all-round-takes-stack", doc: "CRZ-Q1 misread: the all-round capture removes whole stacks" },
        Mutant { name: "entering-costs-castling", doc: "CRZ-K3 misread: a piece entering the rook costs the castling right" },
        Mutant { name: "denied-without-move-loses", doc: "DEN-4 misread: a denied player without another move loses even when not in check" },
    ],
    start: |_| START.to_string(),
    parse,
};

fn flags(rules: &Rules) -> Flags {
    Flags {
        chain: ChainMutants {
            fall_below: rules.is_mutant("fall-captures-below"),
            no_revenge: rules.is_mutant("no-revenge"),
            rises_twice: rules.is_mutant("bishop-rises-twice"),
            revenge_spares_square: rules.is_mutant("revenge-spares-own-square"),
            all_round_stack: rules.is_mutant("all-round-takes-stack"),
        },
        king_immediate: rules.is_mutant("king-effects-immediate"),
        enter_costs_castling: rules.is_mutant("entering-costs-castling"),
        brute_check: false,
        generic_path: false,
        knight_two: rules.is_mutant("knight-captures-two"),
        king_single: rules.is_mutant("king-single-step"),
        deny_soft: rules.is_mutant("deny-undeniable-king-moves"),
        denied_loses: rules.is_mutant("denied-without-move-loses"),
    }
}

fn parse(text: &str, rules: &Rules) -> Result<Box<dyn DynGame>, PositionError> {
    Ok(Box::new(Crazy::from_text(text, flags(rules))?))
}

/// A Crazy Chess game state: the position ([`Core`]) plus the previous
/// position and turn when that turn was played here (needed by `deny`,
/// DEN-7). Kept inline (no allocation per node).
#[derive(Clone, Hash, Debug)]
pub struct Crazy {
    core: Core,
    prev: Option<(Core, Move)>,
    fl: Flags,
}

impl Crazy {
    /// Parses and validates a position text (G4, CRZ-V).
    ///
    /// # Errors
    /// Syntax errors per field, then CRZ-V violations.
    pub fn from_text(text: &str, fl: Flags) -> Result<Crazy, PositionError> {
        let setup = notation::parse_setup(text.trim())?;
        let excluded = setup.excluded.clone();
        let core = setup.validate(&fl)?;
        let mut g = Crazy {
            core,
            prev: None,
            fl,
        };
        if let Some(x) = excluded {
            notation::check_syntax(&x)
                .map_err(|e| PositionError::syntax("denial", e.to_string()))?;
            let mut found = None;
            g.gen_legal(&mut |m| {
                if found.is_none() && notation::move_text(&m) == x {
                    found = Some(m);
                }
            });
            match found {
                Some(m) => g.core.excluded = Some(m),
                None => {
                    return Err(PositionError::invalid(
                        "denial",
                        format!("excluded move '{x}' is not a move of this position (DEN-7)"),
                    ))
                }
            }
        }
        Ok(g)
    }

    /// Calls `f` with every legal non-deny move and the position after it.
    /// Promotion choices (CRZ-P3) are part of the move; a choice after
    /// which the mover's king is in check is not available (CRZ-C1).
    fn gen_legal(&self, f: &mut dyn FnMut(Move)) {
        self.gen_pseudo(&mut |m, legal| {
            if legal {
                f(m)
            }
        });
    }

    /// Every pseudo-legal move with its result and whether it is legal
    /// (CRZ-C1, CRZ-K2, DEN-2 exclusion).
    fn gen_pseudo(&self, f: &mut dyn FnMut(Move, bool)) {
        self.gen_pseudo_with(f, None);
    }

    /// [`Crazy::gen_pseudo`]; with `count`, legal capture-free moves —
    /// steps and leaps, king double steps, pawn disguise chains
    /// (CRZ-P4/P5) — that leave no base pawn on rank 1 or 8 are added to
    /// `count` without building them as moves (on a clean board, when no
    /// move is excluded, DEN-2); every other move still goes to `f`.
    fn gen_pseudo_with(&self, f: &mut dyn FnMut(Move, bool), count: Option<&Cell<u64>>) {
        if self.king_missing() {
            return;
        }
        let c = &self.core;
        let fl = self.fl;
        let side = c.turn;
        let base = check::CheckBase::new(&c.b, side);
        // Turn end (CRZ-P3) can only act where a move changed the board
        // when nothing is risen and no base pawn stands on rank 1 or 8.
        let clean = c.b.iter().enumerate().all(|(i, st)| {
            !st.may_hold_marks()
                && ((8..56).contains(&i) || st.base().is_none_or(|p| kind(p) != PAWN))
        });
        let mut scratch = c.b;
        // The check verdict on the unchanged board, by castling rights.
        let memo: Cell<Option<(u8, Option<bool>)>> = Cell::new(None);
        // The verdict of a capture-free move played on `after` (differing
        // from the position only on `m`), as the fast path below.
        let quiet_verdict = |after: &Stacks, m: u64, king_move: bool, touched: u64, same: bool| {
            let castling = castling_after(c, after, touched, king_move, &fl);
            // Swaps of equal pieces (a pawn chain along its own pawns)
            // leave the board as it was: one test.
            let same = same || {
                let mut r = m;
                let mut same = true;
                while r != 0 {
                    let i = r.trailing_zeros() as usize;
                    r &= r - 1;
                    same &= after[i] == c.b[i];
                }
                same
            };
            let check = match memo.get() {
                Some((cs, check)) if same && cs == castling => check,
                _ => {
                    let check = base.check_after_dirty(after, m, castling, &fl);
                    if same {
                        memo.set(Some((castling, check)));
                    }
                    check
                }
            };
            match check {
                None => !king_move,
                Some(check) => !check,
            }
        };
        let mut counter = |after: &Stacks, p: position::Played| {
            if !turn_end_idle(after, p.changed) {
                return false;
            }
            if quiet_verdict(after, p.changed, p.king_move, p.touched, p.unchanged) {
                if let Some(n) = count {
                    n.set(n.get() + p.times);
                }
            }
            true
        };
        let fast: Option<&mut ChainSink<'_>> =
            if count.is_some() && clean && !fl.generic_path && c.excluded.is_none() {
                Some(&mut counter)
            } else {
                None
            };
        c.gen_with(
            &fl,
            side,
            Mode::All,
            !0,
            &mut |mv: Move| {
                // Fast path: a move without capture or castling changes
                // only its path squares (no chain reaction), and on a clean
                // board turn end has nothing to do unless it leaves a base
                // pawn on rank 1 or 8: play it on the scratch board, test,
                // and restore those squares.
                if clean
                    && !fl.generic_path
                    && !mv.decisions.iter().any(|d| {
                        matches!(
                            d,
                            Decision::CaptureAt(_) | Decision::AllRound | Decision::Castle { .. }
                        )
                    })
                {
                    let fx = c.apply_on(&mut scratch, &mv, &fl);
                    let m = fx.map_or(0, |fx| fx.dirty);
                    let verdict = match fx {
                        None => Some(None),
                        Some(fx) if turn_end_idle(&scratch, m) => Some(Some(quiet_verdict(
                            &scratch,
                            m,
                            fx.king_move,
                            fx.touched,
                            false,
                        ))),
                        // Turn end has work to do: the general path below.
                        Some(_) => None,
                    };
                    // On `None` (no such move) the board may be changed
                    // anywhere on the path.
                    let mut r = m | mv.path.iter().fold(0u64, |m, &s| m | 1 << idx(s));
                    while r != 0 {
                        let i = r.trailing_zeros() as usize;
                        r &= r - 1;
                        scratch[i] = c.b[i];
                    }
                    match verdict {
                        Some(Some(mut legal)) => {
                            if c.excluded.as_ref() == Some(&mv) {
                                legal = false;
                            }
                            f(mv, legal);
                            return;
                        }
                        Some(None) => return,
                        None => {}
                    }
                }
                let Some(mut af) = c.apply(&mv, &fl) else {
                    return;
                };
                let mut mv = mv;
                if af.entered_late {
                    mv.decisions
                        .push(Decision::EnterAt((mv.path.len() - 1) as u8));
                }
                // On a clean board only the squares the move changed can
                // need turn-end processing or a new census entry.
                let local = clean && !fl.generic_path;
                debug_assert!(
                    !local || (0..64).all(|i| af.dirty & 1 << i != 0 || af.b[i] == c.b[i]),
                    "a move changed a square outside its dirty mask"
                );
                let promos = if local {
                    turn_end_in(&mut af.b, side, af.dirty)
                } else {
                    turn_end(&mut af.b, side)
                };
                let castling = new_castling(c, &af, &fl);
                if promos.is_empty() {
                    let check = if local {
                        base.check_after_dirty(&af.b, af.dirty, castling, &fl)
                    } else {
                        base.check_after(&af.b, castling, &fl)
                    };
                    let mut legal = match check {
                        None => !af.king_move,
                        Some(check) => !check,
                    };
                    if c.excluded.as_ref() == Some(&mv) {
                        legal = false;
                    }
                    f(mv, legal);
                    return;
                }
                let combos = 4usize.pow(promos.len() as u32);
                for combo in 0..combos {
                    let mut b2 = af.b;
                    let mut m2 = mv.clone();
                    let mut x = combo;
                    for &pi in &promos {
                        let k = [QUEEN, ROOK, BISHOP, KNIGHT][x % 4];
                        x /= 4;
                        let owner = color(b2[pi].get(0));
                        b2[pi].set(0, make(k, owner));
                        m2.decisions.push(Decision::Promote {
                            on: sq_of(pi),
                            piece: letter(make(k, owner)) as u8,
                        });
                    }
                    let mut legal = match find_king(&b2, side) {
                        None => !af.king_move,
                        Some(_) => !in_check(&b2, side, castling, &fl),
                    };
                    if c.excluded.as_ref() == Some(&m2) {
                        legal = false;
                    }
                    f(m2, legal);
                }
            },
            fast,
        );
    }

    fn king_missing(&self) -> bool {
        find_king(&self.core.b, Color::White).is_none()
            || find_king(&self.core.b, Color::Black).is_none()
    }

    /// DEN-2/DEN-3/DEN-7: may the side to move deny the previous turn?
    fn deny_status(&self) -> Result<(), (&'static str, &'static str)> {
        let Some((pc, pm)) = &self.prev else {
            return Err((
                "DEN-7",
                "no previous turn played in the given history (or it was a deny)",
            ));
        };
        if self.core.holder != self.core.turn {
            return Err(("DEN-1", "the opponent holds the denial right"));
        }
        if pc.protected {
            return Err(("DEN-3", "the denier's next turn cannot be denied"));
        }
        if self.king_missing() {
            return Err(("DEN-3", "a turn that removed a king cannot be denied"));
        }
        if self.fl.deny_soft {
            let a = pm.path.first().map(|s| idx(*s));
            let lv = position::level_of(pm, 0);
            if a.is_some_and(|a| pc.b[a].pieces().get(lv).is_some_and(|&p| kind(p) == KING)) {
                return Err(("DEN-6", "king moves cannot be denied"));
            }
        }
        Ok(())
    }

    fn deny(&mut self) {
        if let Some((pc, pm)) = self.prev.take() {
            let mut n = pc;
            n.holder = n.turn;
            n.protected = false;
            n.excluded = Some(pm);
            self.core = n;
        }
    }

    /// The movement rules of the piece a move text starts with, for an
    /// illegal verdict (`explain`).
    fn why_no_move(&self, text: &str) -> (Vec<&'static str>, String) {
        let Some((sq, n)) = crate::core::geometry::Square::parse_prefix(text) else {
            return (vec!["CRZ-V"], "no such square".into());
        };
        let level = text[n..]
            .strip_prefix('@')
            .map(|r| {
                r.chars()
                    .take_while(char::is_ascii_digit)
                    .collect::<String>()
                    .parse::<usize>()
                    .unwrap_or(usize::MAX)
            })
            .unwrap_or(0);
        let piece = self.core.b[idx(sq)].pieces().get(level).copied();
        let Some(p) = piece.filter(|&p| color(p) == self.core.turn) else {
            let rule = if level > 0 { "CRZ-R3" } else { "FIDE-1" };
            return (
                vec![rule],
                format!("no piece of the side to move at {sq} level {level}"),
            );
        };
        match kind(p) {
            KING if text.contains('*') || text.contains('~') => (vec!["CRZ-K1"], "a king only steps".into()),
            KING => (vec!["CRZ-K1", "CRZ-K3", "CRZ-R2"], "a king move is exactly two king steps (or castling and a step) onto empty squares, enemy bases or rooks".into()),
            KNIGHT if !text.contains(':') => (vec!["CRZ-N1"], "a knight move names its path, :L or :S".into()),
            KNIGHT => (vec!["CRZ-N1", "CRZ-N2", "CRZ-N3"], "no knight move with this path and capture (at most one capture; it must then land or enter a rook)".into()),
            PAWN => (vec!["CRZ-P1", "CRZ-P2", "CRZ-P4", "CRZ-P5"], "no pawn step, capture, en passant or disguise chain like this".into()),
            QUEEN => (vec!["CRZ-Q1", "CRZ-R2"], "no queen move or all-round capture like this".into()),
            ROOK => (vec!["CRZ-R1", "CRZ-R2"], "no rook move like this".into()),
            _ => (vec!["CRZ-B1", "CRZ-R2"], "no bishop move like this".into()),
        }
    }

    fn rules_of(&self, mv: &Move) -> Vec<&'static str> {
        if mv.is_deny() {
            return vec!["DEN-2"];
        }
        let mut r = Vec::new();
        let d = &mv.decisions;
        if d.contains(&Decision::AllRound) {
            r.push("CRZ-Q1");
        } else if d.iter().any(|x| matches!(x, Decision::Disguise(_))) {
            r.push(if mv.path.len() > 2 {
                "CRZ-P5"
            } else {
                "CRZ-P4"
            });
        } else if d.iter().any(|x| matches!(x, Decision::Castle { .. })) {
            r.push("CRZ-K3");
        } else if d.iter().any(|x| matches!(x, Decision::KnightPath(_))) {
            r.push("CRZ-N1");
            if d.iter().any(|x| matches!(x, Decision::CaptureAt(_))) {
                r.push(if mv.path.len() == 3 {
                    "CRZ-N2"
                } else {
                    "CRZ-N3"
                });
            }
        } else {
            let a = idx(mv.path[0]);
            let p = self.core.b[a]
                .pieces()
                .get(position::level_of(mv, 0))
                .copied()
                .unwrap_or(0);
            r.push(match kind(p) {
                KING => "CRZ-K1",
                PAWN => "CRZ-P1",
                ROOK => "CRZ-R1",
                BISHOP => "CRZ-B1",
                _ => "FIDE-1",
            });
        }
        if d.iter().any(|x| matches!(x, Decision::EnterAt(_))) {
            r.push("CRZ-R2");
        }
        if position::level_of(mv, 0) > 0 {
            r.push("CRZ-R3");
        }
        if d.iter().any(|x| matches!(x, Decision::Promote { .. })) {
            r.push("CRZ-P3");
        }
        r
    }
}

/// Castling rights after a move (CRZ-K3): lost when the king moves, or the
/// king's or rook's start square had its base moved, captured or swapped.
fn new_castling(c: &Core, af: &position::After, fl: &Flags) -> u8 {
    castling_after(c, &af.b, af.touched, af.king_move, fl)
}

/// [`new_castling`] from the board after the move and its effects.
fn castling_after(c: &Core, after: &Stacks, touched: u64, king_move: bool, fl: &Flags) -> u8 {
    let mut r = c.castling;
    if fl.enter_costs_castling {
        for (bit, rs) in [(WK, 7usize), (WQ, 0), (BK, 63), (BQ, 56)] {
            if c.b[rs].len() != after[rs].len() {
                r &= !bit;
            }
        }
    }
    if king_move {
        r &= if c.turn.is_white() {
            !(WK | WQ)
        } else {
            !(BK | BQ)
        };
    }
    for (bit, ks, rs) in [(WK, 4usize, 7usize), (WQ, 4, 0), (BK, 60, 63), (BQ, 60, 56)] {
        if touched & ((1u64 << ks) | (1u64 << rs)) != 0 {
            r &= !bit;
        }
    }
    r
}

/// The squares of ranks 1 and 8.
const RANKS_1_8: u64 = 0xff00_0000_0000_00ff;

/// Whether turn end (CRZ-P3) leaves `after` as it is, given a board that
/// was clean before a capture-free move changed the squares of `m`: no
/// base pawn stands on rank 1 or 8 among them (such a move creates no
/// risen bishop or fresh mark).
fn turn_end_idle(after: &Stacks, m: u64) -> bool {
    let mut r = m & RANKS_1_8;
    while r != 0 {
        let i = r.trailing_zeros() as usize;
        r &= r - 1;
        if after[i].base().is_some_and(|p| kind(p) == PAWN) {
            return false;
        }
    }
    true
}

fn next_core(c: &Core, b: Stacks, castling: u8, af: &position::After) -> Core {
    let reset = af.pawn_move || af.captured;
    Core {
        b,
        turn: c.turn.other(),
        castling,
        ep: af.ep,
        halfmove: if reset { 0 } else { c.halfmove + 1 },
        fullmove: c.fullmove + u32::from(!c.turn.is_white()),
        holder: c.holder,
        // DEN-3: a replay after a deny is followed by the denier's
        // protected turn.
        protected: c.excluded.is_some(),
        excluded: None,
    }
}

impl Crazy {
    pub(crate) fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if self.king_missing() {
            return;
        }
        self.gen_legal(&mut |m| out.push(m));
        if self.deny_status().is_ok() {
            out.push(Move::deny());
        }
    }
}

impl Game for Crazy {
    fn variant(&self) -> &'static str {
        "crazy"
    }
    fn turn(&self) -> Color {
        self.core.turn
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
        if self.king_missing() {
            return 0;
        }
        let n = Cell::new(u64::from(self.deny_status().is_ok()));
        self.gen_pseudo_with(
            &mut |_, legal| {
                if legal {
                    n.set(n.get() + 1);
                }
            },
            Some(&n),
        );
        n.get()
    }
    fn play(&mut self, mv: &Move) {
        if mv.is_deny() {
            self.deny();
            return;
        }
        let c = &self.core;
        let Some(mut af) = c.apply(mv, &self.fl) else {
            return;
        };
        let promos = turn_end(&mut af.b, c.turn);
        let mut b = af.b;
        for pi in promos {
            let choice = mv.decisions.iter().find_map(|d| match d {
                Decision::Promote { on, piece } if idx(*on) == pi => from_letter(*piece as char),
                _ => None,
            });
            let owner = color(b[pi].get(0));
            b[pi].set(0, choice.unwrap_or(make(QUEEN, owner)));
        }
        let castling = new_castling(c, &af, &self.fl);
        let next = next_core(c, b, castling, &af);
        let old = std::mem::replace(&mut self.core, next);
        self.prev = Some((old, mv.clone()));
    }
    fn outcome(&self) -> Option<Outcome> {
        let w = find_king(&self.core.b, Color::White).is_some();
        let b = find_king(&self.core.b, Color::Black).is_some();
        match (w, b) {
            (false, false) => return Some(Outcome::Win(self.core.turn)),
            (false, true) => return Some(Outcome::Win(Color::Black)),
            (true, false) => return Some(Outcome::Win(Color::White)),
            _ => {}
        }
        // DEN-3/DEN-4: the game ends only when no move and no deny is
        // left; a denied player without another move is checkmated if in
        // check, stalemated otherwise.
        if self.count_legal() > 0 {
            return None;
        }
        let denied = self.core.excluded.is_some();
        if in_check(&self.core.b, self.core.turn, self.core.castling, &self.fl)
            || (self.fl.denied_loses && denied)
        {
            Some(Outcome::Win(self.core.turn.other()))
        } else {
            Some(Outcome::Draw)
        }
    }
    fn to_text(&self) -> String {
        notation::write(&self.core)
    }
    fn move_text(&self, mv: &Move) -> String {
        notation::move_text(mv)
    }
    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        notation::check_syntax(text)
    }
    fn explain(&self, text: &str) -> Result<Verdict, MoveError> {
        let text = text.trim();
        notation::check_syntax(text)?;
        if text == "deny" {
            return Ok(match self.deny_status() {
                Ok(()) => Verdict {
                    legal: true,
                    text: text.into(),
                    rules: vec!["DEN-2", "DEN-3"],
                    reason: "the previous turn may be denied".into(),
                },
                Err((rule, why)) => Verdict {
                    legal: false,
                    text: text.into(),
                    rules: vec![rule, "DEN-2"],
                    reason: why.into(),
                },
            });
        }
        if self.king_missing() {
            return Ok(Verdict {
                legal: false,
                text: text.into(),
                rules: vec!["G6"],
                reason: "the game is over".into(),
            });
        }
        let mut hit: Option<(Move, bool)> = None;
        self.gen_pseudo(&mut |m, legal| {
            if notation::move_text(&m) == text && hit.as_ref().is_none_or(|h| !h.1) {
                hit = Some((m, legal));
            }
        });
        let Some((m, legal)) = hit else {
            let (rules, reason) = self.why_no_move(text);
            return Ok(Verdict {
                legal: false,
                text: text.into(),
                rules,
                reason,
            });
        };
        let mut rules = self.rules_of(&m);
        if legal {
            return Ok(Verdict {
                legal: true,
                text: text.into(),
                rules,
                reason: "a legal move".into(),
            });
        }
        if self
            .core
            .excluded
            .as_ref()
            .is_some_and(|x| notation::move_text(x) == text)
        {
            rules.insert(0, "DEN-2");
            return Ok(Verdict {
                legal: false,
                text: text.into(),
                rules,
                reason: "denied move may not be replayed (DEN-2)".into(),
            });
        }
        let c = &self.core;
        let king_gone = c
            .apply(&m, &self.fl)
            .is_some_and(|af| find_king(&af.b, c.turn).is_none());
        if king_gone {
            rules.insert(0, "CRZ-K2");
            return Ok(Verdict {
                legal: false,
                text: text.into(),
                rules,
                reason: "the moving king would be removed (CRZ-K2)".into(),
            });
        }
        rules.insert(0, "CRZ-C1");
        rules.push("DEN-5");
        Ok(Verdict {
            legal: false,
            text: text.into(),
            rules,
            reason: "the mover's king would be in check (CRZ-C1, DEN-5)".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let g = Crazy::from_text(START, Flags::default()).unwrap();
        assert_eq!(Game::to_text(&g), START);
    }
}
