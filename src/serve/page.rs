//! The adjudication page: one HTML document with its CSS and JavaScript
//! inline, built into the binary (`page.html`, `page.css`, `page.js`
//! beside this file; no CDN, no build step). Its Content-Security-Policy
//! allows exactly this script and this style (by their SHA-256), requests
//! to the server itself and nothing else.

use std::sync::OnceLock;

use sha2::{Digest, Sha256};

const HTML: &str = include_str!("page.html");
const CSS: &str = include_str!("page.css");
const JS: &str = include_str!("page.js");

/// The page and its Content-Security-Policy header.
pub struct Page {
    /// The HTML document, CSS and JavaScript inline.
    pub html: String,
    /// The value of its `Content-Security-Policy` header.
    pub csp: String,
}

/// Standard base64 with padding (for the CSP hashes).
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18u32, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(ABC[((n >> shift) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn hash(text: &str) -> String {
    format!("'sha256-{}'", base64(&Sha256::digest(text.as_bytes())))
}

/// The page, assembled once.
pub fn page() -> &'static Page {
    static PAGE: OnceLock<Page> = OnceLock::new();
    PAGE.get_or_init(|| {
        let html = HTML
            .replace("/*STYLE*/", CSS)
            .replace("/*SCRIPT*/", JS)
            .replace("{{VERSION}}", env!("CARGO_PKG_VERSION"));
        let csp = format!(
            "default-src 'none'; script-src {}; style-src {}; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
            hash(JS),
            hash(CSS)
        );
        Page { html, csp }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_pads_like_the_standard() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn the_page_holds_its_script_and_style_and_names_their_hashes() {
        let p = page();
        assert!(p.html.contains(JS) && p.html.contains(CSS));
        assert!(!p.html.contains("/*SCRIPT*/") && !p.html.contains("/*STYLE*/"));
        assert!(p.csp.contains(&hash(JS)) && p.csp.contains(&hash(CSS)));
        // Nothing is loaded from elsewhere (the one URL is SVG's namespace).
        for needle in ["<script src", "<link", "@import", "url(", "https://"] {
            assert!(!p.html.contains(needle), "{needle}");
        }
        assert_eq!(p.html.matches("http://").count(), 1);
    }
}
