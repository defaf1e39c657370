//! The compact turn of Checkers with Bosses ([`Turn`], G2): the boss
//! drops (CWB-7), the main move's path (CWB-2..CWB-8) and the binding
//! shift (CWB-9).

use smallvec::SmallVec;

use super::binding::Shift;

/// No boss of this type is dropped.
pub(super) const NO_DROP: u8 = 0xff;
/// The CWB-7 drops of a turn: the square of the boss of each type D, O, C,
/// or [`NO_DROP`].
pub(super) type Drops = [u8; 3];
pub(super) const NO_DROPS: Drops = [NO_DROP; 3];
/// The main move's path: start square, then every landing square.
pub(super) type Path = SmallVec<[u8; 14]>;

/// One turn of Checkers with Bosses (G2), compact: the boss drops
/// (CWB-7), the main move's path (CWB-2..CWB-8) and the binding shift
/// (CWB-9; empty when the rule does not apply). Inline storage, so
/// generating turns allocates nothing but for very long series or shifts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub(super) drops: Drops,
    pub(super) path: Path,
    pub(super) shift: Shift,
}

/// Whether `a` → `b` is a jump (two squares) rather than a step.
pub(super) fn is_jump(a: u8, b: u8) -> bool {
    let df = (a % 8).abs_diff(b % 8);
    let dr_ = (a / 8).abs_diff(b / 8);
    df.max(dr_) == 2
}
