import AuraDomain

/// The parameters a release's pages show, typed and read in one place from the run's
/// recorded parameters (`run_parameter`), so that no page spells a key or its fallback: a
/// release published before a parameter existed gets the value it was computed with then
/// (the nightly default of the time), or none where the pages say the value is unknown.
struct ReportSettings: Sendable {
  /// `features.velocity_loss_threshold_pct`: the velocity loss at which a set should stop, %.
  let velocityLossThresholdPct: Double
  /// The roster's velocity-loss rule; nil for a release published before the rule had its
  /// sets and margin (any auto-stopped set flagged).
  let velocityLossFlag: VelocityLossFlag?
  /// `aggregation.baseline_window_days`: the readiness baseline's days (28 before it was a
  /// parameter).
  let baselineWindowDays: Int
  /// `aggregation.roster.low_readiness`: the readiness the roster flags below.
  let lowReadiness: Double?
  /// `aggregation.roster.form_drop_pts`: the form drop that flags a week, points (5 before it
  /// was a parameter).
  let formDropPoints: Double
  /// `aggregation.strength.window_days`: the days an entry is checked against.
  let strengthWindowDays: Double?
  /// `aggregation.plausibility.history_factor`: how far past the best e1RM an entry is
  /// checked.
  let historyFactor: Double?
  /// `aggregation.roster.stale_after_days`: days without a session after which a report
  /// says so.
  let staleAfterDays: Double?
  /// `aggregation.ranking.points_formula`: how lifts are scored across bodyweights ("dots"
  /// before it was a parameter).
  let pointsFormula: String

  init(_ parameters: ParameterSet) {
    func number(_ parameter: Parameter) -> Double? { try? parameters.number(parameter) }
    velocityLossThresholdPct = number(VelocityLossFlag.thresholdParameter) ?? 20
    velocityLossFlag = try? VelocityLossFlag(parameters)
    baselineWindowDays = Int(number(SharedParameters.baselineWindow) ?? 28)
    lowReadiness = number(SharedParameters.lowReadiness)
    formDropPoints = number(SharedParameters.formDrop) ?? 5
    strengthWindowDays = number(SharedParameters.strengthWindow)
    historyFactor = number(SharedParameters.historyFactor)
    staleAfterDays = number(SharedParameters.staleAfter)
    pointsFormula = (try? parameters.choice(SharedParameters.pointsFormula)) ?? "dots"
  }
}
