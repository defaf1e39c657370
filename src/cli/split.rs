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
use crate::variants::{self, Setup};

/// The most jobs one split may have.
pub const MAX_JOBS: u64 = 10_000_000;

/// The tag of the digested fields: a new layout gets a new tag.
const DIGEST_TAG: &str = "arbiter-split-1";

#[derive(Args, Debug)]
pub struct SplitArgs {
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
    #[serde(rename = "type")]
    pub kind: String,
    /// The arbiter version that split.
    pub arbiter: String,
    /// [`digest`] of the split's fields.
    pub digest: String,
    pub variant: String,
    pub rules: Vec<String>,
    /// The root position text (the start position when none was given).
    pub root: String,
    /// Moves played from the root before the split root (`--moves`).
    pub history: Vec<String>,
    pub depth: u32,
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
    #[serde(rename = "type")]
    pub kind: String,
    pub digest: String,
    pub job: u64,
    pub variant: String,
    pub rules: Vec<String>,
    pub root: String,
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
    #[serde(rename = "type")]
    pub kind: String,
    pub digest: String,
    pub job: u64,
    pub moves: Vec<String>,
    pub depth: u32,
    pub nodes: u64,
    /// The arbiter version that ran the job.
    pub arbiter: String,
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

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
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
        }
    }
}

/// What one line of a job or result file is.
#[derive(Clone, Debug)]
pub enum Line {
    Header(Header),
    Job(Job),
    Result(JobResult),
}

/// Reads one line of a job or result file.
///
/// # Errors
/// A message saying what is wrong with it (the caller adds where).
pub fn parse_line(text: &str) -> Result<Line, String> {
    let v: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| format!("not a JSON line ({e}): {}", crate::core::error::echo(text)))?;
    let kind = v
        .get("type")
        .and_then(|t| t.as_str())
        .unwrap_or("")
        .to_string();
    let what = |e: serde_json::Error| format!("not a valid {kind} line: {e}");
    match kind.as_str() {
        "split" => serde_json::from_value(v).map(Line::Header).map_err(what),
        "job" => serde_json::from_value(v).map(Line::Job).map_err(what),
        "result" => serde_json::from_value(v).map(Line::Result).map_err(what),
        _ => Err(format!(
            "not a split, job or result line (its \"type\" must be one of them): {}",
            crate::core::error::echo(text)
        )),
    }
}

pub fn run(a: &SplitArgs) -> Result<i32, Exit> {
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

/// A failed write to stdout: a reader that went away is not our error.
pub fn written_error(e: std::io::Error) -> Result<i32, Exit> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return Ok(0);
    }
    Err(Exit::input(format!("cannot write to standard output: {e}")))
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

    #[test]
    fn lines_are_told_apart() {
        assert!(matches!(
            parse_line(
                r#"{"type":"result","digest":"x","job":1,"moves":[],"depth":0,"nodes":1,"arbiter":"0"}"#
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
