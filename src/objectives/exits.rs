//! Exits: a table edge that one side's forces try to get off through (seed
//! 002 L698: "one player's objective may be to prevent opposing forces
//! from getting past his forces in which case he is defending his
//! baseline. The opposing player's objective may be to get as many forces
//! as possible through his opponent's baseline"). A unit of the exiting
//! side that reaches the edge in good order leaves the table there; the
//! points of what left count for its side when the time limit ends the
//! battle, and, with `wins_at`, getting that many points off ends the
//! battle in its favour. `[[exit]]` in a scenario; a ruleset that plays
//! exits reads them here ([`exits`] validates them with located problems).

use crate::base::Side;
use crate::path;
use crate::scenario::checks::{Ctx, Word};
use crate::scenario::problems::Problem;
use serde::{Deserialize, Serialize};

crate::words!(
    /// A table edge: north is the far edge (y = the table's depth), south
    /// the near one (y = 0), east the right (x = its width), west the left.
    pub enum Edge {
        "north" => North,
        "south" => South,
        "east" => East,
        "west" => West,
    }
);

/// `[[exit]]` as written.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExitRaw {
    /// The side (by name) whose forces get off through it.
    pub side: String,
    /// The table edge they leave by: `north`, `south`, `east` or `west`.
    pub edge: String,
    /// Points got off through it that end the battle in that side's win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wins_at: Option<i64>,
    /// Why the scenario has it: the seed line or example it follows, or
    /// that it is the scenario author's own choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// One exit of a validated scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Exit {
    pub side: Side,
    pub edge: Edge,
    /// Points off the table through it that end the battle (none: only
    /// the points at the time limit).
    pub wins_at: Option<u32>,
}

impl Exit {
    /// How far `at` lies from the exit's edge on a table `width` x `depth`
    /// (negative beyond it).
    pub fn gap(&self, at: [f32; 2], width: f32, depth: f32) -> f32 {
        match self.edge {
            Edge::North => depth - at[1],
            Edge::South => at[1],
            Edge::East => width - at[0],
            Edge::West => at[0],
        }
    }

    /// The point on the edge straight out from `at`.
    pub fn straight_out(&self, at: [f32; 2], width: f32, depth: f32) -> [f32; 2] {
        match self.edge {
            Edge::North => [at[0], depth],
            Edge::South => [at[0], 0.0],
            Edge::East => [width, at[1]],
            Edge::West => [0.0, at[1]],
        }
    }
}

/// The most points an exit may ask for.
const MAX_POINTS: i64 = 10_000_000;

/// The exits of `raw`, or problems at `exit[k].field`: a side that is not
/// one of `sides`, an edge that is not a word of [`Edge`], `wins_at` not a
/// positive number, a second exit for one side.
pub fn exits(
    ctx: &Ctx,
    problems: &mut Vec<Problem>,
    raw: &[ExitRaw],
    sides: [&str; 2],
) -> Vec<Exit> {
    let mut out: Vec<Exit> = Vec::with_capacity(raw.len());
    for (k, r) in raw.iter().enumerate() {
        let mut err = |field: &str, msg: String, hint: String| {
            ctx.err(problems, path!["exit", k, field], msg, Some(hint))
        };
        let side = Side::BOTH.into_iter().find(|s| sides[s.index()] == r.side);
        let edge = Edge::from_name(&r.edge);
        if side.is_none() {
            let hint = format!("name one of the sides: `{}` or `{}`", sides[0], sides[1]);
            err(
                "side",
                format!("`{}` is not a side of this scenario", r.side),
                hint,
            );
        }
        if edge.is_none() {
            let hint = format!("use one of: {}", Edge::NAMES.join(", "));
            err("edge", format!("`{}` is not a table edge", r.edge), hint);
        }
        if let Some(v) = r.wins_at.filter(|v| !(1..=MAX_POINTS).contains(v)) {
            let msg = format!("wins_at must be between 1 and {MAX_POINTS} points, not {v}");
            err(
                "wins_at",
                msg,
                "leave it out to count the points only at the end".into(),
            );
        }
        if out.iter().any(|e| Some(e.side) == side) {
            let msg = format!("a second exit for `{}`", r.side);
            err("side", msg, "give each side one exit at most".into());
        }
        if let (Some(side), Some(edge)) = (side, edge) {
            let wins_at = r.wins_at.filter(|v| (1..=MAX_POINTS).contains(v));
            out.push(Exit {
                side,
                edge,
                wins_at: wins_at.map(|v| v as u32),
            });
        }
    }
    out
}
