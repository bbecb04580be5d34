//! Validation of Armies inputs: army lists into troop profiles, doctrines
//! into [`ArmiesDoctrine`], and scenarios into a ready [`ArmiesSetup`] whose
//! every index and square is safe for the rules code. Deployment is checked
//! against the rules (board, overlaps, officer count, the commander, the
//! 6-square rule and the attacker's zone, leashes at deployment).

use super::file::{Area, ArmyListFile, DoctrineFile, ScenarioFile, SideRaw, TroopRaw, UnitEntry};
use crate::geometry::grid::{Grid, Square};
use crate::path;
use crate::rules::{RulesetKind, Side};
use crate::rulesets::armies::command::OFFICER_LEASH;
use crate::rulesets::armies::doctrine::*;
use crate::rulesets::armies::options::{AllocationRounding, ArmiesOptions, OfficerRounding, SPECS};
use crate::rulesets::armies::setup::*;
use crate::scenario::checks::{
    army_list_entries, header, in_range, intern, placement, ruleset_is, side_files, square,
    two_sides, Ctx, Word,
};
use crate::scenario::locate::Locator;
use crate::scenario::problems::{did_you_mean, Problem, Problems, Seg};
use crate::scenario::{Scenario, ScenarioRules, DEFAULT_SEED};
use crate::words;
use std::collections::BTreeMap;
use std::path::Path;

words!(
    /// A troop trait as army lists spell it.
    enum TraitName {
        "infantry" => Infantry,
        "mounted" => Mounted,
        "aerial" => Aerial,
        "ranged" => Ranged,
        "siege_engine" => SiegeEngine,
        "split_move" => SplitMove,
        "defence_advantage_vs_melee" => DefenceAdvantageVsMelee,
        "alternate_turn_attacks" => AlternateTurnAttacks,
        "defends_as_melee" => DefendsAsMelee,
        "attacks_as_melee" => AttacksAsMelee,
        "damages_fortifications" => DamagesFortifications,
    }
);

words!(
    /// `[scenario] engagement`.
    enum EngagementKind {
        "assault" => Assault,
        "meeting" => Meeting,
    }
);

words!(
    /// `[scenario] attack_edge`: the board edge the attacker comes from.
    enum Edge {
        "south" => South,
        "north" => North,
        "west" => West,
        "east" => East,
    }
);

words!(
    /// A side's `role` in an assault.
    enum SideRole {
        "attacker" => Attacker,
        "defender" => Defender,
    }
);

words!(
    /// A terrain area's `kind`.
    enum TerrainKind {
        "difficult" => Difficult,
        "impassable" => Impassable,
        "high_ground" => HighGround,
    }
);

words!(MoveOrder {
    "escorts_first" => EscortsFirst,
    "leaders_first" => LeadersFirst,
    "front_to_back" => FrontToBack,
    "listed" => Listed,
});
words!(AttackOrder {
    "listed" => Listed,
    "ranged_first" => RangedFirst,
    "melee_first" => MeleeFirst,
});
words!(Selector {
    "any" => Any,
    "commander" => Commander,
    "officer" => Officer,
    "troop" => Troop,
    "ranged" => Ranged,
    "melee" => Melee,
    "aerial" => Aerial,
    "mounted" => Mounted,
    "crew" => Crew,
});
words!(MoveGoal {
    "advance" => Advance,
    "weakest_enemy" => WeakestEnemy,
    "enemy_commander" => EnemyCommander,
    "protect_commander" => ProtectCommander,
    "follow_army" => FollowArmy,
    "keep_at_range" => KeepAtRange,
    "crew_engine" => CrewEngine,
    "hold" => Hold,
});
words!(ManPolicy {
    "always" => Always,
    "never" => Never,
});
words!(SiegeTarget {
    "breach_first" => BreachFirst,
    "units_first" => UnitsFirst,
});
words!(Dismount {
    "never" => Never,
    "when_no_target" => WhenNoTarget,
});
words!(HoldFire {
    "never" => Never,
    "when_no_target" => WhenNoTarget,
});
words!(Role {
    "troop" => Troop,
    "officer" => Officer,
    "commander" => Commander,
});

/// The fortification table of digest A1.10 (hp, defence bonus).
pub const FORTIFICATION_TABLE: [(&str, i64, i64); 4] = [
    ("palisade", 10, 1),
    ("wall", 20, 2),
    ("tower", 30, 3),
    ("gate", 15, 2),
];

/// The traits of army-list entry `i` (a problem for each unknown one).
fn traits_of(ctx: &Ctx, problems: &mut Vec<Problem>, i: usize, t: &TroopRaw) -> Traits {
    let mut traits = Traits::default();
    for (k, name) in t.traits.iter().enumerate() {
        let Some(known) = TraitName::from_name(name) else {
            let hint = did_you_mean(name, TraitName::NAMES.iter().copied())
                .unwrap_or_else(|| format!("traits: {}", TraitName::NAMES.join(", ")));
            ctx.err(
                problems,
                path!["troop", i, "traits", k],
                format!("unknown trait `{name}`"),
                Some(hint),
            );
            continue;
        };
        let flag = match known {
            TraitName::Infantry => continue,
            TraitName::Mounted => &mut traits.mounted,
            TraitName::Aerial => &mut traits.aerial,
            TraitName::Ranged => &mut traits.ranged,
            TraitName::SiegeEngine => &mut traits.siege_engine,
            TraitName::SplitMove => &mut traits.split_move,
            TraitName::DefenceAdvantageVsMelee => &mut traits.defence_advantage_vs_melee,
            TraitName::AlternateTurnAttacks => &mut traits.alternate_turn_attacks,
            TraitName::DefendsAsMelee => &mut traits.defends_as_melee,
            TraitName::AttacksAsMelee => &mut traits.attacks_as_melee,
            TraitName::DamagesFortifications => &mut traits.damages_fortifications,
        };
        *flag = true;
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
    traits
}

/// The power die of army-list entry `i` (`d2` to `d100`; else a problem and d6).
fn power_die(ctx: &Ctx, problems: &mut Vec<Problem>, i: usize, t: &TroopRaw) -> u8 {
    match t.power.strip_prefix('d').and_then(|n| n.parse::<u8>().ok()) {
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
    }
}

fn troop_from_raw(ctx: &Ctx, problems: &mut Vec<Problem>, i: usize, t: &TroopRaw) -> Troop {
    let traits = traits_of(ctx, problems, i, t);
    let min_morale = if traits.siege_engine { 0 } else { 1 };
    let leash = t.leash.unwrap_or(4);
    let points = t.points.unwrap_or(1);
    let ranges = [
        ("morale", t.morale, min_morale, 100),
        ("move", t.movement, 0, 50),
        ("range", t.range, 1, 50),
        ("leash", leash, 1, 200),
        ("points", points, 0, 1_000_000),
    ];
    for (key, v, lo, hi) in ranges {
        in_range(ctx, problems, path!["troop", i, key], key, v, lo, hi);
    }
    let power = power_die(ctx, problems, i, t);
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

/// The `[[movement]]` rules of a doctrine (at least one).
fn movement_rules(ctx: &Ctx, problems: &mut Vec<Problem>, raw: &DoctrineFile) -> Vec<MoveRule> {
    if raw.movement.is_empty() {
        ctx.err(
            problems,
            path!["movement"],
            "the doctrine has no movement rules",
            Some("add at least [[movement]] when = \"any\", goal = \"advance\"".to_string()),
        );
    }
    let mut movement = Vec::new();
    for (i, r) in raw.movement.iter().enumerate() {
        let when = match r.when.strip_prefix("troop:") {
            Some(id) => Selector::TroopId(id.to_string()),
            None => {
                let before = problems.len();
                let s = Selector::read_or(
                    ctx,
                    problems,
                    path!["movement", i, "when"],
                    Some(r.when.as_str()),
                    Selector::Any,
                );
                // The word list does not know the `troop:` form.
                if problems.len() > before {
                    if let Some(q) = problems.last_mut() {
                        let words = q.hint.take().unwrap_or_default();
                        q.hint = Some(format!(
                            "{words}; or troop:ID for one troop of the army list (e.g. troop:std_light_archers)"
                        ));
                    }
                }
                s
            }
        };
        let goal = MoveGoal::read_or(
            ctx,
            problems,
            path!["movement", i, "goal"],
            Some(r.goal.as_str()),
            MoveGoal::Advance,
        );
        movement.push(MoveRule {
            when,
            goal,
            text: format!("movement[{i}] {} -> {}", r.when, r.goal),
        });
    }
    movement
}

/// The `[targets] priority` of a doctrine (default: can disband, lowest
/// morale, nearest).
fn target_priority(ctx: &Ctx, problems: &mut Vec<Problem>, raw: &DoctrineFile) -> Vec<Criterion> {
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
    targets
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
    let p = problems;
    ruleset_is(
        &ctx,
        p,
        path!["doctrine", "ruleset"],
        &raw.doctrine.ruleset,
        RulesetKind::Armies,
        "doctrine",
    );
    let move_order = MoveOrder::read_or(
        &ctx,
        p,
        path!["move_order"],
        raw.move_order.as_deref(),
        MoveOrder::EscortsFirst,
    );
    let attack_order = AttackOrder::read_or(
        &ctx,
        p,
        path!["attack_order"],
        raw.attack_order.as_deref(),
        AttackOrder::Listed,
    );
    let movement = movement_rules(&ctx, p, raw);
    let targets = target_priority(&ctx, p, raw);
    let siege = &raw.siege;
    let man_engines = ManPolicy::read_or(
        &ctx,
        p,
        path!["siege", "man"],
        siege.man.as_deref(),
        ManPolicy::Always,
    );
    let siege_target = SiegeTarget::read_or(
        &ctx,
        p,
        path!["siege", "target"],
        siege.target.as_deref(),
        SiegeTarget::UnitsFirst,
    );
    let dismount = Dismount::read_or(
        &ctx,
        p,
        path!["siege", "dismount"],
        siege.dismount.as_deref(),
        Dismount::Never,
    );
    let hold_fire = HoldFire::read_or(
        &ctx,
        p,
        path!["hold_fire_for_move"],
        raw.hold_fire_for_move.as_deref(),
        HoldFire::WhenNoTarget,
    );
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
    a: &Area,
    w: i64,
    d: i64,
) -> Vec<Square> {
    let mut out = Vec::new();
    let sub = |rel: Vec<Seg>| [field.clone(), rel].concat();
    match (&a.from, &a.at) {
        (Some(from), None) => {
            let to = a.to.unwrap_or(*from);
            let f = square(ctx, problems, sub(path!["from"]), *from, w, d, "corner");
            let t = square(ctx, problems, sub(path!["to"]), to, w, d, "corner");
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
                if let Some(s) = square(ctx, problems, sub(path!["at", k]), *xy, w, d, "square") {
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

/// The terrain grid of a `w` x `d` battlefield.
fn terrain(ctx: &Ctx, p: &mut Vec<Problem>, areas: &[Area], (w, d): (i64, i64)) -> Grid<Terrain> {
    let mut terrain = Grid::new(w as i16, d as i16, Terrain::default());
    for (i, a) in areas.iter().enumerate() {
        let kind = TerrainKind::read(
            ctx,
            p,
            path!["battlefield", "terrain", i, "kind"],
            Some(a.kind.as_str()),
        );
        for s in area_squares(ctx, p, path!["battlefield", "terrain", i], a, w, d) {
            let t = terrain.at_mut(s);
            match kind {
                Some(TerrainKind::Difficult) => t.difficult = true,
                Some(TerrainKind::Impassable) => t.impassable = true,
                Some(TerrainKind::HighGround) => t.high_ground = true,
                None => {}
            }
        }
    }
    terrain
}

/// The fortification table: digest A1.10 with the scenario's
/// `[battlefield.fortification_types]` (kind -> hp, bonus).
fn fortification_table(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    raw: &ScenarioFile,
) -> BTreeMap<String, (i64, i64)> {
    let mut table: BTreeMap<String, (i64, i64)> = FORTIFICATION_TABLE
        .iter()
        .map(|(k, h, b)| (k.to_string(), (*h, *b)))
        .collect();
    for (k, ft) in &raw.battlefield.fortification_types {
        let field = |key: &str| path!["battlefield", "fortification_types", k.clone(), key];
        in_range(ctx, p, field("hp"), "hp", ft.hp, 1, 10_000);
        in_range(ctx, p, field("bonus"), "bonus", ft.bonus, 0, 100);
        table.insert(k.clone(), (ft.hp.clamp(1, 10_000), ft.bonus.clamp(0, 100)));
    }
    table
}

/// The fortifications' hit points and defence bonus, square by square.
fn fortifications(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    raw: &ScenarioFile,
    (w, d): (i64, i64),
) -> (Grid<i16>, Grid<u8>) {
    let table = fortification_table(ctx, p, raw);
    let mut fort_hp = Grid::new(w as i16, d as i16, 0i16);
    let mut fort_bonus = Grid::new(w as i16, d as i16, 0u8);
    for (i, a) in raw.battlefield.fortifications.iter().enumerate() {
        let Some(&(hp, bonus)) = table.get(&a.kind) else {
            let hint =
                did_you_mean(&a.kind, table.keys().map(String::as_str)).unwrap_or_else(|| {
                    format!(
                        "kinds: {}; or define it under [battlefield.fortification_types]",
                        table.keys().cloned().collect::<Vec<_>>().join(", ")
                    )
                });
            ctx.err(
                p,
                path!["battlefield", "fortifications", i, "kind"],
                format!("unknown fortification kind `{}`", a.kind),
                Some(hint),
            );
            continue;
        };
        let field = path!["battlefield", "fortifications", i];
        for s in area_squares(ctx, p, field, a, w, d) {
            *fort_hp.at_mut(s) = hp as i16;
            *fort_bonus.at_mut(s) = bonus as u8;
        }
    }
    (fort_hp, fort_bonus)
}

/// The walls, along grid lines between corners of a `w` x `d` board.
fn walls(ctx: &Ctx, p: &mut Vec<Problem>, raw: &ScenarioFile, (w, d): (i64, i64)) -> Walls {
    let mut walls = Walls::default();
    let inside = |p: [i64; 2]| (0..=w).contains(&p[0]) && (0..=d).contains(&p[1]);
    for (i, wl) in raw.battlefield.walls.iter().enumerate() {
        if !inside(wl.from) || !inside(wl.to) {
            ctx.err(
                p,
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
                p,
                path!["battlefield", "walls", i],
                "a wall must run along one grid line",
                Some("give two corners with the same x or the same y".to_string()),
            );
        }
    }
    walls
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
    let size = (bf.width, bf.depth);
    let terrain = terrain(ctx, problems, &bf.terrain, size);
    let (fort_hp, fort_bonus) = fortifications(ctx, problems, raw, size);
    let walls = walls(ctx, problems, raw, size);
    Some(Board {
        terrain,
        fort_hp,
        fort_bonus,
        walls,
    })
}

/// Allocates soldiers into units (digest A1.1).
fn allocate(soldiers: i64, scale: i64, rounding: AllocationRounding) -> i64 {
    let (soldiers, scale) = (i128::from(soldiers), i128::from(scale));
    let n = match rounding {
        AllocationRounding::Floor => soldiers / scale,
        AllocationRounding::Ceil => (soldiers + scale - 1) / scale,
        AllocationRounding::Nearest => (2 * soldiers + scale) / (2 * scale),
    };
    i64::try_from(n.max(1)).unwrap_or(i64::MAX)
}

/// The most units one entry fields.
const MAX_UNITS: i64 = 10_000;

/// The number of officers an army of `n` units has (digest A1.3).
pub fn officer_count(n: usize, rounding: OfficerRounding) -> usize {
    match rounding {
        OfficerRounding::Floor => n / 4,
        OfficerRounding::Ceil => n.div_ceil(4),
    }
}

/// The troops both army lists bring, each side's share, and the doctrines.
struct Forces {
    /// The scenario with every reference inlined.
    resolved: ScenarioFile,
    troops: Vec<Troop>,
    side_troops: [Vec<usize>; 2],
    doctrines: Vec<Option<ArmiesDoctrine>>,
}

impl Forces {
    /// The troop of side `si` with id `id`.
    fn find(&self, si: usize, id: &str) -> Option<usize> {
        self.side_troops[si]
            .iter()
            .copied()
            .find(|&t| self.troops[t].id == id)
    }
}

/// The units placed so far, with the field each was placed by.
#[derive(Default)]
struct Placed {
    units: Vec<UnitSpec>,
    fields: Vec<Vec<Seg>>,
}

/// A scenario under validation: where problems go, the file, and what the
/// scenario header decided.
struct Check<'a> {
    ctx: Ctx<'a>,
    /// An entry's unit count was out of bounds: its units are missing, so
    /// the command structure is not counted (it would be wrong).
    count_refused: std::cell::Cell<bool>,
    raw: &'a ScenarioFile,
    options: ArmiesOptions,
    meeting: bool,
    attacker: Side,
    edge: Edge,
    /// Board width and depth.
    w: i64,
    d: i64,
}

/// Which side attacks in an assault (by the sides' roles).
fn attacker(ctx: &Ctx, p: &mut Vec<Problem>, sides: &[SideRaw]) -> Side {
    let roles: Vec<SideRole> = sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let default = if i == 0 {
                SideRole::Attacker
            } else {
                SideRole::Defender
            };
            SideRole::read_or(ctx, p, path!["side", i, "role"], s.role.as_deref(), default)
        })
        .collect();
    if roles[0] == roles[1] {
        ctx.err(
            p,
            path!["side", 1, "role"],
            format!("both sides are {}s", roles[0].name()),
            Some(
                "an assault has one attacker and one defender; or set engagement = \"meeting\""
                    .to_string(),
            ),
        );
    }
    if roles[1] == SideRole::Attacker && roles[0] == SideRole::Defender {
        Side::B
    } else {
        Side::A
    }
}

/// Resolves and validates each side's army list and doctrine; a movement
/// rule's troop must be in its side's list.
fn forces(ctx: &Ctx, p: &mut Vec<Problem>, raw: &ScenarioFile, base: Option<&Path>) -> Forces {
    let mut resolved = raw.clone();
    let mut troops = Vec::new();
    let mut side_troops: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let mut doctrines = Vec::new();
    side_files(
        ctx.loc,
        p,
        base,
        &mut resolved.sides,
        |s| (&mut s.army_list, &mut s.doctrine),
        (crate::rulesets::armies::builtin::ARMY_LISTS, validate_list),
        (
            crate::rulesets::armies::builtin::DOCTRINES,
            validate_doctrine,
        ),
        |p, i, list, doctrine: Option<ArmiesDoctrine>| {
            for t in list.into_iter().flatten() {
                side_troops[i].push(intern(&mut troops, t));
            }
            for (k, rule) in doctrine.iter().flat_map(|d| d.movement.iter().enumerate()) {
                if let Selector::TroopId(id) = &rule.when {
                    if !side_troops[i].iter().any(|&t| troops[t].id == *id) {
                        ctx.err(p, path!["side", i, "doctrine"], format!("doctrine movement rule {k} names troop `{id}`, which is not in this side's army list"), None);
                    }
                }
            }
            doctrines.push(doctrine);
        },
    );
    Forces {
        resolved,
        troops,
        side_troops,
        doctrines,
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
    let meeting = EngagementKind::read_or(
        &ctx,
        p,
        path!["scenario", "engagement"],
        raw.scenario.engagement.as_deref(),
        EngagementKind::Assault,
    ) == EngagementKind::Meeting;
    let edge = Edge::read_or(
        &ctx,
        p,
        path!["scenario", "attack_edge"],
        raw.scenario.attack_edge.as_deref(),
        Edge::South,
    );
    let board = board(&ctx, p, &raw);
    if !two_sides(&ctx, p, raw.sides.len()) {
        return Err(Problems(problems));
    }
    let attacker = if meeting {
        Side::A
    } else {
        attacker(&ctx, p, &raw.sides)
    };
    let forces = forces(&ctx, p, &raw, base);
    let Some(board) = board else {
        return Err(Problems(problems));
    };
    let check = Check {
        ctx,
        count_refused: std::cell::Cell::new(false),
        raw: &raw,
        options,
        meeting,
        attacker,
        edge,
        w: raw.battlefield.width,
        d: raw.battlefield.depth,
    };
    let engines = check.engines(p, &forces, &board);
    let placed = check.units(p, &forces, &board);
    if !check.count_refused.get() {
        check.command_structure(p, &placed.units);
    }
    check.deployment(p, &placed);
    check.leashes(p, &forces.troops, &placed);
    let options = check.options;
    let doctrines: Vec<ArmiesDoctrine> = forces.doctrines.into_iter().flatten().collect();
    if !problems.is_empty() || doctrines.len() != 2 {
        return Err(Problems(problems));
    }
    let [da, db]: [ArmiesDoctrine; 2] = doctrines.try_into().map_err(|_| Problems(Vec::new()))?;
    let side = |i: usize, doctrine| SideSetup {
        name: raw.sides[i].name.clone(),
        operations: raw.sides[i].operations.unwrap_or(0) as i32,
        doctrine,
    };
    let setup = ArmiesSetup {
        troops: forces.troops,
        board,
        units: placed.units,
        engines,
        sides: [side(0, da), side(1, db)],
        engagement: if meeting {
            Engagement::Meeting
        } else {
            Engagement::Assault { attacker }
        },
        max_rounds: head.max_rounds as u16,
        options,
    };
    Ok(Scenario {
        name: raw.scenario.name.clone(),
        kind: RulesetKind::Armies,
        battles: head.battles as u64,
        seed: raw.run.seed.unwrap_or(DEFAULT_SEED),
        resolved: crate::scenario::ResolvedFile::new(forces.resolved),
        notes: Vec::new(),
        warnings: Vec::new(),
        rules: ScenarioRules::Armies(Box::new(crate::rulesets::armies::Armies { setup })),
    })
}

impl Check<'_> {
    /// The siege engines on the battlefield.
    fn engines(&self, p: &mut Vec<Problem>, forces: &Forces, board: &Board) -> Vec<EngineSpec> {
        let (ctx, troops) = (&self.ctx, &forces.troops);
        let mut engines = Vec::new();
        for (k, e) in self.raw.battlefield.engines.iter().enumerate() {
            let found = (0..2).find_map(|si| forces.find(si, &e.troop));
            match found {
                Some(t) if troops[t].traits.siege_engine => {
                    let field = path!["battlefield", "engines", k, "at"];
                    let Some(s) = square(ctx, p, field.clone(), e.at, self.w, self.d, "engine")
                    else {
                        continue;
                    };
                    if engines.iter().any(|o: &EngineSpec| o.at == s) {
                        ctx.err(p, field, format!("two engines stand on {s}"), None);
                    } else if board.terrain(s).impassable {
                        ctx.err(p, field, format!("engine on impassable square {s}"), None);
                    } else {
                        engines.push(EngineSpec {
                            troop: t,
                            at: s,
                            label: format!("{}@{s}", e.troop),
                        });
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
                    let ids: Vec<&str> = forces
                        .side_troops
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
        engines
    }

    /// Every side's units, placed on the board.
    fn units(&self, p: &mut Vec<Problem>, forces: &Forces, board: &Board) -> Placed {
        let mut placed = Placed::default();
        let (w, d) = (self.w as i16, self.d as i16);
        let mut layers = (Grid::new(w, d, false), Grid::new(w, d, false));
        for (si, side) in self.raw.sides.iter().enumerate() {
            self.side_header(p, si, side);
            let mut per_troop: BTreeMap<String, usize> = BTreeMap::new();
            for (ui, e) in side.units.iter().enumerate() {
                let field = path!["side", si, "units", ui];
                let Some((troop, role, squares)) = self.unit_entry(p, forces, si, &field, e) else {
                    continue;
                };
                let aerial = forces.troops[troop].traits.aerial;
                for (s, f) in squares {
                    let layer = if aerial { &mut layers.1 } else { &mut layers.0 };
                    if *layer.get(s).unwrap_or(&false) {
                        self.ctx.err(
                            p,
                            f,
                            format!("two units stand on {s}"),
                            Some("one ground unit (and one aerial unit) per square".to_string()),
                        );
                        continue;
                    }
                    if board.terrain(s).impassable {
                        self.ctx
                            .err(p, f, format!("unit on impassable square {s}"), None);
                        continue;
                    }
                    *layer.at_mut(s) = true;
                    let n = per_troop.entry(e.troop.clone()).or_insert(0);
                    *n += 1;
                    placed.units.push(UnitSpec {
                        side: if si == 0 { Side::A } else { Side::B },
                        troop,
                        role,
                        start: s,
                        label: format!("{}#{}", e.troop, n),
                    });
                    placed.fields.push(f);
                }
            }
        }
        placed
    }

    /// A side's name, operations modifier and whether it has units.
    fn side_header(&self, p: &mut Vec<Problem>, si: usize, side: &SideRaw) {
        let ctx = &self.ctx;
        if side.name.trim().is_empty() {
            ctx.err(p, path!["side", si, "name"], "the side needs a name", None);
        }
        if let Some(ops) = side.operations {
            in_range(
                ctx,
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
    }

    /// A unit entry of side `si`: its troop, role and squares (None when
    /// it places no unit).
    #[allow(clippy::type_complexity)]
    fn unit_entry(
        &self,
        p: &mut Vec<Problem>,
        forces: &Forces,
        si: usize,
        field: &[Seg],
        e: &UnitEntry,
    ) -> Option<(usize, Role, Vec<(Square, Vec<Seg>)>)> {
        let ctx = &self.ctx;
        let sub = |key: &str| [field.to_vec(), path![key]].concat();
        let role = Role::read_or(ctx, p, sub("role"), e.role.as_deref(), Role::Troop);
        if let Some(c) = e.count.filter(|&c| c < 1) {
            ctx.err(
                p,
                sub("count"),
                format!("count must be at least 1, not {c}"),
                Some("remove the entry to field no such units".to_string()),
            );
            return None;
        }
        let Some(troop) = forces.find(si, &e.troop) else {
            if !forces.side_troops[si].is_empty() {
                let hint = unknown_troop_hint(forces, si, &e.troop);
                ctx.err(
                    p,
                    sub("troop"),
                    format!("unknown troop `{}`", e.troop),
                    hint,
                );
            }
            return None;
        };
        if forces.troops[troop].traits.siege_engine {
            ctx.err(
                p,
                sub("troop"),
                format!("`{}` is a siege engine, not a unit", e.troop),
                Some("place it under [[battlefield.engines]] and let a unit man it".to_string()),
            );
            return None;
        }
        let count = self.unit_count(p, field, e)?;
        let side_id = if si == 0 { Side::A } else { Side::B };
        let toward = if side_id == self.attacker && !self.meeting || (self.meeting && si == 0) {
            1
        } else {
            -1
        };
        let squares = placement(
            ctx,
            p,
            field,
            e.at.as_deref(),
            e.block.as_ref(),
            count,
            toward,
            (self.w, self.d),
        )?;
        if role == Role::Commander && squares.len() > 1 {
            ctx.err(
                p,
                sub("role"),
                "a commander entry must be a single unit",
                Some(
                    "split the entry: one unit with role = \"commander\", the rest as troops"
                        .to_string(),
                ),
            );
        }
        Some((troop, role, squares))
    }

    /// How many units an entry fields: `count`, `soldiers` at the
    /// scenario's scale, or one per square of `at` (None: too few or too many).
    fn unit_count(&self, p: &mut Vec<Problem>, field: &[Seg], e: &UnitEntry) -> Option<i64> {
        let ctx = &self.ctx;
        let sub = |key: &str| [field.to_vec(), path![key]].concat();
        let count = match (e.count, e.soldiers) {
            (Some(c), None) => c,
            (None, Some(s)) => {
                match self.raw.scenario.scale {
                    Some(sc) if sc > 0 && s > 0 => {
                        let most = sc.saturating_mul(MAX_UNITS);
                        if s > most {
                            ctx.err(
                            p,
                            sub("soldiers"),
                            format!("{s} soldiers at a scale of {sc} make more than {MAX_UNITS} units"),
                            Some(format!("give at most {most} soldiers")),
                        );
                            self.count_refused.set(true);
                            return None;
                        }
                        allocate(s, sc, self.options.unit_allocation_rounding)
                    }
                    _ => {
                        ctx.err(p, sub("soldiers"), "`soldiers` needs a positive [scenario] scale and a positive number of soldiers", Some("set scale = soldiers per unit, e.g. 25".to_string()));
                        1
                    }
                }
            }
            (None, None) => e.at.as_ref().map_or(1, |a| a.len() as i64),
            (Some(c), Some(_)) => {
                ctx.err(
                    p,
                    sub("soldiers"),
                    "give `count` or `soldiers`, not both",
                    None,
                );
                c
            }
        };
        if !(1..=MAX_UNITS).contains(&count) {
            self.count_refused.set(true);
        }
        if count < 1 {
            ctx.err(
                p,
                sub("count"),
                format!("count must be at least 1, not {count}"),
                Some("remove the entry to field no such units".to_string()),
            );
            return None;
        }
        if count > MAX_UNITS {
            ctx.err(
                p,
                sub("count"),
                format!("count {count} is more than 10000 units"),
                None,
            );
            return None;
        }
        Some(count)
    }

    /// One commander per side and the officer count of digest A1.3.
    fn command_structure(&self, p: &mut Vec<Problem>, units: &[UnitSpec]) {
        let ctx = &self.ctx;
        for side in Side::BOTH {
            let si = side.index();
            let name = &self.raw.sides[si].name;
            let mine: Vec<&UnitSpec> = units.iter().filter(|u| u.side == side).collect();
            if mine.is_empty() {
                continue;
            }
            let with_role = |r: Role| mine.iter().filter(|u| u.role == r).count();
            let commanders = with_role(Role::Commander);
            if commanders == 0 {
                ctx.err(
                    p,
                    path!["side", si, "units"],
                    format!("side `{name}` has no commander"),
                    Some("mark one unit entry (count 1) with role = \"commander\"".to_string()),
                );
            } else if commanders > 1 {
                ctx.err(
                    p,
                    path!["side", si, "units"],
                    format!("side `{name}` has {commanders} commanders"),
                    Some("an army has exactly one commander".to_string()),
                );
            }
            let officers = with_role(Role::Officer);
            let rounding = self.options.officer_count_rounding;
            let need = officer_count(mine.len(), rounding);
            if officers != need {
                ctx.err(p, path!["side", si, "units"], format!("side `{name}` has {officers} officer units, but {} units need {need} ({rounding:?}(n/4), option officer_count_rounding)", mine.len()), Some("mark units with role = \"officer\" until the count matches".to_string()));
            }
        }
    }

    /// The deploying side's distance from the enemy and, in an assault,
    /// the attacker's zone.
    fn deployment(&self, p: &mut Vec<Problem>, placed: &Placed) {
        let ctx = &self.ctx;
        let metric = self.options.metric();
        let min_dist = self.options.min_deploy_distance;
        let units = &placed.units;
        for (spec, field) in units.iter().zip(&placed.fields) {
            let deploying = self.meeting || spec.side == self.attacker;
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
                    ctx.err(p, field.clone(), format!("{} at {} is {dd} squares from the enemy {} at {}; attackers deploy at least {min_dist} away", spec.label, spec.start, e.label, e.start), Some("move it back, or lower option min_deploy_distance".to_string()));
                }
            }
            if !self.meeting {
                let depth = self.options.attacker_zone_depth as i16;
                let s = spec.start;
                let inside = match self.edge {
                    Edge::North => s.y >= self.d as i16 - depth,
                    Edge::West => s.x < depth,
                    Edge::East => s.x >= self.w as i16 - depth,
                    Edge::South => s.y < depth,
                };
                if !inside {
                    let edge = self.edge.name();
                    ctx.err(p, field.clone(), format!("attacking unit {} at {s} is outside the attacker's zone ({depth} rows from the {edge} edge)", spec.label), Some("move it into the zone, or raise option attacker_zone_depth".to_string()));
                }
            }
        }
    }

    /// Every unit starts within its leash (officers: of the commander;
    /// troops: of an officer, or the commander where it anchors).
    fn leashes(&self, p: &mut Vec<Problem>, troops: &[Troop], placed: &Placed) {
        let metric = self.options.metric();
        let units = &placed.units;
        for (spec, field) in units.iter().zip(&placed.fields) {
            let t = &troops[spec.troop];
            let anchors = units.iter().filter(|o| o.side == spec.side);
            let ok = match spec.role {
                Role::Commander => true,
                Role::Officer => anchors
                    .filter(|o| o.role == Role::Commander)
                    .all(|c| metric.dist(spec.start, c.start) <= OFFICER_LEASH),
                Role::Troop => {
                    let cmd = self.options.commander_anchors_troops || t.commander_anchors;
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
                self.ctx.err(p, field.clone(), format!("{} at {} is more than {limit} squares from {to} and would be disbanded at once", spec.label, spec.start), Some("deploy it closer, or add an officer near it".to_string()));
            }
        }
    }
}

/// The hint for an unknown troop of side `si`: the id when a troop's name
/// was given, else the closest troop, else the list's ids.
fn unknown_troop_hint(forces: &Forces, si: usize, given: &str) -> Option<String> {
    let (troops, mine) = (&forces.troops, &forces.side_troops[si]);
    let known: Vec<&str> = mine
        .iter()
        .map(|&t| troops[t].id.as_str())
        .chain(mine.iter().map(|&t| troops[t].name.as_str()))
        .collect();
    let by_name = mine
        .iter()
        .find(|&&t| troops[t].name.eq_ignore_ascii_case(given));
    let close = did_you_mean(given, known).and_then(|_| {
        let g = given.to_lowercase();
        let score = |t: usize| {
            strsim::jaro_winkler(&g, &troops[t].id.to_lowercase())
                .max(strsim::jaro_winkler(&g, &troops[t].name.to_lowercase()))
        };
        mine.iter()
            .copied()
            .max_by(|&a, &b| score(a).total_cmp(&score(b)))
    });
    Some(match (by_name, close) {
        (Some(&t), _) => format!(
            "`{}` is the name; use its id `{}`",
            troops[t].name, troops[t].id
        ),
        (None, Some(t)) => format!("did you mean `{}` ({})?", troops[t].id, troops[t].name),
        (None, None) => format!(
            "troops of this army list: {}",
            mine.iter()
                .map(|&t| troops[t].id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })
}
