//! Unit tests of Checkers with Bosses, and the test oracle of the binding
//! search: the original exhaustive CWB-9 search, kept here (out of the
//! production code) as the reference of `binding_shifts_match_reference`.

use super::binding::{Shift, ShiftOptions};
use super::moves::NO_DROPS;
use super::position::*;
use super::*;
use crate::core::{ByColor, Field};
#[allow(unused_imports)]
use crate::core::{Explain as _, Game as _, Notation as _};

/// One option index per piece (`None` = stays).
type Assignment = Vec<Option<usize>>;

/// CWB-9, the original exhaustive search (every shift moving the most
/// pieces, then the direction clauses): the reference for the
/// differential test of the output-sensitive search (`binding/search.rs`).
fn binding_shifts_reference(g: &Bosses) -> Vec<Shift> {
    let pieces = g.shift_options();
    // All assignments moving the most pieces, distinct targets.
    let mut best = 0usize;
    let mut found: Vec<Assignment> = Vec::new();
    let mut cur: Assignment = vec![None; pieces.len()];
    fn rec(
        i: usize,
        movers: usize,
        used: u64,
        pieces: &[(u8, ShiftOptions)],
        cur: &mut Assignment,
        best: &mut usize,
        found: &mut Vec<Assignment>,
    ) {
        let possible = movers + pieces[i..].iter().filter(|p| !p.1.is_empty()).count();
        if possible < *best {
            return;
        }
        if i == pieces.len() {
            if movers > *best {
                *best = movers;
                found.clear();
            }
            found.push(cur.clone());
            return;
        }
        for (j, &(t, _)) in pieces[i].1.iter().enumerate() {
            if used & (1 << t) == 0 {
                cur[i] = Some(j);
                rec(i + 1, movers + 1, used | 1 << t, pieces, cur, best, found);
            }
        }
        cur[i] = None;
        rec(i + 1, movers, used, pieces, cur, best, found);
    }
    rec(0, 0, 0, &pieces, &mut cur, &mut best, &mut found);
    let dirs_of = |a: &Vec<Option<usize>>| -> Vec<usize> {
        a.iter()
            .enumerate()
            .filter_map(|(i, o)| o.and_then(|j| pieces[i].1[j].1))
            .collect()
    };
    let forward = if g.turn.is_white() { dr::N } else { dr::S };
    let tier = |d: usize| {
        if d == dr::E || d == dr::W {
            0
        } else if d == forward {
            2
        } else {
            1
        }
    };
    let chosen: Vec<&Vec<Option<usize>>> = if g.rules.binding_any {
        found.iter().collect()
    } else {
        let single: Vec<&Vec<Option<usize>>> = found
            .iter()
            .filter(|a| {
                let ds = dirs_of(a);
                ds.windows(2).all(|w| w[0] == w[1])
            })
            .collect();
        if !single.is_empty() {
            let best_tier = single
                .iter()
                .filter_map(|a| dirs_of(a).first().map(|&d| tier(d)))
                .min();
            single
                .into_iter()
                .filter(|a| match (dirs_of(a).first(), best_tier) {
                    (None, _) => true,
                    (Some(&d), Some(t)) => tier(d) == t,
                    (Some(_), None) => false,
                })
                .collect()
        } else {
            let groups = |a: &Vec<Option<usize>>| -> Vec<usize> {
                let mut n = [0usize; 8];
                for d in dirs_of(a) {
                    n[d] += 1;
                }
                let mut g: Vec<usize> = n.into_iter().filter(|&x| x > 0).collect();
                g.sort_unstable_by(|a, b| b.cmp(a));
                g
            };
            let top = found.iter().map(groups).max().unwrap_or_default();
            found.iter().filter(|a| groups(a) == top).collect()
        }
    };
    chosen
        .into_iter()
        .map(|a| {
            let mut s: Shift = a
                .iter()
                .enumerate()
                .filter_map(|(i, o)| o.map(|j| (pieces[i].0, pieces[i].1[j].0)))
                .collect();
            s.sort_unstable();
            s
        })
        .collect()
}

#[test]
fn start_round_trip_and_perft() {
    let g = Bosses::parse(START, &Rules::defaults("bosses", &OPTIONS, &MUTANTS)).unwrap();
    assert_eq!(g.to_text(), START);
    // D men on rank 3: 14 diagonal steps; O men blocked (rank 3 and
    // their own rank full); C men: only c1-b1 and f1-g1 sideways.
    assert_eq!(crate::core::perft(&g, 1), 16);
}

/// A position after the main move of `turn` satisfying the CWB-9
/// preconditions: only D pieces, `me` on one square colour, `them` on
/// the other, no drop pending (D bosses in reserve, D men on board).
fn binding_position(me: u64, them: u64, turn: Color, crowned: u64, rules: &Rules) -> Bosses {
    let mut pieces = ByColor([0; 2]);
    pieces[turn] = me;
    pieces[turn.other()] = them;
    let g = Bosses {
        pieces,
        kind: [me | them, 0, 0],
        crowned: crowned & (me | them),
        boss: 0,
        hp: [0; 64],
        reserve: ByColor([1, 1]),
        turn,
        rules: CwbRules::new(rules).unwrap(),
    };
    assert!(g.binding_applies());
    g
}

/// CWB-9: the output-sensitive search gives exactly the moves (and
/// their order) of the original exhaustive one, on many random small
/// positions, with and without `binding-any-direction`.
#[test]
fn binding_shifts_match_reference() {
    let mut rng = crate::core::testing::Rng(0x9e37_79b9_7f4a_7c15);
    let mut rnd = move || rng.next();
    let any = Rules::defaults("bosses", &OPTIONS, &MUTANTS)
        .with_mutant("binding-any-direction")
        .unwrap();
    let (mut grouped, mut sideways, mut escapes, mut several) = (0, 0, 0, 0);
    for case in 0..4000 {
        let turn = if rnd() % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mine_light = rnd() % 2 == 0;
        let (mine_sq, their_sq) = if mine_light {
            (LIGHT, !LIGHT)
        } else {
            (!LIGHT, LIGHT)
        };
        // Small boards regions make conflicts and surrounded pieces common.
        let region = match rnd() % 3 {
            0 => u64::MAX,
            1 => 0x0000_3c3c_3c3c_0000,
            _ => 0x0000_0000_ffff_ffff,
        };
        let pick = |rnd: &mut dyn FnMut() -> u64, mask: u64, n: u32| {
            let mut bb = 0u64;
            for _ in 0..n {
                let free = mask & !bb;
                if free == 0 {
                    break;
                }
                let k = (rnd() % u64::from(free.count_ones())) as u32;
                let mut f = free;
                for _ in 0..k {
                    f &= f - 1;
                }
                bb |= f & f.wrapping_neg();
            }
            bb
        };
        let n_me = 1 + (rnd() % 7) as u32;
        let n_them = 1 + (rnd() % 12) as u32;
        let me = pick(&mut rnd, mine_sq & region, n_me);
        let them = pick(&mut rnd, their_sq & region & !me, n_them);
        // no uncrowned man on its far rank: crown everything there
        let crowned = rnd() | 0xff00_0000_0000_00ff;
        if me == 0 || them == 0 {
            continue;
        }
        for rules in [&Rules::defaults("bosses", &OPTIONS, &MUTANTS), &any] {
            let g = binding_position(me, them, turn, crowned, rules);
            let new = g.binding_shifts();
            let old = binding_shifts_reference(&g);
            assert_eq!(new, old, "case {case}: me {me:#x} them {them:#x} {turn:?}");
            if !g.rules.binding_any {
                let dirs = |s: &Shift| {
                    s.iter()
                        .filter(|(f, t)| f.abs_diff(*t) == 1 || f.abs_diff(*t) == 8)
                        .map(|(f, t)| i16::from(*t) - i16::from(*f))
                        .collect::<std::collections::BTreeSet<_>>()
                };
                grouped += usize::from(new.iter().any(|s| dirs(s).len() > 1));
                sideways += usize::from(
                    new.iter().any(|s| dirs(s).contains(&1))
                        && new.iter().any(|s| dirs(s).contains(&-1)),
                );
                escapes += usize::from(
                    new.iter()
                        .flatten()
                        .any(|(f, t)| matches!(f.abs_diff(*t), 3 | 24)),
                );
                several += usize::from(new.len() > 2);
            }
        }
    }
    assert!(
        grouped > 200 && sideways > 200 && escapes > 50 && several > 200,
        "coverage: grouped {grouped} sideways {sideways} escapes {escapes} several {several}"
    );
}

/// White men on ranks 1-4 (12 of them), every one free to step east
/// and west: CWB-9 allows exactly the all-east and the all-west shift
/// (sideways first; a shift mixing east and west is not one direction).
/// The exhaustive search would walk millions of shifts here.
#[test]
fn binding_twelve_men_sideways() {
    let g = Bosses::parse(
        "d1d5/8/8/8/1D1D1D2/2D1D1D1/1D1D1D2/2D1D1D1 w Dd",
        &Rules::defaults("bosses", &OPTIONS, &MUTANTS),
    )
    .unwrap();
    assert!(g.binding_applies());
    let men: Vec<u8> = (0..64)
        .filter(|&i| g.pieces[Color::White] & 1 << i != 0)
        .collect();
    assert_eq!(men.len(), 12);
    let mut got = g.binding_shifts();
    got.sort();
    let mut want: Vec<Shift> = vec![
        men.iter().map(|&m| (m, m + 1)).collect(),
        men.iter().map(|&m| (m, m - 1)).collect(),
    ];
    want.sort();
    assert_eq!(got, want);
}

/// Twelve White men, d6 hemmed in east, west and south by Black men
/// (north free): no shift moves all twelve sideways or backward, so
/// the only allowed shift moves every man one square forward.
#[test]
fn binding_twelve_men_forward_only() {
    let g = Bosses::parse(
        "8/8/2dDd3/3d4/1D3D2/2D1D1D1/1D1D1D2/2D1D1D1 w Dd",
        &Rules::defaults("bosses", &OPTIONS, &MUTANTS),
    )
    .unwrap();
    assert!(g.binding_applies());
    let men: Vec<u8> = (0..64)
        .filter(|&i| g.pieces[Color::White] & 1 << i != 0)
        .collect();
    assert_eq!(men.len(), 12);
    let want: Vec<Shift> = vec![men.iter().map(|&m| (m, m + 8)).collect()];
    assert_eq!(g.binding_shifts(), want);
}

/// G6, CWB-10: capturing the last boss ends the game; the final text is
/// the board after the capture with the loser to move and no reserve of
/// his: well-defined, rejected as a position (the game is over), and the
/// outcome names the winner.
#[test]
fn last_boss_captured_final_text() {
    let rules = VARIANT.rules(&[], None).unwrap();
    let mut g = Bosses::parse("8/8/8/8/3[d1]4/2(D)5/8/8 w D", &rules).unwrap();
    let m = g.parse_move("c3xe5").unwrap();
    g.play(&m);
    assert_eq!(g.to_text(), "8/8/8/4(D)3/8/8/8/8 b D");
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::White)));
    assert_eq!(g.count_legal(), 0);
    let err = Bosses::parse(&g.to_text(), &rules).unwrap_err();
    let crate::core::Error::Position(err) = err else {
        panic!("{err}")
    };
    assert_eq!(err.field(), Field::Board);
    assert!(err.to_string().contains("game is over (G6)"), "{err}");
}

/// The one generator: a counting sink gets exactly as many turns as a list
/// sink (bulk counting agrees with generation), and every turn's text
/// parses back to it, along deterministic random games with drops and
/// binding positions.
#[test]
fn counting_agrees_with_the_list() {
    let starts = [
        START,
        "8/8/8/8/2o[d3]o3/2(C)5/8/8 w Co",
        "d7/8/8/8/7D/D7/8/2D1D3 w Dd",
        "7d/8/8/8/8/8/8/O7 w DOd",
        "3[o3]4/8/2[d2]5/8/8/5[D3]2/8/1[O3]6 w -",
    ];
    let rules = VARIANT.rules(&[], None).unwrap();
    let mut next = crate::core::testing::xorshift(0x2545_f491_4f6c_dd1d);
    let (mut drops, mut shifts) = (0, 0);
    for start in starts {
        for _ in 0..6 {
            let mut g = Bosses::parse(start, &rules).unwrap();
            for _ in 0..60 {
                let moves = g.legal_moves();
                assert_eq!(g.count_legal(), moves.len() as u64, "{}", g.to_text());
                if moves.is_empty() {
                    break;
                }
                for m in &moves {
                    assert_eq!(g.parse_move(&g.move_text(m)).as_ref(), Ok(m));
                    drops += usize::from(m.drops != NO_DROPS);
                    shifts += usize::from(!m.shift.is_empty());
                }
                g.play(&moves[next(moves.len())]);
            }
        }
    }
    assert!(drops > 0 && shifts > 0, "drops {drops}, shifts {shifts}");
}
