//! The States of Battle files compiled into muster: the shipped card-layer
//! doctrines. They are the same files as under `scenarios/`, so a user can
//! copy and edit them.

/// Built-in States of Battle (card-layer) doctrines by name.
pub const DOCTRINES: &[(&str, &str)] = &[
    (
        "steady",
        include_str!("../../../scenarios/states_of_battle/doctrines/steady.toml"),
    ),
    (
        "reckless",
        include_str!("../../../scenarios/states_of_battle/doctrines/reckless.toml"),
    ),
    (
        "cautious",
        include_str!("../../../scenarios/states_of_battle/doctrines/cautious.toml"),
    ),
];
