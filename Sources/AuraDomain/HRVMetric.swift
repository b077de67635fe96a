/// What a wellness day's heart-rate variability measures: RMSSD (most straps and apps) or
/// SDNN (Apple Health). Readiness compares its natural log against the athlete's own baseline.
package enum HRVMetric: String, Codable, Sendable, CaseIterable {
  case rmssd, sdnn

  /// The name of the log-transformed metric in the readiness table (`ln_rmssd`, `ln_sdnn`).
  package var publishedName: String { "ln_" + rawValue }
}
