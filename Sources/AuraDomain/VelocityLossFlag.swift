/// When the coach's roster flags an athlete for velocity loss. Sets past the auto-stop
/// threshold are ordinary hard training, and a week of several sessions has several; the
/// roster flags a week in which `farSets` sets ended `margin` points or more past it: sets
/// taken well beyond the stop, again. The loss judged is each set's published velocity loss
/// (its last rep against its best), the number the flag shows, so a flag never names a loss
/// below what its rule says.
package struct VelocityLossFlag: Sendable, Equatable {
  /// `features.velocity_loss_threshold_pct`, percent.
  package var threshold: Double
  /// Points past the threshold from which a set counts toward the flag.
  package var margin: Double
  package var rule: Rule

  package enum Rule: Sendable, Equatable {
    /// This many sets `margin` or more past the threshold (`velocity_loss_far_sets`).
    case farSets(Int)
    /// A release published before `farSets`: this many sets past the threshold, or one set
    /// `margin` past it (`velocity_loss_sets`).
    case setsOrOneFar(Int)
  }

  package init(threshold: Double, margin: Double, rule: Rule) {
    self.threshold = threshold
    self.margin = margin
    self.rule = rule
  }

  /// The rule as `p` sets it (`features.velocity_loss_threshold_pct`,
  /// `aggregation.roster.velocity_loss_margin_pts`, `velocity_loss_far_sets`); an earlier
  /// release's parameters name `velocity_loss_sets` instead.
  package init(_ p: ParameterSet) throws {
    let rule: Rule
    if let far = try? p.number(Self.farSetsParameter) {
      rule = .farSets(Int(far))
    } else {
      rule = .setsOrOneFar(Int(try p.number(Self.retiredSetsParameter)))
    }
    self.init(
      threshold: try p.number(Self.thresholdParameter),
      margin: try p.number(Self.marginParameter), rule: rule)
  }

  /// The auto-stop threshold the features flag a rep at (declared with the features stage's
  /// parameters; the roster reads it too).
  package static let thresholdParameter = Parameter.number(
    "features.velocity_loss_threshold_pct", 20, in: 1...100, unit: "%",
    "velocity loss at which a set should stop (flags the rep)"
  ).existing(before: .number(20))
  package static let farSetsParameter = Parameter.number(
    "aggregation.roster.velocity_loss_far_sets", 2, in: 1...50,
    "sets of the week ending velocity_loss_margin_pts or more past the auto-stop threshold that flag the athlete"
  )
  package static let marginParameter = Parameter.number(
    "aggregation.roster.velocity_loss_margin_pts", 10, in: 0...100, unit: "points",
    "how far past features.velocity_loss_threshold_pct such a set ends")
  /// An earlier release's rule, read from its recorded parameters only: no pipeline file sets
  /// it any more.
  static let retiredSetsParameter = Parameter.number(
    "aggregation.roster.velocity_loss_sets", 2, in: 1...50,
    "sets past the threshold that flagged an athlete before velocity_loss_far_sets")

  /// The loss from which a set counts toward the flag: the threshold plus the margin (the
  /// threshold itself under an earlier release's rule).
  package var counted: Double {
    switch rule {
    case .farSets: threshold + margin
    case .setsOrOneFar: threshold
    }
  }

  /// Whether a set's published loss (nil: none) counts toward the flag.
  package func counts(_ loss: Double?) -> Bool { loss.map { $0 >= counted } ?? false }

  /// Whether the week's set losses (percent, one per set that has one) flag the athlete.
  package func flags(_ losses: [Double]) -> Bool {
    switch rule {
    case .farSets(let sets):
      return losses.filter { $0 >= counted }.count >= sets
    case .setsOrOneFar(let sets):
      let past = losses.filter { $0 >= threshold }
      return past.count >= sets || past.contains { $0 >= threshold + margin }
    }
  }
}
