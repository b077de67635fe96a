/// Parameters that a stage and the reports both read (the reports from a release's recorded
/// parameters): declared where both can see them, each read by the aggregation stage
/// (`AggregationSettings`) and shown by the pages (`ReportSettings`).
package enum SharedParameters {
  package static let baselineWindow = Parameter.number(
    "aggregation.baseline_window_days", 28, in: 1...365, unit: "days",
    "days of wellness the readiness baseline looks back over"
  ).existing(before: .number(28))
  package static let volumeLandmarks = ParameterFamily.lists(
    "aggregation.volume_landmarks", per: "muscle", in: 0...100, count: 4, unit: "sets/week",
    "weekly sets [MEV, MAV low, MAV high, MRV] (RP 2017, unverified defaults)",
    [
      ("chest_upper", [8, 12, 20, 22], ""), ("chest_middle", [8, 12, 20, 22], ""),
      ("chest_lower", [8, 12, 20, 22], ""), ("front_delts", [0, 6, 8, 12], ""),
      ("side_delts", [8, 16, 22, 26], ""), ("rear_delts", [8, 16, 22, 26], ""),
      ("traps_upper", [0, 12, 20, 26], ""), ("traps_middle", [10, 14, 22, 25], ""),
      ("rhomboids", [10, 14, 22, 25], ""), ("lats_upper", [10, 14, 22, 25], ""),
      ("lats_lower", [10, 14, 22, 25], ""), ("teres_major", [10, 14, 22, 25], ""),
      ("rotator_cuff", [0, 4, 10, 16], ""), ("biceps", [8, 14, 20, 26], ""),
      ("brachialis", [8, 14, 20, 26], ""), ("triceps", [6, 10, 14, 18], ""),
      ("forearms", [0, 4, 10, 16], ""), ("abs_upper", [0, 16, 20, 25], ""),
      ("abs_lower", [0, 16, 20, 25], ""), ("obliques", [0, 16, 20, 25], ""),
      ("lower_back", [0, 4, 10, 16], ""), ("hip_flexors", [0, 4, 10, 16], ""),
      ("glutes_max", [0, 4, 12, 16], ""), ("glutes_med", [0, 4, 12, 16], ""),
      ("adductors", [0, 4, 10, 16], ""), ("quadriceps", [8, 12, 18, 20], ""),
      ("hamstrings", [6, 10, 16, 20], ""), ("calves_gastrocnemius", [8, 12, 16, 20], ""),
      ("calves_soleus", [8, 12, 16, 20], ""), ("tibialis", [0, 4, 10, 16], ""),
    ])
  package static let strengthWindow = Parameter.number(
    "aggregation.strength.window_days", 42, in: 1...3_650, unit: "days",
    "sets a profile or rep-based e1RM looks back over")
  package static let pointsFormula = Parameter.choice(
    "aggregation.ranking.points_formula", "dots",
    among: ["dots", "wilks", "ipf_gl"],
    "dots, wilks or ipf_gl (classic)"
  ).existing(before: .text("dots"))
  package static let lowReadiness = Parameter.number(
    "aggregation.roster.low_readiness", 50, in: 0...100,
    "readiness below this flags the athlete on the coach roster")
  package static let formDrop = Parameter.number(
    "aggregation.roster.form_drop_pts", 10, in: 0...100, unit: "points",
    "the week's mean form this many points below the 3 weeks before flags it"
  ).existing(before: .number(5))
  package static let staleAfter = Parameter.number(
    "aggregation.roster.stale_after_days", 2, in: 0...365, unit: "days",
    "newest session older than this on the report's day: every page and mail says so")
  package static let historyFactor = Parameter.number(
    "aggregation.plausibility.history_factor", 1.5, in: 1.1...10,
    "e1RM over this x the athlete's best of the exercise in strength.window_days")
}
