import AuraDomain

/// The parameters a release's pages show, typed and read in one place from the run's
/// recorded parameters (`run_parameter`), so that no page spells a key or its fallback: a
/// release published before a parameter existed gets the value it was computed with then, as
/// the parameter's declaration says (`Parameter.existing(before:)`), or none where the pages
/// say the value is unknown.
struct ReportSettings: Sendable {
  /// `features.velocity_loss_threshold_pct`: the velocity loss at which a set should stop, %.
  let velocityLossThresholdPct: Double
  /// The roster's velocity-loss rule; nil for a release published before the rule had its
  /// sets and margin (any auto-stopped set flagged).
  let velocityLossFlag: VelocityLossFlag?
  /// `aggregation.baseline_window_days`: the readiness baseline's days.
  let baselineWindowDays: Int
  /// `aggregation.roster.low_readiness`: the readiness the roster flags below.
  let lowReadiness: Double?
  /// `aggregation.roster.form_drop_pts`: the form drop that flags a week, points.
  let formDropPoints: Double
  /// `aggregation.strength.window_days`: the days an entry is checked against.
  let strengthWindowDays: Double?
  /// `aggregation.plausibility.history_factor`: how far past the best e1RM an entry is
  /// checked.
  let historyFactor: Double?
  /// `aggregation.roster.stale_after_days`: days without a session after which a report
  /// says so.
  let staleAfterDays: Double?
  /// `aggregation.ranking.points_formula`: how lifts are scored across bodyweights.
  let pointsFormula: String

  init(_ parameters: ParameterSet) {
    func number(_ parameter: Parameter) -> Double? {
      guard case .number(let value)? = parameters.asPublished(parameter) else { return nil }
      return value
    }
    velocityLossThresholdPct = number(VelocityLossFlag.thresholdParameter)!
    velocityLossFlag = try? VelocityLossFlag(parameters)
    baselineWindowDays = Int(number(SharedParameters.baselineWindow)!)
    lowReadiness = number(SharedParameters.lowReadiness)
    formDropPoints = number(SharedParameters.formDrop)!
    strengthWindowDays = number(SharedParameters.strengthWindow)
    historyFactor = number(SharedParameters.historyFactor)
    staleAfterDays = number(SharedParameters.staleAfter)
    guard case .text(let formula)? = parameters.asPublished(SharedParameters.pointsFormula) else {
      preconditionFailure("points_formula is declared with the value before it")
    }
    pointsFormula = formula
  }
}
