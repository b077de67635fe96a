import AuraDomain
import AuraFeatures
import AuraIngest
import AuraScoring

/// A body scan for an athlete without a morpho.csv row, measured on their pose recordings:
/// each limb length is the median of the lengths measured on each session (`PoseMorpho`), so
/// one session filmed at an angle does not set it. Dated on the last session measured.
enum PoseScan {
  /// The lengths measured on one session.
  struct Measure: Codable, Sendable {
    var startTime: SessionTime
    var morpho: PoseMorpho
  }

  /// The measures of `sessions` that have them, in the sessions' order.
  static func measures(_ sessions: [ScoredSession]) -> [Measure] {
    sessions.compactMap { session in
      session.morpho.map { Measure(startTime: session.startTime, morpho: $0) }
    }
  }

  /// The scan from an athlete's measures (in session order); nil without any.
  static func scan(athleteId: String, measured: [Measure]) -> MorphoRecord? {
    guard let last = measured.last else { return nil }
    let day = last.startTime.day
    func median(_ length: (PoseMorpho) -> Double) -> Double {
      let values = measured.map { length($0.morpho) }.sorted()
      let middle = values.count / 2
      let value = values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
      return (value * 10).rounded() / 10
    }
    return MorphoRecord(
      athleteId: athleteId, date: ISODates.string(day: day), torsoCm: median(\.torsoCm),
      femurCm: median(\.femurCm), tibiaCm: median(\.tibiaCm), humerusCm: median(\.humerusCm),
      forearmCm: median(\.forearmCm), shoulderWidthCm: nil, hipWidthCm: nil, armSpanCm: nil)
  }
}
