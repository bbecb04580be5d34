//! `muster rules RULESET`: the named rule options, defaults and meanings.

use super::{EXIT_ERROR, EXIT_OK};
use crate::rules::RulesetKind;

pub fn rules(name: &str) -> anyhow::Result<i32> {
    let Some(kind) = RulesetKind::from_name(name) else {
        let names: Vec<&str> = RulesetKind::ALL.iter().map(|k| k.name()).collect();
        eprintln!(
            "error: unknown ruleset `{name}`; rulesets: {}",
            names.join(", ")
        );
        return Ok(EXIT_ERROR);
    };
    if !kind.is_implemented() {
        eprintln!(
            "error: ruleset `{name}` is not implemented in this version of muster (implemented: {})",
            RulesetKind::implemented_names()
        );
        return Ok(EXIT_ERROR);
    }
    use std::fmt::Write;
    let mut out = String::new();
    let table = if kind == RulesetKind::StatesOfBattle {
        "[states_of_battle]"
    } else {
        "[options]"
    };
    writeln!(
        out,
        "rule options of `{name}` (set them in a scenario's {table} table)\n"
    )?;
    for spec in kind.options() {
        writeln!(out, "{} = {}", spec.name, spec.default)?;
        writeln!(out, "    values: {}", spec.values_text())?;
        writeln!(out, "    {}", spec.help)?;
        writeln!(out, "    digest: {}\n", spec.source)?;
    }
    if kind == RulesetKind::Armies {
        writeln!(out, "fortification table (digest A1.10; override per scenario in [battlefield.fortification_types]):")?;
        for (k, hp, bonus) in crate::rulesets::armies::input::validate::FORTIFICATION_TABLE {
            writeln!(out, "    {k}: {hp} hp, +{bonus} defence")?;
        }
    }
    if kind == RulesetKind::ThisMeansWar {
        writeln!(
            out,
            "not simulated: {}",
            crate::rulesets::means_war::input::validate::GAP_NOTE
        )?;
    }
    if kind == RulesetKind::DndWar {
        dnd_tables(&mut out)?;
    }
    if kind == RulesetKind::StatesOfBattle {
        writeln!(out, "per side: gd (Generalship Die, default 10), mc_adjust, sob_doctrine (steady, reckless, cautious or a file), [side.orders] (14 menu cards within the caps; the 2 Lulls are added; left out: the digest's D23 build, with Cast Spells for a side with casters; `muster check` warns when a build leaves casters without Cast Spells or shooters without a reload card); per unit: mcv, reserve")?;
        writeln!(out, "State of Battle triggers, per side ([[side.trigger]]): state = shaken | bloodied | desperate (fires the first time the army is in that State or worse, with counters left) and one effect:")?;
        writeln!(out, "    reinforcements (units = [labels of reserve units]; they come on at the start of the next round)")?;
        writeln!(
            out,
            "    generalship_die (die = N), push (target = opponent | self), steal (count = N)"
        )?;
        writeln!(
            out,
            "    roll_off, missile (modifier = N; standing: applies while the State holds)"
        )?;
        for note in crate::overlays::sob::GAP_NOTES {
            writeln!(out, "{note}")?;
        }
    }
    super::print_stdout(&out)?;
    Ok(EXIT_OK)
}

/// The D&D War tables a scenario author needs beside the options.
fn dnd_tables(out: &mut String) -> std::fmt::Result {
    use crate::rulesets::dnd_war::army::{budget, BattleSize, ERRATA};
    use crate::rulesets::dnd_war::traits::RACES;
    use std::fmt::Write;
    writeln!(
        out,
        "races and their courage bonus (L452-457; * = not in the seed, the digest's G-19 default):"
    )?;
    for r in RACES {
        writeln!(
            out,
            "    {}{}: {:+}",
            r.name,
            if r.invented { "*" } else { "" },
            r.courage
        )?;
    }
    writeln!(out, "\nclass war rules simulated: fighter and warden (Mighty Defender), bard (Inspirational Leader), cleric and invoker (Divine Litany), paladin (Sanctified Challenge); the other classes' rules are not simulated")?;
    writeln!(
        out,
        "\nbudgets at levels 1, 5, 15, 25 (small / medium / large / huge, L717-749):"
    )?;
    for level in [1u8, 5, 15, 25] {
        let cells: Vec<String> = BattleSize::ALL
            .iter()
            .map(|&s| budget(level, s, true).map_or("-".into(), |b| b.to_string()))
            .collect();
        writeln!(out, "    level {level}: {}", cells.join(" / "))?;
    }
    writeln!(out, "corrected misprints (points_table_errata = true):")?;
    for e in ERRATA {
        writeln!(
            out,
            "    level {} {}: printed {}, corrected {} (L{})",
            e.level,
            BattleSize::NAMES[e.size as usize].to_lowercase(),
            e.printed,
            e.corrected,
            e.line
        )?;
    }
    writeln!(
        out,
        "\nnot simulated: {}",
        crate::rulesets::dnd_war::input::army::GAP_NOTE
    )
}
