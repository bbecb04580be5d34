//! The one integration test binary: rule fidelity (worked examples and exact
//! probabilities from the Armies, This Means WAR!, D&D War and States of Battle digests; every
//! States of Battle card against a scripted core), determinism, trace = batch, bad
//! input, and the shipped files.

mod it {
    pub mod analysis;
    pub mod answers;
    pub mod bad_input;
    pub mod battle_invariants;
    pub mod counter;
    pub mod determinism;
    pub mod dnd_battle;
    pub mod dnd_battle_checks;
    pub mod dnd_characters;
    pub mod dnd_doctrines;
    pub mod dnd_fidelity;
    pub mod dnd_fidelity_two;
    pub mod dnd_geometry;
    pub mod dnd_helpers;
    pub mod dnd_probabilities;
    pub mod dnd_pursuit;
    pub mod dnd_vectors;
    pub mod doc_citations;
    pub mod exact_probabilities;
    pub mod fairness;
    pub mod fuzz;
    pub mod input_gaps;
    pub mod objectives;
    pub mod option_effects;
    pub mod outputs;
    pub mod panel;
    pub mod parquet;
    pub mod profile_overrides;
    pub mod registry;
    pub mod report_browser;
    pub mod rules_vectors;
    pub mod run_answers;
    pub mod shard_merge;
    pub mod shipped_files;
    pub mod sob_builds;
    pub mod sob_cards;
    pub mod sob_casters;
    pub mod sob_doctrines;
    pub mod sob_game;
    pub mod sob_on_dnd;
    pub mod sob_script;
    pub mod sob_vectors;
    pub mod sov_battle_checks;
    pub mod sov_charges;
    pub mod sov_combined;
    pub mod sov_examples;
    pub mod sov_exits;
    pub mod sov_fidelity;
    pub mod sov_geometry;
    pub mod sov_invariants;
    pub mod sov_objectives;
    pub mod sov_priority;
    pub mod sov_rules;
    pub mod sov_setups;
    pub mod support;
    pub mod user_files;
    pub mod verdicts;
    pub mod war_probabilities;
    pub mod war_vectors;
}
