//! The compact move of the hexagonal bases ([`Mv`]): from and to slots and
//! a flag, three bytes (GLN-1, MCC-1, SHF-1). The edge speaks its text
//! (see [`super::explain::text_of_on`]).

use crate::core::batch::packed_move;

use super::position::Role;

/// Move flags.
pub const F_NORMAL: u8 = 0;
pub const F_DOUBLE: u8 = 1;
pub const F_EP: u8 = 2;
/// `F_PROMO + i` for promotion to [`PROMOTIONS`]`[i]` (knight..queen).
pub const F_PROMO: u8 = 3;
/// A three-cell pawn move (SHF-1).
pub const F_TRIPLE: u8 = 7;
/// Castling (SHF-1): the king's move; the rook moves as the base says.
pub const F_CASTLE: u8 = 8;

/// The promotion roles in flag order (`F_PROMO + index`).
pub const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// The promotion flags, in the order a generator lists a pawn's promotions.
pub const PROMO_FLAGS: [u8; 4] = [F_PROMO, F_PROMO + 1, F_PROMO + 2, F_PROMO + 3];

/// A compact move: from and to slots and a flag.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Mv {
    /// The start slot.
    pub from: u8,
    /// The destination slot.
    pub to: u8,
    /// `F_NORMAL`, `F_DOUBLE`, `F_TRIPLE`, `F_EP`, `F_CASTLE` or a
    /// promotion flag (`F_PROMO` + …).
    pub flag: u8,
}

impl Mv {
    /// The move `from` → `to` with flag `flag`.
    #[inline]
    pub(crate) const fn new(from: usize, to: usize, flag: u8) -> Mv {
        Mv {
            from: from as u8,
            to: to as u8,
            flag,
        }
    }
    /// The promotion role, if any.
    #[inline]
    pub const fn promo(self) -> Option<Role> {
        if self.flag >= F_PROMO && self.flag < F_TRIPLE {
            Some(PROMOTIONS[(self.flag - F_PROMO) as usize])
        } else {
            None
        }
    }
}

packed_move!(Mv, u8, F_NORMAL, |f: u32, t: u32, flag| Mv::new(
    f as usize, t as usize, flag
));
