//! Crazy Chess notation: the position text (FEN extended with stacks,
//! risen bishops, a two-square en-passant field and the denial state) and
//! the move text. Grammars in CONFORMANCE.md (crazy section).
//!
//! Position text, seven fields separated by single spaces:
//!
//! ```text
//! board turn castling en-passant halfmove fullmove denial
//! board     = FEN ranks; a square is a piece letter, or "(" piece+ ")"
//!             for a stack bottom → top / a risen bishop; piece = letter ["*"]
//!             ("*" only after B/b: risen bishop, CRZ-B1)
//! castling  = "-" | [K][Q][k][q]
//! en-passant= "-" | skipped-square victim-square      e.g. "e3e4", "d2e2"
//! denial    = holder ["!"] [":" excluded-move]         holder = w | b
//! ```
//!
//! Parsing is two steps: [`parse_setup`] reads the fields into a [`Setup`]
//! (syntax errors name the field), [`Setup::validate`] checks CRZ-V.

use super::board::*;
use super::moves::{Kind, KnightPath, Move, MAX_PATH, PROMOTION_KINDS};
use super::position::{in_check, Core, Flags, BK, BQ, WK, WQ};
use crate::core::geometry::Square;
use crate::core::notation::{
    parse_board_field, parse_counter, parse_turn, turn_char, write_board_field,
};
use crate::core::Field;
use crate::core::{Color, MoveError, PositionError};

/// A position text read field by field, not yet validated.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The position fields other than the excluded move.
    pub core: Core,
    /// The excluded move's text (resolved against the legal moves).
    pub excluded: Option<String>,
}

fn piece_token(st: &Stack) -> Option<String> {
    if st.is_empty() {
        return None;
    }
    let single = st.len() == 1 && st.get(0) & RISEN == 0;
    let mut s = String::new();
    if !single {
        s.push('(');
    }
    for &p in st.pieces() {
        s.push(letter(p));
        if p & RISEN != 0 {
            s.push('*');
        }
    }
    if !single {
        s.push(')');
    }
    Some(s)
}

/// Parses the seven fields (syntax only).
///
/// # Errors
/// [`PositionError::Syntax`] naming the field.
pub fn parse_setup(text: &str) -> Result<Setup, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 7 {
        return Err(PositionError::syntax(
            Field::Fields,
            format!("expected 7 fields (board turn castling en-passant halfmove fullmove denial), found {}", fields.len()),
        ));
    }
    let (board, cells) = parse_board_field(fields[0])?;
    if board.width != 8 || board.height != 8 {
        return Err(PositionError::syntax(
            Field::Board,
            format!(
                "crazy is played on 8×8, found {}×{}",
                board.width, board.height
            ),
        ));
    }
    let mut b: Stacks = [Stack::EMPTY; 64];
    for cell in cells {
        let st = &mut b[idx(cell.square)];
        let tok = cell.token;
        let inner = if let Some(rest) = tok.strip_prefix('(') {
            rest.strip_suffix(')').ok_or_else(|| {
                PositionError::syntax(Field::Board, format!("{}: stacks use ( )", cell.square))
            })?
        } else if tok.starts_with('[') || tok.starts_with('{') {
            return Err(PositionError::syntax(
                Field::Board,
                format!("{}: stacks use ( ), not '{tok}'", cell.square),
            ));
        } else {
            tok
        };
        if inner.is_empty() {
            return Err(PositionError::syntax(
                Field::Board,
                format!("{}: empty stack", cell.square),
            ));
        }
        let chars: Vec<char> = inner.chars().collect();
        let mut k = 0;
        while k < chars.len() {
            let p = from_letter(chars[k]).ok_or_else(|| {
                PositionError::syntax(
                    Field::Board,
                    format!("{}: '{}' is not a piece letter", cell.square, chars[k]),
                )
            })?;
            let mut p = p;
            if chars.get(k + 1) == Some(&'*') {
                if kind(p) != BISHOP || tok == inner {
                    return Err(PositionError::syntax(
                        Field::Board,
                        format!(
                            "{}: '*' marks a risen bishop inside ( ), e.g. (B*)",
                            cell.square
                        ),
                    ));
                }
                p |= RISEN;
                k += 1;
            }
            k += 1;
            if !st.push(p) {
                return Err(PositionError::syntax(
                    Field::Board,
                    format!(
                        "{}: more than {MAX_STACK} pieces in one stack (no game has more pieces)",
                        cell.square
                    ),
                ));
            }
        }
    }
    let turn = parse_turn(fields[1])?;
    let castling = match fields[2] {
        "-" => 0,
        c => {
            let mut bits = 0u8;
            let order = ['K', 'Q', 'k', 'q'];
            let mut last = 0usize;
            for ch in c.chars() {
                let pos = order.iter().position(|&o| o == ch).ok_or_else(|| {
                    PositionError::syntax(Field::Castling, format!("'{ch}' is not one of KQkq"))
                })?;
                if pos < last || bits & (1 << pos) != 0 {
                    return Err(PositionError::syntax(
                        Field::Castling,
                        "rights must be in the order KQkq without repeats",
                    ));
                }
                last = pos;
                bits |= 1 << pos;
            }
            bits
        }
    };
    let ep = match fields[3] {
        "-" => None,
        e => {
            let (s1, n1) = Square::parse_prefix(e).ok_or_else(|| {
                PositionError::syntax(Field::EnPassant, "expected '-' or two squares")
            })?;
            let s2 = Square::parse(&e[n1..]).ok_or_else(|| {
                PositionError::syntax(
                    Field::EnPassant,
                    "expected skipped square then victim square",
                )
            })?;
            if s1.file() > 7 || s2.file() > 7 || s1.rank() > 7 || s2.rank() > 7 {
                return Err(PositionError::syntax(
                    Field::EnPassant,
                    "square off the board",
                ));
            }
            Some((s1, s2))
        }
    };
    let halfmove = parse_counter(Field::Halfmove, fields[4], 0)?;
    let fullmove = parse_counter(Field::Fullmove, fields[5], 1)?;
    let den = fields[6];
    let (holder_part, excluded) = match den.split_once(':') {
        Some((h, m)) => {
            if m.is_empty() {
                return Err(PositionError::syntax(
                    Field::Denial,
                    "':' must be followed by the excluded move",
                ));
            }
            (h, Some(m.to_string()))
        }
        None => (den, None),
    };
    let (holder, protected) = match holder_part {
        "w" => (Color::White, false),
        "b" => (Color::Black, false),
        "w!" => (Color::White, true),
        "b!" => (Color::Black, true),
        _ => {
            return Err(PositionError::syntax(
                Field::Denial,
                format!("expected w|b [!] [:move], found '{den}'"),
            ))
        }
    };
    Ok(Setup {
        core: Core {
            b,
            bits: Census::of(&b),
            turn,
            castling,
            ep,
            halfmove,
            fullmove,
            holder,
            protected,
            excluded: None,
        },
        excluded,
    })
}

impl Setup {
    /// CRZ-V (and G4/G6): turns the fields into a valid position.
    ///
    /// # Errors
    /// [`PositionError::Invalid`] naming the field.
    pub fn validate(self, fl: &Flags) -> Result<Core, PositionError> {
        let c = self.core;
        let bad = |f: Field, m: String| Err(PositionError::invalid(f, m));
        for i in 0..64 {
            let st = &c.b[i];
            let Some(base) = st.base() else { continue };
            let s = sq_of(i);
            if st.len() > 1 && kind(base) != ROOK {
                return bad(
                    Field::Board,
                    format!(
                        "{s}: a {} base cannot carry riders (CRZ-V, CRZ-R3)",
                        letter(base)
                    ),
                );
            }
            if kind(base) == PAWN {
                let rel = if color(base).is_white() {
                    s.rank()
                } else {
                    7 - s.rank()
                };
                if rel == 0 || rel == 7 {
                    return bad(Field::Board, format!("{s}: a pawn cannot stand as a base on its own first or last rank (CRZ-V, CRZ-P3)"));
                }
            }
        }
        for col in [Color::White, Color::Black] {
            let pieces: usize =
                c.b.iter()
                    .map(|st| st.pieces().iter().filter(|&&p| color(p) == col).count())
                    .sum();
            if pieces > MAX_PER_COLOR {
                return bad(
                    Field::Board,
                    format!(
                        "{pieces} {} pieces, more than a side can have ({MAX_PER_COLOR}, riders included; CRZ-V)",
                        col.name()
                    ),
                );
            }
        }
        for col in [Color::White, Color::Black] {
            let n: usize =
                c.b.iter()
                    .map(|st| {
                        st.pieces()
                            .iter()
                            .filter(|&&p| p & 15 == make(KING, col))
                            .count()
                    })
                    .sum();
            if n == 0 {
                return bad(
                    Field::Board,
                    format!("no {} king: the game is over (G6)", col.name()),
                );
            }
            if n > 1 {
                return bad(
                    Field::Board,
                    format!("more than one {} king (CRZ-V)", col.name()),
                );
            }
        }
        for (bit, ksq, rsq, col) in [
            (WK, 4u8, 7u8, Color::White),
            (WQ, 4, 0, Color::White),
            (BK, 60, 63, Color::Black),
            (BQ, 60, 56, Color::Black),
        ] {
            if c.castling & bit != 0
                && (c.b[ksq as usize].base() != Some(make(KING, col))
                    || c.b[rsq as usize].base().map(|p| p & 15) != Some(make(ROOK, col)))
            {
                return bad(
                    Field::Castling,
                    format!(
                        "right {} needs king and rook as bases on their start squares (CRZ-V)",
                        sq_of(rsq as usize)
                    ),
                );
            }
        }
        if let Some((skip, victim)) = c.ep {
            let mover = c.turn.other();
            let vb = c.b[idx(victim)];
            let fw: i8 = if mover.is_white() { 1 } else { -1 };
            let rel = |s: Square| {
                if mover.is_white() {
                    s.rank()
                } else {
                    7 - s.rank()
                }
            };
            let forward = skip.file() == victim.file()
                && skip.rank() as i8 + fw == victim.rank() as i8
                && rel(victim) == 3;
            let sideways = skip.rank() == victim.rank()
                && skip.file().abs_diff(victim.file()) == 1
                && rel(victim) == 1;
            if !c.b[idx(skip)].is_empty() {
                return bad(
                    Field::EnPassant,
                    format!("skipped square {skip} is occupied (CRZ-V)"),
                );
            }
            if vb.len() != 1 || vb.get(0) != make(PAWN, mover) || !(forward || sideways) {
                return bad(Field::EnPassant, format!("{victim} is not a base pawn of the side that just moved next to {skip} (CRZ-V)"));
            }
        }
        if self.excluded.is_some() && c.holder != c.turn {
            return bad(
                Field::Denial,
                "an excluded move needs the side to move to hold the right (CRZ-V, DEN-7)".into(),
            );
        }
        if c.protected && c.holder == c.turn {
            return bad(
                Field::Denial,
                "the side holding the right cannot have a protected turn (CRZ-V, DEN-3)".into(),
            );
        }
        if in_check(&c.b, c.turn.other(), c.castling, fl) {
            return bad(
                Field::Board,
                format!(
                    "the side not to move ({}) is in check (CRZ-V)",
                    c.turn.other().name()
                ),
            );
        }
        Ok(c)
    }
}

/// The canonical position text (G4).
pub fn write(c: &Core) -> String {
    let board = write_board_field(crate::core::geometry::Board::CHESS, |s| {
        piece_token(&c.b[idx(s)])
    });
    let mut cast = String::new();
    for (bit, ch) in [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')] {
        if c.castling & bit != 0 {
            cast.push(ch);
        }
    }
    if cast.is_empty() {
        cast.push('-');
    }
    let ep = match c.ep {
        Some((a, b)) => format!("{a}{b}"),
        None => "-".into(),
    };
    let mut den = turn_char(c.holder).to_string();
    if c.protected {
        den.push('!');
    }
    if let Some(m) = &c.excluded {
        den.push(':');
        den.push_str(&m.text());
    }
    format!(
        "{board} {} {cast} {ep} {} {} {den}",
        turn_char(c.turn),
        c.halfmove,
        c.fullmove
    )
}

/// Path square `k` of `mv`, with `@n` when it names a level in a stack.
fn sq_text(out: &mut String, mv: &Move, k: usize) {
    out.push_str(&sq_of(mv.sq[k] as usize).to_string());
    let l = mv.lv[k];
    if l > 0 {
        out.push('@');
        out.push_str(&l.to_string());
    }
}

/// The canonical move text (grammar in the module docs of CONFORMANCE.md):
/// `deny`; `d1*` (all-round); `e4~e5~d4` (disguise chain); path squares
/// joined by nothing (quiet), `x` (capture) or `^` (entering), with `@n`
/// for a level in a stack, `:L`/`:S` for the knight path and `=<sq><P>`
/// for each promotion (rank 1: a black pawn, rank 8: a white one).
pub fn move_text(mv: &Move) -> String {
    if mv.kind == Kind::Deny {
        return "deny".into();
    }
    let mut s = String::new();
    if mv.len == 0 {
        return s;
    }
    sq_text(&mut s, mv, 0);
    match mv.kind {
        Kind::AllRound => s.push('*'),
        Kind::Disguise => {
            for k in 1..mv.len as usize {
                s.push('~');
                sq_text(&mut s, mv, k);
            }
        }
        _ => {
            for k in 1..mv.len as usize {
                if mv.captures_at(k) {
                    s.push('x');
                } else if mv.enters_at(k) {
                    s.push('^');
                }
                sq_text(&mut s, mv, k);
            }
            match mv.kind {
                Kind::Knight(KnightPath::LongFirst) => s.push_str(":L"),
                Kind::Knight(KnightPath::ShortFirst) => s.push_str(":S"),
                _ => {}
            }
        }
    }
    for j in 0..16 {
        if mv.promo & (1 << j) != 0 {
            let (rank, owner) = if j < 8 {
                (0, Color::Black)
            } else {
                (7, Color::White)
            };
            let k = PROMOTION_KINDS[(mv.choice >> (2 * j)) as usize & 3];
            s.push('=');
            s.push_str(&Square::new((j & 7) as u8, rank).to_string());
            s.push(letter(make(k, owner)));
        }
    }
    s
}

/// Checks the move grammar without asking about legality.
///
/// # Errors
/// [`MoveError::Syntax`].
pub fn check_syntax(text: &str) -> Result<(), MoveError> {
    let t = text.trim();
    if t == "deny" {
        return Ok(());
    }
    let err = |m: &str| Err(MoveError::syntax(text, m));
    // A level names a piece of a stack (CRZ-R3): never more than a stack
    // can hold, and never a number that wraps.
    for (i, _) in t.match_indices('@') {
        let digits: String = t[i + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if !digits.is_empty() && digits.parse::<usize>().map_or(true, |l| l >= MAX_STACK) {
            let last = MAX_STACK - 1;
            return err(&format!("level @{digits} out of range (0..{last})"));
        }
    }
    let b = t.as_bytes();
    let mut k = 0;
    let square = |k: &mut usize| -> bool {
        match Square::parse_prefix(&t[*k..]) {
            Some((s, n)) if s.file() < 8 && s.rank() < 8 => {
                *k += n;
                if b.get(*k) == Some(&b'@') {
                    *k += 1;
                    let st = *k;
                    while *k < b.len() && b[*k].is_ascii_digit() {
                        *k += 1;
                    }
                    return *k > st;
                }
                true
            }
            _ => false,
        }
    };
    if !square(&mut k) {
        return err("expected a start square (a1..h8, optional @level) or 'deny'");
    }
    let mut steps = 0;
    if b.get(k) == Some(&b'*') {
        k += 1;
        steps = 1;
    } else if b.get(k) == Some(&b'~') {
        while b.get(k) == Some(&b'~') {
            k += 1;
            if !square(&mut k) {
                return err("expected a square after '~'");
            }
            steps += 1;
        }
    } else {
        while k < b.len() && b[k] != b':' && b[k] != b'=' {
            if b[k] == b'x' || b[k] == b'^' {
                k += 1;
            }
            if !square(&mut k) {
                return err("expected a square (optionally after x or ^)");
            }
            steps += 1;
        }
        if b.get(k) == Some(&b':') {
            if !matches!(b.get(k + 1), Some(b'L' | b'S')) {
                return err("knight path must be :L or :S");
            }
            k += 2;
        }
    }
    if steps == 0 || steps >= MAX_PATH {
        return err("a move needs 1..15 further squares");
    }
    while k < b.len() {
        if b[k] != b'=' {
            return err("unexpected text after the move");
        }
        k += 1;
        if !square(&mut k)
            || !matches!(
                b.get(k),
                Some(b'Q' | b'R' | b'B' | b'N' | b'q' | b'r' | b'b' | b'n')
            )
        {
            return err("promotion is =<square><Q|R|B|N> (lower case for Black)");
        }
        k += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_out_of_range_is_a_syntax_error_naming_the_text() {
        for text in ["e2@99999999999999999999e4", "e2@32e4", "a1~b2@40"] {
            let e = check_syntax(text).unwrap_err();
            assert!(matches!(e, MoveError::Syntax { .. }), "{text}: {e}");
            assert!(e.to_string().contains(text), "{text}: {e}");
        }
        assert!(check_syntax("e2@31e4").is_ok());
    }
}
