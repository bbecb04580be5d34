//! The rule options of States of Battle (digest Appendix A): every
//! ambiguity the digest settles with a default is a named option here, and
//! [`SobOptions`] is what the overlay reads. Options whose alternatives are
//! not simulated yet accept only their default, and their help says so.

use super::deck::{Reshuffle, TrashMode};
use super::morale::{GainCap, GainPlacement, McvRounding, RemainderPlacement};
use crate::rule_options;

rule_options! {
    /// The States of Battle options of one scenario, typed.
    pub struct SobOptions;
    /// Every States of Battle option, in the order `muster rules states_of_battle` lists them.
    pub const SPECS;

    /// points per Morale Counter; 0 takes the core's default (75 for a d6 core; D&D War:
    /// dnd_mc_ratio_xp_tenths / 10 x XP of the battle level) (its largest values leave an
    /// army no counter, so they play only where `mc_adjust` gives some:
    /// tests/data/sob_options/mc_points.toml)
    #[cite = "1.2, S-05"]
    mc_points_per_counter: int(0..=1_000_000) as u32 = 0;

    /// D&D War: points per MC as tenths of XP(L) (25 = 2.5 x XP, 500 points at level 5)
    #[cite = "1.2, S-05"]
    dnd_mc_ratio_xp_tenths: int(1..=1000) as u32 = 25;

    /// D&D War: characters' notional points count toward the army's Morale Counters
    #[cite = "1.2, S-06"]
    dnd_characters_in_mc_total: bool = true;

    /// D&D War: a character's notional points as a multiple of XP(L) (MCV and MC total)
    #[cite = "1.2, S-06"]
    dnd_character_notional_xp: int(0..=100) as u32 = 4;

    /// a unit's MCV from its points: round half up with a minimum of 1 (fits both seed
    /// examples), floor, ceil, or every unit gives `mcv` (manual acts only when it loads: it
    /// refuses a scenario with a unit without `mcv`)
    #[cite = "1.3, S-04"]
    mcv_rounding: Option<McvRounding> = "nearest_min1" of {
        "nearest_min1" => Some(McvRounding::NearestMin1),
        "floor_min1" => Some(McvRounding::FloorMin1),
        "ceil" => Some(McvRounding::Ceil),
        "manual" => None,
    };

    /// where the counters left over by N mod 4 are dealt
    #[cite = "1.4, S-01"]
    #[option = "sob_remainder_placement"]
    remainder: RemainderPlacement = "emboldened_first" of {
        "emboldened_first" => RemainderPlacement::EmboldenedFirst,
        "desperate_first" => RemainderPlacement::DesperateFirst,
    };

    /// a gained counter goes back where the last one came from, or joins the segment being
    /// emptied (the State never improves)
    #[cite = "1.4, S-02"]
    #[option = "sob_gain_placement"]
    gains: GainPlacement = "refill" of {
        "refill" => GainPlacement::Refill,
        "current_segment" => GainPlacement::CurrentSegment,
    };

    /// gains beyond the starting count overflow into Emboldened, or are capped at the start
    #[cite = "1.4, S-03"]
    #[option = "mc_gain_cap"]
    gain_cap: GainCap = "none" of { "none" => GainCap::None, "initial" => GainCap::Initial };

    /// what costs 1 MC: each unit defeated in combat (v2.5), each unit fleeing from a failed
    /// break or shooting panic (pre-2.4 summary line), or both
    #[cite = "2.3, S-07"]
    #[option = "mc_loss_trigger"]
    loss_trigger: enum LossTrigger {
        CombatDefeat = "combat_defeat",
        BreakAnyCause = "break_any_cause",
        DefeatAndPanic = "defeat_and_panic",
    } = CombatDefeat;

    /// a lost fight costs 1 MC per losing unit, or 1 per losing side
    #[cite = "2.1, S-08"]
    defeat_loss_scope: enum Scope { PerUnit = "per_unit", PerSide = "per_side" } = PerUnit;

    /// a unit wiped out in a fight's round is also defeated (1 + its MCV)
    #[cite = "2.1, S-09"]
    annihilated_counts_as_defeat: bool = true;

    /// units still fleeing when the battle ends cost their MCV
    #[cite = "2.2, S-10"]
    fleeing_at_end_loses_mcv: bool = false;

    /// both sides at 0 MC after one resolution: a draw (both_lose is counted as a draw too,
    /// with its own end reason)
    #[cite = "2.4, S-26"]
    simultaneous_rout: enum Rout { Draw = "draw", BothLose = "both_lose" } = Draw;

    /// each achievement is awarded once in the battle, or once to each player
    #[cite = "3.0, S-12"]
    achievement_scope: enum AchievementScope {
        GlobalOnce = "global_once", OncePerPlayer = "once_per_player",
    } = GlobalOnce;

    /// Thunderous Charge: made from within the window of the unit's extreme reach (measured
    /// when the charge is rolled, after any Manoeuvre), or the roll reached that far
    #[cite = "3.2, S-13"]
    #[option = "thunderous_charge_test"]
    thunderous_test: enum ThunderTest {
        DistanceNeeded = "distance_needed", RollTotal = "roll_total",
    } = DistanceNeeded;

    /// inches below the maximum charge range that count as Thunderous (2 for random charge
    /// distances)
    #[cite = "3.2"]
    thunderous_window: int(0..=12) as f64 = 2;

    /// a flank or rear charge completes a pincer with a unit already engaged on the opposite
    /// side
    #[cite = "3.3, S-14"]
    pincer_counts_existing_engagement: bool = false;

    /// the Heroic Challenge closes at its first decisive result, or only when won (acts only
    /// where a side declares a Heroic Challenge after one was lost:
    /// tests/data/sob_options/heroic_challenge.toml)
    #[cite = "3.5, S-16"]
    heroic_challenge_closes_on: enum HeroicCloses {
        Decisive = "decisive", WinOnly = "win_only",
    } = Decisive;

    /// Heroic Moment compares the sides' summed unit values, or any pair in contact
    #[cite = "3.6, S-15"]
    heroic_moment_compare: enum HeroicCompare {
        SideTotals = "side_totals", AnyPair = "any_pair",
    } = SideTotals;

    /// most Orders (and Events) each player draws in a round
    #[cite = "4.1"]
    #[option = "max_cards_per_round"]
    max_cards: int(1..=10) as u32 = 3;

    /// both players draw the difference, or only the roll-off winner
    #[cite = "4.2, S-18"]
    draw_rule: enum DrawRule { BothEqual = "both_equal", WinnerOnly = "winner_only" } = BothEqual;

    /// the roll-off winner tutors one Orders card when the difference is above this
    #[cite = "4.3"]
    tutor_threshold: int(0..=19) as u32 = 5;

    /// the tutored card comes from the draw pile, or from the draw or discard pile
    #[cite = "4.3, S-22"]
    tutor_source: enum TutorSource {
        DrawPile = "draw_pile", DrawAndDiscard = "draw_and_discard",
    } = DrawPile;

    /// a tied roll-off resets the decks and the round is empty (and counts), or the players
    /// roll again
    #[cite = "4.4, S-23"]
    tie_round: enum TieRound { Empty = "empty", Reroll = "reroll" } = Empty;

    /// in the empty turns of a tie round, free actions (shooting, Stratagem) may be taken
    #[cite = "4.4, S-56"]
    tie_round_free_window: bool = true;

    /// trashed cards return at a tie reset, never, or are simply discarded
    #[cite = "4.6, S-19"]
    trash_mode: TrashMode = "until_reset" of {
        "until_reset" => TrashMode::UntilReset,
        "permanent" => TrashMode::Permanent,
        "as_discard" => TrashMode::AsDiscard,
    };

    /// Lulls may be trashed like any Orders card
    #[cite = "4.6, S-20"]
    lull_trashable: bool = true;

    /// the discard pile is reshuffled when a draw finds the pile empty, or as soon as it
    /// empties
    #[cite = "4.6, S-21"]
    #[option = "reshuffle_timing"]
    reshuffle: Reshuffle = "lazy" of { "lazy" => Reshuffle::Lazy, "eager" => Reshuffle::Eager };

    // The field is None for 0: no limit (`SAFETY_CAP_ROUNDS` applies).
    /// rounds before the battle ends on time (0: no limit, capped at 100 rounds and scored as a
    /// draw); NOT IN THE SEED, which ends a battle when an army loses its last counter 'or the
    /// battle stops through other means (time limit, objective captured etc)' (L265) and names
    /// no limit: 15 is the digest's proposal (about two passes through the Orders deck);
    /// summary.csv's share_end_round_limit says how often it ends a battle
    #[cite = "4.7, S-24"]
    round_limit: int(0..=100) as Option<u16> = 15, map round_limit;

    /// a side with no unit left on the table (and none on its way) loses at once; NOT IN THE
    /// SEED, where only losing the last Morale Counter loses (L141): the digest's proposal,
    /// since an army's counters need not add up to its units' MCVs; summary.csv's
    /// share_end_eliminated says how often it ends a battle
    #[cite = "4.7, S-25"]
    eliminated_army_loses: bool = true;

    /// on time, a lead of this many MC or fewer is a draw
    #[cite = "4.7"]
    draw_margin: int(0..=1000) as u32 = 0;

    /// each player has the Starter cards (Favour of the Gods, Leadership, Manoeuvre, Stratagem)
    #[cite = "5.3, S-51"]
    starter_cards: bool = true;

    /// Brilliant Tactician may act as any menu card, or only as a type in its owner's deck
    /// (acts only where a build lacks a type its player wants:
    /// tests/data/sob_options/tactician.toml)
    #[cite = "5.1, S-28"]
    tactician_any_type: bool = true;

    /// what Missile Reload (and Crushing Missilery's reload) unspends (card table L287 vs
    /// changelog L370)
    #[cite = "5.1, S-27"]
    missile_reload_scope: enum ReloadScope {
        InfantryAndMachines = "infantry_and_machines",
        InfantryOnly = "infantry_only",
        MachinesOnly = "machines_only",
    } = InfantryAndMachines;

    /// a Move activation may walk and then charge
    #[cite = "5.1, S-29"]
    move_card_walk_then_charge: bool = false;

    /// a unit whose charge fails may still move
    #[cite = "5.1, S-30"]
    failed_charge_fallback_move: bool = false;

    /// the compulsory rally of a Move card comes before or after the activation
    #[cite = "5.1, S-31"]
    move_rally_timing: enum RallyTiming {
        BeforeAction = "before_action", AfterAction = "after_action",
    } = BeforeAction;

    /// a failed card rally makes the compulsory flee move
    #[cite = "5.1, S-31"]
    failed_rally_flees: bool = true;

    /// a unit that started fleeing this round cannot be picked for a card's rally
    #[cite = "S-32"]
    rally_not_same_round_as_flee: bool = false;

    /// whose army Army Morale checks: the drawer's own, if it has under 3/4 of the opponent's
    /// counters (the card sits in each player's own Event deck), or whichever army trails so,
    /// the drawer's or the opponent's (L308 says only "if an army has less than 3/4 ...
    /// compared to their opponent"; the seed does not settle it, so the drawer stays the
    /// default)
    #[cite = "5.2, L308"]
    army_morale_army: enum MoraleArmy { Drawer = "drawer", Trailing = "trailing" } = Drawer;

    /// whose units fire at +1 after Crushing Missilery
    #[cite = "5.2, S-37"]
    #[option = "crushing_missilery_scope"]
    crushing_scope: enum CardScope { Owner = "owner", AllUnits = "all_units" } = Owner;

    /// whose units fire at -1 after Ineffective Missilery
    #[cite = "5.2, S-38"]
    #[option = "ineffective_missilery_scope"]
    ineffective_scope: word CardScope = Owner;

    /// a tied Superstitions & Omens roll
    #[cite = "5.2, S-45"]
    omens_tie: enum OmensTie { Nothing = "nothing", Reroll = "reroll", Lose = "lose" } = Nothing;

    /// the opponent's Move from Sneaky Critters includes the compulsory rally
    #[cite = "5.2, S-36"]
    sneaky_critters_includes_rally: bool = true;

    /// a kept Inspiring Leader survives a tie reset
    #[cite = "5.2, S-48"]
    inspiring_leader_kept_through_reset: bool = true;

    /// a unit with no target under Undisciplined Missilery is spent anyway
    #[cite = "5.2, S-49"]
    undisciplined_no_target_spent: bool = false;

    /// Favour of the Gods re-rolls its owner's throws (any_throw is NOT SIMULATED; roll-offs,
    /// break and rally tests and charge rolls are re-rolled, see ARCHITECTURE.md)
    #[cite = "5.3, S-47"]
    favour_scope: fixed "own_throws";

    /// a tied Leadership roll
    #[cite = "5.3, S-46"]
    #[option = "leadership_tie"]
    leadership_tie_succeeds: bool = "fail" of { "fail" => false, "success" => true };

    /// which opposing cards Leadership may cancel (any_card, adding Starter cards, is NOT
    /// SIMULATED)
    #[cite = "5.3, S-46"]
    leadership_targets: enum LeadershipTargets {
        OrdersAndEvents = "orders_and_events", OrdersOnly = "orders_only",
    } = OrdersAndEvents;

    /// a Manoeuvre counts as the unit's move of the round
    #[cite = "5.3, S-34"]
    manoeuvre_counts_as_round_move: bool = false;

    /// Manoeuvre may answer a declared charge
    #[cite = "5.3, S-35"]
    manoeuvre_vs_declared_charge: bool = true;

    /// Stratagem tags up to 25% of the units (min 1), or units worth up to 25% of the army's
    /// points (acts only where the first units tagged are cheap:
    /// tests/data/sob_options/stratagem_cap.toml)
    #[cite = "5.3, S-50"]
    stratagem_cap_basis: enum CapBasis { UnitCount = "unit_count", Points = "points" } = UnitCount;

    /// a Brilliant Tactician may be trashed as the Cast Spells of the Stratagem's +4
    #[cite = "5.3, S-50"]
    stratagem_tactician_as_cast_spells: bool = false;

    /// a spent unit (or one that fired this turn) may Stand & Shoot hitting only on the top
    /// band, or not at all
    #[cite = "6.4, S-40"]
    spent_stand_and_shoot: enum SpentSas {
        SixPlus = "six_plus", Forbidden = "forbidden",
    } = SixPlus;

    /// D&D War: the d20 need of a spent Stand & Shoot (the 6+ of a d6)
    #[cite = "6.4, S-40"]
    sas_d20_need: int(17..=20) as i32 = 18;

    /// D&D War: a charged unit may Stand & Shoot before the charge roll
    #[cite = "6.4, S-41"]
    dnd_stand_and_shoot: bool = true;

    /// D&D War: a unit that fired cannot strike later that turn (false lifts this link;
    /// marching or reforming still forbids firing, as the core's own rule)
    #[cite = "6.6, S-42"]
    dnd_turn_action_links: bool = true;

    /// D&D War: the d20 attack bonus worth one d6 to-hit pip (Crushing / Ineffective Missilery)
    #[cite = "6.7, S-39"]
    d20_to_hit_step: int(1..=5) as i32 = 3;

    /// D&D War: spell powers are used only through Cast Spells (as_missiles is NOT SIMULATED)
    #[cite = "5.1, S-43"]
    dnd_spells: fixed "cast_spells_only";

    /// a side whose general is slain keeps its Generalship Die, or drops one size (min d4)
    #[cite = "1.1, S-11"]
    gd_on_general_death: enum GdOnDeath {
        Unchanged = "unchanged", StepDown = "step_down",
    } = Unchanged;

    /// deployment: the scenario's positions, or GD roll-offs decide who places the next unit in
    /// those positions (the side that finishes first nudges one unit per unit the other places)
    #[cite = "7.1, S-52"]
    #[option = "sob_deployment"]
    gd_deployment: bool = "scenario" of { "scenario" => false, "gd_rolloff" => true };

    /// GD roll-off deployment: the farthest a nudge moves a unit, in inches
    #[cite = "7.1"]
    nudge_distance: int(0..=24) as f64 = 6;

    /// concealed deployment (digest 7.2) is NOT SIMULATED
    #[cite = "7.2, S-53"]
    concealed_deployment: fixed "off";
}

/// Rounds played at most when `round_limit = 0` (digest 4.7).
pub const SAFETY_CAP_ROUNDS: u16 = 100;

/// `round_limit` 0 is no limit.
fn round_limit(rounds: i64) -> Option<u16> {
    match rounds {
        0 => None,
        n => Some(n as u16),
    }
}

impl SobOptions {
    /// Rounds played at most.
    pub fn max_rounds(&self) -> u16 {
        self.round_limit.unwrap_or(SAFETY_CAP_ROUNDS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_an_accepted_value() {
        crate::rules::options::defaults_are_valid(SPECS).unwrap();
        let o = SobOptions::default();
        assert_eq!(o.round_limit, Some(15));
        assert_eq!(o.max_cards, 3);
        assert_eq!(o.sas_d20_need, 18);
        assert_eq!(o.d20_to_hit_step, 3);
    }
}
