//! The colours of every picture (documented in CONFORMANCE.md, pictures
//! section). One place, so the SVG, the PNG and the tests agree.

/// Page background.
pub const BACKGROUND: &str = "#ffffff";
/// Text and outlines.
pub const INK: &str = "#222222";
/// Coordinate labels.
pub const INK_SOFT: &str = "#666666";
/// Light squares / cells.
pub const LIGHT: &str = "#f0d9b5";
/// Dark squares of a square board.
pub const DARK: &str = "#b58863";
/// Middle cells of the hexagonal board.
pub const MIDDLE: &str = "#d2ae86";
/// Dark cells of the hexagonal board.
pub const DARK_HEX: &str = "#a7774f";
/// Edges between hexagonal cells.
pub const CELL_EDGE: &str = "#7a5a3a";
/// Where the move starts and ends (drawn at 55 % opacity).
pub const HIGHLIGHT: &str = "#ffe74c";
/// White's tokens.
pub const WHITE_PIECE: &str = "#fbfbf8";
/// Black's tokens.
pub const BLACK_PIECE: &str = "#262626";
/// The edge of every token.
pub const PIECE_EDGE: &str = "#111111";
/// The strip listing a stack's contents.
pub const STACK_STRIP: &str = "#8f8f8f";
/// The legs of a legal move (and of the moves of one piece).
pub const LEG: &str = "#1565c0";
/// The legs an illegal move attempts.
pub const LEG_ILLEGAL: &str = "#7b1fa2";
/// A captured piece: a cross.
pub const CAPTURED: &str = "#d32f2f";
/// A hit piece: a dashed ring.
pub const HIT: &str = "#ef6c00";
/// Promotion and drop badges.
pub const PROMOTED: &str = "#2e7d32";
/// Where an illegal move breaks: a thick outline and "!".
pub const BREAKS: &str = "#c62828";
/// Springs: a tinted cell and a coil.
pub const SPRING: &str = "#00897b";
/// Trampolines: a pad with this rim, filled in the owner's colour.
pub const TRAMPOLINE: &str = "#43a047";
/// Risen bishops: a chevron.
pub const RISEN: &str = "#f9a825";
/// A crowned draughts piece: a crown over the token.
pub const CROWN: &str = "#c9a227";
/// Hit points left: a badge.
pub const HIT_POINTS: &str = "#b71c1c";
/// A king in check: a red glow.
pub const CHECK: &str = "#e53935";
/// Title of a legal verdict.
pub const TITLE_LEGAL: &str = "#1b5e20";
/// Title of an illegal verdict.
pub const TITLE_ILLEGAL: &str = "#b71c1c";
