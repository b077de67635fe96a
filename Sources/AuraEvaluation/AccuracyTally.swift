/// Errors gathered for one group of sets (an exercise measured from one source), and the
/// metrics they give.
public struct AccuracyTally: Sendable, Equatable {
  /// Recorded sets compared with truth.
  public var sets = 0
  /// Sets whose detected rep count equals the true count.
  public var exactSets = 0
  /// Absolute errors per matched rep: ROM (degrees), each tempo phase (seconds), mean and peak
  /// concentric velocity (m/s); per set: velocity loss (percentage points).
  public var romErrors: [Double] = []
  public var tempoErrors: [Double] = []
  public var meanVelocityErrors: [Double] = []
  public var peakVelocityErrors: [Double] = []
  public var velocityLossErrors: [Double] = []
  /// Set detection with the manifest's bounds removed: true sets, detected sets, and the
  /// detected sets that overlap a true set (intersection over union ≥ 0.5).
  public var trueSets = 0
  public var detectedSets = 0
  public var matchedSets = 0

  public init() {}

  /// Share of sets with the exact rep count, 0-1 (nil without sets).
  public var exactRate: Double? { sets == 0 ? nil : Double(exactSets) / Double(sets) }
  public var romMAE: Double? { Self.mean(romErrors) }
  public var tempoMAE: Double? { Self.mean(tempoErrors) }
  public var meanVelocityMAE: Double? { Self.mean(meanVelocityErrors) }
  public var peakVelocityMAE: Double? { Self.mean(peakVelocityErrors) }
  public var velocityLossMAE: Double? { Self.mean(velocityLossErrors) }

  /// F1 of set detection (nil when there was nothing to detect).
  public var setDetectionF1: Double? {
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
  public mutating func merge(_ other: AccuracyTally) {
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
