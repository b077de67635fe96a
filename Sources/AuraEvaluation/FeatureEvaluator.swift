import AuraDomain
import AuraFeatures
import AuraIngest
import AuraSupport
import AuraSynth
import Foundation

/// Measures the feature stage against a generated dataset's truth.json: every recorded set is
/// extracted twice, once with the manifest's set bounds (reps, ROM, tempo, velocity, velocity
/// loss) and once with the bounds removed (set detection).
package struct FeatureEvaluator: Sendable {
  package let root: URL
  package let truth: DatasetTruth
  package let extractor: SessionFeatureExtractor
  package let reader: SessionReader.Settings
  /// Height in cm of each athlete whose height is known.
  let bodies: AthleteBodies

  /// An evaluator of the dataset at `root` (whose tables were read as `tables`) with the ingest
  /// and features parameters of `parameters`.
  package init(root: URL, tables: DatasetTables, truth: DatasetTruth, parameters: ParameterSet)
    throws
  {
    self.root = root
    self.truth = truth
    extractor = SessionFeatureExtractor(settings: try .init(parameters), catalog: tables.catalog)
    reader = try SessionReader.Settings(parameters)
    bodies = BodyDimensions.byAthlete(tables)
  }

  /// Reads truth.json.
  package static func loadTruth(_ url: URL) throws -> DatasetTruth {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try decoder.decode(DatasetTruth.self, from: Data(contentsOf: url))
  }

  /// Tallies per exercise and source ("pose:<format>", "imu:<format>", and "imu-only:<format>"
  /// for a session with both measured again without its camera; an IMU off the bar adds
  /// "@<placement>" to its format), over `workers` threads.
  /// The report also lists every matched rep, truth beside measurement.
  package func evaluate(workers: Int = 1) throws -> AccuracyReport {
    let results = WorkerPool.map(truth.sessions, workers: workers) { sessionTruth in
      Result { try evaluate(sessionTruth) }
    }
    var report = AccuracyReport(noise: truth.noise)
    for result in results {
      let session = try result.get()
      for (key, tally) in session.groups {
        report.groups[key, default: AccuracyTally()].merge(tally)
      }
      report.reps += session.reps
    }
    return report
  }

  private func evaluate(_ sessionTruth: SessionTruth) throws
    -> (groups: [AccuracyReport.GroupKey: AccuracyTally], reps: [RepComparison])
  {
    let session = try SessionReader.read(
      folder: sessionTruth.sessionId, datasetRoot: root, catalog: extractor.catalog,
      settings: reader)
    try session.requireEveryRecording()
    let body = bodies[session.manifest.athleteId] ?? BodyDimensions(heightCm: nil)
    let measured = try extractor.extract(session, body: body)
    var unbounded = session
    for index in unbounded.manifest.sets.indices {
      unbounded.manifest.sets[index].startSeconds = nil
      unbounded.manifest.sets[index].endSeconds = nil
    }
    let detected = try extractor.extract(unbounded, body: body)
    var groups: [AccuracyReport.GroupKey: AccuracyTally] = [:]
    var reps: [RepComparison] = []
    let poseSource = session.pose.map { "pose:\($0.quality.format)" }
    let imuSource = session.imu.map { "imu:\(Self.imuLabel($0))" }
    for setTruth in sessionTruth.sets {
      guard let set = measured.sets.first(where: { $0.setNumber == setTruth.setNumber }) else {
        continue
      }
      let pairs = Self.matchReps(truth: setTruth.repList, measured: set.reps)
      reps += Self.comparisons(
        pairs, session: sessionTruth, set: setTruth, poseFormat: session.pose?.quality.format ?? "",
        imuFormat: session.imu?.quality.format ?? "")
      if let poseSource {
        var tally = Self.repTally(set: set, truth: setTruth, pairs: pairs, velocity: \.poseVelocity)
        Self.addPhaseErrors(pairs, to: &tally)
        groups[.init(exercise: setTruth.exercise, source: poseSource), default: .init()].merge(
          tally)
      }
      if let imuSource {
        let tally = Self.repTally(set: set, truth: setTruth, pairs: pairs, velocity: \.imuVelocity)
        groups[.init(exercise: setTruth.exercise, source: imuSource), default: .init()].merge(tally)
      }
    }
    if let poseSource {
      Self.addDetection(truth: sessionTruth, detected: detected, source: poseSource, to: &groups)
    }
    if let imu = session.imu, session.pose != nil {
      var imuOnly = session
      imuOnly.pose = nil
      var unboundedImuOnly = unbounded
      unboundedImuOnly.pose = nil
      let imuOnlyResult = try imuOnlyGroups(
        sessionTruth, bounded: try extractor.extract(imuOnly, body: body),
        detected: try extractor.extract(unboundedImuOnly, body: body),
        format: Self.imuLabel(imu))
      for (key, tally) in imuOnlyResult.groups {
        groups[key, default: .init()].merge(tally)
      }
      reps += imuOnlyResult.reps
    }
    return (groups, reps)
  }

  /// An IMU recording's format, and where it was worn unless on the bar ("generic@wrist").
  static func imuLabel(_ imu: ImuSeries) -> String {
    imu.placement == .barbell
      ? imu.quality.format : "\(imu.quality.format)@\(imu.placement.rawValue)"
  }

  /// The same session with its camera left out: reps, tempo and velocity from the bar IMU
  /// alone (its matched reps listed with an empty pose format), and its sets found again
  /// without bounds.
  private func imuOnlyGroups(
    _ sessionTruth: SessionTruth, bounded: SessionFeatures, detected: SessionFeatures,
    format: String
  ) throws -> (groups: [AccuracyReport.GroupKey: AccuracyTally], reps: [RepComparison]) {
    let source = "imu-only:\(format)"
    var groups: [AccuracyReport.GroupKey: AccuracyTally] = [:]
    var reps: [RepComparison] = []
    for setTruth in sessionTruth.sets {
      guard let set = bounded.sets.first(where: { $0.setNumber == setTruth.setNumber }) else {
        continue
      }
      let pairs = Self.matchReps(truth: setTruth.repList, measured: set.reps)
      reps += Self.comparisons(
        pairs, session: sessionTruth, set: setTruth, poseFormat: "", imuFormat: format)
      var tally = Self.repTally(set: set, truth: setTruth, pairs: pairs, velocity: \.imuVelocity)
      if set.phasesMeasured { Self.addPhaseErrors(pairs, to: &tally) }
      groups[.init(exercise: setTruth.exercise, source: source), default: .init()].merge(tally)
    }
    Self.addDetection(truth: sessionTruth, detected: detected, source: source, to: &groups)
    return (groups, reps)
  }

  /// Matched reps of one set as rows of the rep listing.
  private static func comparisons(
    _ pairs: [(RepTruth, RepFeatures)], session: SessionTruth, set: SetTruth, poseFormat: String,
    imuFormat: String
  ) -> [RepComparison] {
    pairs.map { truthRep, rep in
      RepComparison(
        sessionId: session.sessionId, setNumber: set.setNumber, exercise: set.exercise,
        poseFormat: poseFormat, imuFormat: imuFormat, truth: truthRep, measured: rep)
    }
  }

  /// ROM (where measured) and eccentric, pause and concentric errors of matched reps.
  private static func addPhaseErrors(
    _ pairs: [(RepTruth, RepFeatures)], to tally: inout AccuracyTally
  ) {
    for (truthRep, rep) in pairs {
      if let rom = rep.romDegrees { tally.romErrors.append(abs(rom - truthRep.romDegrees)) }
      tally.tempoErrors += [
        abs(rep.eccentricSeconds - truthRep.eccentricSeconds),
        abs(rep.pauseSeconds - truthRep.pauseSeconds),
        abs(rep.concentricSeconds - truthRep.concentricSeconds),
      ]
    }
  }

  /// Set detection of one extraction without bounds, per exercise, into `source`'s groups.
  private static func addDetection(
    truth: SessionTruth, detected: SessionFeatures, source: String,
    to groups: inout [AccuracyReport.GroupKey: AccuracyTally]
  ) {
    for (exercise, outcome) in detectionOutcome(truth: truth, detected: detected) {
      groups[.init(exercise: exercise, source: source), default: .init()].merge(outcome)
    }
  }

  /// Rep count, velocity and velocity-loss errors of one set from one velocity source.
  private static func repTally(
    set: SetFeatures, truth: SetTruth, pairs: [(RepTruth, RepFeatures)],
    velocity: KeyPath<RepFeatures, BarVelocity?>
  ) -> AccuracyTally {
    var tally = AccuracyTally()
    tally.sets = 1
    tally.exactSets = set.repCountUnknown == nil && set.measuredRepCount == truth.reps ? 1 : 0
    for (truthRep, rep) in pairs {
      guard let measured = rep[keyPath: velocity] else { continue }
      tally.meanVelocityErrors.append(abs(measured.mean - truthRep.movingMeanConcentricVelocity))
      tally.peakVelocityErrors.append(abs(measured.peak - truthRep.peakConcentricVelocity))
    }
    let velocities = set.reps.compactMap { $0[keyPath: velocity]?.mean }
    if truth.reps > 1, velocities.count == set.reps.count,
      let loss = SessionFeatureExtractor.velocityLoss(velocities)
    {
      tally.velocityLossErrors.append(abs(loss - truth.movingVelocityLossPercent))
    }
    return tally
  }

  /// Pairs each true rep with the measured rep that overlaps it most, when they share at least
  /// half of the true rep's duration.
  static func matchReps(truth: [RepTruth], measured: [RepFeatures]) -> [(RepTruth, RepFeatures)] {
    truth.compactMap { truthRep in
      let best = measured.max { a, b in
        overlap(a.startSeconds...a.endSeconds, truthRep)
          < overlap(b.startSeconds...b.endSeconds, truthRep)
      }
      guard let best,
        overlap(best.startSeconds...best.endSeconds, truthRep)
          >= 0.5 * (truthRep.endSeconds - truthRep.startSeconds)
      else { return nil }
      return (truthRep, best)
    }
  }

  private static func overlap(_ range: ClosedRange<Double>, _ rep: RepTruth) -> Double {
    max(0, min(range.upperBound, rep.endSeconds) - max(range.lowerBound, rep.startSeconds))
  }

  /// Set detection per exercise: a detected set counts when its span overlaps a true set's
  /// with an intersection over union of at least 0.5.
  static func detectionOutcome(truth: SessionTruth, detected: SessionFeatures) -> [String:
    AccuracyTally]
  {
    var outcome: [String: AccuracyTally] = [:]
    let spans = detectedSpans(detected)
    let matched = matches(
      truth: truth.sets.map { $0.startSeconds...$0.endSeconds }, detected: spans.map(\.span))
    for (set, found) in zip(truth.sets, matched) {
      outcome[set.exercise, default: .init()].trueSets += 1
      if found { outcome[set.exercise, default: .init()].matchedSets += 1 }
    }
    for (exercise, _) in spans { outcome[exercise, default: .init()].detectedSets += 1 }
    return outcome
  }

  /// The spans of the sets found in the recording, with their exercise (a logbook set has none).
  static func detectedSpans(_ features: SessionFeatures) -> [(
    exercise: String, span: ClosedRange<Double>
  )] {
    features.sets.compactMap { set in
      guard let start = set.startSeconds, let end = set.endSeconds, set.source != .log else {
        return nil
      }
      return (set.exerciseId, start...end)
    }
  }

  /// For each true span in order, whether a detected span not matched before overlaps it with
  /// an intersection over union of at least 0.5.
  static func matches(truth: [ClosedRange<Double>], detected: [ClosedRange<Double>]) -> [Bool] {
    var used = Set<Int>()
    return truth.map { span in
      guard
        let match = detected.indices.first(where: {
          !used.contains($0) && intersectionOverUnion(detected[$0], span) >= 0.5
        })
      else { return false }
      used.insert(match)
      return true
    }
  }

  static func intersectionOverUnion(_ a: ClosedRange<Double>, _ b: ClosedRange<Double>) -> Double {
    let intersection = max(0, min(a.upperBound, b.upperBound) - max(a.lowerBound, b.lowerBound))
    let union = max(a.upperBound, b.upperBound) - min(a.lowerBound, b.lowerBound)
    return union > 0 ? intersection / union : 0
  }
}
