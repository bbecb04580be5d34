//! Validation of This Means WAR! inputs: army lists into troop types,
//! doctrines into [`WarDoctrine`], and scenarios into a ready [`WarSetup`]
//! whose every index and square is safe for the rules code.

use crate::geometry::grid::Grid;
use crate::path;
use crate::rules::{RulesetKind, Side};
use crate::rulesets::means_war::doctrine::*;
use crate::rulesets::means_war::input::file::{
    WarArmyListFile, WarDoctrineFile, WarScenarioFile, WarTroopRaw,
};
use crate::rulesets::means_war::options::{WarOptions, SPECS};
use crate::rulesets::means_war::setup::*;
use crate::scenario::checks::{
    army_list_entries, header, in_range, intern, placement, ruleset_is, word, Ctx,
};
use crate::scenario::locate::Locator;
use crate::scenario::problems::{did_you_mean, Problem, Problems, Seg};
use crate::scenario::{
    builtin, resolve_validated, ResolvedFile, Scenario, ScenarioRules, DEFAULT_SEED,
};
use std::path::Path;

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
    let ip = word(
        &ctx,
        p,
        path!["initiative_phase"],
        raw.initiative_phase.as_deref(),
        &["attack_when_able", "threshold", "manoeuvre_first"],
        "attack_when_able",
    );
    let min_pct = parameter(
        &ctx,
        p,
        "ia_min_pct",
        raw.ia_min_pct,
        ip == "threshold",
        "initiative_phase",
        (20, 0, 1000),
    );
    let move_min = parameter(
        &ctx,
        p,
        "ip_move_min_target",
        raw.ip_move_min_target,
        ip != "attack_when_able",
        "initiative_phase",
        (if ip == "threshold" { 90 } else { 80 }, -500, 500),
    );
    let initiative_phase = match ip {
        "threshold" => IpChoice::Threshold {
            min_pct,
            move_min_target: move_min,
        },
        "manoeuvre_first" => IpChoice::ManoeuvreFirst {
            min_target: move_min,
        },
        _ => IpChoice::AttackWhenAble,
    };
    let late = word(
        &ctx,
        p,
        path!["late_initiative"],
        raw.late_initiative.as_deref(),
        &["pass", "close_in"],
        "pass",
    );
    let close_min = parameter(
        &ctx,
        p,
        "close_in_min_target",
        raw.close_in_min_target,
        late == "close_in",
        "late_initiative",
        (80, -500, 500),
    );
    let late_initiative = if late == "close_in" {
        LateIp::CloseIn {
            min_target: close_min,
        }
    } else {
        LateIp::Pass
    };
    let targets = match word(
        &ctx,
        p,
        path!["targets"],
        raw.targets.as_deref(),
        &["focus_weakest", "spread_even", "highest_threat"],
        "focus_weakest",
    ) {
        "spread_even" => TargetRule::SpreadEven,
        "highest_threat" => TargetRule::HighestThreat,
        _ => TargetRule::FocusWeakest,
    };
    let mv = word(
        &ctx,
        p,
        path!["action_movement"],
        raw.action_movement.as_deref(),
        &["advance", "hold_line", "envelop"],
        "advance",
    );
    let radius = parameter(
        &ctx,
        p,
        "hold_radius",
        raw.hold_radius,
        mv == "hold_line",
        "action_movement",
        (4, 0, 1000),
    );
    let action_movement = match mv {
        "hold_line" => ApMovement::HoldLine {
            radius: radius as i32,
        },
        "envelop" => ApMovement::Envelop,
        _ => ApMovement::Advance,
    };
    let surrender = match word(
        &ctx,
        p,
        path!["surrender"],
        raw.surrender.as_deref(),
        &["accept", "always_exploit", "exploit_if_lethal"],
        "accept",
    ) {
        "always_exploit" => SurrenderPolicy::AlwaysExploit,
        "exploit_if_lethal" => SurrenderPolicy::ExploitIfLethal,
        _ => SurrenderPolicy::Accept,
    };
    let forced_move = match word(
        &ctx,
        p,
        path!["forced_move"],
        raw.forced_move.as_deref(),
        &["max_distance", "fewest_enemies_near", "toward_own_edge"],
        "max_distance",
    ) {
        "fewest_enemies_near" => ForcedMove::FewestEnemiesNear,
        "toward_own_edge" => ForcedMove::TowardOwnEdge,
        _ => ForcedMove::MaxDistance,
    };
    let retreat_enclosed = match word(
        &ctx,
        p,
        path!["retreat_enclosed"],
        raw.retreat_enclosed.as_deref(),
        &["weakest_by_hp", "lowest_target"],
        "weakest_by_hp",
    ) {
        "lowest_target" => EnclosedTarget::LowestTarget,
        _ => EnclosedTarget::WeakestByHp,
    };
    let fall_back_initiative = match word(
        &ctx,
        p,
        path!["fall_back_initiative"],
        raw.fall_back_initiative.as_deref(),
        &["hold", "move_away"],
        "hold",
    ) {
        "move_away" => FallBackIp::MoveAway,
        _ => FallBackIp::Hold,
    };
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
    if raw.sides.len() != 2 {
        ctx.err(
            p,
            path!["side"],
            format!(
                "a battle has exactly 2 sides, this scenario has {}",
                raw.sides.len()
            ),
            Some("write two [[side]] tables".to_string()),
        );
        return Err(Problems(problems));
    }
    let mut resolved = raw.clone();
    let mut troops: Vec<TroopType> = Vec::new();
    let mut side_troops: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let mut doctrines: Vec<Option<WarDoctrine>> = Vec::new();
    for (i, side) in resolved.sides.iter_mut().enumerate() {
        if let Some(list) = resolve_validated(
            &mut side.army_list,
            path!["side", i, "army_list"],
            loc,
            base,
            builtin::WAR_ARMY_LISTS,
            "army list",
            p,
            validate_list,
        ) {
            for t in list {
                side_troops[i].push(intern(&mut troops, t));
            }
        }
        doctrines.push(resolve_validated(
            &mut side.doctrine,
            path!["side", i, "doctrine"],
            loc,
            base,
            builtin::WAR_DOCTRINES,
            "doctrine",
            p,
            validate_doctrine,
        ));
    }
    if !board_ok {
        return Err(Problems(problems));
    }
    let mut taken = Grid::new(w as i16, d as i16, false);
    let mut units: Vec<UnitSpec> = Vec::new();
    let mut groups: Vec<Group> = Vec::new();
    for (si, side) in raw.sides.iter().enumerate() {
        let side_id = if si == 0 { Side::A } else { Side::B };
        let toward = if si == 0 { -1 } else { 1 };
        if side.units.is_empty() {
            ctx.err(p, path!["side", si, "units"], format!("side `{}` has no units", side.name), Some("add units = [{ troop = \"...\", count = 4, block = { x = 0, y = 1, width = 4 } }]".to_string()));
        }
        for (k, e) in side.units.iter().enumerate() {
            let field = path!["side", si, "units", k];
            let Some(&troop) = side_troops[si].iter().find(|&&t| troops[t].id == e.troop) else {
                if !side_troops[si].is_empty() {
                    let ids: Vec<&str> = side_troops[si]
                        .iter()
                        .map(|&t| troops[t].id.as_str())
                        .collect();
                    let hint = did_you_mean(&e.troop, ids.iter().copied()).unwrap_or_else(|| {
                        format!("troops of this side's army list: {}", ids.join(", "))
                    });
                    ctx.err(
                        p,
                        [field.clone(), path!["troop"]].concat(),
                        format!("troop `{}` is not in this side's army list", e.troop),
                        Some(hint),
                    );
                }
                continue;
            };
            let count = e
                .count
                .unwrap_or_else(|| e.at.as_ref().map_or(1, |a| a.len() as i64));
            if !in_range(
                &ctx,
                p,
                [field.clone(), path!["count"]].concat(),
                "count",
                count,
                1,
                10_000,
            ) {
                continue;
            }
            let position = match word(
                &ctx,
                p,
                [field.clone(), path!["position"]].concat(),
                e.position.as_deref(),
                &["weak", "neutral", "strong"],
                "neutral",
            ) {
                "weak" => Position::Weak,
                "strong" => Position::Strong,
                _ => Position::Neutral,
            };
            let start_damage = e.start_damage.unwrap_or(0);
            if !in_range(
                &ctx,
                p,
                [field.clone(), path!["start_damage"]].concat(),
                "start_damage",
                start_damage,
                0,
                troops[troop].hp - 1,
            ) {
                continue;
            }
            let Some(squares) = placement(
                &ctx,
                p,
                &field,
                e.at.as_deref(),
                e.block.as_ref(),
                count,
                toward,
                (w, d),
            ) else {
                continue;
            };
            let group = match groups
                .iter()
                .position(|g| g.side == side_id && g.troop == troop)
            {
                Some(g) => g,
                None => {
                    groups.push(Group {
                        side: side_id,
                        troop,
                        units: Vec::new(),
                    });
                    groups.len() - 1
                }
            };
            for (s, f) in squares {
                if *taken.get(s).unwrap_or(&false) {
                    ctx.err(
                        p,
                        f,
                        format!("two units stand on {s}"),
                        Some("one unit per square".to_string()),
                    );
                    continue;
                }
                *taken.at_mut(s) = true;
                let n = units
                    .iter()
                    .filter(|u| u.side == side_id && u.troop == troop)
                    .count()
                    + 1;
                groups[group].units.push(units.len());
                units.push(UnitSpec {
                    side: side_id,
                    troop,
                    group,
                    label: format!("{}#{n}", troops[troop].id),
                    at: s,
                    position,
                    start_damage,
                });
            }
        }
    }
    if units.len() > usize::from(u16::MAX - 1) {
        ctx.err(
            p,
            path!["side"],
            format!("{} units are more than muster can play", units.len()),
            None,
        );
    }
    let mut heroes: [Vec<Hero>; 2] = [Vec::new(), Vec::new()];
    for (si, side) in raw.sides.iter().enumerate() {
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
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    let mut doctrines = doctrines
        .into_iter()
        .map(|d| d.expect("no problems means every doctrine resolved"));
    let [ha, hb] = heroes;
    let side_setup =
        |s: &crate::rulesets::means_war::input::file::WarSideRaw, doctrine, heroes| SideSetup {
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
        troops,
        units,
        groups,
        sides,
    };
    Ok(Scenario {
        name: raw.scenario.name.clone(),
        kind: RulesetKind::ThisMeansWar,
        battles: battles as u64,
        seed: raw.run.seed.unwrap_or(DEFAULT_SEED),
        resolved: ResolvedFile::new(resolved),
        notes,
        warnings: Vec::new(),
        rules: ScenarioRules::MeansWar(Box::new(crate::rulesets::means_war::MeansWar { setup })),
    })
}
