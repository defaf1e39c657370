//! `arbiter split`: cuts a perft tree at one ply into independent jobs
//! (JSON lines) that any scheduler runs with `arbiter perft --job LINE`
//! or `arbiter perft --job-file FILE`; `arbiter merge` adds the results up.
//! Also the formats of the three kinds of lines (header, job, result) and
//! the split digest (CONFORMANCE.md, "Distributed perft").
//!
//! A job carries the moves from the split root, not only the position
//! text there: a text does not always hold the whole state (crazy's
//! deniable previous turn, DEN-7/G5), so a job replays the moves.

use std::io::Write;

use clap::Args;
use serde::{Deserialize, Serialize};

use super::{Exit, GameArgs};
use crate::core::perft;
use crate::core::DynGame;
use crate::variants::{self, Setup};

/// The most jobs one split may have.
pub const MAX_JOBS: u64 = 10_000_000;

/// The tag of the digested fields: a new layout gets a new tag.
const DIGEST_TAG: &str = "arbiter-split-1";

/// The tag of a result's check ([`result_check`]).
const CHECK_TAG: &str = "arbiter-result-1";

#[derive(Args, Debug)]
pub(crate) struct SplitArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Total depth of the perft (G3), at most 64.
    #[arg(long, value_parser = super::parse_depth, allow_hyphen_values = true)]
    pub depth: u32,
    /// The ply where the tree is cut: one job per node there (0 to --depth).
    #[arg(long, value_parser = super::parse_depth, allow_hyphen_values = true)]
    pub at: u32,
}

/// The first line of a split: what is counted and how many jobs follow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// JSON `type`: always `"split"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The arbiter version that split.
    pub arbiter: String,
    /// [`digest`] of the split's fields.
    pub digest: String,
    /// The variant id (`--variant`).
    pub variant: String,
    /// The rule options (`--rule`), as given.
    pub rules: Vec<String>,
    /// The root position text (the start position when none was given).
    pub root: String,
    /// Moves played from the root before the split root (`--moves`).
    pub history: Vec<String>,
    /// The total depth of the perft (`--depth`).
    pub depth: u32,
    /// The ply where the tree is cut (`--at`): one job per node there.
    pub at: u32,
    /// How many job lines follow (ids 0 to jobs - 1).
    pub jobs: u64,
    /// The legal moves at the split root, sorted (the rows of `merge --divide`).
    pub first_moves: Vec<String>,
}

/// One job: a node at ply `at` and the perft still to count below it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    /// JSON `type`: always `"job"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The split digest (the header's [`Header::digest`]).
    pub digest: String,
    /// The job id, 0 to the header's `jobs` - 1.
    pub job: u64,
    /// The variant id, as in the header.
    pub variant: String,
    /// The rule options, as in the header.
    pub rules: Vec<String>,
    /// The root position text, as in the header.
    pub root: String,
    /// The moves before the split root, as in the header.
    pub history: Vec<String>,
    /// The `at` moves from the split root to this node.
    pub moves: Vec<String>,
    /// The position text at this node (checked when the job runs).
    pub position: String,
    /// The remaining depth: the split's depth minus `at`.
    pub depth: u32,
}

/// The result of one job.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobResult {
    /// JSON `type`: always `"result"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The split digest of the job.
    pub digest: String,
    /// The id of the job.
    pub job: u64,
    /// The job's moves from the split root.
    pub moves: Vec<String>,
    /// The job's remaining depth.
    pub depth: u32,
    /// The perft count below the job's node at its depth.
    pub nodes: u64,
    /// The arbiter version that ran the job.
    pub arbiter: String,
    /// [`result_check`] of the job and `nodes`: a changed or damaged
    /// result line no longer matches it.
    pub check: String,
}

/// The split digest: the first 32 hex digits (128 bits) of the SHA-256 of
/// the compact JSON array `["arbiter-split-1", variant, rules, root,
/// history, depth, at]` (serde_json's escaping), so
/// `printf %s '<that array>' | sha256sum | cut -c1-32` gives it too.
pub fn digest(
    variant: &str,
    rules: &[String],
    root: &str,
    history: &[String],
    depth: u32,
    at: u32,
) -> String {
    let text =
        serde_json::json!([DIGEST_TAG, variant, rules, root, history, depth, at]).to_string();
    sha256_hex(text.as_bytes())[..32].to_string()
}

/// The check of a result: the first 32 hex digits of the SHA-256 of the
/// compact JSON array `["arbiter-result-1", <the job line as a JSON
/// object, fields in the order split writes them>, nodes]`. It covers the
/// job's whole content (id, split digest, setup, moves, position, depth)
/// and the count, so merge finds a result whose count or job was changed
/// (by accident: anyone can compute it, it is no signature).
pub fn result_check(job: &Job, nodes: u64) -> String {
    let text = format!("[\"{CHECK_TAG}\",{},{nodes}]", json(job));
    sha256_hex(text.as_bytes())[..32].to_string()
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(64);
    for b in sha2::Sha256::digest(bytes) {
        out.push(HEX[usize::from(b >> 4)] as char);
        out.push(HEX[usize::from(b & 15)] as char);
    }
    out
}

impl Job {
    /// The digest of the split this job's own fields describe.
    pub fn own_digest(&self) -> String {
        let at = u32::try_from(self.moves.len()).unwrap_or(u32::MAX);
        digest(
            &self.variant,
            &self.rules,
            &self.root,
            &self.history,
            self.depth.saturating_add(at),
            at,
        )
    }

    /// Checks the job, replays it and counts: the result line.
    ///
    /// # Errors
    /// Exit code 2 naming the job: a digest that does not match its fields
    /// (an edited or corrupted line), a setup that fails, a position after
    /// the moves that is not the one the job names (split by another
    /// arbiter version), a depth above the limit.
    pub fn prepare(&self) -> Result<Box<dyn crate::core::DynGame>, Exit> {
        let id = self.job;
        if self.kind != "job" {
            return Err(Exit::input(format!(
                "job {id}: type is '{}', not 'job'",
                self.kind
            )));
        }
        if self.digest != self.own_digest() {
            return Err(Exit::input(format!(
                "job {id}: the digest {} does not match the job's fields (an edited or corrupted job line)",
                self.digest
            )));
        }
        perft::check_depth(self.depth).map_err(|e| Exit::input(format!("job {id}: {e}")))?;
        let moves: Vec<String> = self.history.iter().chain(&self.moves).cloned().collect();
        let g = variants::setup(&Setup {
            variant: &self.variant,
            options: &self.rules,
            mutant: None,
            position: Some(&self.root),
            moves: &moves,
        })
        .map_err(|e| Exit::input(format!("job {id}: {e}")))?;
        let text = g.to_text();
        if text != self.position {
            return Err(Exit::input(format!(
                "job {id}: the moves lead to '{text}', the job says '{}' (split by another arbiter version?)",
                self.position
            )));
        }
        Ok(g)
    }

    /// The result line of this job with `nodes`.
    pub fn result(&self, nodes: u64) -> JobResult {
        JobResult {
            kind: "result".into(),
            digest: self.digest.clone(),
            job: self.job,
            moves: self.moves.clone(),
            depth: self.depth,
            nodes,
            arbiter: env!("CARGO_PKG_VERSION").into(),
            check: result_check(self, nodes),
        }
    }
}

/// Where the lines of a job or result file disagree with the split its
/// header describes (exit code 2): the header itself (`job: None`) or the
/// job line with that id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mismatch {
    pub job: Option<u64>,
    pub message: String,
}

impl Mismatch {
    fn header(message: impl Into<String>) -> Mismatch {
        Mismatch {
            job: None,
            message: message.into(),
        }
    }
}

/// The nodes at ply `left` below `g`, counted through the move texts
/// (`legal_texts`, `play_text`); `None` as soon as there are more than
/// `cap`, or when more than `budget` positions above the leaves were
/// visited (a tree far bigger than it claims is never walked to its end).
fn count_nodes(g: &dyn DynGame, left: u32, cap: u64, budget: &mut u64) -> Option<u64> {
    if left == 0 {
        return (cap >= 1).then_some(1);
    }
    *budget = budget.checked_sub(1)?;
    let moves = g.legal_texts();
    if left == 1 {
        return Some(moves.len() as u64).filter(|&n| n <= cap);
    }
    let mut total = 0u64;
    for m in &moves {
        let mut child = g.clone_box();
        child.play_text(m).ok()?;
        total += count_nodes(child.as_ref(), left - 1, cap - total, budget)?;
    }
    Some(total)
}

/// The names of the fields where `got` differs from `want`.
fn differing_fields(want: &Job, got: &Job) -> Vec<&'static str> {
    let mut f = Vec::new();
    let mut check = |same: bool, name| {
        if !same {
            f.push(name)
        }
    };
    check(want.kind == got.kind, "type");
    check(want.digest == got.digest, "digest");
    check(want.variant == got.variant, "variant");
    check(want.rules == got.rules, "rules");
    check(want.root == got.root, "root");
    check(want.history == got.history, "history");
    check(want.moves == got.moves, "moves");
    check(want.position == got.position, "position");
    check(want.depth == got.depth, "depth");
    f
}

/// Proves that `jobs` are exactly the split `header` describes: the
/// header's digest is the digest of its fields, and the split is made
/// again from the header (variant, rules, root, history, at) — its node
/// count must be the header's `jobs`, its root moves the header's
/// `first_moves`, and job `i` must be node `i` of the split in every
/// field (so every node has one job and there is nothing else). `jobs`
/// must hold the ids 0 to `header.jobs - 1` (the caller checks).
///
/// Making the split again costs about what `arbiter split` did: the
/// nodes above ply `at`, and each job's position text. A header whose
/// tree has more nodes than it claims is found without walking it all.
///
/// # Errors
/// The first [`Mismatch`], naming the header or the job.
pub(crate) fn verify<'a>(
    header: &Header,
    jobs: &dyn Fn(u64) -> Option<&'a Job>,
) -> Result<(), Mismatch> {
    let own = digest(
        &header.variant,
        &header.rules,
        &header.root,
        &header.history,
        header.depth,
        header.at,
    );
    if header.digest != own {
        return Err(Mismatch::header(format!(
            "the header's digest {} does not match its fields (an edited or corrupted header)",
            header.digest
        )));
    }
    if header.at > header.depth {
        return Err(Mismatch::header(format!(
            "the header cuts at ply {}, deeper than its depth {}",
            header.at, header.depth
        )));
    }
    perft::check_depth(header.depth).map_err(|e| Mismatch::header(format!("the header's {e}")))?;
    if header.jobs > MAX_JOBS {
        return Err(Mismatch::header(format!(
            "the header announces {} jobs, more than a split has (at most {MAX_JOBS})",
            header.jobs
        )));
    }
    let other_version = if header.arbiter == env!("CARGO_PKG_VERSION") {
        String::new()
    } else {
        format!(
            " (split by arbiter {}, this is {}: a split is merged by the version that made it)",
            header.arbiter,
            env!("CARGO_PKG_VERSION")
        )
    };
    let g = variants::setup(&Setup {
        variant: &header.variant,
        options: &header.rules,
        mutant: None,
        position: Some(&header.root),
        moves: &header.history,
    })
    .map_err(|e| Mismatch::header(format!("the header's game cannot be set up: {e}")))?;
    let first_moves = if header.at == 0 {
        vec![]
    } else {
        g.legal_texts()
    };
    if header.first_moves != first_moves {
        return Err(Mismatch::header(format!(
            "the header's first_moves are not the {} legal moves at the split root{other_version}",
            first_moves.len()
        )));
    }
    let mut budget = MAX_JOBS.saturating_mul(u64::from(header.at) + 2);
    match count_nodes(g.as_ref(), header.at, header.jobs, &mut budget) {
        Some(n) if n == header.jobs => {}
        Some(n) => {
            return Err(Mismatch::header(format!(
                "the header announces {} jobs, the split has {n} nodes at ply {}{other_version}",
                header.jobs, header.at
            )))
        }
        None => {
            return Err(Mismatch::header(format!(
                "the header announces {} jobs, the split has more nodes at ply {}{other_version}",
                header.jobs, header.at
            )))
        }
    }
    let mut id = 0u64;
    let mut first: Option<Mismatch> = None;
    g.split(header.at, &mut |moves, text| {
        if first.is_some() {
            return;
        }
        let want = Job {
            kind: "job".into(),
            digest: header.digest.clone(),
            job: id,
            variant: header.variant.clone(),
            rules: header.rules.clone(),
            root: header.root.clone(),
            history: header.history.clone(),
            moves: moves.to_vec(),
            position: text.to_string(),
            depth: header.depth - header.at,
        };
        let mismatch = match jobs(id) {
            None => Some(format!("job {id} is missing")),
            Some(got) if *got == want => None,
            Some(got) => Some(format!(
                "job {id} is not node {id} of the split: wrong {} (node {id} is [{}]){other_version}",
                differing_fields(&want, got).join(", "),
                moves.join(" ")
            )),
        };
        first = mismatch.map(|message| Mismatch {
            job: Some(id),
            message,
        });
        id += 1;
    });
    match first {
        Some(m) => Err(m),
        None => Ok(()),
    }
}

/// What one line of a job or result file is.
#[derive(Clone, Debug)]
pub(crate) enum Line {
    Header(Header),
    Job(Job),
    Result(JobResult),
}

/// Reads one line of a job or result file.
///
/// # Errors
/// A message saying what is wrong with it (the caller adds where).
pub(crate) fn parse_line(text: &str) -> Result<Line, String> {
    /// The `type` of a line, the other fields skipped (read once more
    /// into their own type: no JSON tree is built).
    #[derive(Deserialize)]
    struct Kind {
        #[serde(rename = "type", default)]
        kind: Option<serde_json::Value>,
    }
    let k: Kind = serde_json::from_str(text)
        .map_err(|e| format!("not a JSON line ({e}): {}", crate::core::error::echo(text)))?;
    let kind = k
        .kind
        .as_ref()
        .and_then(|t| t.as_str())
        .unwrap_or("")
        .to_string();
    let what = |e: serde_json::Error| format!("not a valid {kind} line: {e}");
    match kind.as_str() {
        "split" => serde_json::from_str(text).map(Line::Header).map_err(what),
        "job" => serde_json::from_str(text).map(Line::Job).map_err(what),
        "result" => serde_json::from_str(text).map(Line::Result).map_err(what),
        _ => Err(format!(
            "not a split, job or result line (its \"type\" must be one of them): {}",
            crate::core::error::echo(text)
        )),
    }
}

pub(crate) fn run(a: &SplitArgs) -> Result<i32, Exit> {
    if a.game.mutant.is_some() {
        return Err(Exit::input("split does not take --mutant"));
    }
    if a.at > a.depth {
        return Err(Exit::input(format!(
            "--at {} is deeper than --depth {} (the cut must be at a ply from 0 to the depth)",
            a.at, a.depth
        )));
    }
    let v = variants::get(&a.game.variant)?;
    let rules = v.rules(&a.game.rules, None)?;
    let root = match &a.game.position {
        Some(p) => p.trim().to_string(),
        None => (v.start)(&rules)?,
    };
    let g = GameArgs {
        position: Some(root.clone()),
        ..a.game.clone()
    }
    .game()?;
    // The job count is perft(at), counted under a node budget (a tree
    // with more jobs than allowed is not walked to the end).
    let counted = g.perft(
        a.at,
        &perft::PerftOptions {
            limit: perft::Limit::nodes(MAX_JOBS.saturating_mul(u64::from(a.at) + 2)),
            ..perft::PerftOptions::default()
        },
    );
    let jobs = match counted {
        Ok(jobs) if jobs <= MAX_JOBS => jobs,
        _ => {
            return Err(Exit::input(format!(
                "--at {} gives more than {MAX_JOBS} jobs: cut at a lower ply",
                a.at
            )))
        }
    };
    let digest = digest(
        &a.game.variant,
        &a.game.rules,
        &root,
        &a.game.moves,
        a.depth,
        a.at,
    );
    let header = Header {
        kind: "split".into(),
        arbiter: env!("CARGO_PKG_VERSION").into(),
        digest: digest.clone(),
        variant: a.game.variant.clone(),
        rules: a.game.rules.clone(),
        root: root.clone(),
        history: a.game.moves.clone(),
        depth: a.depth,
        at: a.at,
        jobs,
        first_moves: if a.at == 0 { vec![] } else { g.legal_texts() },
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut written = 0u64;
    let mut error = None;
    let mut line = |out: &mut dyn Write, v: String| {
        if error.is_none() {
            if let Err(e) = writeln!(out, "{v}") {
                error = Some(e);
            }
        }
    };
    line(&mut out, json(&header));
    g.split(a.at, &mut |moves, text| {
        let job = Job {
            kind: "job".into(),
            digest: digest.clone(),
            job: written,
            variant: a.game.variant.clone(),
            rules: a.game.rules.clone(),
            root: root.clone(),
            history: a.game.moves.clone(),
            moves: moves.to_vec(),
            position: text.to_string(),
            depth: a.depth - a.at,
        };
        written += 1;
        line(&mut out, json(&job));
    });
    let flushed = out.flush();
    if let Some(e) = error.or(flushed.err()) {
        return written_error(e);
    }
    assert_eq!(
        written, jobs,
        "split wrote {written} jobs, perft({}) is {jobs}",
        a.at
    );
    Ok(0)
}

/// A failed write to stdout ([`Exit::output`]: a reader that went away is
/// not our error).
pub(crate) fn written_error(e: std::io::Error) -> Result<i32, Exit> {
    Err(Exit::output(&e))
}

/// One line of JSON.
pub fn json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("serializable")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_is_sha256_of_the_fields() {
        let d = digest("fide", &[], "8/8 w", &[], 3, 1);
        assert_eq!(d.len(), 32);
        assert_eq!(d, digest("fide", &[], "8/8 w", &[], 3, 1));
        assert_ne!(d, digest("fide", &[], "8/8 w", &[], 3, 2));
        assert_ne!(d, digest("fide", &[], "8/8 w", &[], 4, 1));
        assert_ne!(d, digest("hop", &[], "8/8 w", &[], 3, 1));
        assert_ne!(d, digest("fide", &["x".into()], "8/8 w", &[], 3, 1));
        assert_ne!(d, digest("fide", &[], "8/8 w", &["e2e4".into()], 3, 1));
        // As documented: the JSON array through SHA-256 (FIPS 180 test
        // vector "abc"), the first 32 hex digits.
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let text = r#"["arbiter-split-1","fide",[],"8/8 w",[],3,1]"#;
        assert_eq!(d, sha256_hex(text.as_bytes())[..32]);
    }

    /// As documented: the job line as split writes it, in the array.
    #[test]
    fn the_check_covers_the_job_line_and_the_count() {
        let job = Job {
            kind: "job".into(),
            digest: digest("fide", &[], "8/8 w", &[], 3, 1),
            job: 7,
            variant: "fide".into(),
            rules: vec![],
            root: "8/8 w".into(),
            history: vec![],
            moves: vec!["e2e4".into()],
            position: "8/8 b".into(),
            depth: 2,
        };
        let text = format!("[\"arbiter-result-1\",{},600]", json(&job));
        assert!(text.contains(r#"{"type":"job","digest":"#), "{text}");
        let c = result_check(&job, 600);
        assert_eq!(c, sha256_hex(text.as_bytes())[..32]);
        assert_eq!(job.result(600).check, c);
        assert_ne!(result_check(&job, 601), c);
        let mut other = job.clone();
        other.position = "8/8 w".into();
        assert_ne!(result_check(&other, 600), c);
        other = job.clone();
        other.job = 8;
        assert_ne!(result_check(&other, 600), c);
    }

    #[test]
    fn lines_are_told_apart() {
        assert!(matches!(
            parse_line(
                r#"{"type":"result","digest":"x","job":1,"moves":[],"depth":0,"nodes":1,"arbiter":"0","check":"y"}"#
            ),
            Ok(Line::Result(_))
        ));
        let e = parse_line(r#"{"type":"result","digest":"x"}"#).unwrap_err();
        assert!(
            e.contains("result line") && e.contains("missing field"),
            "{e}"
        );
        assert!(parse_line(r#"{"type":"what"}"#)
            .unwrap_err()
            .contains("type"));
        assert!(parse_line("{\"type\":\"job\"")
            .unwrap_err()
            .contains("not a JSON line"));
        assert!(parse_line("hello").is_err());
    }
}
