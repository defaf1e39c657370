//! Progress on stderr for long commands (`perft`, `divide`, jobs, `check`,
//! `mutants`): an indicatif bar, drawn only when stderr is a terminal and
//! `--quiet` is not given. It never writes to stdout, so the contract
//! output is the same with or without it; it is cleared when the command
//! ends.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::core::perft::Progress;

/// Whether a command shows progress: stderr is a terminal and not `quiet`.
pub fn wanted(quiet: bool) -> bool {
    !quiet && std::io::stderr().is_terminal()
}

/// `1234567` as `1.23M`.
fn short(x: f64) -> String {
    match x {
        x if x >= 1e12 => format!("{:.2}T", x / 1e12),
        x if x >= 1e9 => format!("{:.2}G", x / 1e9),
        x if x >= 1e6 => format!("{:.2}M", x / 1e6),
        x if x >= 1e3 => format!("{:.1}k", x / 1e3),
        x => format!("{x:.0}"),
    }
}

/// A progress bar on stderr (or nothing), updated by a ticker thread from
/// shared counters. Dropping it stops the ticker and clears the bar.
pub struct Bar {
    pb: Option<ProgressBar>,
    stop: Arc<AtomicBool>,
    ticker: Option<JoinHandle<()>>,
}

impl Bar {
    /// No display.
    pub fn hidden() -> Bar {
        Bar {
            pb: None,
            stop: Arc::new(AtomicBool::new(false)),
            ticker: None,
        }
    }

    fn bar(len: u64, template: &str) -> ProgressBar {
        let pb = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template(template) {
            pb.set_style(style.progress_chars("=> "));
        }
        pb
    }

    /// `total` items (fixtures, mutants) counted with [`Bar::inc`].
    pub fn items(show: bool, what: &str, total: u64) -> Bar {
        if !show {
            return Bar::hidden();
        }
        let pb = Bar::bar(
            total,
            "{elapsed_precise} [{bar:20}] {pos}/{len} {prefix} (eta {eta})",
        );
        pb.set_prefix(what.to_string());
        pb.tick();
        pb.enable_steady_tick(Duration::from_millis(200));
        Bar {
            pb: Some(pb),
            stop: Arc::new(AtomicBool::new(false)),
            ticker: None,
        }
    }

    /// A perft: leaves counted and their rate; the bar counts `units`
    /// (done, total) when given (jobs), else the root moves of `progress`.
    pub fn for_perft(
        show: bool,
        progress: &Arc<Progress>,
        units: Option<(Arc<AtomicU64>, u64)>,
    ) -> Bar {
        if !show {
            return Bar::hidden();
        }
        let what = if units.is_some() {
            "jobs"
        } else {
            "root moves"
        };
        let pb = Bar::bar(
            units.as_ref().map_or(0, |u| u.1),
            &format!("{{elapsed_precise}} [{{bar:20}}] {{pos}}/{{len}} {what}, {{msg}}"),
        );
        // The first frame now (a short run still shows one).
        pb.set_message("0 leaves");
        pb.tick();
        let stop = Arc::new(AtomicBool::new(false));
        let ticker = {
            let (pb, stop, progress) = (pb.clone(), Arc::clone(&stop), Arc::clone(progress));
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let leaves = progress.leaves.load(Ordering::Relaxed);
                    match &units {
                        Some((done, _)) => pb.set_position(done.load(Ordering::Relaxed)),
                        None => {
                            pb.set_length(progress.roots_total.load(Ordering::Relaxed));
                            pb.set_position(progress.roots_done.load(Ordering::Relaxed));
                        }
                    }
                    let secs = pb.elapsed().as_secs_f64().max(1e-3);
                    pb.set_message(format!(
                        "{} leaves, {}/s",
                        short(leaves as f64),
                        short(leaves as f64 / secs)
                    ));
                    std::thread::park_timeout(Duration::from_millis(200));
                }
            })
        };
        Bar {
            pb: Some(pb),
            stop,
            ticker: Some(ticker),
        }
    }

    /// Runs `f` (which prints to the terminal) with the bar hidden.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.pb {
            Some(pb) => pb.suspend(f),
            None => f(),
        }
    }

    /// One more item done.
    pub fn inc(&self) {
        if let Some(pb) = &self.pb {
            pb.inc(1);
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.ticker.take() {
            t.thread().unpark();
            let _ = t.join();
        }
        if let Some(pb) = self.pb.take() {
            pb.finish_and_clear();
        }
    }
}
