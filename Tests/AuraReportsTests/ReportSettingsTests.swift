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
        == nightly.value("features.velocity_loss_threshold_pct"))
    #expect(settings.velocityLossFlag != nil)
    #expect(
      Double(settings.baselineWindowDays)
        == nightly.value("aggregation.baseline_window_days"))
    #expect(settings.lowReadiness == nightly.value("aggregation.roster.low_readiness"))
    #expect(settings.formDropPoints == nightly.value("aggregation.roster.form_drop_pts"))
    #expect(settings.strengthWindowDays == nightly.value("aggregation.strength.window_days"))
    #expect(
      settings.historyFactor == nightly.value("aggregation.plausibility.history_factor"))
    #expect(settings.staleAfterDays == nightly.value("aggregation.roster.stale_after_days"))
    #expect(settings.pointsFormula == nightly.word("aggregation.ranking.points_formula"))
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

extension ParameterSet {
  /// The number at `key` as the pipeline file spells it, nil where it holds none.
  fileprivate func value(_ key: String) -> Double? {
    guard case .number(let number)? = self[key] else { return nil }
    return number
  }

  /// The word at `key`, nil where it holds none.
  fileprivate func word(_ key: String) -> String? {
    guard case .text(let word)? = self[key] else { return nil }
    return word
  }
}
