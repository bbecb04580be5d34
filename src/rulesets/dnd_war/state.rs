//! The shared battle state every D&D War operation reads and changes: each
//! unit's models, footprint and status (ready, fleeing, destroyed, fled
//! off the table, joined, in reserve), what it has done this turn, and the
//! engagements that hold units in close combat; for States of Battle also
//! the deployment slots and the Favour of the Gods cards the core may
//! spend. The native turn sequence and the States of Battle card layer both
//! work on this state through the operations in `ops`; nothing here rolls
//! dice. A unit's footprint and status are private: they change only
//! through `UnitState`'s setters, which count each change, so the memos of
//! `memo` (distances, sight) know when an answer they keep is still true.

use super::body::{Body, CAPTAIN_AP};
use super::memo::{DistanceMemo, SightMemo};
use super::setup::{footprint, DndSetup, Profile};
use crate::geometry::{Arc, Rect, Vec2};
use crate::objectives::Holders;
use crate::overlays::sob::core::CoreEvent;
use crate::rules::Side;

/// Where a unit stands in the battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ready,
    Fleeing,
    Destroyed,
    FledOffTable,
    /// A character inside a unit (`UnitState::host`): he moves, flees and
    /// fights with it and is not a target of his own.
    Joined,
    /// States of Battle reinforcements not yet on the table (a State of
    /// Battle trigger brings them on at their deployment position).
    Reserve,
}

/// What a unit has done this turn (the action economy of section 3.0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnFlags {
    pub walked: bool,
    pub double_moved: bool,
    /// Reformed (a rally forces it): cannot shoot or charge.
    pub reformed: bool,
    /// Spent its standard action shooting: cannot attack in close combat.
    pub shot: bool,
    /// Charged this turn (its attacks were made in the charge phase).
    pub charged: bool,
    /// Its close-combat attacks this turn are made.
    pub fought: bool,
    /// Took a panic test this phase.
    pub panic_tested: bool,
    /// Started fleeing this turn (no rally until its next movement phase).
    pub fled_this_turn: bool,
    /// A character spent his one action point of the round on an extra
    /// action or on acting first (L649).
    pub round_ap: bool,
    /// Action-point uses (extra actions, acting first) the unit benefited
    /// from this round (capped by `ap_uses_per_unit_per_round`).
    pub ap_uses: u8,
    /// Charges before the other side this phase (action points, L647).
    pub acts_first: bool,
}

/// One unit during a battle.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitState {
    pub side: Side,
    pub profile: usize,
    pub body: Body,
    /// The footprint and status, private so that every change goes
    /// through a setter that counts it in `layout_changes`.
    rect: Rect,
    status: Status,
    /// How many times this unit's footprint or status has changed this
    /// battle: the memos of `BattleState` compare these counts (a
    /// distance with both units' counts, a line of sight with their sum
    /// over all units) to know that what they measured has not moved.
    layout_changes: u32,
    pub flags: TurnFlags,
    /// Casualties suffered so far this phase (they cannot strike back).
    pub casualties_this_phase: u32,
    /// Casualties from the enemy's current shooting step, and who caused most.
    pub shooting_casualties: u32,
    pub shooting_cause: Option<usize>,
    /// The unit's long-charge bonus applies to its charge attacks.
    pub long_charge: bool,
    /// Combat-resolution points scored this turn (hits, and Hope is Lost! models).
    pub cr_points: u32,
    /// The pursuer or charger that caught this fleeing unit and holds it in
    /// combat (G-06 Literal); it strikes in the charge phase after `caught_on_turn`.
    pub caught_by: Option<usize>,
    pub caught_on_turn: u16,
    /// Times the unit started fleeing and rallied this battle (for reports).
    pub times_fled: u16,
    pub times_rallied: u16,
    /// Damage on the current model (non-minions).
    pub wounds: u32,
    /// A joined character's unit, and a unit's joined character.
    pub host: Option<usize>,
    pub hero: Option<usize>,
    /// A character's action points left for the battle.
    pub ap_left: u8,
    /// The unit's captain's action points left (G-45).
    pub captain_ap: u8,
    /// A character who declined a challenge (Boo! Hiss!) on this turn:
    /// no actions and no benefit to his unit until the turn ends.
    pub shamed_on_turn: u16,
    /// A character fighting a challenge on this turn.
    pub challenge_turn: u16,
    /// War machines: loaded, and disabled by a misfire until repaired.
    pub loaded: bool,
    pub disabled: bool,
    /// Supporting companies counted for this turn's fight (G-24).
    pub support_counted: Option<u32>,
    /// Inches of this turn's move allowance already used by a character
    /// joining the unit (TV-22).
    pub move_spent: f64,
}

impl UnitState {
    /// The unit's footprint on the table.
    #[inline]
    pub fn rect(&self) -> &Rect {
        &self.rect
    }

    /// Where the unit stands in the battle.
    #[inline]
    pub fn status(&self) -> Status {
        self.status
    }

    /// Moves the footprint to `rect`.
    #[inline]
    pub fn set_rect(&mut self, rect: Rect) {
        self.rect = rect;
        self.layout_changes += 1;
    }

    /// Turns the footprint to face the unit vector `facing` about its centre.
    #[inline]
    pub fn set_facing(&mut self, facing: Vec2) {
        self.set_rect(Rect {
            facing,
            ..self.rect
        });
    }

    /// Moves the footprint by `by`.
    #[inline]
    pub fn translate(&mut self, by: Vec2) {
        self.set_rect(self.rect.translated(by));
    }

    /// Moves the footprint's centre to `centre`.
    #[inline]
    pub fn set_centre(&mut self, centre: Vec2) {
        self.set_rect(Rect {
            centre,
            ..self.rect
        });
    }

    /// Puts the unit in `status` (on or off the table, fleeing, joined).
    #[inline]
    pub fn set_status(&mut self, status: Status) {
        self.status = status;
        self.layout_changes += 1;
    }

    pub fn on_table(&self) -> bool {
        matches!(self.status(), Status::Ready | Status::Fleeing)
    }

    pub fn fleeing(&self) -> bool {
        self.status() == Status::Fleeing
    }
}

/// Two enemy units in base contact. `arc_on[i]` is the arc of unit `units[i]`
/// that the other unit touches; `overlap` is the length of the contact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Engagement {
    pub units: [usize; 2],
    pub arc_on: [Arc; 2],
    pub overlap: f64,
}

impl Engagement {
    /// The other unit and the arc of `unit` it touches, if `unit` is in it.
    pub fn side_of(&self, unit: usize) -> Option<(usize, Arc)> {
        if self.units[0] == unit {
            Some((self.units[1], self.arc_on[0]))
        } else if self.units[1] == unit {
            Some((self.units[0], self.arc_on[1]))
        } else {
            None
        }
    }
}

/// The state of one battle.
#[derive(Clone, Debug)]
pub struct BattleState {
    pub units: Vec<UnitState>,
    pub engagements: Vec<Engagement>,
    pub turn: u16,
    /// The side with initiative this turn.
    pub initiative: Side,
    /// Points of enemy units destroyed or fled off the table, per side.
    pub points_destroyed: [u32; 2],
    /// What the core keeps for States of Battle (unused by the native game).
    pub sob: SobHooks,
    /// The close-combat phase's fights already fought (a reused buffer).
    pub fought: Vec<bool>,
    /// Line-of-sight answers kept while nothing on the table moves.
    sight: SightMemo,
    /// Distances between units' footprints kept while neither moves.
    distances: DistanceMemo,
    /// Who holds each of the scenario's objectives.
    pub holders: Holders,
    /// The objective each unit was sent to by its doctrine, if any.
    pub duty: Vec<Option<u8>>,
    /// Whether this battle's duties are given out yet.
    pub duties_given: bool,
    /// Giving out duties: (distance, unit, objective) of one side's units
    /// (a buffer kept from battle to battle).
    pub duty_order: Vec<(f64, usize, u8)>,
    /// The side that took an objective whose capture ends the battle.
    pub taken_by: Option<Side>,
}

/// The state the D&D War core keeps for the States of Battle overlay (the
/// native game leaves it empty): the events it reports, the overlay's
/// shooting modifiers, the deployment by roll-offs and Favour of the
/// Gods. The operations of `ops` read and change it as they resolve; the
/// overlay sets it through the core's `SobCore` implementation.
#[derive(Clone, Debug, Default)]
pub struct SobHooks {
    /// Report what happens as States of Battle core events (off in the
    /// native D&D War game).
    pub record_events: bool,
    pub events: Vec<CoreEvent>,
    /// The distance the last charge roll reached (Thunderous).
    pub last_charge_reach: f64,
    /// A States of Battle modifier to shooting attack rolls, and the
    /// lowest d20 roll a shot may hit on (a spent Stand & Shoot).
    pub shot_bonus: i32,
    pub shot_min_need: Option<i32>,
    /// States of Battle deployment by roll-offs (digest 7.1): the
    /// scenario's positions as slots, and the units not placed yet.
    pub slots: Vec<Slot>,
    pub unplaced: Vec<bool>,
    /// States of Battle's Favour of the Gods cards left per side (0 in the
    /// native game), and the units whose failed break test, rally test or
    /// charge roll their side re-rolls with one (digest D15).
    pub favour: [u8; 2],
    pub favour_units: Vec<bool>,
}

/// A deployment position of the scenario, free or taken.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    pub side: Side,
    pub centre: Vec2,
    pub facing: Vec2,
    /// The unit deployed there by the scenario.
    pub owner: usize,
    pub taken: bool,
}

impl SobHooks {
    /// Back to the start of a battle, reusing the allocations; the
    /// deployment slots stay until the next deployment by roll-offs
    /// clears them, and `record_events` stays as set.
    fn reset(&mut self) {
        self.events.clear();
        self.last_charge_reach = 0.0;
        self.shot_bonus = 0;
        self.shot_min_need = None;
        self.favour = [0; 2];
        self.favour_units.clear();
    }
}

impl BattleState {
    pub fn new(setup: &DndSetup) -> Self {
        let mut s = BattleState {
            units: Vec::with_capacity(setup.units.len()),
            engagements: Vec::with_capacity(2 * setup.units.len()),
            turn: 0,
            initiative: Side::A,
            points_destroyed: [0; 2],
            sob: SobHooks::default(),
            fought: Vec::new(),
            sight: SightMemo::default(),
            distances: DistanceMemo::default(),
            holders: Holders::default(),
            duty: Vec::new(),
            duties_given: false,
            duty_order: Vec::new(),
            taken_by: None,
        };
        s.reset(setup);
        s
    }

    /// Back to the deployment of `setup`, reusing the allocations.
    pub fn reset(&mut self, setup: &DndSetup) {
        self.units.clear();
        self.units.extend(setup.units.iter().map(|u| {
            let profile = &setup.profiles[u.profile];
            UnitState {
                side: u.side,
                profile: u.profile,
                body: u.body,
                rect: footprint(profile, &u.body, u.centre, Vec2::from_bearing(u.bearing)),
                status: if u.reserve {
                    Status::Reserve
                } else {
                    Status::Ready
                },
                layout_changes: 0,
                flags: TurnFlags::default(),
                casualties_this_phase: 0,
                shooting_casualties: 0,
                shooting_cause: None,
                long_charge: false,
                cr_points: 0,
                caught_by: None,
                caught_on_turn: 0,
                times_fled: 0,
                times_rallied: 0,
                wounds: 0,
                host: u.joins,
                hero: None,
                ap_left: profile.ap + u8::from(u.general),
                captain_ap: if u.body.command.captain {
                    CAPTAIN_AP
                } else {
                    0
                },
                shamed_on_turn: 0,
                challenge_turn: 0,
                loaded: true,
                disabled: false,
                support_counted: None,
                move_spent: 0.0,
            }
        }));
        for i in 0..self.units.len() {
            if let Some(h) = self.units[i].host {
                self.units[i].set_status(Status::Joined);
                self.units[h].hero = Some(i);
            }
        }
        self.engagements.clear();
        self.turn = 0;
        self.initiative = Side::A;
        self.points_destroyed = [0; 2];
        self.sob.reset();
        self.sight.reset(self.units.len());
        self.distances.reset(self.units.len());
        self.holders.start(&setup.objectives);
        self.duty.clear();
        self.duty.resize(self.units.len(), None);
        self.duties_given = setup.objectives.is_empty();
        self.taken_by = None;
    }

    /// Whether `shooter`, sighting from `fronts` front companies, sees
    /// `target`: the sight memo's answer while nothing on the table has
    /// moved since it was measured, otherwise `measure()`, kept.
    #[inline]
    pub fn sight(
        &self,
        shooter: usize,
        target: usize,
        fronts: usize,
        measure: impl FnOnce() -> bool,
    ) -> bool {
        self.sight
            .sees(shooter, target, self.layout_version(), fronts, measure)
    }

    /// A number that changes whenever any unit's footprint or status
    /// changes: the sum of the units' change counts, which only grow.
    #[inline]
    fn layout_version(&self) -> u32 {
        self.units
            .iter()
            .fold(0u32, |v, u| v.wrapping_add(u.layout_changes))
    }

    /// Reports a core event when States of Battle listens.
    #[inline]
    pub fn report(&mut self, event: CoreEvent) {
        if self.sob.record_events {
            self.sob.events.push(event);
        }
    }

    pub fn profile<'s>(&self, setup: &'s DndSetup, unit: usize) -> &'s Profile {
        &setup.profiles[self.units[unit].profile]
    }

    pub fn engaged(&self, unit: usize) -> bool {
        self.engagements.iter().any(|e| e.side_of(unit).is_some())
    }

    /// The enemies `unit` is engaged with, and the arc of `unit` each touches.
    pub fn opponents(&self, unit: usize) -> impl Iterator<Item = (usize, Arc)> + '_ {
        self.engagements.iter().filter_map(move |e| e.side_of(unit))
    }

    /// The arc of `unit` that `other` touches and the contact length, if engaged.
    pub fn contact(&self, unit: usize, other: usize) -> Option<(Arc, f64)> {
        self.engagements.iter().find_map(|e| match e.side_of(unit) {
            Some((o, arc)) if o == other => Some((arc, e.overlap)),
            _ => None,
        })
    }

    /// The first pair of units on the table, neither fleeing, whose
    /// footprints cross deeper than `slack` inches without their being
    /// engaged with each other (L39: units never touch unless engaged;
    /// fleeing units may pass through friends, L144). The geometry audit
    /// of tests and test builds.
    pub fn overlapping_pair(&self, slack: f64) -> Option<(usize, usize)> {
        let standing = |u: &usize| self.units[*u].on_table() && !self.units[*u].fleeing();
        let all = 0..self.units.len();
        for a in all.clone().filter(standing) {
            for b in (a + 1..self.units.len()).filter(standing) {
                let crossing = self.units[a].rect().penetration(self.units[b].rect()) > slack;
                if crossing && self.contact(a, b).is_none() {
                    return Some((a, b));
                }
            }
        }
        None
    }

    /// Closest distance between two units' footprints.
    pub fn distance(&self, a: usize, b: usize) -> f64 {
        let (ua, ub) = (&self.units[a], &self.units[b]);
        let changes = (ua.layout_changes, ub.layout_changes);
        if let Some(d) = self.distances.known(a, b, changes) {
            // Test builds measure again: a stale memo fails the battle tests.
            debug_assert_eq!(d.to_bits(), ua.rect.distance(&ub.rect).to_bits());
            return d;
        }
        let d = ua.rect.distance(&ub.rect);
        self.distances.store(a, b, changes, d);
        d
    }

    /// Whether units `a` and `b` are surely more than `gap` apart: `true`
    /// only if they are (the answer of [`Rect::surely_farther_than`], or
    /// exact when the distance is remembered), so a `false` must be
    /// measured.
    #[inline]
    pub fn surely_farther(&self, a: usize, b: usize, gap: f64) -> bool {
        let (ua, ub) = (&self.units[a], &self.units[b]);
        match self
            .distances
            .known(a, b, (ua.layout_changes, ub.layout_changes))
        {
            Some(d) => d > gap,
            None => ua.rect.surely_farther_than(&ub.rect, gap),
        }
    }

    /// Whether units `a` and `b` are within `radius` of each other
    /// (`distance <= radius`), skipping the measurement for units surely
    /// farther apart.
    pub fn within(&self, a: usize, b: usize, radius: f64) -> bool {
        !self.surely_farther(a, b, radius) && self.distance(a, b) <= radius
    }

    /// Units on the table of `side`.
    pub fn side_units(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.side == side && u.on_table())
            .map(|(i, _)| i)
    }

    /// The nearest enemy on the table and its distance.
    pub fn nearest_enemy(&self, unit: usize) -> Option<(usize, f64)> {
        let side = self.units[unit].side.other();
        // An enemy surely farther than the nearest so far cannot be the
        // nearest (nor tie with it), so it is not measured.
        let mut nearest: Option<(usize, f64)> = None;
        for e in self.side_units(side) {
            if let Some((_, best)) = nearest {
                if self.surely_farther(unit, e, best) {
                    continue;
                }
            }
            let d = self.distance(unit, e);
            if nearest.map_or(true, |(_, best)| d.total_cmp(&best).is_lt()) {
                nearest = Some((e, d));
            }
        }
        nearest
    }

    /// Unit strength of a unit now (L576-590).
    pub fn unit_strength(&self, setup: &DndSetup, unit: usize) -> u32 {
        let u = &self.units[unit];
        if !u.on_table() {
            return 0;
        }
        let hero = u
            .hero
            .filter(|&h| self.units[h].status() == Status::Joined)
            .map_or(0, |h| {
                setup.profiles[self.units[h].profile].model_strength()
            });
        u32::from(u.body.alive) * setup.profiles[u.profile].model_strength() + hero
    }

    /// Removes every engagement of `unit`.
    pub fn disengage(&mut self, unit: usize) {
        self.engagements.retain(|e| e.side_of(unit).is_none());
    }

    /// Starts a new phase: casualties suffered and panic tests taken reset.
    pub fn new_phase(&mut self) {
        for u in &mut self.units {
            u.casualties_this_phase = 0;
            u.flags.panic_tested = false;
        }
    }

    /// The height of the ground under a point (the highest area containing it).
    pub fn elevation(setup: &DndSetup, p: Vec2) -> i8 {
        setup
            .terrain
            .iter()
            .filter(|a| a.elevation != 0 && a.contains(p))
            .map(|a| a.elevation)
            .max()
            .unwrap_or(0)
    }

    /// Clears the per-turn flags of every unit (end of turn, section 3.6).
    pub fn end_turn(&mut self) {
        for u in &mut self.units {
            u.flags = TurnFlags::default();
            u.long_charge = false;
            u.cr_points = 0;
            u.casualties_this_phase = 0;
            u.support_counted = None;
            u.move_spent = 0.0;
        }
    }
}
