//! `arbiter merge`: adds up the results of a split's jobs, after proving
//! that they are the split's total: the job file is exactly the split its
//! header describes (made again from the header, `split::verify`), and
//! every job has exactly one result whose check matches the job and its
//! count ([`split::result_check`]).
//!
//! Input: the job file of `arbiter split` (header and job lines) and the
//! result lines, from files or standard input, in any order. Exit codes:
//! 0 and the total (or a divide) when all is well; 1 when results are
//! missing, duplicated, damaged (the check does not match) or foreign (not
//! a job of this split as written, or from another arbiter version),
//! listed on stdout with the job ids to rerun; 2 on bad input (garbage, a
//! job file that is not the header's split, a line of another split),
//! naming the file and line. What this protects against: accidents and
//! mix-ups (CONFORMANCE.md, "Distributed and hash perft"), not a forger.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::PathBuf;

use clap::Args;

use super::perft::format_ids;
use super::split::{self, Header, Job, JobResult, Line};
use super::Exit;

// No doc comment: on a clap struct it would become help text; the
// `merge` subcommand and the `#[arg]` doc comments document it.
#[allow(missing_docs)]
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The job file and result files (JSON lines); none or `-`: standard input.
    pub files: Vec<PathBuf>,
    /// Print the divide by root move (`<move>: <n>` lines, a blank line,
    /// "Nodes searched: N"), as `arbiter divide` does.
    #[arg(long)]
    pub divide: bool,
    /// Accept results computed by another arbiter version.
    #[arg(long)]
    pub any_version: bool,
    /// On failure, write the job lines to rerun to FILE (a job file without
    /// header; a new file in an existing folder, unless --force).
    #[arg(long, value_name = "FILE")]
    pub write_rerun: Option<PathBuf>,
    /// Let --write-rerun overwrite a file and create its folder.
    #[arg(long)]
    pub force: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Where a line was read: file (or `stdin`) and 1-based line number.
#[derive(Clone, Debug)]
struct At {
    file: String,
    line: usize,
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// Every line of the input, read and sorted by kind.
#[derive(Default)]
struct Input {
    header: Option<(Header, At)>,
    jobs: BTreeMap<u64, (Job, String, At)>,
    results: Vec<(JobResult, At)>,
    /// Where the last job line was read.
    last_job: Option<At>,
}

/// The text of every input (standard input when none is named), by name.
///
/// # Errors
/// A file that cannot be read or is not UTF-8 (exit code 2).
pub(crate) fn read_all(files: &[PathBuf]) -> Result<Vec<(String, String)>, Exit> {
    let dash = PathBuf::from("-");
    let files: &[PathBuf] = if files.is_empty() {
        std::slice::from_ref(&dash)
    } else {
        files
    };
    if files.iter().filter(|f| f.as_os_str() == "-").count() > 1 {
        return Err(Exit::input("standard input (-) named twice"));
    }
    let mut out = Vec::new();
    for f in files {
        let (name, bytes) = if f.as_os_str() == "-" {
            let mut b = Vec::new();
            std::io::stdin()
                .read_to_end(&mut b)
                .map_err(|e| Exit::input(format!("stdin: {e}")))?;
            ("stdin".to_string(), b)
        } else {
            let b = std::fs::read(f).map_err(|e| Exit::input(format!("{}: {e}", f.display())))?;
            (f.display().to_string(), b)
        };
        match String::from_utf8(bytes) {
            Ok(t) => out.push((name, t)),
            Err(e) => {
                let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
                return Err(Exit::input(format!("{name}:{line}: not UTF-8 text")));
            }
        }
    }
    Ok(out)
}

fn parse(files: &[(String, String)]) -> Result<Input, Exit> {
    let mut input = Input::default();
    for (name, text) in files {
        for (i, raw) in text.lines().enumerate() {
            let at = At {
                file: name.clone(),
                line: i + 1,
            };
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            match split::parse_line(line).map_err(|e| Exit::input(format!("{at}: {e}")))? {
                Line::Header(h) => match &input.header {
                    Some((first, _)) if *first == h => {}
                    Some((first, where_)) => {
                        return Err(Exit::input(format!(
                            "{at}: a second split (digest {}; the first, at {where_}, is {}): merge one split at a time",
                            h.digest, first.digest
                        )))
                    }
                    None => input.header = Some((h, at)),
                },
                Line::Job(j) => {
                    if let Some((same, _, first)) = input.jobs.get(&j.job) {
                        if *same != j {
                            return Err(Exit::input(format!(
                                "{at}: job {} differs from the job {} read at {first}",
                                j.job, j.job
                            )));
                        }
                        continue;
                    }
                    input.last_job = Some(at.clone());
                    input.jobs.insert(j.job, (j, line.to_string(), at));
                }
                Line::Result(r) => input.results.push((r, at)),
            }
        }
    }
    Ok(input)
}

/// What is wrong with the results of a split (each makes exit code 1).
#[derive(Default, Debug)]
struct Problems {
    missing: Vec<u64>,
    /// Job id → its results (count, where).
    duplicate: BTreeMap<u64, Vec<(u64, At)>>,
    /// Results whose check does not match their job and count.
    damaged: Vec<(At, u64, String)>,
    /// Why each foreign result is not one of this split's.
    foreign: Vec<(At, String)>,
}

impl Problems {
    fn is_empty(&self) -> bool {
        self.missing.is_empty()
            && self.duplicate.is_empty()
            && self.damaged.is_empty()
            && self.foreign.is_empty()
    }
    /// The jobs to run again: missing ones and duplicates whose counts differ.
    fn rerun(&self) -> Vec<u64> {
        let mut ids = self.missing.clone();
        ids.extend(
            self.duplicate
                .iter()
                .filter(|(_, rs)| rs.iter().any(|r| r.0 != rs[0].0))
                .map(|(id, _)| *id),
        );
        ids.sort_unstable();
        ids.dedup();
        ids
    }
}

/// What a merge prints on stdout and how it ends.
#[derive(Debug)]
pub struct Merged {
    /// The total, the divide or the list of problems.
    pub stdout: String,
    /// The job lines to rerun (for `--write-rerun`), on failure.
    pub rerun: Option<String>,
    /// `Some` (exit code 1) when results are missing, duplicated, damaged
    /// or foreign.
    pub failure: Option<Exit>,
}

/// Checks the job file against its header and the results against the
/// jobs, and adds them up (u128, checked): what `arbiter merge` prints.
///
/// # Errors
/// Bad input (exit code 2), naming the file and line.
pub fn merge(a: &MergeArgs, files: &[(String, String)]) -> Result<Merged, Exit> {
    let input = parse(files)?;
    let Some((header, header_at)) = &input.header else {
        return Err(Exit::input(
            "no split header in the input: pass the job file written by `arbiter split` with the results",
        ));
    };
    if a.divide && header.at == 0 {
        return Err(Exit::input(
            "--divide needs a split at ply 1 or more (this split is at ply 0: one job, no root moves)",
        ));
    }
    // The job file: this split's jobs, all of them, and nothing else.
    for (j, _, at) in input.jobs.values() {
        if j.digest != header.digest {
            return Err(Exit::input(format!(
                "{at}: job line of another split (digest {}, this split's is {})",
                j.digest, header.digest
            )));
        }
        if j.job >= header.jobs {
            return Err(Exit::input(format!(
                "{at}: job {} is beyond the {} jobs its header ({header_at}) announces",
                j.job, header.jobs
            )));
        }
    }
    if input.jobs.len() as u64 != header.jobs {
        let at = input.last_job.clone().unwrap_or(header_at.clone());
        return Err(Exit::input(format!(
            "{at}: the job file ends after {} of the {} jobs its header ({header_at}) announces (truncated job file?)",
            input.jobs.len(),
            header.jobs
        )));
    }
    split::verify(header, &|id| input.jobs.get(&id).map(|j| &j.0)).map_err(|m| {
        let at = match m.job.and_then(|id| input.jobs.get(&id)) {
            Some((_, _, at)) => at.clone(),
            None => header_at.clone(),
        };
        Exit::input(format!("{at}: {}", m.message))
    })?;
    // The results: each of this split (else bad input), each matched.
    let mut problems = Problems::default();
    let mut counted: BTreeMap<u64, Vec<(u64, At)>> = BTreeMap::new();
    for (r, at) in &input.results {
        if r.digest != header.digest {
            return Err(Exit::input(format!(
                "{at}: result of another split (digest {}, this split's is {})",
                r.digest, header.digest
            )));
        }
        let why = match input.jobs.get(&r.job) {
            None => Some(format!("job {} is not a job of this split", r.job)),
            Some((j, _, _)) if j.moves != r.moves || j.depth != r.depth => Some(format!(
                "job {} is [{}] at depth {}, the result says [{}] at depth {}",
                r.job,
                j.moves.join(" "),
                j.depth,
                r.moves.join(" "),
                r.depth
            )),
            Some((j, _, _)) if r.check != split::result_check(j, r.nodes) => {
                problems.damaged.push((
                    at.clone(),
                    r.job,
                    format!(
                        "job {}: the check {} does not match the job and the count {} (a changed or damaged result line)",
                        r.job,
                        crate::core::error::echo(&r.check),
                        r.nodes
                    ),
                ));
                continue;
            }
            Some(_) if !a.any_version && r.arbiter != header.arbiter => Some(format!(
                "job {} was run by arbiter {}, the split ({header_at}) was made by {} (--any-version accepts it)",
                r.job, r.arbiter, header.arbiter
            )),
            Some(_) => None,
        };
        match why {
            Some(w) => problems.foreign.push((at.clone(), w)),
            None => counted
                .entry(r.job)
                .or_default()
                .push((r.nodes, at.clone())),
        }
    }
    problems.missing = (0..header.jobs)
        .filter(|id| !counted.contains_key(id))
        .collect();
    problems.duplicate = counted
        .iter()
        .filter(|(_, rs)| rs.len() > 1)
        .map(|(id, rs)| (*id, rs.clone()))
        .collect();
    if !problems.is_empty() {
        return Ok(fail(a, header, header_at, &input, &problems));
    }
    let overflow = || Exit::input("the total does not fit in 128 bits (damaged counts?)");
    let count = |id: &u64| u128::from(counted[id][0].0);
    let stdout = if a.divide {
        let mut rows: BTreeMap<&str, u128> =
            header.first_moves.iter().map(|m| (m.as_str(), 0)).collect();
        for (id, (j, _, at)) in &input.jobs {
            let first = j.moves.first().map(String::as_str).unwrap_or("");
            let Some(n) = rows.get_mut(first) else {
                return Err(Exit::input(format!(
                    "{at}: job {id} starts with '{first}', not a move of the header's first_moves"
                )));
            };
            *n = n.checked_add(count(id)).ok_or_else(overflow)?;
        }
        let rows: Vec<(String, u128)> = rows.into_iter().map(|(m, n)| (m.to_string(), n)).collect();
        let total = rows
            .iter()
            .try_fold(0u128, |t, r| t.checked_add(r.1))
            .ok_or_else(overflow)?;
        if a.json {
            let moves: Vec<_> = rows
                .iter()
                .map(|(m, n)| serde_json::json!({"move": m, "nodes": n}))
                .collect();
            format!(
                "{}\n",
                serde_json::json!({"variant": header.variant, "depth": header.depth, "moves": moves, "nodes": total})
            )
        } else {
            super::perft::divide_text(&rows)
        }
    } else {
        let total = input
            .jobs
            .keys()
            .try_fold(0u128, |t, id| t.checked_add(count(id)))
            .ok_or_else(overflow)?;
        if a.json {
            format!(
                "{}\n",
                serde_json::json!({"variant": header.variant, "depth": header.depth, "nodes": total})
            )
        } else {
            format!("{total}\n")
        }
    };
    Ok(Merged {
        stdout,
        rerun: None,
        failure: None,
    })
}

pub(crate) fn run(a: &MergeArgs) -> Result<i32, Exit> {
    if let Some(p) = &a.write_rerun {
        super::check_output(p, "--write-rerun", a.force)?;
    }
    let files = read_all(&a.files)?;
    let merged = merge(a, &files)?;
    super::out(&merged.stdout)?;
    if let (Some(path), Some(text)) = (&a.write_rerun, &merged.rerun) {
        super::write_output(path, "--write-rerun", text, a.force)?;
    }
    match merged.failure {
        Some(e) => Err(e),
        None => Ok(0),
    }
}

fn fail(a: &MergeArgs, header: &Header, header_at: &At, input: &Input, p: &Problems) -> Merged {
    let rerun = p.rerun();
    let job_file = if header_at.file == "stdin" {
        "JOBS".to_string()
    } else {
        header_at.file.clone()
    };
    let mut out = String::new();
    if a.json {
        let dup: Vec<_> = p
            .duplicate
            .iter()
            .map(|(id, rs)| serde_json::json!({"job": id, "nodes": rs.iter().map(|r| r.0).collect::<Vec<_>>(), "at": rs.iter().map(|r| r.1.to_string()).collect::<Vec<_>>()}))
            .collect();
        let damaged: Vec<_> = p
            .damaged
            .iter()
            .map(
                |(at, id, why)| serde_json::json!({"at": at.to_string(), "job": id, "reason": why}),
            )
            .collect();
        let foreign: Vec<_> = p
            .foreign
            .iter()
            .map(|(at, why)| serde_json::json!({"at": at.to_string(), "reason": why}))
            .collect();
        out.push_str(&format!(
            "{}\n",
            serde_json::json!({"digest": header.digest, "jobs": header.jobs, "missing": p.missing, "duplicate": dup, "damaged": damaged, "foreign": foreign, "rerun": rerun})
        ));
    } else {
        if !p.missing.is_empty() {
            out.push_str(&format!(
                "missing: {} of {} jobs: {}\n",
                p.missing.len(),
                header.jobs,
                format_ids(&p.missing)
            ));
        }
        for (id, rs) in &p.duplicate {
            let counts: Vec<String> = rs.iter().map(|r| r.0.to_string()).collect();
            let places: Vec<String> = rs.iter().map(|r| r.1.to_string()).collect();
            let verdict = if rs.iter().all(|r| r.0 == rs[0].0) {
                "equal counts: keep one line"
            } else {
                "counts differ: rerun it"
            };
            out.push_str(&format!(
                "duplicate: job {id}: {} results ({}) at {}: {verdict}\n",
                rs.len(),
                counts.join(", "),
                places.join(", ")
            ));
        }
        for (at, _, why) in &p.damaged {
            out.push_str(&format!("damaged: {at}: {why}\n"));
        }
        for (at, why) in &p.foreign {
            out.push_str(&format!("foreign: {at}: {why}\n"));
        }
        if !rerun.is_empty() {
            out.push_str(&format!(
                "rerun: arbiter perft --job-file {job_file} --job-id {}\n",
                format_ids(&rerun)
            ));
        }
    }
    let mut text = String::new();
    for id in &rerun {
        text.push_str(&input.jobs[id].1);
        text.push('\n');
    }
    Merged {
        stdout: out,
        rerun: Some(text),
        failure: Some(Exit::failure(format!(
            "{} missing, {} duplicated, {} damaged, {} foreign result(s) of {} jobs (listed on stdout)",
            p.missing.len(),
            p.duplicate.len(),
            p.damaged.len(),
            p.foreign.len(),
            header.jobs
        ))),
    }
}
