//! Check (SCA-10): a king is in check when the opponent, if it were his
//! turn, would have a move that captures or hits it — full SCA moves,
//! bounces and continuations included, endless branches (SCA-5) excluded.
//! Check matters only for castling (SCA-8) and the form change (SCA-8.1):
//! the king never has to escape and may move into attack.

use crate::core::{Color, Dir};

use super::eggman::reaches;
use super::pieces::{color_of, has_piece, is_ranged, kind, KNIGHT, PAWN};
use super::position::Position;
use super::spindash::{self, Scratch};
use super::tails;

impl Position {
    /// Whether `side` could capture or hit the other side's king (SCA-10),
    /// whoever is to move: the lean test of [`super::fast::attacks`], or
    /// the straightforward one when a mutant is on.
    pub fn attacks_king(&self, side: Color) -> bool {
        if self.rules.any_mutant() {
            self.attacks_king_slow(side)
        } else {
            super::fast::attacks(self, side)
        }
    }

    /// SCA-10 written straightforwardly: every move of every piece of
    /// `side` that could capture or hit the king (the reference the fast
    /// test is compared with).
    pub fn attacks_king_slow(&self, side: Color) -> bool {
        let Some(target) = self.kings[side.other() as usize] else {
            return false;
        };
        let board = self.board;
        // Pawns capture diagonally forward.
        let back: i8 = if side.is_white() { -1 } else { 1 };
        for df in [-1, 1] {
            if let Some(s) = target.offset(Dir::new(df, back), board) {
                let c = self.cells[s.0 as usize];
                if has_piece(c) && color_of(c) == side && kind(c) == PAWN {
                    return true;
                }
            }
        }
        // The king in its current form captures by displacement.
        if let (Some(k), Some(f)) = (self.kings[side as usize], self.forms[side as usize].current) {
            if reaches(board, f, k, target) {
                return true;
            }
        }
        // Knights and ranged pieces: any capture branch that hits the king
        // and is not endless.
        let ctx = self.ctx(side);
        let mut sc = Scratch::new(&self.cells);
        let direct_only = self.rules.direct_check_only;
        let mut hit = |t: &spindash::Trace| {
            t.hits > 0 && !t.endless && (!direct_only || t.path.get(1) == Some(&target))
        };
        for sq in board.squares() {
            let c = self.cells[sq.0 as usize];
            if !has_piece(c) || color_of(c) != side {
                continue;
            }
            let k = kind(c);
            let found = if k == KNIGHT {
                tails::moves(&ctx, &mut sc, sq, false, &mut hit)
            } else if is_ranged(k) {
                spindash::moves(&ctx, &mut sc, sq, false, &mut hit)
            } else {
                false
            };
            if found {
                return true;
            }
        }
        false
    }

    /// Whether the side to move's king is in check (SCA-10).
    pub fn in_check(&self) -> bool {
        self.attacks_king(self.turn.other())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Position, SonicRules};
    use crate::core::Game;

    /// SCA-10 written twice: the dedicated attack test agrees with "some
    /// generated move of the side to move hits or captures the king", on
    /// every position two plies deep from a few tactical positions.
    #[test]
    fn attack_test_matches_move_generation() {
        let starts = [
            "4k3/1q4r1/8/3R4/8/2Q5/5B2/4K3 w - - 0 1 c3,c6,f6 KNA=K KNA=K",
            "3r4/8/5k2/1n6/2R5/2p3B1/8/K7 w - - 0 1 f3,c6 KNA=N KNA=K",
            "r3k2r/pp3ppp/2n2n2/2bqp3/2B1P3/2N2N2/PP1Q1PPP/R3K2R w KQkq - 0 1 c3,f3,c6,f6 KNA=K KNA=K",
            "8/8/5k2/8/2R5/8/8/K7 w - - 0 1 c3,c6,f3 K=K KNA=K",
        ];
        let mut checked = 0;
        for s in starts {
            for alternate in [false, true] {
                let rules = SonicRules {
                    alternate_turns: alternate,
                    ..SonicRules::default()
                };
                let root = Position::from_text(s, rules).unwrap();
                let mut frontier = vec![root];
                for _ in 0..2 {
                    let mut next = Vec::new();
                    for p in &frontier {
                        let mut moves = Vec::new();
                        p.legal_moves_into(&mut moves);
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
