//! The Standards of Valor files compiled into muster: the seed's figure
//! types (`sov_seed_figures`) and the shipped doctrines. They are the same
//! files as under `scenarios/standards_of_valor/`, so a user can copy and
//! edit them.

/// Built-in Standards of Valor army lists by name.
pub const ARMY_LISTS: &[(&str, &str)] = &[(
    "sov_seed_figures",
    include_str!("../../../scenarios/standards_of_valor/lists/sov_seed_figures.toml"),
)];

/// Built-in Standards of Valor doctrines by name.
pub const DOCTRINES: &[(&str, &str)] = &[
    (
        "shieldwall",
        include_str!("../../../scenarios/standards_of_valor/doctrines/shieldwall.toml"),
    ),
    (
        "skirmish_screen",
        include_str!("../../../scenarios/standards_of_valor/doctrines/skirmish_screen.toml"),
    ),
    (
        "command_chain",
        include_str!("../../../scenarios/standards_of_valor/doctrines/command_chain.toml"),
    ),
    (
        "wild_charge",
        include_str!("../../../scenarios/standards_of_valor/doctrines/wild_charge.toml"),
    ),
];
