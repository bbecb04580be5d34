//! `[[objective]]` tables into [`Objective`]s: every problem located, with
//! a fix (off the table, a radius that is no area or the whole table, an
//! owner that is not a side, counters where the ruleset has none, an
//! objective that does nothing, two objectives of one name).

use super::file::ObjectiveRaw;
use super::{Control, Objective};
use crate::base::Side;
use crate::path;
use crate::scenario::checks::{Ctx, Word};
use crate::scenario::problems::Problem;

/// The most counters or points an objective may carry (Standards of
/// Valor armies are worth tens of thousands of points).
const MAX_COUNT: i64 = 1_000_000;

/// What the scenario around the objectives gives their checks.
pub struct Table<'a> {
    /// The side names, in side order.
    pub sides: [&'a str; 2],
    pub width: f64,
    pub depth: f64,
    /// Whether the ruleset has Morale Counters (`mc` allowed).
    pub counters: bool,
}

/// The objectives of `raw`, or problems at `objective[k].field`.
pub fn objectives(
    ctx: &Ctx,
    problems: &mut Vec<Problem>,
    raw: &[ObjectiveRaw],
    table: &Table,
) -> Vec<Objective> {
    let mut out = Vec::with_capacity(raw.len());
    for (k, r) in raw.iter().enumerate() {
        if raw[..k].iter().any(|o| o.name == r.name) {
            ctx.err(
                problems,
                path!["objective", k, "name"],
                format!("a second objective named `{}`", r.name),
                Some("give each objective its own name".into()),
            );
        }
        out.push(one(ctx, problems, k, r, table));
    }
    out
}

fn one(
    ctx: &Ctx,
    problems: &mut Vec<Problem>,
    k: usize,
    r: &ObjectiveRaw,
    table: &Table,
) -> Objective {
    let mut err = |field: &str, msg: String, hint: String| {
        ctx.err(problems, path!["objective", k, field], msg, Some(hint))
    };
    let [x, y] = r.at;
    if !(0.0..=table.width).contains(&x) || !(0.0..=table.depth).contains(&y) {
        err(
            "at",
            format!("objective `{}` at [{x}, {y}] is off the table", r.name),
            format!(
                "the table is {} x {} inches: x in 0 to {0}, y in 0 to {1}",
                table.width, table.depth
            ),
        );
    }
    let longest = table.width.max(table.depth);
    if !(r.radius > 0.0 && r.radius < longest) {
        err(
            "radius",
            format!("radius {} is no area on this table", r.radius),
            format!("give a radius above 0 and below {longest} inches (6 is a village)"),
        );
    }
    let control = match r.control.as_deref() {
        None => Control::Uncontested,
        Some(w) => Control::from_name(w).unwrap_or_else(|| {
            err(
                "control",
                format!("`{w}` is not a control rule"),
                format!("use one of: {}", Control::NAMES.join(", ")),
            );
            Control::Uncontested
        }),
    };
    let owner = r.owner.as_deref().and_then(|name| {
        let side = Side::BOTH
            .into_iter()
            .find(|s| table.sides[s.index()] == name);
        if side.is_none() {
            err(
                "owner",
                format!("`{name}` is not a side of this scenario"),
                format!(
                    "name one of the sides: `{}` or `{}`",
                    table.sides[0], table.sides[1]
                ),
            );
        }
        side
    });
    let mut count = |field: &str, v: Option<i64>| -> u32 {
        let v = v.unwrap_or(0);
        if !(0..=MAX_COUNT).contains(&v) {
            err(
                field,
                format!("{field} must be between 0 and {MAX_COUNT}, not {v}"),
                "counters and points held are whole numbers".into(),
            );
            return 0;
        }
        v as u32
    };
    let mc = count("mc", r.mc);
    let at_end = count("at_end", r.at_end);
    let ends_battle = r.ends_battle.unwrap_or(false);
    effects_are_possible(ctx, problems, k, r, table, mc, at_end, ends_battle);
    Objective {
        name: r.name.clone(),
        at: r.at,
        radius: r.radius,
        control,
        owner,
        mc,
        at_end,
        ends_battle,
    }
}

/// The objective does something, and only what this ruleset can do.
#[allow(clippy::too_many_arguments)]
fn effects_are_possible(
    ctx: &Ctx,
    problems: &mut Vec<Problem>,
    k: usize,
    r: &ObjectiveRaw,
    table: &Table,
    mc: u32,
    at_end: u32,
    ends_battle: bool,
) {
    if mc > 0 && !table.counters {
        ctx.err(
            problems,
            path!["objective", k, "mc"],
            "this ruleset has no Morale Counters to forfeit",
            Some("use at_end (points to the holder at the end) or ends_battle".into()),
        );
    }
    if mc > 0 && r.owner.is_none() {
        ctx.err(
            problems,
            path!["objective", k, "mc"],
            format!(
                "objective `{}` has counters to forfeit but no owner to forfeit them",
                r.name
            ),
            Some("set owner = the side that holds it at the start".into()),
        );
    }
    if mc == 0 && at_end == 0 && !ends_battle {
        ctx.err(
            problems,
            path!["objective", k],
            format!(
                "objective `{}` does nothing: nobody gains by holding it",
                r.name
            ),
            Some("give it mc (with an owner), at_end or ends_battle = true".into()),
        );
    }
}
