import AuraDomain
import Foundation

/// XP, combo and LP rules. Our own design (SCIENCE.md §8: the 9-tier ladder follows League of
/// Legends' 2019-2022 tiers; amounts are not published anywhere), every coefficient a parameter.
package struct Gamification: Sendable {
  package struct Settings: Sendable, Equatable {
    package var xpPerRep: Double
    /// Multiplier for exercises with a stretch-position bonus.
    package var stretchBonus: Double
    /// Form score at which a set extends the combo.
    package var comboFormThreshold: Double
    package var comboStep: Double
    package var comboCap: Double
    /// LP for a session at the athlete's own baseline volume.
    package var lpBase: Double
    /// LP per 100 % of volume above (or below) the baseline.
    package var lpPerformanceGain: Double
    package var lpMaxChange: Double
    /// Sessions in the rolling baseline.
    package var lpBaselineSessions: Int
    /// LP lost per full week without training.
    package var lpDecayPerIdleWeek: Double
    /// LP at which bronze ... challenger start.
    package var tierThresholds: [Int]

    package init(_ p: ParameterSet) throws {
      xpPerRep = try p.number("scoring.xp.per_rep")
      stretchBonus = try p.number("scoring.xp.stretch_bonus")
      comboFormThreshold = try p.number("scoring.combo.form_threshold")
      comboStep = try p.number("scoring.combo.step")
      comboCap = try p.number("scoring.combo.cap")
      lpBase = try p.number("scoring.lp.base")
      lpPerformanceGain = try p.number("scoring.lp.performance_gain")
      lpMaxChange = try p.number("scoring.lp.max_change")
      lpBaselineSessions = Int(try p.number("scoring.lp.baseline_sessions"))
      lpDecayPerIdleWeek = try p.number("scoring.lp.decay_per_idle_week")
      tierThresholds = try p.list("scoring.lp.tier_thresholds").map { Int($0) }
      guard tierThresholds.count == RankTier.allCases.count - 1,
        tierThresholds == tierThresholds.sorted()
      else {
        throw ParameterError(
          key: "scoring.lp.tier_thresholds", problem: "needs 8 ascending LP values")
      }
    }
  }

  package let settings: Settings
  package init(settings: Settings) { self.settings = settings }

  /// XP of a set: xpPerRep × reps × (0.5 + form/100, or 1 when unseen) × combo × stretch bonus.
  package func xp(reps: Int, formScore: Double?, combo: Double, stretchBonus: Bool) -> Int {
    let form = formScore.map { 0.5 + $0 / 100 } ?? 1
    let bonus = stretchBonus ? settings.stretchBonus : 1
    return Int((settings.xpPerRep * Double(reps) * form * combo * bonus).rounded())
  }

  /// Combo multiplier after a set: a measured set at or above the form threshold extends the
  /// streak (1 + step per extra set, capped); one below breaks it; a logbook set leaves it.
  package func combo(streak: Int) -> Double {
    min(settings.comboCap, 1 + settings.comboStep * Double(max(0, streak - 1)))
  }

  /// LP change of a session: base + gain × (volume / baseline − 1), bounded; the baseline is
  /// the mean volume of the athlete's previous sessions (none yet: the base alone).
  package func leaguePointChange(volumeKg: Double, previousVolumes: [Double]) -> Int {
    let recent = previousVolumes.suffix(settings.lpBaselineSessions)
    guard !recent.isEmpty else { return Int(settings.lpBase.rounded()) }
    let baseline = recent.reduce(0, +) / Double(recent.count)
    guard baseline > 0 else { return Int(settings.lpBase.rounded()) }
    let change = settings.lpBase + settings.lpPerformanceGain * (volumeKg / baseline - 1)
    return Int(max(-settings.lpMaxChange, min(settings.lpMaxChange, change)).rounded())
  }

  /// LP lost to inactivity between two sessions `idleDays` apart (whole idle weeks only).
  package func decay(idleDays: Int) -> Int {
    Int((Double(max(0, idleDays / 7 - 1)) * settings.lpDecayPerIdleWeek).rounded())
  }

  package func tier(leaguePoints: Int) -> RankTier {
    RankTier.tier(forLeaguePoints: leaguePoints, thresholds: settings.tierThresholds)
  }
}
