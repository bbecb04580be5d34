//! Validation of Standards of Valor inputs: army lists into figure types,
//! doctrines into [`SovDoctrine`], and scenarios into a ready [`SovSetup`]
//! whose every index, label and position is safe for the rules code, with
//! every problem at once, located, and a hint. Also the gap note every run
//! prints: what of the seed is not simulated.

use crate::path;
use crate::rules::{RulesetKind, Side};
use crate::rulesets::standards_of_valor::arms::{Ability, Melee, Missile, Quality};
use crate::rulesets::standards_of_valor::deploy::{self, SetupKind};
use crate::rulesets::standards_of_valor::doctrine::*;
use crate::rulesets::standards_of_valor::input::file::*;
use crate::rulesets::standards_of_valor::ladder::Die;
use crate::rulesets::standards_of_valor::melee_dice::Formation;
use crate::rulesets::standards_of_valor::options::{SovOptions, SPECS};
use crate::rulesets::standards_of_valor::points;
use crate::rulesets::standards_of_valor::setup::*;
use crate::rulesets::standards_of_valor::terrain::{Feature, Terrain, TerrainKind};
use crate::scenario::checks::{
    army_list_entries, header, in_range, not_in_list, pooled_forces, ruleset_is, terrain_shape,
    two_sides, Ctx, PooledForces, Word,
};
use crate::scenario::locate::Locator;
use crate::scenario::problems::{Problem, Problems, Seg};
use crate::scenario::{ResolvedFile, Scenario, ScenarioRules, DEFAULT_SEED};
use std::path::Path;

/// What every Standards of Valor run prints: the parts of the seed that are
/// not simulated (see docs/rulesets/standards_of_valor.md).
pub const GAP_NOTE: &str = "Standards of Valor: not simulated: hills and heights, In Position, wheels within a move or of 45 degrees, obliques, counter-march and caracole, fire arcs, Broken units' moves around other units, transfers to units that are not ready to act, detached elements, regrouping, squares, battle lines, opportunity fire, overwatch, fire and retire, counter-charges, cavalry recall and wrap, warhorses, wedges, composite units, Mobile Missile Platforms, Parting Shot, Last Stand, tech eras, weather, hidden units, characters, artillery, vehicles and campaigns; the Command Roll of target priority (taken as passed), charges into a melee, travel movement, combat movement for ordinary moves, formation changes, integrity lost in rough ground, the Phalanx's limits, Shield Walls lowered by charges, fright checks without sight (see `muster rules standards_of_valor`)";

/// A word of type `W` at `field`, with `default` when missing or wrong.
fn word<W: Word>(ctx: &Ctx, p: &mut Vec<Problem>, field: Vec<Seg>, given: &str, default: W) -> W {
    W::read_or(ctx, p, field, Some(given), default)
}

/// Every word of a list field, each checked.
fn words_of<W: Word>(ctx: &Ctx, p: &mut Vec<Problem>, base: Vec<Seg>, given: &[String]) -> Vec<W> {
    given
        .iter()
        .enumerate()
        .filter_map(|(k, g)| W::read(ctx, p, [base.clone(), path![k]].concat(), Some(g)))
        .collect()
}

fn profile(ctx: &Ctx, p: &mut Vec<Problem>, i: usize, r: &SovProfileRaw) -> Profile {
    let f = |k: &str| path!["profile", i, k];
    let mount = word(ctx, p, f("mount"), &r.mount, MountWord::Foot).mount();
    let move_die = word(ctx, p, f("move"), &r.move_die, Die::D6);
    let armour = word(ctx, p, f("armour"), &r.armour, Die::D4);
    let missiles: Vec<Missile> = words_of(ctx, p, f("missile"), &r.missile);
    let melee: Vec<Melee> = words_of(ctx, p, f("melee"), &r.melee);
    let abilities: Vec<Ability> = words_of(ctx, p, f("abilities"), &r.abilities);
    if r.melee.is_empty() {
        ctx.err(
            p,
            f("melee"),
            format!("figure type `{}` has no hand-to-hand weapon", r.id),
            Some(
                "add melee = [\"dagger\"] for troops with only a knife or club (L2001-2126)"
                    .to_string(),
            ),
        );
    }
    Profile {
        id: r.id.clone(),
        name: r.name.clone(),
        mount,
        move_die,
        armour,
        large_shield: r.large_shield.unwrap_or(false),
        missile: missiles.first().copied(),
        missiles,
        melee,
        abilities,
    }
}

/// Validates a Standards of Valor army list; returns its figure types.
pub fn validate_list(
    raw: &SovArmyListFile,
    loc: &Locator,
    prefix: &[Seg],
    p: &mut Vec<Problem>,
) -> Vec<Profile> {
    army_list_entries(
        loc,
        prefix,
        p,
        (&raw.army_list.ruleset, RulesetKind::StandardsOfValor),
        "profile",
        &raw.profiles,
        |x| x.id.as_str(),
        profile,
    )
}

fn key<W: Word + Copy>(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    k: &str,
    given: &Option<String>,
    default: W,
) -> W {
    W::read_or(ctx, p, path![k], given.as_deref(), default)
}

/// Validates a Standards of Valor doctrine.
pub fn validate_doctrine(
    raw: &SovDoctrineFile,
    loc: &Locator,
    prefix: &[Seg],
    p: &mut Vec<Problem>,
) -> SovDoctrine {
    let ctx = Ctx {
        loc,
        prefix: prefix.to_vec(),
    };
    ruleset_is(
        &ctx,
        p,
        path!["doctrine", "ruleset"],
        &raw.doctrine.ruleset,
        RulesetKind::StandardsOfValor,
        "doctrine",
    );
    let d = SovDoctrine::plain(&raw.doctrine.name);
    SovDoctrine {
        activation_order: key(
            &ctx,
            p,
            "activation_order",
            &raw.activation_order,
            d.activation_order,
        ),
        passing: key(&ctx, p, "passing", &raw.passing, d.passing),
        first_activation: key(
            &ctx,
            p,
            "first_activation",
            &raw.first_activation,
            d.first_activation,
        ),
        movement: key(&ctx, p, "movement", &raw.movement, d.movement),
        charge: key(&ctx, p, "charge", &raw.charge, d.charge),
        targets: key(&ctx, p, "targets", &raw.targets, d.targets),
        second_fire: raw.second_fire.unwrap_or(d.second_fire),
        volley: raw.volley.unwrap_or(d.volley),
        receive_charge: key(
            &ctx,
            p,
            "receive_charge",
            &raw.receive_charge,
            d.receive_charge,
        ),
        defensive_fire: raw.defensive_fire.unwrap_or(d.defensive_fire),
        follow_through: raw.follow_through.unwrap_or(d.follow_through),
        remove_suppression_first: raw
            .remove_suppression_first
            .unwrap_or(d.remove_suppression_first),
        rally: raw.rally.unwrap_or(d.rally),
        transfers: raw.transfers.unwrap_or(d.transfers),
        shield_wall: raw.shield_wall.unwrap_or(d.shield_wall),
        reform: raw.reform.unwrap_or(d.reform),
        face_threats: raw.face_threats.unwrap_or(d.face_threats),
        keep_lanes: raw.keep_lanes.unwrap_or(d.keep_lanes),
        hth_withdraw: key(&ctx, p, "hth_withdraw", &raw.hth_withdraw, d.hth_withdraw),
        combined_assault: key(
            &ctx,
            p,
            "combined_assault",
            &raw.combined_assault,
            d.combined_assault,
        ),
        objective_share: share(&ctx, p, raw.objective_share, d.objective_share),
        name: d.name,
    }
}

/// The doctrine's `objective_share`, a percent (default `default`).
fn share(ctx: &Ctx, p: &mut Vec<Problem>, given: Option<i64>, default: u8) -> u8 {
    let key = "objective_share";
    match given {
        Some(v) if in_range(ctx, p, path![key], key, v, 0, 100) => v as u8,
        _ => default,
    }
}

/// Each side's figure types (indices into one pool) and doctrine.
type Forces = PooledForces<SovScenarioFile, Profile, SovDoctrine>;

fn forces(ctx: &Ctx, p: &mut Vec<Problem>, raw: &SovScenarioFile, base: Option<&Path>) -> Forces {
    use crate::rulesets::standards_of_valor::builtin::{ARMY_LISTS, DOCTRINES};
    pooled_forces(
        (ctx.loc, p, base),
        raw,
        |r| &mut r.sides,
        |s| (&mut s.army_list, &mut s.doctrine),
        ((ARMY_LISTS, validate_list), (DOCTRINES, validate_doctrine)),
    )
}

/// The price of one figure of `p` of quality `q` under the options.
pub fn figure_cost(p: &Profile, q: Quality, options: &SovOptions) -> f64 {
    use crate::rulesets::standards_of_valor::options::{CostModelOption, ShortSwordCost};
    let model = match options.cost_model {
        CostModelOption::Formula => points::CostModel::Formula,
        CostModelOption::Table => points::CostModel::Table,
    };
    let sword = match options.short_sword_cost {
        ShortSwordCost::Table => points::ShortSwordDie::Table,
        ShortSwordCost::Example => points::ShortSwordDie::Example,
    };
    let f = points::FigureCost {
        move_die: p.move_die,
        armour: p.armour,
        large_shield: p.large_shield,
        missiles: &p.missiles,
        melee: &p.melee,
        abilities: &p.abilities,
        quality: q,
    };
    points::figure_cost(&f, model, sword)
}

/// The default front rank: one rank in Skirmish, else about twice as wide
/// as deep.
fn default_files(figures: u16, formation: Formation) -> u16 {
    if formation == Formation::Skirmish {
        return figures;
    }
    let w = (f64::from(figures) * 2.0).sqrt().ceil() as u16;
    w.clamp(1, figures)
}

/// The options, the table (width, depth) and the set-up units are placed under.
type Placing<'a> = (&'a SovOptions, [f64; 2], SetupKind);

/// A unit's centre `at` (written at `field`), checked against the table and
/// the set-up: required on the table when the scenario places its units,
/// refused when the set-up does (then the origin until `deploy` places it).
fn placed_at(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    field: Vec<Seg>,
    at: Option<[f64; 2]>,
    (table, set_up): ([f64; 2], SetupKind),
) -> Option<[f64; 2]> {
    match (set_up, at) {
        (SetupKind::Placed, None) => {
            ctx.err(
                p,
                field,
                "`at` is missing and the set-up is placed",
                Some("give the unit's centre, `at = [x, y]` in inches from the south-west corner, or set `setup = \"fixed_battle\"` or `\"encounter\"` in [battlefield]".to_string()),
            );
            None
        }
        (SetupKind::Placed, Some(at)) => {
            let on_table = (0.0..=table[0]).contains(&at[0]) && (0.0..=table[1]).contains(&at[1]);
            if !on_table {
                ctx.err(
                    p,
                    field,
                    format!(
                        "[{}, {}] is off the {} x {} table",
                        at[0], at[1], table[0], table[1]
                    ),
                    Some(
                        "x from 0 to battlefield.width, y from 0 to battlefield.depth (inches)"
                            .to_string(),
                    ),
                );
            }
            on_table.then_some(at)
        }
        (kind, Some(_)) => {
            ctx.err(
                p,
                field,
                format!("`at` is given but the set-up is {}", kind.name()),
                Some("remove `at`, or set `setup = \"placed\"` in [battlefield]".to_string()),
            );
            None
        }
        (_, None) => Some([0.0, 0.0]),
    }
}

/// One unit entry of side `si`, if valid; parents are resolved later.
fn unit_entry(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    forces: &Forces,
    (si, k): (usize, usize),
    e: &SovUnitEntry,
    (options, table, set_up): Placing,
) -> Option<UnitSpec> {
    let sub = |key: &str| path!["side", si, "units", k, key];
    let mine = &forces.side_items[si];
    let found = mine
        .iter()
        .copied()
        .find(|&t| forces.pool[t].id == e.profile);
    if found.is_none() && !mine.is_empty() {
        let ids: Vec<&str> = mine.iter().map(|&t| forces.pool[t].id.as_str()).collect();
        not_in_list(ctx, p, sub("profile"), "profile", &e.profile, &ids);
    }
    let figures_ok = in_range(ctx, p, sub("figures"), "figures", e.figures, 1, 1000);
    let formation = word(ctx, p, sub("formation"), &e.formation, Formation::Open);
    let quality = word(ctx, p, sub("quality"), &e.quality, Quality::Regular);
    let lv_ok = in_range(ctx, p, sub("lv"), "lv", e.lv, 1, 3);
    let figures = e.figures.clamp(1, 1000) as u16;
    let files = e
        .files
        .unwrap_or(i64::from(default_files(figures, formation)));
    let files_ok = in_range(ctx, p, sub("files"), "files", files, 1, 1000);
    let on_table = placed_at(ctx, p, sub("at"), e.at, (table, set_up));
    let profile = found?;
    let prof = &forces.pool[profile];
    let sling = prof.missile.is_some_and(|m| m.stats().skirmish_only);
    if sling && formation != Formation::Skirmish {
        ctx.err(
            p,
            sub("formation"),
            "slingers fight in Skirmish only (L1843-1999)",
            Some("set formation = \"skirmish\"".to_string()),
        );
    }
    let (Some(at), true) = (on_table, figures_ok && lv_ok && files_ok) else {
        return None;
    };
    let points = (figure_cost(prof, quality, options) * f64::from(figures)).round() as u32;
    Some(UnitSpec {
        side: if si == 0 { Side::A } else { Side::B },
        label: e.label.clone().unwrap_or_default(),
        profile,
        figures,
        files: (files as u16).min(figures),
        formation,
        quality,
        lv: e.lv as u8,
        parent: None,
        at: [at[0] as f32, at[1] as f32],
        points,
    })
}

/// Every side's units, labelled (given labels, else `profile#n`) and with
/// their parents resolved.
fn units(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    raw: &SovScenarioFile,
    forces: &Forces,
    opts: Placing,
) -> Vec<UnitSpec> {
    let mut units: Vec<UnitSpec> = Vec::new();
    let mut entries = Vec::new();
    for (si, side) in raw.sides.iter().enumerate() {
        if side.units.is_empty() {
            ctx.err(p, path!["side", si, "units"], format!("side `{}` has no units", side.name), Some("add units = [{ profile = \"...\", figures = 20, formation = \"open\", quality = \"regular\", lv = 2, at = [36, 6] }]".to_string()));
        }
        for (k, e) in side.units.iter().enumerate() {
            if let Some(mut u) = unit_entry(ctx, p, forces, (si, k), e, opts) {
                if u.label.is_empty() {
                    let n = units.iter().filter(|x| x.profile == u.profile).count() + 1;
                    u.label = format!("{}#{n}", forces.pool[u.profile].id);
                }
                if units.iter().any(|x| x.label == u.label && x.side == u.side) {
                    ctx.err(
                        p,
                        path!["side", si, "units", k, "label"],
                        format!("label `{}` is used twice", u.label),
                        Some("give every unit its own label".to_string()),
                    );
                }
                entries.push((si, k, e.parent.clone()));
                units.push(u);
            }
        }
    }
    for (i, (si, k, parent)) in entries.into_iter().enumerate() {
        let Some(parent) = parent else { continue };
        let side = units[i].side;
        let found = units
            .iter()
            .position(|x| x.label == parent && x.side == side);
        // A parent whose own entry has problems is reported there.
        let failed = raw.sides[si]
            .units
            .iter()
            .any(|e| e.label.as_deref() == Some(&parent));
        if (found.is_none() && !failed) || found == Some(i) {
            let labels = units
                .iter()
                .enumerate()
                .filter(|(j, x)| x.side == side && *j != i)
                .map(|(_, x)| x.label.as_str());
            let hint = crate::scenario::problems::did_you_mean(&parent, labels.clone())
                .unwrap_or_else(|| {
                    format!(
                        "units of this side: {}",
                        labels.collect::<Vec<_>>().join(", ")
                    )
                });
            let at = path!["side", si, "units", k, "parent"];
            ctx.err(
                p,
                at,
                format!("parent `{parent}` names no other unit of this side"),
                Some(hint),
            );
        }
        units[i].parent = found.filter(|&f| f != i);
    }
    units
}

/// The table's terrain pieces, each checked.
fn terrain(ctx: &Ctx, p: &mut Vec<Problem>, raw: &[SovTerrainRaw]) -> Terrain {
    let mut features = Vec::new();
    for (i, t) in raw.iter().enumerate() {
        let at = path!["battlefield", "terrain", i];
        let kind = TerrainKind::read(ctx, p, [at.clone(), path!["kind"]].concat(), Some(&t.kind));
        let circle = t.circle.as_ref().map(|c| (c.x, c.y, c.radius));
        let shape = terrain_shape(ctx, p, at, &t.polygon, circle);
        if let (Some(kind), Some(shape)) = (kind, shape) {
            let area = crate::geometry::Area {
                name: t.name.clone(),
                shape,
                difficult: false,
                blocks_sight: kind == TerrainKind::Woods,
                cover: crate::geometry::Cover::None,
                elevation: 0,
                obstacle: kind == TerrainKind::Wall,
            };
            features.push(Feature { kind, area });
        }
    }
    Terrain { features }
}

/// Side `si`'s Mission Motivation and fatigue (defaults Medium, Fresh).
fn circumstances(
    ctx: &Ctx,
    p: &mut Vec<Problem>,
    si: usize,
    s: &SovSideRaw,
) -> (Motivation, Fatigue) {
    let f = |k: &str| path!["side", si, k];
    let mm = s.mission_motivation.as_deref();
    (
        Motivation::read_or(ctx, p, f("mission_motivation"), mm, Motivation::Medium),
        Fatigue::read_or(ctx, p, f("fatigue"), s.fatigue.as_deref(), Fatigue::Fresh),
    )
}

/// Validates a Standards of Valor scenario into a playable [`Scenario`].
pub fn validate(
    loc: &Locator,
    raw: SovScenarioFile,
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
        (SPECS, "standards_of_valor"),
        None,
        8,
        raw.run.battles,
    );
    let options = SovOptions::from_values(&head.options);
    if raw.scenario.army_building == Some(true) {
        ctx.err(
            p,
            path!["scenario", "army_building"],
            "Standards of Valor has no army-building rules to check",
            Some("remove army_building (the seed has no army-list chapter, L3583)".to_string()),
        );
    }
    let (w, d) = (raw.battlefield.width, raw.battlefield.depth);
    let table_ok = [("width", w), ("depth", d)].into_iter().all(|(k, v)| {
        let ok = (12.0..=600.0).contains(&v);
        if !ok {
            ctx.err(
                p,
                path!["battlefield", k],
                format!("{k} {v} must be 12 to 600 inches"),
                Some("the seed's tables are 48 x 60 or 60 x 72 inches (L681)".to_string()),
            );
        }
        ok
    });
    if !two_sides(&ctx, p, raw.sides.len()) {
        return Err(Problems(problems));
    }
    let forces = forces(&ctx, p, &raw, base);
    if !table_ok {
        return Err(Problems(problems));
    }
    let set_up = SetupKind::read_or(
        &ctx,
        p,
        path!["battlefield", "setup"],
        raw.battlefield.setup.as_deref(),
        SetupKind::Placed,
    );
    let mut units = units(&ctx, p, &raw, &forces, (&options, [w, d], set_up));
    let terrain = terrain(&ctx, p, &raw.battlefield.terrain);
    let moods: Vec<_> = raw
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| circumstances(&ctx, p, i, s))
        .collect();
    let table = crate::objectives::validate::Table {
        sides: [&raw.sides[0].name, &raw.sides[1].name],
        width: w,
        depth: d,
        counters: false,
    };
    let objectives = crate::objectives::validate::objectives(&ctx, p, &raw.objectives, &table);
    let exits = crate::objectives::exits::exits(&ctx, p, &raw.exits, table.sides);
    if !p.is_empty() {
        return Err(Problems(std::mem::take(p)));
    }
    let table = [w as f32, d as f32];
    let placing_order = match deploy::deploy(set_up, table, &units, &forces.pool) {
        Ok(placed) => {
            for (u, at) in units.iter_mut().zip(placed.at) {
                u.at = at;
            }
            placed.order
        }
        Err(misfits) => {
            for m in misfits {
                // No problems so far: every entry made a unit, in order.
                let side = units[m.unit].side;
                let k = units[..m.unit].iter().filter(|x| x.side == side).count();
                let at = path!["side", side.index(), "units", k];
                ctx.err(p, at, m.message, Some(m.hint));
            }
            return Err(Problems(problems));
        }
    };
    let names = [raw.sides[0].name.as_str(), raw.sides[1].name.as_str()];
    let notes = std::iter::once(GAP_NOTE.to_string())
        .chain(deploy::note(set_up, &units, names))
        .collect();
    let side = |i: usize| {
        let doctrine = forces.doctrines[i]
            .clone()
            .expect("no problems means every doctrine resolved");
        SideSetup {
            name: raw.sides[i].name.clone(),
            motivation: moods[i].0,
            fatigue: moods[i].1,
            doctrine,
        }
    };
    let sides = [side(0), side(1)];
    let setup = SovSetup {
        options,
        width: w as f32,
        depth: d as f32,
        terrain,
        profiles: forces.pool,
        units,
        sides,
        set_up,
        placing_order,
        objectives,
        exits,
    };
    Ok(Scenario {
        name: raw.scenario.name.clone(),
        kind: RulesetKind::StandardsOfValor,
        battles: head.battles as u64,
        seed: raw.run.seed.unwrap_or(DEFAULT_SEED),
        resolved: ResolvedFile::new(forces.resolved),
        notes,
        warnings: Vec::new(),
        rules: ScenarioRules::StandardsOfValor(Box::new(
            crate::rulesets::standards_of_valor::StandardsOfValor { setup },
        )),
    })
}
