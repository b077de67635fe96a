/// What a sweep's best variant is best at: one metric column (`SweepMetrics.columns`) and
/// whether lower or higher is better.
package struct SweepObjective: Sendable, Equatable, CustomStringConvertible {
  package var metric: String
  package var lowerIsBetter: Bool

  /// Errors and rates of false alarms are better low; the rest better high.
  static func lowerIsBetterByDefault(_ metric: String) -> Bool {
    metric.hasSuffix("_mae") || metric.contains("false_alarm")
  }

  /// The default: the RPE estimate's error, lowest first.
  package static let `default` = SweepObjective(metric: "rpe_mae", lowerIsBetter: true)

  package init(metric: String, lowerIsBetter: Bool) {
    self.metric = metric
    self.lowerIsBetter = lowerIsBetter
  }

  /// `METRIC[:min|max]`; nil with the reason when the metric is not a column or the direction
  /// is neither.
  package static func parse(_ text: String) -> Result<SweepObjective, ObjectiveError> {
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    let metric = parts.first ?? ""
    guard SweepMetrics.columns.contains(metric) else {
      return .failure(
        ObjectiveError(
          text: text,
          reason: "'\(metric)' is not a metric (\(SweepMetrics.columns.joined(separator: ", ")))"))
    }
    guard parts.count == 2 else {
      return .success(SweepObjective(metric: metric, lowerIsBetter: lowerIsBetterByDefault(metric)))
    }
    switch parts[1] {
    case "min": return .success(SweepObjective(metric: metric, lowerIsBetter: true))
    case "max": return .success(SweepObjective(metric: metric, lowerIsBetter: false))
    default:
      return .failure(ObjectiveError(text: text, reason: "'\(parts[1])' is neither min nor max"))
    }
  }

  package struct ObjectiveError: Error, CustomStringConvertible {
    var text, reason: String
    package var description: String { "--objective \(text): \(reason)" }
  }

  package var description: String { "\(metric) (\(lowerIsBetter ? "lowest" : "highest") best)" }

  /// What the objective makes of `values` (a variant's name and its metric, nil where the
  /// dataset has no label for it): the best variant, a tie, no variation, or no values.
  package enum Verdict: Equatable {
    case best(name: String, value: Double)
    case tie(names: [String], value: Double)
    case noVariation(value: Double)
    case noValues
  }

  package func verdict(_ values: [(name: String, value: Double?)]) -> Verdict {
    let known = values.compactMap { item in item.value.map { (item.name, $0) } }
    guard let first = known.first else { return .noValues }
    if known.count > 1, known.allSatisfy({ $0.1 == first.1 }) {
      return .noVariation(value: first.1)
    }
    let best = lowerIsBetter ? known.map(\.1).min()! : known.map(\.1).max()!
    let winners = known.filter { $0.1 == best }.map(\.0)
    return winners.count > 1
      ? .tie(names: winners, value: best) : .best(name: winners[0], value: best)
  }
}
