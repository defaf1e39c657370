//! Game records of Gliński's chess (GLN-1): standard algebraic notation
//! (SAN) with English piece letters K Q R B N or the Hungarian letters K V
//! B F H of the federation records (király, vezér, bástya, futó, huszár:
//! king, queen, rook, bishop, knight), read against the legal moves.
//!
//! ```text
//! token   = [number] move [ep] [promo] [check] [notes]
//! number  = 1*DIGIT 1*"."                  ; "12." or "12..." before the move: skipped
//! move    = letter [file] [rank] [capture [letter]] cell ; a piece: Nf3, Hdf8, B4xe5, Hh1f4, Qc3xBf9
//!         | [file [rank]] [capture] cell                 ; a pawn: f6, exf6, e5f6
//!         | file capture file                            ; a pawn capture by files: ixk
//! letter  = "K" / "Q" / "R" / "B" / "N" / "P"            ; English
//!         / "K" / "V" / "B" / "F" / "H"                  ; Hungarian
//! capture = "x" / ":"
//! ep      = "ep" ["."] / "e.p."                          ; en passant: e5ep.
//! promo   = ["="] letter                                 ; e10=Q, k7V (any case)
//! check   = "+" / "#"
//! notes   = 1*("!" / "?")
//! ```
//!
//! A token matches the legal moves of the piece it names that end on its
//! cell (or file), start on the file/rank it gives, capture exactly when it
//! says so (a letter after the capture mark names the captured piece; a
//! pawn with a from-file on another file than its destination
//! captures, `x` or not; `ep` marks an en passant capture, which may omit
//! the from-file), and promote to the piece it names (omitted: every
//! promotion matches, so the token is ambiguous). `+` asserts that the move
//! gives check and `#` checkmate; without them nothing is asserted. The
//! letter `B` is a bishop in English and a rook in Hungarian: a single
//! token is read both ways (and is ambiguous only if both readings match a
//! legal move); a move list (`--moves`, a fixture's `moves`, a [`Record`])
//! is read in one language, that of its first token with a Q R N or V F H
//! letter ([`language`], `Game::read_record`).
//!
//! A token fails as "no legal move matches" (an illegal move, with the
//! reason), "several legal moves match" (ambiguous, listing them) or
//! "check mark wrong".

use crate::core::hex::{Cell, FILES};
use crate::core::MoveError;

use super::explain::{parse_text, text_of};
use super::moves::{Mv, F_EP};
use super::position::{PieceSets, Pos, Role};

/// The language of a record's piece letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// K Q R B N (P for a pawn).
    English,
    /// K V B F H (király, vezér, bástya, futó, huszár).
    Hungarian,
}

impl Lang {
    /// The role of a piece letter in this language.
    pub fn role(self, letter: char) -> Option<Role> {
        match (self, letter.to_ascii_uppercase()) {
            (_, 'K') => Some(Role::King),
            (Lang::English, 'Q') | (Lang::Hungarian, 'V') => Some(Role::Queen),
            (Lang::English, 'R') => Some(Role::Rook),
            (Lang::English, 'B') | (Lang::Hungarian, 'F') => Some(Role::Bishop),
            (Lang::Hungarian, 'B') => Some(Role::Rook),
            (Lang::English, 'N') | (Lang::Hungarian, 'H') => Some(Role::Knight),
            (Lang::English, 'P') => Some(Role::Pawn),
            _ => None,
        }
    }
    /// The languages a letter belongs to (`B` and `K`: both).
    fn of_letter(letter: char) -> &'static [Lang] {
        match letter.to_ascii_uppercase() {
            'Q' | 'R' | 'N' | 'P' => &[Lang::English],
            'V' | 'F' | 'H' => &[Lang::Hungarian],
            _ => &[Lang::English, Lang::Hungarian],
        }
    }
}

/// What a check mark asserts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// `+`: the move gives check.
    Check,
    /// `#`: the move gives checkmate.
    Mate,
}

/// A parsed record token (syntax only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct San {
    /// The piece letter as written; `None` for a pawn.
    pub(crate) letter: Option<char>,
    /// The origin file as written, for disambiguation.
    pub(crate) from_file: Option<u8>,
    /// The origin rank as written, for disambiguation.
    pub(crate) from_rank: Option<u8>,
    /// Whether the token marks a capture (`x` or `:`).
    pub(crate) capture: bool,
    /// The captured piece's letter, when written (`Qc3xBf9`).
    pub(crate) captured: Option<char>,
    /// The destination cell (`None` for a capture by files, `ixk`).
    pub(crate) dest: Option<Cell>,
    /// The destination file of a capture by files.
    pub(crate) dest_file: Option<u8>,
    /// The promotion letter as written.
    pub(crate) promo: Option<char>,
    /// Whether the token marks en passant.
    pub(crate) ep: bool,
    /// The check or mate mark, if written.
    pub(crate) mark: Option<Mark>,
}

fn file_index(c: char) -> Option<u8> {
    FILES.iter().position(|&f| f == c).map(|i| i as u8)
}

/// MCC-1 \[ruling\] McCooey's own file letters (a–k *with* j: his j and k
/// are our k and l), read under `mccooey --rule letters=mccooey`: maps a
/// move text's lowercase `j` to `k` and `k` to `l` before GLN-1's parsers
/// see it; everything else (upper-case piece letters, `x`, `ep`, `e.p.`,
/// the promotion letter) is unchanged. An `l` is no file in his letters.
///
/// # Errors
/// [`MoveError::Syntax`] for a text with an `l`.
pub fn mccooey_letters(text: &str) -> Result<String, MoveError> {
    text.chars()
        .map(|c| match c {
            'j' => Ok('k'),
            'k' => Ok('l'),
            'l' => Err(MoveError::syntax(
                text,
                "`l` is no file in McCooey's letters (letters=mccooey: files a-k with j, his j and k being our k and l)",
            )),
            c => Ok(c),
        })
        .collect()
}

/// `e` (about a text read as [`mccooey_letters`] mapped it) naming the
/// text as written, and, for an illegal move, the rule `rule` if given.
pub(crate) fn as_written(e: MoveError, text: &str, rule: Option<&'static str>) -> MoveError {
    let text = text.to_string();
    match e {
        MoveError::Syntax { message, .. } => MoveError::Syntax { text, message },
        MoveError::Illegal { reason, rules, .. } => MoveError::Illegal {
            text,
            reason,
            rules: rule.map_or(rules, |r| vec![r]),
        },
        MoveError::Ambiguous { candidates, .. } => MoveError::Ambiguous { text, candidates },
        MoveError::GameOver { .. } => MoveError::GameOver { text },
    }
}

/// Strips a leading move number (`12.`, `12...`).
pub fn strip_number(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &token[digits..];
    if digits > 0 && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        token
    }
}

impl San {
    /// Parses one record token.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] saying what is wrong.
    pub fn parse(text: &str) -> Result<San, MoveError> {
        let bad = |m: &str| MoveError::syntax(text, m.to_string());
        let mut t = strip_number(text.trim());
        if t.is_empty() {
            return Err(bad("a move number, not a move"));
        }
        if !t.is_ascii() {
            return Err(bad(
                "not a move (ASCII letters, digits, x : = + # ! ? expected)",
            ));
        }
        let mut san = San::default();
        t = t.trim_end_matches(['!', '?']);
        if let Some(r) = t.strip_suffix('#') {
            san.mark = Some(Mark::Mate);
            t = r;
        } else if let Some(r) = t.strip_suffix('+') {
            san.mark = Some(Mark::Check);
            t = r;
        }
        t = t.trim_end_matches(['!', '?']);
        for suffix in ["e.p.", "e.p", "ep.", "ep"] {
            if let Some(r) = t.strip_suffix(suffix) {
                if r.ends_with(|c: char| c.is_ascii_digit()) {
                    san.ep = true;
                    t = r;
                    break;
                }
            }
        }
        // Promotion: "=X" or a letter after the destination cell.
        if let Some((body, p)) = t.split_once('=') {
            let mut ch = p.chars();
            match (ch.next(), ch.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => san.promo = Some(c),
                _ => return Err(bad("promotion is '=' and one piece letter")),
            }
            t = body;
        } else if let Some(c) = t.chars().last().filter(|c| c.is_ascii_alphabetic()) {
            // "k7V": a letter right after a cell.
            let body = &t[..t.len() - 1];
            if body.len() >= 2 && body.ends_with(|d: char| d.is_ascii_digit()) {
                san.promo = Some(c);
                t = body;
            }
        }
        if let Some(c) = san.promo {
            if !"QRBNVFHqrbnvfh".contains(c) {
                return Err(bad("promotion piece must be Q R B N or V B F H"));
            }
        }
        let mut body = t;
        if let Some(c) = body.chars().next().filter(|c| c.is_ascii_uppercase()) {
            if !"KQRBNPVFH".contains(c) {
                return Err(bad(&format!(
                    "'{c}' is not a piece letter (K Q R B N or K V B F H)"
                )));
            }
            if c != 'P' {
                san.letter = Some(c);
            }
            body = &body[1..];
        }
        // Capture by files: "ixk".
        let b = body.as_bytes();
        if san.letter.is_none() && b.len() == 3 && matches!(b[1], b'x' | b':') {
            if let (Some(f), Some(g)) = (file_index(b[0] as char), file_index(b[2] as char)) {
                san.from_file = Some(f);
                san.dest_file = Some(g);
                san.capture = true;
                return Ok(san);
            }
        }
        // The destination: the longest cell name at the end.
        let dest = [3, 2].iter().find_map(|&n| {
            (body.len() >= n)
                .then(|| Cell::parse(&body[body.len() - n..]).map(|c| (c, n)))
                .flatten()
        });
        let Some((dest, n)) = dest else {
            return Err(bad("no destination cell (a1..l6, f11) at the end"));
        };
        san.dest = Some(dest);
        let mut dis = &body[..body.len() - n];
        if let Some(c) = dis.chars().last().filter(|c| "KQRBNPVFH".contains(*c)) {
            let before = &dis[..dis.len() - 1];
            if before.ends_with(['x', ':']) {
                san.captured = Some(c);
                dis = before;
            }
        }
        if let Some(r) = dis.strip_suffix(['x', ':']) {
            san.capture = true;
            dis = r;
        }
        let mut chars = dis.chars().peekable();
        if let Some(&c) = chars.peek() {
            if let Some(f) = file_index(c) {
                san.from_file = Some(f);
                chars.next();
            }
        }
        let digits: String = chars.collect();
        if !digits.is_empty() {
            match digits.parse::<u8>() {
                Ok(r) if (1..=11).contains(&r) && !digits.starts_with('0') => {
                    san.from_rank = Some(r - 1)
                }
                _ => return Err(bad(&format!("bad disambiguation '{dis}'"))),
            }
        }
        if san.ep && san.letter.is_some() {
            return Err(bad("only a pawn captures en passant"));
        }
        Ok(san)
    }

    /// The languages this token can be read in.
    pub fn langs(&self) -> Vec<Lang> {
        let mut out = vec![Lang::English, Lang::Hungarian];
        for c in self
            .letter
            .iter()
            .chain(self.promo.iter())
            .chain(self.captured.iter())
        {
            let ok = Lang::of_letter(*c);
            out.retain(|l| ok.contains(l));
        }
        out
    }
}

/// How a token resolves against the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// Exactly one legal move matches.
    One(Mv),
    /// No legal move matches.
    NoMatch,
    /// Matches, but none has the check (mate) the token asserts.
    CheckMark(Vec<String>),
    /// Several legal moves match (their texts): the token is ambiguous.
    Several(Vec<String>),
}

fn matches(pos: &Pos, san: &San, lang: Lang, m: Mv) -> bool {
    let from = Cell::from_slot(m.from as usize);
    let to = Cell::from_slot(m.to as usize);
    let (Some(from), Some(to)) = (from, to) else {
        return false;
    };
    let role = pos.role_at(from.slot() as u32).unwrap_or(Role::Pawn);
    let want = match san.letter {
        None => Role::Pawn,
        Some(c) => match lang.role(c) {
            Some(r) => r,
            None => return false,
        },
    };
    if role != want {
        return false;
    }
    match (san.dest, san.dest_file) {
        (Some(d), _) if d != to => return false,
        (None, Some(f)) if f != to.file() => return false,
        _ => {}
    }
    if san.from_file.is_some_and(|f| f != from.file())
        || san.from_rank.is_some_and(|r| r != from.rank())
    {
        return false;
    }
    let ep = m.flag == F_EP;
    let capture = ep || pos.colors[pos.turn.other()] & to.bit() != 0;
    if san.ep && !ep {
        return false;
    }
    let claims_capture = san.capture
        || san.ep
        || (role == Role::Pawn && san.from_file.is_some_and(|f| f != to.file()));
    if claims_capture != capture {
        return false;
    }
    if let Some(c) = san.captured {
        let victim = if ep {
            Role::Pawn
        } else {
            pos.role_at(to.slot() as u32).unwrap_or(Role::Pawn)
        };
        if lang.role(c) != Some(victim) && !(c == 'P' && victim == Role::Pawn) {
            return false;
        }
    }
    match (san.promo, m.promo()) {
        (Some(c), Some(r)) => lang.role(c) == Some(r),
        (Some(_), None) => false,
        _ => true,
    }
}

/// Resolves a token against the legal moves of `pos`, reading its letters
/// in each of `langs`.
pub fn resolve(pos: &Pos, san: &San, langs: &[Lang]) -> Resolution {
    let legal = pos.moves();
    let mut found: Vec<Mv> = Vec::new();
    for &lang in langs {
        for &m in &legal {
            if matches(pos, san, lang, m) && !found.contains(&m) {
                found.push(m);
            }
        }
    }
    if found.is_empty() {
        return Resolution::NoMatch;
    }
    let marked: Vec<Mv> = match san.mark {
        None => found.clone(),
        Some(mark) => found
            .iter()
            .copied()
            .filter(|&m| {
                let mut c = *pos;
                c.make(m, &mut ());
                c.checked() && (mark == Mark::Check || !c.has_legal_move())
            })
            .collect(),
    };
    match marked.len() {
        0 => Resolution::CheckMark(found.into_iter().map(text_of).collect()),
        1 => Resolution::One(marked[0]),
        _ => Resolution::Several(marked.into_iter().map(text_of).collect()),
    }
}

/// Resolves a record token to a legal move of `pos`, or the error naming
/// why not (see the module docs). `langs`: the record's language, or both.
///
/// # Errors
/// Syntax, no match (illegal), several matches (ambiguous), check mark
/// wrong (illegal).
pub fn parse_token(pos: &Pos, text: &str, langs: Option<&[Lang]>) -> Result<Mv, MoveError> {
    let san = San::parse(text)?;
    let own = san.langs();
    let langs: Vec<Lang> = match langs {
        Some(l) => own.into_iter().filter(|x| l.contains(x)).collect(),
        None => own,
    };
    if langs.is_empty() {
        return Err(MoveError::syntax(
            text,
            "its letters belong to neither English (K Q R B N) nor Hungarian (K V B F H) records, or not to this record's language",
        ));
    }
    match resolve(pos, &san, &langs) {
        Resolution::One(m) => Ok(m),
        Resolution::NoMatch => Err(MoveError::illegal(
            text,
            no_match_reason(pos, &san, &langs),
            &["GLN-1"],
        )),
        Resolution::CheckMark(c) => Err(MoveError::illegal(
            text,
            format!(
                "check mark wrong: {} {} not give {}",
                c.join(", "),
                if c.len() == 1 { "does" } else { "do" },
                if san.mark == Some(Mark::Mate) {
                    "checkmate"
                } else {
                    "check"
                }
            ),
            &["GLN-1"],
        )),
        Resolution::Several(c) => Err(MoveError::Ambiguous {
            text: text.to_string(),
            candidates: c,
        }),
    }
}

/// Why no legal move matches a token: the legal moves of the piece kind it
/// names (in its languages) that end on its cell, if any, else those of
/// that kind.
fn no_match_reason(pos: &Pos, san: &San, langs: &[Lang]) -> String {
    let legal = pos.moves();
    let kinds: Vec<Role> = match san.letter {
        None => vec![Role::Pawn],
        Some(c) => langs.iter().filter_map(|l| l.role(c)).collect(),
    };
    let of_kind: Vec<Mv> = legal
        .iter()
        .copied()
        .filter(|m| kinds.contains(&pos.role_at(m.from as u32).unwrap_or(Role::Pawn)))
        .collect();
    let names: Vec<&str> = kinds.iter().map(|&k| k.name()).collect();
    let what = names.join(" or ");
    let list = |v: &[Mv]| {
        let mut t: Vec<String> = v.iter().map(|&m| text_of(m)).collect();
        t.sort();
        t.join(", ")
    };
    if of_kind.is_empty() {
        return format!("no legal move matches: no {what} of the side to move can move");
    }
    // Right piece and cell, wrong capture mark.
    let to_dest: Vec<Mv> = of_kind
        .iter()
        .copied()
        .filter(|m| san.dest.is_some_and(|d| d.slot() == m.to as usize))
        .collect();
    if !to_dest.is_empty() {
        let captures =
            |m: &Mv| m.flag == F_EP || pos.colors[pos.turn.other()] & (1u128 << m.to) != 0;
        if san.capture && !to_dest.iter().any(captures) {
            return format!(
                "no legal move matches: nothing to capture on {} (no x for a move to an empty cell)",
                san.dest.map_or(String::new(), |d| d.to_string())
            );
        }
        if !san.capture && !san.ep && to_dest.iter().all(captures) {
            return format!(
                "no legal move matches: the move to {} captures (write x or :)",
                san.dest.map_or(String::new(), |d| d.to_string())
            );
        }
    }
    format!(
        "no legal move matches: the legal {what} moves are {}",
        list(&of_kind)
    )
}

/// One game of a record file: its tags, its move tokens and its result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The tag pairs (`[Name "value"]`), in order.
    pub tags: Vec<(String, String)>,
    /// The move tokens, in order.
    pub moves: Vec<String>,
    /// The result token, if the record has one.
    pub result: Option<String>,
}

/// Result tokens ("remi" is the Hungarian records' draw).
const RESULTS: [&str; 6] = ["1-0", "0-1", "1/2-1/2", "½-½", "*", "remi"];

impl Record {
    /// Splits a PGN-like text into games: `[Tag "value"]` lines (quotes
    /// optional), then move text; `;` comments to the end of the line,
    /// `{...}` comments and `(...)` variations are skipped; move numbers
    /// (`12.`, `12...`), `...` and the result token are not moves.
    pub fn parse_all(text: &str) -> Vec<Record> {
        let mut games = Vec::new();
        let mut cur = Record::default();
        let mut depth_brace = 0usize;
        let mut depth_paren = 0usize;
        for raw in text.lines() {
            let line = match raw.find(';') {
                Some(i) if depth_brace == 0 => &raw[..i],
                _ => raw,
            };
            let trimmed = line.trim();
            if depth_brace == 0 && trimmed.starts_with('[') && trimmed.ends_with(']') {
                if !cur.moves.is_empty() || cur.result.is_some() {
                    games.push(std::mem::take(&mut cur));
                }
                let inner = &trimmed[1..trimmed.len() - 1];
                let (k, v) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
                cur.tags
                    .push((k.to_string(), v.trim().trim_matches('"').to_string()));
                continue;
            }
            // Strip comments and variations.
            let mut kept = String::new();
            for c in line.chars() {
                match c {
                    '{' => depth_brace += 1,
                    '}' => depth_brace = depth_brace.saturating_sub(1),
                    '(' if depth_brace == 0 => depth_paren += 1,
                    ')' if depth_brace == 0 => depth_paren = depth_paren.saturating_sub(1),
                    _ if depth_brace == 0 && depth_paren == 0 => kept.push(c),
                    _ => {}
                }
                if matches!(c, '{' | '}' | '(' | ')') {
                    kept.push(' ');
                }
            }
            for tok in kept.split_whitespace() {
                let mut tok = strip_number(tok);
                if tok.is_empty() || tok.chars().all(|c| c == '.') {
                    continue;
                }
                if let Some(r) = tok.strip_suffix('*').filter(|r| !r.is_empty()) {
                    cur.moves.push(r.to_string());
                    tok = "*";
                }
                if RESULTS.contains(&tok) {
                    cur.result = Some(tok.to_string());
                } else {
                    cur.moves.push(tok.to_string());
                }
            }
        }
        if !cur.moves.is_empty() || cur.result.is_some() {
            games.push(cur);
        }
        games
    }

    /// A tag's value.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The language of a move list: that of its first token whose letters
/// belong to one language only (Q R N: English, V F H: Hungarian); `None`
/// when no token says (only K, B, pawn moves or cell notation).
pub fn language<S: AsRef<str>>(tokens: &[S]) -> Option<Lang> {
    tokens.iter().find_map(|t| {
        let t = t.as_ref().trim();
        if parse_text(t).is_ok() {
            return None;
        }
        match San::parse(t).map(|s| s.langs()).as_deref() {
            Ok([l]) => Some(*l),
            _ => None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::mccooey_letters;
    use crate::core::MoveError;

    /// MCC-1 `letters=mccooey`: his j and k become our k and l; piece
    /// letters, `x`, `ep`, `e.p.`, promotion letters and files a–i stay;
    /// `l` is rejected naming the letter.
    #[test]
    fn mccooey_letters_map() {
        for (his, ours) in [
            ("g2j1", "g2k1"),
            ("j1k3", "k1l3"),
            ("Bxj7", "Bxk7"),
            ("Kk1", "Kl1"),
            ("Nj1+", "Nk1+"),
            ("ixj7 e.p.", "ixk7 e.p."),
            ("hxi6ep", "hxi6ep"),
            ("k9k10=Q", "l9l10=Q"),
            ("i9i10q", "i9i10q"),
            ("12. Bxk1", "12. Bxl1"),
        ] {
            assert_eq!(mccooey_letters(his).unwrap(), ours, "{his}");
        }
        for bad in ["l1l2", "Bl1", "g2l3"] {
            match mccooey_letters(bad) {
                Err(MoveError::Syntax { text, message }) => {
                    assert_eq!(text, bad);
                    assert!(message.contains("`l`"), "{message}");
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
    }
}
