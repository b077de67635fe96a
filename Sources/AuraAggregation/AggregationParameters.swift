import AuraDomain

/// The aggregation stage's parameters (keys under `aggregation.`), declared in the order the
/// pipeline file lists them; `AggregationSettings` reads them.
extension AggregationSettings {
  static let secondaryMuscleShare = Parameter.number(
    "aggregation.secondary_muscle_share", 0.5, in: 0...1,
    "set credit of a secondary muscle (Pelland 2024)")
  static let baselineMinDays = Parameter.number(
    "aggregation.baseline_min_days", 7, in: 1...365, unit: "days",
    "wellness days before HRV/RHR have a personal baseline")
  static let fatiguePerSetParameter = Parameter.number(
    "aggregation.recovery.fatigue_per_set", 12, in: 0...100,
    "recovery points a hard set takes from a prime mover")
  static let nearFailure = Parameter.number(
    "aggregation.recovery.near_failure_factor", 1.5, in: 1...10,
    "time constants × this after a set at RIR <= 1 (72 h vs 48 h to 90 %)")
  static let heatmap = Parameter.number(
    "aggregation.recovery.heatmap_days", 28, in: 1...366, unit: "days",
    "days of daily recovery published, up to the data's last day")
  static let timeConstant = ParameterFamily.numbers(
    "aggregation.recovery.time_constant_h", per: "muscle", in: 1...720, unit: "h",
    "hours for a muscle's fatigue to fall by 1/e (20.85 h: 90 % at 48 h)",
    [
      ("chest_upper", 24, ""), ("chest_middle", 24, ""), ("chest_lower", 24, ""),
      ("front_delts", 20.85, ""), ("side_delts", 20.85, ""), ("rear_delts", 20.85, ""),
      ("traps_upper", 20.85, ""), ("traps_middle", 20.85, ""), ("rhomboids", 20.85, ""),
      ("lats_upper", 24, ""), ("lats_lower", 24, ""), ("teres_major", 20.85, ""),
      ("rotator_cuff", 18, ""), ("biceps", 20.85, ""), ("brachialis", 20.85, ""),
      ("triceps", 20.85, ""), ("forearms", 18, ""), ("abs_upper", 18, ""), ("abs_lower", 18, ""),
      ("obliques", 18, ""), ("lower_back", 28, ""), ("hip_flexors", 20.85, ""),
      ("glutes_max", 28, ""), ("glutes_med", 24, ""), ("adductors", 24, ""),
      ("quadriceps", 28, ""), ("hamstrings", 28, ""), ("calves_gastrocnemius", 18, ""),
      ("calves_soleus", 18, ""), ("tibialis", 18, ""),
    ])
  static let maxReliableRIR = Parameter.number(
    "aggregation.effort.max_reliable_rir", 5, in: 0...30, unit: "reps",
    "estimates above this are reported as this (Hackett 2017)")
  static let failureVelocityLossParameter = ParameterFamily.numbers(
    "aggregation.effort.failure_velocity_loss_pct", per: "movement pattern", in: 1...100,
    unit: "%", "mean velocity loss at failure; 20 % ~ half the reps in a squat",
    [
      ("squat", 40, ""), ("lunge", 40, ""), ("hinge", 35, ""), ("horizontal_press", 50, ""),
      ("vertical_press", 45, ""), ("curl", 45, ""), ("row", 45, ""), ("push_up", 50, ""),
      ("pulldown", 45, ""), ("arm_extension", 45, ""),
    ])
  static let minLoads = Parameter.number(
    "aggregation.strength.min_loads", 3, in: 2...100, "distinct loads a profile needs")
  static let minSpan = Parameter.number(
    "aggregation.strength.min_span", 0.2, in: 0...1,
    "lightest load at most this far below the heaviest (share)")
  static let minR2 = Parameter.number(
    "aggregation.strength.min_r2", 0.8, in: 0...1, "least R² of a load-velocity profile's fit")
  static let minimalVelocityParameter = ParameterFamily.numbers(
    "aggregation.strength.minimal_velocity_mps", per: "movement pattern", in: 0.01...2,
    unit: "m/s", "mean concentric velocity at 1RM (Helms 2017 ACV; others our estimate)",
    [
      ("squat", 0.23, ""), ("lunge", 0.23, ""), ("hinge", 0.14, ""),
      ("horizontal_press", 0.10, ""), ("vertical_press", 0.19, ""), ("curl", 0.20, ""),
      ("row", 0.40, ""), ("push_up", 0.15, ""), ("pulldown", 0.30, ""),
      ("arm_extension", 0.20, ""),
    ])
  static let proteinTarget = Parameter.number(
    "aggregation.nutrition.protein_g_per_kg", 1.6, in: 0...10, unit: "g/kg",
    "daily protein target")
  static let recordRepsMarginParameter = Parameter.number(
    "aggregation.roster.record_reps_margin", 2, in: 1...50, unit: "reps",
    "reps a most-reps-at-load record must beat the last by to be news")

  /// The parameters the aggregation stage reads, as the pipeline file lists them.
  package static let declared: [ParameterDeclaration] =
    [
      .one(secondaryMuscleShare), .one(baselineMinDays), .one(SharedParameters.baselineWindow),
      .family(SharedParameters.volumeLandmarks),
      .section("aggregation.recovery", "our own model, anchored in SCIENCE.md 5.4"),
      .one(fatiguePerSetParameter), .one(nearFailure), .one(heatmap), .family(timeConstant),
      .section(
        "aggregation.effort", "reps in reserve from velocity loss (share of possible reps done)"),
      .one(maxReliableRIR), .family(failureVelocityLossParameter),
      .section(
        "aggregation.strength",
        "e1RM: load-velocity profile where the data allow, else reps x load"),
      .one(minLoads), .one(minSpan), .one(minR2), .one(SharedParameters.strengthWindow),
      .family(minimalVelocityParameter), .one(SharedParameters.pointsFormula), .one(proteinTarget),
    ] + ExerciseRiskRule.Thresholds.declared + [
      .one(SharedParameters.lowReadiness), .one(VelocityLossFlag.farSetsParameter),
      .one(VelocityLossFlag.marginParameter), .one(SharedParameters.formDrop),
      .one(recordRepsMarginParameter), .one(SharedParameters.staleAfter),
    ] + EntryPlausibility.declared
}
