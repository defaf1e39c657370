//! `explain` for `sonic` and `sonic-hex`: legal or not, and the SCA rule
//! IDs that decide it, from the one generator. The course of `explain`
//! is written once for both boards; each board's position says what
//! differs (`Explained`: the move text's cell names, the reason of a
//! legal move, the verdict on a text naming no candidate) — `sonic`'s
//! here, `sonic-hex`'s in its folder.
//!
//! The text is read, the generator runs into a [`Candidates`] sink (the
//! legal moves and every candidate it discarded, with the rule and the
//! reason: endless branches SCA-5, castling conditions SCA-8/SCA-11,
//! switches SCA-8.1), and then:
//! - a legal move is played with a [`RuleLog`]: its verdict names the rule
//!   it is made under, then every rule whose effect happened during it
//!   ([`Sonic::apply_traced`]);
//! - a rejected candidate gives its rules and reason (an endless branch is
//!   named by its start, its first capture and its rotation, since it has
//!   no end to write);
//! - a text that matches no candidate is a move the piece cannot make: the
//!   verdict names the piece's movement rule (or the form choice, SCA-9.1,
//!   that the turn must begin with).

use crate::core::{Candidates, Game, MoveError, Notation, RuleLog, Square, Verdict};

use super::moves::SonicMove;
use super::notation::{parse_move_text, MoveSyntax};
use super::pieces::{
    color_of, from_letter, has_piece, is_compound, kind, name, part_kind, KING, KNIGHT, PAWN,
};
use super::position::Sonic;

/// What the one [`explain`] of the Sonic games asks of a position: the
/// square board's [`Sonic`] here, the hexagonal board's
/// [`SonicHex`](crate::variants::sonic_hex::SonicHex) in its folder.
pub(crate) trait Explained: Notation<Move = SonicMove> {
    /// A move text's syntax.
    type Syntax;
    /// Reads a move text on this board (syntax only).
    fn syntax(&self, text: &str) -> Result<Self::Syntax, MoveError>;
    /// Plays the legal move `m` on a copy, reporting its rules to `log`.
    fn play_traced(&self, m: &SonicMove, log: &mut RuleLog);
    /// A legal move's reason in words.
    fn reason(&self, m: &SonicMove) -> String;
    /// Whether the rejected candidate `m`, written otherwise than `text`,
    /// is the move `syn` names (a capture branch by its start, first
    /// capture and rotation).
    fn names(&self, m: &SonicMove, syn: &Self::Syntax) -> bool;
    /// The verdict on `text` when it names no candidate of the generator
    /// (`legal`: the legal moves).
    fn no_candidate(&self, text: &str, syn: &Self::Syntax, legal: &[SonicMove]) -> Verdict;
}

/// Says whether `text` is legal in `p` and which rules decide it (see the
/// module docs), on either board.
///
/// # Errors
/// Syntax errors only.
pub(crate) fn explain<P: Explained>(p: &P, text: &str) -> Result<Verdict, MoveError> {
    let text = text.trim();
    let mut found = Candidates::default();
    // `Candidates` never asks the generator to stop.
    let _ = Game::generate(p, &mut found);
    if let Some(m) = found.legal.iter().find(|m| p.move_text(m) == text) {
        let mut log = RuleLog::default();
        p.play_traced(m, &mut log);
        return Ok(Verdict::legal(text, log.into_rules(), p.reason(m)));
    }
    let syn = p.syntax(text)?;
    if let Some((_, why)) = found
        .rejected
        .iter()
        .find(|(m, _)| p.move_text(m) == text || p.names(m, &syn))
    {
        return Ok(Verdict::illegal(
            text,
            why.rules.clone(),
            why.reason.clone(),
        ));
    }
    Ok(p.no_candidate(text, &syn, &found.legal))
}

impl Explained for Sonic {
    type Syntax = MoveSyntax;

    fn syntax(&self, text: &str) -> Result<MoveSyntax, MoveError> {
        parse_move_text(text)
    }

    fn play_traced(&self, m: &SonicMove, log: &mut RuleLog) {
        self.clone().apply_traced(m, log);
    }

    fn reason(&self, m: &SonicMove) -> String {
        let k = kind(self.cells[m.from() as usize]);
        if is_compound(k) && !m.is_castle() {
            format!(
                "a legal move of the {} as its {} part (SCA-12: one part for the whole move)",
                name(k),
                name(part_kind(m.part(k)))
            )
        } else {
            "a legal move".into()
        }
    }

    /// A capture branch by its start, first capture, rotation (when given)
    /// and form decisions.
    fn names(&self, m: &SonicMove, syn: &MoveSyntax) -> bool {
        if !m.is_walk() || syn.path.len() < 2 || syn.castle.is_some() {
            return false;
        }
        let course = self.course(m);
        syn.start_form == m.start_form()
            && syn.switch == m.switch_form()
            && syn.promo.is_none()
            && syn.path[0].1 == Square(m.from())
            && course.get(1).map(|&(s, _)| s) == Some(syn.path[1].1)
            && (syn.rotation.is_none() || syn.rotation == m.rotation())
    }

    fn no_candidate(&self, text: &str, syn: &MoveSyntax, _legal: &[SonicMove]) -> Verdict {
        no_candidate(self, text, syn)
    }
}

/// The verdict on a text that names no candidate of the generator.
fn no_candidate(p: &Sonic, text: &str, syn: &MoveSyntax) -> Verdict {
    let no =
        |rules: &[&'static str], reason: String| Verdict::illegal(text, rules.to_vec(), reason);
    if let Some(w) = p.winner {
        return no(&["SCA-9.4"], format!("the game is over ({} won)", w.name()));
    }
    let me = p.turn;
    let forms = p.forms[me as usize];
    match syn.start_form {
        None if forms.pending() => {
            return no(
                &["SCA-9.1", "SCA-9.2"],
                "the king lost its form: the turn begins with a form choice (e.g. N:...)".into(),
            )
        }
        Some(_) if !forms.pending() => return no(&["SCA-9.1"], "no form choice is pending".into()),
        Some(f) if !forms.has(f) => {
            return no(
                &["SCA-9.1", "SCA-9.2"],
                format!("{} is not a remaining form", f.letter()),
            )
        }
        _ => {}
    }
    if let Some(g) = syn.switch {
        if !forms.has(g) {
            return no(
                &["SCA-8", "SCA-8.1"],
                format!("{} is not a remaining form of the king", g.letter()),
            );
        }
        if forms.current == Some(g) {
            return no(
                &["SCA-8.1", "G2"],
                "keeping the form is written without a suffix".into(),
            );
        }
    }
    if syn.castle.is_some() {
        let rules: &[&'static str] = if p.board.width == 8 {
            &["SCA-8"]
        } else {
            &["SCA-8", "SCA-11"]
        };
        return no(rules, "no castling right on that side".into());
    }
    let from = syn.path[0].1;
    let cell = if p.board.contains(from) {
        p.cells[from.0 as usize]
    } else {
        0
    };
    if !has_piece(cell) || color_of(cell) != me {
        return no(&["G2"], format!("no {} piece on {from}", me.name()));
    }
    let k = kind(cell);
    let promo_kind = syn.promo.and_then(from_letter).map_or(0, kind);
    if k == PAWN && is_compound(promo_kind) && !p.rules.in_play(promo_kind) {
        return no(
            &["SCA-12", "SCA-2"],
            format!(
                "the {} is not in play: pawns promote to Q, R, B, N and the compounds the rule option compounds= names",
                name(promo_kind)
            ),
        );
    }
    let (rules, reason): (&[&'static str], &str) = match k {
        PAWN => (&["SCA-2"], "not a pawn move here"),
        KNIGHT => (
            &["SCA-3", "SCA-6"],
            "not a knight move here (leap, then the Tails continuation)",
        ),
        KING => (&["SCA-8"], "not a move of the king in its current form"),
        _ if is_compound(k) => (
            &["SCA-12", "SCA-3", "SCA-4", "SCA-6"],
            "not a move of this compound here: it moves as exactly one part for the whole move (slide, then the spindash path; or leap, then the Tails continuation)",
        ),
        _ => (
            &["SCA-3", "SCA-4", "SCA-4.2", "SCA-4.3"],
            "not a move of this piece here (slide, then the spindash path)",
        ),
    };
    no(rules, reason.into())
}
