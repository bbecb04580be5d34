//! Validation of the States of Battle parts of a scenario on any core,
//! written against `core_input`'s two traits: the `[states_of_battle]`
//! options, each side's Generalship Die, MC adjustment, Orders build
//! (rejected with the cap it breaks, or the D23 build of `orders` when
//! none is given; warned about when it leaves units idle) and card-layer
//! doctrine, each unit's MCV, the army's Morale Counters (from the
//! core's points per counter, digest 1.2; reserve units count), and the
//! State of Battle triggers (in `triggers`). The core validates its own
//! parts and says how its units count (`SobBattleInput`).

use super::orders as sob_orders;
use crate::overlays::sob::battle::SobSetup;
use crate::overlays::sob::cards::{OrdersBuild, MENU, MENU_CARDS};
use crate::overlays::sob::doctrine::{
    favour_roll_off_default, Activation, Fire, GoFirst, OrdersOrder, RallyPick, SobDoctrine,
    StratagemTags, Tutor, When,
};
use crate::overlays::sob::input::core_input::{
    McBasis, Shooting, SobBattleInput, SobScenarioInput,
};
use crate::overlays::sob::input::file::{OrdersRaw, SobDoctrineFile, SobSideBlock, SobUnitBlock};
use crate::overlays::sob::morale::{army_mc, mcv};
use crate::overlays::sob::options::{SobOptions, SPECS};
use crate::overlays::sob::rolloff::GD_SIDES;
use crate::path;
use crate::rules::{BySide, RulesetKind};
use crate::scenario::checks::{check_options_at, in_range, ruleset_is, word, Ctx};
use crate::scenario::locate::Locator;
use crate::scenario::parse::fields_of;
use crate::scenario::problems::{Problem, Seg};
use crate::scenario::resolve_validated;
use std::path::Path;

/// What the overlay adds to a validated D&D War battle.
pub struct SobParts {
    pub setup: SobSetup,
    /// Points per unit, characters at their notional value.
    pub points: Vec<u32>,
    pub notes: Vec<String>,
    /// Located warnings: the scenario runs, but some of it stays idle.
    pub warnings: Vec<Problem>,
}

/// Validates a States of Battle doctrine.
pub fn validate_doctrine(
    raw: &SobDoctrineFile,
    loc: &Locator,
    prefix: &[Seg],
    p: &mut Vec<Problem>,
) -> SobDoctrine {
    let ctx = Ctx {
        loc,
        prefix: prefix.to_vec(),
    };
    ruleset_is(
        &ctx,
        p,
        path!["doctrine", "ruleset"],
        &raw.doctrine.ruleset,
        RulesetKind::StatesOfBattle,
        "doctrine",
    );
    let d = SobDoctrine::steady();
    let when = |p: &mut Vec<Problem>, key: &str, v: &Option<String>, default: When| {
        when_word(&ctx, p, key, v, default)
    };
    let favour = when(p, "favour", &raw.favour, d.favour);
    SobDoctrine {
        name: raw.doctrine.name.clone(),
        go_first: pick(&ctx, p, "go_first", &raw.go_first),
        tutor: pick(&ctx, p, "tutor", &raw.tutor),
        indecision_first: raw.indecision_first.unwrap_or(d.indecision_first),
        orders_order: pick(&ctx, p, "orders_order", &raw.orders_order),
        activation: pick(&ctx, p, "activation", &raw.activation),
        casters_forward: raw.casters_forward.unwrap_or(d.casters_forward),
        rally_pick: pick(&ctx, p, "rally_pick", &raw.rally_pick),
        omens: when(p, "omens", &raw.omens, d.omens),
        group_most_units: raw.group_most_units.unwrap_or(d.group_most_units),
        sneaky_critters: when(
            p,
            "sneaky_critters",
            &raw.sneaky_critters,
            d.sneaky_critters,
        ),
        fire: pick(&ctx, p, "fire", &raw.fire),
        stand_and_shoot: when(
            p,
            "stand_and_shoot",
            &raw.stand_and_shoot,
            d.stand_and_shoot,
        ),
        leadership: when(p, "leadership", &raw.leadership, d.leadership),
        favour,
        favour_roll_off: match raw.favour_roll_off {
            None => favour_roll_off_default(favour),
            Some(v) => {
                in_range(
                    &ctx,
                    p,
                    path!["favour_roll_off"],
                    "favour_roll_off",
                    v,
                    0,
                    99,
                );
                v.clamp(0, 99) as u8
            }
        },
        manoeuvre: when(p, "manoeuvre", &raw.manoeuvre, d.manoeuvre),
        stratagem_tags: pick(&ctx, p, "stratagem_tags", &raw.stratagem_tags),
        stratagem_plus4: when(
            p,
            "stratagem_plus4",
            &raw.stratagem_plus4,
            d.stratagem_plus4,
        ),
        heroic_challenge: when(
            p,
            "heroic_challenge",
            &raw.heroic_challenge,
            d.heroic_challenge,
        ),
        deploy_opponent_first: pick::<Deployment>(&ctx, p, "deployment", &raw.deployment).0,
    }
}

/// A `judged` / `always` / `never` decision of a doctrine (`default` when
/// absent or wrong).
fn when_word(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    key: &str,
    v: &Option<String>,
    default: When,
) -> When {
    match word(ctx, p, path![key], v.as_deref(), WHEN_WORDS, "") {
        "judged" => When::Judged,
        "always" => When::Always,
        "never" => When::Never,
        _ => default,
    }
}

/// The words of a `judged` / `always` / `never` decision.
pub(super) const WHEN_WORDS: &[&str] = &["judged", "always", "never"];

/// A doctrine decision named by one of a few words, the first the default.
pub(super) trait Words: Copy + 'static {
    /// Each word and its value, the default first.
    const WORDS: &'static [(&'static str, Self)];
}

/// The value of the word `v` of `key` (the default when absent or wrong).
fn pick<T: Words>(ctx: &Ctx, p: &mut Vec<Problem>, key: &str, v: &Option<String>) -> T {
    let allowed: Vec<&str> = T::WORDS.iter().map(|(w, _)| *w).collect();
    let given = word(ctx, p, path![key], v.as_deref(), &allowed, allowed[0]);
    T::WORDS
        .iter()
        .find(|(w, _)| *w == given)
        .map_or(T::WORDS[0].1, |(_, t)| *t)
}

impl Words for GoFirst {
    const WORDS: &'static [(&'static str, Self)] = &[
        ("if_charge_ready", GoFirst::IfChargeReady),
        ("always", GoFirst::Always),
        ("never", GoFirst::Never),
    ];
}

impl Words for Tutor {
    const WORDS: &'static [(&'static str, Self)] = &[
        ("situational", Tutor::Situational),
        ("fixed", Tutor::Fixed),
        ("decline", Tutor::Decline),
    ];
}

impl Words for OrdersOrder {
    const WORDS: &'static [(&'static str, Self)] = &[
        ("moves_first", OrdersOrder::MovesFirst),
        ("hand_order", OrdersOrder::HandOrder),
        ("melee_first", OrdersOrder::MeleeFirst),
    ];
}

impl Words for Activation {
    const WORDS: &'static [(&'static str, Self)] = &[
        ("best_charge", Activation::BestCharge),
        ("highest_mcv", Activation::HighestMcv),
        ("random", Activation::Random),
    ];
}

impl Words for RallyPick {
    const WORDS: &'static [(&'static str, Self)] = &[
        ("highest_mcv", RallyPick::HighestMcv),
        ("closest_to_edge", RallyPick::ClosestToEdge),
    ];
}

impl Words for Fire {
    const WORDS: &'static [(&'static str, Self)] = &[
        ("hold_for_chargers", Fire::HoldForChargers),
        ("asap", Fire::Asap),
        ("own_turn", Fire::OwnTurn),
    ];
}

impl Words for StratagemTags {
    const WORDS: &'static [(&'static str, Self)] = &[
        ("fastest", StratagemTags::Fastest),
        ("missile", StratagemTags::Missile),
        ("highest_mcv", StratagemTags::HighestMcv),
    ];
}

/// Whether the doctrine deploys after its opponent (`deployment`).
#[derive(Clone, Copy)]
struct Deployment(bool);

impl Words for Deployment {
    const WORDS: &'static [(&'static str, Self)] = &[
        ("opponent_first", Deployment(true)),
        ("self_first", Deployment(false)),
    ];
}

/// The overlay's setup from a core's validated battle: `raw` is the
/// core's scenario file (its overlay parts), `battle` the core's battle.
pub fn validate<F: SobScenarioInput>(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    raw: &mut F,
    base: Option<&Path>,
    battle: &impl SobBattleInput,
) -> Option<SobParts> {
    let empty = toml::Table::new();
    let values = check_options_at(
        ctx,
        p,
        raw.overlay_options().unwrap_or(&empty),
        SPECS,
        "states_of_battle",
        "states_of_battle",
    );
    let options = SobOptions::from_values(&values);
    if let Some(core) = raw.core_named() {
        check_core(ctx, p, core);
    }
    let basis = battle.mc_basis(&options);
    let mut notes = vec![basis.note.clone()];
    let mut sides = Sides {
        mcv: Vec::with_capacity(basis.units.len()),
        army: [0u32; 2],
        gd: [10u8; 2],
        builds: [OrdersBuild::DEFAULT; 2],
        doctrines: Vec::new(),
        warnings: Vec::new(),
    };
    let mut k = 0;
    for (si, side) in raw.sides_mut().iter_mut().enumerate() {
        let units = Units {
            basis: &basis,
            options: &options,
        };
        let (total, fields) =
            units.validate(ctx, p, si, &side.unit_blocks(), &mut k, &mut sides.mcv);
        sides.army[si] = side_mc(ctx, p, si, side, total, basis.ratio);
        if let Some(die) = side_gd(ctx, p, si, side) {
            sides.gd[si] = die;
        }
        sides.builds[si] = match side.orders() {
            None => sob_orders::default_build(fields.missile, fields.machine, fields.caster),
            Some(o) => orders_build(ctx, p, si, o),
        };
        sides.warnings.extend(sob_orders::build_warnings(
            ctx,
            si,
            side.side_name(),
            side.orders().is_some(),
            sides.builds[si],
            fields,
            options.missile_reload_scope,
        ));
        sides.doctrines.push(side_doctrine(ctx, p, si, side, base));
    }
    let triggers =
        crate::overlays::sob::input::triggers::validate(ctx, p, raw.sides(), &basis.units);
    for t in &triggers {
        let side = raw.sides()[t.side.index()].side_name();
        notes.push(format!(
            "State trigger: when `{side}` is {} or worse, it {}",
            t.state.name(),
            crate::overlays::sob::triggers::describe(&t.effect)
        ));
    }
    let objectives = battle.objectives().to_vec();
    objective_counters(&objectives, raw.sides(), &mut sides.army, &mut notes);
    let [Some(a), Some(b)] = [
        sides.doctrines.first().cloned().flatten(),
        sides.doctrines.get(1).cloned().flatten(),
    ] else {
        return None;
    };
    Some(SobParts {
        setup: SobSetup {
            options,
            gd: sides.gd,
            builds: sides.builds,
            army_mc: sides.army,
            mcv: sides.mcv,
            doctrines: BySide([a, b]),
            triggers,
            objectives,
        },
        points: basis.units.iter().map(|u| u.points).collect(),
        notes,
        warnings: sides.warnings,
    })
}

/// Adds each owner's objective counters to its army's, with a note per objective.
fn objective_counters<S: SobSideBlock>(
    objectives: &[crate::objectives::Objective],
    sides: &[S],
    army: &mut [u32; 2],
    notes: &mut Vec<String>,
) {
    let owned = crate::objectives::owned_mc(objectives);
    for (mc, extra) in army.iter_mut().zip(owned) {
        *mc += extra;
    }
    for o in objectives {
        let holder = |s: crate::rules::Side| sides[s.index()].side_name().to_string();
        let mut what = Vec::new();
        if let (Some(s), true) = (o.owner, o.mc > 0) {
            what.push(format!(
                "`{}` start with {} extra Morale Counters and forfeit them when it is seized",
                holder(s),
                o.mc
            ));
        }
        if o.at_end > 0 {
            what.push(format!(
                "whoever holds it when the round limit ends the battle adds {} counters",
                o.at_end
            ));
        }
        if o.ends_battle {
            what.push("taking it ends the battle, and the side that takes it wins".into());
        }
        notes.push(format!(
            "objective `{}` ({}\" around [{}, {}]): {}",
            o.name,
            o.radius,
            o.at[0],
            o.at[1],
            what.join("; ")
        ));
    }
}

/// The cores States of Battle runs on (each has a `SobCore` and the two
/// `core_input` traits).
const CORES: &[&str] = &["dnd_war"];

/// The `core` a scenario names: one of [`CORES`].
fn check_core(ctx: &Ctx, p: &mut Vec<Problem>, core: &str) {
    if !CORES.contains(&core) {
        ctx.err(
            p,
            path!["scenario", "core"],
            format!("`{core}` is not a core States of Battle can run on yet"),
            Some(format!("the one core so far is \"{}\"", CORES[0])),
        );
    }
}

/// The side's Generalship Die when it is a real die (d4, d6, d8, d10, d12,
/// d20; the seed rolls GD vs GD with polyhedral dice).
fn side_gd(ctx: &Ctx, p: &mut Vec<Problem>, si: usize, side: &impl SobSideBlock) -> Option<u8> {
    let die = side.gd().unwrap_or(10);
    if !GD_SIDES.iter().any(|&d| i64::from(d) == die) {
        ctx.err(
            p,
            path!["side", si, "gd"],
            format!("a Generalship Die of {die} sides is not a die"),
            Some("give one of 4, 6, 8, 10, 12, 20 (d4 to d20)".to_string()),
        );
        return None;
    }
    Some(die as u8)
}

/// What the sides' validation gathers, side by side.
struct Sides {
    /// Each unit's MCV, in scenario order.
    mcv: Vec<u32>,
    army: [u32; 2],
    gd: [u8; 2],
    builds: [OrdersBuild; 2],
    doctrines: Vec<Option<SobDoctrine>>,
    warnings: Vec<Problem>,
}

/// What a side's units are validated against.
struct Units<'a> {
    basis: &'a McBasis,
    options: &'a SobOptions,
}

impl Units<'_> {
    /// Each unit's MCV of side `si` into `mcv` (`k`: the next unit of the
    /// battle); returns the side's points toward its Morale Counters and
    /// its shooters' points.
    fn validate(
        &self,
        ctx: &Ctx,
        p: &mut Vec<Problem>,
        si: usize,
        units: &[&dyn SobUnitBlock],
        k: &mut usize,
        mcv_out: &mut Vec<u32>,
    ) -> (u64, sob_orders::Shooters) {
        let mut total = 0u64;
        let mut fields = sob_orders::Shooters::default();
        for (ui, e) in units.iter().enumerate() {
            let Some(unit) = self.basis.units.get(*k) else {
                break;
            };
            *k += 1;
            let pts = unit.points;
            if unit.in_army_total {
                total += u64::from(pts);
            }
            match unit.shooting {
                Shooting::Machine => fields.machine += pts,
                Shooting::Spells => fields.caster += pts,
                Shooting::Missile => fields.missile += pts,
                Shooting::None => {}
            }
            let field = path!["side", si, "units", ui, "mcv"];
            let value = match (e.mcv(), self.options.mcv_rounding) {
                (Some(v), _) => {
                    in_range(ctx, p, field, "mcv", v, 1, 1000);
                    v.clamp(1, 1000) as u32
                }
                (None, Some(rounding)) => mcv(f64::from(pts), self.basis.ratio, rounding),
                (None, None) => {
                    ctx.err(
                        p,
                        field,
                        "mcv_rounding = \"manual\" needs an `mcv` for every unit",
                        Some("give `mcv = N`, or choose another mcv_rounding".into()),
                    );
                    1
                }
            };
            mcv_out.push(value);
        }
        (total, fields)
    }
}

/// The side's starting Morale Counters (at least 1), from `total` points
/// and its `mc_adjust`.
fn side_mc(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    si: usize,
    side: &impl SobSideBlock,
    total: u64,
    ratio: f64,
) -> u32 {
    let adjust = side.mc_adjust().unwrap_or(0);
    let field = path!["side", si, "mc_adjust"];
    if !in_range(ctx, p, field, "mc_adjust", adjust, -10_000, 10_000) {
        return 1;
    }
    let mc = i64::from(army_mc(total as f64, ratio)) + adjust;
    if mc < 1 {
        ctx.err(
            p,
            path!["side", si, "mc_adjust"],
            format!("side `{}` would start with {mc} Morale Counters ({total} points at {ratio} per counter, {adjust:+})", side.side_name()),
            Some("an army needs at least 1 MC (TV-01): add points, raise mc_adjust or lower mc_points_per_counter".into()),
        );
    }
    mc.clamp(1, i64::from(u32::MAX)) as u32
}

/// A side's Orders build as given, each count and cap checked.
fn orders_build(ctx: &Ctx, p: &mut Vec<Problem>, si: usize, o: &OrdersRaw) -> OrdersBuild {
    let mut counts = [0u8; 7];
    for (j, c) in o.counts().iter().enumerate() {
        let key = fields_of::<OrdersRaw>()[j];
        let v = c.unwrap_or(0);
        if in_range(
            ctx,
            p,
            path!["side", si, "orders", key],
            key,
            v,
            0,
            i64::from(MENU_CARDS),
        ) {
            counts[j] = v as u8;
        }
    }
    let build = OrdersBuild(counts);
    for problem in build.problems() {
        let key = match &problem {
            crate::overlays::sob::cards::BuildError::OverCap { card, .. } => {
                path!["side", si, "orders", card.id()]
            }
            _ => path!["side", si, "orders"],
        };
        let caps: Vec<String> = MENU
            .iter()
            .map(|(o, c)| format!("{} {c}", o.id()))
            .collect();
        ctx.err(
            p,
            key,
            format!("illegal Orders build: {problem}"),
            Some(format!(
                "choose 14 cards within the caps: {}",
                caps.join(", ")
            )),
        );
    }
    build
}

/// The side's card-layer doctrine (`steady` when none is named), resolved
/// and validated.
fn side_doctrine(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    si: usize,
    side: &mut impl SobSideBlock,
    base: Option<&Path>,
) -> Option<SobDoctrine> {
    let reference = side
        .sob_doctrine_mut()
        .get_or_insert_with(|| crate::scenario::raw::Reference::Named("steady".into()));
    resolve_validated(
        reference,
        path!["side", si, "sob_doctrine"],
        ctx.loc,
        base,
        crate::overlays::sob::builtin::DOCTRINES,
        "States of Battle doctrine",
        p,
        validate_doctrine,
    )
}

/// A scenario of the core alone may not carry States of Battle settings.
pub fn reject_fields(ctx: &Ctx, p: &mut Vec<Problem>, raw: &impl SobScenarioInput) {
    let hint = || {
        Some("set `ruleset = \"states_of_battle\"` in [scenario] to play the card overlay, or remove it".to_string())
    };
    if raw.overlay_options().is_some() {
        ctx.err(
            p,
            path!["states_of_battle"],
            "[states_of_battle] options need ruleset = \"states_of_battle\"",
            hint(),
        );
    }
    if raw.core_named().is_some() {
        ctx.err(
            p,
            path!["scenario", "core"],
            "`core` is a States of Battle setting",
            hint(),
        );
    }
    for (si, side) in raw.sides().iter().enumerate() {
        let keys = [
            ("gd", side.gd().is_some()),
            ("mc_adjust", side.mc_adjust().is_some()),
            ("orders", side.orders().is_some()),
            ("sob_doctrine", side.has_sob_doctrine()),
            ("trigger", !side.triggers().is_empty()),
        ];
        for (key, set) in keys {
            if set {
                ctx.err(
                    p,
                    path!["side", si, key],
                    format!("`{key}` is a States of Battle setting"),
                    hint(),
                );
            }
        }
        for (ui, u) in side.unit_blocks().iter().enumerate() {
            for (key, set) in [
                ("mcv", u.mcv().is_some()),
                ("reserve", u.reserve().is_some()),
            ] {
                if set {
                    ctx.err(
                        p,
                        path!["side", si, "units", ui, key],
                        format!("`{key}` is a States of Battle setting"),
                        hint(),
                    );
                }
            }
        }
    }
}
