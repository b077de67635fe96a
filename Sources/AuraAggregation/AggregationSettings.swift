import AuraDomain
import AuraScoring

/// Tunable settings of the aggregation stage (keys under `aggregation.` in the pipeline file).
package struct AggregationSettings: Sendable, Equatable {
  /// Set credit of a secondary muscle (Pelland 2024 "fractional" counting).
  package var secondaryShare: Double
  /// Weekly-set landmarks per muscle: MEV, low and high end of MAV, MRV (RP 2017, [MEM] in
  /// SCIENCE.md: defaults to configure, not validated constants).
  package var landmarks: [MuscleGroupType: VolumeLandmarks]
  /// Hours for a muscle's fatigue to fall by 1/e, per muscle.
  package var recoveryTimeConstantHours: [MuscleGroupType: Double]
  /// Fatigue points per hard set (recovery = 100 − remaining fatigue).
  package var fatiguePerSet: Double
  /// Time-constant multiplier for a set taken to 1 rep in reserve or closer.
  package var nearFailureFactor: Double
  /// Days of daily recovery per muscle published before the data window's last day.
  package var heatmapDays: Int
  /// Days of wellness history needed before HRV and RHR have a baseline.
  package var baselineMinimumDays: Int
  package var baselineWindowDays: Int
  /// Mean velocity loss at which a set of this pattern reaches failure, percent.
  package var failureVelocityLoss: [MovementPattern: Double]
  /// Reps in reserve above which a velocity estimate is not trusted (Hackett 2017).
  package var maximumReliableRIR: Double
  /// Mean concentric velocity at 1RM per pattern, m/s (Helms 2017 ACV where published).
  package var minimalVelocity: [MovementPattern: Double]
  package var profileRule: LoadVelocityProfile.Rule
  /// Days of sets a load-velocity profile and a rep-based e1RM look back over.
  package var strengthWindowDays: Int
  package var pointsFormula: StrengthFormulas.PointsFormula
  /// Daily protein target, g per kg of bodyweight.
  package var proteinTargetPerKg: Double
  /// Morpho ratio thresholds for exercise risk.
  package var risk: ExerciseRiskRule.Thresholds
  /// Readiness below which a coach's roster flags the athlete.
  package var lowReadiness: Double
  /// When velocity loss flags an athlete: sets of the week past the auto-stop threshold.
  package var velocityLossFlag: VelocityLossFlag
  /// Points by which the week's mean form must fall below the 3 weeks before to flag it.
  package var formDrop: Double
  /// Reps by which a most-reps-at-load record must beat the earlier one to be news.
  package var recordRepsMargin: Double
  /// Days the newest session may be older than the report's day before the top of every
  /// page and mail says how old it is.
  package var staleAfterDays: Double
  /// Which logged sets are too far beyond the athlete's history or any lifter to count.
  package var plausibility: EntryPlausibility

  package init(_ p: ParameterSet) throws {
    secondaryShare = try p.number(Self.secondaryMuscleShare)
    var landmarks: [MuscleGroupType: VolumeLandmarks] = [:]
    var taus: [MuscleGroupType: Double] = [:]
    for muscle in MuscleGroupType.allCases {
      let parameter = SharedParameters.volumeLandmarks[muscle.rawValue]
      let values = try p.list(parameter)
      guard values == values.sorted() else {
        throw ParameterError(
          key: parameter.key, problem: "needs [MEV, MAV low, MAV high, MRV], ascending")
      }
      landmarks[muscle] = VolumeLandmarks(
        mev: values[0], mavLow: values[1], mavHigh: values[2], mrv: values[3])
      taus[muscle] = try p.number(Self.timeConstant[muscle.rawValue])
    }
    self.landmarks = landmarks
    recoveryTimeConstantHours = taus
    fatiguePerSet = try p.number(Self.fatiguePerSetParameter)
    nearFailureFactor = try p.number(Self.nearFailure)
    heatmapDays = max(1, Int(try p.number(Self.heatmap)))
    baselineMinimumDays = Int(try p.number(Self.baselineMinDays))
    baselineWindowDays = Int(try p.number(SharedParameters.baselineWindow))
    var failure: [MovementPattern: Double] = [:]
    var mvt: [MovementPattern: Double] = [:]
    for pattern in MovementPattern.allCases {
      failure[pattern] = try p.number(Self.failureVelocityLossParameter[pattern.snakeCaseName])
      mvt[pattern] = try p.number(Self.minimalVelocityParameter[pattern.snakeCaseName])
    }
    failureVelocityLoss = failure
    minimalVelocity = mvt
    maximumReliableRIR = try p.number(Self.maxReliableRIR)
    profileRule = LoadVelocityProfile.Rule(
      minimumLoads: Int(try p.number(Self.minLoads)),
      minimumSpan: try p.number(Self.minSpan),
      minimumRSquared: try p.number(Self.minR2))
    strengthWindowDays = Int(try p.number(SharedParameters.strengthWindow))
    let formula = try p.choice(SharedParameters.pointsFormula)
    guard let points = StrengthFormulas.PointsFormula(rawValue: formula) else {
      throw ParameterError(key: SharedParameters.pointsFormula.key, problem: "is not a formula")
    }
    pointsFormula = points
    proteinTargetPerKg = try p.number(Self.proteinTarget)
    risk = try ExerciseRiskRule.Thresholds(p)
    lowReadiness = try p.number(SharedParameters.lowReadiness)
    velocityLossFlag = try VelocityLossFlag(p)
    formDrop = try p.number(SharedParameters.formDrop)
    recordRepsMargin = try p.number(Self.recordRepsMarginParameter)
    staleAfterDays = try p.number(SharedParameters.staleAfter)
    plausibility = try EntryPlausibility(p, windowDays: strengthWindowDays)
  }
}

/// RP's weekly-set landmarks of one muscle.
package struct VolumeLandmarks: Sendable, Equatable {
  package var mev: Double
  package var mavLow: Double
  package var mavHigh: Double
  package var mrv: Double

  /// The band `sets` weekly sets fall in.
  package func band(sets: Double) -> VolumeBand {
    if sets < mev { return .belowMEV }
    if sets < mavLow { return .mevToMAV }
    if sets <= mavHigh { return .mav }
    if sets <= mrv { return .mavToMRV }
    return .aboveMRV
  }
}
