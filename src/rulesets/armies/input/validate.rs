//! Validation of Armies inputs: army lists into troop profiles, doctrines
//! into [`ArmiesDoctrine`], and scenarios into a ready [`ArmiesSetup`] whose
//! every index and square is safe for the rules code. Deployment is checked
//! against the rules (board, overlaps, officer count, the commander, the
//! 6-square rule and the attacker's zone, leashes at deployment).

use super::file::{ArmyListFile, DoctrineFile, ScenarioFile, UnitEntry};
use crate::geometry::grid::{Grid, Square};
use crate::path;
use crate::rules::{RulesetKind, Side};
use crate::rulesets::armies::command::OFFICER_LEASH;
use crate::rulesets::armies::doctrine::*;
use crate::rulesets::armies::options::{AllocationRounding, ArmiesOptions, OfficerRounding, SPECS};
use crate::rulesets::armies::setup::*;
use crate::scenario::checks::{
    army_list_entries, header, in_range, intern, placement, ruleset_is, square, word, Ctx,
};
use crate::scenario::locate::Locator;
use crate::scenario::problems::{did_you_mean, Problem, Problems, Seg};
use crate::scenario::{builtin, resolve_validated, Scenario, ScenarioRules, DEFAULT_SEED};
use std::collections::BTreeMap;
use std::path::Path;

const TRAITS: [&str; 11] = [
    "infantry",
    "mounted",
    "aerial",
    "ranged",
    "siege_engine",
    "split_move",
    "defence_advantage_vs_melee",
    "alternate_turn_attacks",
    "defends_as_melee",
    "attacks_as_melee",
    "damages_fortifications",
];

/// The fortification table of digest A1.10 (hp, defence bonus).
pub const FORTIFICATION_TABLE: [(&str, i64, i64); 4] = [
    ("palisade", 10, 1),
    ("wall", 20, 2),
    ("tower", 30, 3),
    ("gate", 15, 2),
];

fn troop_from_raw(
    ctx: &Ctx,
    problems: &mut Vec<Problem>,
    i: usize,
    t: &super::file::TroopRaw,
) -> Troop {
    let mut traits = Traits::default();
    for (k, name) in t.traits.iter().enumerate() {
        match name.as_str() {
            "infantry" => {}
            "mounted" => traits.mounted = true,
            "aerial" => traits.aerial = true,
            "ranged" => traits.ranged = true,
            "siege_engine" => traits.siege_engine = true,
            "split_move" => traits.split_move = true,
            "defence_advantage_vs_melee" => traits.defence_advantage_vs_melee = true,
            "alternate_turn_attacks" => traits.alternate_turn_attacks = true,
            "defends_as_melee" => traits.defends_as_melee = true,
            "attacks_as_melee" => traits.attacks_as_melee = true,
            "damages_fortifications" => traits.damages_fortifications = true,
            other => {
                let hint = did_you_mean(other, TRAITS)
                    .unwrap_or_else(|| format!("traits: {}", TRAITS.join(", ")));
                ctx.err(
                    problems,
                    path!["troop", i, "traits", k],
                    format!("unknown trait `{other}`"),
                    Some(hint),
                );
            }
        }
    }
    if let Some(m) = t.attack_advantage_min_morale {
        if in_range(
            ctx,
            problems,
            path!["troop", i, "attack_advantage_min_morale"],
            "attack_advantage_min_morale",
            m,
            1,
            100,
        ) {
            traits.attack_advantage_min_morale = Some(m as u8);
        }
    }
    let min_morale = if traits.siege_engine { 0 } else { 1 };
    in_range(
        ctx,
        problems,
        path!["troop", i, "morale"],
        "morale",
        t.morale,
        min_morale,
        100,
    );
    in_range(
        ctx,
        problems,
        path!["troop", i, "move"],
        "move",
        t.movement,
        0,
        50,
    );
    in_range(
        ctx,
        problems,
        path!["troop", i, "range"],
        "range",
        t.range,
        1,
        50,
    );
    let leash = t.leash.unwrap_or(4);
    in_range(
        ctx,
        problems,
        path!["troop", i, "leash"],
        "leash",
        leash,
        1,
        200,
    );
    let points = t.points.unwrap_or(1);
    in_range(
        ctx,
        problems,
        path!["troop", i, "points"],
        "points",
        points,
        0,
        1_000_000,
    );
    let power = match t.power.strip_prefix('d').and_then(|n| n.parse::<u8>().ok()) {
        Some(n) if (2..=100).contains(&n) => n,
        _ => {
            ctx.err(
                problems,
                path!["troop", i, "power"],
                format!("power die `{}` is not a die", t.power),
                Some(
                    "write a die such as \"d4\", \"d6\", \"d8\", \"d10\", \"d12\" or \"d20\""
                        .to_string(),
                ),
            );
            6
        }
    };
    Troop {
        id: t.id.clone(),
        name: t.name.clone(),
        morale: t.morale.clamp(0, 100) as u8,
        movement: t.movement.clamp(0, 50) as u8,
        power,
        range: t.range.clamp(1, 50) as u8,
        leash: leash.clamp(1, 200) as u8,
        commander_anchors: t.commander_anchors.unwrap_or(false),
        traits,
        points: points.clamp(0, 1_000_000) as u32,
    }
}

/// Validates an army list; returns its troops.
pub fn validate_list(
    raw: &ArmyListFile,
    loc: &Locator,
    prefix: &[Seg],
    problems: &mut Vec<Problem>,
) -> Vec<Troop> {
    army_list_entries(
        loc,
        prefix,
        problems,
        (&raw.army_list.ruleset, RulesetKind::Armies),
        "troop",
        &raw.troops,
        |t| t.id.as_str(),
        troop_from_raw,
    )
}

/// Validates a doctrine.
pub fn validate_doctrine(
    raw: &DoctrineFile,
    loc: &Locator,
    prefix: &[Seg],
    problems: &mut Vec<Problem>,
) -> ArmiesDoctrine {
    let ctx = Ctx {
        loc,
        prefix: prefix.to_vec(),
    };
    ruleset_is(
        &ctx,
        problems,
        path!["doctrine", "ruleset"],
        &raw.doctrine.ruleset,
        RulesetKind::Armies,
        "doctrine",
    );
    let move_order = match word(
        &ctx,
        problems,
        path!["move_order"],
        raw.move_order.as_deref(),
        &["escorts_first", "leaders_first", "front_to_back", "listed"],
        "escorts_first",
    ) {
        "leaders_first" => MoveOrder::LeadersFirst,
        "front_to_back" => MoveOrder::FrontToBack,
        "listed" => MoveOrder::Listed,
        _ => MoveOrder::EscortsFirst,
    };
    let attack_order = match word(
        &ctx,
        problems,
        path!["attack_order"],
        raw.attack_order.as_deref(),
        &["listed", "ranged_first", "melee_first"],
        "listed",
    ) {
        "ranged_first" => AttackOrder::RangedFirst,
        "melee_first" => AttackOrder::MeleeFirst,
        _ => AttackOrder::Listed,
    };
    const SELECTORS: [&str; 9] = [
        "any",
        "commander",
        "officer",
        "troop",
        "ranged",
        "melee",
        "aerial",
        "mounted",
        "crew",
    ];
    const GOALS: [&str; 8] = [
        "advance",
        "weakest_enemy",
        "enemy_commander",
        "protect_commander",
        "follow_army",
        "keep_at_range",
        "crew_engine",
        "hold",
    ];
    let mut movement = Vec::new();
    if raw.movement.is_empty() {
        ctx.err(
            problems,
            path!["movement"],
            "the doctrine has no movement rules",
            Some("add at least [[movement]] when = \"any\", goal = \"advance\"".to_string()),
        );
    }
    for (i, r) in raw.movement.iter().enumerate() {
        let when = if let Some(id) = r.when.strip_prefix("troop:") {
            Selector::TroopId(id.to_string())
        } else {
            match word(
                &ctx,
                problems,
                path!["movement", i, "when"],
                Some(r.when.as_str()),
                &SELECTORS,
                "any",
            ) {
                "commander" => Selector::Commander,
                "officer" => Selector::Officer,
                "troop" => Selector::Troop,
                "ranged" => Selector::Ranged,
                "melee" => Selector::Melee,
                "aerial" => Selector::Aerial,
                "mounted" => Selector::Mounted,
                "crew" => Selector::Crew,
                _ => Selector::Any,
            }
        };
        let goal = match word(
            &ctx,
            problems,
            path!["movement", i, "goal"],
            Some(r.goal.as_str()),
            &GOALS,
            "advance",
        ) {
            "weakest_enemy" => MoveGoal::WeakestEnemy,
            "enemy_commander" => MoveGoal::EnemyCommander,
            "protect_commander" => MoveGoal::ProtectCommander,
            "follow_army" => MoveGoal::FollowArmy,
            "keep_at_range" => MoveGoal::KeepAtRange,
            "crew_engine" => MoveGoal::CrewEngine,
            "hold" => MoveGoal::Hold,
            _ => MoveGoal::Advance,
        };
        movement.push(MoveRule {
            when,
            goal,
            text: format!("movement[{i}] {} -> {}", r.when, r.goal),
        });
    }
    let mut targets = Vec::new();
    let names: Vec<&str> = Criterion::NAMES.iter().map(|(n, _)| *n).collect();
    for (i, c) in raw.targets.priority.iter().enumerate() {
        match Criterion::NAMES.iter().find(|(n, _)| n == c) {
            Some((_, crit)) => targets.push(*crit),
            None => {
                let hint = did_you_mean(c, names.iter().copied())
                    .unwrap_or_else(|| format!("criteria: {}", names.join(", ")));
                ctx.err(
                    problems,
                    path!["targets", "priority", i],
                    format!("unknown target criterion `{c}`"),
                    Some(hint),
                );
            }
        }
    }
    if targets.is_empty() {
        targets = vec![
            Criterion::CanDisband,
            Criterion::LowestMorale,
            Criterion::Nearest,
        ];
    }
    let man_engines = match word(
        &ctx,
        problems,
        path!["siege", "man"],
        raw.siege.man.as_deref(),
        &["always", "never"],
        "always",
    ) {
        "never" => ManPolicy::Never,
        _ => ManPolicy::Always,
    };
    let siege_target = match word(
        &ctx,
        problems,
        path!["siege", "target"],
        raw.siege.target.as_deref(),
        &["breach_first", "units_first"],
        "units_first",
    ) {
        "breach_first" => SiegeTarget::BreachFirst,
        _ => SiegeTarget::UnitsFirst,
    };
    let dismount = match word(
        &ctx,
        problems,
        path!["siege", "dismount"],
        raw.siege.dismount.as_deref(),
        &["never", "when_no_target"],
        "never",
    ) {
        "when_no_target" => Dismount::WhenNoTarget,
        _ => Dismount::Never,
    };
    let hold_fire = match word(
        &ctx,
        problems,
        path!["hold_fire_for_move"],
        raw.hold_fire_for_move.as_deref(),
        &["never", "when_no_target"],
        "when_no_target",
    ) {
        "never" => HoldFire::Never,
        _ => HoldFire::WhenNoTarget,
    };
    ArmiesDoctrine {
        name: raw.doctrine.name.clone(),
        move_order,
        attack_order,
        movement,
        targets,
        man_engines,
        siege_target,
        dismount,
        hold_fire,
        keep_leash: raw.keep_leash.unwrap_or(true),
        lure: raw.lure.unwrap_or(true),
    }
}

/// Every square of an area (rectangle `from`..=`to`, or the `at` list).
fn area_squares(
    ctx: &Ctx,
    problems: &mut Vec<Problem>,
    field: Vec<Seg>,
    a: &super::file::Area,
    w: i64,
    d: i64,
) -> Vec<Square> {
    let mut out = Vec::new();
    match (&a.from, &a.at) {
        (Some(from), None) => {
            let to = a.to.unwrap_or(*from);
            let f = square(
                ctx,
                problems,
                [field.clone(), path!["from"]].concat(),
                *from,
                w,
                d,
                "corner",
            );
            let t = square(
                ctx,
                problems,
                [field.clone(), path!["to"]].concat(),
                to,
                w,
                d,
                "corner",
            );
            if let (Some(f), Some(t)) = (f, t) {
                for y in f.y.min(t.y)..=f.y.max(t.y) {
                    for x in f.x.min(t.x)..=f.x.max(t.x) {
                        out.push(Square::new(x, y));
                    }
                }
            }
        }
        (None, Some(list)) => {
            for (k, xy) in list.iter().enumerate() {
                if let Some(s) = square(
                    ctx,
                    problems,
                    [field.clone(), path!["at", k]].concat(),
                    *xy,
                    w,
                    d,
                    "square",
                ) {
                    out.push(s);
                }
            }
        }
        _ => ctx.err(
            problems,
            field,
            "an area needs either `from` (and optionally `to`) or `at`",
            Some(
                "write from = [x, y], to = [x, y] for a rectangle, or at = [[x, y], ...]"
                    .to_string(),
            ),
        ),
    }
    out
}

fn board(ctx: &Ctx, problems: &mut Vec<Problem>, raw: &ScenarioFile) -> Option<Board> {
    let bf = &raw.battlefield;
    let ok_w = in_range(
        ctx,
        problems,
        path!["battlefield", "width"],
        "width",
        bf.width,
        1,
        500,
    );
    let ok_d = in_range(
        ctx,
        problems,
        path!["battlefield", "depth"],
        "depth",
        bf.depth,
        1,
        500,
    );
    if !(ok_w && ok_d) {
        return None;
    }
    let (w, d) = (bf.width, bf.depth);
    let mut terrain = Grid::new(w as i16, d as i16, Terrain::default());
    for (i, a) in bf.terrain.iter().enumerate() {
        let kinds = ["difficult", "impassable", "high_ground"];
        let kind = word(
            ctx,
            problems,
            path!["battlefield", "terrain", i, "kind"],
            Some(a.kind.as_str()),
            &kinds,
            "",
        );
        for s in area_squares(ctx, problems, path!["battlefield", "terrain", i], a, w, d) {
            let t = terrain.at_mut(s);
            match kind {
                "difficult" => t.difficult = true,
                "impassable" => t.impassable = true,
                "high_ground" => t.high_ground = true,
                _ => {}
            }
        }
    }
    let mut table: BTreeMap<String, (i64, i64)> = FORTIFICATION_TABLE
        .iter()
        .map(|(k, h, b)| (k.to_string(), (*h, *b)))
        .collect();
    for (k, ft) in &bf.fortification_types {
        in_range(
            ctx,
            problems,
            path!["battlefield", "fortification_types", k.clone(), "hp"],
            "hp",
            ft.hp,
            1,
            10_000,
        );
        in_range(
            ctx,
            problems,
            path!["battlefield", "fortification_types", k.clone(), "bonus"],
            "bonus",
            ft.bonus,
            0,
            100,
        );
        table.insert(k.clone(), (ft.hp.clamp(1, 10_000), ft.bonus.clamp(0, 100)));
    }
    let mut fort_hp = Grid::new(w as i16, d as i16, 0i16);
    let mut fort_bonus = Grid::new(w as i16, d as i16, 0u8);
    for (i, a) in bf.fortifications.iter().enumerate() {
        let Some(&(hp, bonus)) = table.get(&a.kind) else {
            let hint =
                did_you_mean(&a.kind, table.keys().map(String::as_str)).unwrap_or_else(|| {
                    format!(
                        "kinds: {}; or define it under [battlefield.fortification_types]",
                        table.keys().cloned().collect::<Vec<_>>().join(", ")
                    )
                });
            ctx.err(
                problems,
                path!["battlefield", "fortifications", i, "kind"],
                format!("unknown fortification kind `{}`", a.kind),
                Some(hint),
            );
            continue;
        };
        for s in area_squares(
            ctx,
            problems,
            path!["battlefield", "fortifications", i],
            a,
            w,
            d,
        ) {
            *fort_hp.at_mut(s) = hp as i16;
            *fort_bonus.at_mut(s) = bonus as u8;
        }
    }
    let mut walls = Walls::default();
    for (i, wl) in bf.walls.iter().enumerate() {
        let inside = |p: [i64; 2]| (0..=w).contains(&p[0]) && (0..=d).contains(&p[1]);
        if !inside(wl.from) || !inside(wl.to) {
            ctx.err(
                problems,
                path!["battlefield", "walls", i],
                "a wall end is off the board",
                Some(format!(
                    "wall ends are grid corners: x in 0..={w}, y in 0..={d}"
                )),
            );
            continue;
        }
        if wl.from[0] == wl.to[0] {
            for y in wl.from[1].min(wl.to[1])..wl.from[1].max(wl.to[1]) {
                walls.vertical.push((wl.from[0] as i16, y as i16));
            }
        } else if wl.from[1] == wl.to[1] {
            for x in wl.from[0].min(wl.to[0])..wl.from[0].max(wl.to[0]) {
                walls.horizontal.push((x as i16, wl.from[1] as i16));
            }
        } else {
            ctx.err(
                problems,
                path!["battlefield", "walls", i],
                "a wall must run along one grid line",
                Some("give two corners with the same x or the same y".to_string()),
            );
        }
    }
    Some(Board {
        terrain,
        fort_hp,
        fort_bonus,
        walls,
    })
}

/// Allocates soldiers into units (digest A1.1).
fn allocate(soldiers: i64, scale: i64, rounding: AllocationRounding) -> i64 {
    let n = match rounding {
        AllocationRounding::Floor => soldiers / scale,
        AllocationRounding::Ceil => (soldiers + scale - 1) / scale,
        AllocationRounding::Nearest => (2 * soldiers + scale) / (2 * scale),
    };
    n.max(1)
}

/// The number of officers an army of `n` units has (digest A1.3).
pub fn officer_count(n: usize, rounding: OfficerRounding) -> usize {
    match rounding {
        OfficerRounding::Floor => n / 4,
        OfficerRounding::Ceil => n.div_ceil(4),
    }
}

fn role_of(ctx: &Ctx, problems: &mut Vec<Problem>, field: Vec<Seg>, e: &UnitEntry) -> Role {
    match word(
        ctx,
        problems,
        field,
        e.role.as_deref(),
        &["troop", "officer", "commander"],
        "troop",
    ) {
        "officer" => Role::Officer,
        "commander" => Role::Commander,
        _ => Role::Troop,
    }
}

/// Validates an Armies scenario into a playable [`Scenario`].
pub fn validate(
    loc: &Locator,
    raw: ScenarioFile,
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
        (SPECS, "armies"),
        raw.scenario.max_rounds,
        30,
        raw.run.battles,
    );
    let options = ArmiesOptions::from_values(&head.options);
    let (max_rounds, battles) = (head.max_rounds, head.battles);
    let meeting = word(
        &ctx,
        p,
        path!["scenario", "engagement"],
        raw.scenario.engagement.as_deref(),
        &["assault", "meeting"],
        "assault",
    ) == "meeting";
    let edge = word(
        &ctx,
        p,
        path!["scenario", "attack_edge"],
        raw.scenario.attack_edge.as_deref(),
        &["south", "north", "west", "east"],
        "south",
    );
    let board = board(&ctx, p, &raw);
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
    // Roles.
    let mut attacker = Side::A;
    if !meeting {
        let roles: Vec<&str> = raw
            .sides
            .iter()
            .enumerate()
            .map(|(i, s)| {
                word(
                    &ctx,
                    p,
                    path!["side", i, "role"],
                    s.role.as_deref(),
                    &["attacker", "defender"],
                    if i == 0 { "attacker" } else { "defender" },
                )
            })
            .collect();
        if roles[0] == roles[1] {
            ctx.err(
                p,
                path!["side", 1, "role"],
                format!("both sides are {}s", roles[0]),
                Some(
                    "an assault has one attacker and one defender; or set engagement = \"meeting\""
                        .to_string(),
                ),
            );
        }
        if roles[1] == "attacker" && roles[0] == "defender" {
            attacker = Side::B;
        }
    }
    // Army lists and doctrines.
    let mut resolved = raw.clone();
    let mut troops: Vec<Troop> = Vec::new();
    let mut side_troops: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let mut doctrines: Vec<Option<ArmiesDoctrine>> = Vec::new();
    for (i, side) in resolved.sides.iter_mut().enumerate() {
        if let Some(list) = resolve_validated(
            &mut side.army_list,
            path!["side", i, "army_list"],
            loc,
            base,
            builtin::ARMY_LISTS,
            "army list",
            p,
            validate_list,
        ) {
            for t in list {
                side_troops[i].push(intern(&mut troops, t));
            }
        }
        match resolve_validated(
            &mut side.doctrine,
            path!["side", i, "doctrine"],
            loc,
            base,
            builtin::DOCTRINES,
            "doctrine",
            p,
            validate_doctrine,
        ) {
            Some(doctrine) => {
                for (k, rule) in doctrine.movement.iter().enumerate() {
                    if let Selector::TroopId(id) = &rule.when {
                        if !side_troops[i].iter().any(|&t| troops[t].id == *id) {
                            ctx.err(p, path!["side", i, "doctrine"], format!("doctrine movement rule {k} names troop `{id}`, which is not in this side's army list"), None);
                        }
                    }
                }
                doctrines.push(Some(doctrine));
            }
            None => doctrines.push(None),
        }
    }
    let Some(board) = board else {
        return Err(Problems(problems));
    };
    let (w, d) = (raw.battlefield.width, raw.battlefield.depth);
    // Engines.
    let mut engines = Vec::new();
    for (k, e) in raw.battlefield.engines.iter().enumerate() {
        let found = side_troops
            .iter()
            .flatten()
            .copied()
            .find(|&t| troops[t].id == e.troop);
        match found {
            Some(t) if troops[t].traits.siege_engine => {
                if let Some(s) = square(
                    &ctx,
                    p,
                    path!["battlefield", "engines", k, "at"],
                    e.at,
                    w,
                    d,
                    "engine",
                ) {
                    if engines.iter().any(|o: &EngineSpec| o.at == s) {
                        ctx.err(
                            p,
                            path!["battlefield", "engines", k, "at"],
                            format!("two engines stand on {s}"),
                            None,
                        );
                    } else if board.terrain(s).impassable {
                        ctx.err(
                            p,
                            path!["battlefield", "engines", k, "at"],
                            format!("engine on impassable square {s}"),
                            None,
                        );
                    } else {
                        engines.push(EngineSpec {
                            troop: t,
                            at: s,
                            label: format!("{}@{s}", e.troop),
                        });
                    }
                }
            }
            Some(_) => ctx.err(
                p,
                path!["battlefield", "engines", k, "troop"],
                format!("`{}` is not a siege engine", e.troop),
                Some(
                    "engines are troops with the `siege_engine` trait, e.g. catapult, trebuchet"
                        .to_string(),
                ),
            ),
            None => {
                let ids: Vec<&str> = side_troops
                    .iter()
                    .flatten()
                    .map(|&t| troops[t].id.as_str())
                    .collect();
                ctx.err(
                    p,
                    path!["battlefield", "engines", k, "troop"],
                    format!("unknown siege engine `{}`", e.troop),
                    did_you_mean(&e.troop, ids),
                );
            }
        }
    }
    // Units.
    let scale = raw.scenario.scale;
    let mut units: Vec<UnitSpec> = Vec::new();
    let mut unit_fields: Vec<Vec<Seg>> = Vec::new();
    let mut ground = Grid::new(w as i16, d as i16, false);
    let mut air = Grid::new(w as i16, d as i16, false);
    for (si, side) in raw.sides.iter().enumerate() {
        let side_id = if si == 0 { Side::A } else { Side::B };
        if side.name.trim().is_empty() {
            ctx.err(p, path!["side", si, "name"], "the side needs a name", None);
        }
        if let Some(ops) = side.operations {
            in_range(
                &ctx,
                p,
                path!["side", si, "operations"],
                "operations",
                ops,
                -20,
                20,
            );
        }
        if side.units.is_empty() {
            ctx.err(
                p,
                path!["side", si, "units"],
                "the side has no units",
                Some(
                    "add units = [{ troop = \"...\", role = \"commander\", at = [[x, y]] }, ...]"
                        .to_string(),
                ),
            );
        }
        let mut per_troop: BTreeMap<String, usize> = BTreeMap::new();
        for (ui, e) in side.units.iter().enumerate() {
            let field = path!["side", si, "units", ui];
            let role = role_of(&ctx, p, [field.clone(), path!["role"]].concat(), e);
            if let Some(c) = e.count.filter(|&c| c < 1) {
                ctx.err(
                    p,
                    [field.clone(), path!["count"]].concat(),
                    format!("count must be at least 1, not {c}"),
                    Some("remove the entry to field no such units".to_string()),
                );
                continue;
            }
            let troop = side_troops[si]
                .iter()
                .copied()
                .find(|&t| troops[t].id == e.troop);
            let Some(troop) = troop else {
                if !side_troops[si].is_empty() {
                    let known: Vec<&str> = side_troops[si]
                        .iter()
                        .map(|&t| troops[t].id.as_str())
                        .chain(side_troops[si].iter().map(|&t| troops[t].name.as_str()))
                        .collect();
                    let by_name = side_troops[si]
                        .iter()
                        .find(|&&t| troops[t].name.eq_ignore_ascii_case(&e.troop));
                    let close = did_you_mean(&e.troop, known).and_then(|_| {
                        let score = |t: usize| {
                            strsim::jaro_winkler(
                                &e.troop.to_lowercase(),
                                &troops[t].id.to_lowercase(),
                            )
                            .max(strsim::jaro_winkler(
                                &e.troop.to_lowercase(),
                                &troops[t].name.to_lowercase(),
                            ))
                        };
                        side_troops[si]
                            .iter()
                            .copied()
                            .max_by(|&a, &b| score(a).total_cmp(&score(b)))
                    });
                    let hint = match (by_name, close) {
                        (Some(&t), _) => Some(format!(
                            "`{}` is the name; use its id `{}`",
                            troops[t].name, troops[t].id
                        )),
                        (None, Some(t)) => Some(format!(
                            "did you mean `{}` ({})?",
                            troops[t].id, troops[t].name
                        )),
                        (None, None) => Some(format!(
                            "troops of this army list: {}",
                            side_troops[si]
                                .iter()
                                .map(|&t| troops[t].id.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                    };
                    ctx.err(
                        p,
                        [field.clone(), path!["troop"]].concat(),
                        format!("unknown troop `{}`", e.troop),
                        hint,
                    );
                }
                continue;
            };
            if troops[troop].traits.siege_engine {
                ctx.err(
                    p,
                    [field.clone(), path!["troop"]].concat(),
                    format!("`{}` is a siege engine, not a unit", e.troop),
                    Some(
                        "place it under [[battlefield.engines]] and let a unit man it".to_string(),
                    ),
                );
                continue;
            }
            // How many.
            let count = match (e.count, e.soldiers) {
                (Some(c), None) => c,
                (None, Some(s)) => match scale {
                    Some(sc) if sc > 0 && s > 0 => {
                        allocate(s, sc, options.unit_allocation_rounding)
                    }
                    _ => {
                        ctx.err(p, [field.clone(), path!["soldiers"]].concat(), "`soldiers` needs a positive [scenario] scale and a positive number of soldiers", Some("set scale = soldiers per unit, e.g. 25".to_string()));
                        1
                    }
                },
                (None, None) => e.at.as_ref().map_or(1, |a| a.len() as i64),
                (Some(c), Some(_)) => {
                    ctx.err(
                        p,
                        [field.clone(), path!["soldiers"]].concat(),
                        "give `count` or `soldiers`, not both",
                        None,
                    );
                    c
                }
            };
            if count < 1 {
                ctx.err(
                    p,
                    [field.clone(), path!["count"]].concat(),
                    format!("count must be at least 1, not {count}"),
                    Some("remove the entry to field no such units".to_string()),
                );
                continue;
            }
            if count > 10_000 {
                ctx.err(
                    p,
                    [field.clone(), path!["count"]].concat(),
                    format!("count {count} is more than 10000 units"),
                    None,
                );
                continue;
            }
            // Where.
            let toward = if side_id == attacker && !meeting || (meeting && si == 0) {
                1
            } else {
                -1
            };
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
            if role == Role::Commander && squares.len() > 1 {
                ctx.err(
                    p,
                    [field.clone(), path!["role"]].concat(),
                    "a commander entry must be a single unit",
                    Some(
                        "split the entry: one unit with role = \"commander\", the rest as troops"
                            .to_string(),
                    ),
                );
            }
            let aerial = troops[troop].traits.aerial;
            for (s, f) in squares {
                let layer = if aerial { &mut air } else { &mut ground };
                if *layer.get(s).unwrap_or(&false) {
                    ctx.err(
                        p,
                        f,
                        format!("two units stand on {s}"),
                        Some("one ground unit (and one aerial unit) per square".to_string()),
                    );
                    continue;
                }
                if board.terrain(s).impassable {
                    ctx.err(p, f, format!("unit on impassable square {s}"), None);
                    continue;
                }
                *layer.at_mut(s) = true;
                let n = per_troop.entry(e.troop.clone()).or_insert(0);
                *n += 1;
                units.push(UnitSpec {
                    side: side_id,
                    troop,
                    role,
                    start: s,
                    label: format!("{}#{}", e.troop, n),
                });
                unit_fields.push(f);
            }
        }
    }
    // Command structure and deployment.
    for side in Side::BOTH {
        let si = side.index();
        let mine: Vec<usize> = (0..units.len())
            .filter(|&u| units[u].side == side)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let commanders = mine
            .iter()
            .filter(|&&u| units[u].role == Role::Commander)
            .count();
        if commanders == 0 {
            ctx.err(
                p,
                path!["side", si, "units"],
                format!("side `{}` has no commander", raw.sides[si].name),
                Some("mark one unit entry (count 1) with role = \"commander\"".to_string()),
            );
        } else if commanders > 1 {
            ctx.err(
                p,
                path!["side", si, "units"],
                format!("side `{}` has {commanders} commanders", raw.sides[si].name),
                Some("an army has exactly one commander".to_string()),
            );
        }
        let officers = mine
            .iter()
            .filter(|&&u| units[u].role == Role::Officer)
            .count();
        let need = officer_count(mine.len(), options.officer_count_rounding);
        if officers != need {
            ctx.err(p, path!["side", si, "units"], format!("side `{}` has {officers} officer units, but {} units need {need} ({:?}(n/4), option officer_count_rounding)", raw.sides[si].name, mine.len(), options.officer_count_rounding), Some("mark units with role = \"officer\" until the count matches".to_string()));
        }
    }
    let metric = options.metric();
    let min_dist = options.min_deploy_distance;
    for (u, spec) in units.iter().enumerate() {
        let deploying = meeting || spec.side == attacker;
        if !deploying {
            continue;
        }
        if let Some((e, dd)) = units
            .iter()
            .filter(|o| o.side != spec.side)
            .map(|o| (o, metric.dist(spec.start, o.start)))
            .min_by_key(|x| x.1)
        {
            if dd < min_dist {
                ctx.err(p, unit_fields[u].clone(), format!("{} at {} is {dd} squares from the enemy {} at {}; attackers deploy at least {min_dist} away", spec.label, spec.start, e.label, e.start), Some("move it back, or lower option min_deploy_distance".to_string()));
            }
        }
        if !meeting {
            let depth = options.attacker_zone_depth as i16;
            let s = spec.start;
            let inside = match edge {
                "north" => s.y >= d as i16 - depth,
                "west" => s.x < depth,
                "east" => s.x >= w as i16 - depth,
                _ => s.y < depth,
            };
            if !inside {
                ctx.err(p, unit_fields[u].clone(), format!("attacking unit {} at {s} is outside the attacker's zone ({depth} rows from the {edge} edge)", spec.label), Some("move it into the zone, or raise option attacker_zone_depth".to_string()));
            }
        }
    }
    // Leashes at deployment.
    for (u, spec) in units.iter().enumerate() {
        let t = &troops[spec.troop];
        let anchors = units.iter().filter(|o| o.side == spec.side);
        let ok = match spec.role {
            Role::Commander => true,
            Role::Officer => anchors
                .filter(|o| o.role == Role::Commander)
                .all(|c| metric.dist(spec.start, c.start) <= OFFICER_LEASH),
            Role::Troop => {
                let cmd = options.commander_anchors_troops || t.commander_anchors;
                anchors
                    .filter(|o| o.role == Role::Officer || (cmd && o.role == Role::Commander))
                    .any(|o| metric.dist(spec.start, o.start) <= i32::from(t.leash))
            }
        };
        if !ok {
            let (limit, to) = if spec.role == Role::Officer {
                (OFFICER_LEASH, "the commander")
            } else {
                (i32::from(t.leash), "any officer (or the commander)")
            };
            ctx.err(p, unit_fields[u].clone(), format!("{} at {} is more than {limit} squares from {to} and would be disbanded at once", spec.label, spec.start), Some("deploy it closer, or add an officer near it".to_string()));
        }
    }
    let doctrines: Vec<ArmiesDoctrine> = doctrines.into_iter().flatten().collect();
    if !problems.is_empty() || doctrines.len() != 2 {
        return Err(Problems(problems));
    }
    let [da, db]: [ArmiesDoctrine; 2] = doctrines.try_into().map_err(|_| Problems(Vec::new()))?;
    let sides = [
        SideSetup {
            name: raw.sides[0].name.clone(),
            operations: raw.sides[0].operations.unwrap_or(0) as i32,
            doctrine: da,
        },
        SideSetup {
            name: raw.sides[1].name.clone(),
            operations: raw.sides[1].operations.unwrap_or(0) as i32,
            doctrine: db,
        },
    ];
    let setup = ArmiesSetup {
        troops,
        board,
        units,
        engines,
        sides,
        engagement: if meeting {
            Engagement::Meeting
        } else {
            Engagement::Assault { attacker }
        },
        max_rounds: max_rounds as u16,
        options,
    };
    Ok(Scenario {
        name: raw.scenario.name.clone(),
        kind: RulesetKind::Armies,
        battles: battles as u64,
        seed: raw.run.seed.unwrap_or(DEFAULT_SEED),
        resolved: crate::scenario::ResolvedFile::new(resolved),
        notes: Vec::new(),
        warnings: Vec::new(),
        rules: ScenarioRules::Armies(Box::new(crate::rulesets::armies::Armies { setup })),
    })
}
