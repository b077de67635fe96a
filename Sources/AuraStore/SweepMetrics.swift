import Foundation
import GRDB

/// What a sweep compares between variants, read from a variant's published database: each
/// metric against the labels the dataset has (nil where it has none).
public struct SweepMetrics: Sendable, Equatable {
  /// Mean |estimated − reported RPE| over sets with both.
  public var rpeMeanAbsoluteError: Double?
  public var rpeSets: Int
  /// Share of recorded sets whose counted reps equal the logged reps, percent.
  public var repCountExactPercent: Double?
  /// Mean form score of recorded sets.
  public var meanFormScore: Double?
  /// Share of recorded sets with written feedback, percent.
  public var feedbackPercent: Double?
  /// Sets flagged as auto-stopped (velocity loss crossed before the last rep).
  public var autoStoppedSets: Int
  public var meanLeaguePoints: Double?

  /// Column names, in the order `values` gives them.
  public static let columns = [
    "rpe_mae", "rpe_sets", "rep_count_exact_pct", "mean_form_score", "feedback_pct",
    "auto_stopped_sets", "mean_lp",
  ]

  /// The metrics as table cells (empty where there is no label to compare with).
  public var values: [String] {
    func cell(_ value: Double?, _ digits: Int) -> String {
      value.map { String(format: "%.\(digits)f", $0) } ?? ""
    }
    return [
      cell(rpeMeanAbsoluteError, 3), String(rpeSets), cell(repCountExactPercent, 1),
      cell(meanFormScore, 2), cell(feedbackPercent, 1), String(autoStoppedSets),
      cell(meanLeaguePoints, 1),
    ]
  }
}

extension SweepMetrics {
  /// Reads the metrics of the variant published at `databasePath`.
  public init(databasePath: String) throws {
    let queue = try DatabaseQueue(path: databasePath, configuration: SQLiteStore.readOnly)
    self = try queue.read { db in
      let rpe = try Row.fetchOne(
        db,
        sql:
          "SELECT AVG(ABS(rpe_estimated - rpe)), COUNT(*) FROM workout_set WHERE rpe IS NOT NULL AND rpe_estimated IS NOT NULL"
      )!
      let recorded = try Row.fetchOne(
        db,
        sql: """
          SELECT 100.0 * AVG(CASE WHEN reps = reps_logged THEN 1 ELSE 0 END), AVG(form_score),
            100.0 * AVG(CASE WHEN feedback IS NOT NULL THEN 1 ELSE 0 END), SUM(auto_stopped)
          FROM workout_set WHERE source != 'log' AND reps_logged IS NOT NULL
          """)!
      let lp = try Double.fetchOne(db, sql: "SELECT AVG(current_lp) FROM user_profile")
      return SweepMetrics(
        rpeMeanAbsoluteError: rpe[0], rpeSets: rpe[1], repCountExactPercent: recorded[0],
        meanFormScore: recorded[1], feedbackPercent: recorded[2],
        autoStoppedSets: recorded[3] ?? 0, meanLeaguePoints: lp)
    }
  }
}
