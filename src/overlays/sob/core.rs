//! The contract between the States of Battle overlay and a core game
//! (digest 0.2 and Appendix C). The overlay owns the round, the cards and
//! the Morale Counters; the core owns every physical resolution (moves,
//! charges, shots, fights, rallies) and reports what happened as
//! [`CoreEvent`]s, from which the overlay derives every MC change and
//! achievement. Everything core-specific lies behind [`SobCore`], split by purpose
//! into [`CoreQueries`], [`CoreActions`] and [`CoreDeployment`]; D&D War
//! implements them in `rulesets/dnd_war/sob_core.rs`.

use crate::dice::Dice;
use crate::geometry::Arc;
use crate::rules::{Side, TraceEvent};

/// Why a unit started to flee (digest 2.3 and 3.6 b).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FleeCause {
    /// A failed break test after losing a fight.
    Break,
    /// A failed panic test caused by enemy shooting.
    ShootingPanic,
    /// A failed fear or terror test.
    Fear,
    /// Panic from an ally destroyed or fleeing nearby (no single causer).
    AllyPanic,
    /// Swept along by a friend fleeing through.
    FleeThrough,
}

/// Something that happened in the core, reported to the overlay.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CoreEvent {
    /// `count` models of `victim` removed as casualties by `by`'s attack
    /// (its own side's, for a self-inflicted scatter).
    Slain {
        victim: usize,
        by: usize,
        count: u32,
    },
    /// A fight's round was resolved with a winner: `unit` was on the
    /// winning or the losing side (one event per unit of the fight).
    FightResolved { unit: usize, won: bool },
    /// `unit` started fleeing; `causer` is the unit that caused it, where
    /// there is one (shooting panic, fear; break tests name none).
    Fled {
        unit: usize,
        cause: FleeCause,
        causer: Option<usize>,
    },
    /// `unit` left the battle: destroyed (every model slain, Hope is Lost!,
    /// a misfire, a character slain) or fled off the table.
    Removed { unit: usize, fled_off: bool },
    /// A challenge between characters was fought. `edge` is the
    /// challenger's chance of winning as the core estimated it before any
    /// die was rolled (what a player would judge when declaring it
    /// Heroic); `slain` is the character killed, if either was.
    Challenge {
        challenger: usize,
        acceptor: usize,
        edge: f64,
        slain: Option<usize>,
    },
    /// `side` spent a Favour of the Gods card on one of the core's throws
    /// (see [`CoreActions::set_favour`]).
    Favour { side: Side },
}

/// A charge a unit could declare now, as the core's doctrine sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChargeOption {
    pub target: usize,
    /// Chance the charge makes contact.
    pub p_success: f64,
    /// Closest distance to the target now (the distance needed).
    pub distance: f64,
    /// The farthest the unit can ever charge.
    pub max_range: f64,
}

/// How a declared charge ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChargeResult {
    /// In contact with the target (a caught fleeing target counts).
    pub contact: bool,
    /// The arc of the target it touches.
    pub arc: Option<Arc>,
}

/// Modifiers of one shot set by the overlay (digest 6.4, 6.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShotMods {
    /// Added to the to-hit roll, in the overlay's steps (+1 = one d6 pip).
    pub to_hit_steps: i32,
    /// A spent Stand & Shoot: hits only on the top band of the die.
    pub top_band_only: bool,
}

/// What the overlay asks of a core game without changing the battle:
/// identity, positions, and the core doctrine's choices
/// (`shooting_target`, the one `&mut self` query, only traces its choice).
pub trait CoreQueries {
    fn unit_count(&self) -> usize;
    fn side(&self, u: usize) -> Side;
    fn side_name(&self, s: Side) -> &str;
    fn label(&self, u: usize) -> String;
    /// The unit's points (characters: their notional points, digest 1.2).
    fn points(&self, u: usize) -> u32;
    /// A named character (digest 3.5): may be targeted by Move Command
    /// Group and fight Heroic Challenges.
    fn is_named_character(&self, u: usize) -> bool;
    fn is_general(&self, u: usize) -> bool;
    fn is_wizard(&self, u: usize) -> bool;
    /// Whether wizard `w`'s spell has a target now (alone, or from inside
    /// the unit he joined): one Cast Spells could cast at, by range, arc and
    /// line of sight, whether or not he may still cast this turn.
    fn spell_has_target(&self, w: usize) -> bool;
    /// Shoots and is not a war machine (digest 5.1).
    fn is_missile(&self, u: usize) -> bool;
    fn is_war_machine(&self, u: usize) -> bool;
    /// Still in the battle (on the table, or a character inside a unit).
    fn in_battle(&self, u: usize) -> bool;
    /// A unit that acts on its own: on the table, not inside another unit.
    fn acts(&self, u: usize) -> bool;
    /// How many units of `side` count within objective `o` (on the table,
    /// not fleeing, any part of them within its radius).
    fn units_within(&self, o: &crate::objectives::Objective, side: Side) -> u32;
    /// Test builds: the core checks the holders after an update against
    /// its own count of the units in range (`seized`: the changes of hands).
    fn audit_objectives(
        &self,
        _objectives: &[crate::objectives::Objective],
        _holder: &[Option<Side>],
        _seized: &[crate::objectives::Seizure],
    ) {
    }
    /// Test builds: the core checks that no two units stand inside each
    /// other unless engaged, after each round of cards.
    fn audit_geometry(&self) {}
    fn engaged(&self, u: usize) -> bool;
    fn fleeing(&self, u: usize) -> bool;
    /// The unit a character is inside.
    fn host(&self, u: usize) -> Option<usize>;
    fn distance(&self, a: usize, b: usize) -> f64;
    /// Whether `distance(a, b) <= radius`; a core may answer without
    /// measuring units that are surely farther apart.
    fn within(&self, a: usize, b: usize, radius: f64) -> bool {
        self.distance(a, b) <= radius
    }
    /// Whether the unit has flanks and a rear (digest 3.3).
    fn has_flanks(&self, u: usize) -> bool;
    /// The charge the unit's core doctrine would declare now.
    fn charge_option(&self, u: usize) -> Option<ChargeOption>;
    /// The target the unit's doctrine would shoot now, if it may shoot at
    /// all; nothing is traced.
    fn shooting_choice(&self, u: usize) -> Option<usize>;
    /// The target the unit's doctrine shoots now: [`CoreQueries::shooting_choice`],
    /// with the choice traced where the core traces its decisions.
    fn shooting_target(&mut self, u: usize) -> Option<usize> {
        self.shooting_choice(u)
    }
    /// Whether the unit could shoot at `target` (arc, sight, range), whatever
    /// it has done this turn.
    fn can_target(&self, u: usize, target: usize) -> bool;
    /// The arc of `target` that `other` touches, if they are engaged.
    fn touching_arc(&self, target: usize, other: usize) -> Option<Arc>;
    /// The distance the last charge roll reached (Thunderous `roll_total`).
    fn last_charge_reach(&self) -> f64;
    /// The nearest enemy the unit may shoot (Undisciplined Missilery).
    fn nearest_target(&self, u: usize) -> Option<usize>;
    /// The fights now, one unit of each.
    fn fights(&self, out: &mut Vec<usize>);
    /// The share of the fight's strength that is `side`'s (0.5 is even).
    fn fight_share(&self, seed: usize, side: Side) -> f64;
    /// Distance from the unit to the nearest table edge.
    fn edge_distance(&self, u: usize) -> f64;
    /// The unit may still march (no enemy near, core rules).
    fn may_march(&self, u: usize) -> bool;
    /// Distance to the nearest enemy acting on the table.
    fn nearest_enemy_distance(&self, u: usize) -> Option<f64>;
    fn speed(&self, u: usize) -> f64;
    /// A war machine disabled by a misfire (it cannot be reloaded).
    fn disabled(&self, u: usize) -> bool;
}

/// What the overlay has a core game do: the round's and the turn's
/// housekeeping, every physical resolution (moves, charges, fights,
/// shots, rallies, spells, reinforcements), and Favour of the Gods.
pub trait CoreActions {
    /// Start of a round (D&D War: terror tests).
    fn start_round(&mut self, round: u16);
    /// Start of a player turn: `active` takes the core's choices of the
    /// side with initiative; per-turn core flags are cleared.
    fn start_turn(&mut self, active: Side);
    /// A move toward the enemy as the core doctrine wants it (a walk, or a
    /// march where the core allows and the doctrine chooses one).
    fn advance(&mut self, u: usize);
    /// The Stratagem's free move (L332, "a free move or reform (but not a
    /// march or charge)"): the core doctrine's move toward the enemy, never
    /// farther than the unit's single move.
    fn free_move(&mut self, u: usize);
    /// Declares and resolves a charge (without the first melee round).
    fn charge(&mut self, u: usize, target: usize) -> ChargeResult;
    /// One full close-combat round of the fight containing `seed`
    /// (`after_charge`: the first round, the charger's attacks already made).
    fn fight_round(&mut self, seed: usize, after_charge: bool);
    /// One shot; the target's panic test follows at once.
    fn shoot(&mut self, u: usize, target: usize, mods: ShotMods);
    /// Repairs a disabled war machine (its Move activation, digest 5.1);
    /// false if it cannot.
    fn repair(&mut self, u: usize) -> bool;
    /// Makes a spent war machine ready to fire (a reload effect); a
    /// disabled machine stays unloaded.
    fn reload(&mut self, u: usize);
    /// The core's rally test for a fleeing unit; on a failure the unit
    /// makes its compulsory flee move if `flee_on_fail`. Returns the pass.
    fn rally(&mut self, u: usize, flee_on_fail: bool) -> bool;
    /// Manoeuvre: up to half a move straight away from `from`.
    fn half_move_away(&mut self, u: usize, from: usize);
    /// Favour of the Gods (D15): the cards `s` has left, and which units'
    /// failed break tests, rally tests and charge rolls it re-rolls (the
    /// core reports each use as [`CoreEvent::Favour`]).
    fn set_favour(&mut self, s: Side, left: u8, wanted: &[bool]);
    /// A reserve unit comes on at its deployment position (State of Battle
    /// reinforcements); false while that spot is not clear.
    fn arrive(&mut self, u: usize) -> bool;
    /// Cast Spells: the side's spell powers (false: the core has none).
    fn cast_spells(&mut self, side: Side) -> bool;
    fn end_round(&mut self);
}

/// The optional deployment by Generalship Dice roll-offs (digest 7.1):
/// the overlay runs the roll-offs, the core places and nudges its units.
pub trait CoreDeployment {
    /// Deployment by roll-offs (digest 7.1): every unit that acts on its
    /// own leaves the table, its position kept as a slot of its side.
    fn deploy_clear(&mut self);
    /// Units of `s` still to place.
    fn deploy_left(&self, s: Side) -> usize;
    /// Places the next unit of `s` where its doctrine wants it; false when
    /// none is left.
    fn deploy_next(&mut self, s: Side) -> bool;
    /// One nudge of one of `s`'s placed units, up to `inches`; false when
    /// none wants one.
    fn deploy_nudge(&mut self, s: Side, inches: f64) -> bool;
}

/// What the overlay needs of a core game: its queries, its actions, its
/// deployment, and the channel back to the overlay (the events it
/// reports, the battle's dice, the trace).
pub trait SobCore: CoreQueries + CoreActions + CoreDeployment {
    /// Moves the events reported since the last call into `out`.
    fn take_events(&mut self, out: &mut Vec<CoreEvent>);
    fn dice(&mut self) -> &mut Dice;
    /// Whether trace events are recorded (false in batches).
    fn tracing(&self) -> bool;
    fn trace(&mut self, event: TraceEvent);
}
