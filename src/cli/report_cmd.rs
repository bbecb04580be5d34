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

/// Rebuilds the report whole: the folder's files are copied (hard links
/// where possible) into a staging folder, the charts and report.html built
/// there from them, and the result put in place as every output folder is
/// (swapped in, or written in place around files muster did not write);
/// an error before that leaves the folder as it was.
pub fn report(args: ReportArgs) -> anyhow::Result<i32> {
    use crate::report::build::{build, read_manifest};
    use crate::report::{FolderKind, OutDir};
    // Read where the user pointed, so its problems name the folder.
    let manifest = read_manifest(&args.dir)?;
    if !args.dir.is_dir() {
        anyhow::bail!("{} is not a folder", args.dir.display());
    }
    if crate::report::owned::Record::read(&args.dir).is_some_and(|r| !r.complete) {
        anyhow::bail!(
            "{} was left half-written by a muster command that was stopped while writing it; run that command again",
            args.dir.display()
        );
    }
    let kind = FolderKind::named(&manifest.kind);
    // `report` adds to any output folder: it rebuilds the charts and
    // report.html and keeps every other file.
    let out = OutDir::claim(&args.dir, kind, true)?;
    let mut staging = out.stage()?;
    staging.copy_from_target(|name| name != "charts" && name != "report.html")?;
    let path = build(staging.path(), args.png)?;
    let name = path
        .file_name()
        .map(std::path::PathBuf::from)
        .unwrap_or_default();
    staging.commit()?;
    say!("report: {}", args.dir.join(name).display());
    Ok(EXIT_OK)
}
