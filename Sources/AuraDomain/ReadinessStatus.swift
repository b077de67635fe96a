/// Whether a readiness score stands on the athlete's own baseline, or is an estimate while
/// that baseline has too few wellness days. The raw values are what the tables publish.
package enum ReadinessStatus: String, Codable, Sendable, CaseIterable {
  case ok
  case insufficientHistory = "insufficient_history"
}
