//! The Standards of Valor battle-invariant suite: traced battles of every
//! shipped Standards of Valor scenario, under its own options and under
//! the options that change play most (the worked example's hand-to-hand,
//! Broken units charging, a failed charge leaving its second action free),
//! replayed from the trace alone and checked against rules that must hold
//! in every battle:
//!
//! - figures are never negative, and a unit's figure count only falls,
//!   by exactly the casualties each loss line states;
//! - a unit never carries more than 3 suppression markers (L1082-1095);
//! - a Routed unit never charges, and under the default options neither
//!   does a Broken one;
//! - a side passes only with fewer unactivated units than its opponent
//!   and no unit Broken, Routed or locked in hand-to-hand (L743-748);
//! - every activation spends at most two actions (L718-741), each unit
//!   activates at most once a turn and takes at most one transferred
//!   activation a turn (ambiguity 37);
//! - a unit locked in hand-to-hand is never charged, except by the partners
//!   of the combined assault contacting it (L2863-2872), no unit contacts
//!   one that has left the table, and some combined assaults are seen.
//!
//! `MUSTER_SLOW_TESTS=1` (CI) plays 400 battles per scenario, else 60.

use muster::engine::play_one;
use muster::rules::{Ruleset, TraceEvent, VecTrace};
use muster::scenario::{load_scenario, load_scenario_text, WithRuleset};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

fn battles() -> u64 {
    if std::env::var("MUSTER_SLOW_TESTS").is_ok_and(|v| v == "1") {
        400
    } else {
        60
    }
}

/// Each battle's events, with the side of every unit label.
struct Traced(u64);

type Battles = (HashMap<String, usize>, Vec<Vec<TraceEvent>>);

impl WithRuleset for Traced {
    type Output = Battles;
    fn run<R: Ruleset>(self, ruleset: &R) -> Battles {
        let sheet = ruleset.army_sheet();
        let mut sides = HashMap::new();
        for (s, side) in sheet.sides.iter().enumerate() {
            for u in &side.units {
                sides.insert(u.label.clone(), s);
            }
        }
        let names = ruleset.side_names().map(str::to_string);
        sides.insert(names[0].clone(), 10);
        sides.insert(names[1].clone(), 11);
        let traces = (0..self.0)
            .map(|battle| {
                let mut trace = VecTrace::default();
                play_one(ruleset, 1, battle, &mut trace);
                trace.events
            })
            .collect();
        (sides, traces)
    }
}

/// What the replay knows of one unit.
#[derive(Clone, Debug)]
struct Unit {
    side: usize,
    figures: Option<u32>,
    cl: String,
    /// The units locked in hand-to-hand with it.
    partners: BTreeSet<String>,
    /// The charge that locked it, when it charged into a melee.
    locked_by_charge: Option<usize>,
    gone: bool,
    activated: bool,
    transferred: bool,
    actions: u32,
}

/// The replay of one battle from its trace.
struct Replay<'a> {
    name: &'a str,
    battle: usize,
    units: HashMap<String, Unit>,
    current: Option<String>,
    broken_may_charge: bool,
    /// Charges declared so far: each close assault's number.
    charges: usize,
    checked: [usize; 7],
}

impl Replay<'_> {
    fn fail(&self, what: String) -> ! {
        panic!("{} battle {}: {what}", self.name, self.battle)
    }

    fn unit(&mut self, label: &str) -> &mut Unit {
        let (name, battle) = (self.name, self.battle);
        self.units
            .get_mut(label)
            .unwrap_or_else(|| panic!("{name} battle {battle}: unknown unit {label}"))
    }

    fn change(&mut self, label: &str, change: &str) {
        if let Some(rest) = change.strip_prefix("activates (") {
            self.activation(label, rest);
        } else if let Some(rest) = change.strip_prefix("takes a transferred activation (") {
            self.transferred(label, rest);
        } else if change.starts_with("action") {
            let n = if change.starts_with("actions 1-2") {
                2
            } else {
                1
            };
            let u = self.unit(label);
            u.actions += n;
            if u.actions > 2 {
                let a = u.actions;
                self.fail(format!("{label} spent {a} actions in one activation"));
            }
            self.checked[3] += 1;
        } else if let Some(rest) = change.strip_prefix("suppression ") {
            let n: u32 = rest.parse().expect("a marker count");
            if n > 3 {
                self.fail(format!("{label} carries {n} suppression markers"));
            }
            self.checked[1] += 1;
        } else if let Some(rest) = change.strip_prefix("loses ") {
            self.losses(label, rest);
        } else if let Some(rest) = change.strip_prefix("confidence ") {
            let to = rest.split(" -> ").nth(1).expect("confidence A -> B");
            self.unit(label).cl = to.to_string();
        } else {
            self.locks(label, change);
        }
    }

    fn activation(&mut self, label: &str, state: &str) {
        let cl = state.split(',').next().expect("a CL").to_string();
        let u = self.unit(label);
        if u.activated {
            self.fail(format!("{label} activated twice in one turn"));
        }
        if u.cl != cl {
            let known = u.cl.clone();
            self.fail(format!("{label} activates at {cl}, the trace says {known}"));
        }
        u.activated = true;
        u.actions = 0;
        self.current = Some(label.to_string());
    }

    /// A transferred activation: at most one a turn, two more actions.
    fn transferred(&mut self, label: &str, state: &str) {
        let cl = state.split(',').next().expect("a CL").to_string();
        let u = self.unit(label);
        if u.transferred {
            self.fail(format!(
                "{label} took two transferred activations in one turn"
            ));
        }
        if u.cl != cl {
            let known = u.cl.clone();
            self.fail(format!("{label} acts at {cl}, the trace says {known}"));
        }
        u.transferred = true;
        u.actions = 0;
        self.checked[4] += 1;
    }

    /// "loses N figures (M left)": M is the count before less N.
    fn losses(&mut self, label: &str, rest: &str) {
        if rest.starts_with("integrity") || rest.starts_with("its") {
            return;
        }
        let (n, left) = rest
            .split_once(" figures (")
            .expect("loses N figures (M left)");
        let n: u32 = n.parse().expect("a casualty count");
        let left: i64 = left
            .trim_end_matches(" left)")
            .parse()
            .expect("figures left");
        let u = self.unit(label);
        let before = u.figures.map(i64::from);
        if left < 0 || before.is_some_and(|b| b - i64::from(n) != left) {
            self.fail(format!(
                "{label} had {before:?} figures, lost {n}, has {left}"
            ));
        }
        self.unit(label).figures = Some(left as u32);
        self.checked[0] += 1;
    }

    /// Contacts lock units, leaving hand-to-hand unlocks them; a unit
    /// already locked is never charged, except by the partners of the
    /// combined assault that is contacting it now (L2863-2872).
    fn locks(&mut self, label: &str, change: &str) {
        if let Some(enemy) = change.strip_prefix("contacts ") {
            if self.units[enemy].gone {
                self.fail(format!(
                    "{label} contacts {enemy}, which has left the table"
                ));
            }
            let charge = self.charges;
            let earlier = self.units[enemy]
                .partners
                .iter()
                .find(|p| self.units[p.as_str()].locked_by_charge != Some(charge))
                .cloned();
            if let Some(p) = earlier {
                self.fail(format!("{label} charged {enemy}, already locked with {p}"));
            }
            if !self.units[enemy].partners.is_empty() {
                self.checked[6] += 1;
            }
            self.unit(label).partners.insert(enemy.to_string());
            self.unit(label).locked_by_charge = Some(charge);
            self.unit(enemy).partners.insert(label.to_string());
            self.checked[5] += 1;
        } else if change.starts_with("falls back")
            || change.starts_with("breaks off")
            || change.starts_with("withdraws")
            || change.starts_with("leaves the table")
        {
            for p in std::mem::take(&mut self.unit(label).partners) {
                self.unit(&p).partners.remove(label);
            }
            if change.starts_with("leaves the table") {
                self.unit(label).gone = true;
            }
        }
    }

    fn decision(&mut self, side: &str, unit: &str, decision: &str) {
        if decision == "charge" {
            let cl = self.unit(unit).cl.clone();
            let barred = cl == "RO" || (cl == "BR" && !self.broken_may_charge);
            if barred {
                self.fail(format!("{unit} charges at {cl}"));
            }
            self.checked[2] += 1;
        }
        if decision == "charge" {
            self.charges += 1;
        }
        if decision == "passing" {
            self.pass(side);
        }
    }

    /// A pass is legal only with fewer unactivated units and no unit
    /// Broken, Routed or locked.
    fn pass(&mut self, side_name: &str) {
        let side = self.units[side_name].side - 10;
        let waiting = |s: usize| {
            self.units
                .values()
                .filter(|u| u.side == s && !u.gone && !u.activated)
                .count()
        };
        let (mine, theirs) = (waiting(side), waiting(1 - side));
        if mine >= theirs {
            self.fail(format!(
                "{side_name} passed with {mine} unactivated units against {theirs}"
            ));
        }
        let held = self.units.values().any(|u| {
            u.side == side && !u.gone && (u.cl == "BR" || u.cl == "RO" || !u.partners.is_empty())
        });
        if held {
            self.fail(format!(
                "{side_name} passed holding a Broken, Routed or locked unit"
            ));
        }
    }

    fn new_turn(&mut self) {
        for u in self.units.values_mut() {
            u.activated = false;
            u.transferred = false;
        }
    }
}

/// Replays every battle of `scenario`; returns what was checked.
fn check(name: &str, (sides, battles): &Battles, broken_may_charge: bool) -> [usize; 7] {
    let mut total = [0; 7];
    for (battle, events) in battles.iter().enumerate() {
        let units = sides
            .iter()
            .map(|(label, &side)| {
                let unit = Unit {
                    side,
                    figures: None,
                    cl: "CO".to_string(),
                    partners: BTreeSet::new(),
                    locked_by_charge: None,
                    gone: false,
                    activated: false,
                    transferred: false,
                    actions: 0,
                };
                (label.clone(), unit)
            })
            .collect();
        let mut r = Replay {
            name,
            battle,
            units,
            current: None,
            broken_may_charge,
            charges: 0,
            checked: [0; 7],
        };
        for e in events {
            match e {
                TraceEvent::Round { .. } => r.new_turn(),
                TraceEvent::Change { unit, change, .. } => r.change(unit, change),
                TraceEvent::Decision {
                    side,
                    unit,
                    decision,
                    ..
                } => r.decision(side, unit, decision),
                _ => {}
            }
        }
        for (k, n) in r.checked.iter().enumerate() {
            total[k] += n;
        }
    }
    total
}

fn shipped() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/standards_of_valor");
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("scenario folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    out.sort();
    out
}

/// The scenario at `path` with `options` added to its `[options]`.
fn with_options(path: &Path, options: &str) -> muster::scenario::Scenario {
    let text = std::fs::read_to_string(path).expect("scenario text");
    let text = match text.split_once("\n[options]\n") {
        Some((head, tail)) => format!("{head}\n[options]\n{options}\n{tail}"),
        None => format!("{text}\n[options]\n{options}\n"),
    };
    load_scenario_text(&path.display().to_string(), &text, path.parent())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_shipped_scenario_plays_by_the_invariants() {
    let variants = [
        ("", false),
        (
            "hth_model = \"legacy_example\"\nhth_penetration = \"summary\"",
            false,
        ),
        (
            "broken_charge = \"at_shaken_plus_one\"\nfailed_charge = \"second_free\"",
            true,
        ),
        ("combined_hth = \"full_front\"", false),
    ];
    let scenarios = shipped();
    let (mut transfers, mut combined) = (0, 0);
    assert!(scenarios.len() >= 3, "the three scenarios of the issue");
    for path in scenarios {
        for (options, broken) in variants {
            let scenario = if options.is_empty() {
                load_scenario(&path).expect("shipped scenario loads")
            } else {
                with_options(&path, options)
            };
            let traced = scenario.rules.with(Traced(battles()));
            let name = format!("{} [{options}]", path.display());
            let checked = check(&name, &traced, broken);
            for (k, what) in [
                "losses",
                "suppressions",
                "charges",
                "actions",
                "",
                "contacts",
            ]
            .iter()
            .enumerate()
            {
                assert!(
                    what.is_empty() || checked[k] > 0,
                    "{name}: no {what} seen to check"
                );
            }
            transfers += checked[4];
            combined += checked[6];
        }
    }
    assert!(transfers > 0, "no transferred activation seen to check");
    assert!(combined > 0, "no combined assault seen to check");
}

/// A made-up trace line breaking each rule is caught, so the replay is not
/// checking nothing.
#[test]
fn the_checks_catch_what_they_look_for() {
    let mut sides = HashMap::new();
    sides.insert("a".to_string(), 0);
    sides.insert("b".to_string(), 1);
    sides.insert("A".to_string(), 10);
    sides.insert("B".to_string(), 11);
    sides.insert("a2".to_string(), 0);
    sides.insert("b2".to_string(), 1);
    let change = |unit: &str, change: &str| TraceEvent::Change {
        round: 1,
        unit: unit.to_string(),
        change: change.to_string(),
    };
    let decision = |side: &str, unit: &str, decision: &str| TraceEvent::Decision {
        round: 1,
        side: side.to_string(),
        unit: unit.to_string(),
        decision: decision.to_string(),
        choice: String::new(),
        rule: String::new(),
    };
    let bad: Vec<Vec<TraceEvent>> = vec![
        vec![change("a", "suppression 4")],
        vec![
            change("a", "loses 3 figures (5 left)"),
            change("a", "loses 1 figures (2 left)"),
        ],
        vec![
            change("a", "confidence CO -> RO"),
            decision("A", "a", "charge"),
        ],
        vec![
            change("a", "activates (CO, suppression 0)"),
            change("a", "actions 1-2: x"),
            change("a", "action 2"),
        ],
        vec![decision("A", "", "passing")],
        vec![
            change("a", "activates (CO, suppression 0)"),
            change("a", "activates (CO, suppression 0)"),
        ],
        vec![
            decision("B", "b", "charge"),
            change("b", "contacts a"),
            decision("B", "b2", "charge"),
            change("b2", "contacts a"),
        ],
        vec![
            change("a", "leaves the table (destroyed)"),
            decision("B", "b", "charge"),
            change("b", "contacts a"),
        ],
    ];
    for events in bad {
        let battles = (sides.clone(), vec![events.clone()]);
        let caught = std::panic::catch_unwind(|| check("made up", &battles, false));
        assert!(caught.is_err(), "not caught: {events:?}");
    }
}
