//! The D&D War files compiled into muster: the example profiles (`dnd_core`)
//! and the shipped doctrines. They are the same files as under `scenarios/`,
//! so a user can copy and edit them.

/// Built-in D&D War army lists by name.
pub const ARMY_LISTS: &[(&str, &str)] = &[(
    "dnd_core",
    include_str!("../../../scenarios/dnd_war/lists/dnd_core.toml"),
)];

/// Built-in D&D War doctrines by name.
pub const DOCTRINES: &[(&str, &str)] = &[
    (
        "aggressive",
        include_str!("../../../scenarios/dnd_war/doctrines/aggressive.toml"),
    ),
    (
        "balanced",
        include_str!("../../../scenarios/dnd_war/doctrines/balanced.toml"),
    ),
    (
        "gunline",
        include_str!("../../../scenarios/dnd_war/doctrines/gunline.toml"),
    ),
];
