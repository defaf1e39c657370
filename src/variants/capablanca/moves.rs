//! The compact `capablanca` move ([`Mv`]): from, to and a flag in a `u32`
//! (CAP-1). The edge speaks its UCI-like text (see
//! [`super::notation::parse_move`] and `Capablanca::text_of`).

use crate::core::batch::packed_move;

use super::position::Role;

/// Move flags (bits 14.. of a compact move).
pub const F_NORMAL: u32 = 0;
pub const F_DOUBLE: u32 = 1;
pub const F_EP: u32 = 2;
pub const F_CASTLE: u32 = 3;
/// `F_PROMO + i` promotes to [`PROMOTIONS`]`[i]`.
pub const F_PROMO: u32 = 4;

/// CAP-1's promotion pieces, in the order of their move letters
/// `q r b n a c`.
pub const PROMOTIONS: [Role; 6] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Archbishop,
    Role::Chancellor,
];

/// The promotion flags, in the order a generator lists a pawn's promotions.
pub const PROMO_FLAGS: [u32; 6] = [
    F_PROMO,
    F_PROMO + 1,
    F_PROMO + 2,
    F_PROMO + 3,
    F_PROMO + 4,
    F_PROMO + 5,
];

/// A compact move: from (bits 0..7), to (7..14), flag (14..18).
pub type Mv = u32;

#[inline]
pub const fn mv(from: u32, to: u32, flag: u32) -> Mv {
    from | (to << 7) | (flag << 14)
}
#[inline]
pub const fn mv_from(m: Mv) -> u32 {
    m & 127
}
#[inline]
pub const fn mv_to(m: Mv) -> u32 {
    (m >> 7) & 127
}
#[inline]
pub const fn mv_flag(m: Mv) -> u32 {
    m >> 14
}
/// The role a promotion flag (`F_PROMO..F_PROMO + 6`) promotes to.
#[inline]
pub const fn promotion_role(flag: u32) -> Role {
    PROMOTIONS[(flag - F_PROMO) as usize]
}
/// The promotion role of a move, if any.
#[inline]
pub const fn mv_promo(m: Mv) -> Option<Role> {
    if mv_flag(m) >= F_PROMO {
        Some(promotion_role(mv_flag(m)))
    } else {
        None
    }
}

packed_move!(Mv, u32, F_NORMAL, mv);
