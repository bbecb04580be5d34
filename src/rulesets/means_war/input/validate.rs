//! Validation of This Means WAR! inputs: army lists into troop types,
//! doctrines into [`WarDoctrine`], and scenarios into a ready [`WarSetup`]
//! whose every index and square is safe for the rules code.

use crate::geometry::grid::Grid;
use crate::path;
use crate::rules::{RulesetKind, Side};
use crate::rulesets::means_war::doctrine::*;
use crate::rulesets::means_war::input::file::{
    WarArmyListFile, WarDoctrineFile, WarScenarioFile, WarSideRaw, WarTroopRaw, WarUnitEntry,
};
use crate::rulesets::means_war::options::{WarOptions, SPECS};
use crate::rulesets::means_war::setup::*;
use crate::scenario::checks::{
    army_list_entries, header, in_range, not_in_list, placement, pooled_forces, ruleset_is,
    two_sides, Ctx, PooledForces, Word,
};
use crate::scenario::locate::Locator;
use crate::scenario::problems::{Problem, Problems, Seg};
use crate::scenario::{ResolvedFile, Scenario, ScenarioRules, DEFAULT_SEED};
use crate::words;
use std::path::Path;

words!(
    /// `initiative_phase`: what a side does with the initiative.
    pub(super) enum InitiativePhase {
        "attack_when_able" => AttackWhenAble,
        "threshold" => Threshold,
        "manoeuvre_first" => ManoeuvreFirst,
    }
);

words!(
    /// `late_initiative`: what a side that acts late does.
    pub(super) enum LateInitiative {
        "pass" => Pass,
        "close_in" => CloseIn,
    }
);

words!(
    /// `action_movement`: how units move in the action phase.
    pub(super) enum ActionMovement {
        "advance" => Advance,
        "hold_line" => HoldLine,
        "envelop" => Envelop,
    }
);

words!(TargetRule {
    "focus_weakest" => FocusWeakest,
    "spread_even" => SpreadEven,
    "highest_threat" => HighestThreat,
});
words!(SurrenderPolicy {
    "accept" => Accept,
    "always_exploit" => AlwaysExploit,
    "exploit_if_lethal" => ExploitIfLethal,
});
words!(ForcedMove {
    "max_distance" => MaxDistance,
    "fewest_enemies_near" => FewestEnemiesNear,
    "toward_own_edge" => TowardOwnEdge,
});
words!(EnclosedTarget {
    "weakest_by_hp" => WeakestByHp,
    "lowest_target" => LowestTarget,
});
words!(FallBackIp {
    "hold" => Hold,
    "move_away" => MoveAway,
});
words!(Position {
    "weak" => Weak,
    "neutral" => Neutral,
    "strong" => Strong,
});

/// What every This Means WAR! run prints: the part-4 steps are not simulated.
pub const GAP_NOTE: &str = "This Means WAR!: Leadership/Tactics, Luck and Tactical Advantages (part 4 of the series, never found) are not simulated; hit points, damage, movement and ranges are gap fills (see `muster rules means_war` and ARCHITECTURE.md)";

/// Normal damage in milli-points, if it has at most 3 decimals.
fn damage_milli(ctx: &Ctx, p: &mut Vec<Problem>, field: Vec<Seg>, damage: f64) -> i64 {
    let milli = damage * 1000.0;
    if !(0.0..=1e12).contains(&milli) || (milli - milli.round()).abs() > 1e-6 {
        ctx.err(
            p,
            field,
            format!("damage {damage} must be between 0 and 1e9 with at most 3 decimals"),
            Some("normal damage per unit per round, e.g. 783.75".to_string()),
        );
        return 0;
    }
    milli.round() as i64
}

fn troop(ctx: &Ctx, p: &mut Vec<Problem>, i: usize, t: &WarTroopRaw) -> TroopType {
    let f = |k: &str| path!["troop", i, k];
    let men = t.men.unwrap_or(100);
    in_range(ctx, p, f("men"), "men", men, 1, 1_000_000);
    in_range(ctx, p, f("hp"), "hp", t.hp, 1, 1_000_000_000);
    let damage_milli = damage_milli(ctx, p, f("damage"), t.damage);
    let uq_x2 = t.unit_quality * 2.0;
    if !(0.0..=40.0).contains(&uq_x2) || uq_x2.fract() != 0.0 {
        ctx.err(
            p,
            f("unit_quality"),
            format!(
                "unit_quality {} must be 0 to 20 in steps of 0.5",
                t.unit_quality
            ),
            Some(
                "presets: levy 0.5, militia 1, regular 1.5, veteran 2.5, elite 3, heroic 4"
                    .to_string(),
            ),
        );
    }
    in_range(ctx, p, f("init_mod"), "init_mod", t.init_mod, -20, 40);
    in_range(ctx, p, f("move"), "move", t.movement, 0, 40);
    in_range(ctx, p, f("range"), "range", t.range, 1, 50);
    TroopType {
        id: t.id.clone(),
        name: t.name.clone(),
        men: men.clamp(1, 1_000_000),
        hp: t.hp.clamp(1, 1_000_000_000),
        damage_milli,
        uq_x2: uq_x2.clamp(0.0, 40.0) as i32,
        init_mod: t.init_mod.clamp(-20, 40) as i32,
        move_squares: t.movement.clamp(0, 40) as i32,
        range_squares: t.range.clamp(1, 50) as i32,
        causes_fear: t.causes_fear.unwrap_or(false),
    }
}

/// Validates a This Means WAR! army list; returns its troop types.
pub fn validate_list(
    raw: &WarArmyListFile,
    loc: &Locator,
    prefix: &[Seg],
    p: &mut Vec<Problem>,
) -> Vec<TroopType> {
    army_list_entries(
        loc,
        prefix,
        p,
        (&raw.army_list.ruleset, RulesetKind::ThisMeansWar),
        "troop",
        &raw.troops,
        |x| x.id.as_str(),
        troop,
    )
}

/// A threshold parameter that only some choices use.
fn parameter(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    key: &str,
    value: Option<i64>,
    used: bool,
    owner: &str,
    (default, lo, hi): (i64, i64, i64),
) -> i64 {
    match value {
        Some(v) if !used => {
            ctx.err(
                p,
                path![key],
                format!("`{key}` = {v} has no effect with this `{owner}`"),
                Some(format!("remove it, or choose the `{owner}` that uses it")),
            );
            default
        }
        Some(v) => {
            if in_range(ctx, p, path![key], key, v, lo, hi) {
                v
            } else {
                default
            }
        }
        None => default,
    }
}

/// The doctrine's initiative choices: `initiative_phase` and
/// `late_initiative`, with the thresholds they use.
fn initiative(ctx: &Ctx, p: &mut Vec<Problem>, raw: &WarDoctrineFile) -> (IpChoice, LateIp) {
    let ip = InitiativePhase::read_or(
        ctx,
        p,
        path!["initiative_phase"],
        raw.initiative_phase.as_deref(),
        InitiativePhase::AttackWhenAble,
    );
    let threshold = ip == InitiativePhase::Threshold;
    let min_pct = parameter(
        ctx,
        p,
        "ia_min_pct",
        raw.ia_min_pct,
        threshold,
        "initiative_phase",
        (20, 0, 1000),
    );
    let move_min = parameter(
        ctx,
        p,
        "ip_move_min_target",
        raw.ip_move_min_target,
        ip != InitiativePhase::AttackWhenAble,
        "initiative_phase",
        (if threshold { 90 } else { 80 }, -500, 500),
    );
    let initiative_phase = match ip {
        InitiativePhase::Threshold => IpChoice::Threshold {
            min_pct,
            move_min_target: move_min,
        },
        InitiativePhase::ManoeuvreFirst => IpChoice::ManoeuvreFirst {
            min_target: move_min,
        },
        InitiativePhase::AttackWhenAble => IpChoice::AttackWhenAble,
    };
    let late = LateInitiative::read_or(
        ctx,
        p,
        path!["late_initiative"],
        raw.late_initiative.as_deref(),
        LateInitiative::Pass,
    );
    let close_in = late == LateInitiative::CloseIn;
    let close_min = parameter(
        ctx,
        p,
        "close_in_min_target",
        raw.close_in_min_target,
        close_in,
        "late_initiative",
        (80, -500, 500),
    );
    let late_initiative = if close_in {
        LateIp::CloseIn {
            min_target: close_min,
        }
    } else {
        LateIp::Pass
    };
    (initiative_phase, late_initiative)
}

/// The doctrine's `action_movement`, with its `hold_radius`.
fn action_movement(ctx: &Ctx, p: &mut Vec<Problem>, raw: &WarDoctrineFile) -> ApMovement {
    let mv = ActionMovement::read_or(
        ctx,
        p,
        path!["action_movement"],
        raw.action_movement.as_deref(),
        ActionMovement::Advance,
    );
    let radius = parameter(
        ctx,
        p,
        "hold_radius",
        raw.hold_radius,
        mv == ActionMovement::HoldLine,
        "action_movement",
        (4, 0, 1000),
    );
    match mv {
        ActionMovement::HoldLine => ApMovement::HoldLine {
            radius: radius as i32,
        },
        ActionMovement::Envelop => ApMovement::Envelop,
        ActionMovement::Advance => ApMovement::Advance,
    }
}

/// Validates a This Means WAR! doctrine.
pub fn validate_doctrine(
    raw: &WarDoctrineFile,
    loc: &Locator,
    prefix: &[Seg],
    p: &mut Vec<Problem>,
) -> WarDoctrine {
    let ctx = Ctx {
        loc,
        prefix: prefix.to_vec(),
    };
    ruleset_is(
        &ctx,
        p,
        path!["doctrine", "ruleset"],
        &raw.doctrine.ruleset,
        RulesetKind::ThisMeansWar,
        "doctrine",
    );
    let (initiative_phase, late_initiative) = initiative(&ctx, p, raw);
    let targets = TargetRule::read_or(
        &ctx,
        p,
        path!["targets"],
        raw.targets.as_deref(),
        TargetRule::FocusWeakest,
    );
    let action_movement = action_movement(&ctx, p, raw);
    let surrender = SurrenderPolicy::read_or(
        &ctx,
        p,
        path!["surrender"],
        raw.surrender.as_deref(),
        SurrenderPolicy::Accept,
    );
    let forced_move = ForcedMove::read_or(
        &ctx,
        p,
        path!["forced_move"],
        raw.forced_move.as_deref(),
        ForcedMove::MaxDistance,
    );
    let retreat_enclosed = EnclosedTarget::read_or(
        &ctx,
        p,
        path!["retreat_enclosed"],
        raw.retreat_enclosed.as_deref(),
        EnclosedTarget::WeakestByHp,
    );
    let fall_back_initiative = FallBackIp::read_or(
        &ctx,
        p,
        path!["fall_back_initiative"],
        raw.fall_back_initiative.as_deref(),
        FallBackIp::Hold,
    );
    WarDoctrine {
        name: raw.doctrine.name.clone(),
        initiative_phase,
        late_initiative,
        targets,
        action_movement,
        surrender,
        forced_move,
        retreat_enclosed,
        fall_back_initiative,
    }
}

/// The troops both army lists bring (`pool`), each side's share, and the doctrines.
type Forces = PooledForces<WarScenarioFile, TroopType, WarDoctrine>;

/// Resolves and validates each side's army list and doctrine.
fn forces(ctx: &Ctx, p: &mut Vec<Problem>, raw: &WarScenarioFile, base: Option<&Path>) -> Forces {
    use crate::rulesets::means_war::builtin::{ARMY_LISTS, DOCTRINES};
    pooled_forces(
        (ctx.loc, p, base),
        raw,
        |r| &mut r.sides,
        |s| (&mut s.army_list, &mut s.doctrine),
        ((ARMY_LISTS, validate_list), (DOCTRINES, validate_doctrine)),
    )
}

/// The units and groups placed so far, and the squares they take.
struct Placed {
    units: Vec<UnitSpec>,
    groups: Vec<Group>,
    taken: Grid<bool>,
}

impl Placed {
    /// The group of side `side`'s units of troop `troop`, made if new.
    fn group(&mut self, side: Side, troop: usize) -> usize {
        match self
            .groups
            .iter()
            .position(|g| g.side == side && g.troop == troop)
        {
            Some(g) => g,
            None => {
                self.groups.push(Group {
                    side,
                    troop,
                    units: Vec::new(),
                });
                self.groups.len() - 1
            }
        }
    }
}

/// The troop of unit entry `e` of side `si` (a problem when the side's
/// army list has no such troop).
fn entry_troop(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    forces: &Forces,
    si: usize,
    field: &[Seg],
    e: &WarUnitEntry,
) -> Option<usize> {
    let (troops, mine) = (&forces.pool, &forces.side_items[si]);
    let found = mine.iter().copied().find(|&t| troops[t].id == e.troop);
    if found.is_none() && !mine.is_empty() {
        let ids: Vec<&str> = mine.iter().map(|&t| troops[t].id.as_str()).collect();
        let field = [field.to_vec(), path!["troop"]].concat();
        not_in_list(ctx, p, field, "troop", &e.troop, &ids);
    }
    found
}

/// Places the units of unit entry `k` of side `si`.
fn unit_entry(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    forces: &Forces,
    placed: &mut Placed,
    (si, k): (usize, usize),
    e: &WarUnitEntry,
) {
    let field = path!["side", si, "units", k];
    let sub = |key: &str| [field.clone(), path![key]].concat();
    let Some(troop) = entry_troop(ctx, p, forces, si, &field, e) else {
        return;
    };
    let count = e
        .count
        .unwrap_or_else(|| e.at.as_ref().map_or(1, |a| a.len() as i64));
    if !in_range(ctx, p, sub("count"), "count", count, 1, 10_000) {
        return;
    }
    let position = Position::read_or(
        ctx,
        p,
        sub("position"),
        e.position.as_deref(),
        Position::Neutral,
    );
    let start_damage = e.start_damage.unwrap_or(0);
    let max_damage = forces.pool[troop].hp - 1;
    if !in_range(
        ctx,
        p,
        sub("start_damage"),
        "start_damage",
        start_damage,
        0,
        max_damage,
    ) {
        return;
    }
    let (w, d) = (placed.taken.width(), placed.taken.depth());
    let toward = if si == 0 { -1 } else { 1 };
    let Some(squares) = placement(
        ctx,
        p,
        &field,
        e.at.as_deref(),
        e.block.as_ref(),
        count,
        toward,
        (i64::from(w), i64::from(d)),
    ) else {
        return;
    };
    let side = if si == 0 { Side::A } else { Side::B };
    let group = placed.group(side, troop);
    for (s, f) in squares {
        if *placed.taken.get(s).unwrap_or(&false) {
            ctx.err(
                p,
                f,
                format!("two units stand on {s}"),
                Some("one unit per square".to_string()),
            );
            continue;
        }
        *placed.taken.at_mut(s) = true;
        let n = placed
            .units
            .iter()
            .filter(|u| u.side == side && u.troop == troop)
            .count()
            + 1;
        placed.groups[group].units.push(placed.units.len());
        placed.units.push(UnitSpec {
            side,
            troop,
            group,
            label: format!("{}#{n}", forces.pool[troop].id),
            at: s,
            position,
            start_damage,
        });
    }
}

/// Every side's units on a `w` x `d` board.
fn units(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    raw: &WarScenarioFile,
    forces: &Forces,
    (w, d): (i64, i64),
) -> Placed {
    let mut placed = Placed {
        units: Vec::new(),
        groups: Vec::new(),
        taken: Grid::new(w as i16, d as i16, false),
    };
    for (si, side) in raw.sides.iter().enumerate() {
        if side.units.is_empty() {
            ctx.err(p, path!["side", si, "units"], format!("side `{}` has no units", side.name), Some("add units = [{ troop = \"...\", count = 4, block = { x = 0, y = 1, width = 4 } }]".to_string()));
        }
        for (k, e) in side.units.iter().enumerate() {
            unit_entry(ctx, p, forces, &mut placed, (si, k), e);
        }
    }
    if placed.units.len() > usize::from(u16::MAX - 1) {
        ctx.err(
            p,
            path!["side"],
            format!("{} units are more than muster can play", placed.units.len()),
            None,
        );
    }
    placed
}

/// Every side's heroes, with their place in the initiative count.
fn heroes(ctx: &Ctx, p: &mut Vec<Problem>, sides: &[WarSideRaw]) -> [Vec<Hero>; 2] {
    let mut heroes: [Vec<Hero>; 2] = [Vec::new(), Vec::new()];
    for (si, side) in sides.iter().enumerate() {
        for (k, h) in side.heroes.iter().enumerate() {
            let f = path!["side", si, "heroes", k];
            let initiative = match (h.initiative, h.initiative_mod) {
                (Some(n), None) => HeroInitiative::Fixed(n.clamp(-100, 200) as i32),
                (None, m) => HeroInitiative::Rolled(m.unwrap_or(0).clamp(-100, 200) as i32),
                (Some(_), Some(_)) => {
                    ctx.err(p, f, "give `initiative` (a fixed count) or `initiative_mod` (d20 + modifier), not both", None);
                    continue;
                }
            };
            heroes[si].push(Hero {
                name: h.name.clone(),
                initiative,
            });
        }
    }
    heroes
}

/// Validates a This Means WAR! scenario into a playable [`Scenario`].
pub fn validate(
    loc: &Locator,
    raw: WarScenarioFile,
    base: Option<&Path>,
    mut problems: Vec<Problem>,
) -> Result<Scenario, Problems> {
    let ctx = Ctx {
        loc,
        prefix: Vec::new(),
    };
    let p = &mut problems;
    let head = header(
        &ctx,
        p,
        &raw.scenario.name,
        &raw.options,
        (SPECS, "means_war"),
        raw.scenario.max_rounds,
        40,
        raw.run.battles,
    );
    let options = WarOptions::from_values(&head.options);
    let (max_rounds, battles) = (head.max_rounds, head.battles);
    let (w, d) = (raw.battlefield.width, raw.battlefield.depth);
    let board_ok = in_range(&ctx, p, path!["battlefield", "width"], "width", w, 2, 500)
        & in_range(&ctx, p, path!["battlefield", "depth"], "depth", d, 2, 500);
    if !two_sides(&ctx, p, raw.sides.len()) {
        return Err(Problems(problems));
    }
    let forces = forces(&ctx, p, &raw, base);
    if !board_ok {
        return Err(Problems(problems));
    }
    let placed = units(&ctx, p, &raw, &forces, (w, d));
    let heroes = heroes(&ctx, p, &raw.sides);
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    let mut doctrines = forces
        .doctrines
        .into_iter()
        .map(|d| d.expect("no problems means every doctrine resolved"));
    let [ha, hb] = heroes;
    let side_setup = |s: &WarSideRaw, doctrine, heroes| SideSetup {
        name: s.name.clone(),
        doctrine,
        fights_for_survival: s.fights_for_survival.unwrap_or(false),
        fights_for_loved_ones: s.fights_for_loved_ones.unwrap_or(false),
        morale_effect: s.morale_effect.unwrap_or(false),
        heroes,
    };
    let sides = [
        side_setup(&raw.sides[0], doctrines.next().expect("two sides"), ha),
        side_setup(&raw.sides[1], doctrines.next().expect("two sides"), hb),
    ];
    let mut notes = vec![GAP_NOTE.to_string()];
    if sides.iter().any(|s| !s.heroes.is_empty()) {
        notes.push("heroes only take their place in the initiative count: part 3 gives PCs and NPCs no war-round action".to_string());
    }
    let setup = WarSetup {
        options,
        width: w as i16,
        depth: d as i16,
        max_rounds: max_rounds as u16,
        troops: forces.pool,
        units: placed.units,
        groups: placed.groups,
        sides,
    };
    Ok(Scenario {
        name: raw.scenario.name.clone(),
        kind: RulesetKind::ThisMeansWar,
        battles: battles as u64,
        seed: raw.run.seed.unwrap_or(DEFAULT_SEED),
        resolved: ResolvedFile::new(forces.resolved),
        notes,
        warnings: Vec::new(),
        rules: ScenarioRules::MeansWar(Box::new(crate::rulesets::means_war::MeansWar { setup })),
    })
}
