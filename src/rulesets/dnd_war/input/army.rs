//! The D&D War army-building and deployment checks of a scenario: each
//! side's points against the budget of the battle's level and size (with
//! the digest's corrections of the misprinted cells, reported), formation
//! counts by rarity, magic items, the battle banner, one general, equal
//! characters on both sides; units on the table, inside their deployment
//! zone and not overlapping. Also the notes a run prints about what of the
//! scenario the simulation does not play.

use crate::geometry::{Board, Vec2};
use crate::rulesets::dnd_war::army::{self, BattleSize, Rarity, ERRATA};
use crate::rulesets::dnd_war::input::file::DndScenarioFile;
use crate::rulesets::dnd_war::setup::{footprint, Profile, UnitSpec};
use crate::rulesets::dnd_war::traits::UnitType;
use crate::scenario::checks::Ctx;
use crate::scenario::problems::{Problem, Seg};

/// One scenario entry as army building sees it.
pub struct ArmyEntry {
    pub side: usize,
    pub field: Vec<Seg>,
    pub rarity: Rarity,
    pub unit_type: UnitType,
    pub level: u8,
    /// Points toward the budget (characters: only a battle banner).
    pub points: u32,
    pub magic_items: u32,
    pub battle_standard: bool,
    pub general: bool,
}

/// The battle's budget and size, for the army-building checks.
struct Rules {
    level: u8,
    size: BattleSize,
    size_name: String,
    budget: u32,
}

/// Checks both armies against the army-building rules (L709-785).
pub fn check_armies(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    entries: &[ArmyEntry],
    level: u8,
    size: BattleSize,
    errata: bool,
    notes: &mut Vec<String>,
) {
    let size_name = BattleSize::NAMES[size as usize].to_lowercase();
    let Some(budget) = army::budget(level, size, errata) else {
        return;
    };
    if errata {
        for e in ERRATA.iter().filter(|e| e.level == level) {
            if e.size == size || size == BattleSize::Huge {
                notes.push(format!(
                    "the level-{level} {size_name} budget uses the digest's correction of the seed's misprinted {} cell (L{}: printed {}, corrected {}); points_table_errata = false uses the printed table",
                    BattleSize::NAMES[e.size as usize].to_lowercase(), e.line, e.printed, e.corrected
                ));
            }
        }
    }
    let rules = Rules {
        level,
        size,
        size_name,
        budget,
    };
    let characters: [Vec<u8>; 2] = [0, 1].map(|side| {
        let mine: Vec<&ArmyEntry> = entries.iter().filter(|e| e.side == side).collect();
        check_army(ctx, p, &rules, side, &mine);
        let mut levels: Vec<u8> = mine
            .iter()
            .filter(|e| e.unit_type == UnitType::Character)
            .map(|e| e.level)
            .collect();
        levels.sort_unstable();
        levels
    });
    if characters[0] != characters[1] {
        let show = |v: &[u8]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.iter()
                    .map(|l| format!("level {l}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        ctx.err(
            p,
            vec![Seg::from("side"), Seg::from(1usize)],
            format!(
                "both armies field the same characters at the same levels (L753); side 1 has {}, side 2 has {}",
                show(&characters[0]),
                show(&characters[1])
            ),
            Some("add or remove characters, or set [scenario] army_building = false".into()),
        );
    }
}

/// One side's army (its entries `mine`): budget, formations by rarity,
/// magic items, one battle standard and one general.
fn check_army(ctx: &Ctx, p: &mut Vec<Problem>, rules: &Rules, side: usize, mine: &[&ArmyEntry]) {
    let Rules {
        level,
        size,
        budget,
        ..
    } = *rules;
    let size_name = &rules.size_name;
    let side_field = || vec![Seg::from("side"), Seg::from(side)];
    let total: u32 = mine.iter().map(|e| e.points).sum();
    if total > budget {
        ctx.err(
            p,
            side_field(),
            format!(
                "the army costs {total} points, {} over the level-{level} {size_name} budget of {budget}",
                total - budget
            ),
            Some("remove companies or units, lower the profiles' `points`, or set [scenario] army_building = false for an unbalanced test".into()),
        );
    }
    for rarity in Rarity::ALL {
        let n = mine
            .iter()
            .filter(|e| e.unit_type != UnitType::Character && e.rarity == rarity)
            .count() as u32;
        let (min, max) = army::formation_limits(size, rarity);
        if n < min {
            ctx.err(
                p,
                side_field(),
                format!(
                    "{n} {} formations; a {size_name} battle needs at least {min} (L759)",
                    rarity.name()
                ),
                Some("add common units (infantry, cavalry, skirmishers)".into()),
            );
        }
        if let Some(max) = max.filter(|&m| n > m) {
            ctx.err(
                p,
                side_field(),
                format!(
                    "{n} {} formations; a {size_name} battle allows at most {max} (L760-761)",
                    rarity.name()
                ),
                Some("remove some, or change their `rarity` in the army list".into()),
            );
        }
    }
    let items: u32 = mine.iter().map(|e| e.magic_items).sum();
    let allowed = army::magic_item_count(size);
    if items > allowed {
        ctx.err(
            p,
            side_field(),
            format!("{items} magic items; a {size_name} battle allows {allowed} (L769)"),
            None,
        );
    }
    for (what, count, rule) in [
        (
            "battle standards",
            mine.iter().filter(|e| e.battle_standard).count(),
            "L568",
        ),
        (
            "generals",
            mine.iter().filter(|e| e.general).count(),
            "L652",
        ),
    ] {
        if count > 1 {
            ctx.err(
                p,
                side_field(),
                format!("{count} {what}; an army has one ({rule})"),
                None,
            );
        }
    }
}

/// Units on the table, in their side's deployment zone (`zone` inches from
/// their edge; 0 for anywhere) and not overlapping.
pub fn check_deployment(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    profiles: &[Profile],
    units: &[UnitSpec],
    fields: &[Vec<Seg>],
    board: Board,
    zone: f64,
) {
    let rects: Vec<_> = units
        .iter()
        .map(|u| {
            footprint(
                &profiles[u.profile],
                &u.body,
                u.centre,
                Vec2::from_bearing(u.bearing),
            )
        })
        .collect();
    for (i, u) in units.iter().enumerate() {
        if u.joins.is_some() {
            continue;
        }
        let r = &rects[i];
        let at = [fields[i].clone(), vec![Seg::from("at")]].concat();
        if !board.holds(r) {
            ctx.err(
                p,
                at.clone(),
                format!(
                    "`{}` ({:.1}\" x {:.1}\") does not fit on the table at [{}, {}]",
                    u.label, r.width, r.depth, u.centre.x, u.centre.y
                ),
                Some(format!(
                    "the table is {} x {} inches",
                    board.width, board.depth
                )),
            );
            continue;
        }
        if zone > 0.0 {
            let ys = r.corners().map(|c| c.y);
            let inside = match u.side {
                crate::rules::Side::A => ys.iter().all(|&y| y <= zone + 1e-6),
                crate::rules::Side::B => ys.iter().all(|&y| y >= board.depth - zone - 1e-6),
            };
            if !inside {
                let edge = if u.side == crate::rules::Side::A {
                    "south"
                } else {
                    "north"
                };
                ctx.err(p, at.clone(), format!("`{}` stands outside its deployment zone, within {zone}\" of the {edge} edge", u.label), Some("move it, or set [scenario] deployment_depth (0 turns the check off)".into()));
            }
        }
        if let Some(j) = (0..i).find(|&j| units[j].joins.is_none() && rects[j].overlaps(r)) {
            ctx.err(
                p,
                at,
                format!("`{}` overlaps `{}`", u.label, units[j].label),
                Some("units may not touch at deployment (L39); move one".into()),
            );
        }
    }
}

/// What a run of this scenario should tell the user it does not simulate.
pub fn gap_notes(raw: &DndScenarioFile, profiles: &[Profile], units: &[UnitSpec]) -> Vec<String> {
    let mut notes = vec![GAP_NOTE.to_string()];
    let items: i64 = raw
        .sides
        .iter()
        .flat_map(|s| s.units.iter())
        .filter_map(|u| u.magic_items)
        .sum();
    if items > 0 {
        notes.push(format!("{items} magic items are priced and counted but their effects are not simulated (the seed gives none, G-53)"));
    }
    let mut classes: Vec<&str> = raw
        .sides
        .iter()
        .filter_map(|s| match &s.army_list {
            crate::scenario::raw::Reference::Inline(l) => Some(l),
            _ => None,
        })
        .flat_map(|l| l.profiles.iter())
        .filter(|pr| units.iter().any(|u| profiles[u.profile].id == pr.id))
        .filter_map(|pr| pr.class.as_deref())
        .filter(|c| crate::rulesets::dnd_war::input::validate::unsimulated_class(c))
        .collect();
    classes.sort_unstable();
    classes.dedup();
    if !classes.is_empty() {
        notes.push(format!(
            "the war rules of these classes are not simulated: {}",
            classes.join(", ")
        ));
    }
    notes
}

/// What every D&D War run prints.
pub const GAP_NOTE: &str = "D&D War: unit profiles are the example profiles of the army lists (the seed has none); not simulated: 4e powers beyond one close and one ranged attack, conditions, encounter and daily powers, the run action, moving war machines, long range, terrain on a pursuit (see `muster rules dnd_war` and ARCHITECTURE.md)";
