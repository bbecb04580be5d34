//! The battlefield's measuring tape. For now: square grids (the Armies
//! ruleset, and later This Means WAR!): squares, the 1-2-1 diagonal metric,
//! compass directions, dense per-square storage and straight lines through
//! squares. Inch-based geometry (oriented rectangles) will live beside it.
//! No rules live here: what blocks a move or a shot is the ruleset's business.

pub mod grid;
