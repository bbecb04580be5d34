//! Probes a fairness list with generated scenarios before any battle:
//! each unit option is priced from a one-unit army of it, and every slot is
//! filled with each option in turn, so a matchup that `fairness` draws later
//! cannot fail on where its units stand (off the table, outside the
//! deployment zone, overlapping a neighbour). Then every two options a
//! side buys stand side by side: one in a slot it can reach, the other in
//! every later slot it can reach, so two different units whose footprints
//! overlap are found too (an army fills its slots in the list's order, so
//! an earlier option never stands after a later one). A problem found
//! this way points at the list file's unit option, fixed unit or slot.

use super::list::{generated_label, FairnessList};
use crate::scenario::locate::Locator;
use crate::scenario::problems::{Problem, Problems, Seg};
use crate::scenario::ScenarioRules;
use std::ops::Range;

/// Option `o` in slots `at(s)` of each side `s` that buys it; a side
/// that does not buy it gets its first option in its first slot.
fn placement(
    list: &FairnessList,
    o: usize,
    at: impl Fn(usize) -> Range<usize>,
) -> [Vec<Option<usize>>; 2] {
    [0, 1].map(|s| {
        if list.options[o].sides[s] {
            let at = at(s);
            (0..at.end).map(|k| (k >= at.start).then_some(o)).collect()
        } else {
            vec![list.options.iter().position(|x| x.sides[s])]
        }
    })
}

/// The slots option `o` can stand in on side `s` when armies are filled in
/// the list's order: after the minimums of the options before it, and no
/// further than the most units of it and the options before it that the
/// budget (less the minimums of the options after it) and their `max`
/// counts allow.
fn reach(list: &FairnessList, s: usize, o: usize, budget: Option<u32>) -> Range<usize> {
    let buys = |p: &usize| list.options[*p].sides[s];
    let lo: u32 = (0..o).filter(buys).map(|p| list.options[p].min).sum();
    let after: u64 = (o + 1..list.options.len())
        .filter(buys)
        .map(|p| u64::from(list.options[p].min) * u64::from(list.options[p].cost))
        .sum();
    let mut left = budget.map_or(u64::MAX, |b| u64::from(b).saturating_sub(after));
    left = left.saturating_sub(u64::from(list.options[o].cost));
    let mut units: Vec<(u32, u32)> = (0..=o)
        .filter(buys)
        .map(|p| {
            let extra = list.options[p].max.saturating_sub(u32::from(p == o));
            (list.options[p].cost, extra)
        })
        .collect();
    units.sort_unstable();
    let mut count = 1u64;
    for (cost, n) in units {
        let afford = if cost == 0 {
            u64::from(n)
        } else {
            left / u64::from(cost)
        };
        let take = afford.min(u64::from(n));
        count += take;
        left -= take * u64::from(cost);
    }
    let slots = list.slots[s].len();
    (lo as usize).min(slots)..(count as usize).min(slots)
}

/// Adds the problems of a probe of option `o` (placed as `placed`), each
/// pointed at the list file once: placement problems at the slot, others
/// at the option or fixed unit.
fn route(
    list: &FairnessList,
    loc: &Locator,
    placed: &[Vec<Option<usize>>; 2],
    o: usize,
    found: Problems,
    p: &mut Vec<Problem>,
) {
    for q in found.0 {
        let slot = unit_of(&q.field)
            .filter(|&(s, k, rest)| s < 2 && k >= list.fixed[s].len() && rest.starts_with(".at"))
            .map(|(s, k, _)| (s, k - list.fixed[s].len()));
        let q = match slot {
            Some((s, k)) => at_slot(list, loc, placed, s, k, q),
            None => relocate(list, loc, o, q),
        };
        // One problem per slot: the first unit that does not fit says enough.
        let same_place = |x: &Problem| {
            x.line == q.line && (x.column == q.column && slot.is_some() || x.message == q.message)
        };
        if !p.iter().any(same_place) {
            p.push(q);
        }
    }
}

/// Builds a one-unit army of each option on both sides, validates it and
/// records the option's cost.
pub(super) fn price_options(list: &mut FairnessList, loc: &Locator) -> Result<(), Problems> {
    let mut p = Vec::new();
    for i in 0..list.options.len() {
        let placed = placement(list, i, |_| 0..1);
        let side = if list.options[i].sides[0] { 0 } else { 1 };
        match list.scenario_placed(&placed, "probe") {
            Ok(s) => {
                let cost = unit_points(&s.rules, &list.options[i].name, side);
                if cost == 0 {
                    p.push(loc.problem(
                        &list.options[i].path,
                        format!("`{}` costs 0 points", list.options[i].name),
                        Some("characters are not bought (L753); put them in [[side.fixed]]".into()),
                    ));
                }
                list.options[i].cost = cost;
            }
            Err(found) => route(list, loc, &placed, i, found, &mut p),
        }
    }
    if p.is_empty() {
        Ok(())
    } else {
        Err(Problems(p))
    }
}

/// The points of `side`'s unit labelled `name 1` (the first generated one).
fn unit_points(rules: &ScenarioRules, name: &str, side: usize) -> u32 {
    let label = generated_label(name, 0);
    let sheet = rules.with(Sheet);
    sheet.sides[side]
        .units
        .iter()
        .find(|u| u.label == label)
        .and_then(|u| u.points)
        .unwrap_or(0)
}

/// The army sheet of a scenario of any ruleset.
struct Sheet;

impl crate::registry::WithRuleset for Sheet {
    type Output = crate::rules::sheet::ArmySheet;
    fn run<R: crate::rules::Ruleset>(self, ruleset: &R) -> Self::Output {
        ruleset.army_sheet()
    }
}

/// A problem of a generated scenario, pointed at the list file: fields of
/// a fixed unit go to its `[[side.fixed]]` table, others to unit option `i`.
fn relocate(list: &FairnessList, loc: &Locator, i: usize, q: Problem) -> Problem {
    let (path, what) = match unit_of(&q.field) {
        Some((s, k, rest)) if s < 2 && k < list.fixed[s].len() => (
            key_path(crate::path!["side", s, "fixed", k], rest),
            format!("fixed unit {} of side {}", k + 1, s + 1),
        ),
        found => (
            key_path(
                list.options[i].path.clone(),
                found.map_or("", |(_, _, rest)| rest),
            ),
            format!("`{}`", list.options[i].name),
        ),
    };
    let mut out = loc.problem(
        &path,
        format!(
            "{what} in a generated army: {}{}",
            if q.field.is_empty() {
                String::new()
            } else {
                format!("`{}`: ", q.field)
            },
            q.message
        ),
        q.hint,
    );
    if out.hint.is_none() {
        out.hint = Some(format!(
            "the generated scenario's problem was at {}:{}",
            q.file, q.line
        ));
    }
    out
}

/// The side, the unit and the rest of a rendered field path
/// `side[s].units[k]...`.
fn unit_of(field: &str) -> Option<(usize, usize, &str)> {
    let (s, rest) = field.strip_prefix("side[")?.split_once("].units[")?;
    let (k, rest) = rest.split_once(']')?;
    Some((s.parse().ok()?, k.parse().ok()?, rest))
}

/// `base` followed by the keys of a rendered field tail like `.companies`.
fn key_path(mut base: Vec<Seg>, rest: &str) -> Vec<Seg> {
    if let Some(key) = rest.strip_prefix('.') {
        let key = key.split(['.', '[']).next().unwrap_or(key);
        base.push(Seg::Key(key.to_string()));
    }
    base
}

/// For each option `o`, fills every slot `o` can reach (see [`reach`]) with
/// `o` and validates the scenario: a unit too wide for its neighbours' gap
/// or its slot's room is found here rather than in the middle of a
/// `fairness` run.
pub(super) fn fill_slots(list: &FairnessList, loc: &Locator) -> Result<(), Problems> {
    let mut p: Vec<Problem> = Vec::new();
    for o in 0..list.options.len() {
        let placed = placement(list, o, |s| reach(list, s, o, list.budget));
        if let Err(found) = list.scenario_placed(&placed, "slot probe") {
            route(list, loc, &placed, o, found, &mut p);
        }
    }
    if p.is_empty() {
        Ok(())
    } else {
        Err(Problems(p))
    }
}

/// For every two options `a` before `b` and every slot `k` that `a` can
/// reach on a side that buys both, validates `a` in slot `k` with `b` in
/// every slot after `k` that `b` can reach (both sides at once): a wide
/// unit beside a narrow one is found here, though each fits beside
/// copies of itself.
pub(super) fn pair_slots(list: &FairnessList, loc: &Locator) -> Result<(), Problems> {
    let mut p: Vec<Problem> = Vec::new();
    let n = list.options.len();
    let most = list.slots[0].len().max(list.slots[1].len());
    for a in 0..n {
        for b in a + 1..n {
            for k in 0..most {
                let Some(placed) = pair_placement(list, (a, b), k) else {
                    continue;
                };
                if let Err(found) = list.scenario_placed(&placed, "slot pair probe") {
                    let before = p.len();
                    route(list, loc, &placed, b, found, &mut p);
                    for q in &mut p[before..] {
                        q.message.push_str(&format!(
                            " (with `{}` in slot {} of the side)",
                            list.options[a].name,
                            k + 1
                        ));
                    }
                }
            }
        }
    }
    if p.is_empty() {
        Ok(())
    } else {
        Err(Problems(p))
    }
}

/// Option `a` in slot `k` and option `b` in every later slot it can reach,
/// on each side that buys both and where `a` can reach `k` (a side that
/// does not gets its first option in its first slot); None when no side
/// does.
fn pair_placement(
    list: &FairnessList,
    (a, b): (usize, usize),
    k: usize,
) -> Option<[Vec<Option<usize>>; 2]> {
    let mut paired = false;
    let placed = [0, 1].map(|s| {
        let buys = list.options[a].sides[s] && list.options[b].sides[s];
        let after = reach(list, s, b, list.budget);
        let later = (k + 1).max(after.start)..after.end;
        if buys && reach(list, s, a, list.budget).contains(&k) && !later.is_empty() {
            paired = true;
            (0..after.end)
                .map(|l| match l {
                    _ if l == k => Some(a),
                    _ if later.contains(&l) => Some(b),
                    _ => None,
                })
                .collect()
        } else {
            vec![list.options.iter().position(|x| x.sides[s])]
        }
    });
    paired.then_some(placed)
}

/// A placement problem of the unit in side `s`'s slot `k`, pointed at the slot.
fn at_slot(
    list: &FairnessList,
    loc: &Locator,
    placed: &[Vec<Option<usize>>; 2],
    s: usize,
    k: usize,
    q: Problem,
) -> Problem {
    let [x, y] = list.slots[s][k];
    let name = placed[s][k].map_or("", |o| list.options[o].name.as_str());
    let at = crate::path!["side", s, "slots", k];
    loc.problem(
        &at,
        format!("slot [{x}, {y}] cannot hold `{name}`: {}", q.message),
        Some(format!(
            "move the slot so every unit side {} buys fits there{}",
            s + 1,
            q.hint.map_or(String::new(), |h| format!(" ({h})"))
        )),
    )
}
