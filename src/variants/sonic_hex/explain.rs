//! `explain` for `sonic-hex`: legal or not, and the rule IDs that decide it
//! (SCA-13 with the SCA rules it changes or keeps, GLN-1 for the pawns),
//! by the one `explain` of `sonic` ([`crate::variants::sonic::explain`]),
//! with what the hexagonal board changes ([`Explained`]): a legal move is
//! played with a [`RuleLog`] (its verdict names SCA-13, the piece's rule,
//! then every rule whose effect happened, [`SonicHex::apply_traced`]) and
//! given its reason here; a rejected candidate (an endless branch, SCA-5)
//! gives its rules and reason; a text naming no candidate is a move the
//! piece cannot make, for the reasons below.

use crate::core::Notation as _;
use crate::core::{MoveError, RuleLog, Verdict};
use crate::variants::sonic::explain::Explained;
use crate::variants::sonic::pieces::{color_of, has_piece, is_ranged, kind, KING, KNIGHT, PAWN};

use crate::variants::glinski::base::BaseId;

use super::moves::HexMove;
use super::notation::{parse_move_text_on, MoveSyntax};
use super::position::SonicHex;

fn illegal(text: &str, reason: impl Into<String>, rules: &[&'static str]) -> Verdict {
    Verdict::illegal(text, rules.to_vec(), reason)
}

/// A legal move's reason in words.
fn reason_of(p: &SonicHex, m: &HexMove) -> String {
    let k = kind(p.cells[m.from() as usize]);
    if m.promotion().is_some() {
        return "legal promotion on the far edge".into();
    }
    match k {
        PAWN if m.is_en_passant() => format!(
            "legal en passant capture of the pawn on {}",
            p.name(p.en_passant_victim(m.to()))
        ),
        PAWN if m.is_double() => "legal multi-cell first move from a start cell".into(),
        KING if m.is_castle() => {
            "castling: king and rook unmoved, the cells between them without pieces, the king not attacked on its start, the cells it passes over nor its destination (SCA-10)".into()
        }
        KING => "a step of the usual king (one form, SCA-13)".into(),
        KNIGHT if m.is_walk() => "a Tails capture chain along one Gliński leap".into(),
        k if is_ranged(k) && m.is_walk() => format!(
            "a spindash: {} degree turns at each capture",
            30 * u32::from(p.rules.grid().hours)
        ),
        _ => "a legal move".into(),
    }
}

impl Explained for SonicHex {
    type Syntax = MoveSyntax;

    fn syntax(&self, text: &str) -> Result<MoveSyntax, MoveError> {
        parse_move_text_on(text, self.rules.shape())
    }

    fn play_traced(&self, m: &HexMove, log: &mut RuleLog) {
        self.clone().apply_traced(m, log);
    }

    fn reason(&self, m: &HexMove) -> String {
        reason_of(self, m)
    }

    /// A capture branch by its start, first capture and rotation (when
    /// given).
    fn names(&self, m: &HexMove, syn: &MoveSyntax) -> bool {
        if !m.is_walk() || syn.path.len() < 2 || syn.promo.is_some() {
            return false;
        }
        let course = self.course(m);
        syn.path[0].1.slot() == m.from() as usize
            && course.get(1).map(|&(c, _)| c as usize) == Some(syn.path[1].1.slot())
            && (syn.rotation.is_none() || syn.rotation == m.rotation())
    }

    fn no_candidate(&self, text: &str, syn: &MoveSyntax, legal: &[HexMove]) -> Verdict {
        no_candidate(self, text, syn, legal)
    }
}

/// The verdict on a text that names no candidate of the generator
/// (`moves`: the legal moves).
fn no_candidate(p: &SonicHex, text: &str, syn: &MoveSyntax, moves: &[HexMove]) -> Verdict {
    if let Some(w) = p.winner {
        return illegal(
            text,
            format!("the game is over ({} won)", w.name()),
            &["SCA-9.4", "SCA-13"],
        );
    }
    if syn.start_form.is_some() || syn.switch.is_some() {
        return illegal(
            text,
            "the king has the single form 'king' on the hexagonal board: no form choices or switches",
            &["SCA-13"],
        );
    }
    if syn.castle.is_some() {
        match p.rules.board {
            BaseId::Glinski => {
                return illegal(
                    text,
                    "there is no castling on Gliński's board",
                    &["SCA-13", "GLN-1"],
                )
            }
            BaseId::Mccooey => {
                return illegal(
                    text,
                    "there is no castling on McCooey's board",
                    &["SCA-13", "SCA-13.1", "MCC-1"],
                )
            }
            BaseId::Shafran => {}
        }
        return illegal(
            text,
            "castling on Shafran's board is written as the king's move (e1-b1, e1-c1, e1-h4, e1-g3)",
            &["SCA-13.1", "SHF-1"],
        );
    }
    let me = p.turn;
    let from = syn.path[0].1;
    let cell = p.cells[from.slot()];
    if !has_piece(cell) || color_of(cell) != me {
        return illegal(
            text,
            format!("no {} piece on {}", me.name(), p.name(from.slot() as u8)),
            &["G2"],
        );
    }
    let k = kind(cell);
    if k != PAWN && syn.promo.is_some() {
        return illegal(text, "only a pawn promotes", &["GLN-1"]);
    }
    if (k == KNIGHT || is_ranged(k)) && syn.path.len() >= 2 {
        // The same path with another rotation, or none: the rotation is
        // part of the move (G2, SCA-4.1), forced when one side is blocked.
        let body = text.split(':').next().unwrap_or(text);
        let same_path: Vec<String> = moves
            .iter()
            .map(|m| p.move_text(m))
            .filter(|t| t.split(':').next() == Some(body))
            .collect();
        if !same_path.is_empty() {
            return illegal(
                text,
                format!(
                    "the rotation at the first capture does not match this path (legal: {})",
                    same_path.join(", ")
                ),
                &["SCA-4.1", "SCA-4.2", "SCA-13"],
            );
        }
    }
    if k == KING && syn.path.len() == 2 {
        // SCA-13.1 with SHF-1: a castling written as the king's move.
        let to = syn.path[1].1.slot() as u8;
        let from = from.slot() as u8;
        if let Some(c) = p
            .rules
            .base()
            .castlings
            .iter()
            .find(|c| c.king == from && (c.long.0 == to || c.short.0 == to))
        {
            let reason = if p.castling & c.right == 0 {
                "castling: that right is gone (its king or rook has left its start cell)"
            } else if p.occupied() & c.between != 0 {
                "castling: a piece stands between king and rook (springs do not block)"
            } else {
                "castling refused: the king is attacked on its start cell, on a cell it passes over (king moved there, rook unmoved) or after castling — attacked as SCA-10 says: the opponent would have a move, bounces and Tails included, that captures or hits it"
            };
            return illegal(text, reason, &["SCA-13.1", "SHF-1", "SCA-10"]);
        }
    }
    let (reason, rules): (&str, &[&'static str]) = match k {
        PAWN => match p.rules.board {
            BaseId::Glinski => (
                "not a pawn move here: a Gliński pawn steps along its file, two cells from a start cell, captures one cell forward along the orthogonals next to its file, and ignores springs",
                &["GLN-1", "SCA-2", "SCA-13"],
            ),
            BaseId::Mccooey => (
                "not a pawn move here: a McCooey pawn steps along its file, two cells from a start cell but the centre pawn, captures one cell along the forward diagonals, and ignores springs",
                &["MCC-1", "SCA-13.1", "SCA-2"],
            ),
            BaseId::Shafran => (
                "not a pawn move here: a Shafran pawn steps along its file, from its start cell up to 3 (files d e f), 2 (b c g h) or 1 (a i) cells, captures one cell along the forward diagonals (en passant on any crossed cell), and ignores springs",
                &["SHF-1", "SCA-13.1", "SCA-2"],
            ),
        },
        KNIGHT => (
            "not a knight move here (a Gliński leap, then the Tails continuation along the same leap)",
            &["SCA-3", "SCA-6", "SCA-13"],
        ),
        KING => (
            "not a king move: the usual king steps one cell along one of the twelve lines",
            &["SCA-13"],
        ),
        _ => (
            "not a move of this piece here (slide, then the spindash path with its turns)",
            &["SCA-3", "SCA-4", "SCA-4.2", "SCA-4.3", "SCA-13"],
        ),
    };
    illegal(text, reason, rules)
}
