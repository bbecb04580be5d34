//! Doctrines for the Armies ruleset (digest A5): move order, where each unit
//! moves (by the first movement rule whose selector matches it), which enemy
//! it attacks (a priority list of criteria), and the siege, hold-fire and
//! lure policies. Decisions read the battle through [`View`] only.

use crate::geometry::grid::Square;
use crate::rules::Side;
use crate::rulesets::armies::aim::Aim;
use crate::rulesets::armies::setup::Role;
use crate::rulesets::armies::state::{Target, View};

/// Which units move first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOrder {
    /// Troops, then officers, then the commander (leaders follow their escorts).
    EscortsFirst,
    /// Commander, then officers, then troops.
    LeadersFirst,
    /// Nearest to the enemy first.
    FrontToBack,
    /// Scenario order.
    Listed,
}

/// Which units attack first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackOrder {
    Listed,
    RangedFirst,
    MeleeFirst,
}

/// Which units a movement rule applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selector {
    Any,
    Commander,
    Officer,
    Troop,
    Ranged,
    Melee,
    Aerial,
    Mounted,
    Crew,
    /// A troop id of the side's army list.
    TroopId(String),
}

/// Where a unit moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveGoal {
    /// Toward the nearest enemy it can attack.
    Advance,
    /// Toward the enemy with the lowest morale.
    WeakestEnemy,
    /// Toward the enemy commander's unit.
    EnemyCommander,
    /// Within 2 of its own commander, then toward the enemy.
    ProtectCommander,
    /// Toward the middle of its own army, keeping 3 squares from the enemy.
    FollowArmy,
    /// Into range of an enemy, as far from the enemy as that allows.
    KeepAtRange,
    /// Onto the nearest unmanned siege engine.
    CrewEngine,
    /// Does not move.
    Hold,
}

/// One movement rule: units matching `when` move by `goal`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRule {
    pub when: Selector,
    pub goal: MoveGoal,
    pub text: String,
}

/// One criterion of target priority (lower key is better).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Criterion {
    /// Targets this attack can disband (best roll against worst defence).
    CanDisband,
    Commander,
    Officer,
    LowestMorale,
    HighestValue,
    Nearest,
    /// Targets that defend with an automatic 1 (ranged, siege).
    AutoOneDefence,
}

impl Criterion {
    pub const NAMES: [(&'static str, Criterion); 7] = [
        ("can_disband", Criterion::CanDisband),
        ("commander", Criterion::Commander),
        ("officer", Criterion::Officer),
        ("lowest_morale", Criterion::LowestMorale),
        ("highest_value", Criterion::HighestValue),
        ("nearest", Criterion::Nearest),
        ("auto_one_defence", Criterion::AutoOneDefence),
    ];

    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, c)| *c == self)
            .map_or("?", |(n, _)| n)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManPolicy {
    Always,
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SiegeTarget {
    /// Batter an enemy-held fortification when one is in range.
    BreachFirst,
    /// Attack units; batter only when no unit can be attacked.
    UnitsFirst,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dismount {
    Never,
    /// Leave the engine when no enemy is in its range.
    WhenNoTarget,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoldFire {
    Never,
    /// Forgo the attack for extra move when no enemy is in range now.
    WhenNoTarget,
}

/// A validated Armies doctrine.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmiesDoctrine {
    pub name: String,
    pub move_order: MoveOrder,
    pub attack_order: AttackOrder,
    pub movement: Vec<MoveRule>,
    pub targets: Vec<Criterion>,
    pub man_engines: ManPolicy,
    pub siege_target: SiegeTarget,
    pub dismount: Dismount,
    pub hold_fire: HoldFire,
    /// Never make a move that would break a leash of the side.
    pub keep_leash: bool,
    /// Use the commander's Tactics lure when the option is on.
    pub lure: bool,
}

/// The doctrine's choice of attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackChoice<'a> {
    pub target: Target,
    pub rule: Reason<'a>,
}

/// Which doctrine rule made a decision. Cheap to return; rendered to text
/// only when a trace asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason<'a> {
    /// A movement rule (its text), and whether keeping leashes vetoed a better square.
    Movement {
        rule: &'a str,
        leash_vetoed: bool,
    },
    NoMovementRule,
    Siege(SiegeTarget),
    OnlyTarget,
    Criterion(Criterion),
    AllTied,
}

impl std::fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reason::Movement {
                rule,
                leash_vetoed: false,
            } => f.write_str(rule),
            Reason::Movement {
                rule,
                leash_vetoed: true,
            } => write!(f, "{rule} (keeping leashes)"),
            Reason::NoMovementRule => f.write_str("no movement rule matches: stays"),
            Reason::Siege(SiegeTarget::BreachFirst) => {
                f.write_str("siege: breach_first (weakest enemy-held fortification)")
            }
            Reason::Siege(SiegeTarget::UnitsFirst) => {
                f.write_str("siege: units_first (no unit in range)")
            }
            Reason::OnlyTarget => f.write_str("only target in range"),
            Reason::Criterion(c) => write!(f, "targets: {}", c.name()),
            Reason::AllTied => f.write_str("targets: all tied, first in scenario order"),
        }
    }
}

fn role_rank(v: View<'_>, u: usize, leaders_last: bool) -> u8 {
    let r = match v.state.units[u].role {
        Role::Troop => 0,
        Role::Officer => 1,
        Role::Commander => 2,
    };
    if leaders_last {
        r
    } else {
        2 - r
    }
}

impl ArmiesDoctrine {
    fn nearest_enemy_dist(&self, v: View<'_>, u: usize, from: Square) -> i32 {
        let side = v.side_of(u);
        v.units_of(side.other())
            .map(|e| v.dist(from, v.seen_pos(side, e)))
            .min()
            .unwrap_or(i32::MAX)
    }

    /// Fills `out` with the side's living units in move order.
    pub fn move_order(&self, v: View<'_>, side: Side, out: &mut Vec<usize>) {
        out.clear();
        out.extend(v.units_of(side));
        match self.move_order {
            MoveOrder::Listed => {}
            MoveOrder::EscortsFirst => out.sort_by_key(|&u| (role_rank(v, u, true), u)),
            MoveOrder::LeadersFirst => out.sort_by_key(|&u| (role_rank(v, u, false), u)),
            MoveOrder::FrontToBack => {
                out.sort_by_key(|&u| (self.nearest_enemy_dist(v, u, v.state.units[u].pos), u))
            }
        }
    }

    /// Fills `out` with the side's living units in attack order.
    pub fn attack_order(&self, v: View<'_>, side: Side, out: &mut Vec<usize>) {
        out.clear();
        out.extend(v.units_of(side));
        match self.attack_order {
            AttackOrder::Listed => {}
            AttackOrder::RangedFirst => out.sort_by_key(|&u| (!v.is_ranged(u), u)),
            AttackOrder::MeleeFirst => out.sort_by_key(|&u| (v.is_ranged(u), u)),
        }
    }

    fn selects(&self, v: View<'_>, sel: &Selector, u: usize) -> bool {
        let role = v.state.units[u].role;
        match sel {
            Selector::Any => true,
            Selector::Commander => role == Role::Commander,
            Selector::Officer => role == Role::Officer,
            Selector::Troop => role == Role::Troop,
            Selector::Ranged => v.is_ranged(u),
            Selector::Melee => !v.is_ranged(u),
            Selector::Aerial => v.troop(u).traits.aerial,
            Selector::Mounted => v.troop(u).traits.mounted,
            Selector::Crew => v.state.units[u].manning.is_some(),
            Selector::TroopId(id) => &v.troop(u).id == id,
        }
    }

    /// Picks where `u` moves among `moves` (staying put is always allowed);
    /// returns the square and the rule that decided.
    pub fn choose_move<'d>(
        &'d self,
        v: View<'_>,
        u: usize,
        moves: &[Square],
    ) -> (Square, Reason<'d>) {
        let start = v.state.units[u].pos;
        let Some(rule) = self.movement.iter().find(|r| self.selects(v, &r.when, u)) else {
            return (start, Reason::NoMovementRule);
        };
        if rule.goal == MoveGoal::Hold {
            return (
                start,
                Reason::Movement {
                    rule: &rule.text,
                    leash_vetoed: false,
                },
            );
        }
        let leader = v.state.units[u].role != Role::Troop;
        let aim = Aim::new(v, u, rule.goal);
        let mut best = (start, aim.score(v, start));
        let mut leash_vetoed = false;
        for &to in moves {
            let score = aim.score(v, to);
            if score >= best.1 {
                continue;
            }
            if self.keep_leash {
                let holds = if leader {
                    v.side_leashes_hold_if_moved(u, to)
                } else {
                    v.leash_holds(u, Some((u, to)))
                };
                if !holds {
                    leash_vetoed = true;
                    continue;
                }
            }
            best = (to, score);
        }
        (
            best.0,
            Reason::Movement {
                rule: &rule.text,
                leash_vetoed,
            },
        )
    }

    fn key(&self, v: View<'_>, u: usize, c: Criterion, t: Target) -> i64 {
        let Target::Unit(e) = t else { return i64::MAX };
        let unit = &v.state.units[e];
        let profile = v.fighting_profile(e);
        match c {
            Criterion::CanDisband => {
                let best_attack = i64::from(v.fighting_profile(u).power);
                let worst_defence = 1 + i64::from(v.fort_bonus(unit.pos));
                i64::from(best_attack - worst_defence < i64::from(unit.morale))
            }
            Criterion::Commander => i64::from(unit.role != Role::Commander),
            Criterion::Officer => i64::from(unit.role != Role::Officer),
            Criterion::LowestMorale => i64::from(unit.morale),
            Criterion::HighestValue => -i64::from(v.troop(e).points),
            Criterion::Nearest => i64::from(v.dist(v.state.units[u].pos, unit.pos)),
            Criterion::AutoOneDefence => i64::from(
                !((profile.traits.ranged || profile.traits.siege_engine)
                    && !profile.traits.defends_as_melee),
            ),
        }
    }

    /// Picks what `u` attacks among `targets` (units and fortifications).
    /// Narrows `targets` in place (it is the caller's scratch buffer).
    pub fn choose_target(
        &self,
        v: View<'_>,
        u: usize,
        targets: &mut Vec<Target>,
    ) -> Option<AttackChoice<'static>> {
        let weakest_fort = targets
            .iter()
            .filter_map(|t| match t {
                Target::Fortification(s) => {
                    Some((v.state.fort_hp.get(*s).copied().unwrap_or(0), *s))
                }
                Target::Unit(_) => None,
            })
            .min();
        targets.retain(|t| matches!(t, Target::Unit(_)));
        if let Some((_, fort)) = weakest_fort {
            if self.siege_target == SiegeTarget::BreachFirst || targets.is_empty() {
                return Some(AttackChoice {
                    target: Target::Fortification(fort),
                    rule: Reason::Siege(self.siege_target),
                });
            }
        }
        match targets.len() {
            0 => return None,
            1 => {
                return Some(AttackChoice {
                    target: targets[0],
                    rule: Reason::OnlyTarget,
                })
            }
            _ => {}
        }
        let mut decided_by = None;
        for &c in &self.targets {
            let best = targets
                .iter()
                .map(|&t| self.key(v, u, c, t))
                .min()
                .unwrap_or(0);
            let before = targets.len();
            targets.retain(|&t| self.key(v, u, c, t) == best);
            if targets.len() < before && decided_by.is_none() {
                decided_by = Some(c);
            }
            if targets.len() == 1 {
                break;
            }
        }
        let rule = decided_by.map_or(Reason::AllTied, Reason::Criterion);
        Some(AttackChoice {
            target: targets[0],
            rule,
        })
    }

    /// Whether `u`, standing on an unmanned engine, mans it.
    pub fn man_engine(&self, v: View<'_>, u: usize) -> Option<&'static str> {
        let _ = (v, u);
        match self.man_engines {
            ManPolicy::Always => Some("siege: man = always"),
            ManPolicy::Never => None,
        }
    }

    fn no_enemy_in_range(&self, v: View<'_>, u: usize) -> bool {
        let pos = v.state.units[u].pos;
        !v.units_of(v.side_of(u).other())
            .any(|e| v.can_attack_from(u, pos, e))
    }

    /// Whether a crew leaves its engine at the start of its move.
    pub fn dismount(&self, v: View<'_>, u: usize) -> Option<&'static str> {
        match self.dismount {
            Dismount::WhenNoTarget if self.no_enemy_in_range(v, u) => {
                Some("siege: dismount = when_no_target")
            }
            _ => None,
        }
    }

    /// Whether `u` forgoes its attack this turn for the bonus move.
    pub fn hold_fire_for_move(&self, v: View<'_>, u: usize) -> Option<&'static str> {
        match self.hold_fire {
            HoldFire::WhenNoTarget if self.no_enemy_in_range(v, u) => {
                Some("hold_fire_for_move = when_no_target")
            }
            _ => None,
        }
    }

    /// The enemy the commander lures by moving from its square to `to`, and
    /// the square it is pulled to: an adjacent enemy the move leads directly
    /// away from, pulled one square after the commander if that is open.
    pub fn lure_target(&self, v: View<'_>, u: usize, to: Square) -> Option<(usize, Square)> {
        if !self.lure {
            return None;
        }
        let from = v.state.units[u].pos;
        let (mx, my) = ((to.x - from.x).signum(), (to.y - from.y).signum());
        v.units_of(v.side_of(u).other()).find_map(|e| {
            let ep = v.state.units[e].pos;
            let away = ((from.x - ep.x).signum(), (from.y - ep.y).signum());
            let adjacent = crate::geometry::grid::Metric::Chebyshev.dist(from, ep) == 1;
            let dest = Square::new(ep.x + mx, ep.y + my);
            let open = v.setup.board.contains(dest)
                && !v.setup.board.terrain(dest).impassable
                && !v.occupied(dest)
                || dest == from;
            (adjacent && away == (mx, my) && open && !v.troop(e).traits.aerial).then_some((e, dest))
        })
    }
}
