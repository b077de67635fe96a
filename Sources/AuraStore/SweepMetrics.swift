import Foundation
import GRDB

/// What a sweep compares between variants, read from a variant's published database: each
/// metric against the labels the dataset has (nil where it has none).
package struct SweepMetrics: Sendable, Equatable {
  /// Mean |estimated − reported RPE| over sets with both.
  package var rpeMeanAbsoluteError: Double?
  package var rpeSets: Int
  /// Share of recorded sets whose counted reps equal the logged reps, percent.
  package var repCountExactPercent: Double?
  /// Mean form score of recorded sets.
  package var meanFormScore: Double?
  /// Share of recorded sets with written feedback, percent.
  package var feedbackPercent: Double?
  /// Sets flagged as auto-stopped (velocity loss crossed before the last rep).
  package var autoStoppedSets: Int
  package var meanLeaguePoints: Double?
  /// How well the form score separates sets labelled good from sets labelled bad: the area
  /// under the ROC curve, the chance that a good set scores above a bad one (ties count half).
  /// Nil unless the dataset labels both kinds.
  package var formAUC: Double? = nil
  package var formLabelledSets = 0
  /// Recorded sets labelled as ended by a failed rep, and the share of them flagged
  /// auto-stopped (recall), percent.
  package var failedSets = 0
  package var autoStopRecallPercent: Double? = nil
  /// Share of recorded sets labelled as not failed that were flagged auto-stopped, percent.
  package var autoStopFalseAlarmPercent: Double? = nil

  /// Column names, in the order `values` gives them.
  package static let columns = [
    "rpe_mae", "rpe_sets", "rep_count_exact_pct", "mean_form_score", "feedback_pct",
    "auto_stopped_sets", "mean_lp", "form_auc", "form_labelled_sets", "failed_sets",
    "auto_stop_recall_pct", "auto_stop_false_alarm_pct",
  ]

  /// The metric of column `name` (as `values` rounds it, so that a tie in the table is a tie
  /// here), nil where the dataset has no label for it.
  package func value(of name: String) -> Double? {
    guard let index = Self.columns.firstIndex(of: name) else { return nil }
    return Double(values[index])
  }

  /// The metrics as table cells (empty where there is no label to compare with).
  package var values: [String] {
    func cell(_ value: Double?, _ digits: Int) -> String {
      value.map { String(format: "%.\(digits)f", $0) } ?? ""
    }
    return [
      cell(rpeMeanAbsoluteError, 3), String(rpeSets), cell(repCountExactPercent, 1),
      cell(meanFormScore, 2), cell(feedbackPercent, 1), String(autoStoppedSets),
      cell(meanLeaguePoints, 1), cell(formAUC, 3), String(formLabelledSets), String(failedSets),
      cell(autoStopRecallPercent, 1), cell(autoStopFalseAlarmPercent, 1),
    ]
  }

  /// The area under the ROC curve of `scores` for telling `good` from bad: the Mann-Whitney
  /// statistic over every (good, bad) pair, a tie counting half. Nil without both kinds.
  package static func areaUnderCurve(_ scores: [(score: Double, good: Bool)]) -> Double? {
    let good = scores.filter(\.good).map(\.score)
    let bad = scores.filter { !$0.good }.map(\.score)
    guard !good.isEmpty, !bad.isEmpty else { return nil }
    var wins = 0.0
    for g in good {
      for b in bad { wins += g > b ? 1 : g == b ? 0.5 : 0 }
    }
    return wins / Double(good.count * bad.count)
  }
}

extension SweepMetrics {
  /// Reads the metrics of the variant published at `databasePath`.
  package init(databasePath: String) throws {
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
      let labelled = try Row.fetchAll(
        db,
        sql: """
          SELECT form_score, form_label FROM workout_set
          WHERE source != 'log' AND form_score IS NOT NULL AND form_label IS NOT NULL
          """
      ).map { (score: $0[0] as Double, good: ($0[1] as String) == "good") }
      let failures = try Row.fetchOne(
        db,
        sql: """
          SELECT SUM(failed), 100.0 * SUM(failed * auto_stopped) / SUM(failed),
            100.0 * SUM((1 - failed) * auto_stopped) / SUM(1 - failed)
          FROM workout_set WHERE source != 'log' AND failed IS NOT NULL
          """)!
      return SweepMetrics(
        rpeMeanAbsoluteError: rpe[0], rpeSets: rpe[1], repCountExactPercent: recorded[0],
        meanFormScore: recorded[1], feedbackPercent: recorded[2],
        autoStoppedSets: recorded[3] ?? 0, meanLeaguePoints: lp,
        formAUC: Self.areaUnderCurve(labelled), formLabelledSets: labelled.count,
        failedSets: failures[0] ?? 0, autoStopRecallPercent: failures[1],
        autoStopFalseAlarmPercent: failures[2])
    }
  }
}
