//! `arbiter serve`: a local adjudication page and an HTTP API,
//! served by the reference itself.
//!
//! - [`api`]: the JSON API without HTTP (request body in, status and JSON
//!   out), answered by the engine protocol's request handling with the
//!   reference backend, plus pictures and rule texts;
//! - [`rules`]: CONFORMANCE.md (built into the binary) read into one entry
//!   per rule ID;
//! - [`page`]: the one self-contained page (HTML, CSS and JavaScript built
//!   into the binary; no network, no build step);
//! - [`http`]: routes and limits (axum on tokio, tower-http).
//!
//! The API table, the limits and the load test's figures are in
//! CONFORMANCE.md ("The adjudication server").

pub mod api;
pub mod http;
pub mod page;
pub mod rules;

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

pub use api::Limits;

/// Where to listen and with which limits.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// The address to listen on.
    pub bind: IpAddr,
    /// 0: any free port (the URL printed says which).
    pub port: u16,
    /// The server's limits.
    pub limits: Limits,
}

/// How long open connections may take to finish after Ctrl-C.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Ctrl-C (SIGINT) or SIGTERM. The handlers are installed when this is
/// called, not when the future is first polled: `run` calls it before it
/// prints the URL, so a signal sent as soon as the URL is out is never
/// met by the default action (which would kill the process uncleanly).
fn stop_signal() -> std::io::Result<impl std::future::Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut int = signal(SignalKind::interrupt())?;
        let mut term = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = int.recv() => {}
                _ = term.recv() => {}
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            let _ = tokio::signal::ctrl_c().await;
        })
    }
}

/// Serves until Ctrl-C or SIGTERM: prints the URL on stdout once
/// listening (`arbiter serve: http://127.0.0.1:8080/`), and `arbiter
/// serve: stopped` when done. Open connections get `SHUTDOWN_GRACE` (5 s) to
/// finish.
///
/// # Errors
/// The address cannot be listened on (in use, not this machine's).
pub fn run(config: &Config) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("arbiter-serve")
        .max_blocking_threads(config.limits.max_busy.max(1) + 4)
        .build()?;
    runtime.block_on(async {
        let addr = SocketAddr::new(config.bind, config.port);
        let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| {
            std::io::Error::new(e.kind(), format!("cannot listen on {addr}: {e}"))
        })?;
        let local = listener.local_addr()?;
        let stop = stop_signal()?;
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            writeln!(out, "arbiter serve: http://{local}/ (Ctrl-C stops it)")?;
            out.flush()?;
        }
        if !config.bind.is_loopback() {
            eprintln!(
                "arbiter serve: listening on {local}, not a loopback address: every machine that reaches it can use the server"
            );
        }
        let (stopped_tx, stopped_rx) = tokio::sync::oneshot::channel::<()>();
        let serve = axum::serve(listener, http::router(config.limits)).with_graceful_shutdown(
            async move {
                stop.await;
                let _ = stopped_tx.send(());
            },
        );
        let grace = async move {
            let _ = stopped_rx.await;
            tokio::time::sleep(SHUTDOWN_GRACE).await;
        };
        tokio::select! {
            r = serve => r?,
            () = grace => {}
        }
        println!("arbiter serve: stopped");
        Ok::<(), std::io::Error>(())
    })?;
    runtime.shutdown_timeout(Duration::from_millis(100));
    Ok(())
}
