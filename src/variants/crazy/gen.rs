//! The movement rules of every piece, written once: [`Moves`] is the
//! generator context (board, its bitboards, side, rights, mode), the piece
//! modules (`king`, `sliders`, `knight`, `pawn`) add one method each, and
//! every pseudo-legal move (CRZ-C1: the movement rules without the
//! mover's king safety, no `deny`) goes to a [`Consumer`]:
//!
//! - `legal::Judge` plays each move, decides legality and feeds a list or
//!   a counter (the game's one generator, `Game::generate`);
//! - `check::Removal` plays the captures near a king (the check test);
//! - `pseudo_moves` lists them (test oracles, unit tests only).
//!
//! In count mode ([`Consumer::grouping`]) moves that leave the same board
//! come as one group and capture-free steps as bitboards
//! ([`Consumer::steps`]), so a counter need not build them.
//!
//! Every method returns [`Flow`]: `Break` stops the generation at once
//! (a sink that wanted one move, the check test that found its answer),
//! passed up with `?`.

use super::board::*;
use super::moves::KnightPath;
use super::moves::{Kind, Move};
use super::position::{Flags, NEIGHBOURS, WITHIN_TWO};
use crate::core::geometry::Square;
use crate::core::{Color, Flow, Rejection};

/// Where the movement rules put the pseudo-legal moves they find. Every
/// method but [`Consumer::push`] has a default that builds and pushes the
/// moves one by one.
pub trait Consumer {
    /// Count mode: moves that leave the same board may come as one group
    /// ([`Consumer::group`], [`Consumer::equal_chains`]).
    fn grouping(&self) -> bool {
        false
    }

    /// Whether the consumer wants the candidates the movement rules
    /// discard ([`Consumer::reject`]; `explain`).
    fn rejects(&self) -> bool {
        false
    }

    /// A candidate the movement rules discard, with why (castling
    /// conditions, CRZ-K3). Called only when [`Consumer::rejects`].
    fn reject(&mut self, _m: &Move, _why: Rejection) {}

    /// One pseudo-legal move (it may still turn out not to exist when
    /// played: a knight that cannot land, CRZ-N2).
    fn push(&mut self, m: &Move) -> Flow;

    /// `n` moves that leave the same board as `m` (only when grouping).
    fn group(&mut self, m: &Move, n: u64) -> Flow {
        debug_assert_eq!(n, 1, "a group given to a consumer that does not group");
        self.push(m)
    }

    /// Capture-free moves of the unit `proto` starts with (a step, or a
    /// knight leap along either path, CRZ-N1): onto each empty square of
    /// `empty`, entering the rook on each square of `enter` (CRZ-R2).
    fn steps(&mut self, proto: &Move, empty: u64, enter: u64) -> Flow {
        let mut r = empty | enter;
        while r != 0 {
            let t = r.trailing_zeros() as usize;
            r &= r - 1;
            let m = proto.to(t, false, enter & 1 << t != 0);
            if matches!(m.kind, Kind::Knight(_)) {
                self.both_paths(&m)?;
            } else {
                self.push(&m)?;
            }
        }
        Flow::Continue(())
    }

    /// The knight move `m` (no capture in passing) along both paths: two
    /// moves with the same result (CRZ-N1).
    fn both_paths(&mut self, m: &Move) -> Flow {
        for p in [KnightPath::LongFirst, KnightPath::ShortFirst] {
            self.push(&Move {
                kind: Kind::Knight(p),
                ..*m
            })?;
        }
        Flow::Continue(())
    }

    /// The disguise chain `m` (CRZ-P4/P5), already played on `after`,
    /// which differs from the board only on `changed`; `unchanged` when
    /// the chain only exchanged equal pawns.
    fn chain(&mut self, m: &Move, _after: &Stacks, _changed: u64, _unchanged: bool) -> Flow {
        self.push(m)
    }

    /// `n` disguise chains whose first link swaps two equal plain pawns
    /// (so every link does and the board stays as it is). `Some` when the
    /// consumer took them (otherwise they are generated one by one).
    /// Only when grouping.
    fn equal_chains(&mut self, _n: u64) -> Option<Flow> {
        None
    }
}

/// The generator context: the movement rules of `side` on the board `b`.
pub struct Moves<'a> {
    /// The board.
    pub b: &'a Stacks,
    /// The bitboards of `b`.
    pub z: Census,
    /// The side whose moves are generated.
    pub side: Color,
    /// Castling rights (CRZ-K3).
    pub castling: u8,
    /// The en passant chance, when `side` is to move (CRZ-P2).
    pub ep: Option<(Square, Square)>,
    /// The rules (mutants) in force.
    pub fl: &'a Flags,
    /// Only capturing moves (the check test, CRZ-C1): castling then needs
    /// only its rights and empty squares.
    pub captures: bool,
    /// Only pieces that can act within `focus` (kings and knights within
    /// two squares, pawns and the all-round capture within one) and
    /// slider moves ending in it; `!0` for all.
    pub focus: u64,
}

impl Moves<'_> {
    /// Feeds every pseudo-legal move to `out`, piece by piece in square
    /// order (every piece of `side` at any level of any stack), then
    /// castling.
    pub fn all<C: Consumer>(&self, out: &mut C) -> Flow {
        let f = self.focus;
        let full = f == !0;
        // The board disguise chains are played on (copied once, if needed).
        let mut chain_board: Option<Stacks> = None;
        let mut own = self.z.any[ci(self.side)][0];
        while own != 0 {
            let i = own.trailing_zeros() as usize;
            own &= own - 1;
            let st = &self.b[i];
            let (n1, n2) = if full {
                (!0, !0)
            } else {
                (NEIGHBOURS[i], WITHIN_TWO[i])
            };
            for l in 0..st.len() {
                let p = st.get(l);
                if color(p) != self.side {
                    continue;
                }
                match kind(p) {
                    KING if n2 & f != 0 => self.king(i, l, out)?,
                    QUEEN => {
                        self.slider(i, l, true, true, out)?;
                        if n1 & f != 0 {
                            self.all_round(i, l, out)?;
                        }
                    }
                    ROOK => self.slider(i, l, true, false, out)?,
                    BISHOP => self.slider(i, l, false, true, out)?,
                    KNIGHT if n2 & f != 0 => self.knight(i, l, out)?,
                    PAWN if n1 & f != 0 => self.pawn(i, l, out, &mut chain_board)?,
                    _ => {}
                }
            }
        }
        self.castling(out)
    }
}

/// Collects moves (no grouping).
#[cfg(test)]
struct Collect(Vec<Move>);

#[cfg(test)]
impl Consumer for Collect {
    fn push(&mut self, m: &Move) -> Flow {
        self.0.push(*m);
        Flow::Continue(())
    }
}

/// Every pseudo-legal move of `side` on `b` (CRZ-C1), or only the
/// capturing ones, one by one in generation order. Promotion choices and
/// legality are not decided here. A test oracle (`oracle`).
#[cfg(test)]
pub(super) fn pseudo_moves(
    b: &Stacks,
    side: Color,
    castling: u8,
    ep: Option<(Square, Square)>,
    fl: &Flags,
    captures: bool,
) -> Vec<Move> {
    let moves = Moves {
        b,
        z: Census::of(b),
        side,
        castling,
        ep,
        fl,
        captures,
        focus: !0,
    };
    let mut out = Collect(Vec::new());
    let _ = moves.all(&mut out);
    out.0
}
