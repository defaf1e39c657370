//! `arbiter explain`.

use clap::Args;

use super::{print_json, Exit, GameArgs};

#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The move to judge, in the variant's notation. After `--moves`
    /// (which takes every following value) it may be left out: the last
    /// value of `--moves` is then the move judged.
    #[arg(value_name = "MOVE")]
    pub mv: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write a picture of the position and the move as SVG to FILE
    /// (never over an existing file, and only into an existing folder,
    /// unless --force).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Also write a picture of the position and the move as PNG to FILE
    /// (as --svg: a new file in an existing folder, unless --force).
    #[arg(long, value_name = "FILE")]
    pub png: Option<std::path::PathBuf>,
    /// Let --svg and --png overwrite files and create their folders.
    #[arg(long)]
    pub force: bool,
}

pub fn run(a: &ExplainArgs) -> Result<i32, Exit> {
    let mut game = a.game.clone();
    let mv = match &a.mv {
        Some(mv) => mv.clone(),
        None => game
            .moves
            .pop()
            .ok_or_else(|| Exit::input("explain needs a MOVE to judge"))?,
    };
    super::check_pictures(a.svg.as_deref(), a.png.as_deref(), a.force)?;
    let g = game.game()?;
    // The move judged is no move of the history: its error names no ply
    // ("move 1" would point into --moves), only its kind.
    let v = g.explain(&mv).map_err(|error| {
        let kind = crate::core::Error::Move {
            ply: 0,
            error: error.clone(),
        }
        .kind();
        Exit {
            code: 2,
            kind: crate::conformance::protocol::kind_name(kind),
            message: error.to_string(),
        }
    })?;
    crate::render::explain_files(g.as_ref(), &mv, &v, a.svg.as_deref(), a.png.as_deref())?;
    if a.json {
        print_json(&serde_json::json!({
            "move": v.text, "legal": v.legal, "rules": v.rules, "reason": v.reason,
        }))?;
    } else {
        let verdict = if v.legal { "legal" } else { "illegal" };
        let rules = if v.rules.is_empty() {
            String::new()
        } else {
            format!(" [{}]", v.rules.join(", "))
        };
        outln!(
            "{verdict}: {}: {}{rules}",
            v.text,
            without_named_ids(&v.reason, &v.rules)
        )?;
    }
    Ok(0)
}

/// `reason` without a last `(ID, ...)` that only repeats rule IDs of
/// `rules` (the line names them once, in brackets).
fn without_named_ids<'a>(reason: &'a str, rules: &[&str]) -> &'a str {
    let Some(head) = reason.strip_suffix(')') else {
        return reason;
    };
    match head.rsplit_once(" (") {
        Some((text, ids)) if ids.split(", ").all(|id| rules.contains(&id)) => text,
        _ => reason,
    }
}

#[cfg(test)]
mod tests {
    use super::without_named_ids;

    #[test]
    fn rule_ids_are_said_once() {
        let rules = ["DEN-2", "CRZ-P1"];
        assert_eq!(
            without_named_ids("denied move may not be replayed (DEN-2)", &rules),
            "denied move may not be replayed"
        );
        // Other words in parentheses, or IDs the line does not name, stay.
        assert_eq!(
            without_named_ids("a move (see X-1)", &rules),
            "a move (see X-1)"
        );
        assert_eq!(
            without_named_ids("a move (GLN-1)", &rules),
            "a move (GLN-1)"
        );
        assert_eq!(without_named_ids("a legal move", &rules), "a legal move");
    }
}
