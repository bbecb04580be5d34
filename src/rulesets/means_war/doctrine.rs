//! Doctrines for This Means WAR! (digest B5): initiative-phase attack or
//! move, late initiative phases, target priority (which also decides how a
//! troop type's damage is spread over the enemy units it can reach), action
//! phase movement, whether to exploit a surrender, where forced moves end,
//! and whom an enclosed retreating unit engages. Every decision is a pure
//! function of numbers the rules code hands in, and names the doctrine
//! setting that made it.

/// What a unit does in an initiative phase that beats its action phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IpChoice {
    /// Attack if any enemy is in range, otherwise half-move toward contact.
    AttackWhenAble,
    /// Attack only for at least `min_pct` %; move (to avoid the extra check)
    /// only when out of range and the morale target is at least `move_min_target`.
    Threshold { min_pct: i64, move_min_target: i64 },
    /// Out of range with a morale target of at least `min_target`: half-move to
    /// engage; otherwise attack.
    ManoeuvreFirst { min_target: i64 },
}

/// What a unit does when its initiative phase does not beat its action phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LateIp {
    /// Forgo it (no extra morale check).
    Pass,
    /// Half-move toward the nearest enemy if out of range and the morale target is at least `min_target`.
    CloseIn { min_target: i64 },
}

/// Which enemy unit in range an attack goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetRule {
    /// The lowest HP left after the damage already assigned this phase.
    FocusWeakest,
    /// The one with the fewest attackers assigned this phase (the L57 example).
    SpreadEven,
    /// The highest damage output (normal damage x surviving fraction).
    HighestThreat,
}

/// How a Normal unit moves in its action phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApMovement {
    /// Toward the nearest enemy until in range.
    Advance,
    /// Stay until an enemy comes within `radius` squares, then advance.
    HoldLine { radius: i32 },
    /// Next to an enemy that is already engaged by a friend (to make it
    /// surrounded or flanked), otherwise advance.
    Envelop,
}

/// Whether to take the extra first-attack damage on a surrendering unit (L142-143).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SurrenderPolicy {
    Accept,
    AlwaysExploit,
    /// Only if the extra attack destroys the unit (a survivor checks at +50).
    ExploitIfLethal,
}

/// Where a falling-back or withdrawing unit goes (the rules fix the intent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcedMove {
    /// As far as possible from the nearest enemy.
    MaxDistance,
    /// Fewest enemy units within 2 squares.
    FewestEnemiesNear,
    /// Straight toward its own board edge.
    TowardOwnEdge,
}

/// Whom an enclosed retreating unit engages (L150).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnclosedTarget {
    WeakestByHp,
    /// The adjacent enemy with the lowest morale target.
    LowestTarget,
}

/// What a falling-back unit does in its initiative phase when no enemy is adjacent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FallBackIp {
    Hold,
    MoveAway,
}

/// A This Means WAR! doctrine.
#[derive(Clone, Debug, PartialEq)]
pub struct WarDoctrine {
    pub name: String,
    pub initiative_phase: IpChoice,
    pub late_initiative: LateIp,
    pub targets: TargetRule,
    pub action_movement: ApMovement,
    pub surrender: SurrenderPolicy,
    pub forced_move: ForcedMove,
    pub retreat_enclosed: EnclosedTarget,
    pub fall_back_initiative: FallBackIp,
}

/// What a unit does in its initiative phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IpAction {
    Attack,
    Move,
    Hold,
}

/// A decision with the doctrine setting that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided<T> {
    pub choice: T,
    pub rule: &'static str,
}

/// One enemy unit an attack could go to, as a doctrine sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub unit: u16,
    /// HP left after damage already assigned this phase.
    pub hp_left: i64,
    /// Attackers already assigned to it this phase.
    pub assigned: u16,
    /// Its damage output in milli-points (normal damage x surviving fraction).
    pub output: i64,
    /// Its current morale target.
    pub morale_target: i64,
}

impl WarDoctrine {
    /// The initiative-phase choice. `gap_beats_ap`: IP > AP; `in_range`: an
    /// enemy is in range; `pct`: the attack's percentage; `target`: the
    /// unit's morale target now.
    pub fn ip_action(
        &self,
        gap_beats_ap: bool,
        in_range: bool,
        pct: i64,
        target: i64,
    ) -> Decided<IpAction> {
        use IpAction::*;
        if !gap_beats_ap {
            return match self.late_initiative {
                LateIp::Pass => Decided {
                    choice: Hold,
                    rule: "late_initiative = Pass",
                },
                LateIp::CloseIn { min_target } if !in_range && target >= min_target => Decided {
                    choice: Move,
                    rule: "late_initiative = CloseIn (out of range, morale high enough)",
                },
                LateIp::CloseIn { .. } => Decided {
                    choice: Hold,
                    rule: "late_initiative = CloseIn (in range or morale too low)",
                },
            };
        }
        match self.initiative_phase {
            IpChoice::AttackWhenAble if in_range => Decided {
                choice: Attack,
                rule: "initiative_phase = AttackWhenAble",
            },
            IpChoice::AttackWhenAble => Decided {
                choice: Move,
                rule: "initiative_phase = AttackWhenAble (no target in range: close in)",
            },
            IpChoice::Threshold { min_pct, .. } if in_range && pct >= min_pct => Decided {
                choice: Attack,
                rule: "initiative_phase = Threshold (attack large enough)",
            },
            IpChoice::Threshold {
                move_min_target, ..
            } if !in_range && target >= move_min_target => Decided {
                choice: Move,
                rule: "initiative_phase = Threshold (out of range, morale high enough to risk the check)",
            },
            IpChoice::Threshold { .. } => Decided {
                choice: Hold,
                rule: "initiative_phase = Threshold (attack too small or morale too low)",
            },
            IpChoice::ManoeuvreFirst { min_target } if !in_range && target >= min_target => Decided {
                choice: Move,
                rule: "initiative_phase = ManoeuvreFirst (out of range, morale high enough)",
            },
            IpChoice::ManoeuvreFirst { .. } if in_range => Decided {
                choice: Attack,
                rule: "initiative_phase = ManoeuvreFirst (target in range)",
            },
            IpChoice::ManoeuvreFirst { .. } => Decided {
                choice: Hold,
                rule: "initiative_phase = ManoeuvreFirst (out of range, morale too low to move)",
            },
        }
    }

    /// The index into `candidates` of the target (None when empty).
    pub fn choose_target(&self, candidates: &[Candidate]) -> Option<Decided<usize>> {
        let best = match self.targets {
            TargetRule::FocusWeakest => candidates
                .iter()
                .enumerate()
                .min_by_key(|(_, c)| (c.hp_left <= 0, c.hp_left, c.unit)),
            TargetRule::SpreadEven => candidates
                .iter()
                .enumerate()
                .min_by_key(|(_, c)| (c.assigned, c.unit)),
            TargetRule::HighestThreat => candidates
                .iter()
                .enumerate()
                .min_by_key(|(_, c)| (c.hp_left <= 0, -c.output, c.unit)),
        }?;
        Some(Decided {
            choice: best.0,
            rule: match self.targets {
                TargetRule::FocusWeakest => "targets = FocusWeakest",
                TargetRule::SpreadEven => "targets = SpreadEven",
                TargetRule::HighestThreat => "targets = HighestThreat",
            },
        })
    }

    /// The enemy an enclosed retreating unit engages (index into `candidates`).
    pub fn enclosed_target(&self, candidates: &[Candidate]) -> Option<Decided<usize>> {
        let best = match self.retreat_enclosed {
            EnclosedTarget::WeakestByHp => candidates
                .iter()
                .enumerate()
                .min_by_key(|(_, c)| (c.hp_left, c.unit)),
            EnclosedTarget::LowestTarget => candidates
                .iter()
                .enumerate()
                .min_by_key(|(_, c)| (c.morale_target, c.unit)),
        }?;
        Some(Decided {
            choice: best.0,
            rule: match self.retreat_enclosed {
                EnclosedTarget::WeakestByHp => "retreat_enclosed = WeakestByHp",
                EnclosedTarget::LowestTarget => "retreat_enclosed = LowestTarget",
            },
        })
    }

    /// Whether to take the extra first-attack damage on a surrendering unit.
    pub fn exploit_surrender(&self, damage: i64, target_hp: i64) -> Decided<bool> {
        match self.surrender {
            SurrenderPolicy::Accept => Decided {
                choice: false,
                rule: "surrender = Accept",
            },
            SurrenderPolicy::AlwaysExploit => Decided {
                choice: true,
                rule: "surrender = AlwaysExploit",
            },
            SurrenderPolicy::ExploitIfLethal => Decided {
                choice: damage >= target_hp,
                rule: "surrender = ExploitIfLethal",
            },
        }
    }

    /// Whether a Normal unit holds still in its action phase; `nearest`: distance to the nearest enemy.
    pub fn holds_line(&self, nearest: i32) -> bool {
        matches!(self.action_movement, ApMovement::HoldLine { radius } if nearest > radius)
    }
}
