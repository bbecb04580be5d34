//! The rule options of D&D War: every gap the digest settles with a
//! proposed default (its Appendix A and section 9), plus the battle's own
//! length and victory settings (G-46), as named options, and the typed
//! [`DndOptions`] the rules code reads.

use crate::rule_options;

rule_options! {
    /// The D&D War options of one scenario, typed.
    pub struct DndOptions;
    /// Every D&D War option, in the order `muster rules dnd_war` lists them.
    pub const SPECS;

    /// what a charge roll of 6 ("unstoppable", never defined) does: nothing extra, always the
    /// long-charge bonuses, or no fear/terror test can stop it (NoFearTest acts only where a
    /// charger fails its fear test, L498-502: tests/data/dnd_options/fear.toml)
    #[cite = "G-01"]
    unstoppable_charge: enum UnstoppableCharge { None, LongChargeBonus, NoFearTest } = None;

    /// a model fights if its base is closer than its reach (reach 1 = base contact, front row
    /// only) or within it (the second row fights too)
    #[cite = "G-03"]
    reach_rule: enum ReachRule { StrictLess, InclusiveLeq } = StrictLess;

    /// a fall back! whose 2d6 + 2S - 12 inches (L142) end on another unit carries on past the
    /// roll until clear of it (the old reading); false stops it at the farthest point of its
    /// path within the roll where it overlaps no unit (units may not touch unless engaged, L39;
    /// allies passed through test, L145)
    #[cite = "L142, L145"]
    flee_carries_on_until_clear: bool = false;

    /// a new flee goes directly away from its cause (a broken unit: from the units it fought,
    /// never toward one of them, and turning onto that bearing does not count as fleeing into
    /// them; hemmed in on every side it is destroyed) and later fall backs toward the nearest
    /// edge, or every flee heads for the nearest edge
    #[cite = "G-05"]
    flee_direction: enum FleeDirection { CauseThenEdge, AlwaysNearestEdge } = CauseThenEdge;

    /// a pursuer or charger reaching a fleeing unit engages it with its attacks next turn, or
    /// destroys it at once
    #[cite = "G-06"]
    caught_fleeing: enum CaughtFleeing { Literal, WfbDestroyed } = Literal;

    /// attacks on a fleeing (running) unit get combat advantage, +2
    #[cite = "G-07"]
    fleeing_grants_ca: bool = true;

    /// units in close combat may shoot
    #[cite = "G-08"]
    engaged_can_shoot: bool = false;

    /// units in close combat may be shot at
    #[cite = "G-08"]
    shoot_into_melee: bool = false;

    /// a unit that walked may still charge (the 4e move + standard reading); false makes
    /// charging its whole turn
    #[cite = "G-09"]
    move_then_charge: bool = true;

    /// a charge reaches if the closest distance is within the roll, turning for free, or its
    /// path must be straight with the wheel paid from the roll
    #[cite = "G-10"]
    charge_path: enum ChargePath { ClosestDistance, StrictPath } = ClosestDistance;

    /// which companies roll the extra 1d3 (cavalry 1d6) attacks of a long charge
    #[cite = "G-11"]
    extra_charge_dice_companies: enum ExtraChargeDice { InContact, All } = InContact;

    /// a unit destroyed within 6" panics enemies too, not only allies
    #[cite = "G-15"]
    panic_on_any_unit_destroyed: bool = false;

    /// units that cause fear are immune to fear (the WFB convention; the seed has no such
    /// clause) (acts only where a fear causer tests against another:
    /// tests/data/dnd_options/fear.toml)
    #[cite = "G-17"]
    fear_causers_immune: bool = false;

    /// a natural 20 passes any courage test
    #[cite = "G-18"]
    courage_nat20_autopass: bool = false;

    /// hits on minions score one combat-resolution point per damage die instead of one per hit
    #[cite = "G-21"]
    cr_multi_dice_vs_minions: bool = false;

    /// hits discarded by resilience still score combat resolution
    #[cite = "G-21"]
    cr_count_discarded_resilience_hits: bool = true;

    /// skirmisher units count as a company of 4 for Hope is Lost!
    #[cite = "G-31"]
    hope_is_lost_skirmishers: bool = false;

    /// lowest d20 roll that can hit for characters and captains (a natural 1 misses)
    #[cite = "G-35"]
    character_hit_floor: int(1..=8) as i32 = 2;

    /// the multiattack action may target characters and monsters
    #[cite = "G-36"]
    multiattack_vs_nonminions: bool = false;

    /// action-point uses 2-4 (extra actions, acting first) a unit benefits from per round; die
    /// modification is not counted; with one character per unit each spends at most 1 a round,
    /// so only 0 binds
    #[cite = "G-37"]
    ap_uses_per_unit_per_round: int(0..=10) as u8 = 3;

    /// hits after which a bolt thrower's chain stops, the primary included
    #[cite = "G-41"]
    bolt_max_hits: int(1..=20) as u32 = 6;

    /// use the corrected points table (levels 20, 24 and 30 are misprinted) (acts only when a
    /// scenario loads: false checks armies against the larger printed budgets there, and says
    /// so: tests/data/dnd_options/errata.toml)
    #[cite = "G-44"]
    points_table_errata: bool = true;

    /// turns before the battle ends on time
    #[cite = "G-46"]
    game_turns: int(1..=50) as u16 = 6;

    /// a battle on time is a draw when the points destroyed differ by less than this % of the
    /// smaller army
    #[cite = "G-46"]
    draw_band_pct: int(0..=100) as u32 = 10;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_an_accepted_value() {
        crate::rules::options::defaults_are_valid(SPECS).unwrap();
        let o = DndOptions::default();
        assert_eq!(o.game_turns, 6);
        assert_eq!(o.bolt_max_hits, 6);
        assert_eq!(o.caught_fleeing, CaughtFleeing::Literal);
    }
}
