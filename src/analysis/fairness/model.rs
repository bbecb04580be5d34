//! The fairness model: an additive (Bradley-Terry style) logistic model of
//! the first side's result, `logit P(first side wins) = a + sum_u b_u (n_u
//! of the first army - n_u of the second)`, fitted on every matchup's
//! battles (a draw counts half). `b_u` is what one unit `u` is worth in
//! log-odds, `b_u / cost_u` its value per point. The exchange rate of
//! points to log-odds is the average army's: `rate = sum m_u b_u / sum m_u
//! cost_u` (`m_u`: the mean count of `u` over the generated armies), so the
//! suggested cost `b_u / rate` keeps the average army's total. Intervals
//! come from the delta method on the fit's covariance, scaled by the
//! dispersion `deviance / df` when that exceeds 1 (quasi-binomial: the
//! matchups vary more than the additive model allows, so its plain
//! intervals would be too narrow). The exchange rate is
//! learnt from armies whose totals differ (the spread): with exactly equal
//! totals every `b_u` could move by the same multiple of its cost.

use crate::stats::logistic::{fit, FitError, Group, LogitFit};
use crate::stats::Z_95;

/// A suggested cost is flagged beyond this fraction of the current one.
pub const FLAG_FRACTION: f64 = 0.10;
/// Below this goodness-of-fit p-value the additive model is said to fit poorly.
pub const POOR_FIT_P: f64 = 0.01;

/// One matchup's armies and result.
#[derive(Clone, Debug, PartialEq)]
pub struct Matchup {
    pub armies: [Vec<u32>; 2],
    /// The first side's wins plus half its draws.
    pub score: f64,
    pub battles: u64,
}

/// What the model says of one unit.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitValue {
    /// Log-odds of one unit, with its 95% interval.
    pub worth: (f64, f64, f64),
    /// Log-odds per point, with its 95% interval.
    pub per_point: (f64, f64, f64),
    /// The cost that prices it like the average army, with its 95% interval.
    pub suggested: (f64, f64, f64),
}

/// The fitted model.
#[derive(Clone, Debug)]
pub struct Fairness {
    pub units: Vec<UnitValue>,
    /// The first side's log-odds between equal armies, with its interval.
    pub first_side: (f64, f64, f64),
    /// Log-odds per point of the average army.
    pub rate: f64,
    /// The factor the covariance was scaled by (at least 1).
    pub dispersion: f64,
    pub fit: LogitFit,
}

impl Fairness {
    /// Goodness-of-fit p-value (None without residual degrees of freedom).
    pub fn fit_p(&self) -> Option<f64> {
        self.fit.goodness_of_fit()
    }

    pub fn fits_poorly(&self) -> bool {
        self.fit_p().is_some_and(|p| p < POOR_FIT_P)
    }
}

/// Errors of the model.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ModelError {
    #[error("{0}")]
    Fit(FitError),
    #[error("unit `{0}` never differs in number between the two armies of a matchup, so its worth cannot be told apart; widen its min..max or add matchups")]
    Unidentified(String),
    #[error("{0}")]
    Dependent(String),
    #[error("the average army's worth is not positive (exchange rate {0:.5} log-odds per point): more points do not win more here, so costs cannot be suggested")]
    NoExchangeRate(f64),
}

/// Fits the model to `matchups`; `costs` and `names` are per unit.
pub fn fit_fairness(
    matchups: &[Matchup],
    costs: &[u32],
    names: &[String],
) -> Result<Fairness, ModelError> {
    let k = costs.len();
    let groups: Vec<Group> = matchups
        .iter()
        .map(|m| Group {
            x: std::iter::once(1.0)
                .chain((0..k).map(|u| f64::from(m.armies[0][u]) - f64::from(m.armies[1][u])))
                .collect(),
            successes: m.score,
            trials: m.battles as f64,
        })
        .collect();
    let fit = fit(&groups).map_err(|e| match e {
        FitError::Singular(i) => match dependency(&groups, names) {
            Some(e) => e,
            None if i >= 1 && i <= k => ModelError::Unidentified(names[i - 1].clone()),
            None => ModelError::Fit(e),
        },
        e => ModelError::Fit(e),
    })?;
    let mean_count = |u: usize| -> f64 {
        let total: u64 = matchups
            .iter()
            .map(|m| u64::from(m.armies[0][u] + m.armies[1][u]))
            .sum();
        total as f64 / (2 * matchups.len()).max(1) as f64
    };
    let m: Vec<f64> = (0..k).map(mean_count).collect();
    let c: Vec<f64> = costs.iter().map(|&c| f64::from(c)).collect();
    let b = |u: usize| fit.coef[u + 1];
    let army_points: f64 = (0..k).map(|u| m[u] * c[u]).sum();
    let army_worth: f64 = (0..k).map(|u| m[u] * b(u)).sum();
    let rate = army_worth / army_points;
    if rate <= 0.0 {
        return Err(ModelError::NoExchangeRate(rate));
    }
    let dispersion = if fit.df > 0 {
        (fit.deviance / fit.df as f64).max(1.0)
    } else {
        1.0
    };
    let interval = |est: f64, var: f64| {
        let h = Z_95 * (var * dispersion).max(0.0).sqrt();
        (est, est - h, est + h)
    };
    let units = (0..k)
        .map(|u| {
            let var = fit.variance(u + 1);
            // suggested = b_u * P / W; its gradient over b_j.
            let grad: Vec<f64> = (0..k)
                .map(|j| {
                    let own = if j == u {
                        army_points / army_worth
                    } else {
                        0.0
                    };
                    own - b(u) * army_points * m[j] / (army_worth * army_worth)
                })
                .collect();
            let s_var: f64 = (0..k)
                .flat_map(|i| (0..k).map(move |j| (i, j)))
                .map(|(i, j)| grad[i] * grad[j] * fit.covariance(i + 1, j + 1))
                .sum();
            UnitValue {
                worth: interval(b(u), var),
                per_point: interval(b(u) / c[u], var / (c[u] * c[u])),
                suggested: interval(b(u) / rate, s_var),
            }
        })
        .collect();
    Ok(Fairness {
        units,
        first_side: interval(fit.coef[0], fit.variance(0)),
        rate,
        dispersion,
        fit,
    })
}

/// The linear dependency among the unit-count differences of `groups`
/// (their covariates: 1, then one difference per unit) that makes the fit
/// singular, named: a unit that never varies, or weighted counts that are
/// equal (or a fixed amount apart) in every matchup. None when the
/// covariates are not dependent (the fit failed for another reason).
pub fn dependency(groups: &[Group], names: &[String]) -> Option<ModelError> {
    let p = groups.first()?.x.len();
    let mut xtx = nalgebra::DMatrix::<f64>::zeros(p, p);
    for g in groups {
        for i in 0..p {
            for j in 0..p {
                xtx[(i, j)] += g.x[i] * g.x[j];
            }
        }
    }
    let scale = (0..p).map(|i| xtx[(i, i)]).fold(0.0, f64::max).max(1.0);
    let eig = nalgebra::SymmetricEigen::new(xtx);
    let (min_i, min) = eig
        .eigenvalues
        .iter()
        .copied()
        .enumerate()
        .min_by(|a, b| a.1.total_cmp(&b.1))?;
    if min > 1e-9 * scale {
        return None;
    }
    let v: Vec<f64> = eig.eigenvectors.column(min_i).iter().copied().collect();
    let big = v.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    let units: Vec<usize> = (1..p).filter(|&i| v[i].abs() > 1e-6 * big).collect();
    match units.as_slice() {
        [] => None,
        [u] => Some(ModelError::Unidentified(names[u - 1].clone())),
        _ => {
            // The smallest weight becomes 1, and the first one positive.
            let unit = units
                .iter()
                .map(|&i| v[i].abs())
                .fold(f64::INFINITY, f64::min);
            let sign = if v[units[0]] < 0.0 { -1.0 } else { 1.0 };
            let w = |i: usize| sign * v[i] / unit;
            let number = |x: f64| {
                let r = (x * 100.0).round() / 100.0;
                if r.fract() == 0.0 {
                    format!("{}", r as i64)
                } else {
                    format!("{r}")
                }
            };
            let mut terms = String::new();
            for (n, &i) in units.iter().enumerate() {
                let c = w(i);
                let name = &names[i - 1];
                let mag = if (c.abs() - 1.0).abs() < 1e-6 {
                    name.clone()
                } else {
                    format!("{} x {name}", number(c.abs()))
                };
                terms.push_str(&match (n, c < 0.0) {
                    (0, _) => mag,
                    (_, true) => format!(" - {mag}"),
                    (_, false) => format!(" + {mag}"),
                });
            }
            // x . v = 0 with x_0 = 1: the weighted differences equal -v_0.
            let constant = number(-sign * v[0] / unit);
            let listed: Vec<&str> = units.iter().map(|&i| names[i - 1].as_str()).collect();
            let units = match listed.split_last() {
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => String::new(),
            };
            let same = if constant == "0" {
                "is the same in both armies of every matchup".to_string()
            } else {
                format!(
                    "differs by {constant} between the first army and the second in every matchup"
                )
            };
            Some(ModelError::Dependent(format!(
                "the unit counts are linearly dependent: {terms} {same}, so the model cannot tell the worths of {units} apart; break the link by letting the armies buy them independently: widen the min..max of one of them, or change a cost so they are not traded at a fixed rate"
            )))
        }
    }
}

/// `over` (suggested well below the cost), `under` (well above) or `""`.
pub fn flag(cost: u32, suggested: f64) -> &'static str {
    let c = f64::from(cost);
    if suggested < c * (1.0 - FLAG_FRACTION) {
        "overcosted"
    } else if suggested > c * (1.0 + FLAG_FRACTION) {
        "undercosted"
    } else {
        ""
    }
}
