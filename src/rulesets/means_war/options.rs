//! The rule options of This Means WAR!: every gap of part 3 (what parts 1-2
//! and the never-found parts 4-6 defined) and every contradiction the digest
//! (part B, sections B2 and B7) settles with a default, as a named option,
//! and the typed [`WarOptions`] the rules code reads.

use crate::rule_options;

rule_options! {
    /// The This Means WAR! options of one scenario, typed.
    pub struct WarOptions;
    /// Every This Means WAR! option, in the order `muster rules means_war` lists them.
    pub const SPECS;

    /// who shares one initiative d20 each round: all units of a troop type on a side (L28,
    /// L85), the whole side, or each unit
    #[cite = "B1.2"]
    ip_roll_scope: enum IpRollScope { PerSideTroopType, PerSide, PerUnit } = PerSideTroopType;

    /// how half-point phase numbers round: up (10.5 -> 11 and d20+2.5 -> d20+3 in the text) or
    /// down
    #[cite = "B1.2"]
    phase_rounding: enum PhaseRounding { HalfUp, Floor } = HalfUp;

    /// largest initiative-attack percentage before the rout x3 and routed-target x2 (1000 =
    /// effectively uncapped)
    #[cite = "B1.3, B-G27"]
    ia_pct_cap: int(5..=1000) = 100;

    /// initiative-attack damage: each unit hits its own target (L55), or a troop type pools its
    /// damage and splits it evenly over the chosen targets (the L57 example)
    #[cite = "B1.3, B-G28"]
    ia_allocation: enum IaAllocation { PerUnitTarget, PooledEven } = PerUnitTarget;

    /// a unit that moves in its initiative phase makes an extra morale check right after the
    /// move (L53), forced moves included
    #[cite = "B1.3"]
    ip_move_triggers_check: bool = true;

    /// share of the standard move M made in the action phase (the IP always moves half); Half
    /// is the only split that makes retreat double and rout 5x
    #[cite = "B1.7, B-G05"]
    ap_move_fraction: enum ApMoveFraction { Half, Full } = Half;

    /// morale target 70 + %kills - %losses + modifiers (kills help, L66), or the printed order
    /// taken as the target (sensitivity only)
    #[cite = "B1.6"]
    morale_sign: enum MoraleSign { KillsMinusLosses, LiteralLossesMinusKills } = KillsMinusLosses;

    /// %kills: the sum of the % killed figures this unit wrote on its targets; or per troop
    /// type, damage over the starting HP of the enemy units it engaged; or damage over own HP
    #[cite = "B1.6, B-G14"]
    kills_basis: enum KillsBasis {
        SumTargetPercents, ArmyPooled, OwnHpRelative,
    } = SumTargetPercents;

    /// each unit rolls its own d% in its action phase, or one d% per troop type with type-level
    /// %kills and %losses
    #[cite = "B1.6, B-G14"]
    morale_scope: enum MoraleScope { PerUnit, PerTroopType } = PerUnit;

    /// how the fractional morale target is made an integer
    #[cite = "B1.6, B-G22"]
    morale_target_rounding: enum TargetRounding { Floor, Nearest } = Floor;

    /// who checks at the start of an action phase: every unit, or only units adjacent to an
    /// enemy or damaged since their last action phase
    #[cite = "B1.6, B-G15"]
    morale_check_trigger: enum CheckTrigger {
        EveryActionPhase, EngagedOrDamaged,
    } = EveryActionPhase;

    /// the two-outcome checks of routed and attacked surrendered units: pass/fail on the
    /// target, or only the matching outcome band
    #[cite = "B1.6, B-G16"]
    restricted_check_mapping: enum RestrictedMapping { PassFail, Bands } = PassFail;

    /// a failure result replaces the current state only if at least as severe, or always
    #[cite = "B1.6, B-G17"]
    state_update: enum StateUpdate { WorseReplaces, LatestReplaces } = WorseReplaces;

    /// after a Resurgance the unit deals full damage again (its current HP is its new full
    /// capacity); false keeps scaling by the original HP
    #[cite = "B1.7"]
    resurgence_resets_damage_scaling: bool = true;

    /// every Resurgance adds another +10 to later checks (false: +10 once)
    #[cite = "B1.7"]
    resurgence_bonus_stacks: bool = false;

    /// "first-attack damage" of the rout and surrender free attacks, in % of normal damage x
    /// surviving fraction
    #[cite = "B-G09"]
    first_attack_damage_factor: int(0..=1000) = 100;

    /// outnumbered compares the surviving men of all effective units per side, or of the units
    /// within 2 squares of the checking unit
    #[cite = "B-G11"]
    outnumbered_basis: enum OutnumberedBasis { SideMen, Local } = SideMen;

    /// a side is outnumbered when the enemy has more than this % of its men
    #[cite = "B-G11"]
    outnumber_ratio_pct: int(100..=1000) = 100;

    /// a unit with 2 or more adjacent enemy units counts as in a tactically weak position
    #[cite = "B-G12"]
    auto_flanked_weak: bool = false;

    /// a unit within this many squares of an enemy unit of a `causes_fear` troop type checks at
    /// -20 (our default; the digest gives only the flag)
    #[cite = "B-G13"]
    fear_radius: int(1..=50) as i32 = 2;

    /// moves may pass through squares of friendly units (never end on them); enemy squares
    /// always block
    #[cite = "B-G07"]
    pass_through_friends: bool = true;

    /// a surrendered unit next to an enemy unit that did not attack it that round is captured
    /// at the end of the round
    #[cite = "B-G23"]
    surrender_capture: enum SurrenderCapture { EndOfRoundIfAdjacent, Never } = EndOfRoundIfAdjacent;

    /// at the round limit the side with the higher share of starting HP in effective units
    /// wins, unless the shares differ by at most this many points
    #[cite = "B-G25"]
    timeout_draw_band_pct: int(0..=100) = 1;

    /// action-phase step 3, defined only in the unpublished part 4: not simulated
    #[cite = "B1.5, B-G08"]
    leadership_check: fixed "Off";

    /// action-phase step 4, defined only in the unpublished part 4: not simulated
    #[cite = "B1.5, B-G08"]
    luck_check: fixed "Off";

    /// action-phase step 5, defined only in the unpublished part 4: not simulated
    #[cite = "B1.5, B-G08"]
    tactical_advantages: fixed "Off";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_an_accepted_value() {
        crate::rules::options::defaults_are_valid(SPECS).unwrap();
        let o = WarOptions::default();
        assert_eq!(o.ia_pct_cap, 100);
        assert_eq!(o.morale_sign, MoraleSign::KillsMinusLosses);
    }
}
