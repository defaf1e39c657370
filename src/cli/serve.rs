//! `arbiter serve`: the adjudication page and the HTTP API (`src/serve/`).

use std::net::IpAddr;
use std::time::Duration;

use clap::Args;

use super::{parse_seconds, Exit};
use crate::serve::{self, Config, Limits};

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on. The default is this machine only
    /// (loopback); another address lets every machine that reaches it use
    /// the server.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// The port (0: any free port; the printed URL says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The most nodes one perft or divide request may visit (413 beyond).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_nodes)]
    pub max_nodes: u64,
    /// The most requests computing at once (default: the number of CPUs,
    /// at least 2).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub max_busy: Option<u32>,
    /// How long a request waits, in seconds, while --max-busy others
    /// compute; then it gets 503.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, default_value = "0.25")]
    pub max_wait: Duration,
    /// The longest one request may compute, in seconds (503 beyond).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, default_value = "10")]
    pub timeout: Duration,
}

pub fn run(a: &ServeArgs) -> Result<i32, Exit> {
    let defaults = Limits::default();
    let config = Config {
        bind: a.bind,
        port: a.port,
        limits: Limits {
            max_nodes: a.max_nodes.max(1),
            max_busy: a.max_busy.map_or(defaults.max_busy, |n| n as usize),
            max_wait: a.max_wait,
            time_limit: a.timeout,
            ..defaults
        },
    };
    serve::run(&config).map_err(|e| Exit::input(e.to_string()))?;
    Ok(0)
}
