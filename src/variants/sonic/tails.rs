//! The Tails knight (SCA-6).
//!
//! Quiet moves and captures are FIDE knight leaps. After a capture (or a
//! hit on a bare spring or the enemy king) the knight must jump again by
//! the same vector: off the board or a friendly piece there → it stops
//! where it is; an empty square → it moves there and stops; an enemy, a
//! bare spring or the enemy king → capture / hit and repeat. A knight that
//! would rest on the surviving enemy king's square is removed (SCA-9).
//! A straight chain can never be endless.

use crate::core::geometry::KNIGHT_LEAPS;
use crate::core::Square;

use super::pieces::{Seen, SPRING};
use super::spindash::{Ctx, Scratch, Trace};

/// Every move of the knight on `from` (quiet leaps when `quiet`).
/// `sink` returns `true` to stop early; the function then returns `true`.
pub fn moves(
    ctx: &Ctx,
    sc: &mut Scratch,
    from: Square,
    quiet: bool,
    sink: &mut dyn FnMut(&Trace) -> bool,
) -> bool {
    let cell = sc.cells[from.0 as usize];
    sc.cells[from.0 as usize] &= SPRING;
    let mut stop = false;
    for &v in &KNIGHT_LEAPS {
        let Some(to) = ctx.step(from, v) else {
            continue;
        };
        let mut t = Trace::default();
        t.path.push(from);
        t.path.push(to);
        match ctx.see(sc, Some(to)) {
            Seen::Off | Seen::Friendly => continue,
            Seen::Empty => {
                if !quiet {
                    continue;
                }
            }
            _ => {
                let mut cur = to;
                ctx.arrive(sc, cur, &mut t);
                // Mutant `knight-stops`: no continuation.
                while !t.king_lost && !ctx.rules.knight_stops {
                    let next = ctx.step(cur, v);
                    match ctx.see(sc, next) {
                        Seen::Off | Seen::Friendly => break,
                        Seen::Empty => {
                            cur = next.expect("on board");
                            t.path.push(cur);
                            break;
                        }
                        _ => {
                            cur = next.expect("on board");
                            t.path.push(cur);
                            ctx.arrive(sc, cur, &mut t);
                        }
                    }
                }
                ctx.finish(sc, cur, &mut t);
            }
        }
        if sink(&t) {
            stop = true;
            break;
        }
    }
    sc.cells[from.0 as usize] = cell;
    stop
}
