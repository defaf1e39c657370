//! A running `arbiter serve` and a small HTTP/1.1 client over std's
//! `TcpStream` (keep-alive, `Content-Length` bodies: what the server
//! answers), for the API tests, the load test and the browser tests.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// `arbiter serve --port 0 ARGS` while this value lives (killed on drop).
pub struct Server {
    pub child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// `http://127.0.0.1:PORT/`.
    pub url: String,
}

impl Server {
    /// Starts the server and waits for the URL line it prints.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .arg("serve")
            .args(["--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start arbiter serve");
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"))
            .to_string();
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        Server { child, addr, url }
    }

    /// The server's resident memory in KiB (Linux `/proc`).
    pub fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
    }

    /// Sends SIGINT (Ctrl-C) and waits: (exit code, stdout after the URL line).
    pub fn interrupt(mut self) -> (Option<i32>, String) {
        unsafe {
            libc::kill(self.child.id() as libc::pid_t, libc::SIGINT);
        }
        let status = self.child.wait().unwrap();
        let mut rest = String::new();
        if let Some(out) = self.child.stdout.as_mut() {
            let _ = out.read_to_string(&mut rest);
        }
        (status.code(), rest)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response: status, lower-case headers, body.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "HTTP {} body is not JSON ({e}): {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }
}

/// One keep-alive connection to the server (reconnects when the server
/// closed it).
pub struct Client {
    addr: String,
    conn: Option<BufReader<TcpStream>>,
}

impl Client {
    pub fn new(addr: &str) -> Client {
        Client {
            addr: addr.to_string(),
            conn: None,
        }
    }

    /// Sends one request; `content_type` `None` sends none. A kept-alive
    /// connection the server closed meanwhile is opened again once.
    ///
    /// # Errors
    /// The connection failed or the answer is not HTTP.
    pub fn send(
        &mut self,
        method: &str,
        path: &str,
        content_type: Option<&str>,
        body: &[u8],
    ) -> std::io::Result<Response> {
        let reused = self.conn.is_some();
        match self.send_once(method, path, content_type, body) {
            Err(e)
                if reused
                    && matches!(
                        e.kind(),
                        std::io::ErrorKind::UnexpectedEof
                            | std::io::ErrorKind::BrokenPipe
                            | std::io::ErrorKind::ConnectionReset
                            | std::io::ErrorKind::ConnectionAborted
                    ) =>
            {
                self.conn = None;
                self.send_once(method, path, content_type, body)
            }
            r => r,
        }
    }

    fn send_once(
        &mut self,
        method: &str,
        path: &str,
        content_type: Option<&str>,
        body: &[u8],
    ) -> std::io::Result<Response> {
        if self.conn.is_none() {
            let s = TcpStream::connect(&self.addr)?;
            s.set_read_timeout(Some(Duration::from_secs(60)))?;
            s.set_nodelay(true)?;
            self.conn = Some(BufReader::new(s));
        }
        let conn = self.conn.as_mut().unwrap();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        if let Some(ct) = content_type {
            head.push_str(&format!("Content-Type: {ct}\r\n"));
        }
        head.push_str("\r\n");
        let sent = conn
            .get_mut()
            .write_all(head.as_bytes())
            .and_then(|()| conn.get_mut().write_all(body));
        // A server refusing a large body answers and closes before reading
        // it all: the write may fail, the answer is still there to read.
        let r = read_response(conn);
        let r = match (sent, r) {
            (_, Ok(r)) => r,
            (Err(e), Err(_)) | (Ok(()), Err(e)) => {
                self.conn = None;
                return Err(e);
            }
        };
        if r.header("connection") == Some("close") {
            self.conn = None;
        }
        Ok(r)
    }

    /// POSTs JSON.
    pub fn post(&mut self, path: &str, body: &serde_json::Value) -> Response {
        self.send(
            "POST",
            path,
            Some("application/json"),
            body.to_string().as_bytes(),
        )
        .unwrap_or_else(|e| panic!("POST {path}: {e}"))
    }

    pub fn get(&mut self, path: &str) -> Response {
        self.send("GET", path, None, b"")
            .unwrap_or_else(|e| panic!("GET {path}: {e}"))
    }
}

fn read_response(conn: &mut BufReader<TcpStream>) -> std::io::Result<Response> {
    let bad = |m: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, m.to_string());
    let mut line = String::new();
    if conn.read_line(&mut line)? == 0 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            "the server closed the connection",
        ));
    }
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad(&format!("not an HTTP status line: {line:?}")))?;
    let mut headers = Vec::new();
    loop {
        line.clear();
        conn.read_line(&mut line)?;
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        let (k, v) = l.split_once(':').ok_or_else(|| bad(l))?;
        headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
    }
    let len: usize = headers
        .iter()
        .find(|(k, _)| k == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .ok_or_else(|| bad("no content-length"))?;
    let mut body = vec![0; len];
    conn.read_exact(&mut body)?;
    Ok(Response {
        status,
        headers,
        body,
    })
}
