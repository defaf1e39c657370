//! `arbiter engine`: the reference speaking the engine protocol on stdin /
//! stdout (CONFORMANCE.md "Validating another implementation"), optionally
//! with a deliberately misread rule (`--mutant`). Also the engine options
//! shared by `check` and `bisect`.

use std::time::Duration;

use clap::{Args, ValueEnum};

use super::Exit;
use crate::conformance::backend::mutant_for;
use crate::conformance::protocol::PROTOCOL_VERSION;
use crate::conformance::{protocol, Backend, EngineBackend, PerftreeBackend, Reference};
use crate::variants;

#[derive(Args, Debug)]
pub struct EngineArgs {
    /// Play a deliberately misread rule: `variant/name`, or a bare name for
    /// every variant that declares it (`arbiter variants --json` lists them).
    #[arg(long)]
    pub mutant: Option<String>,
    /// Threads for perft and divide.
    #[arg(long, default_value_t = 1, value_parser = super::parse_threads, allow_hyphen_values = true)]
    pub threads: usize,
}

/// Checks a mutant name against the registry.
///
/// # Errors
/// Exit code 2 when no variant declares it.
pub fn check_mutant(m: &str) -> Result<(), Exit> {
    if variants::all().iter().any(|v| mutant_for(m, v).is_some()) {
        return Ok(());
    }
    let known: Vec<String> = variants::all()
        .iter()
        .flat_map(|v| {
            v.mutants
                .iter()
                .map(move |m| format!("{}/{}", v.id, m.name))
        })
        .collect();
    Err(Exit::input(format!(
        "unknown mutant '{}' (known: {})",
        crate::core::error::echo(m),
        if known.is_empty() {
            "none".into()
        } else {
            known.join(", ")
        }
    )))
}

pub fn run(a: &EngineArgs) -> Result<i32, Exit> {
    if let Some(m) = &a.mutant {
        check_mutant(m)?;
    }
    let mut backend = Reference {
        threads: a.threads,
        mutant: a.mutant.clone(),
        ..Reference::default()
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut output = Tracked {
        inner: stdout.lock(),
        failed: false,
    };
    protocol::serve(&mut backend, stdin.lock(), &mut output).map_err(|e| {
        if output.failed {
            Exit::output(&e)
        } else {
            Exit::input(format!("cannot read standard input: {e}"))
        }
    })?;
    Ok(0)
}

/// A writer that remembers whether a write failed (so a failed write to
/// stdout is told apart from a failed read of stdin).
struct Tracked<W> {
    inner: W,
    failed: bool,
}

impl<W: std::io::Write> std::io::Write for Tracked<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        self.failed |= r.is_err();
        r
    }
    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.failed |= r.is_err();
        r
    }
}

/// How `--engine CMD` is driven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineStyle {
    /// One long-lived process speaking the JSON-lines engine protocol.
    Protocol,
    /// `CMD DEPTH POSITION MOVES` once per request, printing divide lines.
    Perftree,
}

/// Which implementation to check, and how to talk to it.
#[derive(Args, Debug, Clone)]
pub struct EngineOpts {
    /// Shell command of the implementation under test (e.g. 'python3 my_engine.py').
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,
    /// How to drive --engine.
    #[arg(long, value_enum, default_value_t = EngineStyle::Protocol)]
    pub engine_style: EngineStyle,
    /// Shorthand for --engine CMD --engine-style perftree.
    #[arg(long, value_name = "CMD", conflicts_with = "engine")]
    pub perftree: Option<String>,
    /// Variants a perftree script is for (repeatable; default: fide).
    #[arg(long = "engine-variant", value_name = "VARIANT")]
    pub engine_variants: Vec<String>,
    /// Seconds to wait for each answer (a hung engine is killed and
    /// restarted for the next request); also the reference's time limit per
    /// request.
    #[arg(long, default_value = "30", value_parser = super::parse_seconds, value_name = "SECONDS", allow_hyphen_values = true)]
    pub timeout: Duration,
}

impl EngineOpts {
    /// The backend for these options, `None` when no engine is given.
    ///
    /// # Errors
    /// Exit code 1 when the engine does not answer `hello` (it hangs,
    /// crashes, cannot start or answers nonsense): a conformance failure.
    pub fn backend(&self) -> Result<Option<Box<dyn Backend>>, Exit> {
        let timeout = self.timeout;
        let (cmd, style) = match (&self.perftree, &self.engine) {
            (Some(c), _) => (c, EngineStyle::Perftree),
            (None, Some(c)) => (c, self.engine_style),
            (None, None) => return Ok(None),
        };
        Ok(Some(match style {
            EngineStyle::Protocol => {
                let mut b = EngineBackend::new(cmd, timeout);
                // Fail fast (exit 1) when the engine cannot even say hello.
                let hello = b.hello().map_err(|e| {
                    Exit::failure(format!(
                        "engine '{}' did not answer hello: {e}",
                        crate::core::error::echo(cmd)
                    ))
                })?;
                super::note(&format!(
                    "engine: {} (variants: {})",
                    crate::core::error::one_line(&hello.name, 80),
                    hello
                        .variants
                        .keys()
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                if let Some(v) = hello.protocol.filter(|&v| v != u64::from(PROTOCOL_VERSION)) {
                    super::note(&format!(
                        "warning: the engine answered hello with protocol {v}; arbiter speaks protocol {PROTOCOL_VERSION} (CONFORMANCE.md), going on as if it did too"
                    ));
                }
                Box::new(b)
            }
            EngineStyle::Perftree => {
                let v = if self.engine_variants.is_empty() {
                    vec!["fide".to_string()]
                } else {
                    self.engine_variants.clone()
                };
                for id in &v {
                    variants::get(id)?;
                }
                let mut b = PerftreeBackend::new(cmd, timeout, v);
                // Fail once, up front, when the script cannot answer at all
                // (e.g. its program is not installed).
                b.probe().map_err(|e| {
                    Exit::failure(format!(
                        "perftree script '{}' gives no perft of the start position at depth 1: {e}",
                        crate::core::error::echo(cmd)
                    ))
                })?;
                Box::new(b)
            }
        }))
    }
}
