//! Backends for implementations we did not write: [`EngineBackend`] speaks
//! the engine protocol ([`super::protocol`]) with one long-lived child
//! process; [`PerftreeBackend`] runs a perftree-style script once per
//! request (`CMD DEPTH POSITION MOVES`, printing divide lines).
//!
//! Both run the command through `sh -c`, in a process group of its own, so
//! a hung engine (and anything it started) is killed as a whole after the
//! per-request timeout. A crashed or killed engine is restarted on the
//! next request; the request that failed is reported as
//! [`BackendError::Failed`] (the case errors, the run goes on). What an
//! engine writes is read in bounded pieces: a reply line longer than
//! [`MAX_REPLY_BYTES`] is a failure (never held in memory), stderr lines
//! are cut.

use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::backend::{Backend, BackendError, Request};
use super::protocol::{parse_error, EngineRequest, PROTOCOL_VERSION};
use crate::variants;

/// The process groups of the children alive now (0 = a free slot), for
/// the signal handler ([`on_signal`]).
static LIVE: [AtomicI32; 64] = [const { AtomicI32::new(0) }; 64];

/// Kills every live child's process group, then dies of `sig` as it
/// would have without the handler: an interrupted or terminated `check`
/// leaves no engine behind (they run in process groups of their own, so
/// a terminal's Ctrl-C does not reach them).
extern "C" fn on_signal(sig: libc::c_int) {
    for slot in &LIVE {
        let pgid = slot.load(Ordering::SeqCst);
        if pgid > 0 {
            // SAFETY: kill(2) is async-signal-safe; it only signals.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
    }
    // SAFETY: signal(2) and raise(3) are async-signal-safe; restoring the
    // default action and raising again ends the process as the signal would.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
}

/// Installs [`on_signal`] for SIGINT, SIGTERM and SIGHUP (once; a signal
/// that was ignored stays ignored).
fn install_signal_handlers() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: installs a handler that only calls async-signal-safe
            // functions; an ignored signal is put back to ignored.
            unsafe {
                let handler: extern "C" fn(libc::c_int) = on_signal;
                let old = libc::signal(sig, handler as libc::sighandler_t);
                if old == libc::SIG_IGN {
                    libc::signal(sig, libc::SIG_IGN);
                }
            }
        }
    });
}

/// Starts `c` (a [`shell`] command) and registers its process group for
/// [`on_signal`].
fn spawn(c: &mut Command) -> std::io::Result<Child> {
    install_signal_handlers();
    let child = c.spawn()?;
    let pgid = child.id() as i32;
    // (With every slot taken the child is still killed on every other way out.)
    let _ = LIVE.iter().any(|s| {
        s.compare_exchange(0, pgid, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    });
    Ok(child)
}

/// Whether the child has exited, without reaping it (its pid, the id of
/// its process group, stays reserved until [`kill_group`]).
fn has_exited(child: &Child) -> bool {
    // SAFETY: waitid(2) on our own child with WNOWAIT only reads its state
    // into the zeroed siginfo_t we own.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let r = libc::waitid(
            libc::P_PID,
            child.id() as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        );
        r == 0 && info.si_pid() != 0
    }
}

/// Waits until the child exits (not reaping it) or `until` passes.
fn exits_by(child: &Child, until: Instant) -> bool {
    loop {
        if has_exited(child) {
            return true;
        }
        if Instant::now() >= until {
            return false;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Kills a child and its process group, and reaps it (its exit status,
/// when it had exited before).
fn kill_group(child: &mut Child) -> Option<std::process::ExitStatus> {
    let pid = child.id() as i32;
    // SAFETY: kill(2) with a negative pid signals the process group we
    // created for this child (process_group(0)); the child is not reaped
    // yet, so that id is still its group's. No memory is involved.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
    let _ = child.kill();
    let status = child.wait().ok();
    for slot in &LIVE {
        let _ = slot.compare_exchange(pid, 0, Ordering::SeqCst, Ordering::SeqCst);
    }
    status
}

fn shell(cmd: &str) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c").arg(cmd).process_group(0);
    c
}

/// The longest reply line (or perftree output) read from an engine.
pub const MAX_REPLY_BYTES: usize = 16 << 20;

/// One line an engine wrote, read with a size cap.
#[derive(Debug)]
enum Line {
    Text(String),
    /// A line longer than the cap (its length so far; the rest is skipped).
    TooLong(usize),
}

/// Reads `r` line by line, keeping at most `cap` bytes of a line (a longer
/// one is reported as [`Line::TooLong`] and skipped to its end); invalid
/// UTF-8 is replaced. Stops when `f` returns `false` or at end of input.
fn read_lines_capped(r: impl Read, cap: usize, mut f: impl FnMut(Line) -> bool) {
    let mut r = BufReader::new(r);
    let mut line: Vec<u8> = Vec::new();
    let mut too_long: Option<usize> = None;
    loop {
        let (done, used) = match r.fill_buf() {
            Ok([]) | Err(_) => break,
            Ok(buf) => match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    take(&mut line, &mut too_long, &buf[..i], cap);
                    (true, i + 1)
                }
                None => {
                    take(&mut line, &mut too_long, buf, cap);
                    (false, buf.len())
                }
            },
        };
        r.consume(used);
        if done {
            let item = match too_long.take() {
                Some(n) => Line::TooLong(n),
                None => Line::Text(String::from_utf8_lossy(&line).into_owned()),
            };
            line.clear();
            if !f(item) {
                return;
            }
        }
    }
    if let Some(n) = too_long {
        f(Line::TooLong(n));
    } else if !line.is_empty() {
        f(Line::Text(String::from_utf8_lossy(&line).into_owned()));
    }
}

fn take(line: &mut Vec<u8>, too_long: &mut Option<usize>, bytes: &[u8], cap: usize) {
    match too_long {
        Some(n) => *n += bytes.len(),
        None if line.len() + bytes.len() > cap => {
            *too_long = Some(line.len() + bytes.len());
            line.clear();
        }
        None => line.extend_from_slice(bytes),
    }
}

/// The last lines a child wrote to stderr (for error messages).
struct Tail {
    lines: Arc<Mutex<VecDeque<String>>>,
    reader: std::thread::JoinHandle<()>,
}

fn tail_stderr(stderr: impl Read + Send + 'static) -> Tail {
    let lines = Arc::new(Mutex::new(VecDeque::new()));
    let t = Arc::clone(&lines);
    let reader = std::thread::spawn(move || {
        read_lines_capped(stderr, 4096, |line| {
            let text = match line {
                Line::Text(l) => crate::core::error::one_line(&l, 300),
                Line::TooLong(n) => format!("(a line of {n} bytes)"),
            };
            let mut q = t.lock().unwrap_or_else(|e| e.into_inner());
            if q.len() == 5 {
                q.pop_front();
            }
            q.push_back(text);
            true
        });
    });
    Tail { lines, reader }
}

impl Tail {
    /// `; stderr: ...` once the (dead) child's stderr is read to its end
    /// (waiting at most a second), or "" when it wrote nothing.
    fn text(&self) -> String {
        let until = Instant::now() + Duration::from_secs(1);
        while !self.reader.is_finished() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        let q = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        if q.is_empty() {
            String::new()
        } else {
            format!(
                "; stderr: {}",
                q.iter().cloned().collect::<Vec<_>>().join(" | ")
            )
        }
    }
}

/// What an engine said in `hello`: its name and variant id → option names.
#[derive(Clone, Debug, Default)]
pub struct Hello {
    /// The engine's name.
    pub name: String,
    /// The variant ids it plays, each with the rule options it supports.
    pub variants: BTreeMap<String, Vec<String>>,
    /// The protocol version it named, if any.
    pub protocol: Option<u64>,
}

impl Hello {
    /// Reads a `hello` response. A variant may be an object `{id, options}`
    /// or a bare id string (no options).
    ///
    /// # Errors
    /// A message when `variants` is missing or malformed.
    pub fn parse(v: &Value) -> Result<Hello, String> {
        let name = v
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("engine")
            .to_string();
        let list = v
            .get("variants")
            .and_then(Value::as_array)
            .ok_or("hello answer without a 'variants' array")?;
        let mut variants = BTreeMap::new();
        for item in list {
            match item {
                Value::String(id) => {
                    variants.insert(id.clone(), vec![]);
                }
                Value::Object(o) => {
                    let id = o
                        .get("id")
                        .and_then(Value::as_str)
                        .ok_or("hello: a variant without 'id'")?;
                    let opts = o
                        .get("options")
                        .and_then(Value::as_array)
                        .map(|a| {
                            a.iter()
                                .filter_map(|x| x.as_str().map(str::to_string))
                                .collect()
                        })
                        .unwrap_or_default();
                    variants.insert(id.to_string(), opts);
                }
                _ => return Err("hello: variants must be strings or {id, options} objects".into()),
            }
        }
        let protocol = v.get("protocol").and_then(Value::as_u64);
        Ok(Hello {
            name,
            variants,
            protocol,
        })
    }

    /// Why `req` is outside what the engine supports, if it is.
    pub fn unsupported(&self, req: &Request) -> Option<String> {
        let Some(opts) = self.variants.get(&req.variant) else {
            return Some(format!("engine does not support variant '{}'", req.variant));
        };
        req.options.iter().find_map(|o| {
            let name = o.split_once('=').map_or(o.as_str(), |x| x.0).trim();
            (!opts.iter().any(|x| x == name)).then(|| {
                format!(
                    "engine does not support rule option '{name}' of {}",
                    req.variant
                )
            })
        })
    }
}

struct Proc {
    child: Child,
    /// Request lines to the writer thread, which owns the engine's stdin:
    /// a write the engine does not read blocks that thread, never the
    /// runner, so a request has one deadline for writing and answering.
    input: Sender<String>,
    lines: Receiver<Line>,
    stderr: Tail,
}

/// An implementation under test speaking the engine protocol.
pub struct EngineBackend {
    cmd: String,
    timeout: Duration,
    proc: Option<Proc>,
    hello: Option<Hello>,
    next_id: u64,
    /// How many times the engine was (re)started.
    pub starts: usize,
    /// Requests in a row that failed (timed out, crashed the engine or got
    /// nonsense back); an answer sets it back to 0.
    failures: usize,
}

impl EngineBackend {
    /// Prepares a backend for shell command `cmd`; the engine is started
    /// on first use.
    pub fn new(cmd: &str, timeout: Duration) -> EngineBackend {
        EngineBackend {
            cmd: cmd.to_string(),
            timeout,
            proc: None,
            hello: None,
            next_id: 1,
            starts: 0,
            failures: 0,
        }
    }

    /// Starts the engine (if needed) and returns its `hello` answer.
    ///
    /// # Errors
    /// [`BackendError::Failed`] when it cannot be started or does not
    /// answer `hello` in time.
    pub fn hello(&mut self) -> Result<&Hello, BackendError> {
        self.ensure_started()?;
        Ok(self.hello.as_ref().expect("set by ensure_started"))
    }

    fn ensure_started(&mut self) -> Result<(), BackendError> {
        if self.proc.is_some() {
            return Ok(());
        }
        let mut child = spawn(
            shell(&self.cmd)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        )
        .map_err(|e| {
            self.failures += 1;
            BackendError::Failed(format!("cannot start engine '{}': {e}", self.cmd))
        })?;
        let mut stdin = child.stdin.take().expect("piped");
        let (input, requests) = mpsc::channel::<String>();
        std::thread::spawn(move || {
            for line in requests {
                if stdin
                    .write_all(line.as_bytes())
                    .and_then(|_| stdin.flush())
                    .is_err()
                {
                    break;
                }
            }
        });
        let stdout = child.stdout.take().expect("piped");
        let stderr = tail_stderr(child.stderr.take().expect("piped"));
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            read_lines_capped(stdout, MAX_REPLY_BYTES, |line| tx.send(line).is_ok());
        });
        self.starts += 1;
        self.proc = Some(Proc {
            child,
            input,
            lines: rx,
            stderr,
        });
        let req = EngineRequest {
            id: 0,
            cmd: "hello".into(),
            protocol: Some(PROTOCOL_VERSION),
            ..Default::default()
        };
        // No engine is kept without its hello (an error answer included).
        let answer = self.exchange(req).inspect_err(|_| {
            if self.proc.is_some() {
                self.stop();
                self.failures += 1;
            }
        })?;
        let hello = Hello::parse(&answer).map_err(|m| {
            self.stop();
            self.failures += 1;
            BackendError::Failed(m)
        })?;
        self.hello = Some(hello);
        Ok(())
    }

    /// Kills the engine; the next request starts it again.
    pub fn stop(&mut self) {
        if let Some(mut p) = self.proc.take() {
            kill_group(&mut p.child);
        }
    }

    /// Sends one request and waits for the response with the same id
    /// (`hello` always has id 0, every other request a fresh id).
    fn exchange(&mut self, mut req: EngineRequest) -> Result<Value, BackendError> {
        if req.cmd != "hello" {
            req.id = self.next_id;
            self.next_id += 1;
        }
        let id = req.id;
        let line = serde_json::to_string(&req).expect("requests serialize") + "\n";
        // One deadline for writing the request and reading the answer.
        let deadline = Instant::now() + self.timeout;
        let p = self.proc.as_mut().expect("started");
        if p.input.send(line).is_err() {
            return Err(self.died("engine closed its input"));
        }
        loop {
            let p = self.proc.as_mut().expect("started");
            let left = deadline.saturating_duration_since(Instant::now());
            match p.lines.recv_timeout(left) {
                Ok(Line::TooLong(n)) => {
                    return Err(self.died(&format!(
                        "a reply line of more than {n} bytes (the limit is {MAX_REPLY_BYTES}; not read)"
                    )))
                }
                Ok(Line::Text(text)) => {
                    let t = text.trim();
                    // Lines that are not JSON objects are the engine's own chatter.
                    if !t.starts_with('{') {
                        continue;
                    }
                    let v: Value = match serde_json::from_str(t) {
                        Ok(v) => v,
                        Err(e) => {
                            return Err(self.died(&format!(
                                "malformed response ({e}): {}",
                                crate::core::error::one_line(t, 200)
                            )))
                        }
                    };
                    if v.get("id").and_then(Value::as_u64) != Some(id) {
                        continue; // a late answer to an earlier request
                    }
                    if req.cmd != "hello" {
                        self.failures = 0;
                    }
                    return match v.get("error") {
                        Some(e) => Err(parse_error(e)),
                        None => Ok(v),
                    };
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.stop();
                    self.failures += 1;
                    return Err(BackendError::Failed(format!(
                        "no answer to '{}' within {:.1?} (engine killed)",
                        req.cmd, self.timeout
                    )));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.died("engine exited")),
            }
        }
    }

    /// Reaps a dead (or misbehaving) engine and describes what happened.
    fn died(&mut self, what: &str) -> BackendError {
        self.failures += 1;
        let mut msg = what.to_string();
        if let Some(mut p) = self.proc.take() {
            let exited = exits_by(&p.child, Instant::now() + Duration::from_millis(200));
            let status = kill_group(&mut p.child);
            if let (true, Some(status)) = (exited, status) {
                msg.push_str(&format!(" ({status})"));
            }
            msg.push_str(&p.stderr.text());
        }
        BackendError::Failed(msg)
    }

    fn call(
        &mut self,
        cmd: &str,
        req: &Request,
        depth: Option<u32>,
    ) -> Result<Value, BackendError> {
        self.call_request(EngineRequest::game(0, cmd, req, depth), req)
    }

    /// Sends `r` (a request about the game `req`) unless the engine's
    /// `hello` rules the game out.
    fn call_request(&mut self, r: EngineRequest, req: &Request) -> Result<Value, BackendError> {
        self.ensure_started()?;
        if let Some(why) = self.hello.as_ref().and_then(|h| h.unsupported(req)) {
            return Err(BackendError::Unsupported(why));
        }
        self.exchange(r)
    }
}

impl Drop for EngineBackend {
    fn drop(&mut self) {
        if let Some(p) = self.proc.take() {
            let quit = EngineRequest {
                id: self.next_id,
                cmd: "quit".into(),
                ..Default::default()
            };
            let _ = p
                .input
                .send(serde_json::to_string(&quit).unwrap_or_default() + "\n");
            // Closing the channel closes the engine's stdin once the quit
            // is written; the engine gets 100 ms to exit, then its group
            // is killed either way (nothing it started outlives the run).
            let Proc {
                mut child, input, ..
            } = p;
            drop(input);
            exits_by(&child, Instant::now() + Duration::from_millis(100));
            kill_group(&mut child);
        }
    }
}

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, BackendError> {
    v.get(name)
        .ok_or_else(|| BackendError::Failed(format!("response without '{name}': {v}")))
}

fn string_list(v: &Value, name: &str) -> Result<Vec<String>, BackendError> {
    field(v, name)?
        .as_array()
        .and_then(|a| {
            a.iter()
                .map(|x| x.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
        })
        .ok_or_else(|| BackendError::Failed(format!("'{name}' must be an array of strings: {v}")))
}

fn count(v: &Value, name: &str) -> Result<u64, BackendError> {
    field(v, name)?.as_u64().ok_or_else(|| {
        BackendError::Failed(format!("'{name}' must be a non-negative integer: {v}"))
    })
}

fn text(v: &Value, name: &str) -> Result<String, BackendError> {
    field(v, name)?
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| BackendError::Failed(format!("'{name}' must be a string: {v}")))
}

impl Backend for EngineBackend {
    fn restarts(&self) -> usize {
        self.starts.saturating_sub(1)
    }
    fn failures_in_a_row(&self) -> usize {
        self.failures
    }
    fn name(&self) -> String {
        match &self.hello {
            Some(h) => format!("{} ({})", h.name, self.cmd),
            None => self.cmd.clone(),
        }
    }
    fn validate(&mut self, req: &Request) -> Result<(), BackendError> {
        self.call("play", req, None).map(|_| ())
    }
    fn compares_messages(&self) -> bool {
        false
    }
    fn moves(&mut self, req: &Request) -> Result<Vec<String>, BackendError> {
        string_list(&self.call("moves", req, None)?, "moves")
    }
    fn position(&mut self, req: &Request) -> Result<String, BackendError> {
        text(&self.call("play", req, None)?, "position")
    }
    fn nodes(&mut self, req: &Request, depth: u32) -> Result<u64, BackendError> {
        count(&self.call("perft", req, Some(depth))?, "nodes")
    }
    fn outcome(&mut self, req: &Request) -> Result<String, BackendError> {
        text(&self.call("outcome", req, None)?, "outcome")
    }
    fn explain(
        &mut self,
        req: &Request,
        mv: &str,
    ) -> Result<(bool, Option<Vec<String>>), BackendError> {
        let mut r = EngineRequest::game(0, "explain", req, None);
        r.mv = Some(mv.to_string());
        let v = self.call_request(r, req)?;
        let legal = field(&v, "legal")?
            .as_bool()
            .ok_or_else(|| BackendError::Failed(format!("'legal' must be true or false: {v}")))?;
        // `rules` is optional: an engine may judge legality only.
        let rules = match v.get("rules") {
            None => None,
            Some(_) => Some(string_list(&v, "rules")?),
        };
        Ok((legal, rules))
    }
    fn divide(&mut self, req: &Request, depth: u32) -> Result<Vec<(String, u64)>, BackendError> {
        let v = self.call("divide", req, Some(depth))?;
        let map = field(&v, "divide")?
            .as_object()
            .ok_or_else(|| BackendError::Failed(format!("'divide' must be an object: {v}")))?;
        map.iter()
            .map(|(m, n)| {
                n.as_u64().map(|n| (m.clone(), n)).ok_or_else(|| {
                    BackendError::Failed(format!("divide count of {m} is not a count: {n}"))
                })
            })
            .collect()
    }
}

/// A perftree-style script: `CMD DEPTH POSITION MOVES` (MOVES: one
/// argument, space-separated, possibly empty) printing `move: n` (or
/// `move n`) lines, a blank line and the total (a bare number or
/// `Nodes searched: N`). Answers `moves` (divide at depth 1), `perft` and
/// `divide`; everything else is unsupported.
pub struct PerftreeBackend {
    cmd: String,
    timeout: Duration,
    /// The variants the script is for (default: fide).
    pub variants: Vec<String>,
    /// Runs in a row that failed (timed out or gave no answer).
    failures: usize,
}

impl PerftreeBackend {
    /// The script `cmd` (run by the shell), each run stopped after
    /// `timeout`, for `variants`.
    pub fn new(cmd: &str, timeout: Duration, variants: Vec<String>) -> PerftreeBackend {
        PerftreeBackend {
            cmd: cmd.to_string(),
            timeout,
            variants,
            failures: 0,
        }
    }

    /// Runs the script once on the start position of its first variant
    /// at depth 1: a script that cannot answer (its program is missing)
    /// is found once, before any fixture.
    ///
    /// # Errors
    /// Why the script gave no answer.
    pub fn probe(&mut self) -> Result<(), BackendError> {
        let req = Request {
            variant: self.variants.first().cloned().unwrap_or_default(),
            ..Request::default()
        };
        match self.run(&req, 1) {
            Ok(_) | Err(BackendError::Unsupported(_)) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// [`PerftreeBackend::run_once`], counting failures in a row.
    fn run(
        &mut self,
        req: &Request,
        depth: u32,
    ) -> Result<(Vec<(String, u64)>, u64), BackendError> {
        let r = self.run_once(req, depth);
        match &r {
            Ok(_) => self.failures = 0,
            Err(BackendError::Failed(_)) => self.failures += 1,
            Err(_) => {}
        }
        r
    }

    /// Runs the script once: (divide rows, total). The answer is the
    /// script's output up to its total line (or its end); the script then
    /// gets a moment to exit (a failing status is reported), and its
    /// process group is killed whatever it still does.
    fn run_once(
        &mut self,
        req: &Request,
        depth: u32,
    ) -> Result<(Vec<(String, u64)>, u64), BackendError> {
        if !self.variants.contains(&req.variant) {
            return Err(BackendError::Unsupported(format!(
                "perftree script is not for variant '{}'",
                req.variant
            )));
        }
        if !req.options.is_empty() {
            return Err(BackendError::Unsupported(
                "perftree scripts take no rule options".into(),
            ));
        }
        let position = match &req.position {
            Some(p) => p.clone(),
            None => {
                let v = variants::get(&req.variant)
                    .map_err(|e| BackendError::Unsupported(e.to_string()))?;
                let rules = v
                    .rules(&[], None)
                    .map_err(|e| BackendError::Unsupported(e.to_string()))?;
                (v.start)(&rules).map_err(|e| BackendError::Unsupported(e.to_string()))?
            }
        };
        let deadline = Instant::now() + self.timeout;
        let mut child = spawn(
            shell(&format!("{} \"$@\"", self.cmd))
                .arg("arbiter-perftree")
                .arg(depth.to_string())
                .arg(&position)
                .arg(req.moves.join(" "))
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        )
        .map_err(|e| BackendError::Failed(format!("cannot start '{}': {e}", self.cmd)))?;
        let stdout = child.stdout.take().expect("piped");
        let stderr = tail_stderr(child.stderr.take().expect("piped"));
        let (tx, rx) = mpsc::channel::<Option<Line>>();
        std::thread::spawn(move || {
            read_lines_capped(stdout, MAX_REPLY_BYTES, |l| tx.send(Some(l)).is_ok());
            let _ = tx.send(None);
        });
        // The answer ends with its total line (or the end of the output):
        // what the script does after it is not waited for.
        let mut out = String::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(Some(Line::Text(t))) => {
                    if out.len() + t.len() >= MAX_REPLY_BYTES {
                        kill_group(&mut child);
                        return Err(BackendError::Failed(format!(
                            "output longer than {MAX_REPLY_BYTES} bytes (killed)"
                        )));
                    }
                    out.push_str(&t);
                    out.push('\n');
                    if is_total_line(&t) {
                        break;
                    }
                }
                Ok(Some(Line::TooLong(n))) => {
                    kill_group(&mut child);
                    return Err(BackendError::Failed(format!(
                        "an output line of more than {n} bytes (the limit is {MAX_REPLY_BYTES}; killed)"
                    )));
                }
                Ok(None) | Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {
                    kill_group(&mut child);
                    return Err(BackendError::Failed(format!(
                        "no answer within {:.1?} (killed)",
                        self.timeout
                    )));
                }
            }
        }
        // The answer is complete: wait for the exit a moment only.
        let grace = deadline
            .saturating_duration_since(Instant::now())
            .min(Duration::from_millis(50));
        let exited = exits_by(&child, Instant::now() + grace);
        let status = kill_group(&mut child);
        if let (true, Some(status)) = (exited, status) {
            if !status.success() {
                return Err(BackendError::Failed(format!(
                    "script failed ({status}){}",
                    stderr.text()
                )));
            }
        }
        parse_divide(&out).map_err(BackendError::Failed)
    }
}

/// Whether `line` is the total that ends a perftree answer (`N` or
/// `Nodes searched: N`).
fn is_total_line(line: &str) -> bool {
    let t = line.trim();
    t.parse::<u64>().is_ok()
        || t.strip_prefix("Nodes searched:")
            .is_some_and(|n| n.trim().parse::<u64>().is_ok())
}

/// Parses perftree divide output: `move: n` / `move n` lines, then a blank
/// line and the total (`N` or `Nodes searched: N`). Other lines (banners)
/// are ignored. The total must equal the sum of the lines when both exist.
///
/// # Errors
/// A message when no total and no divide lines are found, or they disagree.
pub fn parse_divide(out: &str) -> Result<(Vec<(String, u64)>, u64), String> {
    let mut rows = Vec::new();
    let mut total = None;
    for line in out.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Ok(n) = line.parse::<u64>() {
            total = Some(n);
        } else if let Some(n) = line
            .strip_prefix("Nodes searched:")
            .and_then(|n| n.trim().parse::<u64>().ok())
        {
            total = Some(n);
        } else {
            let (m, n) = match line.split_once(':') {
                Some((m, n)) => (m.trim(), n.trim()),
                None => match line.rsplit_once(char::is_whitespace) {
                    Some((m, n)) => (m.trim(), n.trim()),
                    None => continue,
                },
            };
            if let (false, Ok(n)) = (
                m.contains(char::is_whitespace) || m.is_empty(),
                n.parse::<u64>(),
            ) {
                rows.push((m.to_string(), n));
            }
        }
    }
    let sum: u64 = rows.iter().map(|r| r.1).sum();
    match total {
        Some(t) if !rows.is_empty() && t != sum => Err(format!(
            "total {t} differs from the sum of the divide lines {sum}"
        )),
        Some(t) => Ok((rows, t)),
        None if rows.is_empty() => Err(format!(
            "no divide lines and no total in the output: {:?}",
            out.chars().take(200).collect::<String>()
        )),
        None => Ok((rows, sum)),
    }
}

impl Backend for PerftreeBackend {
    fn name(&self) -> String {
        format!("perftree script '{}'", self.cmd)
    }
    fn failures_in_a_row(&self) -> usize {
        self.failures
    }
    fn validate(&mut self, _req: &Request) -> Result<(), BackendError> {
        Err(BackendError::Unsupported(
            "perftree scripts cannot be asked to validate".into(),
        ))
    }
    fn moves(&mut self, req: &Request) -> Result<Vec<String>, BackendError> {
        let (rows, _) = self.run(req, 1)?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }
    fn position(&mut self, _req: &Request) -> Result<String, BackendError> {
        Err(BackendError::Unsupported(
            "perftree scripts print no positions".into(),
        ))
    }
    fn nodes(&mut self, req: &Request, depth: u32) -> Result<u64, BackendError> {
        if depth == 0 {
            return Ok(1);
        }
        Ok(self.run(req, depth)?.1)
    }
    fn outcome(&mut self, _req: &Request) -> Result<String, BackendError> {
        Err(BackendError::Unsupported(
            "perftree scripts print no outcome".into(),
        ))
    }
    fn explain(
        &mut self,
        _req: &Request,
        _mv: &str,
    ) -> Result<(bool, Option<Vec<String>>), BackendError> {
        Err(BackendError::Unsupported(
            "perftree scripts cannot explain".into(),
        ))
    }
    fn divide(&mut self, req: &Request, depth: u32) -> Result<Vec<(String, u64)>, BackendError> {
        Ok(self.run(req, depth.max(1))?.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_output_forms() {
        let (rows, t) = parse_divide(
            "Stockfish 16 by the Stockfish developers\ne2e4: 20\nd2d4: 20\n\nNodes searched: 40\n",
        )
        .unwrap();
        assert_eq!(
            rows,
            vec![("e2e4".to_string(), 20), ("d2d4".to_string(), 20)]
        );
        assert_eq!(t, 40);
        let (rows, t) = parse_divide("a3 1\nb3 1\n\n2\n").unwrap();
        assert_eq!((rows.len(), t), (2, 2));
        assert!(parse_divide("e2e4: 1\n\n3\n").is_err());
        assert!(parse_divide("hello\n").is_err());
        assert_eq!(parse_divide("\n0\n").unwrap(), (vec![], 0));
    }

    #[test]
    fn hello_accepts_objects_and_strings() {
        let h = Hello::parse(&serde_json::json!({"name": "x", "variants": ["fide", {"id": "sonic", "options": ["springs"]}]})).unwrap();
        let mut req = Request {
            variant: "sonic".into(),
            options: vec!["springs=on".into()],
            ..Default::default()
        };
        assert_eq!(h.unsupported(&req), None);
        req.variant = "fide".into();
        assert!(h.unsupported(&req).unwrap().contains("springs"));
        req.variant = "hop".into();
        assert!(h.unsupported(&req).unwrap().contains("hop"));
        assert!(Hello::parse(&serde_json::json!({"name": "x"})).is_err());
    }

    /// A protocol engine that never answers is killed after the timeout and
    /// restarted for the next request; one that crashes is restarted too.
    #[test]
    fn hung_and_crashing_engines_are_restarted() {
        let hello = r#"{"id":0,"name":"fake","variants":["fide"]}"#;
        // Answers hello, then hangs on every request.
        let script = format!("read l; echo '{hello}'; while read l; do sleep 30; done");
        let mut b = EngineBackend::new(&script, Duration::from_millis(300));
        let req = Request {
            variant: "fide".into(),
            ..Default::default()
        };
        let t = Instant::now();
        match b.moves(&req) {
            Err(BackendError::Failed(m)) => assert!(m.contains("no answer"), "{m}"),
            other => panic!("{other:?}"),
        }
        assert!(t.elapsed() < Duration::from_secs(5));
        assert!(matches!(b.moves(&req), Err(BackendError::Failed(_))));
        assert_eq!(b.starts, 2);
        // Answers hello, then exits on the first request.
        let script = format!("read l; echo '{hello}'; read l; echo boom >&2; exit 3");
        let mut b = EngineBackend::new(&script, Duration::from_secs(5));
        match b.nodes(&req, 1) {
            Err(BackendError::Failed(m)) => {
                assert!(m.contains("exited") && m.contains("boom"), "{m}")
            }
            other => panic!("{other:?}"),
        }
        let unsupported = Request {
            variant: "hop".into(),
            ..Default::default()
        };
        assert!(matches!(
            b.moves(&unsupported),
            Err(BackendError::Unsupported(_))
        ));
        assert_eq!(b.starts, 2);
    }

    #[test]
    fn lines_are_read_with_a_cap() {
        let mut got = Vec::new();
        let input = b"short\n0123456789abc\nok\xff\nlast";
        read_lines_capped(&input[..], 10, |l| {
            got.push(format!("{l:?}"));
            true
        });
        assert_eq!(
            got,
            [
                "Text(\"short\")",
                "TooLong(13)",
                "Text(\"ok\u{fffd}\")",
                "Text(\"last\")"
            ]
        );
    }

    /// A reply line above the cap is a failure of the engine, reported
    /// without reading it into memory.
    #[test]
    fn a_huge_reply_is_a_failure() {
        let hello = r#"{"id":0,"name":"fake","variants":["fide"]}"#;
        let script = format!(
            "read l; echo '{hello}'; read l; head -c {} /dev/zero | tr '\\0' x; echo",
            MAX_REPLY_BYTES + 10
        );
        let mut b = EngineBackend::new(&script, Duration::from_secs(20));
        let req = Request {
            variant: "fide".into(),
            ..Default::default()
        };
        match b.moves(&req) {
            Err(BackendError::Failed(m)) => assert!(m.contains("reply line of more than"), "{m}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_engine_that_cannot_start_fails_each_request() {
        let mut b = EngineBackend::new("exit 1", Duration::from_secs(2));
        assert!(matches!(
            b.moves(&Request::default()),
            Err(BackendError::Failed(_))
        ));
    }

    #[test]
    fn scripts_in_perftree_style_get_depth_position_and_moves() {
        // Echoes its arguments back as divide lines.
        let script =
            r#"f() { echo "d$1: 1"; echo "m$(echo "$3" | tr ' ' '_'): 2"; echo; echo 3; }; f"#;
        let mut b = PerftreeBackend::new(script, Duration::from_secs(5), vec!["fide".into()]);
        let req = Request {
            variant: "fide".into(),
            position: Some("P".into()),
            moves: vec!["a".into(), "b".into()],
            ..Default::default()
        };
        assert_eq!(
            b.moves(&req).unwrap(),
            vec!["d1".to_string(), "ma_b".to_string()]
        );
        assert_eq!(b.nodes(&req, 4).unwrap(), 3);
        assert_eq!(b.nodes(&req, 0).unwrap(), 1);
        assert!(matches!(
            b.position(&req),
            Err(BackendError::Unsupported(_))
        ));
        let other = Request {
            variant: "hop".into(),
            ..Default::default()
        };
        assert!(matches!(
            b.nodes(&other, 1),
            Err(BackendError::Unsupported(_))
        ));
        let mut slow =
            PerftreeBackend::new("sleep 30", Duration::from_millis(200), vec!["fide".into()]);
        assert!(matches!(slow.nodes(&req, 1), Err(BackendError::Failed(_))));
    }
}
