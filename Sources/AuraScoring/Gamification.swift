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

    static let perRep = Parameter.number(
      "scoring.xp.per_rep", 10, in: 0...1_000, unit: "XP", "XP for a rep")
    static let stretch = Parameter.number(
      "scoring.xp.stretch_bonus", 1.1, in: 1...5,
      "XP multiplier of exercises loaded in the stretched position")
    static let comboThreshold = Parameter.number(
      "scoring.combo.form_threshold", 80, in: 0...100, "form score that extends the combo")
    static let comboStepParameter = Parameter.number(
      "scoring.combo.step", 0.1, in: 0...1, "XP multiplier added by each set of the combo")
    static let comboCapParameter = Parameter.number(
      "scoring.combo.cap", 2, in: 1...10, "the combo's largest XP multiplier")
    static let base = Parameter.number(
      "scoring.lp.base", 20, in: 0...1_000, unit: "LP",
      "LP for a session at the athlete's own baseline")
    static let performanceGain = Parameter.number(
      "scoring.lp.performance_gain", 40, in: 0...1_000, unit: "LP",
      "LP per 100 % volume above the baseline")
    static let maxChange = Parameter.number(
      "scoring.lp.max_change", 50, in: 0...1_000, unit: "LP", "most LP a session gains or loses")
    static let baselineSessions = Parameter.number(
      "scoring.lp.baseline_sessions", 6, in: 1...1_000, "sessions in the rolling baseline")
    static let decay = Parameter.number(
      "scoring.lp.decay_per_idle_week", 10, in: 0...1_000, unit: "LP",
      "LP lost per full week without training")
    static let tiers = Parameter.list(
      "scoring.lp.tier_thresholds", [100, 200, 300, 400, 500, 650, 800, 1000], in: 0...1_000_000,
      count: RankTier.allCases.count - 1, unit: "LP", "bronze ... challenger, ascending")

    /// The parameters XP, combos and LP read, as the pipeline file lists them.
    package static let declared: [ParameterDeclaration] = [
      perRep, stretch, comboThreshold, comboStepParameter, comboCapParameter, base,
      performanceGain, maxChange, baselineSessions, decay, tiers,
    ].map { .one($0) }

    package init(_ p: ParameterSet) throws {
      xpPerRep = try p.number(Self.perRep)
      stretchBonus = try p.number(Self.stretch)
      comboFormThreshold = try p.number(Self.comboThreshold)
      comboStep = try p.number(Self.comboStepParameter)
      comboCap = try p.number(Self.comboCapParameter)
      lpBase = try p.number(Self.base)
      lpPerformanceGain = try p.number(Self.performanceGain)
      lpMaxChange = try p.number(Self.maxChange)
      lpBaselineSessions = Int(try p.number(Self.baselineSessions))
      lpDecayPerIdleWeek = try p.number(Self.decay)
      tierThresholds = try p.list(Self.tiers).map { Int($0) }
      guard tierThresholds == tierThresholds.sorted() else {
        throw ParameterError(key: Self.tiers.key, problem: "needs 8 ascending LP values")
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
