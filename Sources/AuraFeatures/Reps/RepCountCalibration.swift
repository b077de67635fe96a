/// How often a count was exact on real recordings, and how far off it was, by what recorded
/// it, whether the set's bounds were found or given, and whether the set's rhythm agrees with
/// it (`RepCountEvidence.periodAgrees`): the counts of the tuning splits of `make eval-real`
/// (docs/real-data.md), which set `workout_set.reps_confidence`, `reps_low` and `reps_high`.
/// A count's confidence is the share of exact counts of its class, smoothed by one exact and
/// one wrong count (Laplace), so that a class of few sets is not certain.
package enum RepCountCalibration {
  /// What counted the reps.
  package enum Sensor: String, Codable, Sendable, CaseIterable {
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
  /// (bounds marked on the Apple Watch sets only); a camera's are RepCount-A's and
  /// Countix-Fitness's (a Countix clip is its set: within bounds, the clip's).
  static let tallies: [Sensor: (found: Tally, given: Tally)] = [
    .loadImu: (found: Tally((15, 15), (3, 5)), given: Tally((15, 15), (3, 5))),
    .limb: (found: Tally((20, 63), (77, 204)), given: Tally((75, 102), (5, 12))),
    .camera: (found: Tally((16, 37), (23, 73)), given: Tally((25, 40), (24, 69))),
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

  /// The class a count's error was calibrated in: what recorded it, whether its bounds were
  /// found (a load's sets always count as found: none of its real sets came with bounds), and
  /// whether its rhythm agrees, or its recording lost part of the set (packets of samples, or
  /// the movement on most of it), which only ever loses reps.
  package struct ErrorClass: Hashable, Sendable, CustomStringConvertible {
    package enum Evidence: String, Sendable, CaseIterable {
      case rhythmAgrees = "rhythm agrees"
      case rhythmDisagrees = "rhythm disagrees"
      case partLost = "part lost"
    }
    package var sensor: Sensor
    package var boundsFound: Bool
    package var evidence: Evidence

    package init(sensor: Sensor, boundsFound: Bool, evidence: Evidence) {
      self.sensor = sensor
      self.boundsFound = sensor == .loadImu || boundsFound
      self.evidence = evidence
    }

    /// "camera/given/rhythm agrees", as `auralift eval --reps` writes it.
    package var description: String {
      "\(sensor.rawValue)/\(boundsFound ? "found" : "given")/\(evidence.rawValue)"
    }
  }

  /// Split-conformal half-widths, reps: for each class, the ⌈(n + 1) × 0.9⌉-th smallest of the
  /// n absolute count errors (|authors' count − count found|) of the tuning splits' sets found
  /// so (`scripts/realdata/calibrate_intervals.py` prints this table from `make eval-real`'s
  /// set lists); where a class has too few sets for that rank (n < 9), its largest error.
  /// A count found is then within the half-width of the true one on at least 90 % of new sets
  /// of its class, were they drawn as the tuning sets were.
  static let halfWidths: [ErrorClass: (sets: Int, reps: Int)] = [
    .init(sensor: .loadImu, boundsFound: true, evidence: .rhythmAgrees): (15, 0),
    .init(sensor: .loadImu, boundsFound: true, evidence: .rhythmDisagrees): (5, 9),
    .init(sensor: .limb, boundsFound: true, evidence: .rhythmAgrees): (63, 3),
    .init(sensor: .limb, boundsFound: true, evidence: .rhythmDisagrees): (204, 4),
    .init(sensor: .limb, boundsFound: true, evidence: .partLost): (15, 17),
    .init(sensor: .limb, boundsFound: false, evidence: .rhythmAgrees): (102, 2),
    .init(sensor: .limb, boundsFound: false, evidence: .rhythmDisagrees): (12, 10),
    .init(sensor: .camera, boundsFound: true, evidence: .rhythmAgrees): (37, 4),
    .init(sensor: .camera, boundsFound: true, evidence: .rhythmDisagrees): (73, 5),
    .init(sensor: .camera, boundsFound: false, evidence: .rhythmAgrees): (40, 3),
    .init(sensor: .camera, boundsFound: false, evidence: .rhythmDisagrees): (69, 5),
  ]

  /// The half-width of a class without tuning sets (a part lost of a camera's set, or of a
  /// limb's within given bounds, which no real source had): the widest calibrated.
  static let widestHalfWidth = halfWidths.values.map(\.reps).max()!

  /// The reps a set of `count` found holds, at the interval's level: the count plus or minus
  /// its class's half-width, at least one rep (a set with a recording and logged work holds
  /// one).
  package static func interval(count: Int, in errorClass: ErrorClass) -> ClosedRange<Int> {
    let half = halfWidths[errorClass]?.reps ?? widestHalfWidth
    return max(1, count - half)...max(1, count + half)
  }

  /// The tuning sets in which no rep was found one by one while the rhythm's swings disagreed
  /// with its period (`SetFeatures.swings`), every sensor together (too few of each apart),
  /// and the largest of their absolute errors |authors' count − swings| (n < 9).
  static let swingsHalfWidth = (sets: 6, reps: 6)

  /// The reps a set holds at the interval's level where its swings are all the recording
  /// says of its count: the swings plus or minus `swingsHalfWidth`, at least one rep; where
  /// the recording lost part of the set (no tuning set did), the widest half-width.
  package static func interval(swings: Int, partLost: Bool = false) -> ClosedRange<Int> {
    let half = partLost ? widestHalfWidth : swingsHalfWidth.reps
    return max(1, swings - half)...max(1, swings + half)
  }

  /// The reps a set holds where its recording shows neither a rep nor a rhythm of it: from one
  /// rep (a set with a recording and logged work holds one) to the most the tuning splits'
  /// sets of that kind held (n = 14, every sensor together, found and within given bounds: the
  /// authors' counts ran from 2 to 14; `scripts/realdata/calibrate_intervals.py` prints it).
  /// One-sided split-conformal: a new such set holds at most the largest of n with probability
  /// n / (n + 1) = 93 %, were it drawn as they were.
  static let noCountRange = (sets: 14, reps: 1...14)
}
