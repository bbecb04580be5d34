//! Every rule identifier the source code cites is defined in the ruleset
//! pages of the user documentation (`docs/rulesets/*.md`).
//!
//! The code cites the rule texts (the seeds) and their digests by
//! identifier. This test scans every `.rs` file under `src/` for these
//! forms:
//!
//! - a line of a seed text: `L442`, or `001:L198` naming the seed;
//! - a gap, test vector or decision of a digest: `G-05`, `S-47`, `TV-10`,
//!   `D23`, and the Armies / This Means WAR! forms `A-G08`, `B-G22`,
//!   `A-TV19`, `B-TV26`;
//! - a section of the Armies / This Means WAR! digest: `A1.10`, `B5`;
//! - a numbered digest section (`5.3`, `9`) only where the text says it is
//!   one: right after `digest`, `section`, `sections`, `Section` or `§`
//!   (lists such as `digest 1.1, 4.1-4.4` included), and in the digest
//!   reference of a rule option (a string made only of identifiers, such
//!   as `"1.2, S-05"`, in a file named `options.rs`);
//! - a digest appendix: `Appendix B`.
//!
//! An identifier is defined when a ruleset page has an entry `- **ID**`
//! in its `## Rule identifiers` section. It must be defined in the page of
//! the ruleset that cites it: `A-` forms and `A` sections in `armies.md`,
//! `B-` forms and `B` sections in `means_war.md`, `D` and `S-` forms in
//! `states_of_battle.md`, a line of a named seed in that seed's page, and
//! anything else in the page of the file's ruleset, known from its path
//! (`armies`, `means_war`, `dnd`, `sob`, `standards_of_valor`). A D&D War file may also cite the
//! States of Battle page, since the D&D War core carries the overlay's
//! contract. Files of the shared layers (analysis, cli, engine, ...)
//! may cite any page.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The ruleset pages, in `docs/rulesets/`.
const PAGES: [&str; 5] = [
    "armies.md",
    "means_war.md",
    "dnd_war.md",
    "states_of_battle.md",
    "standards_of_valor.md",
];
const ARMIES: usize = 0;
const MEANS_WAR: usize = 1;
const DND_WAR: usize = 2;
const SOB: usize = 3;
const SOV: usize = 4;

/// The page of each seed, by its number.
const SEEDS: [(&str, usize); 5] = [
    ("000", SOB),
    ("001", DND_WAR),
    ("002", SOV),
    ("003", ARMIES),
    ("004", MEANS_WAR),
];

/// Top folders of `src/` whose files belong to no one ruleset.
const SHARED: [&str; 11] = [
    "analysis", "base", "cli", "dice", "engine", "geometry", "input", "parquet", "report", "stats",
    "main.rs",
];

/// One cited identifier: its text and, for `001:L198`, the seed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Cite {
    id: String,
    seed: Option<String>,
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn ends_word(s: &[u8], j: usize) -> bool {
    j >= s.len() || !is_word(s[j])
}

/// The end of the run of digits at `i`.
fn digits(s: &[u8], i: usize) -> usize {
    let mut j = i;
    while j < s.len() && s[j].is_ascii_digit() {
        j += 1;
    }
    j
}

/// The end of a number `N(.N)*` at `i` (`i` when there is no digit).
fn number(s: &[u8], i: usize) -> usize {
    let mut j = digits(s, i);
    if j == i {
        return i;
    }
    while j + 1 < s.len() && s[j] == b'.' && s[j + 1].is_ascii_digit() {
        j = digits(s, j + 1);
    }
    j
}

fn text(s: &[u8], from: usize, to: usize) -> String {
    String::from_utf8_lossy(&s[from..to]).into_owned()
}

/// The identifier that starts at `i`, and where it ends. The caller makes
/// sure that `i` starts a word.
fn identifier(s: &[u8], i: usize) -> Option<(Cite, usize)> {
    let mut k = i;
    let mut seed = None;
    if i + 4 < s.len()
        && s[i..i + 3].iter().all(u8::is_ascii_digit)
        && s[i + 3..].starts_with(b":L")
    {
        seed = Some(text(s, i, i + 3));
        k = i + 4;
    }
    for prefix in ["A-TV", "B-TV", "A-G", "B-G", "TV-", "G-", "S-", "L", "D"] {
        let p = prefix.as_bytes();
        if s[k..].starts_with(p) {
            let j = digits(s, k + p.len());
            if j > k + p.len() && ends_word(s, j) {
                if seed.is_some() && prefix != "L" {
                    return None;
                }
                let id = text(s, k, j);
                return Some((Cite { id, seed }, j));
            }
        }
    }
    if seed.is_some() || k >= s.len() {
        return None;
    }
    if s[k] == b'A' || s[k] == b'B' {
        let j = number(s, k + 1);
        if j > k + 1 && ends_word(s, j) {
            return Some((cite(text(s, k, j)), j));
        }
    }
    let appendix = b"Appendix ";
    let j = k + appendix.len();
    if s[k..].starts_with(appendix)
        && j < s.len()
        && s[j].is_ascii_uppercase()
        && ends_word(s, j + 1)
    {
        return Some((cite(text(s, k, j + 1)), j + 1));
    }
    None
}

fn cite(id: String) -> Cite {
    Cite { id, seed: None }
}

/// The separator after an item of a section list (`, `, ` and `, `-`,
/// an en dash, ` to `), skipping a sub-item letter (`3.6 b`); its end.
fn separator(s: &[u8], i: usize) -> Option<usize> {
    let mut k = i;
    if k + 2 <= s.len() && s[k] == b' ' && (b'a'..=b'e').contains(&s[k + 1]) && ends_word(s, k + 2)
    {
        k += 2;
    }
    let seps: [&[u8]; 5] = [b", ", b" and ", b"-", "\u{2013}".as_bytes(), b" to "];
    seps.iter()
        .find(|sep| s[k..].starts_with(sep))
        .map(|sep| k + sep.len())
}

/// The identifiers and sections listed after a keyword, from `i`.
fn section_list(s: &[u8], mut i: usize, out: &mut Vec<Cite>) -> usize {
    loop {
        while i < s.len() && s[i] == b' ' {
            i += 1;
        }
        if s[i..].starts_with("\u{a7}".as_bytes()) {
            i += 2;
        }
        if let Some((c, j)) = identifier(s, i) {
            out.push(c);
            i = j;
        } else {
            let j = number(s, i);
            if j == i || !ends_word(s, j) {
                return i;
            }
            out.push(cite(text(s, i, j)));
            i = j;
        }
        match separator(s, i) {
            Some(j) => i = j,
            None => return i,
        }
    }
}

/// Every identifier cited in `source`.
fn scan(source: &str) -> Vec<Cite> {
    let s = source.as_bytes();
    let mut out = Vec::new();
    let keywords: [&[u8]; 5] = [
        b"digest",
        b"sections",
        b"section",
        b"Section",
        "\u{a7}".as_bytes(),
    ];
    let mut i = 0;
    while i < s.len() {
        if i > 0 && is_word(s[i - 1]) {
            i += 1;
            continue;
        }
        if let Some((c, j)) = identifier(s, i) {
            out.push(c);
            i = j;
            continue;
        }
        let keyword = keywords
            .iter()
            .find(|k| s[i..].starts_with(k) && (k[0] > 0x7f || ends_word(s, i + k.len())));
        i = match keyword {
            Some(k) if k[0] > 0x7f => section_list(s, i, &mut out).max(i + 1),
            Some(k) => section_list(s, i + k.len(), &mut out).max(i + 1),
            None => i + 1,
        };
    }
    out
}

/// The digest references of rule options: string literals made only of
/// identifiers and dotted section numbers separated by `, `.
fn scan_option_sources(source: &str) -> Vec<Cite> {
    let mut out = Vec::new();
    for line in source.lines() {
        for literal in string_literals(line) {
            let mut found = Vec::new();
            let all = literal.split(", ").all(|part| {
                let p = part.as_bytes();
                match identifier(p, 0) {
                    Some((c, j)) if j == p.len() => found.push(c),
                    _ if !p.is_empty() && number(p, 0) == p.len() && part.contains('.') => {
                        found.push(cite(part.to_string()))
                    }
                    _ => return false,
                }
                true
            });
            if all {
                out.extend(found);
            }
        }
    }
    out
}

/// The string literals of one line of code (none after a `//` comment).
fn string_literals(line: &str) -> Vec<&str> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => break,
            b'\'' if b.get(i + 2) == Some(&b'\'') => i += 3,
            b'"' => {
                let start = i + 1;
                let mut j = start;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                out.push(&line[start..j.min(b.len())]);
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// The pages a file may define its identifiers in, from its path under `src/`.
fn pages_of(rel: &str) -> BTreeSet<usize> {
    let top = rel.split('/').nth(1).unwrap_or("");
    let mut pages = BTreeSet::new();
    if !SHARED.contains(&top) {
        if rel.contains("armies") {
            pages.insert(ARMIES);
        }
        if rel.contains("means_war") || rel.contains("raw_war") {
            pages.insert(MEANS_WAR);
        }
        if rel.contains("dnd") {
            pages.extend([DND_WAR, SOB]);
        }
        if rel.contains("sob") || rel.contains("states_of_battle") {
            pages.insert(SOB);
        }
        if rel.contains("standards_of_valor") {
            pages.insert(SOV);
        }
    }
    if pages.is_empty() {
        pages.extend(0..PAGES.len());
    }
    pages
}

/// The pages `c`, cited in a file of `file_pages`, may be defined in.
fn pages_for(c: &Cite, file_pages: &BTreeSet<usize>) -> BTreeSet<usize> {
    if let Some(seed) = &c.seed {
        let page = SEEDS.iter().find(|(n, _)| n == seed).map(|(_, p)| *p);
        return page.into_iter().collect();
    }
    let id = c.id.as_str();
    let fixed = if id.starts_with("A-") || (id.starts_with('A') && !id.starts_with("Appendix")) {
        Some(ARMIES)
    } else if id.starts_with("B-") || id.starts_with('B') {
        Some(MEANS_WAR)
    } else if id.starts_with('D') || id.starts_with("S-") {
        Some(SOB)
    } else {
        None
    };
    match fixed {
        Some(p) => [p].into_iter().collect(),
        None => file_pages.clone(),
    }
}

/// The identifiers a page defines: its `- **ID**` entries under
/// `## Rule identifiers`.
fn definitions(page: &str) -> BTreeSet<String> {
    let mut inside = false;
    let mut ids = BTreeSet::new();
    for line in page.lines() {
        if line.starts_with("## ") {
            inside = line.starts_with("## Rule identifiers");
            continue;
        }
        let Some(entry) = line.trim_start().strip_prefix("- **") else {
            continue;
        };
        if let Some(end) = entry.find("**").filter(|_| inside) {
            ids.insert(entry[..end].to_string());
        }
    }
    ids
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every identifier of every source file, with the pages it may be defined in.
fn citations(root: &Path) -> BTreeMap<(String, Cite), BTreeSet<usize>> {
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut all = BTreeMap::new();
    for path in files {
        let rel = path
            .strip_prefix(root)
            .expect("under the root")
            .to_string_lossy()
            .replace('\\', "/");
        let source = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let mut cites = scan(&source);
        if path.file_name().is_some_and(|n| n == "options.rs") {
            cites.extend(scan_option_sources(&source));
        }
        let file_pages = pages_of(&rel);
        for c in cites {
            let pages = pages_for(&c, &file_pages);
            all.insert((rel.clone(), c), pages);
        }
    }
    all
}

#[test]
fn every_cited_rule_identifier_is_defined_in_the_docs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let defined: Vec<BTreeSet<String>> = PAGES
        .iter()
        .map(|p| {
            let path = root.join("docs/rulesets").join(p);
            let page =
                fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            definitions(&page)
        })
        .collect();
    let cited = citations(root);
    let distinct: BTreeSet<&Cite> = cited.keys().map(|(_, c)| c).collect();
    assert!(
        distinct.len() > 300,
        "only {} distinct identifiers found under src/: is the scanner broken?",
        distinct.len()
    );
    let mut missing = Vec::new();
    for ((file, c), pages) in &cited {
        if !pages.iter().any(|&p| defined[p].contains(&c.id)) {
            let names: Vec<&str> = pages.iter().map(|&p| PAGES[p]).collect();
            let seed = c.seed.as_ref().map_or(String::new(), |s| format!("{s}:"));
            missing.push(format!(
                "  {file}: {seed}{} (define it in docs/rulesets/{})",
                c.id,
                names.join(" or ")
            ));
        }
    }
    assert!(
        missing.is_empty(),
        "{} cited rule identifiers are not defined in docs/rulesets/*.md \
         (add an entry `- **ID** ...` under `## Rule identifiers`):\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// The scanner finds the forms the code uses and leaves other text alone.
#[test]
fn the_scanner_reads_identifiers_and_ignores_look_alikes() {
    let ids = |s: &str| -> Vec<String> {
        scan(s)
            .into_iter()
            .map(|c| match c.seed {
                Some(seed) => format!("{seed}:{}", c.id),
                None => c.id,
            })
            .collect()
    };
    assert_eq!(
        ids("Fall back! (L138-150, G-04 to G-07), 001:L198, D&D War, L1a, xL5"),
        ["L138", "G-04", "G-07", "001:L198"]
    );
    assert_eq!(
        ids("digest A1.7-A1.10, B-G04-B-G07, B-TV26; digest 1.1, 4.1-4.4 and D12"),
        ["A1.7", "A1.10", "B-G04", "B-G07", "B-TV26", "1.1", "4.1", "4.4", "D12"]
    );
    assert_eq!(
        ids("(digest 2.3 and 3.6 b). section 10. \u{a7}3.5 Appendix B; 0.5 x 2, D20x, TV-"),
        ["2.3", "3.6", "10", "3.5", "Appendix B"]
    );
    let sources = scan_option_sources(
        "    flag(\"x\", \"true\", \"say \\\"6\\\" (L5)\", \"1.2, S-05\"),\n    int(\"y\", 1, 6, \"6\", \"help\", \"3.2\"), // \"9.9\"\n",
    );
    let found: Vec<&str> = sources.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(found, ["1.2", "S-05", "3.2"]);
    let page = "# x\n## Rule identifiers\n- **L12** (seed 001): a rule.\n  - **G-01** nested\n## Other\n- **L13** not here\n";
    let defined = definitions(page);
    assert!(defined.contains("L12") && defined.contains("G-01") && !defined.contains("L13"));
}
