/// Errors gathered for one group of sets (an exercise measured from one source), and the
/// metrics they give.
package struct AccuracyTally: Sendable, Equatable {
  /// Recorded sets compared with truth.
  package var sets = 0
  /// Sets whose detected rep count equals the true count.
  package var exactSets = 0
  /// Absolute errors per matched rep: ROM (degrees), each tempo phase (seconds), mean and peak
  /// concentric velocity (m/s); per set: velocity loss (percentage points).
  package var romErrors: [Double] = []
  package var tempoErrors: [Double] = []
  package var meanVelocityErrors: [Double] = []
  package var peakVelocityErrors: [Double] = []
  package var velocityLossErrors: [Double] = []
  /// Set detection with the manifest's bounds removed: true sets, detected sets, and the
  /// detected sets that overlap a true set (intersection over union ≥ 0.5).
  package var trueSets = 0
  package var detectedSets = 0
  package var matchedSets = 0

  package init() {}

  /// Share of sets with the exact rep count, 0-1 (nil without sets).
  package var exactRate: Double? { sets == 0 ? nil : Double(exactSets) / Double(sets) }
  package var romMAE: Double? { Self.mean(romErrors) }
  package var tempoMAE: Double? { Self.mean(tempoErrors) }
  package var meanVelocityMAE: Double? { Self.mean(meanVelocityErrors) }
  package var peakVelocityMAE: Double? { Self.mean(peakVelocityErrors) }
  package var velocityLossMAE: Double? { Self.mean(velocityLossErrors) }

  /// F1 of set detection (nil when there was nothing to detect).
  package var setDetectionF1: Double? {
    Self.f1(trueSets: trueSets, detectedSets: detectedSets, matchedSets: matchedSets)
  }

  /// F1 of `matchedSets` of `detectedSets` against `trueSets` (nil without true sets).
  static func f1(trueSets: Int, detectedSets: Int, matchedSets: Int) -> Double? {
    guard trueSets > 0 else { return nil }
    let precision = detectedSets == 0 ? 0 : Double(matchedSets) / Double(detectedSets)
    let recall = Double(matchedSets) / Double(trueSets)
    return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
  }

  /// Adds another group's errors to this one.
  package mutating func merge(_ other: AccuracyTally) {
    sets += other.sets
    exactSets += other.exactSets
    romErrors += other.romErrors
    tempoErrors += other.tempoErrors
    meanVelocityErrors += other.meanVelocityErrors
    peakVelocityErrors += other.peakVelocityErrors
    velocityLossErrors += other.velocityLossErrors
    trueSets += other.trueSets
    detectedSets += other.detectedSets
    matchedSets += other.matchedSets
  }

  private static func mean(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
  }
}
