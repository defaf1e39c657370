//! `arbiter variants`.

use clap::Args;

use super::{print_json, Exit};
use crate::core::{OptionKind, Rules};
use crate::variants;

#[derive(Args, Debug)]
pub struct VariantsArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &VariantsArgs) -> Result<i32, Exit> {
    let mut list = Vec::new();
    for v in variants::all() {
        let rules = Rules::parse(v.id, v.options, v.mutants, &[])?;
        let options: Vec<_> = v
            .options
            .iter()
            .map(|o| {
                let kind = match o.kind {
                    OptionKind::Flag => "flag".to_string(),
                    OptionKind::Int { min, max, default } => {
                        format!("{min}..={max}, default {default}")
                    }
                    OptionKind::Choice { values } => {
                        format!("one of {}, default {}", values.join(" "), values[0])
                    }
                    OptionKind::Letters { alphabet } => {
                        format!("letters of {alphabet}, none by default")
                    }
                };
                serde_json::json!({"name": o.name, "kind": kind, "doc": o.doc})
            })
            .collect();
        let mutants: Vec<_> = v.mutants.iter().map(|m| m.name).collect();
        list.push(serde_json::json!({"id": v.id, "name": v.name, "start": (v.start)(&rules).map_err(|e| Exit::input(e.to_string()))?, "options": options, "mutants": mutants}));
    }
    if a.json {
        print_json(&serde_json::Value::Array(list))?;
    } else {
        for v in &list {
            outln!(
                "{}  {}",
                v["id"].as_str().unwrap_or(""),
                v["name"].as_str().unwrap_or("")
            )?;
            outln!("  start: {}", v["start"].as_str().unwrap_or(""))?;
            for o in v["options"].as_array().into_iter().flatten() {
                outln!(
                    "  --rule {} ({}): {}",
                    o["name"].as_str().unwrap_or(""),
                    o["kind"].as_str().unwrap_or(""),
                    o["doc"].as_str().unwrap_or("")
                )?;
            }
        }
    }
    Ok(0)
}
