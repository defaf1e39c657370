//! The [`crate::core::Game`] of the bases built on `glinski`'s generator
//! (MCC-1 `mccooey`, SHF-1 `shafran`): a macro writes the same thin type
//! for each over the shared position, generator, texts and pictures.
//! `glinski` itself keeps its own type (its SAN record reader and
//! stalemate score note).

/// Writes the game type `$ty` of base `$base` (a [`super::base::BaseId`]):
/// the struct, `from_text` / `start`, and the `Game`, `Notation`,
/// `Explain` and `Draw` impls. Move text from-to (`e2e4`, `e9e10q`, a
/// castling as the king's move `e1b1`); the position text of
/// [`super::fen`]. `$san`: `Some(rule)` on Gliński's cells also reads
/// [`super::record`]'s record tokens (SAN), illegal ones answered under
/// `rule`; `None` reads from-to texts only. Under the rule option flag
/// [`super::position::OPT_MCCOOEY_LETTERS`] every move text read has its
/// file letters mapped by [`super::record::mccooey_letters`] first.
macro_rules! hex_game {
    ($(#[$doc:meta])* $ty:ident, $base:expr, $san:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $ty {
            pos: $crate::variants::glinski::position::Pos,
        }

        impl $ty {
            /// Parses and validates a position text; `mutants` are mutant
            /// flags and `opts` rule-option flags (0, 0 for the rules as
            /// written without options).
            ///
            /// # Errors
            /// Syntax or validity errors naming the field.
            pub fn from_text(
                text: &str,
                mutants: u8,
                opts: u8,
            ) -> Result<$ty, $crate::core::PositionError> {
                Ok($ty {
                    pos: $crate::variants::glinski::fen::Setup::parse_on($base, text)?
                        .validate_with(mutants, opts)?,
                })
            }

            /// The start position (rules as written, no options).
            pub fn start() -> $ty {
                $ty::from_text(
                    $crate::variants::glinski::base::Base::of($base).start_text,
                    0,
                    0,
                )
                .expect("the start position is valid")
            }

            /// Record tokens (SAN) read too, illegal ones under this rule.
            const SAN: Option<&'static str> = $san;

            /// `text` in our file letters (MCC-1 `letters=mccooey` maps
            /// McCooey's; otherwise unchanged).
            fn ours(&self, text: &str) -> Result<String, $crate::core::MoveError> {
                if self.pos.opts & $crate::variants::glinski::position::OPT_MCCOOEY_LETTERS != 0 {
                    $crate::variants::glinski::record::mccooey_letters(text)
                } else {
                    Ok(text.to_string())
                }
            }

            fn parse_text(
                &self,
                text: &str,
            ) -> Result<(usize, usize, Option<usize>), $crate::core::MoveError> {
                let (f, t, p) =
                    $crate::variants::glinski::explain::parse_text_on(self.pos.shape(), text)?;
                Ok((f.slot(), t.slot(), p))
            }
        }

        impl $crate::core::Game for $ty {
            type Move = $crate::variants::glinski::Mv;

            fn variant(&self) -> &'static str {
                self.pos.base().name
            }

            fn turn(&self) -> $crate::core::Color {
                if self.pos.turn == $crate::variants::glinski::position::WHITE {
                    $crate::core::Color::White
                } else {
                    $crate::core::Color::Black
                }
            }

            fn generate<S: $crate::core::MoveSink<Self::Move>>(
                &self,
                sink: &mut S,
            ) -> $crate::core::Flow {
                self.pos.generate(sink)
            }

            #[inline]
            fn play(&mut self, m: &Self::Move) {
                self.pos.make(*m, &mut ());
            }

            /// No legal move: checkmate (in check: the other side wins) or
            /// stalemate (a draw).
            fn outcome(&self) -> Option<$crate::core::Outcome> {
                let them = $crate::core::Game::turn(self).other();
                if self.pos.king(self.pos.turn).is_none() {
                    return Some($crate::core::Outcome::Win(them));
                }
                if $crate::core::Game::has_legal_move(self) {
                    return None;
                }
                Some(if self.pos.checked() {
                    $crate::core::Outcome::Win(them)
                } else {
                    $crate::core::Outcome::Draw
                })
            }
        }

        impl $crate::core::Notation for $ty {
            fn to_text(&self) -> String {
                $crate::variants::glinski::fen::write(&self.pos)
            }

            fn move_text(&self, m: &Self::Move) -> String {
                $crate::variants::glinski::explain::text_of_on(self.pos.shape(), *m)
            }

            fn check_move_syntax(&self, text: &str) -> Result<(), $crate::core::MoveError> {
                let text = text.trim();
                let t = self.ours(text)?;
                match self.parse_text(&t) {
                    Ok(_) => Ok(()),
                    Err(_)
                        if Self::SAN.is_some()
                            && $crate::variants::glinski::record::San::parse(&t).is_ok() =>
                    {
                        Ok(())
                    }
                    Err(e) => Err($crate::variants::glinski::record::as_written(e, text, None)),
                }
            }
        }

        impl $crate::core::Explain for $ty {
            fn parse_move(&self, text: &str) -> Result<Self::Move, $crate::core::MoveError> {
                let text = text.trim();
                let t = self.ours(text)?;
                let (from, to, promo) = match self.parse_text(&t) {
                    Ok(ft) => ft,
                    Err(e) => {
                        if Self::SAN.is_none()
                            || $crate::variants::glinski::record::San::parse(&t).is_err()
                        {
                            // The from-to error (it names record moves too).
                            return Err($crate::variants::glinski::record::as_written(
                                e, text, None,
                            ));
                        }
                        if $crate::core::Game::outcome(self).is_some() {
                            return Err($crate::core::MoveError::GameOver {
                                text: text.to_string(),
                            });
                        }
                        return $crate::variants::glinski::record::parse_token(&self.pos, &t, None)
                            .map_err(|e| {
                                $crate::variants::glinski::record::as_written(e, text, Self::SAN)
                            });
                    }
                };
                self.pos
                    .moves()
                    .into_iter()
                    .find(|m| m.from as usize == from && m.to as usize == to && m.promo() == promo)
                    .ok_or_else(|| self.rejection(text))
            }

            fn explain(&self, text: &str) -> Result<$crate::core::Verdict, $crate::core::MoveError> {
                let text = text.trim();
                let t = self.ours(text)?;
                let rule = match Self::SAN {
                    Some(rule) if self.parse_text(&t).is_err() => rule,
                    _ => {
                        let mut v = $crate::variants::glinski::explain::explain(&self.pos, &t)
                            .map_err(|e| {
                                $crate::variants::glinski::record::as_written(e, text, None)
                            })?;
                        if !v.legal {
                            v.text = text.to_string();
                        }
                        return Ok(v);
                    }
                };
                match self.parse_move(text) {
                    Ok(m) => $crate::variants::glinski::explain::explain(
                        &self.pos,
                        &$crate::variants::glinski::explain::text_of_on(self.pos.shape(), m),
                    ),
                    Err(e @ $crate::core::MoveError::Syntax { .. }) => Err(e),
                    Err(e) => Ok($crate::core::Verdict {
                        legal: false,
                        text: text.to_string(),
                        rules: vec![rule],
                        reason: match e {
                            $crate::core::MoveError::Illegal { reason, .. } => reason,
                            $crate::core::MoveError::Ambiguous { candidates, .. } => {
                                format!("ambiguous: matches {}", candidates.join(", "))
                            }
                            other => other.to_string(),
                        },
                    }),
                }
            }
        }

        #[cfg(feature = "pictures")]
        impl $crate::core::Draw for $ty {
            fn diagram(&self) -> $crate::core::diagram::Diagram {
                $crate::variants::glinski::diagram::diagram(&self.pos)
            }

            fn draw_move(&self, m: &Self::Move) -> $crate::core::diagram::MoveDrawing {
                $crate::variants::glinski::diagram::draw_move(&self.pos, *m)
            }

            fn move_start(&self, m: &Self::Move) -> Option<$crate::core::Square> {
                Some($crate::variants::glinski::diagram::square_on(
                    self.pos.shape(),
                    m.from as usize,
                ))
            }
        }
    };
}

pub(crate) use hex_game;
