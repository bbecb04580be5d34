//! Digest A4: the exact distribution of morale lost in one exchange, for
//! every matchup in tests/data/armies_exchanges.toml, against frequencies
//! simulated through the real exchange code; each within 4 sigma.

use muster::dice::{Dice, RollMode};
use muster::rulesets::armies::combat::{exchange, Defence};

#[derive(serde::Deserialize)]
struct File {
    matchup: Vec<Matchup>,
}

#[derive(serde::Deserialize)]
struct Matchup {
    name: String,
    attack: u8,
    #[serde(default)]
    attack_mode: String,
    /// Defender die faces; 1 means an automatic 1.
    defence: u8,
    #[serde(default)]
    defence_mode: String,
    #[serde(default)]
    bonus: i32,
    /// P(L = k) as "num/den", k = 0, 1, ...
    p: Vec<String>,
    expected_loss: String,
}

fn mode(s: &str) -> RollMode {
    match s {
        "adv" => RollMode::Advantage { extra: 1 },
        "dis" => RollMode::Disadvantage { extra: 1 },
        _ => RollMode::Normal,
    }
}

fn frac(s: &str) -> f64 {
    let (n, d) = s.split_once('/').unwrap_or((s, "1"));
    n.trim().parse::<f64>().unwrap() / d.trim().parse::<f64>().unwrap()
}

#[test]
fn exchange_loss_distributions_match_the_digest() {
    let file: File = toml::from_str(&super::support::data("armies_exchanges.toml")).unwrap();
    assert!(
        file.matchup.len() >= 15,
        "the digest's A4 table has at least 15 rows"
    );
    let n = super::support::trials();
    for (m_idx, m) in file.matchup.iter().enumerate() {
        let exact: Vec<f64> = m.p.iter().map(|s| frac(s)).collect();
        assert!(
            (exact.iter().sum::<f64>() - 1.0).abs() < 1e-9,
            "{}: vector sums to 1",
            m.name
        );
        let mean: f64 = exact.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
        assert!(
            (mean - frac(&m.expected_loss)).abs() < 1e-9,
            "{}: E[L] of the vector",
            m.name
        );
        let defence = if m.defence == 1 {
            Defence::AutoOne
        } else {
            Defence::Roll {
                faces: m.defence,
                mode: mode(&m.defence_mode),
            }
        };
        let mut counts = vec![0u64; exact.len() + 8];
        let mut dice = Dice::for_battle(20_261_122, m_idx as u64);
        for _ in 0..n {
            let ex = exchange(&mut dice, m.attack, mode(&m.attack_mode), defence, m.bonus);
            counts[ex.loss as usize] += 1;
        }
        for (k, &p) in exact.iter().enumerate() {
            let observed = counts[k] as f64 / n as f64;
            let sigma = (p * (1.0 - p) / n as f64).sqrt().max(1e-12);
            assert!(
                (observed - p).abs() <= 4.0 * sigma,
                "{}: P(L={k}) exact {p:.5}, simulated {observed:.5} (4 sigma = {:.5})",
                m.name,
                4.0 * sigma
            );
        }
        assert!(
            counts[exact.len()..].iter().all(|&c| c == 0),
            "{}: a loss beyond the exact support",
            m.name
        );
    }
}
