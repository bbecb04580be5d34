//! Validation of the States of Battle parts of a scenario played on the
//! D&D War core: the `[states_of_battle]` options, each side's
//! Generalship Die, MC adjustment, Orders build (rejected with the cap it
//! breaks, or the D23 build of `orders` when none is given; warned
//! about when it leaves units idle) and card-layer doctrine, each unit's
//! MCV, and the army's Morale Counters (digest 1.2:
//! 2.5 x XP of the battle level per counter, characters at a notional
//! 4 x XP; reserve units count), and the State of Battle triggers (in
//! `triggers`). The D&D War parts are validated by `rulesets::dnd_war::input`.

use super::orders as sob_orders;
use crate::overlays::sob::battle::SobSetup;
use crate::overlays::sob::cards::{OrdersBuild, MENU, MENU_CARDS};
use crate::overlays::sob::doctrine::{
    favour_roll_off_default, Activation, Fire, GoFirst, OrdersOrder, RallyPick, SobDoctrine,
    StratagemTags, Tutor, When,
};
use crate::overlays::sob::input::file::SobDoctrineFile;
use crate::overlays::sob::morale::{army_mc, mcv};
use crate::overlays::sob::options::{SobOptions, SPECS};
use crate::overlays::sob::rolloff::GD_SIDES;
use crate::path;
use crate::rules::{BySide, RulesetKind};
use crate::rulesets::dnd_war::army::xp;
use crate::rulesets::dnd_war::input::file::DndScenarioFile;
use crate::rulesets::dnd_war::setup::DndSetup;
use crate::scenario::checks::{check_options_at, in_range, ruleset_is, word, Ctx};
use crate::scenario::locate::Locator;
use crate::scenario::problems::{Problem, Seg};
use crate::scenario::{builtin, resolve_validated};
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
    let when = |p: &mut Vec<Problem>, key: &str, v: &Option<String>, default: When| match word(
        &ctx,
        p,
        path![key],
        v.as_deref(),
        &["judged", "always", "never"],
        "",
    ) {
        "judged" => When::Judged,
        "always" => When::Always,
        "never" => When::Never,
        _ => default,
    };
    let favour = when(p, "favour", &raw.favour, d.favour);
    SobDoctrine {
        name: raw.doctrine.name.clone(),
        go_first: match word(
            &ctx,
            p,
            path!["go_first"],
            raw.go_first.as_deref(),
            &["if_charge_ready", "always", "never"],
            "if_charge_ready",
        ) {
            "always" => GoFirst::Always,
            "never" => GoFirst::Never,
            _ => GoFirst::IfChargeReady,
        },
        tutor: match word(
            &ctx,
            p,
            path!["tutor"],
            raw.tutor.as_deref(),
            &["situational", "fixed", "decline"],
            "situational",
        ) {
            "fixed" => Tutor::Fixed,
            "decline" => Tutor::Decline,
            _ => Tutor::Situational,
        },
        indecision_first: raw.indecision_first.unwrap_or(d.indecision_first),
        orders_order: match word(
            &ctx,
            p,
            path!["orders_order"],
            raw.orders_order.as_deref(),
            &["moves_first", "hand_order", "melee_first"],
            "moves_first",
        ) {
            "hand_order" => OrdersOrder::HandOrder,
            "melee_first" => OrdersOrder::MeleeFirst,
            _ => OrdersOrder::MovesFirst,
        },
        activation: match word(
            &ctx,
            p,
            path!["activation"],
            raw.activation.as_deref(),
            &["best_charge", "highest_mcv", "random"],
            "best_charge",
        ) {
            "highest_mcv" => Activation::HighestMcv,
            "random" => Activation::Random,
            _ => Activation::BestCharge,
        },
        rally_pick: match word(
            &ctx,
            p,
            path!["rally_pick"],
            raw.rally_pick.as_deref(),
            &["highest_mcv", "closest_to_edge"],
            "highest_mcv",
        ) {
            "closest_to_edge" => RallyPick::ClosestToEdge,
            _ => RallyPick::HighestMcv,
        },
        omens: when(p, "omens", &raw.omens, d.omens),
        group_most_units: raw.group_most_units.unwrap_or(d.group_most_units),
        sneaky_critters: when(
            p,
            "sneaky_critters",
            &raw.sneaky_critters,
            d.sneaky_critters,
        ),
        fire: match word(
            &ctx,
            p,
            path!["fire"],
            raw.fire.as_deref(),
            &["hold_for_chargers", "asap", "own_turn"],
            "hold_for_chargers",
        ) {
            "asap" => Fire::Asap,
            "own_turn" => Fire::OwnTurn,
            _ => Fire::HoldForChargers,
        },
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
        stratagem_tags: match word(
            &ctx,
            p,
            path!["stratagem_tags"],
            raw.stratagem_tags.as_deref(),
            &["fastest", "missile", "highest_mcv"],
            "fastest",
        ) {
            "missile" => StratagemTags::Missile,
            "highest_mcv" => StratagemTags::HighestMcv,
            _ => StratagemTags::Fastest,
        },
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
        deploy_opponent_first: word(
            &ctx,
            p,
            path!["deployment"],
            raw.deployment.as_deref(),
            &["opponent_first", "self_first"],
            "opponent_first",
        ) == "opponent_first",
    }
}

/// The overlay's setup from a validated D&D War battle.
#[allow(clippy::too_many_arguments)]
pub fn validate(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    raw: &mut DndScenarioFile,
    base: Option<&Path>,
    setup: &DndSetup,
    level: u8,
) -> Option<SobParts> {
    let empty = toml::Table::new();
    let values = check_options_at(
        ctx,
        p,
        raw.states_of_battle.as_ref().unwrap_or(&empty),
        SPECS,
        "states_of_battle",
        "states_of_battle",
    );
    let options = SobOptions::from_values(&values);
    if let Some(core) = &raw.scenario.core {
        if core != "dnd_war" {
            ctx.err(
                p,
                path!["scenario", "core"],
                format!("`{core}` is not a core States of Battle can run on yet"),
                Some("the one core so far is \"dnd_war\"".into()),
            );
        }
    }
    let xp_l = xp(level).unwrap_or(1);
    let ratio = if options.mc_points_per_counter > 0 {
        f64::from(options.mc_points_per_counter)
    } else {
        f64::from(options.dnd_mc_ratio_xp_tenths) * f64::from(xp_l) / 10.0
    };
    let notional = options.dnd_character_notional_xp * xp_l;
    let points: Vec<u32> = setup
        .units
        .iter()
        .map(|u| {
            if setup.profiles[u.profile].is_character() {
                notional
            } else {
                u.points
            }
        })
        .collect();
    let mut notes = vec![format!(
        "States of Battle: {ratio} points per Morale Counter; characters count {notional} notional points"
    )];
    let mut out_mcv = Vec::with_capacity(setup.units.len());
    let mut army = [0u32; 2];
    let mut gd = [10u8; 2];
    let mut builds = [OrdersBuild::DEFAULT; 2];
    let mut doctrines: Vec<Option<SobDoctrine>> = Vec::new();
    let mut warnings = Vec::new();
    let mut k = 0;
    for (si, side) in raw.sides.iter_mut().enumerate() {
        let mut total = 0u64;
        let mut fields = sob_orders::Shooters::default();
        for (ui, e) in side.units.iter().enumerate() {
            let Some(spec) = setup.units.get(k) else {
                break;
            };
            k += 1;
            let prof = &setup.profiles[spec.profile];
            let pts = points[k - 1];
            if !prof.is_character() || options.dnd_characters_in_mc_total {
                total += u64::from(pts);
            }
            match (prof.machine, prof.ranged) {
                (Some(_), _) => fields.machine += pts,
                (None, Some(r)) if r.spell => fields.caster += pts,
                (None, Some(_)) => fields.missile += pts,
                (None, None) => {}
            }
            let field = path!["side", si, "units", ui, "mcv"];
            let value = match (e.mcv, options.mcv_rounding) {
                (Some(v), _) => {
                    in_range(ctx, p, field, "mcv", v, 1, 1000);
                    v.clamp(1, 1000) as u32
                }
                (None, Some(rounding)) => mcv(f64::from(pts), ratio, rounding),
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
            out_mcv.push(value);
        }
        let adjust = side.mc_adjust.unwrap_or(0);
        in_range(
            ctx,
            p,
            path!["side", si, "mc_adjust"],
            "mc_adjust",
            adjust,
            -10_000,
            10_000,
        );
        let mc = i64::from(army_mc(total as f64, ratio)) + adjust;
        if mc < 1 {
            ctx.err(
                p,
                path!["side", si, "mc_adjust"],
                format!("side `{}` would start with {mc} Morale Counters ({total} points at {ratio} per counter, {adjust:+})", side.name),
                Some("an army needs at least 1 MC (TV-01): add points, raise mc_adjust or lower mc_points_per_counter".into()),
            );
        }
        army[si] = mc.max(1) as u32;
        let die = side.gd.unwrap_or(10);
        if in_range(ctx, p, path!["side", si, "gd"], "gd", die, 2, 100) {
            gd[si] = die as u8;
            if !GD_SIDES.contains(&(die as u8)) {
                notes.push(format!(
                    "side `{}` rolls a d{die} Generalship Die, not a standard polyhedron",
                    side.name
                ));
            }
        }
        builds[si] = match &side.orders {
            None => sob_orders::default_build(fields.missile, fields.machine, fields.caster),
            Some(o) => {
                let mut counts = [0u8; 7];
                for (j, c) in o.counts().iter().enumerate() {
                    let key = crate::overlays::sob::input::file::ORDERS_KEYS[j];
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
        };
        warnings.extend(sob_orders::build_warnings(
            ctx,
            si,
            &side.name,
            side.orders.is_some(),
            builds[si],
            fields,
            options.missile_reload_scope,
        ));
        if side.sob_doctrine.is_none() {
            side.sob_doctrine = Some(crate::scenario::raw::Reference::Named("steady".into()));
        }
        let reference = side.sob_doctrine.as_mut().expect("set just above");
        doctrines.push(resolve_validated(
            reference,
            path!["side", si, "sob_doctrine"],
            ctx.loc,
            base,
            builtin::SOB_DOCTRINES,
            "States of Battle doctrine",
            p,
            validate_doctrine,
        ));
    }
    let triggers = crate::overlays::sob::input::triggers::validate(ctx, p, raw, setup);
    for t in &triggers {
        let side = &raw.sides[t.side.index()].name;
        notes.push(format!(
            "State trigger: when `{side}` is {} or worse, it {}",
            t.state.name(),
            crate::overlays::sob::triggers::describe(&t.effect)
        ));
    }
    let [Some(a), Some(b)] = [
        doctrines.first().cloned().flatten(),
        doctrines.get(1).cloned().flatten(),
    ] else {
        return None;
    };
    Some(SobParts {
        setup: SobSetup {
            options,
            gd,
            builds,
            army_mc: army,
            mcv: out_mcv,
            doctrines: BySide([a, b]),
            triggers,
        },
        points,
        notes,
        warnings,
    })
}
