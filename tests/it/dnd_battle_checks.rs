//! D&D War and States of Battle battle invariants checked against the real
//! battle state: traced battles of every shipped scenario of both, each
//! event checked against the state the core made it in (the core hands the
//! tracer its state with every event):
//!
//! - no charge is declared at an enemy the charger cannot see (L225, L307,
//!   L532, L540: in its front arc if it has companies, and a line from one
//!   of its front-rank companies that no other unit or sight-blocking
//!   terrain crosses);
//! - a destroyed unit, or one that has fled off the table, never acts: it
//!   does not move, shoot, charge, cast or fight;
//! - no unit locked in close combat is given a move, a shot or a charge
//!   (G-08; under States of Battle the cards activate only units "neither
//!   engaged nor fleeing"): a fleeing unit may still flee, and a character
//!   may leave an engaged unit.
//!
//! Each check is proved by a made-up event that breaks it.
//! `MUSTER_SLOW_TESTS=1` (CI) plays 200 battles per scenario, else 30.

use super::support::{assert_none_found, shipped_scenarios};
use muster::dice::Dice;
use muster::engine::play_one;
use muster::geometry::{Arc, Rect, Vec2};
use muster::rules::{NoTrace, Ruleset, TraceEvent, Tracer};
use muster::rulesets::dnd_war::ops::Ctx;
use muster::rulesets::dnd_war::state::{BattleState, Engagement, Status};
use muster::rulesets::dnd_war::DndWar;
use muster::scenario::{load_scenario, ScenarioRules};

fn battles() -> u64 {
    if std::env::var("MUSTER_SLOW_TESTS").is_ok_and(|v| v == "1") {
        200
    } else {
        30
    }
}

/// Runs `f` on a context over a copy of `st` (no dice are rolled).
fn with_ctx<R>(war: &DndWar, st: &BattleState, f: impl FnOnce(&Ctx<'_, NoTrace>) -> R) -> R {
    let mut st = st.clone();
    let mut dice = Dice::for_battle(0, 0);
    let ctx = Ctx {
        setup: &war.setup,
        st: &mut st,
        dice: &mut dice,
        doctrines: &war.doctrines,
        trace: &mut NoTrace,
    };
    f(&ctx)
}

/// The index of the unit labelled `label`.
fn unit_of(war: &DndWar, st: &BattleState, label: &str) -> Option<usize> {
    with_ctx(war, st, |c| {
        (0..c.st.units.len()).find(|&u| c.label(u) == label)
    })
}

/// The charger and target of "declares a charge on T at D inches".
fn declared_charge(e: &TraceEvent) -> Option<(&str, &str)> {
    let TraceEvent::Change { unit, change, .. } = e else {
        return None;
    };
    let rest = change.strip_prefix("declares a charge on ")?;
    Some((unit, rest.rsplit_once(" at ")?.0))
}

/// A charge declared at an enemy its charger cannot see.
fn charge_out_of_sight(war: &DndWar, st: &BattleState, e: &TraceEvent) -> Option<String> {
    let (charger, target) = declared_charge(e)?;
    let (u, t) = (unit_of(war, st, charger)?, unit_of(war, st, target)?);
    let sees = with_ctx(war, st, |c| c.can_see_for_charge(u, t));
    (!sees).then(|| format!("{charger} charges {target}, which it cannot see"))
}

/// The changes that are a unit's own move, shot or charge.
const MOVES_SHOTS_AND_CHARGES: &[&str] = &[
    "walks",
    "double moves",
    "manoeuvres",
    "shoots at",
    "fires a bolt at",
    "reloads",
    "declares a charge on",
];

/// The unit that acts in `e`, with whether the act is a move, a shot or a
/// charge (a close-combat or shooting roll, a doctrine's choice for it, and
/// the changes above are acts).
fn actor(e: &TraceEvent) -> Option<(&str, bool)> {
    match e {
        TraceEvent::Change { unit, change, .. } => {
            let own = MOVES_SHOTS_AND_CHARGES
                .iter()
                .any(|p| change.starts_with(p));
            let fights = change.starts_with("charges into");
            (own || fights).then_some((unit.as_str(), own))
        }
        TraceEvent::Roll { who, purpose, .. } => {
            // "close combat: 3 d20 needing 11+, 2 hit" and the like.
            let acts = ["close combat:", "shooting:", "charge distance"]
                .iter()
                .any(|p| purpose.starts_with(p));
            acts.then_some((who.as_str(), false))
        }
        TraceEvent::Decision { unit, .. } if !unit.is_empty() => Some((unit.as_str(), false)),
        _ => None,
    }
}

fn is_gone(st: &BattleState, u: usize) -> bool {
    matches!(
        st.units[u].status(),
        Status::Destroyed | Status::FledOffTable
    )
}

/// A close-combat roll's striker.
fn striker(e: &TraceEvent) -> Option<&str> {
    match e {
        TraceEvent::Roll { who, purpose, .. } if purpose.starts_with("close combat:") => Some(who),
        _ => None,
    }
}

/// The close-combat blow before the event checked: who struck, and who had
/// left the battle by then.
#[derive(Default)]
struct LastBlow {
    striker: Option<usize>,
    gone: Vec<bool>,
}

/// An act of a unit that is destroyed or has fled off the table. A blow
/// struck at the same initiative step as the blow before it, by a unit
/// still in the battle at that blow, is simultaneous with it (G-39), so a
/// model slain by it still strikes.
fn acts_when_gone(
    war: &DndWar,
    st: &BattleState,
    e: &TraceEvent,
    last: &LastBlow,
) -> Option<String> {
    let (who, _) = actor(e)?;
    let u = unit_of(war, st, who)?;
    let initiative = |u: usize| war.setup.profiles[st.units[u].profile].initiative;
    let simultaneous = striker(e).is_some()
        && last.striker.is_some_and(|s| initiative(s) == initiative(u))
        && !last.gone.get(u).copied().unwrap_or(true);
    (is_gone(st, u) && !simultaneous).then(|| format!("{who} acts after it left the battle: {e}"))
}

/// A move, shot or charge of a unit locked in close combat that is not
/// fleeing (G-08; shooting allowed under `engaged_can_shoot`).
fn acts_in_melee(war: &DndWar, st: &BattleState, e: &TraceEvent) -> Option<String> {
    let (who, true) = actor(e)? else {
        return None;
    };
    let u = unit_of(war, st, who)?;
    let TraceEvent::Change { change, .. } = e else {
        return None;
    };
    let shot = change.starts_with("shoots at") || change.starts_with("fires a bolt");
    let allowed = st.units[u].fleeing() || (shot && war.setup.options.engaged_can_shoot);
    (st.engaged(u) && !allowed).then(|| format!("{who} is locked in close combat: {e}"))
}

/// A tracer that checks each event against the state it was made in.
struct Checker<'a> {
    war: &'a DndWar,
    place: String,
    found: Vec<String>,
    /// Charges declared and acts seen (so that a change of wording cannot
    /// leave the checks with nothing to look at).
    charges: usize,
    acts: usize,
    last: LastBlow,
}

impl Tracer for Checker<'_> {
    const ON: bool = true;
    fn record(&mut self, _event: TraceEvent) {}
    fn record_in(&mut self, e: TraceEvent, state: &dyn std::any::Any) {
        let Some(st) = state.downcast_ref::<BattleState>() else {
            return;
        };
        self.charges += usize::from(declared_charge(&e).is_some());
        self.acts += usize::from(actor(&e).is_some());
        let faults = [
            charge_out_of_sight(self.war, st, &e),
            acts_when_gone(self.war, st, &e, &self.last),
            acts_in_melee(self.war, st, &e),
        ];
        let place = &self.place;
        self.found.extend(
            faults
                .into_iter()
                .flatten()
                .map(|f| format!("{place}: {f}")),
        );
        match &e {
            TraceEvent::Turn { .. } | TraceEvent::BattleStart { .. } => {
                self.last = LastBlow::default()
            }
            _ => {
                if let Some(who) = striker(&e) {
                    self.last.striker = unit_of(self.war, st, who);
                    self.last.gone = (0..st.units.len()).map(|u| is_gone(st, u)).collect();
                }
            }
        }
    }
}

/// Every shipped D&D War and States of Battle scenario, with its name.
fn shipped() -> Vec<(String, ScenarioRules)> {
    ["dnd_war", "states_of_battle"]
        .into_iter()
        .flat_map(shipped_scenarios)
        .map(|path| {
            let scenario = load_scenario(&path).unwrap_or_else(|p| panic!("{p}"));
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            (name, scenario.rules)
        })
        .collect()
}

/// Plays the battles of one scenario through a checker.
fn play_checked<'a, R: Ruleset>(ruleset: &R, war: &'a DndWar, name: &str) -> Checker<'a> {
    let mut all = Checker {
        war,
        place: String::new(),
        found: vec![],
        charges: 0,
        acts: 0,
        last: LastBlow::default(),
    };
    for battle in 0..battles() {
        all.place = format!("{name} battle {battle}");
        play_one(ruleset, 1, battle, &mut all);
    }
    all
}

#[test]
fn every_event_of_every_shipped_scenario_keeps_the_rules() {
    let (mut found, mut charges, mut acts) = (vec![], 0, 0);
    for (name, rules) in shipped() {
        let checked = match &rules {
            ScenarioRules::DndWar(d) => play_checked(d.as_ref(), d, &name),
            ScenarioRules::StatesOfBattle(s) => play_checked(s.as_ref(), &s.core, &name),
            _ => unreachable!("{name}"),
        };
        assert!(checked.charges > 0, "{name}: no charge seen");
        found.extend(checked.found);
        (charges, acts) = (charges + checked.charges, acts + checked.acts);
    }
    assert!(charges > 1000, "{charges} charges");
    assert_none_found(&found, acts, "acts break a rule");
}

fn characters_and_monster() -> DndWar {
    let path = shipped_scenarios("dnd_war")
        .into_iter()
        .find(|p| p.ends_with("characters_and_monster.toml"))
        .unwrap();
    let ScenarioRules::DndWar(d) = load_scenario(&path).unwrap().rules else {
        panic!("not D&D War")
    };
    *d
}

fn change(unit: &str, change: &str) -> TraceEvent {
    TraceEvent::Change {
        round: 1,
        unit: unit.into(),
        change: change.into(),
    }
}

/// A deployed battle of the reference scenario, with labels to find units.
fn deployed(
    war: &DndWar,
) -> (
    BattleState,
    impl Fn(&BattleState, &str) -> (usize, String) + '_,
) {
    let mut st = BattleState::new(&war.setup);
    st.reset(&war.setup);
    let find = move |st: &BattleState, name: &str| {
        with_ctx(war, st, |c| {
            let u = (0..c.st.units.len())
                .find(|&u| c.label(u).ends_with(name))
                .unwrap();
            (u, c.label(u))
        })
    };
    (st, find)
}

#[test]
fn the_sight_check_catches_a_charge_past_a_unit_in_the_way() {
    let war = characters_and_monster();
    let (mut st, find) = deployed(&war);
    let ((guard, g), (troll, t), (axes, _)) = (
        find(&st, "guard"),
        find(&st, "troll"),
        find(&st, "bloodaxes"),
    );
    let place = |st: &mut BattleState, u: usize, y: f64, bearing: f64| {
        let r = *st.units[u].rect();
        st.units[u].set_rect(Rect::new(Vec2::new(24.0, y), bearing, r.width, r.depth));
    };
    place(&mut st, guard, 10.0, 0.0);
    place(&mut st, troll, 22.0, 180.0);
    let event = change(&g, &format!("declares a charge on {t} at 8.0 inches"));
    assert_eq!(
        charge_out_of_sight(&war, &st, &event),
        None,
        "in plain sight"
    );
    place(&mut st, axes, 16.0, 180.0);
    assert!(
        charge_out_of_sight(&war, &st, &event).is_some(),
        "behind the axes"
    );
}

#[test]
fn the_gone_check_catches_a_destroyed_unit_that_walks() {
    let war = characters_and_monster();
    let (mut st, find) = deployed(&war);
    let (guard, g) = find(&st, "guard");
    let event = change(&g, "walks 3.0 inches");
    let none = LastBlow::default();
    assert_eq!(
        acts_when_gone(&war, &st, &event, &none),
        None,
        "on the table"
    );
    st.units[guard].set_status(Status::Destroyed);
    assert!(
        acts_when_gone(&war, &st, &event, &none).is_some(),
        "destroyed"
    );
}

#[test]
fn the_gone_check_lets_a_slain_model_strike_only_at_its_killers_step() {
    // G-39: equal initiative strikes simultaneously.
    let war = characters_and_monster();
    let (mut st, find) = deployed(&war);
    let ((aldric, a), (snikkit, _), (troll, _)) = (
        find(&st, "Sir Aldric"),
        find(&st, "Snikkit"),
        find(&st, "troll"),
    );
    let initiative = |u: usize| war.setup.profiles[st.units[u].profile].initiative;
    assert_eq!(initiative(aldric), initiative(snikkit), "made-up pair");
    assert_ne!(initiative(aldric), initiative(troll), "made-up pair");
    let blow = TraceEvent::Roll {
        round: 1,
        who: a.clone(),
        purpose: "close combat: 1 d20 needing 11+, 1 hit".into(),
        die: 20,
        dice: vec![16],
        kept: 1,
        modifier: 0,
    };
    let gone_before = vec![false; st.units.len()];
    st.units[aldric].set_status(Status::Destroyed);
    let by = |striker: usize| LastBlow {
        striker: Some(striker),
        gone: gone_before.clone(),
    };
    assert_eq!(
        acts_when_gone(&war, &st, &blow, &by(snikkit)),
        None,
        "same step"
    );
    assert!(
        acts_when_gone(&war, &st, &blow, &by(troll)).is_some(),
        "slower"
    );
    let mut already = by(snikkit);
    already.gone[aldric] = true;
    assert!(
        acts_when_gone(&war, &st, &blow, &already).is_some(),
        "dead before"
    );
}

#[test]
fn the_melee_check_catches_an_engaged_unit_that_shoots() {
    let war = characters_and_monster();
    let (mut st, find) = deployed(&war);
    let ((archers, a), (troll, t)) = (find(&st, "archers"), find(&st, "troll"));
    let event = change(&a, &format!("shoots at {t} with 4 dice"));
    assert_eq!(acts_in_melee(&war, &st, &event), None, "not engaged");
    st.engagements.push(Engagement {
        units: [archers, troll],
        arc_on: [Arc::Front, Arc::Front],
        overlap: 1.0,
    });
    assert!(acts_in_melee(&war, &st, &event).is_some(), "engaged");
    st.units[archers].set_status(Status::Fleeing);
    assert_eq!(acts_in_melee(&war, &st, &event), None, "fleeing");
}
