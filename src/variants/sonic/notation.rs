//! Position text (G4, SCA-9.5) and move text (G2) of `sonic`.
//!
//! # Position text
//!
//! Nine space-separated fields (the first six are FEN):
//!
//! ```text
//! position := board turn castling ep halfmove fullmove springs wforms bforms
//! board    := FEN ranks, top rank first, '/'-separated; PNBRQK / pnbrqk,
//!             and the compounds A C M / a c m (archbishop, chancellor,
//!             amazon; only those the rule option compounds= names,
//!             SCA-12), digits = empty squares (10.. on wide boards);
//!             8..16 ranks of 8..16 squares (SCA-11)
//! turn     := 'w' | 'b'
//! castling := '-' | subset of 'KQkq' (K/k: rook in the high-file corner,
//!             Q/q: rook on file a), printed in that order
//! ep       := '-' | square           (the square a double step skipped)
//! springs  := '-' | square (',' square)*   (printed in a1, b1, …, a2 order)
//! forms    := letters '=' form        current form given, e.g. KNA=K
//!           | pair '?'                choice pending (SCA-9.1), e.g. NA?
//!           | pair '??'               choice pending after a double hit:
//!                                     one of the two must still be given
//!                                     up; the choice names the survivor
//!                                     (SCA-9.2), e.g. NA??
//!           | '-'                     the king is lost (SCA-9.3/9.4): only
//!                                     in the text of a finished game,
//!                                     which is not a valid position (G6)
//! letters  := the remaining forms, a non-empty subset of K N A (printed in
//!             that order); form := 'K' | 'N' | 'A'
//! pair     := two of K N A (SCA-9.5 3.3: a pending king has exactly two)
//! ```
//!
//! A move that ends the game (SCA-9.3, SCA-9.4) leaves a text with the
//! loser's king gone from the board, its forms field `-` and its castling
//! rights dropped. That text follows this grammar, and `validate` rejects
//! it naming G6, so a caller that prints it can say why it is not a
//! position.
//!
//! The last three fields may be left out together (no springs, both kings
//! `KNA=K`), as may the two counters before them (`0 1`) when only four
//! fields are given. The `springs` rule option adds files c and width−2 on ranks 3
//! and height−2 to the listed springs (c3, f3, c6, f6 on 8×8; SCA-11). Parsing checks syntax first ([`parse_setup`] →
//! [`Setup`]), then meaning ([`validate`]): one king each, no pawn on the
//! first or last rank, no compound that is not in play (SCA-12, naming
//! the option `compounds=`), castling rights with king and rook in place, a
//! consistent en-passant square, SCA-9.5 (only the side to move may have a
//! pending choice, and a pending choice has exactly two remaining forms),
//! no lost king (G6). The side not to move may be in check.
//!
//! # Move text
//!
//! ```text
//! move     := [form ':'] body ['=' promo] [':' rotation] [':' form]
//! body     := 'O-O' | 'O-O-O' | square (('-' | 'x') square)+
//! rotation := 'cw' | 'ccw'
//! promo    := 'Q' | 'R' | 'B' | 'N' | 'A' | 'C' | 'M'
//! ```
//!
//! The path names the start square and then every square where the piece
//! captures or hits (`x`: an enemy piece, a bare spring, the enemy king)
//! or comes to rest without capturing (`-`); every turn of a spindash
//! happens on a capture square, so the path fixes the move.
//!
//! A compound (SCA-12) writes its moves the same way, and the path also
//! says which part it moves as: its second square is a knight leap from
//! the start (the knight part: a leap, then the Tails chain) or lies on
//! one of the slider's lines (the slider part: a slide, then the
//! spindash). On the square board no knight leap ends on a line through
//! its start, so the two parts never share a first square, and two moves
//! that capture the same pieces and end on the same square are still told
//! apart by their paths (G2): with a spring on d6, an enemy on e6 and
//! friends on e5 and f8, the amazon d4 takes e6 as a knight, `d4xe6`, or
//! as a queen, `d4xd6xe6:cw` (fixture `SCA-12-knight-or-slider-same-capture`).
//! `=A`, `=C`, `=M` promote to a compound in play. The leading
//! `form:` is the start-of-turn form choice (SCA-9.1/9.2), `:cw`/`:ccw` the
//! rotation chosen (or forced) at the first capture (SCA-4.1), the final
//! `:form` a form switch after the move (SCA-8.1; absent = keep).
//! Examples: `e2-e4`, `d2xd6xb6-b1:ccw`, `a3xc4xe5-g6`, `N:e7-e5`,
//! `g1-f3:A`, `O-O`.

use super::eggman::Form;
use crate::core::chess::{castling_field, parse_castling};
use crate::core::notation::{
    parse_board_field, parse_counter, parse_turn, turn_char, write_board_field,
};
use crate::core::Field;
use crate::core::{Board, Color, MoveError, PositionError, Rotation, Square};

use super::eggman::{bit, Forms};
use super::moves::SonicMove;
use super::pieces::{
    color_of, from_letter, has_piece, is_compound, kind, letter, name, piece, Cells, KING, PAWN,
    PIECE_MASK, SPRING,
};
use super::position::Sonic;
use super::{springs, SonicRules};

/// A position text after the syntax step: whatever the text said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board's width and height (SCA-11).
    pub(crate) board: Board,
    /// The pieces placed, with their piece codes.
    pub(crate) pieces: Vec<(Square, u8)>,
    /// The side to move.
    pub(crate) turn: Color,
    /// Bits 1 = K, 2 = Q, 4 = k, 8 = q.
    pub(crate) castling: u8,
    /// The en passant target square, if any.
    pub(crate) ep: Option<Square>,
    /// The halfmove clock.
    pub(crate) halfmove: u32,
    /// The fullmove number.
    pub(crate) fullmove: u32,
    /// The spring squares listed (SCA-1, SCA-7).
    pub(crate) springs: Vec<Square>,
    /// Each king's forms, White then Black (SCA-8, SCA-9).
    pub(crate) forms: [Forms; 2],
}

fn parse_square_list(field: Field, text: &str) -> Result<Vec<Square>, PositionError> {
    if text == "-" {
        return Ok(vec![]);
    }
    text.split(',')
        .map(|s| {
            Square::parse(s)
                .ok_or_else(|| PositionError::syntax(field, format!("'{s}' is not a square")))
        })
        .collect()
}

fn parse_forms(field: Field, text: &str) -> Result<Forms, PositionError> {
    let err = |m: &str| {
        PositionError::syntax(
            field,
            format!("'{text}': {m} (expected e.g. KNA=K, NA? or NA??, or - for a lost king)"),
        )
    };
    if text == "-" {
        // The king is lost (SCA-9.3/9.4): printed for a finished game
        // only; `validate` rejects it (G6).
        return Ok(Forms::LOST);
    }
    let (letters, state) = match text.find(['=', '?']) {
        Some(i) => text.split_at(i),
        None => return Err(err("missing '=form', '?' or '??'")),
    };
    let mut remaining = 0u8;
    for c in letters.chars() {
        let f = match c {
            'K' => Form::King,
            'N' => Form::Knight,
            'A' => Form::Alibaba,
            _ => return Err(err(&format!("'{c}' is not a form (K, N, A)"))),
        };
        if remaining & bit(f) != 0 {
            return Err(err(&format!("form '{c}' listed twice")));
        }
        remaining |= bit(f);
    }
    if remaining == 0 {
        return Err(err("no remaining form"));
    }
    let (current, give_up) = match state {
        "?" => (None, false),
        "??" => (None, true),
        s if s.len() == 2 && s.starts_with('=') => match &s[1..] {
            "K" => (Some(Form::King), false),
            "N" => (Some(Form::Knight), false),
            "A" => (Some(Form::Alibaba), false),
            _ => return Err(err("the current form must be K, N or A")),
        },
        _ => return Err(err("bad form state")),
    };
    Ok(Forms {
        remaining,
        current,
        give_up,
    })
}

/// The syntax step: splits the fields and reads each one.
///
/// # Errors
/// [`PositionError::Syntax`] naming the field.
pub fn parse_setup(text: &str) -> Result<Setup, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !matches!(fields.len(), 4 | 6 | 7 | 9) {
        return Err(PositionError::syntax(
            Field::Fields,
            format!("{} fields; expected 9 (board turn castling ep halfmove fullmove springs white-forms black-forms), or the first 4, 6 or 7", fields.len()),
        ));
    }
    let (board, cells) = parse_board_field(fields[0])?;
    let mut pieces = Vec::with_capacity(cells.len());
    for c in cells {
        let mut chars = c.token.chars();
        let p = match (chars.next(), chars.next()) {
            (Some(ch), None) => from_letter(ch),
            _ => None,
        };
        let p = p.ok_or_else(|| {
            PositionError::syntax(
                Field::Board,
                format!(
                    "'{}' on {} is not a piece (PNBRQK/pnbrqk, compounds ACM/acm)",
                    c.token, c.square
                ),
            )
        })?;
        pieces.push((c.square, p));
    }
    let turn = parse_turn(fields[1])?;
    let castling = parse_castling(fields[2])?;
    let ep = match fields[3] {
        "-" => None,
        s => Some(Square::parse(s).ok_or_else(|| {
            PositionError::syntax(Field::EnPassant, format!("'{s}' is not a square"))
        })?),
    };
    let (halfmove, fullmove) = if fields.len() >= 6 {
        (
            parse_counter(Field::Halfmove, fields[4], 0)?,
            parse_counter(Field::Fullmove, fields[5], 1)?,
        )
    } else {
        (0, 1)
    };
    let springs = if fields.len() >= 7 {
        parse_square_list(Field::Springs, fields[6])?
    } else {
        vec![]
    };
    let forms = if fields.len() == 9 {
        [
            parse_forms(Field::Forms(Color::White), fields[7])?,
            parse_forms(Field::Forms(Color::Black), fields[8])?,
        ]
    } else {
        [Forms::START; 2]
    };
    Ok(Setup {
        board,
        pieces,
        turn,
        castling,
        ep,
        halfmove,
        fullmove,
        springs,
        forms,
    })
}

/// The meaning step: a [`Setup`] becomes a [`Sonic`] only if it is
/// possible (G4, SCA-9.5).
///
/// # Errors
/// [`PositionError::Invalid`] naming the field.
pub fn validate(s: Setup, rules: SonicRules) -> Result<Sonic, PositionError> {
    let board = s.board;
    if !(8..=16).contains(&board.width) || !(8..=16).contains(&board.height) {
        return Err(PositionError::invalid(
            Field::Board,
            format!(
                "{}×{} board: sonic boards are 8×8 to 16×16 (SCA-11)",
                board.width, board.height
            ),
        ));
    }
    let mut cells: Cells = [0; 256];
    let mut kings = [None, None];
    for &(sq, p) in &s.pieces {
        if is_compound(kind(p)) && !rules.in_play(kind(p)) {
            return Err(PositionError::invalid(
                Field::Board,
                format!(
                    "'{}' on {sq}: the {} is not in play; name it in the rule option compounds= (SCA-12)",
                    letter(p),
                    name(kind(p))
                ),
            ));
        }
        cells[sq.0 as usize] = p;
        let c = color_of(p) as usize;
        if kind(p) == KING {
            if kings[c].is_some() {
                return Err(PositionError::invalid(
                    Field::Board,
                    format!("more than one {} king", color_of(p).name()),
                ));
            }
            kings[c] = Some(sq);
        }
        if kind(p) == PAWN && (sq.rank() == 0 || sq.rank() == board.height - 1) {
            return Err(PositionError::invalid(
                Field::Board,
                format!("pawn on {sq}: no pawn may stand on the first or last rank (SCA-2)"),
            ));
        }
    }
    for c in [Color::White, Color::Black] {
        let lost = s.forms[c as usize] == Forms::LOST;
        match (kings[c as usize], lost) {
            (None, false) => {
                return Err(PositionError::invalid(
                    Field::Board,
                    format!("no {} king (G6: one king each)", c.name()),
                ))
            }
            (None, true) => {
                return Err(PositionError::invalid(
                    Field::Board,
                    format!(
                        "the {} king is lost: the game is over, and a finished game is not a position (G6)",
                        c.name()
                    ),
                ))
            }
            (Some(k), true) => {
                return Err(PositionError::invalid(
                    Field::Forms(c),
                    format!("'-' says the king is lost, but the {} king stands on {k} (SCA-9.5)", c.name()),
                ))
            }
            (Some(_), false) => {}
        }
    }
    let mut seen = Vec::new();
    for &sq in &s.springs {
        if !board.contains(sq) {
            return Err(PositionError::invalid(
                Field::Springs,
                format!("{sq} is off the {}×{} board", board.width, board.height),
            ));
        }
        if seen.contains(&sq) {
            return Err(PositionError::invalid(
                Field::Springs,
                format!("{sq} listed twice"),
            ));
        }
        seen.push(sq);
        cells[sq.0 as usize] |= SPRING;
    }
    if rules.springs {
        springs::add_standard(board, &mut cells);
    }
    // Castling: the right needs the king on its first rank and the rook in
    // the corner, at least three files apart (the king moves two squares).
    for (bitv, color, high) in [
        (1u8, Color::White, true),
        (2, Color::White, false),
        (4, Color::Black, true),
        (8, Color::Black, false),
    ] {
        if s.castling & bitv == 0 {
            continue;
        }
        let rank = if color.is_white() {
            0
        } else {
            board.height - 1
        };
        let rook_file = if high { board.width - 1 } else { 0 };
        let k = kings[color as usize].expect("checked");
        let rook = cells[Square::new(rook_file, rank).0 as usize] & PIECE_MASK;
        let ok = k.rank() == rank
            && rook == super::pieces::piece(super::pieces::ROOK, color)
            && (k.file() as i8 - rook_file as i8).abs() >= 3;
        if !ok {
            let ch = ['K', 'Q', 'k', 'q'][bitv.trailing_zeros() as usize];
            return Err(PositionError::invalid(Field::Castling, format!("'{ch}' needs the {} king on its first rank and a rook in the corner, three or more files away", color.name())));
        }
    }
    // En passant: the square a double step of the side not to move skipped.
    if let Some(ep) = s.ep {
        let mover = s.turn.other();
        let ok = board.contains(ep) && {
            let skipped_rank = board.relative_rank(ep, mover.is_white()) == 2;
            let fwd: i8 = if mover.is_white() { 1 } else { -1 };
            let pawn_sq = ep.offset(crate::core::Dir::new(0, fwd), board);
            let origin = ep.offset(crate::core::Dir::new(0, -fwd), board);
            skipped_rank
                && !has_piece(cells[ep.0 as usize])
                && origin.is_some_and(|o| !has_piece(cells[o.0 as usize]))
                && pawn_sq.is_some_and(|p| {
                    cells[p.0 as usize] & PIECE_MASK == super::pieces::piece(PAWN, mover)
                })
        };
        if !ok {
            return Err(PositionError::invalid(
                Field::EnPassant,
                format!("{ep} is not a square a {} pawn just skipped", mover.name()),
            ));
        }
    }
    // SCA-9.5.
    for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
        let field = Field::Forms(c);
        let f = s.forms[i];
        match f.current {
            Some(cur) if !f.has(cur) => {
                return Err(PositionError::invalid(
                    field,
                    format!(
                        "current form {} is not a remaining form (SCA-9.5)",
                        cur.letter()
                    ),
                ));
            }
            Some(_) => {}
            None => {
                if c != s.turn {
                    return Err(PositionError::invalid(
                        field,
                        "only the side to move may have a pending form choice (SCA-9.5)",
                    ));
                }
                // RULINGS 3.3: a hit always takes the current form, so a
                // pending choice (? or ??) has exactly two remaining forms.
                if f.count() != 2 {
                    return Err(PositionError::invalid(
                        field,
                        format!(
                            "a pending form choice ({}) has exactly two remaining forms, not {} (SCA-9.5)",
                            if f.give_up { "??" } else { "?" },
                            f.count()
                        ),
                    ));
                }
            }
        }
    }
    Ok(Sonic {
        rules,
        board,
        cells,
        turn: s.turn,
        castling: s.castling,
        ep: s.ep,
        halfmove: s.halfmove,
        fullmove: s.fullmove,
        forms: s.forms,
        kings,
        winner: None,
    })
}

/// The name of `c`'s forms field (for errors).
fn forms_text(f: Forms) -> String {
    if f.remaining == 0 {
        return "-".into();
    }
    let mut s: String = f.iter().map(|x| x.letter()).collect();
    match f.current {
        Some(c) => {
            s.push('=');
            s.push(c.letter());
        }
        None => s.push_str(if f.give_up { "??" } else { "?" }),
    }
    s
}

/// The canonical position text (G4).
pub fn to_text(p: &Sonic) -> String {
    let board = write_board_field(p.board, |sq| {
        let c = p.cells[sq.0 as usize];
        has_piece(c).then(|| letter(c).to_string())
    });
    let castling = castling_field(p.castling);
    let ep = p.ep.map_or("-".to_string(), |s| s.to_string());
    let sp = springs::list(p.board, &p.cells);
    let sp = if sp.is_empty() {
        "-".to_string()
    } else {
        sp.iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{board} {} {castling} {ep} {} {} {sp} {} {}",
        turn_char(p.turn),
        p.halfmove,
        p.fullmove,
        forms_text(p.forms[0]),
        forms_text(p.forms[1])
    )
}

/// A move text after the syntax step, on a board whose cells are `C`
/// (squares here, hexagonal cells in `sonic-hex`: one grammar, G2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSyntax<C = Square> {
    /// The start-of-turn form choice, if written (SCA-9.1, SCA-9.2).
    pub(crate) start_form: Option<Form>,
    /// `Some(false)` = `O-O`, `Some(true)` = `O-O-O`.
    pub(crate) castle: Option<bool>,
    /// The path: cells with the separator before each (`' '` for the first).
    pub(crate) path: Vec<(char, C)>,
    /// The promotion letter, if written.
    pub(crate) promo: Option<char>,
    /// The rotation at the first capture, if written (SCA-4.1).
    pub(crate) rotation: Option<Rotation>,
    /// The form switch after the move, if written (SCA-8.1).
    pub(crate) switch: Option<Form>,
}

impl<C> Default for MoveSyntax<C> {
    fn default() -> Self {
        MoveSyntax {
            start_form: None,
            castle: None,
            path: Vec::new(),
            promo: None,
            rotation: None,
            switch: None,
        }
    }
}

/// What differs between the boards that share sonic's move grammar.
pub(crate) struct MoveBoard<C> {
    /// The cell at the start of a text and the bytes it takes.
    pub cell: fn(&str) -> Option<(C, usize)>,
    /// The message when no cell can be read.
    pub expected_cell: &'static str,
    /// An example of a move, for the messages.
    pub example: &'static str,
    /// The promotion letters the syntax accepts, and the message otherwise.
    pub promotions: &'static [&'static str],
    pub bad_promotion: &'static str,
}

const SQUARES: MoveBoard<Square> = MoveBoard {
    cell: Square::parse_prefix,
    expected_cell: "expected a square (a1..p16)",
    example: "e2-e4",
    promotions: &["Q", "R", "B", "N", "A", "C", "M"],
    bad_promotion: "promotion must be =Q, =R, =B, =N or a compound =A, =C, =M",
};

fn form_letter(s: &str) -> Option<Form> {
    match s {
        "K" => Some(Form::King),
        "N" => Some(Form::Knight),
        "A" => Some(Form::Alibaba),
        _ => None,
    }
}

/// Reads a move text (syntax only; see the module docs).
///
/// # Errors
/// [`MoveError::Syntax`] saying what is wrong.
pub fn parse_move_text(text: &str) -> Result<MoveSyntax, MoveError> {
    parse_move_on(text, &SQUARES)
}

/// Reads a move text of sonic's grammar on `board`: `[form:]path[=P][:cw|:ccw][:form]`,
/// a path being cells joined by `-` or `x`, or `O-O` / `O-O-O`.
pub(crate) fn parse_move_on<C>(
    text: &str,
    board: &MoveBoard<C>,
) -> Result<MoveSyntax<C>, MoveError> {
    let err = |m: &str| MoveError::syntax(text, m.to_string());
    let mut parts: Vec<&str> = text.split(':').collect();
    let mut m = MoveSyntax::default();
    if parts.len() > 1 {
        if let Some(f) = form_letter(parts[0]) {
            m.start_form = Some(f);
            parts.remove(0);
        }
    }
    let body = parts.first().copied().unwrap_or("");
    for suffix in &parts[1..] {
        match *suffix {
            "cw" | "ccw" if m.rotation.is_none() && m.switch.is_none() => {
                m.rotation = Some(if *suffix == "cw" {
                    Rotation::Clockwise
                } else {
                    Rotation::Counterclockwise
                });
            }
            s if m.switch.is_none() && form_letter(s).is_some() => m.switch = form_letter(s),
            s => {
                return Err(err(&format!(
                    "unexpected ':{}' (expected :cw or :ccw, then :K, :N or :A)",
                    crate::core::error::echo(s)
                )))
            }
        }
    }
    match body {
        "O-O" => m.castle = Some(false),
        "O-O-O" => m.castle = Some(true),
        _ => {
            let (path, promo) = match body.split_once('=') {
                Some((p, q)) => (p, Some(q)),
                None => (body, None),
            };
            if let Some(q) = promo {
                if !board.promotions.contains(&q) {
                    return Err(err(board.bad_promotion));
                }
                m.promo = q.chars().next();
            }
            let mut rest = path;
            let mut sep = ' ';
            loop {
                let (c, len) = (board.cell)(rest).ok_or_else(|| err(board.expected_cell))?;
                m.path.push((sep, c));
                rest = &rest[len..];
                if rest.is_empty() {
                    break;
                }
                sep = rest.chars().next().unwrap_or(' ');
                if sep != '-' && sep != 'x' {
                    return Err(err(&format!(
                        "unexpected '{sep}' (cells are joined by '-' or 'x', e.g. {})",
                        board.example
                    )));
                }
                rest = &rest[sep.len_utf8()..];
            }
            if m.path.len() < 2 {
                return Err(err(&format!(
                    "a move names at least two cells (e.g. {})",
                    board.example
                )));
            }
        }
    }
    Ok(m)
}

/// Writes a path of named cells joined by `x` (a capture or hit on
/// arrival) or `-` (G2; both sonic boards).
pub(crate) fn write_path(s: &mut String, cells: impl IntoIterator<Item = (String, bool)>) {
    for (i, (name, x)) in cells.into_iter().enumerate() {
        if i > 0 {
            s.push(if x { 'x' } else { '-' });
        }
        s.push_str(&name);
    }
}

/// Writes `=P` for a promotion to the piece kind `promotion` and `:cw` /
/// `:ccw` for the rotation at the first capture (SCA-4.1).
pub(crate) fn write_promotion_and_rotation(
    s: &mut String,
    promotion: Option<u8>,
    rotation: Option<Rotation>,
) {
    if let Some(k) = promotion {
        s.push('=');
        s.push(letter(piece(k, Color::White)));
    }
    if let Some(r) = rotation {
        s.push_str(if r == Rotation::Clockwise {
            ":cw"
        } else {
            ":ccw"
        });
    }
}

/// The canonical text of a legal move of `p` (see the module docs).
pub fn move_text(p: &Sonic, m: &SonicMove) -> String {
    let mut s = String::new();
    if let Some(f) = m.start_form() {
        s.push(f.letter());
        s.push(':');
    }
    if m.is_castle() {
        s.push_str(if m.to() > m.from() { "O-O" } else { "O-O-O" });
    } else {
        write_path(
            &mut s,
            p.course(m).iter().map(|(sq, x)| (sq.to_string(), *x)),
        );
    }
    write_promotion_and_rotation(&mut s, m.promotion(), m.rotation());
    if let Some(f) = m.switch_form() {
        s.push(':');
        s.push(f.letter());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    const START: &str =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 c3,f3,c6,f6 KNA=K KNA=K";

    /// G4: no input panics; every prefix and every one-character
    /// corruption of a valid text is either accepted or a typed error.
    #[test]
    fn position_parser_never_panics() {
        let rules = SonicRules::default();
        for cut in 0..=START.len() {
            let _ = Sonic::from_text(&START[..cut], rules);
        }
        let bytes: Vec<char> = START.chars().collect();
        for i in 0..bytes.len() {
            for c in ['x', '9', '/', ' ', '?', '=', '-', ',', 'K', 'é', '0'] {
                let mut b = bytes.clone();
                b[i] = c;
                let t: String = b.into_iter().collect();
                if let Ok(p) = Sonic::from_text(&t, rules) {
                    // Accepted texts round-trip through their canonical form.
                    let canon = p.to_text();
                    assert_eq!(
                        Sonic::from_text(&canon, rules).map(|q| q.to_text()),
                        Ok(canon)
                    );
                }
            }
        }
    }

    #[test]
    fn move_parser_never_panics() {
        let p = Sonic::from_text(START, SonicRules::default()).unwrap();
        for t in [
            "",
            ":",
            "::",
            "e2",
            "e2-",
            "e2-e4:",
            "e2e4",
            "N:",
            "N:e2-e4:cw:cw",
            "O-O-O-O",
            "e7-e8=K",
            "a17-a1",
            "é2-e4",
            "e2xé4",
            "K:N:e2-e4",
            "e2-e4:Q",
            "x",
            "-e4",
        ] {
            let _ = parse_move_text(t);
            let _ = p.explain(t);
            let _ = p.parse_move(t);
        }
        assert!(parse_move_text("d2xd6xb6-b1:ccw:N").is_ok());
        assert!(parse_move_text("A:O-O").is_ok());
        assert!(parse_move_text("e2e4").is_err());
    }

    #[test]
    fn forms_field() {
        assert_eq!(
            parse_forms(Field::Forms(Color::White), "NA??").unwrap(),
            Forms {
                remaining: 6,
                current: None,
                give_up: true
            }
        );
        assert!(parse_forms(Field::Forms(Color::White), "KK=K").is_err());
        assert!(parse_forms(Field::Forms(Color::White), "=K").is_err());
        assert!(parse_forms(Field::Forms(Color::White), "KN=Q").is_err());
        assert_eq!(
            forms_text(Forms {
                remaining: 7,
                current: Some(Form::Alibaba),
                give_up: false
            }),
            "KNA=A"
        );
    }
}
