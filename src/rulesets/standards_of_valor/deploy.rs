//! The quick set-ups of Chapter V (L682-693, digest section 13.1): where
//! every unit starts when the scenario does not place it with `at`. The
//! table's near edge of each side is its baseline (L667): side 1's is the
//! south edge, side 2's the north. Positions are worked out once, when the
//! scenario is validated; battles only read them.
//!
//! - **Fixed Battle** (L682-685): the table is cut into three equal bands
//!   across its depth and each side deploys in the band at its baseline.
//!   The side's command unit (its top unit: the first unit without a
//!   parent that other units name as parent, else its first unit) stands
//!   in the middle of the zone. The others stand in the zone's front part
//!   in lines, in list order, left to right as seen from the baseline, 2"
//!   apart, each line centred on the table, its units' front edges on the
//!   zone's front edge; those that do not fit make a line 6" behind the
//!   deepest unit of the line before. A line that reaches into the command
//!   unit's depth leaves it a gap (2" either side), its units split into a
//!   left and a right group as evenly as they fit.
//! - **Encounter Battle** (L687-693): every unit starts with its rear edge
//!   on the baseline, in the same left-to-right line (all of a side's
//!   units must fit along the baseline), and moves onto the table straight
//!   ahead by one normal move (its move die's size in inches, L1351); the
//!   lead unit (the unit with the largest move die other than the command
//!   unit, the first in the list on ties) moves on first and with both
//!   actions, two normal moves. How far they come on is our reading: the
//!   text only says they move onto the table.
//!
//! The placing order (L685, L693: the side with more units first, sides
//! alternating one unit at a time; side 1 first when they are equal) is
//! recorded, but placement does not react to the enemy's units, so the
//! order changes nothing; the 2-for-1 clause for a side with "a lot fewer
//! units" gives no measure and is not simulated.

use super::field::{block_at, Block};
use super::setup::{Profile, UnitSpec};
use super::state::move_inches;
use crate::rules::Side;
use crate::words;

words!(
    /// `setup` of `[battlefield]`: how the units reach their starting places.
    pub enum SetupKind {
        "placed" => Placed,
        "fixed_battle" => FixedBattle,
        "encounter" => Encounter,
    }
);

/// The gap between neighbours in a line, in inches.
pub const FILE_GAP: f32 = 2.0;
/// The gap between a line and the next line behind it, in inches.
pub const LINE_GAP: f32 = 6.0;

/// Slack for comparisons of lengths in inches.
const EPS: f32 = 1e-3;

/// Where the units start.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Deployment {
    /// Every unit's centre, in inches from the south-west corner.
    pub at: Vec<[f32; 2]>,
    /// The units in the order they are placed or moved on (empty for a
    /// placed scenario).
    pub order: Vec<usize>,
}

/// A unit the set-up cannot place, why, and what to change.
#[derive(Clone, Debug, PartialEq)]
pub struct Misfit {
    pub unit: usize,
    pub message: String,
    pub hint: String,
}

/// A side's command unit: the first unit without a parent that another
/// unit names as its parent, else the side's first unit.
pub fn command_unit(units: &[UnitSpec], side: Side) -> Option<usize> {
    let mine = || (0..units.len()).filter(move |&u| units[u].side == side);
    mine()
        .find(|&u| units[u].parent.is_none() && mine().any(|x| units[x].parent == Some(u)))
        .or_else(|| mine().next())
}

/// A side's lead unit in an Encounter: the unit with the largest move die
/// other than the command unit (the first in the list on ties), else the
/// command unit itself.
pub fn lead_unit(units: &[UnitSpec], profiles: &[Profile], side: Side) -> Option<usize> {
    let command = command_unit(units, side)?;
    let mut lead: Option<usize> = None;
    for u in (0..units.len()).filter(|&u| units[u].side == side && u != command) {
        let die = |x: usize| profiles[units[x].profile].move_die;
        if lead.filter(|&l| die(u) <= die(l)).is_none() {
            lead = Some(u);
        }
    }
    Some(lead.unwrap_or(command))
}

/// The order units are placed in: the two first units (command units in a
/// Fixed Battle, lead units in an Encounter), the side with more units
/// first (side 1 on equal numbers), then the rest alternately, one a side,
/// in list order.
pub fn placing_order(units: &[UnitSpec], firsts: [usize; 2]) -> Vec<usize> {
    let rest = |s: Side, first: usize| -> Vec<usize> {
        (0..units.len())
            .filter(|&u| units[u].side == s && u != first)
            .collect()
    };
    let count = |s: Side| units.iter().filter(|u| u.side == s).count();
    let (a, b) = if count(Side::B) > count(Side::A) {
        (1, 0)
    } else {
        (0, 1)
    };
    let side = |i: usize| if i == 0 { Side::A } else { Side::B };
    let (ra, rb) = (rest(side(a), firsts[a]), rest(side(b), firsts[b]));
    let mut order = vec![firsts[a], firsts[b]];
    for i in 0..ra.len().max(rb.len()) {
        order.extend(ra.get(i));
        order.extend(rb.get(i));
    }
    order
}

/// Table coordinates of a point of `side`'s frame: `x` from the left as
/// seen from its baseline, `y` away from its baseline.
fn to_table(side: Side, [x, y]: [f32; 2], [w, d]: [f32; 2]) -> [f32; 2] {
    match side {
        Side::A => [x, y],
        Side::B => [w - x, d - y],
    }
}

/// Width taken by neighbours of these widths, 2" apart.
fn span(widths: &[f32]) -> f32 {
    if widths.is_empty() {
        return 0.0;
    }
    widths.iter().sum::<f32>() + FILE_GAP * (widths.len() - 1) as f32
}

/// Centres, left to right, of units of `widths` laid side by side from `start`.
fn centres_from(start: f32, widths: &[f32]) -> Vec<f32> {
    let mut x = start;
    widths
        .iter()
        .map(|w| {
            let c = x + w / 2.0;
            x += w + FILE_GAP;
            c
        })
        .collect()
}

/// The centres of the longest run of the first `widths` that fits in one
/// line across `table_w`, centred on the table; with a `hole` (its left and
/// right edges) the run is split into a left group ending at the hole and
/// a right group starting after it, as evenly as fits.
fn lay_line(widths: &[f32], table_w: f32, hole: Option<(f32, f32)>) -> Vec<f32> {
    let Some((a, b)) = hole else {
        let n = (0..=widths.len())
            .rev()
            .find(|&n| span(&widths[..n]) <= table_w + EPS)
            .unwrap_or(0);
        return centres_from((table_w - span(&widths[..n])) / 2.0, &widths[..n]);
    };
    for n in (1..=widths.len()).rev() {
        let best = (0..=n)
            .filter_map(|k| {
                let (l, r) = (span(&widths[..k]), span(&widths[k..n]));
                let fits = (k == 0 || l <= a + EPS) && (k == n || r <= table_w - b + EPS);
                fits.then_some((k, (l - r).abs()))
            })
            .min_by(|x, y| x.1.total_cmp(&y.1));
        if let Some((k, _)) = best {
            let mut xs = centres_from(a - span(&widths[..k]), &widths[..k]);
            xs.extend(centres_from(b, &widths[k..n]));
            return xs;
        }
    }
    Vec::new()
}

/// Unit `u`'s block centred on the origin.
fn shape(units: &[UnitSpec], profiles: &[Profile], u: usize) -> Block {
    let x = &units[u];
    let mount = profiles[x.profile].mount;
    block_at([0.0, 0.0], (x.figures, x.files), x.formation, mount)
}

const SMALLER: &str = "give the units fewer files, field fewer units, or use a bigger table (battlefield.width and battlefield.depth)";

/// The starting centres of `units` on a `table` (width, depth) under
/// `kind`, and the order they are placed in; or every unit that would
/// leave the table, leave its zone or overlap another.
pub fn deploy(
    kind: SetupKind,
    table: [f32; 2],
    units: &[UnitSpec],
    profiles: &[Profile],
) -> Result<Deployment, Vec<Misfit>> {
    let mut at: Vec<[f32; 2]> = units.iter().map(|u| u.at).collect();
    let mut misfits = Vec::new();
    if kind == SetupKind::Placed {
        off_the_edge(units, profiles, table, &mut misfits);
        overlaps(units, profiles, &at, kind, &mut misfits);
        if !misfits.is_empty() {
            return Err(misfits);
        }
        return Ok(Deployment {
            at,
            order: Vec::new(),
        });
    }
    let mut firsts = [0; 2];
    for (s, side) in [Side::A, Side::B].into_iter().enumerate() {
        let Some(command) = command_unit(units, side) else {
            continue;
        };
        firsts[s] = match kind {
            SetupKind::Encounter => {
                let lead = lead_unit(units, profiles, side).unwrap_or(command);
                encounter(units, profiles, (side, lead), table, &mut at, &mut misfits);
                lead
            }
            _ => {
                fixed(
                    units,
                    profiles,
                    (side, command),
                    table,
                    &mut at,
                    &mut misfits,
                );
                command
            }
        };
    }
    if misfits.is_empty() {
        overlaps(units, profiles, &at, kind, &mut misfits);
    }
    if !misfits.is_empty() {
        misfits.sort_by_key(|m| m.unit);
        misfits.dedup_by_key(|m| m.unit);
        return Err(misfits);
    }
    Ok(Deployment {
        at,
        order: placing_order(units, firsts),
    })
}

/// Side `side`'s Fixed Battle lines around its command unit.
fn fixed(
    units: &[UnitSpec],
    profiles: &[Profile],
    (side, command): (Side, usize),
    table: [f32; 2],
    at: &mut [[f32; 2]],
    misfits: &mut Vec<Misfit>,
) {
    let [w, d] = table;
    let zone = d / 3.0;
    let cmd = shape(units, profiles, command);
    at[command] = to_table(side, [w / 2.0, zone / 2.0], table);
    let cmd_back = zone / 2.0 - cmd.half_y;
    let cmd_front = zone / 2.0 + cmd.half_y;
    let hole = (
        w / 2.0 - cmd.half_x - FILE_GAP,
        w / 2.0 + cmd.half_x + FILE_GAP,
    );
    let rest: Vec<usize> = (0..units.len())
        .filter(|&u| units[u].side == side && u != command)
        .collect();
    let shapes: Vec<Block> = rest.iter().map(|&u| shape(units, profiles, u)).collect();
    let widths: Vec<f32> = shapes.iter().map(|b| 2.0 * b.half_x).collect();
    let mut in_zone = vec![(command, cmd)];
    let (mut next, mut front) = (0, zone);
    while next < rest.len() {
        let deepest = |n: usize| {
            shapes[next..next + n]
                .iter()
                .map(|b| 2.0 * b.half_y)
                .fold(0.0, f32::max)
        };
        let mut xs = lay_line(&widths[next..], w, None);
        if xs.is_empty() {
            misfits.push(Misfit {
                unit: rest[next],
                message: format!(
                    "`{}` is {}\" wide, wider than the {w}\" table",
                    units[rest[next]].label, widths[next]
                ),
                hint: SMALLER.to_string(),
            });
            next += 1;
            continue;
        }
        let reaches_command = front - deepest(xs.len()) < cmd_front && front > cmd_back;
        if reaches_command {
            xs = lay_line(&widths[next..], w, Some(hole));
            if xs.is_empty() {
                // Nothing fits beside the command unit: start behind it.
                front = cmd_back - LINE_GAP;
                continue;
            }
        }
        for (j, x) in xs.iter().enumerate() {
            let u = rest[next + j];
            at[u] = to_table(side, [*x, front - shapes[next + j].half_y], table);
            in_zone.push((u, shapes[next + j]));
        }
        front -= deepest(xs.len()) + LINE_GAP;
        next += xs.len();
    }
    for (u, b) in in_zone {
        let y = if side == Side::A {
            at[u][1]
        } else {
            d - at[u][1]
        };
        if y - b.half_y < -EPS || y + b.half_y > zone + EPS {
            misfits.push(Misfit {
                unit: u,
                message: format!(
                    "`{}` does not fit in its side's deployment zone (the {zone:.1}\" at its baseline) in the fixed_battle set-up",
                    units[u].label
                ),
                hint: SMALLER.to_string(),
            });
        }
    }
}

/// Side `side`'s Encounter line, moved on from its baseline.
fn encounter(
    units: &[UnitSpec],
    profiles: &[Profile],
    (side, lead): (Side, usize),
    table: [f32; 2],
    at: &mut [[f32; 2]],
    misfits: &mut Vec<Misfit>,
) {
    let [w, d] = table;
    let mine: Vec<usize> = (0..units.len())
        .filter(|&u| units[u].side == side)
        .collect();
    let shapes: Vec<Block> = mine.iter().map(|&u| shape(units, profiles, u)).collect();
    let widths: Vec<f32> = shapes.iter().map(|b| 2.0 * b.half_x).collect();
    let xs = lay_line(&widths, w, None);
    if let Some(&u) = mine.get(xs.len()) {
        misfits.push(Misfit {
            unit: u,
            message: format!(
                "`{}` does not fit on its baseline in the encounter set-up: the side's units need {:.1}\" side by side ({FILE_GAP}\" apart), the table is {w}\" wide",
                units[u].label,
                span(&widths)
            ),
            hint: SMALLER.to_string(),
        });
        return;
    }
    for (j, &u) in mine.iter().enumerate() {
        let moves = if u == lead { 2.0 } else { 1.0 };
        let step = moves * move_inches(profiles[units[u].profile].move_die);
        let y = shapes[j].half_y + step;
        at[u] = to_table(side, [xs[j], y], table);
        if y + shapes[j].half_y > d + EPS {
            misfits.push(Misfit {
                unit: u,
                message: format!(
                    "`{}` would move off the far edge of the {d}\" deep table in the encounter set-up",
                    units[u].label
                ),
                hint: SMALLER.to_string(),
            });
        }
    }
}

/// A problem for every placed unit whose block hangs over a table edge
/// (its centre is checked on reading).
fn off_the_edge(
    units: &[UnitSpec],
    profiles: &[Profile],
    table: [f32; 2],
    misfits: &mut Vec<Misfit>,
) {
    for (u, unit) in units.iter().enumerate() {
        let b = shape(units, profiles, u);
        let [x, y] = unit.at;
        let over = [
            b.half_x - x,
            x + b.half_x - table[0],
            b.half_y - y,
            y + b.half_y - table[1],
        ]
        .into_iter()
        .fold(0.0f32, f32::max);
        if over > EPS {
            misfits.push(Misfit {
                unit: u,
                message: format!(
                    "`{}` ({:.1}\" wide, {:.1}\" deep at [{x}, {y}]) hangs {over:.1}\" over the edge of the {} x {} table",
                    unit.label,
                    2.0 * b.half_x,
                    2.0 * b.half_y,
                    table[0],
                    table[1]
                ),
                hint: format!("move `at` {over:.1}\" in from the edge, or give it fewer files"),
            });
        }
    }
}

/// A problem for every unit that overlaps one listed before it.
fn overlaps(
    units: &[UnitSpec],
    profiles: &[Profile],
    at: &[[f32; 2]],
    kind: SetupKind,
    misfits: &mut Vec<Misfit>,
) {
    let blocks: Vec<Block> = (0..units.len())
        .map(|u| Block {
            centre: at[u],
            ..shape(units, profiles, u)
        })
        .collect();
    for j in 0..blocks.len() {
        let (b, others) = (&blocks[j], &blocks[..j]);
        let hit = others.iter().position(|a| {
            (a.centre[0] - b.centre[0]).abs() < a.half_x + b.half_x - EPS
                && (a.centre[1] - b.centre[1]).abs() < a.half_y + b.half_y - EPS
        });
        let Some(i) = hit else { continue };
        let (a, names) = (&blocks[i], (&units[j].label, &units[i].label));
        misfits.push(match kind {
            SetupKind::Placed => placed_overlap(j, names, a, b),
            _ => Misfit {
                unit: j,
                message: format!(
                    "`{}` would overlap `{}` in the {} set-up",
                    names.0,
                    names.1,
                    kind.name()
                ),
                hint: SMALLER.to_string(),
            },
        });
    }
}

/// The problem for placed unit `unit`, block `b` (label `names.0`), whose block
/// overlaps placed unit `a`'s (`names.1`): no unit stands inside another
/// (L1612-1621), so the fix is to move one of them.
fn placed_overlap(unit: usize, names: (&String, &String), a: &Block, b: &Block) -> Misfit {
    let across = a.half_x + b.half_x - (a.centre[0] - b.centre[0]).abs();
    let deep = a.half_y + b.half_y - (a.centre[1] - b.centre[1]).abs();
    Misfit {
        unit,
        message: format!(
            "`{}` ({:.1}\" wide, {:.1}\" deep at [{}, {}]) overlaps `{}` ({:.1}\" wide at [{}, {}]) by {across:.1}\" across and {deep:.1}\" deep",
            names.0,
            2.0 * b.half_x,
            2.0 * b.half_y,
            b.centre[0],
            b.centre[1],
            names.1,
            2.0 * a.half_x,
            a.centre[0],
            a.centre[1],
        ),
        hint: format!(
            "move `at` of one of them {:.1}\" apart across or {:.1}\" apart in depth, or give it fewer files",
            across.max(0.0) + 0.1,
            deep.max(0.0) + 0.1
        ),
    }
}

/// The note a run prints for a set-up scenario: who places first and
/// what is not simulated.
pub fn note(kind: SetupKind, units: &[UnitSpec], names: [&str; 2]) -> Option<String> {
    if kind == SetupKind::Placed {
        return None;
    }
    let count = |s: Side| units.iter().filter(|u| u.side == s).count();
    let (a, b) = (count(Side::A), count(Side::B));
    let first = if b > a { names[1] } else { names[0] };
    Some(format!(
        "Standards of Valor: {} set-up, {} units against {}: first to place: {first} (recorded only: placement follows the list and does not react to the enemy's); the 2-for-1 clause is not simulated",
        kind.name(),
        a.max(b),
        a.min(b)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_centred_and_splits_around_a_hole() {
        let xs = lay_line(&[10.0, 10.0], 30.0, None);
        assert_eq!(xs, vec![9.0, 21.0]);
        // 3 units of 10 need 34": only two fit a 30" table.
        assert_eq!(lay_line(&[10.0, 10.0, 10.0], 30.0, None).len(), 2);
        // A hole from 12 to 18 leaves 12" either side: one unit each.
        let xs = lay_line(&[10.0, 10.0, 10.0], 30.0, Some((12.0, 18.0)));
        assert_eq!(xs, vec![7.0, 23.0]);
        assert!(lay_line(&[40.0], 30.0, None).is_empty());
    }
}
