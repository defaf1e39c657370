//! How a bitboard move generator hands whole target sets to any
//! [`MoveSink`] ([`BatchSink`]), written once for the games whose compact
//! move is built from a start, an end and a flag ([`PackedMove`]) and whose
//! square sets are a [`Bitboard`] (`u64` on 8×8, `u128` on 10×8 and on the
//! hexagonal boards).
//!
//! A counting sink gets one popcount per set (bulk counting at perft
//! leaves, no move built); a list gets the moves; `explain`'s collector
//! also gets the candidates the generator discards, with why
//! ([`BatchSink::discard`], compiled out for every other sink). Each call
//! passes the sink's `Break` up; for sinks that never stop it folds away.

use super::bitchess::{Bitboard, Bits};
use super::sink::{Flow, MoveSink, Rejection};

/// A compact move that a generator builds from its start square, end
/// square and flag (the kind of move: plain, double step, promotion …).
pub(crate) trait PackedMove: Copy {
    /// The flag's type.
    type Flag: Copy;
    /// The flag of a plain move.
    const NORMAL: Self::Flag;
    /// The move from square `from` to square `to` with `flag`.
    fn pack(from: u32, to: u32, flag: Self::Flag) -> Self;
}

/// Implements [`PackedMove`] for the move type `$mv` with flags of type
/// `$flag`: `$normal` is the plain move's flag, `$pack` builds a move
/// (`fn(from: u32, to: u32, flag) -> $mv`).
macro_rules! packed_move {
    ($mv:ty, $flag:ty, $normal:expr, $pack:expr) => {
        impl $crate::core::batch::PackedMove for $mv {
            type Flag = $flag;
            const NORMAL: $flag = $normal;
            #[inline(always)]
            fn pack(from: u32, to: u32, flag: $flag) -> $mv {
                $pack(from, to, flag)
            }
        }
    };
}
pub(crate) use packed_move;

/// A sink fed whole target sets (`B`: the game's bitboard) of compact
/// moves `M`: every [`MoveSink`] is one.
pub(crate) trait BatchSink<M: PackedMove, B: Bitboard>: MoveSink<M> {
    /// Plain moves of a piece from `from` to each of `targets`.
    fn piece(&mut self, from: u32, targets: B) -> Flow;
    /// Pawn moves to each of `targets`, from `to - delta`, with `flag`.
    fn pawns(&mut self, targets: B, delta: i32, flag: M::Flag) -> Flow;
    /// Promotions to each of `targets`, from `to - delta`: one move per
    /// flag of `kinds` (the promotion flags, in the order they are pushed).
    fn promos(&mut self, targets: B, delta: i32, kinds: &[M::Flag]) -> Flow;
    /// Candidates from `from` to each of `targets` that the generator
    /// discards, with why: `flag_of` gives each one's flag, `None` for a
    /// promotion, which stands for one candidate per flag of `kinds`.
    /// Does nothing unless the sink wants them ([`MoveSink::WANTS_REJECTED`]).
    fn discard(
        &mut self,
        from: u32,
        targets: B,
        flag_of: impl Fn(u32) -> Option<M::Flag>,
        kinds: &[M::Flag],
        why: impl Fn(u32) -> Rejection,
    );
}

impl<M: PackedMove, B: Bitboard, S: MoveSink<M>> BatchSink<M, B> for S {
    #[inline]
    fn piece(&mut self, from: u32, targets: B) -> Flow {
        if S::COUNTS_ONLY {
            return self.add_count(targets.count() as u64);
        }
        for to in Bits(targets) {
            self.push(M::pack(from, to, M::NORMAL))?;
        }
        Flow::Continue(())
    }
    #[inline]
    fn pawns(&mut self, targets: B, delta: i32, flag: M::Flag) -> Flow {
        if S::COUNTS_ONLY {
            return self.add_count(targets.count() as u64);
        }
        for to in Bits(targets) {
            self.push(M::pack((to as i32 - delta) as u32, to, flag))?;
        }
        Flow::Continue(())
    }
    #[inline]
    fn promos(&mut self, targets: B, delta: i32, kinds: &[M::Flag]) -> Flow {
        if S::COUNTS_ONLY {
            return self.add_count(targets.count() as u64 * kinds.len() as u64);
        }
        for to in Bits(targets) {
            let from = (to as i32 - delta) as u32;
            for &k in kinds {
                self.push(M::pack(from, to, k))?;
            }
        }
        Flow::Continue(())
    }
    fn discard(
        &mut self,
        from: u32,
        targets: B,
        flag_of: impl Fn(u32) -> Option<M::Flag>,
        kinds: &[M::Flag],
        why: impl Fn(u32) -> Rejection,
    ) {
        if !S::WANTS_REJECTED {
            return;
        }
        for to in Bits(targets) {
            match flag_of(to) {
                Some(flag) => self.reject(M::pack(from, to, flag), why(to)),
                None => {
                    for &k in kinds {
                        self.reject(M::pack(from, to, k), why(to));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Candidates, Counter};

    /// A move as `(from, to, flag)`.
    impl PackedMove for (u32, u32, u8) {
        type Flag = u8;
        const NORMAL: u8 = 0;
        fn pack(from: u32, to: u32, flag: u8) -> Self {
            (from, to, flag)
        }
    }
    type M = (u32, u32, u8);

    #[test]
    fn counts_and_lists_agree() {
        let targets: u128 = (1 << 70) | (1 << 3);
        let mut n = Counter(0);
        let _ = BatchSink::<M, u128>::piece(&mut n, 9, targets);
        let _ = BatchSink::<M, u128>::promos(&mut n, targets, 8, &[4, 5, 6]);
        assert_eq!(n.0, 2 + 6);
        let mut list: Vec<M> = Vec::new();
        let _ = list.pawns(targets, -8, 1);
        let _ = list.promos(1u64 << 60, 8, &[4, 7]);
        assert_eq!(list, [(11, 3, 1), (78, 70, 1), (52, 60, 4), (52, 60, 7)]);
    }

    #[test]
    fn discards_reach_only_collectors() {
        let why = |to: u32| Rejection::new("X-1", format!("to {to}"));
        let flag_of = |to: u32| (to != 5).then_some(2);
        let mut c: Candidates<M> = Candidates::default();
        c.discard(1, 0b110_000u64, flag_of, &[4, 5], why);
        let got: Vec<(M, String)> = c.rejected.into_iter().map(|(m, r)| (m, r.reason)).collect();
        assert_eq!(
            got,
            [
                ((1, 4, 2), "to 4".to_string()),
                ((1, 5, 4), "to 5".to_string()),
                ((1, 5, 5), "to 5".to_string())
            ]
        );
        let mut list: Vec<M> = Vec::new();
        list.discard(1, 0b110_000u64, flag_of, &[4, 5], why);
        assert!(list.is_empty());
    }
}
