//! The This Means WAR! files compiled into muster: the example profiles
//! (`war_core`) and the shipped doctrines. They are the same files as under
//! `scenarios/`, so a user can copy and edit them.

/// Built-in This Means WAR! army lists by name.
pub const ARMY_LISTS: &[(&str, &str)] = &[(
    "war_core",
    include_str!("../../../scenarios/means_war/lists/war_core.toml"),
)];

/// Built-in This Means WAR! doctrines by name.
pub const DOCTRINES: &[(&str, &str)] = &[
    (
        "press_the_attack",
        include_str!("../../../scenarios/means_war/doctrines/press_the_attack.toml"),
    ),
    (
        "hold_the_line",
        include_str!("../../../scenarios/means_war/doctrines/hold_the_line.toml"),
    ),
    (
        "envelop",
        include_str!("../../../scenarios/means_war/doctrines/envelop.toml"),
    ),
];
