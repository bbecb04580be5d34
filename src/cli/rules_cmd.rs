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
    writeln!(
        out,
        "rule options of `{name}` (set them in a scenario's [options] table)\n"
    )?;
    for spec in kind.options() {
        writeln!(out, "{} = {}", spec.name, spec.default)?;
        writeln!(out, "    values: {}", spec.values_text())?;
        writeln!(out, "    {}", spec.help)?;
        writeln!(out, "    digest: {}\n", spec.source)?;
    }
    if kind == RulesetKind::Armies {
        writeln!(out, "fortification table (digest A1.10; override per scenario in [battlefield.fortification_types]):")?;
        for (k, hp, bonus) in crate::scenario::armies::FORTIFICATION_TABLE {
            writeln!(out, "    {k}: {hp} hp, +{bonus} defence")?;
        }
    }
    if kind == RulesetKind::ThisMeansWar {
        writeln!(
            out,
            "not simulated: {}",
            crate::scenario::means_war::GAP_NOTE
        )?;
    }
    super::print_stdout(&out)?;
    Ok(EXIT_OK)
}
