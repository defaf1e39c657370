//! The piece move of a turn, with its hops.
//!
//! - HOP-3: a non-king piece that lands on a trampoline (either colour)
//!   moves again from there with its own movement; a queen keeps the line
//!   type of the leg that brought it. Every leg is an ordinary move of the
//!   piece and may capture (which ends the move: captured squares never
//!   hold a trampoline). Passing over a trampoline does nothing.
//! - HOP-3.1: the move may not end on its start square (passing over it is
//!   allowed, the square is vacated); each trampoline is landed on at most
//!   once, so at most two hops; a landing without continuation is no move;
//!   a slider's leg may end on a trampoline (hop) or pass over it — two
//!   different moves; a pawn never double-steps after a hop.
//! - HOP-4: kings never land on trampolines; castling is illegal with a
//!   trampoline on any square between king and rook.
//! - HOP-5: en passant only as the capturing pawn's whole (single-leg)
//!   move, never onto a trampoline square.
//! - HOP-6: a pawn landing on its last rank promotes there; if that square
//!   holds a trampoline, the promoted piece continues (a queen
//!   orthogonally, the landing being a push).
//!
//! The generator puts its piece moves into a [`PieceSink`]. A sink that
//! wants them ([`PieceSink::WANTS_REJECTED`], `explain`) also gets every
//! candidate it discards, with the rule and the reason ([`Rejection`]): a
//! king landing on a trampoline or castling across one (HOP-4), a queen
//! changing line type (HOP-3), a second landing on a trampoline, an end on
//! the start square or a double step after a hop (HOP-3.1), en passant
//! after a hop or onto a trampoline (HOP-5), the castling conditions, and
//! each landing on a trampoline as a move that stops there (HOP-3; HOP-3.1
//! when no continuation exists). The discarded candidate's path ends where
//! the generator stopped following it. For other sinks that code is
//! compiled out.

use std::ops::ControlFlow;

use super::super::moves::PieceMove;
use super::super::*;
use crate::core::{Color, Flow, Rejection};

/// Where [`Hop::piece_moves`] puts the piece moves it finds. Any
/// `FnMut(&PieceMove) -> Flow` is one (it wants no rejections).
pub trait PieceSink {
    /// `true` for sinks that want the candidates the generator discards
    /// ([`PieceSink::reject`]); the generator tests it before building a
    /// [`Rejection`], so other sinks pay nothing.
    const WANTS_REJECTED: bool = false;
    /// One piece move that obeys HOP-3 … HOP-6. `Break`: stop generating.
    fn piece(&mut self, pm: &PieceMove) -> Flow;
    /// A candidate the generator discarded, with why. Called only when
    /// [`PieceSink::WANTS_REJECTED`] is `true`.
    fn reject(&mut self, _pm: &PieceMove, _why: Rejection) {}
}

impl<F: FnMut(&PieceMove) -> Flow> PieceSink for F {
    #[inline]
    fn piece(&mut self, pm: &PieceMove) -> Flow {
        self(pm)
    }
}

/// HOP-4: the reason a king's step onto a trampoline is discarded.
pub const KING_LANDS: &str = "a king never lands on a trampoline";
/// HOP-4: castling with a trampoline between king and rook.
pub const CASTLE_ACROSS: &str = "castling is illegal with a trampoline between king and rook";
/// HOP-3: a hopping queen's leg of the other line type.
pub const QUEEN_LINE: &str =
    "a hopping queen keeps the line type (orthogonal/diagonal) of the leg that brought it";
/// HOP-3.1: a second landing on the same trampoline.
pub const LANDS_TWICE: &str = "a move lands on each trampoline at most once (at most two hops)";
/// HOP-3.1: a move ending on its start square.
pub const START_SQUARE: &str = "a move may not end on its start square";
/// HOP-3.1: a pawn's double step after a hop.
pub const DOUBLE_AFTER_HOP: &str = "a pawn never double-steps after a hop";
/// HOP-5: en passant on a leg after a hop.
pub const EP_AFTER_HOP: &str =
    "en passant must be the capturing pawn's whole move (no hop before it)";
/// HOP-5: en passant onto a trampoline square.
pub const EP_ONTO_TRAMPOLINE: &str =
    "no en passant onto a trampoline square (the capture must be the pawn's whole move)";
/// HOP-3: a move that stops on the trampoline it landed on. Only the text
/// that ends there is this candidate (the continuations were generated).
pub const MUST_MOVE_ON: &str =
    "a piece landing on a trampoline must move again (write the whole path)";
/// HOP-3.1 (and HOP-3): a landing from which the piece cannot go on.
pub const NO_CONTINUATION: &str =
    "a landing with no possible continuation is not a move (the piece must move again from the trampoline)";

/// Line type a hopping queen must keep (HOP-3).
const ANY: u8 = 0;
const LINE_ORTH: u8 = 1;
const LINE_DIAG: u8 = 2;

const PROMOS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

struct Gen<'a, P: PieceSink> {
    pos: &'a Hop,
    start: u8,
    us: Color,
    pm: PieceMove,
    f: &'a mut P,
    /// Piece moves handed to `f` so far (counted only for a sink that
    /// wants rejections: a landing with no continuation, HOP-3.1).
    found: u32,
}

impl Hop {
    /// Gives `f` every piece move of the side to move that obeys
    /// HOP-3 … HOP-6 (king safety is judged with the placement, HOP-7),
    /// and, when it wants them, the candidates discarded on the way.
    pub fn piece_moves<P: PieceSink>(&self, f: &mut P) -> Flow {
        let us = self.turn;
        for r in 0..8u8 {
            for file in 0..8u8 {
                let sq = r * 16 + file;
                let p = self.board[sq as usize];
                if !is_color(p, us) {
                    continue;
                }
                let mut g = Gen {
                    pos: self,
                    start: sq,
                    us,
                    pm: PieceMove {
                        castle: NONE,
                        promo_at: NONE,
                        ..Default::default()
                    },
                    f: &mut *f,
                    found: 0,
                };
                g.pm.path[0] = sq;
                g.pm.len = 1;
                if kind(p) == KING && !self.rules.king_on_trampoline {
                    g.king_steps(sq)?;
                    self.castlings(g.f)?;
                } else {
                    g.legs(sq, kind(p), ANY, 0, 0)?;
                    if kind(p) == KING {
                        self.castlings(g.f)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// HOP-4 / HOP-7: castling. No trampoline between king and rook
    /// (b1/b8 included for the long castling); king and the square it
    /// crosses not attacked before the turn; the landing square is judged
    /// with the whole turn (placements).
    fn castlings<P: PieceSink>(&self, f: &mut P) -> Flow {
        let us = self.turn;
        let (rank, ks, qs) = if us.is_white() {
            (0u8, WK, WQ)
        } else {
            (0x70u8, BK, BQ)
        };
        let king_sq = rank + 4;
        let me = color_bit(us);
        if self.board[king_sq as usize] != KING | me {
            return ControlFlow::Continue(());
        }
        let them = us.other();
        for (right, rook_sq, between, cross, dest) in [
            (ks, rank + 7, &[5u8, 6][..], rank + 5, rank + 6),
            (qs, rank, &[3u8, 2, 1][..], rank + 3, rank + 2),
        ] {
            if self.castling & right == 0 || self.board[rook_sq as usize] != ROOK | me {
                continue;
            }
            let mut pm = PieceMove {
                castle: rook_sq,
                promo_at: NONE,
                len: 2,
                ..Default::default()
            };
            pm.path[0] = king_sq;
            pm.path[1] = dest;
            if let Some(&b) = between
                .iter()
                .find(|&&b| self.board[(rank + b) as usize] != 0)
            {
                if P::WANTS_REJECTED {
                    let why = format!(
                        "castling with a piece between king and rook ({})",
                        sq_name(rank + b)
                    );
                    f.reject(&pm, Rejection::new("HOP-1", why));
                }
                continue;
            }
            // Mutant: only the squares the king crosses or lands on.
            let blocking = if self.rules.castle_king_path_only {
                &between[..2]
            } else {
                between
            };
            if !self.rules.castle_across_trampoline {
                if let Some(&b) = blocking
                    .iter()
                    .find(|&&b| self.tramp_at(rank + b).is_some())
                {
                    if P::WANTS_REJECTED {
                        let why = format!("{CASTLE_ACROSS} ({})", sq_name(rank + b));
                        f.reject(&pm, Rejection::new("HOP-4", why));
                    }
                    continue;
                }
            }
            if !self.rules.ignore_check {
                if self.attacked(king_sq, them) {
                    if P::WANTS_REJECTED {
                        let why = format!(
                            "castling out of check (the king on {} is attacked before the turn)",
                            sq_name(king_sq)
                        );
                        f.reject(&pm, Rejection::new("HOP-7", why));
                    }
                    continue;
                }
                let mut t = self.clone();
                t.board[king_sq as usize] = 0;
                t.board[cross as usize] = KING | me;
                if t.attacked(cross, them) {
                    if P::WANTS_REJECTED {
                        let why = format!(
                            "castling across an attacked square ({} is attacked before the turn)",
                            sq_name(cross)
                        );
                        f.reject(&pm, Rejection::new("HOP-7", why));
                    }
                    continue;
                }
            }
            f.piece(&pm)?;
        }
        ControlFlow::Continue(())
    }
}

impl<P: PieceSink> Gen<'_, P> {
    #[inline]
    fn occ(&self, sq: u8) -> u8 {
        if sq == self.start {
            0
        } else {
            self.pos.board[sq as usize]
        }
    }

    fn emit(&mut self, sq: u8, capture: bool, ep: bool) -> Flow {
        let n = self.pm.len as usize;
        self.pm.path[n] = sq;
        self.pm.len += 1;
        self.pm.capture = capture;
        self.pm.ep = ep;
        if P::WANTS_REJECTED {
            self.found += 1;
        }
        let flow = self.f.piece(&self.pm);
        self.pm.len -= 1;
        self.pm.capture = false;
        self.pm.ep = false;
        flow
    }

    /// Reports the candidate that goes on to `sq` (the path so far, then
    /// `sq`) as discarded by `rules`, with `reason`. Call only when
    /// [`PieceSink::WANTS_REJECTED`].
    #[cold]
    fn reject(&mut self, sq: u8, capture: bool, ep: bool, rules: &[&'static str], reason: &str) {
        let mut pm = self.pm;
        pm.path[pm.len as usize] = sq;
        pm.len += 1;
        pm.capture = capture;
        pm.ep = ep;
        let why = Rejection {
            rules: rules.to_vec(),
            reason: reason.to_string(),
        };
        self.f.reject(&pm, why);
    }

    /// The end of a move on `sq` (HOP-6: a pawn on its last rank promotes).
    fn end(&mut self, sq: u8, kind_now: u8, capture: bool, ep: bool) -> Flow {
        if kind_now == PAWN && self.pos.last_rank(sq, self.us) {
            for pr in PROMOS {
                self.pm.promo = pr;
                self.pm.promo_at = sq;
                self.emit(sq, capture, ep)?;
            }
            self.pm.promo = 0;
            self.pm.promo_at = NONE;
            ControlFlow::Continue(())
        } else {
            self.emit(sq, capture, ep)
        }
    }

    /// The king's ordinary steps (HOP-4: never onto a trampoline).
    fn king_steps(&mut self, from: u8) -> Flow {
        for d in KING_STEPS {
            let sq = offset(from, d);
            if !on_board(sq) {
                continue;
            }
            let p = self.occ(sq);
            if p == 0 {
                if self.pos.tramp_at(sq).is_none() {
                    self.emit(sq, false, false)?;
                } else if P::WANTS_REJECTED {
                    self.reject(sq, false, false, &["HOP-4"], KING_LANDS);
                }
            } else if !is_color(p, self.us) {
                self.emit(sq, true, false)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// A landing on the empty square `sq` by a quiet leg: a hop if it holds
    /// a trampoline not yet landed on (HOP-3, HOP-3.1), else the end of the
    /// move unless it is the start square (HOP-3.1).
    fn land(&mut self, sq: u8, kind_now: u8, line: u8, used: u8, hops: u8) -> Flow {
        match self.pos.tramp_at(sq) {
            Some(i) => {
                let bit = 1u8 << i;
                let may = used & bit == 0 || (self.pos.rules.three_hops && hops < 3);
                if !may {
                    if P::WANTS_REJECTED {
                        self.reject(sq, false, false, &["HOP-3.1"], LANDS_TWICE);
                    }
                    return ControlFlow::Continue(());
                }
                if kind_now == KING && !self.pos.rules.king_on_trampoline {
                    if P::WANTS_REJECTED {
                        self.reject(sq, false, false, &["HOP-4"], KING_LANDS);
                    }
                    return ControlFlow::Continue(());
                }
                let n = self.pm.len as usize;
                self.pm.path[n] = sq;
                self.pm.len += 1;
                if kind_now == PAWN && self.pos.last_rank(sq, self.us) {
                    // HOP-6: promote on the trampoline, the promoted piece continues.
                    for pr in PROMOS {
                        self.pm.promo = pr;
                        self.pm.promo_at = sq;
                        let l = if pr == QUEEN { LINE_ORTH } else { ANY };
                        let before = self.found;
                        self.legs(sq, pr, l, used | bit, hops + 1)?;
                        if P::WANTS_REJECTED {
                            self.stops_on_trampoline(before);
                        }
                    }
                    self.pm.promo = 0;
                    self.pm.promo_at = NONE;
                } else {
                    let before = self.found;
                    self.legs(sq, kind_now, line, used | bit, hops + 1)?;
                    if P::WANTS_REJECTED {
                        self.stops_on_trampoline(before);
                    }
                }
                self.pm.len -= 1;
                ControlFlow::Continue(())
            }
            None => {
                if sq != self.start || self.pos.rules.return_to_start {
                    self.end(sq, kind_now, false, false)
                } else {
                    if P::WANTS_REJECTED {
                        self.reject(sq, false, false, &["HOP-3.1"], START_SQUARE);
                    }
                    ControlFlow::Continue(())
                }
            }
        }
    }

    /// HOP-3 / HOP-3.1: the candidate that stops on the trampoline it just
    /// landed on (the last square of the path so far): the piece must move
    /// on; when no piece move went on from there (`found` still `before`),
    /// the landing is no move at all.
    #[cold]
    fn stops_on_trampoline(&mut self, before: u32) {
        let why = if self.found == before {
            Rejection {
                rules: vec!["HOP-3.1", "HOP-3"],
                reason: NO_CONTINUATION.to_string(),
            }
        } else {
            Rejection::new("HOP-3", MUST_MOVE_ON)
        };
        self.f.reject(&self.pm, why);
    }

    /// One leg of the piece standing (in thought) on `at`.
    fn legs(&mut self, at: u8, k: u8, line: u8, used: u8, hops: u8) -> Flow {
        let us = self.us;
        match k {
            PAWN => {
                let fwd = Hop::fwd(us);
                let one = offset(at, fwd);
                if on_board(one) && self.occ(one) == 0 {
                    self.land(one, PAWN, line, used, hops)?;
                    // HOP-3.1: no double step after a hop.
                    let two = offset(one, fwd);
                    let double = if hops == 0 {
                        self.pos.board_relative_rank(at, us) == 1
                    } else {
                        self.pos.rules.double_after_hop
                    };
                    if double && on_board(two) && self.occ(two) == 0 {
                        self.land(two, PAWN, line, used, hops)?;
                    } else if P::WANTS_REJECTED && hops > 0 && on_board(two) && self.occ(two) == 0 {
                        self.reject(two, false, false, &["HOP-3.1"], DOUBLE_AFTER_HOP);
                    }
                }
                for side_step in [-1i8, 1] {
                    let sq = offset(one, side_step);
                    if !on_board(sq) {
                        continue;
                    }
                    let p = self.occ(sq);
                    if p != 0 && !is_color(p, us) {
                        self.end(sq, PAWN, true, false)?;
                    } else if p == 0 && sq == self.pos.ep {
                        // HOP-5: en passant only as the pawn's whole move,
                        // never onto a trampoline.
                        let whole = hops == 0 || self.pos.rules.ep_after_hop;
                        let bare =
                            self.pos.tramp_at(sq).is_none() || self.pos.rules.ep_onto_trampoline;
                        if whole && bare {
                            self.end(sq, PAWN, true, true)?;
                        } else if P::WANTS_REJECTED {
                            let reason = if whole {
                                EP_ONTO_TRAMPOLINE
                            } else {
                                EP_AFTER_HOP
                            };
                            self.reject(sq, true, true, &["HOP-5"], reason);
                        }
                    }
                }
            }
            KNIGHT | KING => {
                let steps: &[i8] = if k == KNIGHT {
                    &KNIGHT_STEPS
                } else {
                    &KING_STEPS
                };
                for &d in steps {
                    let sq = offset(at, d);
                    if !on_board(sq) {
                        continue;
                    }
                    let p = self.occ(sq);
                    if p == 0 {
                        self.land(sq, k, line, used, hops)?;
                    } else if !is_color(p, us) {
                        self.end(sq, k, true, false)?;
                    }
                }
            }
            _ => {
                let free = self.pos.rules.queen_changes_line;
                for (dirs, this_line) in [(&ORTH, LINE_ORTH), (&DIAG, LINE_DIAG)] {
                    let allowed = match k {
                        ROOK => this_line == LINE_ORTH,
                        BISHOP => this_line == LINE_DIAG,
                        _ => free || line == ANY || line == this_line,
                    };
                    if !allowed {
                        if P::WANTS_REJECTED && k == QUEEN {
                            self.other_line(at, dirs);
                        }
                        continue;
                    }
                    // HOP-3: a queen keeps the line type of the leg that brought it.
                    let next_line = if k == QUEEN && !free { this_line } else { ANY };
                    for &d in dirs.iter() {
                        let mut sq = offset(at, d);
                        while on_board(sq) {
                            let p = self.occ(sq);
                            if p == 0 {
                                // End here / hop here, or pass over (HOP-3.1).
                                self.land(sq, k, next_line, used, hops)?;
                            } else {
                                if !is_color(p, us) {
                                    self.end(sq, k, true, false)?;
                                }
                                break;
                            }
                            sq = offset(sq, d);
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// HOP-3: the legs of the other line type a hopping queen may not
    /// take from `at`, each reported as discarded (`explain` only).
    #[cold]
    fn other_line(&mut self, at: u8, dirs: &[i8; 4]) {
        for &d in dirs {
            let mut sq = offset(at, d);
            while on_board(sq) {
                let p = self.occ(sq);
                if p == 0 {
                    self.reject(sq, false, false, &["HOP-3"], QUEEN_LINE);
                } else {
                    if !is_color(p, self.us) {
                        self.reject(sq, true, false, &["HOP-3"], QUEEN_LINE);
                    }
                    break;
                }
                sq = offset(sq, d);
            }
        }
    }
}
