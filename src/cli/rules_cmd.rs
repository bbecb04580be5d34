//! `muster rules RULESET`: the named rule options, defaults and meanings,
//! then what the ruleset's spec adds (tables, notes).

use super::{EXIT_ERROR, EXIT_OK};
use crate::registry;
use crate::rules::RulesetKind;

pub fn rules(kind: RulesetKind) -> anyhow::Result<i32> {
    let Some(spec) = registry::spec(kind) else {
        tell!(
            "error: ruleset `{}` is not implemented in this version of muster (implemented: {})",
            kind.name(),
            registry::implemented_names()
        );
        return Ok(EXIT_ERROR);
    };
    use std::fmt::Write;
    let mut out = String::new();
    writeln!(
        out,
        "rule options of `{}` (set them in a scenario's {} table)\n",
        kind.name(),
        spec.options_table()
    )?;
    for option in spec.options() {
        writeln!(out, "{} = {}", option.name, option.default)?;
        writeln!(out, "    values: {}", option.values_text())?;
        writeln!(out, "    {}", option.help)?;
        writeln!(out, "    digest: {}\n", option.source)?;
    }
    spec.describe(&mut out)?;
    super::print_stdout(&out)?;
    Ok(EXIT_OK)
}
