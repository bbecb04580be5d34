//! A scripted core for States of Battle tests: a handful of units with
//! fixed flags and positions, a log of every action the overlay asks of
//! the core, and a per-test reaction that turns those actions into core
//! events (models slain, fights won and lost, flights, removals). It lets
//! a test put the overlay into a small situation, play one card, and read
//! off exactly what the card did, without the physics of a real core.

use muster::dice::Dice;
use muster::geometry::Arc;
use muster::overlays::sob::battle::{Game, SobBattle, SobSetup};
use muster::overlays::sob::cards::OrdersBuild;
use muster::overlays::sob::core::{
    ChargeOption, ChargeResult, CoreActions, CoreDeployment, CoreEvent, CoreQueries, ShotMods,
    SobCore,
};
use muster::overlays::sob::doctrine::SobDoctrine;
use muster::overlays::sob::options::SobOptions;
use muster::rules::{BySide, Side, TraceEvent};

/// What the overlay asked of the core.
#[derive(Clone, Debug, PartialEq)]
pub enum Act {
    Advance(usize),
    FreeMove(usize),
    Charge(usize, usize),
    FightRound(usize, bool),
    Shoot(usize, usize, ShotMods),
    Reload(usize),
    Rally(usize, bool),
    HalfMoveAway(usize, usize),
    CastSpells(Side),
    Arrive(usize),
    Deploy(usize),
    Nudge(Side),
    Repair(usize),
}

/// One unit of the scripted table.
#[derive(Clone, Debug)]
pub struct Unit {
    pub side: Side,
    pub name: &'static str,
    pub pos: (f64, f64),
    pub points: u32,
    pub mcv: u32,
    pub named: bool,
    pub general: bool,
    pub wizard: bool,
    pub missile: bool,
    pub machine: bool,
    pub in_battle: bool,
    pub engaged: bool,
    pub fleeing: bool,
    pub host: Option<usize>,
    pub speed: f64,
    /// The charge the core doctrine would declare.
    pub charge: Option<ChargeOption>,
    /// Where a declared charge touches its target (None: it falls short).
    pub charge_arc: Option<Arc>,
    /// The doctrine's shooting target (also the only target it can see).
    pub shoot_at: Option<usize>,
    pub rally_passes: bool,
    /// Side A's share of the fight this unit seeds (fight forecasts).
    pub share_a: f64,
    pub edge: f64,
    /// A reserve whose deployment spot is taken (it cannot arrive).
    pub blocked: bool,
    /// A war machine disabled by a misfire.
    pub disabled: bool,
}

impl Unit {
    pub fn new(side: Side, name: &'static str, x: f64) -> Self {
        Unit {
            side,
            name,
            pos: (x, 0.0),
            points: 100,
            mcv: 1,
            named: false,
            general: false,
            wizard: false,
            missile: false,
            machine: false,
            in_battle: true,
            engaged: false,
            fleeing: false,
            host: None,
            speed: 6.0,
            charge: None,
            charge_arc: Some(Arc::Front),
            shoot_at: None,
            rally_passes: true,
            share_a: 0.5,
            edge: 20.0,
            blocked: false,
            disabled: false,
        }
    }

    /// A charge on `target` that needs `distance` of a `max_range` reach.
    pub fn charging(
        mut self,
        target: usize,
        p_success: f64,
        distance: f64,
        max_range: f64,
    ) -> Self {
        self.charge = Some(ChargeOption {
            target,
            p_success,
            distance,
            max_range,
        });
        self
    }
}

type Reaction = Box<dyn FnMut(&Act, &mut Vec<Unit>, &mut Vec<CoreEvent>)>;

/// The scripted core.
pub struct ScriptCore {
    pub units: Vec<Unit>,
    pub fights: Vec<usize>,
    pub log: Vec<Act>,
    pub events: Vec<CoreEvent>,
    pub trace: Vec<TraceEvent>,
    pub dice: Dice,
    pub spells: bool,
    pub reaction: Option<Reaction>,
    /// Units not deployed yet (deployment by roll-offs).
    pub unplaced: Vec<bool>,
    /// What the overlay told the core about Favour of the Gods.
    pub favour: [u8; 2],
    pub favour_wanted: Vec<bool>,
    last_reach: f64,
}

impl ScriptCore {
    pub fn new(units: Vec<Unit>, seed: u64) -> Self {
        ScriptCore {
            units,
            fights: Vec::new(),
            log: Vec::new(),
            events: Vec::new(),
            trace: Vec::new(),
            dice: Dice::for_battle(seed, 0),
            spells: false,
            reaction: None,
            unplaced: Vec::new(),
            favour: [0; 2],
            favour_wanted: Vec::new(),
            last_reach: 0.0,
        }
    }

    /// Sets what the core reports for each action.
    pub fn react(&mut self, f: impl FnMut(&Act, &mut Vec<Unit>, &mut Vec<CoreEvent>) + 'static) {
        self.reaction = Some(Box::new(f));
    }

    fn act(&mut self, a: Act) {
        if let Some(f) = self.reaction.as_mut() {
            f(&a, &mut self.units, &mut self.events);
        }
        self.log.push(a);
    }

    /// The rolls traced so far with their purpose.
    pub fn rolls(&self) -> Vec<(String, u8)> {
        self.trace
            .iter()
            .filter_map(|e| match e {
                TraceEvent::Roll { purpose, kept, .. } => Some((purpose.clone(), *kept)),
                _ => None,
            })
            .collect()
    }
}

impl CoreQueries for ScriptCore {
    fn unit_count(&self) -> usize {
        self.units.len()
    }
    fn side(&self, u: usize) -> Side {
        self.units[u].side
    }
    fn side_name(&self, s: Side) -> &str {
        match s {
            Side::A => "A",
            Side::B => "B",
        }
    }
    fn label(&self, u: usize) -> String {
        self.units[u].name.to_string()
    }
    fn points(&self, u: usize) -> u32 {
        self.units[u].points
    }
    fn units_within(&self, _: &muster::objectives::Objective, _: Side) -> u32 {
        0
    }
    fn is_named_character(&self, u: usize) -> bool {
        self.units[u].named
    }
    fn is_general(&self, u: usize) -> bool {
        self.units[u].general
    }
    fn is_wizard(&self, u: usize) -> bool {
        self.units[u].wizard
    }
    fn spell_has_target(&self, w: usize) -> bool {
        self.units[w].shoot_at.is_some()
    }
    fn is_missile(&self, u: usize) -> bool {
        self.units[u].missile
    }
    fn is_war_machine(&self, u: usize) -> bool {
        self.units[u].machine
    }
    fn in_battle(&self, u: usize) -> bool {
        self.units[u].in_battle
    }
    fn acts(&self, u: usize) -> bool {
        self.units[u].in_battle && self.units[u].host.is_none()
    }
    fn engaged(&self, u: usize) -> bool {
        self.units[u].engaged
    }
    fn fleeing(&self, u: usize) -> bool {
        self.units[u].fleeing
    }
    fn host(&self, u: usize) -> Option<usize> {
        self.units[u].host
    }
    fn distance(&self, a: usize, b: usize) -> f64 {
        let (p, q) = (self.units[a].pos, self.units[b].pos);
        ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt()
    }
    fn has_flanks(&self, u: usize) -> bool {
        !self.units[u].named
    }
    fn charge_option(&self, u: usize) -> Option<ChargeOption> {
        self.units[u].charge
    }
    fn shooting_choice(&self, u: usize) -> Option<usize> {
        self.units[u].shoot_at
    }
    fn can_target(&self, u: usize, target: usize) -> bool {
        self.units[u].shoot_at == Some(target)
    }
    fn touching_arc(&self, _target: usize, _other: usize) -> Option<Arc> {
        None
    }
    fn last_charge_reach(&self) -> f64 {
        self.last_reach
    }
    fn nearest_target(&self, u: usize) -> Option<usize> {
        self.units[u].shoot_at
    }
    fn fights(&self, out: &mut Vec<usize>) {
        out.extend(self.fights.iter().copied());
    }
    fn fight_share(&self, seed: usize, side: Side) -> f64 {
        match side {
            Side::A => self.units[seed].share_a,
            Side::B => 1.0 - self.units[seed].share_a,
        }
    }
    fn edge_distance(&self, u: usize) -> f64 {
        self.units[u].edge
    }
    fn may_march(&self, _u: usize) -> bool {
        true
    }
    fn nearest_enemy_distance(&self, u: usize) -> Option<f64> {
        (0..self.units.len())
            .filter(|&e| self.units[e].side != self.units[u].side && self.acts(e))
            .map(|e| self.distance(u, e))
            .min_by(f64::total_cmp)
    }
    fn speed(&self, u: usize) -> f64 {
        self.units[u].speed
    }
    fn disabled(&self, u: usize) -> bool {
        self.units[u].disabled
    }
}

impl CoreActions for ScriptCore {
    fn start_round(&mut self, _round: u16) {}
    fn start_turn(&mut self, _active: Side) {}
    fn advance(&mut self, u: usize) {
        self.act(Act::Advance(u));
    }
    fn free_move(&mut self, u: usize) {
        self.act(Act::FreeMove(u));
    }
    fn charge(&mut self, u: usize, target: usize) -> ChargeResult {
        let arc = self.units[u].charge_arc;
        if let Some(c) = self.units[u].charge {
            self.last_reach = c.distance;
        }
        if arc.is_some() {
            self.units[u].engaged = true;
            self.units[target].engaged = true;
        }
        self.act(Act::Charge(u, target));
        ChargeResult {
            contact: arc.is_some(),
            arc,
        }
    }
    fn fight_round(&mut self, seed: usize, after_charge: bool) {
        self.act(Act::FightRound(seed, after_charge));
    }
    fn shoot(&mut self, u: usize, target: usize, mods: ShotMods) {
        self.act(Act::Shoot(u, target, mods));
    }
    fn repair(&mut self, u: usize) -> bool {
        let was = std::mem::take(&mut self.units[u].disabled);
        self.act(Act::Repair(u));
        was
    }
    fn reload(&mut self, u: usize) {
        self.act(Act::Reload(u));
    }
    fn rally(&mut self, u: usize, flee_on_fail: bool) -> bool {
        let pass = self.units[u].rally_passes;
        if pass {
            self.units[u].fleeing = false;
        }
        self.act(Act::Rally(u, flee_on_fail));
        pass
    }
    fn half_move_away(&mut self, u: usize, from: usize) {
        self.act(Act::HalfMoveAway(u, from));
    }
    fn set_favour(&mut self, s: Side, left: u8, wanted: &[bool]) {
        self.favour[s.index()] = left;
        self.favour_wanted = wanted.to_vec();
    }
    fn arrive(&mut self, u: usize) -> bool {
        self.act(Act::Arrive(u));
        let unit = &mut self.units[u];
        if unit.in_battle || unit.blocked {
            return false;
        }
        unit.in_battle = true;
        true
    }
    fn cast_spells(&mut self, side: Side) -> bool {
        self.act(Act::CastSpells(side));
        self.spells
    }
    fn end_round(&mut self) {}
}

impl CoreDeployment for ScriptCore {
    fn deploy_clear(&mut self) {
        self.unplaced = (0..self.units.len()).map(|u| self.acts(u)).collect();
    }
    fn deploy_left(&self, s: Side) -> usize {
        (0..self.units.len())
            .filter(|&u| self.unplaced[u] && self.units[u].side == s)
            .count()
    }
    fn deploy_next(&mut self, s: Side) -> bool {
        let Some(u) = (0..self.units.len()).find(|&u| self.unplaced[u] && self.units[u].side == s)
        else {
            return false;
        };
        self.unplaced[u] = false;
        self.act(Act::Deploy(u));
        true
    }
    fn deploy_nudge(&mut self, s: Side, _inches: f64) -> bool {
        self.act(Act::Nudge(s));
        true
    }
}

impl SobCore for ScriptCore {
    fn take_events(&mut self, out: &mut Vec<CoreEvent>) {
        out.append(&mut self.events);
    }
    fn dice(&mut self) -> &mut Dice {
        &mut self.dice
    }
    fn tracing(&self) -> bool {
        true
    }
    fn trace(&mut self, event: TraceEvent) {
        self.trace.push(event);
    }
}

/// A scripted table with its overlay setup and battle state.
pub struct Table {
    pub setup: SobSetup,
    pub b: SobBattle,
    pub core: ScriptCore,
}

impl Table {
    /// Default options and the `steady` doctrine for both sides, d10s,
    /// the D23 (a) build and `mc` counters each; the battle is started.
    pub fn new(units: Vec<Unit>, mc: [u32; 2], seed: u64) -> Self {
        Table::with(units, mc, seed, SobOptions::default())
    }

    pub fn with(units: Vec<Unit>, mc: [u32; 2], seed: u64, options: SobOptions) -> Self {
        let mcv = units.iter().map(|u| u.mcv).collect();
        let setup = SobSetup {
            options,
            gd: [10, 10],
            builds: [OrdersBuild::DEFAULT; 2],
            army_mc: mc,
            mcv,
            doctrines: BySide([SobDoctrine::steady(), SobDoctrine::steady()]),
            triggers: Vec::new(),
            objectives: Vec::new(),
        };
        let mut t = Table {
            setup,
            b: SobBattle::default(),
            core: ScriptCore::new(units, seed),
        };
        t.restart();
        t
    }

    /// Starts the battle again (after a change to the setup); side A's turn.
    pub fn restart(&mut self) {
        self.game().start();
        self.b.round = 1;
        self.game().start_turn(Side::A);
        self.core.log.clear();
        self.core.trace.clear();
    }

    /// `n_a` units of side A and `n_b` of side B, deploying by GD roll-offs
    /// (digest 7.1); the log and trace are cleared after the start.
    pub fn deploying(n_a: usize, n_b: usize, seed: u64) -> Self {
        let units = (0..n_a)
            .map(|i| Unit::new(Side::A, "a", i as f64))
            .chain((0..n_b).map(|i| Unit::new(Side::B, "b", 30.0 + i as f64)))
            .collect();
        let options = SobOptions {
            gd_deployment: true,
            ..SobOptions::default()
        };
        let mut t = Table::with(units, [12, 12], seed, options);
        t.core.log.clear();
        t.core.trace.clear();
        t
    }

    /// The core reports `events` as one resolution, which is then settled.
    pub fn resolve(&mut self, events: &[CoreEvent]) {
        self.core.events.extend_from_slice(events);
        self.game().settle();
    }

    pub fn game(&mut self) -> Game<'_, ScriptCore> {
        Game {
            setup: &self.setup,
            b: &mut self.b,
            core: &mut self.core,
        }
    }

    pub fn mc(&self, s: Side) -> u32 {
        self.b.tracks[s.index()].remaining()
    }

    /// MC lost and gained by side `s` for the cause `flow`.
    pub fn flow(&self, s: Side, flow: muster::overlays::sob::ledger::Flow) -> [u32; 2] {
        self.b.flow[s.index()][flow as usize]
    }

    /// A count of cards.csv for side `s`: `row` from `cards::order_row` etc.
    pub fn cards(&self, s: Side, row: usize, column: usize) -> u32 {
        self.b.cards[s.index()][row][column]
    }

    /// Decisions traced so far: (decision, choice).
    pub fn decisions(&self) -> Vec<(String, String)> {
        self.core
            .trace
            .iter()
            .filter_map(|e| match e {
                TraceEvent::Decision {
                    decision, choice, ..
                } => Some((decision.clone(), choice.clone())),
                _ => None,
            })
            .collect()
    }
}
