/// When the coach's roster flags an athlete for velocity loss: one set of the ISO week past the
/// auto-stop threshold is ordinary hard training; `sets` of them, or one set `margin` points
/// past it, is a week that went to failure more than planned. The loss judged is each set's
/// published velocity loss (its last rep against its best), the number the flag shows, so a
/// flag never names a loss below its threshold.
package struct VelocityLossFlag: Sendable, Equatable {
  /// `features.velocity_loss_threshold_pct`, percent.
  package var threshold: Double
  /// Sets past the threshold in the week that flag the athlete.
  package var sets: Int
  /// Points past the threshold at which one set flags the athlete on its own.
  package var margin: Double

  package init(threshold: Double, sets: Int, margin: Double) {
    self.threshold = threshold
    self.sets = sets
    self.margin = margin
  }

  /// The rule as `p` sets it (`features.velocity_loss_threshold_pct`,
  /// `aggregation.roster.velocity_loss_sets`, `aggregation.roster.velocity_loss_margin_pts`).
  package init(_ p: ParameterSet) throws {
    self.init(
      threshold: try p.number("features.velocity_loss_threshold_pct"),
      sets: Int(try p.number("aggregation.roster.velocity_loss_sets")),
      margin: try p.number("aggregation.roster.velocity_loss_margin_pts"))
  }

  /// Whether a set's published loss (nil: none) is at or past the threshold.
  package func isPast(_ loss: Double?) -> Bool { loss.map { $0 >= threshold } ?? false }

  /// Whether the week's set losses (percent, one per set that has one) flag the athlete.
  package func flags(_ losses: [Double]) -> Bool {
    let past = losses.filter { isPast($0) }
    return past.count >= sets || past.contains { $0 >= threshold + margin }
  }
}
