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
    println!("rule options of `{name}` (set them in a scenario's [options] table)\n");
    for spec in kind.options() {
        println!("{} = {}", spec.name, spec.default);
        println!("    values: {}", spec.values_text());
        println!("    {}", spec.help);
        println!("    digest: {}\n", spec.source);
    }
    if kind == RulesetKind::Armies {
        println!("fortification table (digest A1.10; override per scenario in [battlefield.fortification_types]):");
        for (k, hp, bonus) in crate::scenario::armies::FORTIFICATION_TABLE {
            println!("    {k}: {hp} hp, +{bonus} defence");
        }
    }
    Ok(EXIT_OK)
}
