//! The command line. Exit codes: 0 ok / conformant, 1 conformance failure,
//! 2 usage or input error (one line on stderr, never a panic).

use clap::{Args, Parser, Subcommand};

use crate::core::DynGame;
use crate::variants::{self, Setup};

pub mod bisect;
pub mod check;
pub mod engine;
pub mod explain;
pub mod moves;
pub mod mutants;
pub mod perft;
pub mod play;
pub mod variants_cmd;

/// arbiter: reference rules interpreter and perft / conformance suite for
/// fide, sonic, hop, crazy, bosses and english.
#[derive(Parser, Debug)]
#[command(name = "arbiter", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the move sequences of exactly DEPTH turns (G3); prints one line.
    Perft(perft::PerftArgs),
    /// perft split by root move: "<move>: <n>" lines, a blank line, "Nodes searched: N".
    Divide(perft::PerftArgs),
    /// The canonical legal moves, one per line, sorted.
    Moves(moves::MovesArgs),
    /// Play the moves and print the resulting position text.
    Play(play::PlayArgs),
    /// Say whether MOVE is legal and which rule IDs decide it.
    Explain(explain::ExplainArgs),
    /// Run fixtures (default: fixtures/) and print "N passed, M failed".
    Check(check::CheckArgs),
    /// List the variants, their rule options and start positions.
    Variants(variants_cmd::VariantsArgs),
    /// Speak the engine protocol (JSON lines on stdin/stdout) as the reference.
    Engine(engine::EngineArgs),
    /// Walk the divide tree to the shortest sequence where an engine's moves differ.
    Bisect(bisect::BisectArgs),
    /// Run the fixtures against every mutant and print the mutation score.
    Mutants(mutants::MutantsArgs),
}

/// Which game and position a command is about.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Variant id: fide, sonic, hop, crazy, bosses, english.
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
    pub code: i32,
    pub message: String,
}

impl<E: Into<anyhow::Error>> From<E> for Exit {
    fn from(e: E) -> Self {
        let e: anyhow::Error = e.into();
        Exit {
            code: 2,
            message: format!("{e:#}").replace('\n', " "),
        }
    }
}

/// Runs a parsed command line; returns the exit code.
pub fn run(cli: Cli) -> i32 {
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
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {}", e.message);
            e.code
        }
    }
}

/// Parses `std::env::args` and runs; a panic becomes exit code 2 with a
/// one-line message (it would be a bug, but never a partial result).
pub fn main() -> i32 {
    let cli = Cli::parse();
    std::panic::set_hook(Box::new(|_| {}));
    match std::panic::catch_unwind(move || run(cli)) {
        Ok(code) => code,
        Err(p) => {
            let msg = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".into());
            if msg.contains("Broken pipe") {
                // The reader went away (`arbiter moves | head`): not an error of ours.
                return 0;
            }
            eprintln!(
                "error: internal error (please report): {}",
                msg.replace('\n', " ")
            );
            2
        }
    }
}

/// Prints a value as one line of JSON.
pub fn print_json(v: &serde_json::Value) {
    println!("{v}");
}

/// The fixture paths a command was given (default `fixtures/`), each of
/// which must exist.
///
/// # Errors
/// A missing path (exit code 2).
pub fn fixture_paths(given: &[std::path::PathBuf]) -> Result<Vec<std::path::PathBuf>, Exit> {
    let paths = if given.is_empty() {
        vec![std::path::PathBuf::from("fixtures")]
    } else {
        given.to_vec()
    };
    match paths.iter().find(|p| !p.exists()) {
        Some(p) => Err(Exit {
            code: 2,
            message: format!("no such fixture path: {}", p.display()),
        }),
        None => Ok(paths),
    }
}
