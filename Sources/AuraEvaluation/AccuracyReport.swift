import Foundation

/// Accuracy of the feature stage per exercise and source, with totals and the targets of the
/// noise level it was measured at.
package struct AccuracyReport: Sendable {
  /// An exercise measured from one source: "pose:<format>" or "imu:<format>".
  package struct GroupKey: Hashable, Sendable, Comparable {
    package var exercise: String
    package var source: String

    package static func < (a: GroupKey, b: GroupKey) -> Bool {
      (a.exercise, a.source) < (b.exercise, b.source)
    }
  }

  /// The noise profile of the dataset (low or high).
  package var noise: String
  package var groups: [GroupKey: AccuracyTally] = [:]
  /// Every true rep that was matched to a measured one.
  package var reps: [RepComparison] = []

  package init(noise: String) { self.noise = noise }

  /// All pose groups together, all IMU groups together (velocity beside a camera), and all
  /// IMU-only groups (the same sessions without their camera).
  package var poseTotal: AccuracyTally { total(prefix: "pose:") }
  package var imuTotal: AccuracyTally { total(prefix: "imu:") }
  package var imuOnlyTotal: AccuracyTally { total(prefix: "imu-only:") }

  private func total(prefix: String) -> AccuracyTally {
    groups.filter { $0.key.source.hasPrefix(prefix) }.values.reduce(into: AccuracyTally()) {
      $0.merge($1)
    }
  }

  /// One table row per group, then the pose and IMU totals.
  package var rows: [(exercise: String, source: String, tally: AccuracyTally)] {
    groups.keys.sorted().map { ($0.exercise, $0.source, groups[$0]!) } + [
      ("all", "pose", poseTotal), ("all", "imu", imuTotal), ("all", "imu-only", imuOnlyTotal),
    ]
  }

  static let columns = [
    "exercise", "source", "sets", "reps_exact_pct", "rom_mae_deg", "tempo_mae_s", "mcv_mae_mps",
    "pcv_mae_mps", "velocity_loss_mae_pts", "set_detection_f1",
  ]

  private static func cells(_ tally: AccuracyTally) -> [String] {
    func format(_ value: Double?, _ pattern: String) -> String {
      value.map { String(format: pattern, $0) } ?? ""
    }
    return [
      String(tally.sets), format(tally.exactRate.map { $0 * 100 }, "%.1f"),
      format(tally.romMAE, "%.2f"), format(tally.tempoMAE, "%.3f"),
      format(tally.meanVelocityMAE, "%.4f"), format(tally.peakVelocityMAE, "%.4f"),
      format(tally.velocityLossMAE, "%.2f"), format(tally.setDetectionF1, "%.3f"),
    ]
  }

  /// The table as CSV (one header line), for pandas, R or DuckDB.
  package var csv: String {
    var lines = ["noise," + Self.columns.joined(separator: ",")]
    for row in rows {
      lines.append(
        ([noise, row.exercise, row.source] + Self.cells(row.tally)).joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The table as Markdown, followed by the totals against the targets.
  package var markdown: String {
    MarkdownTable.render(
      header: [
        "exercise", "source", "sets", "reps exact %", "ROM MAE °", "tempo MAE s", "MCV MAE m/s",
        "PCV MAE m/s", "VL MAE pts", "set F1",
      ],
      rows: rows.map { [$0.exercise, $0.source] + Self.cells($0.tally) }, checks: targetChecks)
  }

  /// One total compared with its target at this noise level.
  package struct TargetCheck: Sendable {
    package var name: String
    /// What was measured, as the table prints it ("0.523 °", "none").
    package var measured: String
    package var target: String
    package var passed: Bool
    /// What was measured, as a number; nil where nothing was.
    package var value: Double?

    /// `value` (nil: not measured, a miss) at least `limit`.
    static func atLeast(_ name: String, _ value: Double?, _ limit: Double) -> TargetCheck {
      TargetCheck(
        name: name, measured: value.map { String(format: "%.3f", $0) } ?? "none",
        target: String(format: "≥ %.3f", limit), passed: value.map { $0 >= limit } ?? false,
        value: value)
    }

    /// `value` (nil: not measured, a miss) at most `limit`, in `unit`.
    static func atMost(_ name: String, _ value: Double?, _ limit: Double, _ unit: String)
      -> TargetCheck
    {
      TargetCheck(
        name: name, measured: value.map { String(format: "%.3f %@", $0, unit) } ?? "none",
        target: String(format: "≤ %.3f %@", limit, unit),
        passed: value.map { $0 <= limit } ?? false,
        value: value)
    }
  }

  /// The totals against the accuracy targets (BENCHMARKS.md) for this noise level (missing values fail).
  package var targetChecks: [TargetCheck] {
    let low = noise == "low"
    let pose = poseTotal
    let imu = imuTotal
    let imuOnly = imuOnlyTotal
    let (atLeast, atMost) = (TargetCheck.atLeast, TargetCheck.atMost)
    return [
      atLeast("sets with exact rep count", pose.exactRate, low ? 0.995 : 0.97),
      atMost("ROM MAE", pose.romMAE, low ? 1.5 : 3, "°"),
      atMost("MCV MAE from pose", pose.meanVelocityMAE, low ? 0.02 : 0.03, "m/s"),
      atMost("MCV MAE from IMU", imu.meanVelocityMAE, low ? 0.007 : 0.015, "m/s"),
      atMost("tempo-phase MAE", pose.tempoMAE, low ? 0.1 : 0.15, "s"),
      atMost("velocity-loss MAE (pose)", pose.velocityLossMAE, low ? 1.5 : 3, "pts"),
      atMost("velocity-loss MAE (IMU)", imu.velocityLossMAE, low ? 1.5 : 3, "pts"),
      atLeast("set detection F1", pose.setDetectionF1, low ? 0.98 : 0.95),
      atLeast("sets with exact rep count (IMU only)", imuOnly.exactRate, low ? 0.995 : 0.97),
      atMost("tempo-phase MAE (IMU only)", imuOnly.tempoMAE, low ? 0.1 : 0.15, "s"),
      atLeast("set detection F1 (IMU only)", imuOnly.setDetectionF1, low ? 0.98 : 0.95),
    ]
  }
}
