//! The files compiled into muster: the seed's troop table as an army list,
//! the shipped doctrines and the default scenario of `muster run`, and the
//! This Means WAR! and D&D War example army lists and doctrines. They are
//! the same files as under `scenarios/`, so a user can copy and edit them.

pub const DEFAULT_SCENARIO_NAME: &str = "<built-in scenario armies/open_field.toml>";
pub const DEFAULT_SCENARIO: &str = include_str!("../../scenarios/armies/open_field.toml");

/// Built-in army lists by name.
pub const ARMY_LISTS: &[(&str, &str)] = &[(
    "armies_core",
    include_str!("../../scenarios/armies/lists/armies_core.toml"),
)];

/// Built-in doctrines by name.
pub const DOCTRINES: &[(&str, &str)] = &[
    (
        "advance",
        include_str!("../../scenarios/armies/doctrines/advance.toml"),
    ),
    (
        "decapitate",
        include_str!("../../scenarios/armies/doctrines/decapitate.toml"),
    ),
    (
        "hold_and_shoot",
        include_str!("../../scenarios/armies/doctrines/hold_and_shoot.toml"),
    ),
    (
        "siege_assault",
        include_str!("../../scenarios/armies/doctrines/siege_assault.toml"),
    ),
];

/// Built-in This Means WAR! army lists by name.
pub const WAR_ARMY_LISTS: &[(&str, &str)] = &[(
    "war_core",
    include_str!("../../scenarios/means_war/lists/war_core.toml"),
)];

/// Built-in This Means WAR! doctrines by name.
pub const WAR_DOCTRINES: &[(&str, &str)] = &[
    (
        "press_the_attack",
        include_str!("../../scenarios/means_war/doctrines/press_the_attack.toml"),
    ),
    (
        "hold_the_line",
        include_str!("../../scenarios/means_war/doctrines/hold_the_line.toml"),
    ),
    (
        "envelop",
        include_str!("../../scenarios/means_war/doctrines/envelop.toml"),
    ),
];

/// Built-in D&D War army lists by name.
pub const DND_ARMY_LISTS: &[(&str, &str)] = &[(
    "dnd_core",
    include_str!("../../scenarios/dnd_war/lists/dnd_core.toml"),
)];

/// Built-in D&D War doctrines by name.
pub const DND_DOCTRINES: &[(&str, &str)] = &[
    (
        "aggressive",
        include_str!("../../scenarios/dnd_war/doctrines/aggressive.toml"),
    ),
    (
        "balanced",
        include_str!("../../scenarios/dnd_war/doctrines/balanced.toml"),
    ),
    (
        "gunline",
        include_str!("../../scenarios/dnd_war/doctrines/gunline.toml"),
    ),
];

/// Built-in States of Battle (card-layer) doctrines by name.
pub const SOB_DOCTRINES: &[(&str, &str)] = &[
    (
        "steady",
        include_str!("../../scenarios/states_of_battle/doctrines/steady.toml"),
    ),
    (
        "reckless",
        include_str!("../../scenarios/states_of_battle/doctrines/reckless.toml"),
    ),
    (
        "cautious",
        include_str!("../../scenarios/states_of_battle/doctrines/cautious.toml"),
    ),
];
