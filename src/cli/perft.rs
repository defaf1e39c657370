//! `arbiter perft` and `arbiter divide`, and the job runner of a
//! distributed perft (`perft --job LINE`, `perft --job-file FILE`).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use clap::Args;

use super::progress::{self, Bar};
use super::split::{self, Job, Line};
use super::{print_json, Exit, GameArgs};
use crate::core::perft::{PerftOptions, Progress, Stopped, Table};
use crate::core::DynGame;

/// The largest `--hash` in MiB (1 TiB).
pub const MAX_HASH_MB: u64 = 1 << 20;

/// `--hash`: 0 (no table) to [`MAX_HASH_MB`] MiB.
///
/// # Errors
/// A message naming the accepted range.
pub fn parse_hash(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if n <= MAX_HASH_MB => Ok(n),
        _ => Err(format!(
            "hash must be a whole number of MiB from 0 (no table) to {MAX_HASH_MB}"
        )),
    }
}

/// How a perft is run: threads, table, progress.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Threads (1 to 256); the work is split at the root (same count for any N).
    #[arg(long, default_value_t = 1, value_parser = super::parse_threads, allow_hyphen_values = true)]
    pub threads: usize,
    /// Transposition table of MB MiB shared by the threads (0 = none);
    /// the counts are the same, the work smaller.
    #[arg(long, value_name = "MB", default_value_t = 0, value_parser = parse_hash, allow_hyphen_values = true)]
    pub hash: u64,
    /// No progress display on stderr (it is shown only when stderr is a terminal).
    #[arg(long, short)]
    pub quiet: bool,
}

impl RunArgs {
    /// Runs `f` with the perft options these arguments ask for: threads,
    /// the table, and the progress counters when a display is shown.
    fn run<R>(
        &self,
        units: Option<(Arc<AtomicU64>, u64)>,
        f: impl FnOnce(&PerftOptions) -> R,
    ) -> Result<R, Exit> {
        let table = match self.hash {
            0 => None,
            mb => Some(
                Table::with_megabytes(mb).map_err(|e| Exit::input(format!("--hash {mb}: {e}")))?,
            ),
        };
        let show = progress::wanted(self.quiet);
        let counters = Arc::new(Progress::default());
        let bar = Bar::for_perft(show, &counters, units);
        let options = PerftOptions {
            threads: self.threads,
            table: table.as_ref(),
            progress: show.then_some(&*counters),
            ..PerftOptions::default()
        };
        let r = f(&options);
        drop(bar);
        Ok(r)
    }
}

/// The count of a perft run without a limit (which never stops early).
fn whole<T>(r: Result<T, Stopped>) -> T {
    r.unwrap_or_else(|s| unreachable!("a perft without a limit stopped: {s}"))
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Variant id (`arbiter variants` lists them).
    #[arg(long, required_unless_present_any = ["job", "job_file"])]
    pub variant: Option<String>,
    /// Position text (the variant's extended FEN); default: start position.
    #[arg(long)]
    pub position: Option<String>,
    /// Moves played from the position first (end the list with `--` before a positional argument).
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// Rule option, `name` or `name=value` (repeatable), e.g. springs, boss-hp=4.
    #[arg(long = "rule", num_args = 1..)]
    pub rules: Vec<String>,
    /// Play a deliberately misread rule (mutation testing).
    #[arg(long, hide = true)]
    pub mutant: Option<String>,
    /// Number of turns (G3), at most 64.
    #[arg(long, value_parser = super::parse_depth, allow_hyphen_values = true,
          required_unless_present_any = ["job", "job_file"])]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Run one job line written by `arbiter split`; prints its result line.
    #[arg(long, value_name = "LINE",
          conflicts_with_all = ["variant", "position", "moves", "rules", "mutant", "depth", "job_file", "json"])]
    pub job: Option<String>,
    /// Run the jobs of a job file written by `arbiter split` (all, or
    /// those of --job-id / --chunk); one result line each, in job order.
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["variant", "position", "moves", "rules", "mutant", "depth", "json"])]
    pub job_file: Option<PathBuf>,
    /// Only these job ids, e.g. `7` or `0-99,250` (with --job-file).
    #[arg(long, value_name = "IDS", requires = "job_file", conflicts_with = "chunk",
          value_parser = parse_ids, allow_hyphen_values = true)]
    pub job_id: Option<IdRanges>,
    /// Only chunk I of N (0 ≤ I < N): the jobs whose id is I modulo N
    /// (with --job-file; for job arrays).
    #[arg(long, value_name = "I/N", requires = "job_file", value_parser = parse_chunk, allow_hyphen_values = true)]
    pub chunk: Option<(u64, u64)>,
}

/// `arbiter divide`'s arguments.
#[derive(Args, Debug)]
pub struct DivideArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Number of turns (G3), at most 64.
    #[arg(long, value_parser = super::parse_depth, allow_hyphen_values = true)]
    pub depth: u32,
    #[command(flatten)]
    pub run: RunArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Job ids as inclusive ranges (`--job-id 0-99,250`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdRanges(pub Vec<(u64, u64)>);

/// `--job-id`: ids and ranges, `7`, `0-99,250`.
///
/// # Errors
/// A message naming the accepted form.
pub fn parse_ids(s: &str) -> Result<IdRanges, String> {
    let bad =
        || format!("'{s}': job ids are numbers and ranges separated by commas, e.g. 7 or 0-99,250");
    let mut out = Vec::new();
    for part in s.split(',') {
        let part = part.trim();
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (part, part),
        };
        let (a, b): (u64, u64) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
        if a > b {
            return Err(bad());
        }
        out.push((a, b));
    }
    Ok(IdRanges(out))
}

/// Job ids as `--job-id` takes them: `0-2,7`.
pub fn format_ids(ids: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < ids.len() {
        let mut j = i;
        while j + 1 < ids.len() && ids[j + 1] == ids[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            ids[i].to_string()
        } else {
            format!("{}-{}", ids[i], ids[j])
        });
        i = j + 1;
    }
    parts.join(",")
}

/// `--chunk I/N`.
///
/// # Errors
/// A message naming the accepted form.
pub fn parse_chunk(s: &str) -> Result<(u64, u64), String> {
    let bad = || format!("'{s}': a chunk is I/N with 0 <= I < N, e.g. 3/16");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (i, n): (u64, u64) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if i >= n {
        return Err(bad());
    }
    Ok((i, n))
}

impl PerftArgs {
    fn game_args(&self) -> GameArgs {
        GameArgs {
            variant: self.variant.clone().unwrap_or_default(),
            position: self.position.clone(),
            moves: self.moves.clone(),
            rules: self.rules.clone(),
            mutant: self.mutant.clone(),
        }
    }
}

pub fn run_perft(a: &PerftArgs) -> Result<i32, Exit> {
    // (clap's `requires` is not checked beside the conflicting flags.)
    if a.job_file.is_none() && (a.job_id.is_some() || a.chunk.is_some()) {
        return Err(Exit::input(
            "--job-id and --chunk select jobs of a --job-file: give one",
        ));
    }
    if let Some(line) = &a.job {
        return run_jobs(a, vec![read_job_line(line)?]);
    }
    if let Some(path) = &a.job_file {
        let jobs = read_job_file(path)?;
        let jobs = select(jobs, a)?;
        return run_jobs(a, jobs);
    }
    let g = a.game_args().game()?;
    let depth = a.depth.unwrap_or(0);
    let n = whole(a.run.run(None, |o| g.perft(depth, o))?);
    if a.json {
        print_json(&serde_json::json!({"variant": a.variant, "depth": depth, "nodes": n}))?;
    } else {
        outln!("{n}")?;
    }
    Ok(0)
}

pub fn run_divide(a: &DivideArgs) -> Result<i32, Exit> {
    let g = a.game.game()?;
    if a.depth == 0 {
        return Err(Exit::input("divide needs --depth of at least 1"));
    }
    let mut rows = whole(a.run.run(None, |o| g.divide(a.depth, o))?);
    rows.sort();
    let total: u64 = rows.iter().map(|r| r.1).sum();
    if a.json {
        let moves: Vec<_> = rows
            .iter()
            .map(|(m, n)| serde_json::json!({"move": m, "nodes": n}))
            .collect();
        print_json(
            &serde_json::json!({"variant": a.game.variant, "depth": a.depth, "moves": moves, "nodes": total}),
        )?;
    } else {
        super::out(&divide_text(&rows))?;
    }
    Ok(0)
}

/// The text of a divide: sorted `<move>: <n>` rows, a blank line,
/// `Nodes searched: N`.
pub fn divide_text<N: std::fmt::Display + Copy + std::iter::Sum<N>>(
    rows: &[(String, N)],
) -> String {
    let mut out = String::new();
    for (m, n) in rows {
        out.push_str(&format!("{m}: {n}\n"));
    }
    let total: N = rows.iter().map(|r| r.1).sum();
    out.push_str(&format!("\nNodes searched: {total}\n"));
    out
}

fn read_job_line(line: &str) -> Result<Job, Exit> {
    match split::parse_line(line.trim()) {
        Ok(Line::Job(j)) => Ok(j),
        Ok(Line::Header(_)) => Err(Exit::input(
            "--job: this is the split's header line, not a job (skip the first line of the job file)",
        )),
        Ok(Line::Result(_)) => Err(Exit::input("--job: this is a result line, not a job")),
        Err(e) => Err(Exit::input(format!("--job: {e}"))),
    }
}

/// The job lines of a job file; when it starts with a header, the file
/// must hold every job the header announces, in order, and be exactly the
/// split the header describes ([`split::verify`]).
fn read_job_file(path: &std::path::Path) -> Result<Vec<Job>, Exit> {
    let name = path.display();
    let text = std::fs::read(path).map_err(|e| Exit::input(format!("--job-file {name}: {e}")))?;
    let text = String::from_utf8(text)
        .map_err(|_| Exit::input(format!("--job-file {name}: not UTF-8 text")))?;
    let mut header = None;
    let mut jobs: Vec<Job> = Vec::new();
    let (mut job_lines, mut header_line) = (Vec::new(), 0);
    let mut last = 0;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        last = n;
        match split::parse_line(line.trim()) {
            Ok(Line::Header(h)) if header.is_none() && jobs.is_empty() => {
                header = Some(h);
                header_line = n;
            }
            Ok(Line::Header(_)) => {
                return Err(Exit::input(format!("{name}:{n}: a second header line")))
            }
            Ok(Line::Job(j)) => {
                if let Some(h) = &header {
                    if j.digest != h.digest {
                        return Err(Exit::input(format!(
                            "{name}:{n}: job of another split (digest {}, the header's is {})",
                            j.digest, h.digest
                        )));
                    }
                    if j.job != jobs.len() as u64 {
                        return Err(Exit::input(format!(
                            "{name}:{n}: job {} where job {} belongs (the jobs of a split are numbered from 0, in order)",
                            j.job,
                            jobs.len()
                        )));
                    }
                }
                jobs.push(j);
                job_lines.push(n);
            }
            Ok(Line::Result(_)) => {
                return Err(Exit::input(format!(
                    "{name}:{n}: a result line in a job file"
                )))
            }
            Err(e) => return Err(Exit::input(format!("{name}:{n}: {e}"))),
        }
    }
    if let Some(h) = &header {
        if jobs.len() as u64 != h.jobs {
            return Err(Exit::input(format!(
                "{name}:{last}: the file ends after {} of the {} jobs its header announces (truncated job file?)",
                jobs.len(),
                h.jobs
            )));
        }
        // The jobs are the split the header describes (as merge proves it):
        // a job copied over another is found before anything runs.
        split::verify(h, &|id| usize::try_from(id).ok().and_then(|i| jobs.get(i))).map_err(
            |m| {
                let line = m.job.map_or(header_line, |id| job_lines[id as usize]);
                Exit::input(format!("{name}:{line}: {}", m.message))
            },
        )?;
    }
    Ok(jobs)
}

/// The jobs `--job-id` or `--chunk` select (all without them).
fn select(jobs: Vec<Job>, a: &PerftArgs) -> Result<Vec<Job>, Exit> {
    if let Some(IdRanges(ranges)) = &a.job_id {
        let known: std::collections::BTreeSet<u64> = jobs.iter().map(|j| j.job).collect();
        for &(lo, hi) in ranges {
            if let Some(id) = (lo..=hi).find(|id| !known.contains(id)) {
                return Err(Exit::input(format!(
                    "--job-id: no job {id} in the job file"
                )));
            }
        }
        return Ok(jobs
            .into_iter()
            .filter(|j| ranges.iter().any(|&(lo, hi)| (lo..=hi).contains(&j.job)))
            .collect());
    }
    if let Some((i, n)) = a.chunk {
        return Ok(jobs.into_iter().filter(|j| j.job % n == i).collect());
    }
    Ok(jobs)
}

/// Checks and sets every job up first (no result line before all are
/// known good), then counts each and prints its result line.
fn run_jobs(a: &PerftArgs, jobs: Vec<Job>) -> Result<i32, Exit> {
    let games: Vec<(Job, Box<dyn DynGame>)> = jobs
        .into_iter()
        .map(|j| {
            let g = j.prepare()?;
            Ok((j, g))
        })
        .collect::<Result<_, Exit>>()?;
    let done = Arc::new(AtomicU64::new(0));
    let units = Some((Arc::clone(&done), games.len() as u64));
    a.run.run(units, |o| -> Result<i32, Exit> {
        for (job, g) in &games {
            let nodes = whole(g.perft(job.depth, o));
            let line = split::json(&job.result(nodes));
            if let Err(e) = writeln_flush(&line) {
                return split::written_error(e);
            }
            done.fetch_add(1, Ordering::Relaxed);
        }
        Ok(0)
    })?
}

fn writeln_flush(line: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_chunks() {
        assert_eq!(parse_ids("7"), Ok(IdRanges(vec![(7, 7)])));
        assert_eq!(
            parse_ids("0-99, 250"),
            Ok(IdRanges(vec![(0, 99), (250, 250)]))
        );
        for bad in ["", "x", "5-3", "1,,2", "-1"] {
            assert!(parse_ids(bad).is_err(), "{bad}");
        }
        assert_eq!(format_ids(&[0, 1, 2, 7, 9, 10]), "0-2,7,9-10");
        assert_eq!(
            parse_ids(&format_ids(&[3, 4, 8])),
            Ok(IdRanges(vec![(3, 4), (8, 8)]))
        );
        assert_eq!(parse_chunk("3/16"), Ok((3, 16)));
        for bad in ["16/16", "1", "a/2", "0/0"] {
            assert!(parse_chunk(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_hash("0"), Ok(0));
        assert!(parse_hash("-1").is_err() && parse_hash(&format!("{}", MAX_HASH_MB + 1)).is_err());
    }
}
