//! The ownership record: how muster knows which files of an output folder
//! it wrote. Every output folder muster writes holds `.muster-owned.json`,
//! listing each file muster wrote there (relative paths), the command that
//! wrote them and whether the write-out finished. Only files on that list
//! (and muster's own temporaries) are ever replaced, moved or deleted; a
//! file that is not on it is the user's, whatever its name.

use super::{io_err, ReportError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The record's file name, inside the output folder.
pub const RECORD: &str = ".muster-owned.json";

/// What [`RECORD`] holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The command that wrote the folder: `run` or an analysis (`compare`,
    /// `sweep`, `tune`, `decks`, `fairness`, `panel`, `counter`).
    pub kind: String,
    /// False while an in-place write-out is under way (or was cut off):
    /// the folder then mixes files of two write-outs.
    pub complete: bool,
    /// Every file muster wrote into the folder, relative, `/`-separated.
    pub files: BTreeSet<String>,
}

impl Record {
    /// The record of `dir`, if it has a readable one. A damaged record
    /// counts as none: nothing in the folder is then muster's.
    pub fn read(dir: &Path) -> Option<Record> {
        let text = std::fs::read_to_string(dir.join(RECORD)).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Writes the record into `dir` atomically.
    pub fn write(&self, dir: &Path) -> Result<(), ReportError> {
        let text = serde_json::to_string_pretty(self).map_err(|e| ReportError::Folder {
            path: dir.join(RECORD).display().to_string(),
            message: format!("cannot serialise: {e}"),
        })?;
        super::write_text(&dir.join(RECORD), &format!("{text}\n"))
    }

    /// The record of a folder muster has just written whole: every file
    /// under `dir` (but the record and temporaries).
    pub fn of_tree(dir: &Path, kind: &str) -> Result<Record, ReportError> {
        Ok(Record {
            kind: kind.to_string(),
            complete: true,
            files: files_under(dir)?.into_iter().collect(),
        })
    }
}

/// Whether `name`, an entry of an output folder, is muster's own transient
/// entry: a torn temporary of a killed write (`.muster-XXXXXX.tmp`, a
/// chart's `.muster-NAME.png`), a staging folder made inside the output
/// folder (`.muster-staging-PID-N`), the in-folder lock or the record.
pub fn is_muster_transient(name: &str) -> bool {
    let Some(rest) = name.strip_prefix(".muster-") else {
        return false;
    };
    name == RECORD
        || rest == "lock"
        || rest.ends_with(".tmp")
        || rest.ends_with(".png")
        || rest.starts_with("staging-")
}

/// Every file below `dir`, as `/`-separated relative paths, sorted (an
/// empty folder listed as such, with a trailing `/`); muster's transient
/// entries are left out, and a symbolic link counts as a file (it is never
/// followed).
pub fn files_under(dir: &Path) -> Result<Vec<String>, ReportError> {
    let mut out = Vec::new();
    walk(dir, "", None, &mut out)?;
    out.sort();
    Ok(out)
}

/// The entries of `dir` that are not muster's: files (and folders, listed
/// with a trailing `/`) that `record` does not list; a folder holding
/// nothing muster wrote is named whole, without looking inside. With no
/// record, everything is someone else's.
pub fn foreign(dir: &Path, record: Option<&Record>) -> Result<Vec<String>, ReportError> {
    let empty = Record::default();
    let mut out = Vec::new();
    walk(dir, "", Some(record.unwrap_or(&empty)), &mut out)?;
    out.sort();
    Ok(out)
}

/// Lists the entries below `dir` into `out`: every file, or with `record`
/// only those it does not list (a folder with nothing of the record's in
/// it named whole).
fn walk(
    dir: &Path,
    prefix: &str,
    record: Option<&Record>,
    out: &mut Vec<String>,
) -> Result<(), ReportError> {
    for e in std::fs::read_dir(dir).map_err(io_err(dir))? {
        let e = e.map_err(io_err(dir))?;
        let name = e.file_name().to_string_lossy().to_string();
        if prefix.is_empty() && is_muster_transient(&name) {
            continue;
        }
        let rel = format!("{prefix}{name}");
        if !e.file_type().map_err(io_err(&e.path()))?.is_dir() {
            if record.map_or(true, |r| !r.files.contains(&rel)) {
                out.push(rel);
            }
            continue;
        }
        let folder = format!("{rel}/");
        if record.is_some_and(|r| !r.holds_below(&folder)) {
            out.push(folder);
            continue;
        }
        let before = out.len();
        walk(&e.path(), &folder, record, out)?;
        if record.is_none() && out.len() == before {
            out.push(folder);
        }
    }
    Ok(())
}

impl Record {
    /// Whether the record lists anything in `folder` (`NAME/`).
    fn holds_below(&self, folder: &str) -> bool {
        let first = self.files.range(folder.to_string()..).next();
        first.is_some_and(|f| f.starts_with(folder))
    }
}

/// Removes the empty folders below `dir`, then `dir` itself if empty.
pub fn remove_empty_folders(dir: &Path) {
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.filter_map(Result::ok) {
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                remove_empty_folders(&e.path());
            }
        }
    }
    let _ = std::fs::remove_dir(dir);
}

/// `files` shortened for a message: folders named once (`charts/`), at
/// most ten names.
pub fn summarise(files: &[String]) -> String {
    let mut tops: Vec<String> = Vec::new();
    for f in files {
        let top = match f.split_once('/') {
            Some((dir, _)) => format!("{dir}/"),
            None => f.clone(),
        };
        if !tops.contains(&top) {
            tops.push(top);
        }
    }
    let more = tops.len().saturating_sub(10);
    tops.truncate(10);
    let mut text = tops.join(", ");
    if more > 0 {
        text.push_str(&format!(" and {more} more"));
    }
    text
}

/// Deletes the files of `files` found under `dir` (only plain files: a
/// listed name that is now a folder or a link is someone else's), then
/// the folders those files were in once empty; never anything else.
pub fn remove_listed<'a>(
    dir: &Path,
    files: impl IntoIterator<Item = &'a String>,
) -> Result<(), ReportError> {
    let mut folders: BTreeSet<PathBuf> = BTreeSet::new();
    for f in files {
        let path = dir.join(f);
        if f.ends_with('/') {
            folders.insert(path);
            continue;
        }
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.is_file() => {
                super::faults::step("remove", &path)?;
                std::fs::remove_file(&path).map_err(io_err(&path))?;
            }
            _ => continue,
        }
        let mut up = Path::new(f.as_str()).parent();
        while let Some(p) = up.filter(|p| !p.as_os_str().is_empty()) {
            folders.insert(dir.join(p));
            up = p.parent();
        }
    }
    // Deepest first; a folder still holding something is kept.
    for folder in folders.iter().rev() {
        let _ = std::fs::remove_dir(folder);
    }
    Ok(())
}

/// Removes what muster left inside `dir`: torn temporaries at its top
/// level (never a file of someone else's).
pub fn remove_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.filter_map(Result::ok) {
        let name = e.file_name().to_string_lossy().to_string();
        let torn =
            name.starts_with(".muster-") && (name.ends_with(".tmp") || name.ends_with(".png"));
        if torn && e.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(files: &[&str]) -> Record {
        Record {
            kind: "run".to_string(),
            complete: true,
            files: files.iter().map(|f| f.to_string()).collect(),
        }
    }

    #[test]
    fn foreign_names_what_the_record_does_not_list_and_prunes_whole_folders() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        for f in [
            "summary.csv",
            "budget.csv",
            "charts/a.svg",
            "charts/mine.svg",
            "mine/x/y.txt",
        ] {
            std::fs::create_dir_all(d.join(f).parent().unwrap()).unwrap();
            std::fs::write(d.join(f), "x").unwrap();
        }
        std::fs::create_dir(d.join("empty")).unwrap();
        std::fs::write(d.join(".muster-ab12CD.tmp"), "torn").unwrap();
        std::fs::write(d.join(RECORD), "{}").unwrap();
        let r = record(&["summary.csv", "charts/a.svg"]);
        assert_eq!(
            foreign(d, Some(&r)).unwrap(),
            ["budget.csv", "charts/mine.svg", "empty/", "mine/"]
        );
        assert_eq!(
            foreign(d, None).unwrap(),
            ["budget.csv", "charts/", "empty/", "mine/", "summary.csv"]
        );
        assert_eq!(
            files_under(d).unwrap(),
            [
                "budget.csv",
                "charts/a.svg",
                "charts/mine.svg",
                "empty/",
                "mine/x/y.txt",
                "summary.csv"
            ]
        );
    }

    #[test]
    fn remove_listed_deletes_only_listed_plain_files() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        std::fs::create_dir_all(d.join("charts")).unwrap();
        std::fs::write(d.join("charts/a.svg"), "x").unwrap();
        std::fs::write(d.join("charts/mine.svg"), "x").unwrap();
        std::fs::create_dir(d.join("run.toml")).unwrap();
        let listed = ["charts/a.svg".to_string(), "run.toml".to_string()];
        remove_listed(d, &listed).unwrap();
        assert!(!d.join("charts/a.svg").exists());
        assert!(d.join("charts/mine.svg").is_file());
        assert!(
            d.join("run.toml").is_dir(),
            "a folder of that name is not muster's"
        );
    }

    #[test]
    fn transients_and_summaries() {
        assert!(is_muster_transient(".muster-x1Y2z3.tmp"));
        assert!(is_muster_transient(".muster-staging-12-0"));
        assert!(is_muster_transient(RECORD));
        assert!(!is_muster_transient(".muster-notes.txt"));
        assert!(!is_muster_transient("muster-x.tmp"));
        let many: Vec<String> = (0..12).map(|i| format!("f{i}.csv")).collect();
        assert!(summarise(&many).ends_with(" and 2 more"));
        assert_eq!(
            summarise(&["a/b".into(), "a/c".into(), "d".into()]),
            "a/, d"
        );
    }
}
