/// How often a count was exact on real recordings, by what recorded it, whether the set's
/// bounds were found or given, and whether the set's rhythm agrees with it
/// (`RepCountEvidence.periodAgrees`): the counts of the tuning splits of `make eval-real`
/// (docs/real-data.md), which set `workout_set.reps_confidence`. A count's confidence is the
/// share of exact counts of its class, smoothed by one exact and one wrong count (Laplace), so
/// that a class of few sets is not certain.
package enum RepCountCalibration {
  /// What counted the reps.
  package enum Sensor: String, Codable, Sendable {
    /// An IMU on the load (a bar or a dumbbell), without a camera.
    case loadImu
    /// An IMU on a limb (a watch).
    case limb
    /// A camera's pose.
    case camera
  }

  /// (exact, counted) sets of each class on the tuning splits, sets found in their recording
  /// (`found`) and counted within their authors' bounds (`given`), where the rhythm agrees and
  /// where it does not. The bar's sets are the bar-mounted IMU source's (no bounds marked:
  /// its sets within bounds are taken as found); a limb's are the Apple Watch and muvr sets
  /// (bounds marked on the Apple Watch sets only); a camera's are RepCount-A's.
  static let tallies: [Sensor: (found: Tally, given: Tally)] = [
    .loadImu: (found: Tally((15, 15), (3, 5)), given: Tally((15, 15), (3, 5))),
    .limb: (found: Tally((20, 63), (77, 202)), given: Tally((75, 102), (5, 12))),
    .camera: (found: Tally((6, 17), (12, 30)), given: Tally((13, 17), (14, 27))),
  ]

  struct Tally {
    var agreeing: (exact: Int, counted: Int)
    var other: (exact: Int, counted: Int)
    init(_ agreeing: (Int, Int), _ other: (Int, Int)) {
      self.agreeing = agreeing
      self.other = other
    }
  }

  /// The share of exact counts among those of the class, smoothed.
  package static func confidence(sensor: Sensor, boundsFound: Bool, periodAgrees: Bool) -> Double {
    let tally = boundsFound ? tallies[sensor]!.found : tallies[sensor]!.given
    let (exact, counted) = periodAgrees ? tally.agreeing : tally.other
    return Double(exact + 1) / Double(counted + 2)
  }
}
