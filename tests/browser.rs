//! The page of `arbiter serve` in a real browser: Debian's
//! Chromium driven by `playwright-core` from npm (`tests/browser/page.mjs`,
//! one scenario per case), against the `arbiter` binary of this build.
//! `.ci/run` installs Chromium (apt) and playwright-core (`npm ci` in
//! `tests/browser/`).
//!
//! Each case saves a screenshot `serve-<case>.png`: into a scratch folder,
//! or with `ARBITER_SCREENSHOTS=docs` into `docs/` (how the README's
//! pictures are made). A case whose program is missing is SKIPPED locally
//! and FAILED under `CI=true` (the runner of `tests/common/tools.rs`).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::http::Server;
use common::tools::Case;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn chromium() -> PathBuf {
    std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// What is missing to drive the browser, if anything.
fn needs_browser() -> Option<String> {
    if !chromium().exists() {
        return Some(format!(
            "no Chromium at {} (apt-get install chromium chromium-driver; or set CHROMIUM)",
            chromium().display()
        ));
    }
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|o| o.status.success()) {
        return Some("node is not installed (apt-get install nodejs npm)".into());
    }
    if !root()
        .join("tests/browser/node_modules/playwright-core/package.json")
        .exists()
    {
        return Some("playwright-core is not installed (cd tests/browser && npm ci)".into());
    }
    None
}

fn shot_dir() -> PathBuf {
    match std::env::var_os("ARBITER_SCREENSHOTS") {
        Some(d) => {
            let d = root().join(d);
            std::fs::create_dir_all(&d).unwrap();
            d
        }
        None => common::scratch_dir("browser"),
    }
}

/// Runs one scenario of page.mjs against a fresh server.
fn scenario(name: &str) {
    let server = Server::start(&[]);
    let dir = shot_dir();
    let out = Command::new("node")
        .arg(root().join("tests/browser/page.mjs"))
        .args([&server.url, name])
        .arg(&dir)
        .env("CHROMIUM", chromium())
        .output()
        .expect("run node");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(
        out.status.success(),
        "{name}: node exited with {:?}\n{stdout}\n{stderr}",
        out.status.code()
    );
    assert!(stdout.contains(&format!("ok {name}")), "{stdout}\n{stderr}");
    let shot = dir.join(format!("serve-{name}.png"));
    let png = std::fs::read(&shot).unwrap_or_else(|e| panic!("{}: {e}", shot.display()));
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{}",
        shot.display()
    );
    let (code, _) = server.interrupt();
    assert_eq!(code, Some(0), "{name}: the server stops cleanly");
}

fn load() {
    scenario("load");
}
fn sonic_rook_d2() {
    scenario("sonic-rook-d2");
}
fn hop_illegal() {
    scenario("hop-illegal");
}
fn shared_link() {
    scenario("shared-link");
}
fn bad_position() {
    scenario("bad-position");
}

const CASES: [Case; 5] = [
    ("page_loads", needs_browser, load, false),
    (
        "sonic_rook_d2_click_draws_every_move",
        needs_browser,
        sonic_rook_d2,
        false,
    ),
    (
        "hop_illegal_move_shows_hop_7_and_its_text",
        needs_browser,
        hop_illegal,
        false,
    ),
    (
        "shared_link_gives_the_same_verdict",
        needs_browser,
        shared_link,
        false,
    ),
    (
        "malformed_position_shows_a_clear_message",
        needs_browser,
        bad_position,
        false,
    ),
];

fn main() {
    common::tools::run("browser", &CASES);
}
