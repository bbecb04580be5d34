//! `muster report DIR`: rebuilds the charts and report.html of an output
//! folder from its files.

use super::EXIT_OK;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The output folder of `muster run`, `compare`, `sweep`, `tune`, `decks` or `fairness`.
    pub dir: PathBuf,
    /// Also write every chart as PNG (SVG is always written).
    #[arg(long)]
    pub png: bool,
}

pub fn report(args: ReportArgs) -> anyhow::Result<i32> {
    let path = crate::report::build::build(&args.dir, args.png)?;
    say!("report: {}", path.display());
    Ok(EXIT_OK)
}
