//! `arbiter perft` and `arbiter divide`.

use clap::Args;

use super::{print_json, Exit, GameArgs};

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Number of turns (G3), at most perft::MAX_DEPTH (64).
    #[arg(long, value_parser = super::parse_depth, allow_hyphen_values = true)]
    pub depth: u32,
    /// Threads (1 to 256); the work is split at the root (same count for any N).
    #[arg(long, default_value_t = 1, value_parser = super::parse_threads, allow_hyphen_values = true)]
    pub threads: usize,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run_perft(a: &PerftArgs) -> Result<i32, Exit> {
    let g = a.game.game()?;
    let n = g.perft(a.depth, a.threads);
    if a.json {
        print_json(&serde_json::json!({"variant": a.game.variant, "depth": a.depth, "nodes": n}));
    } else {
        println!("{n}");
    }
    Ok(0)
}

pub fn run_divide(a: &PerftArgs) -> Result<i32, Exit> {
    let g = a.game.game()?;
    if a.depth == 0 {
        return Err(Exit::input("divide needs --depth of at least 1"));
    }
    let mut rows = g.divide(a.depth, a.threads);
    rows.sort();
    let total: u64 = rows.iter().map(|r| r.1).sum();
    if a.json {
        let moves: Vec<_> = rows
            .iter()
            .map(|(m, n)| serde_json::json!({"move": m, "nodes": n}))
            .collect();
        print_json(
            &serde_json::json!({"variant": a.game.variant, "depth": a.depth, "moves": moves, "nodes": total}),
        );
    } else {
        let mut out = String::new();
        for (m, n) in &rows {
            out.push_str(&format!("{m}: {n}\n"));
        }
        out.push_str(&format!("\nNodes searched: {total}"));
        println!("{out}");
    }
    Ok(0)
}
