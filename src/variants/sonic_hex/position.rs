//! The validated `sonic-hex` position: mailbox and occupancy boards and
//! `play` (the generator is in [`super::generate`], the
//! [`crate::core::Game`] implementation in [`super`]).
//!
//! State: the mailbox of `sonic` ([`Cells`]: one byte per cell with the
//! piece and a spring bit, indexed by the hex slot of
//! [`crate::core::hex`]) that the walker reads, beside 128-bit occupancy
//! boards of each colour's pieces, the pawns and the springs (for the
//! set-wise pawn moves and quiet slides), the side to move, the en passant
//! cell, both kings' cells, the winner once a king is gone, and the
//! counters; about 350 bytes, copied per node (copy-make).

use crate::core::{ByColor, Color, PositionError, Trace};
use crate::variants::glinski::base::FORWARD as PAWN_FORWARD;
use crate::variants::sonic::pieces::{
    color_of, has_piece, kind, piece, Cells, KING, KNIGHT, PAWN, PIECE_MASK, SPRING,
};
use crate::variants::sonic::walker::{note_branch, Walker};

use super::grid::HexGrid;
use super::moves::HexMove;
use super::notation;
use super::HexRules;

/// A validated position (see [`notation`] for its text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SonicHex {
    pub(crate) rules: HexRules,
    /// The mailbox by slot: piece byte plus the spring bit (SCA-4.4).
    pub(crate) cells: Cells,
    /// Pieces of White and Black.
    pub(crate) occ: ByColor<u128>,
    /// Pawns of both colours.
    pub(crate) pawns: u128,
    /// Spring cells (SCA-7: they never move).
    pub(crate) springs: u128,
    pub(crate) turn: Color,
    /// The cell a pawn passed over with the last move's double step (after
    /// a three-cell move, SHF-1, the crossed cell next to the pawn), 0 if
    /// none (slot 0 is not a cell).
    pub(crate) ep: u8,
    /// SHF-1 (SCA-13.1): the first crossed cell of the last move's
    /// three-cell pawn move, 0 if none: en passant on every crossed cell.
    pub(crate) ep2: u8,
    /// SCA-13.1 with SHF-1: castling rights, bit `Castling::right` of the
    /// base's castlings (0 on the boards without castling).
    pub(crate) castling: u8,
    /// Each side's king cell, 0 once it is lost (SCA-9.3, SCA-9.4).
    pub(crate) kings: ByColor<u8>,
    /// Hits each king can still take: 1 (SCA-13: a single form); 3 and
    /// counting down only under the mutant `eggman-forms`.
    pub(crate) lives: ByColor<u8>,
    /// Pawns that have moved (only under the mutant
    /// `double-step-first-move-only`; 0 otherwise).
    pub(crate) moved: u128,
    /// Set when a king was captured or lost (SCA-9.4).
    pub(crate) winner: Option<Color>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
}

/// Everything the next moves depend on (the counters are left out: no
/// rule reads them, so transpositions share their hash).
impl std::hash::Hash for SonicHex {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.rules.hash(h);
        self.cells[..121].hash(h);
        self.turn.hash(h);
        self.ep.hash(h);
        self.ep2.hash(h);
        self.castling.hash(h);
        self.lives.hash(h);
        self.moved.hash(h);
        self.winner.hash(h);
    }
}

impl SonicHex {
    /// Parses and validates a position text (G4).
    ///
    /// # Errors
    /// A [`PositionError`] naming the field.
    pub fn from_text(text: &str, rules: HexRules) -> Result<SonicHex, PositionError> {
        notation::validate(notation::parse_setup(text, rules.board)?, rules)
    }

    /// The walker of `side`'s pieces on this position (SCA-13: the enemy
    /// king falls at its first hit, `lives` = 1).
    #[inline]
    pub(crate) fn walker(&self, side: Color) -> Walker<HexGrid> {
        Walker::new(
            self.rules.grid(),
            &self.cells,
            side,
            self.lives[side.other()],
            self.rules.walk_rules(),
        )
    }

    /// An empty board (no pieces, no springs) with these rules.
    pub(crate) fn empty(rules: HexRules) -> SonicHex {
        SonicHex {
            rules,
            cells: [0; 256],
            occ: ByColor([0; 2]),
            pawns: 0,
            springs: 0,
            turn: Color::White,
            ep: 0,
            ep2: 0,
            castling: 0,
            kings: ByColor([0; 2]),
            lives: ByColor([rules.king_lives(); 2]),
            moved: 0,
            winner: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// Puts the piece byte `p` on the empty `slot` (a spring stays under it).
    #[inline]
    pub(crate) fn put(&mut self, slot: u8, p: u8) {
        let s = slot as usize;
        self.cells[s] = (self.cells[s] & SPRING) | p;
        let b = 1u128 << s;
        self.occ[color_of(p)] |= b;
        match kind(p) {
            PAWN => self.pawns |= b,
            KING => self.kings[color_of(p)] = slot,
            _ => {}
        }
    }

    /// Takes the piece off `slot` (the spring stays, SCA-7); returns it.
    #[inline]
    pub(crate) fn take(&mut self, slot: u8) -> u8 {
        let s = slot as usize;
        let p = self.cells[s] & PIECE_MASK;
        self.cells[s] &= SPRING;
        let b = !(1u128 << s);
        self.occ[Color::White] &= b;
        self.occ[Color::Black] &= b;
        self.pawns &= b;
        self.moved &= b;
        p
    }

    /// The cells holding a piece, both sides.
    #[inline]
    pub(crate) fn occupied(&self) -> u128 {
        self.occ[Color::White] | self.occ[Color::Black]
    }

    /// Adds a spring on `slot`.
    pub(crate) fn add_spring(&mut self, slot: u8) {
        self.cells[slot as usize] |= SPRING;
        self.springs |= 1u128 << slot;
    }

    /// The cell of the pawn an en passant capture onto a crossed cell
    /// takes: one cell beyond [`SonicHex::ep`] (the crossed cell next to
    /// the pawn) along the multi-stepper's forward direction.
    pub(crate) fn en_passant_victim(&self, _to: u8) -> u8 {
        (self.ep as i32 + PAWN_FORWARD[self.turn.other()].slot_offset()) as u8
    }

    /// SCA-9.3, SCA-9.4: `side`'s king on `at` is lost; the game is over
    /// (G6).
    fn lose_king(&mut self, side: Color, at: u8) {
        self.take(at);
        self.kings[side] = 0;
        self.lives[side] = 0;
        self.winner = Some(side.other());
    }

    /// Plays a legal move.
    #[inline]
    pub(crate) fn apply(&mut self, m: &HexMove) {
        self.apply_traced(m, &mut ());
    }

    /// Plays a legal move, reporting to `t` the rule it is made under
    /// (SCA-13, then the piece's: GLN-1 and SCA-2 for pawns, SCA-3 quiet
    /// moves, SCA-4 spindash, SCA-6 Tails), then every rule whose effect
    /// happened during it, in order: each bounce, spring and flight of the
    /// walker's branch, the king hit and lost (SCA-9, SCA-9.3), a capture
    /// of the king (SCA-9.4).
    pub(crate) fn apply_traced<T: Trace>(&mut self, m: &HexMove, t: &mut T) {
        let me = self.turn;
        let opp = me.other();
        let (old_ep, old_ep2) = (self.ep, self.ep2);
        self.ep = 0;
        self.ep2 = 0;
        if self.castling != 0 {
            self.update_castling(m);
        }
        self.halfmove += 1;
        let (from, to) = (m.from(), m.to());
        let mover = self.cells[from as usize] & PIECE_MASK;
        let k = kind(mover);
        t.note("SCA-13");
        let base = self.rules.base();
        if base.id != crate::variants::glinski::base::BaseId::Glinski {
            t.note("SCA-13.1");
        }
        match k {
            PAWN => {
                // The base's pawns (GLN-1, MCC-1, SHF-1).
                t.note(base.rule);
                t.note("SCA-2");
            }
            KING => {}
            _ if !m.is_walk() => t.note("SCA-3"),
            KNIGHT => t.note("SCA-6"),
            _ => t.note("SCA-4"),
        }
        if m.is_castle() {
            self.castle(m, t);
        } else if m.is_walk() {
            // SCA-4 … SCA-6, SCA-9: the walker replays the branch.
            let Some(r) = self.walker(me).replay(from, k, m.unit(), m.rotation()) else {
                return;
            };
            let king = self.kings[opp];
            let king = (king != 0).then_some(king);
            note_branch(&self.cells, king, &r, k == KNIGHT, t);
            self.take(from);
            for &c in &r.captured {
                self.take(c);
                self.halfmove = 0;
            }
            let b = r.branch;
            if b.king_lost {
                // SCA-9.3 (one form): the king is lost; the mover stops on
                // its cell.
                t.note("SCA-9.3");
                t.note("SCA-9.4");
                self.lose_king(opp, to);
            } else if b.hits > 0 {
                // Only under the mutant `eggman-forms`: the king survives.
                self.lives[opp] -= b.hits;
            }
            // SCA-9: a mover that would rest on the surviving king's cell
            // is removed (only under `eggman-forms`).
            let at = self.cells[to as usize];
            if !(has_piece(at) && kind(at) == KING) {
                self.put(to, mover);
            }
        } else {
            self.take(from);
            if k == PAWN {
                self.halfmove = 0;
                if m.is_en_passant() && (to == old_ep || to == old_ep2) {
                    // The multi-stepper stands one cell beyond the last
                    // crossed cell (SHF-1: whichever crossed cell is taken).
                    let victim = (old_ep as i32 + PAWN_FORWARD[opp].slot_offset()) as u8;
                    self.take(victim);
                }
            }
            let at = self.cells[to as usize];
            if has_piece(at) {
                if kind(at) == KING {
                    // SCA-9.4: capture by displacement wins at once.
                    t.note("SCA-9.4");
                    self.lose_king(opp, to);
                } else {
                    self.take(to);
                    self.halfmove = 0;
                }
            }
            self.put(to, m.promotion().map_or(mover, |p| piece(p, me)));
            if k == PAWN {
                if self.rules.double_step_first_move_only && m.promotion().is_none() {
                    self.moved |= 1u128 << to;
                }
                if m.is_double() {
                    // The crossed cells: the one next to the pawn, and for
                    // a three-cell move (SHF-1) the one next to its start.
                    let back = PAWN_FORWARD[me].slot_offset();
                    self.ep = (to as i32 - back) as u8;
                    let first = (from as i32 + back) as u8;
                    if first != self.ep {
                        self.ep2 = first;
                    }
                }
            }
        }
        if !me.is_white() {
            self.fullmove += 1;
        }
        self.turn = opp;
    }

    /// The name of the cell in `slot` on this board (for texts and
    /// messages; SCA-13.1: Shafran's names with `board=shafran`).
    pub(crate) fn name(&self, slot: u8) -> String {
        self.rules.shape().slot_name(slot as usize)
    }

    /// SCA-13.1: a castling right is kept only while its king and rook
    /// have never left their start cells — lost when a move starts on,
    /// ends on or removes a piece from either (a rook captured there by a
    /// move that goes on elsewhere loses it too).
    fn update_castling(&mut self, m: &HexMove) {
        let mut touched = (1u128 << m.from()) | (1u128 << m.to());
        if m.is_walk() {
            let k = kind(self.cells[m.from() as usize]);
            if let Some(r) = self
                .walker(self.turn)
                .replay(m.from(), k, m.unit(), m.rotation())
            {
                for &c in &r.captured {
                    touched |= 1u128 << c;
                }
            }
        }
        for c in self.rules.base().castlings {
            if touched & ((1u128 << c.king) | (1u128 << c.rook)) != 0 {
                self.castling &= !c.right;
            }
        }
    }

    /// Plays a castling (SHF-1 under SCA-13.1): the king to its
    /// destination, the rook to the last cell the king passed over; both
    /// may land on springs, nothing bounces.
    fn castle<T: Trace>(&mut self, m: &HexMove, t: &mut T) {
        t.note("SCA-13.1");
        t.note("SHF-1");
        let (c, long) = m.castling(self.rules.base());
        let (k_to, r_to, _) = if long { c.long } else { c.short };
        let king = self.take(c.king);
        let rook = self.take(c.rook);
        self.put(k_to, king);
        self.put(r_to, rook);
    }
}
