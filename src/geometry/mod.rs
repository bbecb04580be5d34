//! The battlefield's measuring tape, with no rules in it: what blocks a move
//! or a shot is the ruleset's business.
//!
//! - [`grid`]: square grids (Armies, This Means WAR!): squares, the 1-2-1
//!   diagonal metric, compass directions, dense per-square storage and
//!   straight lines through squares. Integer and allocation-free.
//! - [`plane`], [`rect`], [`terrain`]: tables measured in inches (D&D War and
//!   every ruleset after it): points and segments, oriented rectangles for
//!   trays and bases (closest distances, 45-degree facing arcs, line-of-sight
//!   crossings, advancing, wheeling, pivoting, sliding into contact), the
//!   board's edges, and terrain areas with the length of a path inside them.
//!   Queries do not allocate.

pub mod grid;
pub mod plane;
pub mod rect;
pub mod terrain;

pub use plane::Vec2;
pub use rect::{Arc, Rect};
pub use terrain::{Area, Board, Cover, Shape};
