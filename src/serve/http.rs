//! The HTTP side of `arbiter serve`: routes, limits and error bodies (axum
//! on tokio, with tower-http's body limit and timeout).
//!
//! | route | answer |
//! |---|---|
//! | `GET /` | the page ([`super::page`]) |
//! | `GET /api/variants` | [`api::variants`] |
//! | `GET /api/rules`, `GET /api/rules/{ID}` | [`api::rule_ids`], [`api::rule`] |
//! | `POST /api/{moves,play,perft,divide,outcome,explain}` | [`api::answer`] |
//!
//! Limits: a body above [`Limits::max_body`] is refused with 413 before it
//! is read to the end; a game request must say `Content-Type:
//! application/json` (415 otherwise; it also keeps other web sites' pages
//! from posting to the server without the browser asking first); at most
//! [`Limits::max_busy`] game requests compute at once, another waits at
//! most [`Limits::max_wait`] for one of them to end and then gets 503; a request still computing after
//! [`Limits::time_limit`] and a grace second gets 503 (perft and divide
//! stop by themselves at the time limit). Every error, also axum's and
//! tower-http's own, is a JSON body `{"error": {"kind", "message"}}`.
//! Nothing a request says reaches the file system: the page, the rule
//! texts and the pictures are built into the binary or made in memory.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use tokio::sync::Semaphore;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use super::api::{self, Command, Limits, Reply};
use super::page;

/// What every handler shares.
struct Shared {
    limits: Limits,
    /// One permit per request computing.
    busy: Arc<Semaphore>,
}

/// The grace time after [`Limits::time_limit`] before the timeout layer
/// answers 503 itself.
const GRACE: Duration = Duration::from_secs(1);

/// The routes and layers of the server with these limits.
pub fn router(limits: Limits) -> Router {
    let shared = Arc::new(Shared {
        limits,
        busy: Arc::new(Semaphore::new(limits.max_busy.max(1))),
    });
    Router::new()
        .route("/", get(page_handler))
        .route("/api/variants", get(variants_handler))
        .route("/api/rules", get(rule_ids_handler))
        .route("/api/rules/{id}", get(rule_handler))
        .route("/api/{command}", post(game_handler))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limits.max_body))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            limits.time_limit + GRACE,
        ))
        .layer(RequestBodyLimitLayer::new(limits.max_body))
        .layer(axum::middleware::map_response_with_state(
            limits,
            json_errors,
        ))
        .with_state(shared)
}

fn json_response(reply: Reply) -> Response {
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut r = (status, reply.body.to_string()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

async fn page_handler() -> Response {
    let p = page::page();
    let mut r = p.html.clone().into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    if let Ok(csp) = HeaderValue::from_str(&p.csp) {
        h.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    r
}

async fn variants_handler(State(s): State<Arc<Shared>>) -> Response {
    json_response(api::variants(&s.limits))
}

async fn rule_ids_handler() -> Response {
    json_response(api::rule_ids())
}

async fn rule_handler(Path(id): Path<String>) -> Response {
    json_response(api::rule(&id))
}

async fn not_found() -> Response {
    json_response(api::error(
        "not-found",
        "no such page or API path: the page is at /, the API under /api/ (GET /api/variants, GET /api/rules/{ID}, POST /api/moves, /api/play, /api/perft, /api/divide, /api/outcome, /api/explain)",
    ))
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

async fn game_handler(
    State(s): State<Arc<Shared>>,
    Path(command): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(cmd) = Command::ALL.into_iter().find(|c| c.name() == command) else {
        return not_found().await;
    };
    if !is_json(&headers) {
        return json_response(api::error(
            "media-type",
            "send the request body as JSON with the header Content-Type: application/json",
        ));
    }
    let permit = match Arc::clone(&s.busy).try_acquire_owned() {
        Ok(p) => p,
        Err(_) => {
            let wait = Arc::clone(&s.busy).acquire_owned();
            match tokio::time::timeout(s.limits.max_wait, wait).await {
                Ok(Ok(p)) => p,
                _ => {
                    return json_response(api::error(
                        "busy",
                        &format!(
                            "the server is busy: {} requests are computing and none ended within {} ms (arbiter serve --max-busy, --max-wait); try again in a moment",
                            s.limits.max_busy,
                            s.limits.max_wait.as_millis()
                        ),
                    ))
                }
            }
        }
    };
    let limits = s.limits;
    // The permit is held until the computation ends, also when the
    // timeout layer has answered already: the CPU is still in use.
    let done = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        std::panic::catch_unwind(|| api::answer(cmd, &body, &limits))
    })
    .await;
    match done {
        Ok(Ok(reply)) => json_response(reply),
        Ok(Err(p)) => json_response(api::error(
            "internal",
            &format!("internal error of arbiter: {}", panic_text(p.as_ref())),
        )),
        Err(e) => json_response(api::error(
            "internal",
            &format!("internal error of arbiter: {e}"),
        )),
    }
}

/// Every response: an error without a JSON body (axum's rejections, the
/// body limit, the timeout) gets one, by its status; and the headers that
/// keep browsers from guessing types or caching answers.
async fn json_errors(State(limits): State<Limits>, response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let mut response = if (status.is_client_error() || status.is_server_error()) && !is_json {
        let (kind, message) = match status.as_u16() {
            413 => (
                "too-large",
                format!(
                    "the request body is larger than the limit of {} bytes",
                    limits.max_body
                ),
            ),
            405 => (
                "method",
                "wrong method: GET /, /api/variants and /api/rules, POST the game requests".into(),
            ),
            404 => ("not-found", "no such page or API path".into()),
            415 => (
                "media-type",
                "send the request body as JSON with the header Content-Type: application/json"
                    .into(),
            ),
            408 | 503 => (
                "timeout",
                format!(
                    "the request took longer than the time limit of this server ({:.1} s)",
                    limits.time_limit.as_secs_f64()
                ),
            ),
            s if s >= 500 => ("internal", format!("internal error of arbiter (HTTP {s})")),
            _ => (
                "input",
                format!("the request was refused (HTTP {})", status.as_u16()),
            ),
        };
        let mut r = json_response(api::error(kind, &message));
        *r.status_mut() = status;
        r
    } else {
        response
    };
    let h = response.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}
