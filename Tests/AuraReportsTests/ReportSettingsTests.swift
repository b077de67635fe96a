import AuraDomain
import AuraTestParameters
import Testing

@testable import AuraReports

/// The parameters the pages show are read in one place, by keys the nightly pipeline has.
@Suite struct ReportSettingsTests {
  /// Every key read names a parameter of pipelines/nightly.yaml: a misspelt one would read
  /// nothing and fall back (or show a dash) on every page.
  @Test func everyKeyTheReportsReadIsANightlyParameter() throws {
    let nightly = try NightlyParameters.load()
    let settings = ReportSettings(nightly)
    #expect(
      settings.velocityLossThresholdPct
        == (try nightly.number("features.velocity_loss_threshold_pct")))
    #expect(settings.velocityLossFlag != nil)
    #expect(
      Double(settings.baselineWindowDays)
        == (try nightly.number("aggregation.baseline_window_days")))
    #expect(settings.lowReadiness == (try nightly.number("aggregation.roster.low_readiness")))
    #expect(settings.formDropPoints == (try nightly.number("aggregation.roster.form_drop_pts")))
    #expect(settings.strengthWindowDays == (try nightly.number("aggregation.strength.window_days")))
    #expect(
      settings.historyFactor == (try nightly.number("aggregation.plausibility.history_factor")))
    #expect(settings.staleAfterDays == (try nightly.number("aggregation.roster.stale_after_days")))
    #expect(settings.pointsFormula == (try nightly.text("aggregation.ranking.points_formula")))
  }

  /// A release published before a parameter existed gets the value of the time, or none.
  @Test func anOlderReleaseGetsTheValuesOfItsTime() {
    let settings = ReportSettings(ParameterSet())
    #expect(settings.velocityLossThresholdPct == 20)
    #expect(settings.velocityLossFlag == nil)
    #expect(settings.baselineWindowDays == 28)
    #expect(settings.lowReadiness == nil)
    #expect(settings.formDropPoints == 5)
    #expect(settings.pointsFormula == "dots")
  }
}
