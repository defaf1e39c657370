//! The command line. Exit codes: 0 ok / conformant, 1 conformance failure
//! (including an engine under test that hangs, crashes or never answers
//! `hello`), 2 usage or input error, 3 internal error (a bug of arbiter).
//! Every error is one line on stderr (`error: ...` or
//! `internal error: ...`); with `--json` the same error is also printed on
//! stdout as one JSON object `{"error": {"kind", "message", "exit_code"}}`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::core::error::{one_line, DepthError};
use crate::core::perft as core_perft;
use crate::core::DynGame;
use crate::variants::{self, Setup};

/// `println!` through [`out`] (every command prints through it): returns
/// `Result<(), Exit>`.
macro_rules! outln {
    () => { $crate::cli::out("\n") };
    ($($t:tt)*) => { $crate::cli::out(&format!("{}\n", format_args!($($t)*))) };
}

pub(crate) mod bisect;
pub(crate) mod check;
pub(crate) mod engine;
pub(crate) mod explain;
pub(crate) mod export;
pub mod merge;
pub(crate) mod moves;
pub(crate) mod mutants;
pub(crate) mod perft;
pub(crate) mod play;
pub(crate) mod progress;
#[cfg(feature = "serve")]
pub(crate) mod serve;
pub mod split;
pub(crate) mod variants_cmd;

/// arbiter: reference rules interpreter and perft / conformance suite
/// (the variants of the registry: see [`command`]).
#[derive(Parser, Debug)]
#[command(name = "arbiter", version, about, long_about = None)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Count the move sequences of exactly DEPTH turns (G3); prints one line.
    Perft(perft::PerftArgs),
    /// perft split by root move: "<move>: <n>" lines, a blank line, "Nodes searched: N".
    Divide(perft::DivideArgs),
    /// The canonical legal moves, one per line, sorted.
    Moves(moves::MovesArgs),
    /// Play the moves and print the resulting position text.
    Play(play::PlayArgs),
    /// Say whether MOVE is legal and which rule IDs decide it.
    Explain(explain::ExplainArgs),
    /// Run fixtures (default: the suite built into arbiter) and print "N passed, M failed".
    Check(check::CheckArgs),
    /// List the variants, their rule options and start positions.
    Variants(variants_cmd::VariantsArgs),
    /// Speak the engine protocol (JSON lines on stdin/stdout) as the reference.
    Engine(engine::EngineArgs),
    /// Walk the divide tree to the shortest sequence where an engine's moves differ.
    Bisect(bisect::BisectArgs),
    /// Run the fixtures against every mutant and print the mutation score.
    Mutants(mutants::MutantsArgs),
    /// Cut a perft at one ply into jobs (JSON lines) for a scheduler; run them with `perft --job`.
    Split(split::SplitArgs),
    /// Check and add up the result lines of a split's jobs; prints the total.
    Merge(merge::MergeArgs),
    /// Write the perft expectations of fixtures as an EPD perft suite.
    Export(export::ExportArgs),
    /// Serve the adjudication page and the HTTP API (http://127.0.0.1:8080/ by default).
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
}

/// The command line with the variant ids of the registry in its help
/// (the top line, every `--variant` / `--engine-variant` option, and a
/// last line of the subcommands without one), so every `--help` names
/// every registered variant and cannot go stale.
pub(crate) fn command() -> clap::Command {
    use clap::CommandFactory;
    let ids = variants::all()
        .iter()
        .map(|v| v.id)
        .collect::<Vec<_>>()
        .join(", ");
    let with_ids = |arg: clap::Arg| {
        let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
        arg.help(format!("{} [variants: {ids}]", help.trim_end()))
    };
    Cli::command()
        .about(format!(
            "arbiter: reference rules interpreter and perft / conformance suite for {ids}"
        ))
        .mut_subcommands(|sub| {
            let names: Vec<String> = sub
                .get_arguments()
                .map(|a| a.get_id().to_string())
                .filter(|id| id == "variant" || id == "engine_variants")
                .collect();
            let sub = if names.is_empty() && sub.get_after_help().is_none() {
                sub.after_help(format!("Variants: {ids} (`arbiter variants` lists them)"))
            } else {
                sub
            };
            names
                .iter()
                .fold(sub, |sub, id| sub.mut_arg(id.as_str(), with_ids))
        })
}

/// Which game and position a command is about.
#[derive(Args, Debug, Clone)]
pub(crate) struct GameArgs {
    /// Variant id (`arbiter variants` lists them).
    #[arg(long)]
    pub variant: String,
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
}

impl GameArgs {
    /// Builds the position these arguments describe.
    ///
    /// # Errors
    /// The library's typed error (exit code 2).
    pub fn game(&self) -> Result<Box<dyn DynGame>, crate::core::Error> {
        variants::setup(&Setup {
            variant: &self.variant,
            options: &self.rules,
            mutant: self.mutant.as_deref(),
            position: self.position.as_deref(),
            moves: &self.moves,
        })
    }
}

/// An error that ends the command with an exit code.
#[derive(Debug)]
pub struct Exit {
    /// The exit code: 0 (a closed standard output), 1 (conformance
    /// failure), 2 (usage or input error) or 3 (internal error).
    pub code: i32,
    /// What went wrong, for `--json` (`usage`, `input`, `depth`, the
    /// fixture error kinds `variant`, `option`, `position`, ...).
    pub kind: String,
    /// The one-line message printed after `error: `.
    pub message: String,
}

impl Exit {
    /// A usage or input error (exit code 2).
    pub(crate) fn input(message: impl Into<String>) -> Exit {
        Exit {
            code: 2,
            kind: "input".into(),
            message: message.into(),
        }
    }
    /// A conformance failure that ends the command (exit code 1).
    pub(crate) fn failure(message: impl Into<String>) -> Exit {
        Exit {
            code: 1,
            kind: "conformance".into(),
            message: message.into(),
        }
    }
}

impl Exit {
    /// A failed write to standard output: a reader that went away
    /// (`arbiter moves | head -1`) ends the command quietly with exit code
    /// 0, any other error (a full disk) is exit code 2 with one line.
    pub(crate) fn output(e: &std::io::Error) -> Exit {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return Exit {
                code: 0,
                kind: CLOSED.into(),
                message: String::new(),
            };
        }
        Exit {
            code: 2,
            kind: OUTPUT.into(),
            message: format!("cannot write to standard output: {e}"),
        }
    }
}

/// [`Exit::kind`] of a closed standard output (exit code 0, no message).
const CLOSED: &str = "closed-output";
/// [`Exit::kind`] of a failed write to standard output.
const OUTPUT: &str = "output";

/// The first failed write to standard output of this command (later
/// writes are skipped: the output is already incomplete).
static OUTPUT_ERROR: Mutex<Option<(std::io::ErrorKind, String)>> = Mutex::new(None);

fn output_failed() -> Option<Exit> {
    let slot = OUTPUT_ERROR.lock().unwrap_or_else(|e| e.into_inner());
    slot.as_ref()
        .map(|(kind, text)| Exit::output(&std::io::Error::new(*kind, text.clone())))
}

fn keep_output_error(e: &std::io::Error) -> Exit {
    let mut slot = OUTPUT_ERROR.lock().unwrap_or_else(|e| e.into_inner());
    let exit = Exit::output(e);
    slot.get_or_insert((e.kind(), e.to_string()));
    exit
}

/// Writes `text` to standard output (every command prints through this or
/// [`outln!`]). After a failed write nothing more is written and every
/// call returns the error; [`run`] ends the command with it (exit code 0
/// for a closed reader, 2 otherwise), whatever the command returned.
///
/// # Errors
/// The write error as an [`Exit`].
pub(crate) fn out(text: &str) -> Result<(), Exit> {
    use std::io::Write;
    if let Some(e) = output_failed() {
        return Err(e);
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .map_err(|e| keep_output_error(&e))
}

/// Flushes standard output, keeping a failure as [`out`] does.
fn flush_output() {
    use std::io::Write;
    if output_failed().is_none() {
        if let Err(e) = std::io::stdout().lock().flush() {
            keep_output_error(&e);
        }
    }
}

/// A line on standard error (notes, warnings, errors). Standard error that
/// cannot be written is not reported anywhere: there is nowhere left.
pub(crate) fn note(text: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}");
    let _ = err.flush();
}

impl<E: Into<anyhow::Error>> From<E> for Exit {
    fn from(e: E) -> Self {
        let e: anyhow::Error = e.into();
        let kind = if let Some(err) = e.downcast_ref::<crate::core::Error>() {
            crate::conformance::protocol::kind_name(err.kind())
        } else if e.downcast_ref::<DepthError>().is_some() {
            "depth".into()
        } else {
            "input".into()
        };
        Exit {
            code: 2,
            kind,
            message: format!("{e:#}"),
        }
    }
}

/// The longest error message printed (longer ones are cut, saying so).
pub(crate) const MAX_MESSAGE: usize = 600;

/// The most threads `--threads` accepts.
pub(crate) const MAX_THREADS: usize = 256;

/// The longest `--timeout` accepted, in seconds (one day).
pub(crate) const MAX_TIMEOUT_SECS: f64 = 86_400.0;

/// `--threads`: 1 to [`MAX_THREADS`].
///
/// # Errors
/// A message naming the accepted range.
pub(crate) fn parse_threads(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "threads must be a whole number from 1 to {MAX_THREADS}"
        )),
    }
}

/// A count option (`--max-nodes`, `--max-failures`, `--width`): a whole
/// number, 0 or more.
///
/// # Errors
/// A message naming the accepted form (so a negative number is answered
/// as a bad value, and clap never suggests `-- -1`, which would make it a
/// path).
pub(crate) fn parse_count<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    s.trim()
        .parse::<T>()
        .map_err(|_| "must be a whole number, 0 or more".to_string())
}

/// `--depth`: 0 to [`core_perft::MAX_DEPTH`].
///
/// # Errors
/// A message naming the limit.
pub(crate) fn parse_depth(s: &str) -> Result<u32, String> {
    let n: u64 = s.trim().parse().map_err(|_| {
        format!(
            "depth must be a whole number from 0 to {}",
            core_perft::MAX_DEPTH
        )
    })?;
    let d = u32::try_from(n).map_err(|_| {
        DepthError {
            depth: n,
            max: core_perft::MAX_DEPTH,
        }
        .to_string()
    })?;
    core_perft::check_depth(d).map_err(|e| e.to_string())
}

/// `--timeout`: a positive number of seconds, at most [`MAX_TIMEOUT_SECS`].
///
/// # Errors
/// A message naming the accepted range.
pub(crate) fn parse_seconds(s: &str) -> Result<Duration, String> {
    let bad = || format!("must be a number of seconds above 0 and at most {MAX_TIMEOUT_SECS}");
    let x: f64 = s.trim().parse().map_err(|_| bad())?;
    if !(x > 0.0 && x <= MAX_TIMEOUT_SECS) {
        return Err(bad());
    }
    Duration::try_from_secs_f64(x).map_err(|_| bad())
}

impl Command {
    /// Whether the command was asked for JSON output.
    fn json(&self) -> bool {
        match self {
            Command::Perft(a) => a.json,
            Command::Divide(a) => a.json,
            Command::Merge(a) => a.json,
            Command::Moves(a) => a.json,
            Command::Play(a) => a.json,
            Command::Explain(a) => a.json,
            Command::Check(a) => a.json,
            Command::Variants(a) => a.json,
            Command::Mutants(a) => a.json,
            Command::Engine(_) | Command::Bisect(_) | Command::Split(_) | Command::Export(_) => {
                false
            }
            #[cfg(feature = "serve")]
            Command::Serve(_) => false,
        }
    }
}

/// Prints an error: one line on stderr, and with `json` one JSON object on
/// stdout.
/// With `json` but a standard output that already failed, only the line.
fn report(code: i32, kind: &str, prefix: &str, message: &str, json: bool) {
    let message = one_line(message, MAX_MESSAGE);
    if json && output_failed().is_none() {
        let _ = print_json(&serde_json::json!({
            "error": {"kind": kind, "message": message, "exit_code": code}
        }));
        flush_output();
    }
    note(&format!("{prefix}: {message}"));
}

/// Ends a command whose standard output failed: quietly with 0 for a
/// closed reader, else one line and exit code 2 (never as JSON: that would
/// go to the output that failed).
fn output_exit(e: Exit) -> i32 {
    if e.kind != CLOSED {
        report(e.code, &e.kind, "error", &e.message, false);
    }
    e.code
}

/// Runs a parsed command line; returns the exit code.
pub(crate) fn run(cli: Cli) -> i32 {
    *OUTPUT_ERROR.lock().unwrap_or_else(|e| e.into_inner()) = None;
    let json = cli.command.json();
    let result = match cli.command {
        Command::Perft(a) => perft::run_perft(&a),
        Command::Divide(a) => perft::run_divide(&a),
        Command::Moves(a) => moves::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Explain(a) => explain::run(&a),
        Command::Check(a) => check::run(&a),
        Command::Variants(a) => variants_cmd::run(&a),
        Command::Engine(a) => engine::run(&a),
        Command::Bisect(a) => bisect::run(&a),
        Command::Mutants(a) => mutants::run(&a),
        Command::Split(a) => split::run(&a),
        Command::Merge(a) => merge::run(&a),
        Command::Export(a) => export::run(&a),
        #[cfg(feature = "serve")]
        Command::Serve(a) => serve::run(&a),
    };
    flush_output();
    // Output that could not be written decides: the result is incomplete.
    if let Some(e) = output_failed() {
        return output_exit(e);
    }
    match result {
        Ok(code) => code,
        Err(e) if e.kind == CLOSED || e.kind == OUTPUT => output_exit(e),
        Err(e) => {
            report(e.code, &e.kind, "error", &e.message, json);
            e.code
        }
    }
}

/// The first panic message (with its place) since the last [`take_panic`].
static PANIC: Mutex<Option<String>> = Mutex::new(None);

fn take_panic() -> Option<String> {
    PANIC.lock().unwrap_or_else(|e| e.into_inner()).take()
}

/// A panic payload as text.
pub(crate) fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// Silences the default panic output and keeps the first panic's message
/// and place (of any thread) for the one-line `internal error` report.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let mut text = panic_text(info.payload());
        if let Some(l) = info.location() {
            text.push_str(&format!(" (at {}:{})", l.file(), l.line()));
        }
        let mut slot = PANIC.lock().unwrap_or_else(|e| e.into_inner());
        slot.get_or_insert(text);
    }));
}

/// A clap error as one line: the error and its tips, then where to look.
/// `--help` and `--version` keep clap's own output.
fn clap_error(e: clap::Error, sub: Option<&str>, json: bool) -> i32 {
    use clap::error::ErrorKind as K;
    if matches!(e.kind(), K::DisplayHelp | K::DisplayVersion) {
        return match e.print().and_then(|_| {
            use std::io::Write;
            std::io::stdout().flush()
        }) {
            Ok(()) => e.exit_code(),
            Err(w) => output_exit(Exit::output(&w)),
        };
    }
    if e.kind() == K::DisplayHelpOnMissingArgumentOrSubcommand {
        use clap::CommandFactory;
        let cmd = Cli::command();
        let (names, at) = match sub.and_then(|s| cmd.find_subcommand(s)) {
            Some(c) => (
                c.get_subcommands()
                    .map(|c| c.get_name())
                    .collect::<Vec<_>>(),
                format!("arbiter {}", c.get_name()),
            ),
            None => (
                cmd.get_subcommands()
                    .map(|c| c.get_name())
                    .collect::<Vec<_>>(),
                "arbiter".into(),
            ),
        };
        report(
            2,
            "usage",
            "error",
            &format!(
                "missing command, one of: {} (see '{at} --help')",
                names.join(", ")
            ),
            json,
        );
        return 2;
    }
    let text = e.render().to_string();
    let body = text
        .split_once("\nUsage:")
        .map_or(text.as_str(), |(b, _)| b);
    let mut line: String = body
        .lines()
        .map(str::trim)
        // No "to pass '-1' as a value, use '-- -1'": after `--` a value is a
        // path or a move here, never an option's value.
        .filter(|l| {
            !l.is_empty()
                && !l.starts_with("For more information")
                && !l.starts_with("tip: to pass")
        })
        .collect::<Vec<_>>()
        .join(" ");
    if let Some(l) = line.strip_prefix("error: ") {
        line = l.to_string();
    }
    // The subcommand given (clap's usage line names it only for some errors).
    let command = match sub {
        Some(sub) => format!("arbiter {sub}"),
        None => "arbiter".to_string(),
    };
    report(
        2,
        "usage",
        "error",
        &format!("{line} (see '{command} --help')"),
        json,
    );
    2
}

/// Parses the command line and runs it. A usage error is one line (exit
/// code 2); a panic anywhere is one line `internal error: <message>` on
/// stderr and exit code 3 (a bug of arbiter, never a partial result
/// presented as an answer).
pub fn main() -> i32 {
    main_from(std::env::args_os().collect())
}

/// [`main`] with the given arguments (the first is the program name).
pub(crate) fn main_from(args: Vec<OsString>) -> i32 {
    install_panic_hook();
    let json = args.iter().skip(1).any(|a| a == "--json");
    let parsed = command().try_get_matches_from(&args).and_then(|m| {
        use clap::FromArgMatches;
        Cli::from_arg_matches(&m)
    });
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            use clap::CommandFactory;
            let known = Cli::command();
            let sub = args
                .iter()
                .skip(1)
                .filter_map(|a| a.to_str())
                .find(|a| !a.starts_with('-'))
                .filter(|a| known.find_subcommand(a).is_some());
            return clap_error(e, sub, json);
        }
    };
    match guard(move || run(cli)) {
        Ok(code) => code,
        Err(msg) => {
            // A print that failed where no code expected it (a `println!`
            // somewhere): a write error, not a bug of ours.
            if let Some(rest) = msg.strip_prefix("failed printing to stdout: ") {
                let kind = if rest.contains("Broken pipe") {
                    std::io::ErrorKind::BrokenPipe
                } else {
                    std::io::ErrorKind::Other
                };
                let text = rest.split(" (at ").next().unwrap_or(rest);
                return output_exit(Exit::output(&std::io::Error::new(kind, text)));
            }
            if msg.starts_with("failed printing to stderr: ") {
                return 2;
            }
            report(3, "internal", "internal error", &msg, json);
            3
        }
    }
}

/// Runs `f`, turning a panic (of this or a worker thread) into its
/// message, with its place when the panic hook saw it.
fn guard(f: impl FnOnce() -> i32) -> Result<i32, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|p| {
        let msg = panic_text(p.as_ref());
        take_panic()
            .filter(|placed| placed.starts_with(&msg))
            .unwrap_or(msg)
    })
}

/// Prints a value as one line of JSON.
///
/// # Errors
/// A failed write ([`out`]).
pub(crate) fn print_json(v: &serde_json::Value) -> Result<(), Exit> {
    outln!("{v}")
}

/// Fixtures a command runs: the given files and folders, or with none the
/// suite built into the binary.
///
/// # Errors
/// A given path that does not exist (exit code 2).
pub(crate) fn fixture_suite(given: &[PathBuf]) -> Result<crate::conformance::Suite, Exit> {
    if given.is_empty() {
        return Ok(crate::conformance::Suite::Builtin);
    }
    match given.iter().find(|p| std::fs::symlink_metadata(p).is_err()) {
        Some(p) => Err(Exit::input(format!(
            "no such fixture path: {}",
            p.display()
        ))),
        None => Ok(crate::conformance::Suite::Paths(given.to_vec())),
    }
}

/// Checks, before any work, that `path` may be written by `flag`: the
/// file does not exist and its folder does, unless `force` (which
/// overwrites the file and creates the folder, now); and that it can be
/// written (a file is opened and removed again), so a run never ends by
/// losing its results. The rule of every output file (`--junit`,
/// `--write-xfail`, `--write-rerun`, `--emit`, `--svg`, `--png`).
///
/// # Errors
/// Exit code 2 naming the path and `--force`, or the OS error.
pub(crate) fn check_output(path: &Path, flag: &str, force: bool) -> Result<(), Exit> {
    refuse_existing(path, flag, force)?;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        if !force {
            return Err(Exit::input(format!(
                "{flag} {}: no folder {} (create it, or add --force)",
                path.display(),
                dir.display()
            )));
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| Exit::input(format!("{flag} {}: {e}", dir.display())))?;
    }
    let probe = if std::fs::symlink_metadata(path).is_ok() {
        std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map(|_| ())
    } else {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .and_then(|_| std::fs::remove_file(path))
    };
    probe.map_err(|e| Exit::input(format!("{flag} {}: cannot be written: {e}", path.display())))
}

/// The part of [`check_output`] that never overwrites: `path` must not
/// exist unless `force`.
///
/// # Errors
/// Exit code 2 naming the path and `--force`.
pub(crate) fn refuse_existing(path: &Path, flag: &str, force: bool) -> Result<(), Exit> {
    if !force && std::fs::symlink_metadata(path).is_ok() {
        return Err(Exit::input(format!(
            "{flag} {}: the file exists (add --force to overwrite it)",
            path.display()
        )));
    }
    Ok(())
}

/// `--svg FILE` and `--png FILE` of one picture: two different files,
/// each checked by [`check_output`].
///
/// # Errors
/// Exit code 2: the same file twice, or as [`check_output`].
pub(crate) fn check_pictures(
    svg: Option<&Path>,
    png: Option<&Path>,
    force: bool,
) -> Result<(), Exit> {
    if let (Some(s), Some(p)) = (svg, png) {
        let same = std::path::absolute(s).ok() == std::path::absolute(p).ok() || s == p;
        if same {
            return Err(Exit::input(format!(
                "--svg and --png name the same file {}: give two",
                s.display()
            )));
        }
    }
    for (p, flag) in [(svg, "--svg"), (png, "--png")] {
        if let Some(p) = p {
            check_output(p, flag, force)?;
        }
    }
    Ok(())
}

/// Writes an output file checked by [`check_output`] (with `force`, the
/// missing folders are created).
///
/// # Errors
/// Exit code 2 naming the path.
pub(crate) fn write_output(path: &Path, flag: &str, text: &str, force: bool) -> Result<(), Exit> {
    check_output(path, flag, force)?;
    std::fs::write(path, text).map_err(|e| Exit::input(format!("{flag} {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 16.7: a panic anywhere (here in a perft worker thread) becomes an
    /// internal error with the panic's own message and place.
    #[test]
    fn a_panic_is_an_internal_error_with_its_message() {
        install_panic_hook();
        let r = guard(|| {
            let items = [1, 2, 3, 4];
            let out = core_perft::parallel_map(&items, 2, |&i: &i32| {
                assert!(i != 3, "boom at item {i}");
                i
            });
            out.len() as i32
        });
        let msg = r.unwrap_err();
        assert!(msg.starts_with("boom at item 3"), "{msg}");
        assert_eq!(guard(|| 7), Ok(7));
    }

    #[test]
    fn values_are_checked() {
        assert_eq!(parse_threads("2"), Ok(2));
        for bad in ["0", "257", "-1", "x", ""] {
            assert!(parse_threads(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_depth("64"), Ok(64));
        assert!(parse_depth("65").unwrap_err().contains("limit of 64"));
        assert!(parse_depth("99999999999999")
            .unwrap_err()
            .contains("limit of 64"));
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        for bad in ["0", "-1", "1e20", "NaN", "inf", "86400.5"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
