//! The rule options of States of Battle (digest Appendix A): every
//! ambiguity the digest settles with a default is a named option here, and
//! [`SobOptions`] is what the overlay reads. Options whose alternatives are
//! not simulated yet accept only their default, and their help says so.

use super::deck::{Reshuffle, TrashMode};
use super::morale::{GainCap, GainPlacement, McvRounding, RemainderPlacement};
use crate::rules::options::{choice, flag, int, OptionReader, OptionSpec, OptionValue};
use crate::word_enum;
use std::collections::BTreeMap;

/// Every States of Battle option, in the order `muster rules states_of_battle` lists them.
pub const SPECS: &[OptionSpec] = &[
    int("mc_points_per_counter", 0, 1_000_000, "0",
        "points per Morale Counter; 0 takes the core's default (75 for a d6 core; D&D War: dnd_mc_ratio_xp_tenths / 10 x XP of the battle level)", "1.2, S-05"),
    int("dnd_mc_ratio_xp_tenths", 1, 1000, "25",
        "D&D War: points per MC as tenths of XP(L) (25 = 2.5 x XP, 500 points at level 5)", "1.2, S-05"),
    flag("dnd_characters_in_mc_total", "true",
        "D&D War: characters' notional points count toward the army's Morale Counters", "1.2, S-06"),
    int("dnd_character_notional_xp", 0, 100, "4",
        "D&D War: a character's notional points as a multiple of XP(L) (MCV and MC total)", "1.2, S-06"),
    choice("mcv_rounding", &["nearest_min1", "floor_min1", "ceil", "manual"], "nearest_min1",
        "a unit's MCV from its points: round half up with a minimum of 1 (fits both seed examples), floor, ceil, or every unit gives `mcv`", "1.3, S-04"),
    choice("sob_remainder_placement", &["emboldened_first", "desperate_first"], "emboldened_first",
        "where the counters left over by N mod 4 are dealt", "1.4, S-01"),
    choice("sob_gain_placement", &["refill", "current_segment"], "refill",
        "a gained counter goes back where the last one came from, or joins the segment being emptied (the State never improves)", "1.4, S-02"),
    choice("mc_gain_cap", &["none", "initial"], "none",
        "gains beyond the starting count overflow into Emboldened, or are capped at the start", "1.4, S-03"),
    choice("mc_loss_trigger", &["combat_defeat", "break_any_cause", "defeat_and_panic"], "combat_defeat",
        "what costs 1 MC: each unit defeated in combat (v2.5), each unit fleeing from a failed break or shooting panic (pre-2.4 summary line), or both", "2.3, S-07"),
    choice("defeat_loss_scope", &["per_unit", "per_side"], "per_unit",
        "a lost fight costs 1 MC per losing unit, or 1 per losing side", "2.1, S-08"),
    flag("annihilated_counts_as_defeat", "true",
        "a unit wiped out in a fight's round is also defeated (1 + its MCV)", "2.1, S-09"),
    flag("fleeing_at_end_loses_mcv", "false",
        "units still fleeing when the battle ends cost their MCV", "2.2, S-10"),
    choice("simultaneous_rout", &["draw", "both_lose"], "draw",
        "both sides at 0 MC after one resolution: a draw (both_lose is counted as a draw too, with its own end reason)", "2.4, S-26"),
    choice("achievement_scope", &["global_once", "once_per_player"], "global_once",
        "each achievement is awarded once in the battle, or once to each player", "3.0, S-12"),
    choice("thunderous_charge_test", &["distance_needed", "roll_total"], "distance_needed",
        "Thunderous Charge: made from within the window of the unit's extreme reach (measured when the charge is rolled, after any Manoeuvre), or the roll reached that far", "3.2, S-13"),
    int("thunderous_window", 0, 12, "2",
        "inches below the maximum charge range that count as Thunderous (2 for random charge distances)", "3.2"),
    flag("pincer_counts_existing_engagement", "false",
        "a flank or rear charge completes a pincer with a unit already engaged on the opposite side", "3.3, S-14"),
    choice("heroic_challenge_closes_on", &["decisive", "win_only"], "decisive",
        "the Heroic Challenge closes at its first decisive result, or only when won", "3.5, S-16"),
    choice("heroic_moment_compare", &["side_totals", "any_pair"], "side_totals",
        "Heroic Moment compares the sides' summed unit values, or any pair in contact", "3.6, S-15"),
    int("max_cards_per_round", 1, 10, "3",
        "most Orders (and Events) each player draws in a round", "4.1"),
    choice("draw_rule", &["both_equal", "winner_only"], "both_equal",
        "both players draw the difference, or only the roll-off winner", "4.2, S-18"),
    int("tutor_threshold", 0, 19, "5",
        "the roll-off winner tutors one Orders card when the difference is above this", "4.3"),
    choice("tutor_source", &["draw_pile", "draw_and_discard"], "draw_pile",
        "the tutored card comes from the draw pile, or from the draw or discard pile", "4.3, S-22"),
    choice("tie_round", &["empty", "reroll"], "empty",
        "a tied roll-off resets the decks and the round is empty (and counts), or the players roll again", "4.4, S-23"),
    flag("tie_round_free_window", "true",
        "in the empty turns of a tie round, free actions (shooting, Stratagem) may be taken", "4.4, S-56"),
    choice("trash_mode", &["until_reset", "permanent", "as_discard"], "until_reset",
        "trashed cards return at a tie reset, never, or are simply discarded", "4.6, S-19"),
    flag("lull_trashable", "true",
        "Lulls may be trashed like any Orders card", "4.6, S-20"),
    choice("reshuffle_timing", &["lazy", "eager"], "lazy",
        "the discard pile is reshuffled when a draw finds the pile empty, or as soon as it empties", "4.6, S-21"),
    int("round_limit", 0, 100, "15",
        "rounds before the battle ends on time (0: no limit, capped at 100 rounds and scored as a draw); NOT IN THE SEED, which ends a battle when an army loses its last counter 'or the battle stops through other means (time limit, objective captured etc)' (L265) and names no limit: 15 is the digest's proposal (about two passes through the Orders deck); summary.csv's share_end_round_limit says how often it ends a battle", "4.7, S-24"),
    flag("eliminated_army_loses", "true",
        "a side with no unit left on the table (and none on its way) loses at once; NOT IN THE SEED, where only losing the last Morale Counter loses (L141): the digest's proposal, since an army's counters need not add up to its units' MCVs; summary.csv's share_end_eliminated says how often it ends a battle", "4.7, S-25"),
    int("draw_margin", 0, 1000, "0",
        "on time, a lead of this many MC or fewer is a draw", "4.7"),
    flag("starter_cards", "true",
        "each player has the Starter cards (Favour of the Gods, Leadership, Manoeuvre, Stratagem)", "5.3, S-51"),
    flag("tactician_any_type", "true",
        "Brilliant Tactician may act as any menu card, or only as a type in its owner's deck", "5.1, S-28"),
    choice("missile_reload_scope", &["infantry_and_machines", "infantry_only", "machines_only"], "infantry_and_machines",
        "what Missile Reload (and Crushing Missilery's reload) unspends (card table L287 vs changelog L370)", "5.1, S-27"),
    flag("move_card_walk_then_charge", "false",
        "a Move activation may walk and then charge", "5.1, S-29"),
    flag("failed_charge_fallback_move", "false",
        "a unit whose charge fails may still move", "5.1, S-30"),
    choice("move_rally_timing", &["before_action", "after_action"], "before_action",
        "the compulsory rally of a Move card comes before or after the activation", "5.1, S-31"),
    flag("failed_rally_flees", "true",
        "a failed card rally makes the compulsory flee move", "5.1, S-31"),
    flag("rally_not_same_round_as_flee", "false",
        "a unit that started fleeing this round cannot be picked for a card's rally", "S-32"),
    choice("army_morale_army", &["drawer", "trailing"], "drawer",
        "whose army Army Morale checks: the drawer's own, if it has under 3/4 of the opponent's counters (the card sits in each player's own Event deck), or whichever army trails so, the drawer's or the opponent's (L308 says only \"if an army has less than 3/4 ... compared to their opponent\"; the seed does not settle it, so the drawer stays the default)", "5.2, L308"),
    choice("crushing_missilery_scope", &["owner", "all_units"], "owner",
        "whose units fire at +1 after Crushing Missilery", "5.2, S-37"),
    choice("ineffective_missilery_scope", &["owner", "all_units"], "owner",
        "whose units fire at -1 after Ineffective Missilery", "5.2, S-38"),
    choice("omens_tie", &["nothing", "reroll", "lose"], "nothing",
        "a tied Superstitions & Omens roll", "5.2, S-45"),
    flag("sneaky_critters_includes_rally", "true",
        "the opponent's Move from Sneaky Critters includes the compulsory rally", "5.2, S-36"),
    flag("inspiring_leader_kept_through_reset", "true",
        "a kept Inspiring Leader survives a tie reset", "5.2, S-48"),
    flag("undisciplined_no_target_spent", "false",
        "a unit with no target under Undisciplined Missilery is spent anyway", "5.2, S-49"),
    choice("favour_scope", &["own_throws"], "own_throws",
        "Favour of the Gods re-rolls its owner's throws (any_throw is NOT SIMULATED; roll-offs, break and rally tests and charge rolls are re-rolled, see ARCHITECTURE.md)", "5.3, S-47"),
    choice("leadership_tie", &["fail", "success"], "fail",
        "a tied Leadership roll", "5.3, S-46"),
    choice("leadership_targets", &["orders_and_events", "orders_only"], "orders_and_events",
        "which opposing cards Leadership may cancel (any_card, adding Starter cards, is NOT SIMULATED)", "5.3, S-46"),
    flag("manoeuvre_counts_as_round_move", "false",
        "a Manoeuvre counts as the unit's move of the round", "5.3, S-34"),
    flag("manoeuvre_vs_declared_charge", "true",
        "Manoeuvre may answer a declared charge", "5.3, S-35"),
    choice("stratagem_cap_basis", &["unit_count", "points"], "unit_count",
        "Stratagem tags up to 25% of the units (min 1), or units worth up to 25% of the army's points", "5.3, S-50"),
    flag("stratagem_tactician_as_cast_spells", "false",
        "a Brilliant Tactician may be trashed as the Cast Spells of the Stratagem's +4", "5.3, S-50"),
    choice("spent_stand_and_shoot", &["six_plus", "forbidden"], "six_plus",
        "a spent unit (or one that fired this turn) may Stand & Shoot hitting only on the top band, or not at all", "6.4, S-40"),
    int("sas_d20_need", 17, 20, "18",
        "D&D War: the d20 need of a spent Stand & Shoot (the 6+ of a d6)", "6.4, S-40"),
    flag("dnd_stand_and_shoot", "true",
        "D&D War: a charged unit may Stand & Shoot before the charge roll", "6.4, S-41"),
    flag("dnd_turn_action_links", "true",
        "D&D War: a unit that fired cannot strike later that turn (false lifts this link; marching or reforming still forbids firing, as the core's own rule)", "6.6, S-42"),
    int("d20_to_hit_step", 1, 5, "3",
        "D&D War: the d20 attack bonus worth one d6 to-hit pip (Crushing / Ineffective Missilery)", "6.7, S-39"),
    choice("dnd_spells", &["cast_spells_only"], "cast_spells_only",
        "D&D War: spell powers are used only through Cast Spells (as_missiles is NOT SIMULATED)", "5.1, S-43"),
    choice("gd_on_general_death", &["unchanged", "step_down"], "unchanged",
        "a side whose general is slain keeps its Generalship Die, or drops one size (min d4)", "1.1, S-11"),
    choice("sob_deployment", &["scenario", "gd_rolloff"], "scenario",
        "deployment: the scenario's positions, or GD roll-offs decide who places the next unit in those positions (the side that finishes first nudges one unit per unit the other places)", "7.1, S-52"),
    int("nudge_distance", 0, 24, "6",
        "GD roll-off deployment: the farthest a nudge moves a unit, in inches", "7.1"),
    choice("concealed_deployment", &["off"], "off",
        "concealed deployment (digest 7.2) is NOT SIMULATED", "7.2, S-53"),
];

word_enum!(LossTrigger { CombatDefeat = "combat_defeat", BreakAnyCause = "break_any_cause", DefeatAndPanic = "defeat_and_panic" });
word_enum!(Scope { PerUnit = "per_unit", PerSide = "per_side" });
word_enum!(Rout { Draw = "draw", BothLose = "both_lose" });
word_enum!(AchievementScope { GlobalOnce = "global_once", OncePerPlayer = "once_per_player" });
word_enum!(ThunderTest { DistanceNeeded = "distance_needed", RollTotal = "roll_total" });
word_enum!(HeroicCloses { Decisive = "decisive", WinOnly = "win_only" });
word_enum!(HeroicCompare { SideTotals = "side_totals", AnyPair = "any_pair" });
word_enum!(DrawRule { BothEqual = "both_equal", WinnerOnly = "winner_only" });
word_enum!(TutorSource { DrawPile = "draw_pile", DrawAndDiscard = "draw_and_discard" });
word_enum!(TieRound { Empty = "empty", Reroll = "reroll" });
word_enum!(ReloadScope { InfantryAndMachines = "infantry_and_machines", InfantryOnly = "infantry_only", MachinesOnly = "machines_only" });
word_enum!(RallyTiming { BeforeAction = "before_action", AfterAction = "after_action" });
word_enum!(CardScope { Owner = "owner", AllUnits = "all_units" });
word_enum!(MoraleArmy { Drawer = "drawer", Trailing = "trailing" });
word_enum!(OmensTie { Nothing = "nothing", Reroll = "reroll", Lose = "lose" });
word_enum!(LeadershipTargets { OrdersAndEvents = "orders_and_events", OrdersOnly = "orders_only" });
word_enum!(CapBasis { UnitCount = "unit_count", Points = "points" });
word_enum!(SpentSas { SixPlus = "six_plus", Forbidden = "forbidden" });
word_enum!(GdOnDeath { Unchanged = "unchanged", StepDown = "step_down" });

/// The States of Battle options of one scenario, typed.
#[derive(Clone, Debug, PartialEq)]
pub struct SobOptions {
    pub mc_points_per_counter: u32,
    pub dnd_mc_ratio_xp_tenths: u32,
    pub dnd_characters_in_mc_total: bool,
    pub dnd_character_notional_xp: u32,
    pub mcv_rounding: Option<McvRounding>,
    pub remainder: RemainderPlacement,
    pub gains: GainPlacement,
    pub gain_cap: GainCap,
    pub loss_trigger: LossTrigger,
    pub defeat_loss_scope: Scope,
    pub annihilated_counts_as_defeat: bool,
    pub fleeing_at_end_loses_mcv: bool,
    pub simultaneous_rout: Rout,
    pub achievement_scope: AchievementScope,
    pub thunderous_test: ThunderTest,
    pub thunderous_window: f64,
    pub pincer_counts_existing_engagement: bool,
    pub heroic_challenge_closes_on: HeroicCloses,
    pub heroic_moment_compare: HeroicCompare,
    pub max_cards: u32,
    pub draw_rule: DrawRule,
    pub tutor_threshold: u32,
    pub tutor_source: TutorSource,
    pub tie_round: TieRound,
    pub tie_round_free_window: bool,
    pub trash_mode: TrashMode,
    pub lull_trashable: bool,
    pub reshuffle: Reshuffle,
    /// None: no limit (the 100-round safety cap applies).
    pub round_limit: Option<u16>,
    pub eliminated_army_loses: bool,
    pub draw_margin: u32,
    pub starter_cards: bool,
    pub tactician_any_type: bool,
    pub missile_reload_scope: ReloadScope,
    pub move_card_walk_then_charge: bool,
    pub failed_charge_fallback_move: bool,
    pub move_rally_timing: RallyTiming,
    pub failed_rally_flees: bool,
    pub rally_not_same_round_as_flee: bool,
    /// Whose army Army Morale checks (L308).
    pub army_morale_army: MoraleArmy,
    pub crushing_scope: CardScope,
    pub ineffective_scope: CardScope,
    pub omens_tie: OmensTie,
    pub sneaky_critters_includes_rally: bool,
    pub inspiring_leader_kept_through_reset: bool,
    pub undisciplined_no_target_spent: bool,
    pub leadership_tie_succeeds: bool,
    pub leadership_targets: LeadershipTargets,
    pub manoeuvre_counts_as_round_move: bool,
    pub manoeuvre_vs_declared_charge: bool,
    pub stratagem_cap_basis: CapBasis,
    pub stratagem_tactician_as_cast_spells: bool,
    pub spent_stand_and_shoot: SpentSas,
    pub sas_d20_need: i32,
    pub dnd_stand_and_shoot: bool,
    pub dnd_turn_action_links: bool,
    pub d20_to_hit_step: i32,
    pub gd_on_general_death: GdOnDeath,
    /// Deployment by GD roll-offs with nudges (7.1).
    pub gd_deployment: bool,
    pub nudge_distance: f64,
}

/// Rounds played at most when `round_limit = 0` (digest 4.7).
pub const SAFETY_CAP_ROUNDS: u16 = 100;

impl Default for SobOptions {
    fn default() -> Self {
        Self::from_values(&BTreeMap::new())
    }
}

impl SobOptions {
    /// Typed options from checked values (missing ones take their default).
    pub fn from_values(values: &BTreeMap<String, OptionValue>) -> Self {
        let r = OptionReader {
            specs: SPECS,
            values,
        };
        let w = |n: &str| r.word(n);
        SobOptions {
            mc_points_per_counter: r.int("mc_points_per_counter") as u32,
            dnd_mc_ratio_xp_tenths: r.int("dnd_mc_ratio_xp_tenths") as u32,
            dnd_characters_in_mc_total: r.flag("dnd_characters_in_mc_total"),
            dnd_character_notional_xp: r.int("dnd_character_notional_xp") as u32,
            mcv_rounding: match w("mcv_rounding").as_str() {
                "floor_min1" => Some(McvRounding::FloorMin1),
                "ceil" => Some(McvRounding::Ceil),
                "manual" => None,
                _ => Some(McvRounding::NearestMin1),
            },
            remainder: if w("sob_remainder_placement") == "desperate_first" {
                RemainderPlacement::DesperateFirst
            } else {
                RemainderPlacement::EmboldenedFirst
            },
            gains: if w("sob_gain_placement") == "current_segment" {
                GainPlacement::CurrentSegment
            } else {
                GainPlacement::Refill
            },
            gain_cap: if w("mc_gain_cap") == "initial" {
                GainCap::Initial
            } else {
                GainCap::None
            },
            loss_trigger: LossTrigger::parse(&w("mc_loss_trigger")),
            defeat_loss_scope: Scope::parse(&w("defeat_loss_scope")),
            annihilated_counts_as_defeat: r.flag("annihilated_counts_as_defeat"),
            fleeing_at_end_loses_mcv: r.flag("fleeing_at_end_loses_mcv"),
            simultaneous_rout: Rout::parse(&w("simultaneous_rout")),
            achievement_scope: AchievementScope::parse(&w("achievement_scope")),
            thunderous_test: ThunderTest::parse(&w("thunderous_charge_test")),
            thunderous_window: r.int("thunderous_window") as f64,
            pincer_counts_existing_engagement: r.flag("pincer_counts_existing_engagement"),
            heroic_challenge_closes_on: HeroicCloses::parse(&w("heroic_challenge_closes_on")),
            heroic_moment_compare: HeroicCompare::parse(&w("heroic_moment_compare")),
            max_cards: r.int("max_cards_per_round") as u32,
            draw_rule: DrawRule::parse(&w("draw_rule")),
            tutor_threshold: r.int("tutor_threshold") as u32,
            tutor_source: TutorSource::parse(&w("tutor_source")),
            tie_round: TieRound::parse(&w("tie_round")),
            tie_round_free_window: r.flag("tie_round_free_window"),
            trash_mode: match w("trash_mode").as_str() {
                "permanent" => TrashMode::Permanent,
                "as_discard" => TrashMode::AsDiscard,
                _ => TrashMode::UntilReset,
            },
            lull_trashable: r.flag("lull_trashable"),
            reshuffle: if w("reshuffle_timing") == "eager" {
                Reshuffle::Eager
            } else {
                Reshuffle::Lazy
            },
            round_limit: match r.int("round_limit") {
                0 => None,
                n => Some(n as u16),
            },
            eliminated_army_loses: r.flag("eliminated_army_loses"),
            draw_margin: r.int("draw_margin") as u32,
            starter_cards: r.flag("starter_cards"),
            tactician_any_type: r.flag("tactician_any_type"),
            missile_reload_scope: ReloadScope::parse(&w("missile_reload_scope")),
            move_card_walk_then_charge: r.flag("move_card_walk_then_charge"),
            failed_charge_fallback_move: r.flag("failed_charge_fallback_move"),
            move_rally_timing: RallyTiming::parse(&w("move_rally_timing")),
            failed_rally_flees: r.flag("failed_rally_flees"),
            rally_not_same_round_as_flee: r.flag("rally_not_same_round_as_flee"),
            army_morale_army: MoraleArmy::parse(&w("army_morale_army")),
            crushing_scope: CardScope::parse(&w("crushing_missilery_scope")),
            ineffective_scope: CardScope::parse(&w("ineffective_missilery_scope")),
            omens_tie: OmensTie::parse(&w("omens_tie")),
            sneaky_critters_includes_rally: r.flag("sneaky_critters_includes_rally"),
            inspiring_leader_kept_through_reset: r.flag("inspiring_leader_kept_through_reset"),
            undisciplined_no_target_spent: r.flag("undisciplined_no_target_spent"),
            leadership_tie_succeeds: w("leadership_tie") == "success",
            leadership_targets: LeadershipTargets::parse(&w("leadership_targets")),
            manoeuvre_counts_as_round_move: r.flag("manoeuvre_counts_as_round_move"),
            manoeuvre_vs_declared_charge: r.flag("manoeuvre_vs_declared_charge"),
            stratagem_cap_basis: CapBasis::parse(&w("stratagem_cap_basis")),
            stratagem_tactician_as_cast_spells: r.flag("stratagem_tactician_as_cast_spells"),
            spent_stand_and_shoot: SpentSas::parse(&w("spent_stand_and_shoot")),
            sas_d20_need: r.int("sas_d20_need") as i32,
            dnd_stand_and_shoot: r.flag("dnd_stand_and_shoot"),
            dnd_turn_action_links: r.flag("dnd_turn_action_links"),
            d20_to_hit_step: r.int("d20_to_hit_step") as i32,
            gd_on_general_death: GdOnDeath::parse(&w("gd_on_general_death")),
            gd_deployment: w("sob_deployment") == "gd_rolloff",
            nudge_distance: r.int("nudge_distance") as f64,
        }
    }

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
