//! The compact `fide` move ([`Mv`]): from, to and a flag in a `u16`
//! (FIDE-1). The edge speaks its UCI text (see [`super::explain::parse_uci`]
//! and `Fide::text_of`).

use crate::core::batch::packed_move;

use super::position::Role;

/// Move flags (bits 12..16 of a compact move).
pub const F_NORMAL: u16 = 0;
pub const F_DOUBLE: u16 = 1;
pub const F_EP: u16 = 2;
pub const F_CASTLE: u16 = 3;
/// `F_PROMO + i` for promotion to [`PROMOTIONS`]`[i]` (knight..queen).
pub const F_PROMO: u16 = 4;

/// The promotion roles in flag order (`F_PROMO + index`).
pub const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// The promotion flags, in the order a generator lists a pawn's promotions.
pub const PROMO_FLAGS: [u16; 4] = [F_PROMO, F_PROMO + 1, F_PROMO + 2, F_PROMO + 3];

/// A compact move: from (bits 0..6), to (6..12), flag (12..16).
pub type Mv = u16;

#[inline]
pub const fn mv(from: u32, to: u32, flag: u16) -> Mv {
    (from as u16) | ((to as u16) << 6) | (flag << 12)
}
#[inline]
pub const fn mv_from(m: Mv) -> u32 {
    (m & 63) as u32
}
#[inline]
pub const fn mv_to(m: Mv) -> u32 {
    ((m >> 6) & 63) as u32
}
#[inline]
pub const fn mv_flag(m: Mv) -> u16 {
    m >> 12
}
/// The flag of a promotion to `role` (knight..queen).
#[inline]
pub const fn promotion_flag(role: Role) -> u16 {
    F_PROMO + role as u16 - Role::Knight as u16
}
/// The role a promotion flag (`F_PROMO..F_PROMO + 4`) promotes to.
#[inline]
pub const fn promotion_role(flag: u16) -> Role {
    PROMOTIONS[(flag & 3) as usize]
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

packed_move!(Mv, u16, F_NORMAL, mv);
