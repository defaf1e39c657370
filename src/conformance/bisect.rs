//! Divergence bisection (`arbiter bisect`): when an engine's perft differs
//! from the reference, walk the divide tree to the shortest move sequence
//! after which the engine's legal move list differs, and turn it into a
//! regression fixture.
//!
//! The walk is breadth first: level k holds the sequences of k moves whose
//! subtree counts differ. Each level first compares the move lists of its
//! sequences (the first that differs is the answer, so no shorter
//! diverging sequence exists among the followed ones), then splits the
//! differing subtrees one level deeper. At most `width` sequences are
//! followed per level (those whose counts differ most first), so the
//! answer is the shortest among those followed.

use std::collections::BTreeMap;

use super::backend::{Backend, BackendError, Request};
use super::fixture::{Expect, Fixture, Source};
use super::runner::diff_sets;

/// Where engine and reference first disagree.
#[derive(Clone, Debug, PartialEq)]
pub struct Divergence {
    /// The moves played from the request's history (not including it).
    pub sequence: Vec<String>,
    /// The reference's legal moves after the sequence (sorted).
    pub reference: Vec<String>,
    /// The engine's legal moves (sorted), or its error.
    pub engine: Result<Vec<String>, String>,
}

impl Divergence {
    /// `- missing` / `+ extra` lines (or the engine's error).
    pub fn diff(&self) -> String {
        match &self.engine {
            Ok(m) => diff_sets(&self.reference, m),
            Err(e) => format!("engine failed: {e}\n"),
        }
    }
}

/// The result of a bisection.
#[derive(Clone, Debug, PartialEq)]
pub enum Bisection {
    /// Same divide at the requested depth: nothing to find.
    Agree {
        nodes: u64,
    },
    Diverged(Divergence),
    /// Subtree counts differ, but every followed move list agrees (the
    /// engine's divide is inconsistent with its own move lists, or the
    /// width limit cut the difference off).
    Inconclusive(String),
    /// The engine failed (crashed, hung, answered nonsense or an
    /// `internal` error) when asked about `sequence`: an engine failure,
    /// not a divergence of the rules.
    EngineFailed {
        sequence: Vec<String>,
        message: String,
    },
}

/// The engine's answer, sorted, or why it is a failure of the engine
/// itself (`Err(Ok(..))`: it rejected the request, a divergence to report;
/// `Err(Err(..))`: it failed).
fn engine_moves(
    engine: &mut dyn Backend,
    req: &Request,
) -> Result<Result<Vec<String>, String>, BackendError> {
    match engine.moves(req) {
        Ok(m) => Ok(Ok(sorted(m))),
        Err(BackendError::Unsupported(m)) => Err(BackendError::Unsupported(m)),
        Err(e @ BackendError::Rejected { .. }) => Ok(Err(e.to_string())),
        Err(BackendError::Failed(m)) => Err(BackendError::Failed(m)),
    }
}

fn with_moves(base: &Request, seq: &[String]) -> Request {
    let mut r = base.clone();
    r.moves.extend(seq.iter().cloned());
    r
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The engine's divide, or perft per reference move when it cannot divide.
fn engine_divide(
    engine: &mut dyn Backend,
    req: &Request,
    depth: u32,
    moves: &[String],
) -> Result<BTreeMap<String, u64>, BackendError> {
    match engine.divide(req, depth) {
        Ok(rows) => Ok(rows.into_iter().collect()),
        Err(BackendError::Unsupported(_)) => {
            let mut out = BTreeMap::new();
            for m in moves {
                let child = with_moves(req, std::slice::from_ref(m));
                out.insert(m.clone(), engine.nodes(&child, depth - 1)?);
            }
            Ok(out)
        }
        Err(e) => Err(e),
    }
}

/// Bisects `engine` against `reference` from `base` at `depth`; `log`
/// receives one line per step.
///
/// # Errors
/// The reference rejecting the setup, or an engine that cannot list moves
/// at all (unsupported).
pub fn bisect(
    reference: &mut dyn Backend,
    engine: &mut dyn Backend,
    base: &Request,
    depth: u32,
    width: usize,
    log: &mut dyn FnMut(String),
) -> Result<Bisection, BackendError> {
    let mut frontier: Vec<Vec<String>> = vec![vec![]];
    let mut remaining = depth.max(1);
    let mut root_nodes = None;
    loop {
        for seq in &frontier {
            let req = with_moves(base, seq);
            let want = sorted(reference.moves(&req)?);
            let got = match engine_moves(engine, &req) {
                Ok(g) => g,
                Err(BackendError::Failed(message)) => {
                    return Ok(Bisection::EngineFailed {
                        sequence: seq.clone(),
                        message,
                    })
                }
                Err(e) => return Err(e),
            };
            if got.as_ref() != Ok(&want) {
                return Ok(Bisection::Diverged(Divergence {
                    sequence: seq.clone(),
                    reference: want,
                    engine: got,
                }));
            }
        }
        if remaining <= 1 {
            return Ok(match root_nodes {
                None => Bisection::Agree {
                    nodes: reference.nodes(base, depth.max(1))?,
                },
                Some(_) => Bisection::Inconclusive(format!(
                    "subtree counts differ, but all {} followed move lists agree",
                    frontier.len()
                )),
            });
        }
        let mut next = Vec::new();
        for seq in &frontier {
            if next.len() >= width {
                break;
            }
            let req = with_moves(base, seq);
            let want = reference.divide(&req, remaining)?;
            let moves: Vec<String> = want.iter().map(|r| r.0.clone()).collect();
            let got = match engine_divide(engine, &req, remaining, &moves) {
                Ok(g) => g,
                Err(BackendError::Unsupported(m)) => return Err(BackendError::Unsupported(m)),
                Err(BackendError::Failed(message)) => {
                    return Ok(Bisection::EngineFailed {
                        sequence: seq.clone(),
                        message,
                    })
                }
                Err(e) => {
                    return Ok(Bisection::Diverged(Divergence {
                        sequence: seq.clone(),
                        reference: sorted(moves),
                        engine: Err(e.to_string()),
                    }))
                }
            };
            let total: u64 = want.iter().map(|r| r.1).sum();
            if seq.is_empty() {
                root_nodes = Some(total);
                let engine_total: u64 = got.values().sum();
                if engine_total == total && want.iter().all(|(m, n)| got.get(m) == Some(n)) {
                    return Ok(Bisection::Agree { nodes: total });
                }
                log(format!(
                    "perft({remaining}): reference {total}, engine {engine_total}"
                ));
            }
            let (mut shown, mut differing) = (0, 0);
            for (m, n) in &want {
                let e = got.get(m).copied();
                if e != Some(*n) {
                    let mut s = seq.clone();
                    s.push(m.clone());
                    differing += 1;
                    if shown < 8 {
                        shown += 1;
                        let e = e.map_or("-".into(), |e| e.to_string());
                        log(format!("  {}: reference {n}, engine {e}", s.join(" ")));
                    }
                    next.push((n.abs_diff(e.unwrap_or(0)), s));
                }
            }
            if differing > shown {
                let after = if seq.is_empty() {
                    "the setup".to_string()
                } else {
                    seq.join(" ")
                };
                log(format!(
                    "  ... and {} more differing move(s) after {after}",
                    differing - shown
                ));
            }
        }
        if next.is_empty() {
            return Ok(Bisection::Inconclusive(
                "subtree counts differ only in total (no single move differs)".into(),
            ));
        }
        // Follow the subtrees that differ most first (stable: move order).
        next.sort_by_key(|(d, _)| std::cmp::Reverse(*d));
        next.truncate(width);
        frontier = next.into_iter().map(|(_, s)| s).collect();
        remaining -= 1;
    }
}

/// A regression fixture pinning a divergence: the history `base.moves +
/// sequence`, `expect.legal` = the reference's moves.
pub fn fixture(
    id: &str,
    rule: &str,
    base: &Request,
    d: &Divergence,
    engine: &str,
    depth: u32,
) -> Fixture {
    Fixture {
        id: id.to_string(),
        variant: base.variant.clone(),
        rules: vec![rule.to_string()],
        source: Source { document: "arbiter bisect".into(), place: format!("divergence of '{engine}' found at depth {depth}") },
        description: format!(
            "Regression (generated by arbiter bisect): after {} the engine's legal moves differed from the reference's; \
             expect.legal is the reference's move list.",
            if d.sequence.is_empty() { "the setup".to_string() } else { d.sequence.join(" ") }
        ),
        options: base.options.clone(),
        position: base.position.clone(),
        moves: with_moves(base, &d.sequence).moves,
        expect: Expect { legal: Some(d.reference.clone()), ..Default::default() },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: positions are move histories; a move list is a function
    /// of the history. Lets bisection be tested without a real variant.
    struct Toy {
        /// History at which the moves differ (engine side), if any.
        bug_at: Option<Vec<String>>,
    }

    impl Toy {
        fn list(&self, req: &Request) -> Vec<String> {
            if req.moves.len() >= 4 {
                return vec![];
            }
            let mut v: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
            if self.bug_at.as_ref() == Some(&req.moves) {
                v.push("z".into());
            }
            v
        }
        fn count(&self, req: &Request, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            self.list(req)
                .iter()
                .map(|m| self.count(&with_moves(req, std::slice::from_ref(m)), depth - 1))
                .sum()
        }
    }

    impl Backend for Toy {
        fn name(&self) -> String {
            "toy".into()
        }
        fn validate(&mut self, _: &Request) -> Result<(), BackendError> {
            Ok(())
        }
        fn moves(&mut self, req: &Request) -> Result<Vec<String>, BackendError> {
            Ok(self.list(req))
        }
        fn position(&mut self, _: &Request) -> Result<String, BackendError> {
            Err(BackendError::Unsupported("".into()))
        }
        fn nodes(&mut self, req: &Request, depth: u32) -> Result<u64, BackendError> {
            Ok(self.count(req, depth))
        }
        fn outcome(&mut self, _: &Request) -> Result<String, BackendError> {
            Err(BackendError::Unsupported("".into()))
        }
        fn explain(
            &mut self,
            _: &Request,
            _: &str,
        ) -> Result<(bool, Option<Vec<String>>), BackendError> {
            Err(BackendError::Unsupported("".into()))
        }
        fn divide(
            &mut self,
            req: &Request,
            depth: u32,
        ) -> Result<Vec<(String, u64)>, BackendError> {
            Ok(self
                .list(req)
                .into_iter()
                .map(|m| (m.clone(), self.count(&with_moves(req, &[m]), depth - 1)))
                .collect())
        }
    }

    #[test]
    fn finds_the_seeded_sequence() {
        let base = Request {
            variant: "toy".into(),
            ..Default::default()
        };
        let seed: Vec<String> = ["b", "c"].iter().map(|s| s.to_string()).collect();
        let mut log = Vec::new();
        let r = bisect(
            &mut Toy { bug_at: None },
            &mut Toy {
                bug_at: Some(seed.clone()),
            },
            &base,
            4,
            16,
            &mut |l| log.push(l),
        )
        .unwrap();
        let Bisection::Diverged(d) = r else {
            panic!("{r:?}")
        };
        assert_eq!(d.sequence, seed);
        assert!(d.diff().contains("+ extra   z"), "{}", d.diff());
        assert!(log[0].contains("perft(4)"), "{log:?}");
        let f = fixture("G3-x", "G3", &base, &d, "toy", 4);
        assert_eq!(f.moves, seed);
        assert_eq!(
            f.expect.legal.as_deref(),
            Some(&["a".to_string(), "b".into(), "c".into()][..])
        );
        f.check().unwrap();
        // Too shallow to reach it: agree.
        let r = bisect(
            &mut Toy { bug_at: None },
            &mut Toy { bug_at: Some(seed) },
            &base,
            2,
            16,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(r, Bisection::Agree { nodes: 9 });
        // At the root.
        let r = bisect(
            &mut Toy { bug_at: None },
            &mut Toy {
                bug_at: Some(vec![]),
            },
            &base,
            3,
            16,
            &mut |_| {},
        )
        .unwrap();
        assert!(
            matches!(r, Bisection::Diverged(Divergence { ref sequence, .. }) if sequence.is_empty())
        );
    }

    /// An engine that fails (crash, timeout) is reported as failing, with
    /// the sequence it was asked about, not as a divergence.
    struct Crashing;

    impl Backend for Crashing {
        fn name(&self) -> String {
            "crashing".into()
        }
        fn validate(&mut self, _: &Request) -> Result<(), BackendError> {
            Err(BackendError::Failed("engine exited".into()))
        }
        fn moves(&mut self, _: &Request) -> Result<Vec<String>, BackendError> {
            Err(BackendError::Failed("engine exited".into()))
        }
        fn position(&mut self, _: &Request) -> Result<String, BackendError> {
            Err(BackendError::Failed("engine exited".into()))
        }
        fn nodes(&mut self, _: &Request, _: u32) -> Result<u64, BackendError> {
            Err(BackendError::Failed("engine exited".into()))
        }
        fn outcome(&mut self, _: &Request) -> Result<String, BackendError> {
            Err(BackendError::Failed("engine exited".into()))
        }
        fn explain(
            &mut self,
            _: &Request,
            _: &str,
        ) -> Result<(bool, Option<Vec<String>>), BackendError> {
            Err(BackendError::Failed("engine exited".into()))
        }
    }

    #[test]
    fn a_failing_engine_is_an_engine_failure() {
        let base = Request {
            variant: "toy".into(),
            ..Default::default()
        };
        let r = bisect(
            &mut Toy { bug_at: None },
            &mut Crashing,
            &base,
            3,
            16,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(
            r,
            Bisection::EngineFailed {
                sequence: vec![],
                message: "engine exited".into()
            }
        );
    }

    /// An engine that only counts (no divide) is bisected with perft per move.
    struct PerftOnly(Toy);

    impl Backend for PerftOnly {
        fn name(&self) -> String {
            "perft-only".into()
        }
        fn validate(&mut self, r: &Request) -> Result<(), BackendError> {
            self.0.validate(r)
        }
        fn moves(&mut self, r: &Request) -> Result<Vec<String>, BackendError> {
            self.0.moves(r)
        }
        fn position(&mut self, r: &Request) -> Result<String, BackendError> {
            self.0.position(r)
        }
        fn nodes(&mut self, r: &Request, d: u32) -> Result<u64, BackendError> {
            self.0.nodes(r, d)
        }
        fn outcome(&mut self, r: &Request) -> Result<String, BackendError> {
            self.0.outcome(r)
        }
        fn explain(
            &mut self,
            r: &Request,
            m: &str,
        ) -> Result<(bool, Option<Vec<String>>), BackendError> {
            self.0.explain(r, m)
        }
    }

    #[test]
    fn engines_without_divide_are_bisected_with_perft() {
        let base = Request {
            variant: "toy".into(),
            ..Default::default()
        };
        let seed = vec!["c".to_string(), "a".into(), "b".into()];
        let mut engine = PerftOnly(Toy {
            bug_at: Some(seed.clone()),
        });
        let r = bisect(
            &mut Toy { bug_at: None },
            &mut engine,
            &base,
            4,
            16,
            &mut |_| {},
        )
        .unwrap();
        assert!(
            matches!(r, Bisection::Diverged(ref d) if d.sequence == seed),
            "{r:?}"
        );
    }
}
