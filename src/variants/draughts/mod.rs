//! Shared draughts mechanism (jump series) for `english` and `bosses`.
