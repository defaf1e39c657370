//! `arbiter bisect`: finds the shortest move sequence after which an
//! engine's legal move list differs from the reference's (walking the
//! divide tree where perft disagrees), prints it with the move-set diff,
//! and with `--emit FILE` writes it as a regression fixture. Exit code 0
//! when engine and reference agree, 1 when they diverge or the engine
//! fails (crashes, hangs, answers nonsense), 2 for bad input.

use std::path::PathBuf;

use clap::Args;

use super::engine::EngineOpts;
use super::{Exit, GameArgs};
use crate::conformance::bisect::{self, Bisection};
use crate::conformance::{run_fixture, Backend, Reference, Request, RunOptions, Status};

#[derive(Args, Debug)]
pub struct BisectArgs {
    #[command(flatten)]
    pub engine: EngineOpts,
    #[command(flatten)]
    pub game: GameArgs,
    /// perft depth to compare at (at most 64).
    #[arg(long, value_parser = super::parse_depth, allow_hyphen_values = true)]
    pub depth: u32,
    /// Sequences followed per level of the walk.
    #[arg(long, default_value_t = 16, value_parser = super::parse_count::<usize>, allow_hyphen_values = true)]
    pub width: usize,
    /// Write the divergence as a regression fixture (id = file name); the
    /// folder must exist and the file must not (unless --force).
    #[arg(long, value_name = "FILE")]
    pub emit: Option<PathBuf>,
    /// Let --emit overwrite the file and create missing folders.
    #[arg(long)]
    pub force: bool,
    /// The rule ID the emitted fixture names (default: G3).
    #[arg(long = "rule-id", default_value = "G3")]
    pub rule_id: String,
    /// Threads for the reference's divide.
    #[arg(long, default_value_t = 1, value_parser = super::parse_threads, allow_hyphen_values = true)]
    pub threads: usize,
}

pub fn run(a: &BisectArgs) -> Result<i32, Exit> {
    // The setup must be valid for the reference (exit 2 otherwise).
    a.game.game()?;
    if a.engine.engine.is_none() && a.engine.perftree.is_none() {
        return Err(Exit::input("bisect needs --engine CMD (or --perftree CMD)"));
    }
    if let Some(path) = &a.emit {
        super::check_output(path, "--emit", a.force)?;
    }
    let Some(mut engine) = a.engine.backend()? else {
        return Err(Exit::input("bisect needs --engine CMD (or --perftree CMD)"));
    };
    let mut reference = Reference {
        threads: a.threads,
        mutant: a.game.mutant.clone(),
        ..Reference::default()
    };
    let base = Request {
        variant: a.game.variant.clone(),
        options: a.game.rules.clone(),
        position: a.game.position.clone(),
        moves: a.game.moves.clone(),
    };
    let mut log = |l: String| {
        let _ = outln!("{l}");
    };
    let result = bisect::bisect(
        &mut reference,
        engine.as_mut(),
        &base,
        a.depth,
        a.width.max(1),
        &mut log,
    )
    .map_err(|e| Exit::input(e.to_string()))?;
    let d = match result {
        Bisection::Agree { nodes } => {
            outln!("engine and reference agree: perft({}) = {nodes}", a.depth)?;
            return Ok(0);
        }
        Bisection::Inconclusive(why) => {
            outln!("inconclusive: {why}")?;
            return Ok(1);
        }
        Bisection::EngineFailed { sequence, message } => {
            let after = if sequence.is_empty() {
                "the setup".to_string()
            } else {
                format!("{} move(s): {}", sequence.len(), sequence.join(" "))
            };
            outln!("engine failed (after {after}): {message}")?;
            return Err(Exit::failure(format!(
                "the engine failed, so no divergence was searched further: {}",
                crate::core::error::one_line(&message, 200)
            )));
        }
        Bisection::Diverged(d) => d,
    };
    let full = Request {
        moves: [base.moves.clone(), d.sequence.clone()].concat(),
        ..base.clone()
    };
    let after = reference.position(&full).unwrap_or_else(|e| e.to_string());
    outln!()?;
    outln!(
        "divergence after {} move(s): {}",
        d.sequence.len(),
        if d.sequence.is_empty() {
            "(none)".into()
        } else {
            d.sequence.join(" ")
        }
    )?;
    outln!("variant:  {}", base.variant)?;
    if !base.options.is_empty() {
        outln!("options:  {}", base.options.join(" "))?;
    }
    outln!(
        "position: {}",
        base.position.as_deref().unwrap_or("(start)")
    )?;
    outln!("moves:    {}", full.moves.join(" "))?;
    outln!("reached:  {after}")?;
    let engine_count = d
        .engine
        .as_ref()
        .map_or("error".to_string(), |m| m.len().to_string());
    outln!(
        "legal moves: reference {}, engine {engine_count}",
        d.reference.len()
    )?;
    super::out(&d.diff())?;
    if let Some(path) = &a.emit {
        let id = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_else(|| "bisect".into());
        if !id.starts_with(&format!("{}-", a.rule_id)) {
            super::note(&format!(
                "warning: fixture file names start with a rule ID ({}-...)",
                a.rule_id
            ));
        }
        let f = bisect::fixture(&id, &a.rule_id, &base, &d, &engine.name(), a.depth);
        let text = serde_yaml::to_string(&f).map_err(|e| Exit::input(e.to_string()))?;
        super::write_output(
            path,
            "--emit",
            &format!("# Generated by arbiter bisect (regression fixture).\n{text}"),
            a.force,
        )?;
        let on_ref = run_fixture(&f, &mut reference, &RunOptions::default());
        let on_engine = run_fixture(&f, engine.as_mut(), &RunOptions::default());
        outln!(
            "wrote {} (reference: {}, engine: {})",
            path.display(),
            if on_ref == Status::Pass {
                "passes"
            } else {
                "FAILS"
            },
            match on_engine {
                Status::Pass => "passes",
                Status::Fail(_) => "fails",
                Status::Error(_) => "errors",
                Status::Skipped(_) => "skipped",
            }
        )?;
    }
    Ok(1)
}
