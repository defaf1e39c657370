//! Check (CRZ-C1): a king is in check when some pseudo-legal opponent move
//! would remove it, chain reactions included.

use super::board::*;
use super::position::*;
use crate::core::moves::{Decision, Move};
use crate::core::Color;

/// CRZ-C1: is `c`'s king in check — would some pseudo-legal move of the
/// opponent remove it, chain reactions included? Only capturing moves can
/// remove a piece, and a removal spreads only through the capture squares
/// and the neighbours of captured queens, so moves whose capture squares
/// and destination all lie away from the king's square and its connected
/// queens (and their neighbours) are not tried. Pieces move sideways only
/// with the moving unit (a rook with its riders), so when the king is a
/// rider — it may ride away in an enemy rook and be hit at the
/// destination — every capture is tried.
pub fn in_check(b: &Stacks, c: Color, castling: u8, fl: &Flags) -> bool {
    in_check_with(b, c, castling, fl, !fl.brute_check)
}

/// [`in_check`] with the locality filter on or off (`filtered = false`
/// plays every capturing move; used by tests to check the filter).
pub fn in_check_with(b: &Stacks, c: Color, castling: u8, fl: &Flags, filtered: bool) -> bool {
    let Some((ki, kl)) = find_king(b, c) else {
        return false;
    };
    let filtered = filtered && kl == 0;
    // D: king square plus queens connected to it by adjacency.
    let mut d: u64 = 1 << ki;
    let queens: u64 = (0..64)
        .filter(|&i| b[i].pieces().iter().any(|&p| kind(p) == QUEEN))
        .fold(0, |m, i| m | (1u64 << i));
    loop {
        let grown = neighbours(d) & queens | d;
        if grown == d {
            break;
        }
        d = grown;
    }
    let near = d | neighbours(d);
    let probe = Core {
        b: *b,
        turn: c.other(),
        castling,
        ep: None,
        halfmove: 0,
        fullmove: 1,
        holder: c,
        protected: false,
        excluded: None,
    };
    let mut found = false;
    probe.gen_near(
        fl,
        c.other(),
        Mode::Captures,
        if filtered { near } else { !0 },
        &mut |mv: Move| {
            if found {
                return;
            }
            let mut hit = mv.path.last().is_some_and(|&s| near & (1 << idx(s)) != 0);
            for dcs in &mv.decisions {
                match dcs {
                    Decision::CaptureAt(k) => hit |= near & (1 << idx(mv.path[*k as usize])) != 0,
                    Decision::AllRound => hit |= near & neighbours(1 << idx(mv.path[0])) != 0,
                    _ => {}
                }
            }
            if filtered && !hit {
                return;
            }
            if let Some(after) = probe.apply(&mv, fl) {
                if find_king(&after.b, c).is_none() {
                    found = true;
                }
            }
        },
    );
    found
}
