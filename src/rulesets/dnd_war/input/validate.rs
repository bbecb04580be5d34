//! Validation of D&D War inputs: army lists into unit profiles, doctrines
//! into [`DndDoctrine`], and scenarios into a ready [`DndSetup`]: the
//! battle level's tier applied to every profile, prices by the digest's
//! rule, units on the table, inside their deployment zones and not
//! overlapping, characters joined to units of their side, and the
//! army-building rules (`army`) checked.

use crate::geometry::{Area, Board, Cover, Shape, Vec2};
use crate::path;
use crate::rules::{BySide, RulesetKind, Side};
use crate::rulesets::dnd_war::army::{self, tier, tier_shift, BattleSize, Rarity};
use crate::rulesets::dnd_war::body::{Body, Command};
use crate::rulesets::dnd_war::courage::tier_bonus;
use crate::rulesets::dnd_war::doctrine::*;
use crate::rulesets::dnd_war::input::army::{check_armies, ArmyEntry};
use crate::rulesets::dnd_war::input::file::{
    AttackRaw, DndArmyListFile, DndDoctrineFile, DndProfileRaw, DndScenarioFile, DndSideRaw,
    DndUnitEntry, TerrainRaw,
};
use crate::rulesets::dnd_war::input::overrides::ProfileOverrides;
use crate::rulesets::dnd_war::options::{DndOptions, SPECS};
use crate::rulesets::dnd_war::setup::*;
use crate::rulesets::dnd_war::traits::{race, Psychology, Size, UnitType};
use crate::rulesets::dnd_war::DndWar;
use crate::scenario::checks::{
    army_list_entries, header, in_range, intern, not_allowed, not_in_list, ruleset_is, side_files,
    terrain_shape, two_sides, Ctx, Word,
};
use crate::scenario::locate::Locator;
use crate::scenario::problems::{did_you_mean, Problem, Problems, Seg};
use crate::scenario::raw::PROFILE_OVERRIDES;
use crate::scenario::{ResolvedFile, Scenario, ScenarioRules, DEFAULT_SEED};
use crate::words;
use std::path::Path;

words!(
    /// A doctrine's `movement`.
    pub(super) enum MovementWord {
        "advance" => Advance,
        "hold" => Hold,
        "gunline" => Gunline,
    }
);

words!(Defence {
    "ac" => Ac,
    "fortitude" => Fortitude,
    "reflex" => Reflex,
    "will" => Will,
});
words!(MachineKind {
    "bolt_thrower" => BoltThrower,
    "stone_thrower" => StoneThrower,
});
words!(ShootPriority {
    "closest" => Closest,
    "most_damaged" => MostDamaged,
    "can_panic" => CanPanic,
    "highest_points" => HighestPoints,
});
words!(CombatOrder {
    "biggest" => Biggest,
    "favourable" => Favourable,
});
words!(AcceptChallenge {
    "always" => Always,
    "never" => Never,
    "if_stronger" => IfStronger,
});
words!(ObjectivePick {
    "nearest" => Nearest,
    "unheld" => Unheld,
});
words!(ApUse {
    "never" => Never,
    "tests" => Tests,
    "tests_and_charges" => TestsAndCharges,
});
words!(GeneralPlacement {
    "scenario" => Scenario,
    "largest_unit" => LargestUnit,
    "central_unit" => CentralUnit,
});
words!(Cover {
    "none" => None,
    "cover" => Cover,
    "superior" => Superior,
});

/// A profile as the list gives it (heroic tier), before a battle's tier.
#[derive(Clone, Debug, PartialEq)]
pub struct ListedProfile {
    pub profile: Profile,
    pub rarity: Rarity,
    /// The list's own price, replacing the digest's.
    pub points: Option<u32>,
    /// The profile as written, which a unit's overrides start from.
    pub raw: DndProfileRaw,
}

/// `w` with its first letter in capitals ("medium" -> "Medium"), as the
/// rules' size tables spell their names.
fn capitalised(w: &str) -> String {
    let mut c = w.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

fn size_word(w: &str) -> Option<Size> {
    Size::parse(&capitalised(w))
}

fn attack(ctx: &Ctx, p: &mut Vec<Problem>, field: Vec<Seg>, a: &AttackRaw, ranged: bool) -> Attack {
    let at = |k: &str| [field.clone(), path![k]].concat();
    in_range(ctx, p, at("bonus"), "bonus", a.bonus, -20, 60);
    let vs = Defence::read_or(ctx, p, at("vs"), Some(a.vs.as_str()), Defence::Ac);
    let inches = if ranged {
        if a.reach.is_some() {
            ctx.err(
                p,
                at("reach"),
                "a ranged attack has a `range`, not a `reach`",
                None,
            );
        }
        match a.range {
            Some(r) if (1.0..=200.0).contains(&r) => r,
            Some(r) => {
                ctx.err(
                    p,
                    at("range"),
                    format!("range must be 1 to 200 inches, not {r}"),
                    None,
                );
                1.0
            }
            None => {
                ctx.err(
                    p,
                    field.clone(),
                    "a ranged attack needs `range` in inches",
                    Some("e.g. range = 20 (a shortbow 15, a longbow 20)".into()),
                );
                1.0
            }
        }
    } else {
        if a.range.is_some() {
            ctx.err(
                p,
                at("range"),
                "a close attack has a `reach`, not a `range`",
                None,
            );
        }
        match a.reach.unwrap_or(1.0) {
            r if (0.5..=10.0).contains(&r) => r,
            r => {
                ctx.err(
                    p,
                    at("reach"),
                    format!("reach must be 0.5 to 10 inches, not {r}"),
                    Some("1 is base contact; 2 lets a second row fight".into()),
                );
                1.0
            }
        }
    };
    let damage = match &a.damage {
        None => Damage {
            dice: 1,
            sides: 8,
            bonus: 0,
        },
        Some(d) => Damage::parse(d).unwrap_or_else(|| {
            ctx.err(
                p,
                at("damage"),
                format!("`{d}` is not a damage roll"),
                Some("write dice as NdS+B, e.g. \"1d8+4\" or \"2d6\"".into()),
            );
            Damage::default()
        }),
    };
    if a.spell.is_some() && !ranged {
        ctx.err(
            p,
            at("spell"),
            "only a ranged attack can be a spell power",
            Some("move `spell = true` to the profile's `ranged` attack".into()),
        );
    }
    Attack {
        bonus: a.bonus as i32,
        vs,
        inches,
        damage,
        spell: ranged && a.spell.unwrap_or(false),
    }
}

/// The field `k` of the profile table at `at`.
fn key(at: &[Seg], k: &str) -> Vec<Seg> {
    let mut field = at.to_vec();
    field.push(Seg::from(k));
    field
}

/// What a profile is: its type, size, racial courage, level and rarity.
struct Kind {
    unit_type: UnitType,
    size: Size,
    racial: i32,
    level: u8,
    rarity: Rarity,
}

/// The type, size, race, level and rarity of the profile at `at`.
fn kind(ctx: &Ctx, p: &mut Vec<Problem>, at: &[Seg], r: &DndProfileRaw) -> Kind {
    let f = |k: &str| key(at, k);
    let unit_type = UnitType::parse(&r.unit_type).unwrap_or_else(|| {
        not_allowed(ctx, p, f("type"), &r.unit_type, UnitType::NAMES);
        UnitType::Infantry
    });
    let size = size_word(&r.size).unwrap_or_else(|| {
        ctx.err(
            p,
            f("size"),
            format!("`{}` is not a size", r.size),
            Some("small, medium, large, huge or gargantuan".into()),
        );
        Size::Medium
    });
    let racial = match race(&r.race) {
        Some(race) => race.courage,
        None => {
            let names = crate::rulesets::dnd_war::traits::RACES
                .iter()
                .map(|r| r.name);
            let hint = did_you_mean(&r.race, names)
                .unwrap_or("`muster rules dnd_war` lists the races and their courage bonus".into());
            ctx.err(
                p,
                f("race"),
                format!("unknown race `{}`", r.race),
                Some(hint),
            );
            3
        }
    };
    let level = if in_range(ctx, p, f("level"), "level", r.level, 1, 30) {
        r.level as u8
    } else {
        1
    };
    let rarity = match &r.rarity {
        Some(w) => Rarity::parse(w).unwrap_or_else(|| {
            not_allowed(ctx, p, f("rarity"), w, Rarity::NAMES);
            Rarity::Common
        }),
        None => match unit_type {
            UnitType::Monster => Rarity::Rare,
            UnitType::WarMachine => Rarity::Special,
            _ => Rarity::Common,
        },
    };
    Kind {
        unit_type,
        size,
        racial,
        level,
        rarity,
    }
}

/// A profile's numbers: hit points, resilience, attacks and action points
/// (speed, initiative and defences are checked and used as given).
fn numbers(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    at: &[Seg],
    r: &DndProfileRaw,
) -> (Option<u32>, i64, i64, i64) {
    let f = |k: &str| key(at, k);
    if !(1.0..=20.0).contains(&r.speed) {
        ctx.err(
            p,
            f("speed"),
            format!("speed must be 1 to 20 inches, not {}", r.speed),
            None,
        );
    }
    in_range(ctx, p, f("initiative"), "initiative", r.initiative, -10, 40);
    for (k, v) in [
        ("ac", r.ac),
        ("fortitude", r.fortitude),
        ("reflex", r.reflex),
        ("will", r.will),
    ] {
        in_range(ctx, p, f(k), k, v, 1, 60);
    }
    let hp =
        r.hp.and_then(|h| in_range(ctx, p, f("hp"), "hp", h, 1, 10_000).then_some(h as u32));
    let resilience = r.resilience.unwrap_or(1);
    if in_range(ctx, p, f("resilience"), "resilience", resilience, 1, 10)
        && hp.is_some()
        && resilience > 1
    {
        ctx.err(
            p,
            f("resilience"),
            "only minions have resilience above 1 (L79)",
            Some("remove `hp` for a minion, or set resilience = 1".into()),
        );
    }
    let attacks = r.attacks.unwrap_or(1);
    in_range(ctx, p, f("attacks"), "attacks", attacks, 1, 10);
    let ap = r.ap.unwrap_or(0);
    in_range(ctx, p, f("ap"), "ap", ap, 0, 10);
    (hp, resilience, attacks, ap)
}

/// A profile's `special` rules.
fn psychology(ctx: &Ctx, p: &mut Vec<Problem>, at: &[Seg], r: &DndProfileRaw) -> Psychology {
    let mut psychology = Psychology::default();
    for (k, s) in r.special.iter().enumerate() {
        if !psychology.set(s) {
            let hint = did_you_mean(s, Psychology::NAMES.iter().copied())
                .unwrap_or(format!("special rules: {}", Psychology::NAMES.join(", ")));
            ctx.err(
                p,
                [at, &[Seg::from("special"), Seg::from(k)]].concat(),
                format!("unknown special rule `{s}`"),
                Some(hint),
            );
        }
    }
    psychology
}

/// The mount's size (cavalry, and only cavalry, give one).
fn mount(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    at: &[Seg],
    r: &DndProfileRaw,
    t: UnitType,
) -> Option<Size> {
    let f = || key(at, "mount");
    let mount = r.mount.as_ref().and_then(|m| {
        let s = size_word(m);
        if s.is_none() {
            ctx.err(
                p,
                f(),
                format!("`{m}` is not a size"),
                Some("the mount's size: medium, large, huge".into()),
            );
        }
        s
    });
    if mount.is_some() != (t == UnitType::Cavalry) {
        ctx.err(
            p,
            f(),
            "cavalry, and only cavalry, give the mount's size (`mount`)",
            Some("e.g. mount = \"large\" for horses (L578)".into()),
        );
    }
    mount
}

/// Models per company and per row (infantry and cavalry only).
fn company(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    at: &[Seg],
    r: &DndProfileRaw,
    t: UnitType,
) -> (i64, i64) {
    let f = |k: &str| key(at, k);
    let companies = matches!(t, UnitType::Infantry | UnitType::Cavalry);
    let default_company = if t == UnitType::Cavalry { 2 } else { 8 };
    let capacity = r
        .company
        .unwrap_or(if companies { default_company } else { 1 });
    let row = r.row.unwrap_or(if t == UnitType::Cavalry { 2 } else { 4 });
    if companies {
        if in_range(ctx, p, f("company"), "company", capacity, 1, 16)
            && in_range(ctx, p, f("row"), "row", row, 1, 8)
            && capacity % row != 0
        {
            ctx.err(p, f("row"), format!("a company of {capacity} does not fill rows of {row}"), Some("company must be a multiple of row (infantry 8 in rows of 4, cavalry 2 in a row of 2)".into()));
        }
    } else if r.company.is_some() || r.row.is_some() {
        ctx.err(
            p,
            f("company"),
            format!("{} units have no companies", t.name()),
            Some("remove `company` and `row`".into()),
        );
    }
    (capacity, row)
}

/// A war machine's kind (only war machines name one) and its ranged attack.
fn machine(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    at: &[Seg],
    r: &DndProfileRaw,
    t: UnitType,
) -> Option<MachineKind> {
    let f = |k: &str| key(at, k);
    let machine = match (t, r.machine.as_deref()) {
        (UnitType::WarMachine, given) => Some(MachineKind::read_or(
            ctx,
            p,
            f("machine"),
            Some(given.unwrap_or("")),
            MachineKind::BoltThrower,
        )),
        (_, Some(_)) => {
            ctx.err(p, f("machine"), "only war machines name a `machine`", None);
            None
        }
        (_, None) => None,
    };
    if machine.is_some() && r.ranged.is_none() {
        ctx.err(
            p,
            f("ranged"),
            "a war machine needs its `ranged` attack (bonus, vs, range, damage)",
            Some(
                "the seed's bolt: bonus = 10, vs = \"reflex\", range = 48, damage = \"2d8+4\""
                    .into(),
            ),
        );
    }
    machine
}

/// A character's class rule, hit points and action points (only characters
/// have a class).
fn character(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    at: &[Seg],
    r: &DndProfileRaw,
    t: UnitType,
    (hp, ap): (Option<u32>, i64),
) -> Option<ClassRule> {
    let f = |k: &str| key(at, k);
    let class_rule = match (t, r.class.as_deref()) {
        (UnitType::Character, Some(c)) => class_rule(ctx, p, f("class"), c),
        (_, Some(_)) => {
            ctx.err(p, f("class"), "only characters have a class", None);
            None
        }
        _ => None,
    };
    if t == UnitType::Character && hp.is_none() {
        ctx.err(
            p,
            f("hp"),
            "a character needs hit points",
            Some("the digest's template: hp about 25 + 5 per level above 1 (G-52)".into()),
        );
    }
    if t == UnitType::Character && ap < 1 {
        ctx.err(
            p,
            f("ap"),
            "a character has action points (heroic 2, paragon 3, epic 4)",
            None,
        );
    }
    class_rule
}

/// Validates the profile table at `at` (an army list's `profile[i]`, or a
/// unit's profile with its overrides applied).
pub fn profile(ctx: &Ctx, p: &mut Vec<Problem>, at: &[Seg], r: &DndProfileRaw) -> ListedProfile {
    let f = |k: &str| key(at, k);
    let kind = kind(ctx, p, at, r);
    let unit_type = kind.unit_type;
    let (hp, resilience, attacks, ap) = numbers(ctx, p, at, r);
    let melee = attack(ctx, p, f("melee"), &r.melee, false);
    let ranged = r
        .ranged
        .as_ref()
        .map(|a| attack(ctx, p, f("ranged"), a, true));
    let psychology = psychology(ctx, p, at, r);
    let mount = mount(ctx, p, at, r, unit_type);
    let (capacity, row) = company(ctx, p, at, r, unit_type);
    let machine = machine(ctx, p, at, r, unit_type);
    let class_rule = character(ctx, p, at, r, unit_type, (hp, ap));
    let points = r.points.and_then(|v| {
        in_range(ctx, p, f("points"), "points", v, 0, 10_000_000).then_some(v as u32)
    });
    ListedProfile {
        profile: Profile {
            id: r.id.clone(),
            name: r.name.clone(),
            unit_type,
            size: kind.size,
            monster: unit_type == UnitType::Monster,
            mount,
            courage: kind.racial + kind.size.courage(),
            speed: r.speed.clamp(1.0, 20.0),
            initiative: r.initiative as i32,
            resilience: resilience.clamp(1, 10) as u8,
            defences: [
                r.ac as i32,
                r.fortitude as i32,
                r.reflex as i32,
                r.will as i32,
            ],
            melee,
            ranged,
            psychology,
            capacity: capacity.clamp(1, 16) as u8,
            row_width: row.clamp(1, 8) as u8,
            points: 0,
            level: kind.level,
            hp,
            attacks: attacks.clamp(1, 10) as u8,
            ap: ap.clamp(0, 10) as u8,
            machine,
            class_rule,
        },
        rarity: kind.rarity,
        points,
        raw: r.clone(),
    }
}

/// The class war rules simulated, and the classes known but not simulated.
const CLASSES: &[(&str, Option<ClassRule>)] = &[
    ("fighter", Some(ClassRule::MightyDefender)),
    ("warden", Some(ClassRule::MightyDefender)),
    ("bard", Some(ClassRule::InspirationalLeader)),
    ("cleric", Some(ClassRule::DivineLitany)),
    ("invoker", Some(ClassRule::DivineLitany)),
    ("paladin", Some(ClassRule::SanctifiedChallenge)),
    ("avenger", None),
    ("barbarian", None),
    ("druid", None),
    ("ranger", None),
    ("rogue", None),
    ("shaman", None),
    ("sorcerer", None),
    ("swordmage", None),
    ("warlock", None),
    ("wizard", None),
];

/// The classes whose war rule muster does not play.
pub fn unsimulated_class(name: &str) -> bool {
    CLASSES.iter().any(|(n, r)| *n == name && r.is_none())
}

fn class_rule(ctx: &Ctx, p: &mut Vec<Problem>, field: Vec<Seg>, c: &str) -> Option<ClassRule> {
    match CLASSES.iter().find(|(n, _)| *n == c) {
        Some((_, rule)) => *rule,
        None => {
            let hint = did_you_mean(c, CLASSES.iter().map(|(n, _)| *n))
                .unwrap_or("the 16 classes of the seed (L792-1127)".into());
            ctx.err(p, field, format!("unknown class `{c}`"), Some(hint));
            None
        }
    }
}

/// Validates a D&D War army list; returns its profiles as listed.
pub fn validate_list(
    raw: &DndArmyListFile,
    loc: &Locator,
    prefix: &[Seg],
    p: &mut Vec<Problem>,
) -> Vec<ListedProfile> {
    army_list_entries(
        loc,
        prefix,
        p,
        (&raw.army_list.ruleset, RulesetKind::DndWar),
        "profile",
        &raw.profiles,
        |x| x.id.as_str(),
        |ctx, p, i, r| profile(ctx, p, &[Seg::from("profile"), Seg::from(i)], r),
    )
}

/// A doctrine's `movement`, with its `hold_radius`.
fn doctrine_movement(ctx: &Ctx, p: &mut Vec<Problem>, raw: &DndDoctrineFile) -> Movement {
    let mv = MovementWord::read_or(
        ctx,
        p,
        path!["movement"],
        raw.movement.as_deref(),
        MovementWord::Advance,
    );
    if let Some(r) = raw.hold_radius {
        if mv != MovementWord::Hold {
            ctx.err(
                p,
                path!["hold_radius"],
                format!("`hold_radius` = {r} has no effect unless movement = \"hold\""),
                Some("remove it, or set movement = \"hold\"".into()),
            );
        } else if !(0.0..=200.0).contains(&r) {
            ctx.err(
                p,
                path!["hold_radius"],
                format!("hold_radius must be 0 to 200 inches, not {r}"),
                None,
            );
        }
    }
    match mv {
        MovementWord::Hold => Movement::HoldUntil {
            radius: raw.hold_radius.unwrap_or(12.0),
        },
        MovementWord::Gunline => Movement::Gunline,
        MovementWord::Advance => Movement::Advance,
    }
}

/// `v` (at key `key`) if given and in `lo..=hi`, else `default`.
fn whole(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    key: &str,
    v: Option<i64>,
    (lo, hi): (i64, i64),
    default: i64,
) -> i64 {
    match v {
        Some(v) if in_range(ctx, p, path![key], key, v, lo, hi) => v,
        _ => default,
    }
}

/// A doctrine's charge odds, fear threshold and character dice share
/// (defaults from `d`).
fn thresholds(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    raw: &DndDoctrineFile,
    d: &DndDoctrine,
) -> (u32, i32, u32) {
    let charge = i64::from(d.charge_min_sixths);
    let fear = i64::from(d.fear_min_courage);
    let dice = i64::from(d.character_dice_pct);
    (
        whole(
            ctx,
            p,
            "charge_min_sixths",
            raw.charge_min_sixths,
            (1, 6),
            charge,
        ) as u32,
        whole(
            ctx,
            p,
            "fear_min_courage",
            raw.fear_min_courage,
            (-20, 40),
            fear,
        ) as i32,
        whole(
            ctx,
            p,
            "character_dice_pct",
            raw.character_dice_pct,
            (0, 100),
            dice,
        ) as u32,
    )
}

/// Validates a D&D War doctrine.
pub fn validate_doctrine(
    raw: &DndDoctrineFile,
    loc: &Locator,
    prefix: &[Seg],
    p: &mut Vec<Problem>,
) -> DndDoctrine {
    let ctx = Ctx {
        loc,
        prefix: prefix.to_vec(),
    };
    ruleset_is(
        &ctx,
        p,
        path!["doctrine", "ruleset"],
        &raw.doctrine.ruleset,
        RulesetKind::DndWar,
        "doctrine",
    );
    let d = DndDoctrine::balanced();
    let movement = doctrine_movement(&ctx, p, raw);
    let (charge_min_sixths, fear_min_courage, character_dice_pct) = thresholds(&ctx, p, raw, &d);
    let shoot_priority = ShootPriority::read_or(
        &ctx,
        p,
        path!["shoot_priority"],
        raw.shoot_priority.as_deref(),
        ShootPriority::Closest,
    );
    let combat_order = CombatOrder::read_or(
        &ctx,
        p,
        path!["combat_order"],
        raw.combat_order.as_deref(),
        CombatOrder::Favourable,
    );
    let accept_challenges = AcceptChallenge::read_or(
        &ctx,
        p,
        path!["accept_challenges"],
        raw.accept_challenges.as_deref(),
        AcceptChallenge::IfStronger,
    );
    let action_points = ApUse::read_or(
        &ctx,
        p,
        path!["action_points"],
        raw.action_points.as_deref(),
        ApUse::Tests,
    );
    let general_placement = GeneralPlacement::read_or(
        &ctx,
        p,
        path!["general_placement"],
        raw.general_placement.as_deref(),
        GeneralPlacement::Scenario,
    );
    let ranks = raw
        .ranks
        .map(|r| whole(&ctx, p, "ranks", Some(r), (1, 40), 1) as u8);
    let objective_share = whole(
        &ctx,
        p,
        "objective_share",
        raw.objective_share,
        (0, 100),
        i64::from(d.objective_share),
    ) as u8;
    let objective_pick = ObjectivePick::read_or(
        &ctx,
        p,
        path!["objective_pick"],
        raw.objective_pick.as_deref(),
        d.objective_pick,
    );
    DndDoctrine {
        name: raw.doctrine.name.clone(),
        take_initiative: raw.take_initiative.unwrap_or(d.take_initiative),
        movement,
        charge_min_sixths,
        prefer_flank_rear: raw.prefer_flank_rear.unwrap_or(d.prefer_flank_rear),
        fear_min_courage,
        shoot_priority,
        combat_order,
        pursue: raw.pursue.unwrap_or(d.pursue),
        shoot_before_charging: raw.shoot_before_charging.unwrap_or(d.shoot_before_charging),
        issue_challenges: raw.issue_challenges.unwrap_or(d.issue_challenges),
        accept_challenges,
        character_dice_pct,
        action_points,
        partial_companies_support: raw
            .partial_companies_support
            .unwrap_or(d.partial_companies_support),
        ranks,
        general_placement,
        join_units: raw.join_units.unwrap_or(d.join_units),
        leave_to_charge: raw.leave_to_charge.unwrap_or(d.leave_to_charge),
        ap_extra_move: raw.ap_extra_move.unwrap_or(d.ap_extra_move),
        ap_act_first: raw.ap_act_first.unwrap_or(d.ap_act_first),
        objective_share,
        objective_pick,
    }
}

fn terrain(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    i: usize,
    t: &TerrainRaw,
    board: Board,
) -> Option<Area> {
    let f = |k: &str| path!["battlefield", "terrain", i, k];
    let circle = t.circle.as_ref().map(|c| (c.x, c.y, c.radius));
    let shape = terrain_shape(
        ctx,
        p,
        path!["battlefield", "terrain", i],
        &t.polygon,
        circle,
    )?;
    let cover = Cover::read_or(ctx, p, f("cover"), t.cover.as_deref(), Cover::None);
    let elevation = t.elevation.unwrap_or(0);
    in_range(ctx, p, f("elevation"), "elevation", elevation, -5, 5);
    let area = Area {
        name: t.name.clone(),
        shape,
        difficult: t.difficult.unwrap_or(false),
        blocks_sight: t.blocks_sight.unwrap_or(false),
        cover,
        elevation: elevation.clamp(-5, 5) as i8,
        obstacle: t.obstacle.unwrap_or(false),
    };
    if !area_on_board(&area, board) {
        ctx.err(
            p,
            path!["battlefield", "terrain", i],
            format!("terrain `{}` lies wholly off the table", t.name),
            Some(format!(
                "the table is {} x {} inches",
                board.width, board.depth
            )),
        );
    }
    Some(area)
}

fn area_on_board(a: &Area, board: Board) -> bool {
    match &a.shape {
        Shape::Polygon(v) => v.iter().any(|&c| board.contains(c)),
        Shape::Circle { centre, radius } => {
            centre.x > -radius
                && centre.y > -radius
                && centre.x < board.width + radius
                && centre.y < board.depth + radius
        }
    }
}

/// The battle a scenario sets: level and size, the table, the deployment
/// zone's depth and the terrain.
struct Battle {
    level: u8,
    size: BattleSize,
    board: Board,
    /// The table is within the allowed size.
    board_ok: bool,
    zone: f64,
    terrain: Vec<Area>,
}

/// The scenario's battle level and size, table, deployment depth and terrain.
fn battle(ctx: &Ctx, p: &mut Vec<Problem>, raw: &DndScenarioFile) -> Battle {
    let level = raw.scenario.level.unwrap_or(5);
    let level = if in_range(ctx, p, path!["scenario", "level"], "level", level, 1, 30) {
        level as u8
    } else {
        5
    };
    let size = match &raw.scenario.size {
        None => BattleSize::Medium,
        Some(w) => BattleSize::parse(&capitalised(w)).unwrap_or_else(|| {
            ctx.err(
                p,
                path!["scenario", "size"],
                format!("`{w}` is not a battle size"),
                Some("small, medium, large or huge (L717)".into()),
            );
            BattleSize::Medium
        }),
    };
    let (w, d) = (raw.battlefield.width, raw.battlefield.depth);
    let board_ok = (12.0..=400.0).contains(&w) && (12.0..=400.0).contains(&d);
    if !board_ok {
        ctx.err(
            p,
            path!["battlefield"],
            format!("a table of {w}\" x {d}\" is outside 12\" to 400\" a side"),
            Some("the digest's default is 72 x 48 (G-46)".into()),
        );
    }
    let board = Board { width: w, depth: d };
    let zone = raw.scenario.deployment_depth.unwrap_or(12.0);
    if !(0.0..=d / 2.0).contains(&zone) {
        ctx.err(
            p,
            path!["scenario", "deployment_depth"],
            format!(
                "deployment_depth must be 0 to half the table's depth ({}), not {zone}",
                d / 2.0
            ),
            Some("0 turns the zone check off".into()),
        );
    }
    let terrain: Vec<Area> = raw
        .battlefield
        .terrain
        .iter()
        .enumerate()
        .filter_map(|(i, t)| terrain(ctx, p, i, t, board))
        .collect();
    Battle {
        level,
        size,
        board,
        board_ok,
        zone,
        terrain,
    }
}

/// The profiles, units and army-building entries made so far.
#[derive(Default)]
struct Army {
    profiles: Vec<Profile>,
    units: Vec<UnitSpec>,
    entries: Vec<ArmyEntry>,
    /// Whether every unit was built as written (and its list was sound).
    sound: bool,
}

/// Unit entries under validation: where problems go and the battle.
struct Deploying<'a> {
    ctx: &'a Ctx<'a>,
    battle: &'a Battle,
}

/// The field of key `key` of unit entry `k` of side `si`.
fn unit_field(si: usize, k: usize, key: &str) -> Vec<Seg> {
    path!["side", si, "units", k, key]
}

/// An entry's command models (characters and war machines have none).
fn command(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    field: Vec<Seg>,
    e: &DndUnitEntry,
    unit_type: UnitType,
) -> Command {
    let command = Command {
        captain: e.captain.unwrap_or(false),
        standard: e.standard.unwrap_or(false),
        musician: e.musician.unwrap_or(false),
    };
    if command.count() > 0 && matches!(unit_type, UnitType::Character | UnitType::WarMachine) {
        ctx.err(
            p,
            field,
            format!("{} units have no command models", unit_type.name()),
            None,
        );
    }
    command
}

impl Deploying<'_> {
    /// `listed` at the battle's tier, with its effective level (None: above 30).
    fn tiered(
        &self,
        p: &mut Vec<Problem>,
        field: Vec<Seg>,
        listed: &ListedProfile,
    ) -> Option<(Profile, u8)> {
        let level = self.battle.level;
        let eff_level = listed.profile.level as u32 + 10 * tier(level) as u32;
        if eff_level > 30 {
            self.ctx.err(p, field, format!("a level-{} profile in a level-{level} battle would be level {eff_level}, above 30", listed.profile.level), Some("profiles are written at heroic tier; a paragon or epic battle adds 10 or 20 levels (L764)".into()));
            return None;
        }
        let eff_level = eff_level as u8;
        let shift = tier_shift(tier(level));
        let mut prof = listed.profile.clone();
        prof.initiative += shift;
        for d in prof.defences.iter_mut() {
            *d += shift;
        }
        prof.melee.bonus += shift;
        if let Some(r) = prof.ranged.as_mut() {
            r.bonus += shift;
        }
        prof.level = eff_level;
        if prof.is_character() {
            prof.courage += tier_bonus(eff_level);
        }
        Some((prof, eff_level))
    }

    /// The body of a company unit and its price (None: bad companies).
    fn companies(
        &self,
        p: &mut Vec<Problem>,
        (si, k): (usize, usize),
        e: &DndUnitEntry,
        (listed, prof, eff_level): (&ListedProfile, &Profile, u8),
        command: Command,
    ) -> Option<(Body, Option<u32>)> {
        let (ctx, field) = (self.ctx, |key: &str| unit_field(si, k, key));
        let companies = e.companies.unwrap_or(1);
        let frontage = e.frontage.unwrap_or(companies.min(4));
        let ok = in_range(ctx, p, field("companies"), "companies", companies, 1, 40)
            & in_range(
                ctx,
                p,
                field("frontage"),
                "frontage",
                frontage,
                1,
                companies.max(1),
            );
        let cap = i64::from(prof.capacity);
        let models = e.models.unwrap_or(companies.saturating_mul(cap));
        if ok && !((companies - 1) * cap + 1..=companies * cap).contains(&models) {
            ctx.err(
                p,
                field("models"),
                format!("{models} models do not make {companies} companies of {cap}"),
                Some(format!(
                    "give {}..={} models, or leave `models` out for full companies",
                    (companies - 1) * cap + 1,
                    companies * cap
                )),
            );
        }
        if e.models.is_some_and(|m| m < command.count() as i64 + 1) {
            ctx.err(
                p,
                field("models"),
                "the command models need at least one ordinary model beside them",
                None,
            );
        }
        if !ok {
            return None;
        }
        let short = (companies * cap - models).clamp(0, cap - 1) as u16;
        let body = Body::companies(
            companies as u16,
            short,
            prof.capacity,
            prof.row_width,
            frontage as u8,
            command,
        );
        let per = listed
            .points
            .or_else(|| army::minion_price(u32::from(prof.capacity), prof.resilience, eff_level));
        Some((body, per.map(|c| c * companies as u32)))
    }

    /// The body of a loose unit (models, a war machine's crew, a
    /// character) and its price (None: bad models).
    fn loose(
        &self,
        p: &mut Vec<Problem>,
        (si, k): (usize, usize),
        e: &DndUnitEntry,
        (listed, prof, eff_level): (&ListedProfile, &Profile, u8),
        command: Command,
    ) -> Option<(Body, Option<u32>)> {
        let (ctx, field) = (self.ctx, |key: &str| unit_field(si, k, key));
        let unit_type = prof.unit_type;
        if e.companies.is_some() || e.frontage.is_some() {
            ctx.err(
                p,
                field("companies"),
                format!("{} units have no companies", unit_type.name()),
                Some("give `models` instead".into()),
            );
        }
        let (lo, hi, default) = match unit_type {
            UnitType::Character => (1, 1, 1),
            UnitType::WarMachine => (1, 5, 2),
            _ => (1, 40, 1),
        };
        let what = if unit_type == UnitType::WarMachine {
            "crew"
        } else {
            "models"
        };
        let models = e.models.unwrap_or(default);
        if !in_range(ctx, p, field("models"), what, models, lo, hi) {
            return None;
        }
        let n = models as u32;
        let price = match unit_type {
            UnitType::Character => army::character_value(eff_level),
            UnitType::WarMachine => listed.points.or_else(|| army::machine_price(n, eff_level)),
            _ => match (listed.points, prof.hp) {
                (Some(pts), _) => Some(pts * n),
                (None, None) => army::minion_price(n, prof.resilience, eff_level),
                (None, Some(_)) => army::monster_price(eff_level).map(|x| x * n),
            },
        };
        Some((Body::loose(models as u16, command), price))
    }

    /// The unit a character joins (a problem unless it is a unit of his
    /// side, listed before him, that a character can join and has none).
    fn joins(
        &self,
        p: &mut Vec<Problem>,
        (si, k): (usize, usize),
        e: &DndUnitEntry,
        unit_type: UnitType,
        army: &Army,
    ) -> Option<usize> {
        let (ctx, field) = (self.ctx, |key: &str| unit_field(si, k, key));
        let side_id = if si == 0 { Side::A } else { Side::B };
        let units = &army.units;
        let host = e.joins.as_ref()?;
        if unit_type != UnitType::Character {
            ctx.err(p, field("joins"), "only characters join units", None);
            return None;
        }
        if e.at.is_some() {
            ctx.err(
                p,
                field("at"),
                "a character who joins a unit stands in it: give `joins` or `at`, not both",
                None,
            );
        }
        match units
            .iter()
            .position(|u| u.side == side_id && &u.label == host)
        {
            Some(h) if !army.profiles[units[h].profile].can_be_joined() => {
                ctx.err(
                    p,
                    field("joins"),
                    format!("`{host}` is not a unit a character can join"),
                    Some("join an infantry, cavalry, skirmisher or monster unit".into()),
                );
                None
            }
            Some(h) if units.iter().any(|u| u.joins == Some(h)) => {
                ctx.err(
                    p,
                    field("joins"),
                    format!("`{host}` already has a character"),
                    Some("muster plays one character per unit".into()),
                );
                None
            }
            Some(h) => Some(h),
            None => {
                ctx.err(
                    p,
                    field("joins"),
                    format!(
                        "no unit labelled `{host}` is listed before this character on this side"
                    ),
                    Some("list the unit first and give it a `label`".into()),
                );
                None
            }
        }
    }

    /// Magic items, the battle standard and the general of an entry: the
    /// items (None: too many) and the battle banner's cost.
    fn extras(
        &self,
        p: &mut Vec<Problem>,
        (si, k): (usize, usize),
        e: &DndUnitEntry,
        unit_type: UnitType,
    ) -> Option<(i64, u32)> {
        let (ctx, field) = (self.ctx, |key: &str| unit_field(si, k, key));
        let level = self.battle.level;
        let items = e.magic_items.unwrap_or(0);
        if !in_range(ctx, p, field("magic_items"), "magic_items", items, 0, 10) {
            return None;
        }
        if items > 0 && unit_type == UnitType::Character {
            ctx.err(p, field("magic_items"), "magic items go to units, not characters (L783); a character's own items cost nothing", Some("remove magic_items from the character".into()));
        }
        let battle_standard = e.battle_standard.unwrap_or(false);
        let banner_cost = if battle_standard {
            army::battle_banner_cost(level, false).unwrap_or(0)
        } else {
            0
        };
        if battle_standard && unit_type != UnitType::Character {
            ctx.err(
                p,
                field("battle_standard"),
                "the battle standard must be carried by a character (L785)",
                Some("move battle_standard = true to a character entry".into()),
            );
        }
        if e.general.unwrap_or(false) && unit_type != UnitType::Character {
            ctx.err(
                p,
                field("general"),
                "the general is a character (L652)",
                None,
            );
        }
        Some((items, banner_cost))
    }

    /// A unit's label (default: the profile id and a number), unique on its side.
    fn label(
        &self,
        p: &mut Vec<Problem>,
        (si, k): (usize, usize),
        e: &DndUnitEntry,
        id: &str,
        army: &Army,
    ) -> String {
        let side_id = if si == 0 { Side::A } else { Side::B };
        let units = &army.units;
        let label = e.label.clone().unwrap_or_else(|| {
            let n = units
                .iter()
                .filter(|u| u.side == side_id && army.profiles[u.profile].id == id)
                .count()
                + 1;
            format!("{id}#{n}")
        });
        if units.iter().any(|u| u.side == side_id && u.label == label) {
            self.ctx.err(
                p,
                unit_field(si, k, "label"),
                format!("label `{label}` is used twice on this side"),
                Some("give every unit its own label".into()),
            );
        }
        label
    }

    /// Validates unit entry `k` of side `si` into a unit of `army`.
    fn unit_entry(
        &self,
        p: &mut Vec<Problem>,
        army: &mut Army,
        list: &[ListedProfile],
        (si, k): (usize, usize),
        side: &DndSideRaw,
    ) {
        let (ctx, e) = (self.ctx, &side.units[k]);
        let field = |key: &str| unit_field(si, k, key);
        let Some(listed) = self.listed(p, list, field("profile"), e) else {
            return;
        };
        let over = match &e.profile_overrides {
            Some(o) => match self.overridden(p, (si, k), listed, o) {
                Some(l) => Some(l),
                None => return,
            },
            None => None,
        };
        let listed = over.as_ref().unwrap_or(listed);
        let Some((mut prof, eff_level)) = self.tiered(p, field("profile"), listed) else {
            return;
        };
        let unit_type = prof.unit_type;
        let command = command(ctx, p, field("captain"), e, unit_type);
        let of = (listed, &prof, eff_level);
        let body = if prof.has_companies() && unit_type != UnitType::Monster {
            self.companies(p, (si, k), e, of, command)
        } else {
            self.loose(p, (si, k), e, of, command)
        };
        let Some((body, base_price)) = body else {
            return;
        };
        let command_cost = army::command_price(
            command.captain,
            command.standard,
            command.musician,
            eff_level,
        )
        .unwrap_or(0);
        let Some((items, banner_cost)) = self.extras(p, (si, k), e, unit_type) else {
            return;
        };
        let item_cost = items as u32 * army::magic_item_cost(self.battle.level).unwrap_or(0);
        let label = self.label(p, (si, k), e, &prof.id, army);
        let points = base_price.unwrap_or(0)
            + if unit_type == UnitType::Character {
                0
            } else {
                command_cost + item_cost
            };
        let facing = e.facing.unwrap_or(if si == 0 { 0.0 } else { 180.0 });
        if !(-360.0..=360.0).contains(&facing) {
            ctx.err(
                p,
                field("facing"),
                format!(
                    "facing {} is not a bearing from -360 to 360 degrees",
                    if facing.abs() < 1e6 {
                        facing.to_string()
                    } else {
                        format!("{facing:e}")
                    }
                ),
                Some("give degrees clockwise from north, e.g. 0 (north) or 180 (south)".into()),
            );
            return;
        }
        let centre = e.at.map(|[x, y]| Vec2::new(x, y));
        let joins = self.joins(p, (si, k), e, unit_type, army);
        if e.joins.is_some() && joins.is_none() {
            // Its problem is reported; it has no place to check.
            return;
        }
        if e.joins.is_none() && centre.is_none() {
            ctx.err(
                p,
                field("at"),
                "the unit needs `at` = [x, y], its centre in inches",
                Some(format!(
                    "side {} deploys within {}\" of the {} edge",
                    side.name,
                    self.battle.zone,
                    if si == 0 { "south" } else { "north" }
                )),
            );
            return;
        }
        let (centre, bearing) = match joins {
            Some(h) => (army.units[h].centre, army.units[h].bearing),
            None => (centre.unwrap_or_default(), facing),
        };
        prof.points = base_price.unwrap_or(0);
        let unit = UnitSpec {
            label,
            side: if si == 0 { Side::A } else { Side::B },
            profile: 0,
            body,
            centre,
            bearing,
            battle_standard: e.battle_standard.unwrap_or(false),
            points,
            joins,
            general: e.general.unwrap_or(false),
            reserve: e.reserve.unwrap_or(false),
            overrides: e.profile_overrides.as_ref().map(ProfileOverrides::describe),
        };
        let entry = ArmyEntry {
            side: si,
            field: path!["side", si, "units", k],
            rarity: listed.rarity,
            unit_type,
            level: eff_level,
            points: if unit_type == UnitType::Character {
                banner_cost
            } else {
                points
            },
            magic_items: items as u32,
            battle_standard: unit.battle_standard,
            general: unit.general,
        };
        self.enlist(p, army, prof, entry, unit);
    }

    /// Adds a unit, its profile and its army-building entry to `army`; a
    /// character may neither join a reserve unit nor be held in reserve
    /// inside one.
    fn enlist(
        &self,
        p: &mut Vec<Problem>,
        army: &mut Army,
        prof: Profile,
        entry: ArmyEntry,
        mut unit: UnitSpec,
    ) {
        unit.profile = intern(&mut army.profiles, prof);
        if let Some(h) = unit
            .joins
            .filter(|&h| unit.reserve || army.units[h].reserve)
        {
            self.ctx.err(
                p,
                [entry.field.clone(), path!["reserve"]].concat(),
                format!(
                    "a character cannot join a reserve unit, nor be held in reserve inside `{}`",
                    army.units[h].label
                ),
                Some("deploy the character on his own with `reserve = true`, or join a unit on the table".into()),
            );
        }
        army.entries.push(entry);
        army.units.push(unit);
    }

    /// `listed` with unit entry `k` of side `si`'s `profile_overrides`
    /// applied, validated by the army list's rules (None: a problem).
    fn overridden(
        &self,
        p: &mut Vec<Problem>,
        (si, k): (usize, usize),
        listed: &ListedProfile,
        o: &ProfileOverrides,
    ) -> Option<ListedProfile> {
        let at = unit_field(si, k, PROFILE_OVERRIDES);
        if o.is_empty() {
            self.ctx.err(
                p,
                at,
                format!("an empty `{PROFILE_OVERRIDES}` overrides nothing"),
                Some("give the profile fields to replace (e.g. points = 300), or remove it".into()),
            );
            return None;
        }
        let before = p.len();
        let over = profile(self.ctx, p, &at, &o.apply(&listed.raw));
        (p.len() == before).then_some(over)
    }

    /// The listed profile a unit entry names (a problem when the side's
    /// army list has none of that id).
    fn listed<'l>(
        &self,
        p: &mut Vec<Problem>,
        list: &'l [ListedProfile],
        field: Vec<Seg>,
        e: &DndUnitEntry,
    ) -> Option<&'l ListedProfile> {
        let found = list.iter().find(|l| l.profile.id == e.profile);
        if found.is_none() && !list.is_empty() {
            let ids: Vec<&str> = list.iter().map(|l| l.profile.id.as_str()).collect();
            not_in_list(self.ctx, p, field, "profile", &e.profile, &ids);
        }
        found
    }

    /// Every side's units.
    fn army(
        &self,
        p: &mut Vec<Problem>,
        raw: &DndScenarioFile,
        lists: &[Vec<ListedProfile>; 2],
    ) -> Army {
        let mut army = Army::default();
        for (si, side) in raw.sides.iter().enumerate() {
            if side.units.is_empty() {
                self.ctx.err(
                    p,
                    path!["side", si, "units"],
                    format!("side `{}` has no units", side.name),
                    Some("add [[side.units]] tables".into()),
                );
            }
            for k in 0..side.units.len() {
                self.unit_entry(p, &mut army, &lists[si], (si, k), side);
            }
        }
        let written: usize = raw.sides.iter().map(|s| s.units.len()).sum();
        army.sound = army.entries.len() == written;
        army
    }
}

/// Resolves and validates each side's army list and doctrine.
fn side_lists(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    resolved: &mut DndScenarioFile,
    base: Option<&Path>,
) -> ([Vec<ListedProfile>; 2], Vec<Option<DndDoctrine>>) {
    let mut lists: [Vec<ListedProfile>; 2] = [Vec::new(), Vec::new()];
    let mut doctrines = Vec::new();
    side_files(
        ctx.loc,
        p,
        base,
        &mut resolved.sides,
        |s| (&mut s.army_list, &mut s.doctrine),
        (crate::rulesets::dnd_war::builtin::ARMY_LISTS, validate_list),
        (
            crate::rulesets::dnd_war::builtin::DOCTRINES,
            validate_doctrine,
        ),
        |_, i, list, doctrine| {
            if let Some(list) = list {
                lists[i] = list;
            }
            doctrines.push(doctrine);
        },
    );
    (lists, doctrines)
}

/// Deploys both armies by their doctrines, then checks the deployment (on
/// a sound table) and the army-building rules (when every unit was built);
/// returns the notes.
fn deploy_and_check(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    raw: &DndScenarioFile,
    battle: &Battle,
    army: &mut Army,
    doctrines: &[Option<DndDoctrine>],
    options: &DndOptions,
) -> Vec<String> {
    let mut notes: Vec<String> = Vec::new();
    if let [Some(a), Some(b)] = doctrines {
        notes.extend(crate::rulesets::dnd_war::input::deploy::apply(
            &army.profiles,
            &mut army.units,
            [a, b],
            [&raw.sides[0].name, &raw.sides[1].name],
        ));
    }
    if battle.board_ok {
        let fields: Vec<Vec<Seg>> = army.entries.iter().map(|e| e.field.clone()).collect();
        crate::rulesets::dnd_war::input::army::check_deployment(
            ctx,
            p,
            &army.profiles,
            &army.units,
            &fields,
            battle.board,
            battle.zone,
        );
    }
    if raw.scenario.army_building.unwrap_or(true) && army.sound {
        check_armies(
            ctx,
            p,
            &army.entries,
            battle.level,
            battle.size,
            options.points_table_errata,
            &mut notes,
        );
    } else {
        notes.push("army building is not checked (army_building = false)".into());
    }
    notes
}

/// Validates a D&D War scenario into a playable [`Scenario`].
pub fn validate(
    loc: &Locator,
    raw: DndScenarioFile,
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
        (SPECS, "dnd_war"),
        None,
        6,
        raw.run.battles,
    );
    let options = DndOptions::from_values(&head.options);
    let battle = battle(&ctx, p, &raw);
    if !two_sides(&ctx, p, raw.sides.len()) {
        return Err(Problems(problems));
    }
    let mut resolved = raw.clone();
    let before = p.len();
    let (lists, doctrines) = side_lists(&ctx, p, &mut resolved, base);
    let lists_sound = p.len() == before;
    let deploying = Deploying {
        ctx: &ctx,
        battle: &battle,
    };
    let mut army = deploying.army(p, &raw, &lists);
    // An army missing a unit that could not be built as written (or whose
    // list is unsound) would fail the army-building rules for that reason
    // alone: those rules are checked once its units are sound.
    army.sound &= lists_sound;
    let mut notes = deploy_and_check(&ctx, p, &raw, &battle, &mut army, &doctrines, &options);
    notes.extend(crate::rulesets::dnd_war::input::army::gap_notes(
        &resolved,
        &army.profiles,
        &army.units,
    ));
    let Battle {
        level,
        board,
        zone,
        terrain,
        ..
    } = battle;
    let sob_named =
        RulesetKind::from_name(&raw.scenario.ruleset) == Some(RulesetKind::StatesOfBattle);
    let table = crate::objectives::validate::Table {
        sides: [&raw.sides[0].name, &raw.sides[1].name],
        width: board.width,
        depth: board.depth,
        counters: sob_named,
    };
    let objectives = crate::objectives::validate::objectives(&ctx, p, &raw.objectives, &table);
    let setup = DndSetup {
        options,
        board,
        terrain,
        profiles: army.profiles,
        units: army.units,
        side_names: [raw.sides[0].name.clone(), raw.sides[1].name.clone()],
        deployment_depth: zone,
        objectives,
    };
    let sob = if sob_named {
        let battle = super::sob::DndOverlayBattle {
            setup: &setup,
            level,
        };
        crate::overlays::sob::input::validate::validate(&ctx, p, &mut resolved, base, &battle)
    } else {
        crate::overlays::sob::input::validate::reject_fields(&ctx, p, &raw);
        None
    };
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    let mut doctrines = doctrines
        .into_iter()
        .map(|d| d.expect("no problems means every doctrine resolved"));
    let doctrines = BySide([
        doctrines.next().expect("two sides"),
        doctrines.next().expect("two sides"),
    ]);
    let core = DndWar { setup, doctrines };
    let mut warnings = Vec::new();
    let (kind, rules) = match sob {
        Some(parts) => {
            notes.extend(parts.notes);
            warnings = parts.warnings;
            notes.extend(
                crate::overlays::sob::GAP_NOTES
                    .iter()
                    .map(|n| n.to_string()),
            );
            (
                RulesetKind::StatesOfBattle,
                ScenarioRules::StatesOfBattle(Box::new(
                    crate::rulesets::dnd_war::sob_core::SobOnDndWar {
                        core,
                        sob: parts.setup,
                        points: parts.points,
                    },
                )),
            )
        }
        None => (RulesetKind::DndWar, ScenarioRules::DndWar(Box::new(core))),
    };
    Ok(Scenario {
        name: raw.scenario.name.clone(),
        kind,
        battles: head.battles as u64,
        seed: raw.run.seed.unwrap_or(DEFAULT_SEED),
        resolved: ResolvedFile::new(resolved),
        notes,
        warnings,
        rules,
    })
}
