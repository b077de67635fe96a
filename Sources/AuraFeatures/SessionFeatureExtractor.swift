import AuraDomain
import AuraIngest
import Foundation

/// The feature stage: turns an ingested session into sets and reps with angles, tempo and
/// velocity. Sets come from the manifest's bounds, or are detected in the recording when the
/// manifest has none; bounds that disagree with the movement are reported as warnings. Reps
/// are found on the camera's pose where there is one, else on a bar IMU's own motion.
package struct SessionFeatureExtractor: Sendable {
  /// Tunable settings (keys under `features.` in the pipeline file).
  package struct Settings: Sendable, Equatable {
    package var cutoffHz: Double
    package var maxGapSeconds: Double
    package var minimumTravelMeters: Double
    package var minimumRepSeconds: Double
    package var setRestSeconds: Double
    package var velocityLossThresholdPercent: Double
    /// The least confidence (`RepCountEvidence.confidence`) at which the count of a set found
    /// in its recording is published.
    package var minimumRepsConfidence: Double

    static let cutoff = Parameter.number(
      "features.filter_cutoff_hz", 3, in: 0.5...20, unit: "Hz",
      "zero-phase Butterworth cutoff of the whole double pass")
    static let maxGap = Parameter.number(
      "features.max_gap_s", 0.3, in: 0...5, unit: "s",
      "gaps up to this long are interpolated; longer stay gaps")
    static let minTravel = Parameter.number(
      "features.min_travel_m", 0.05, in: 0.001...1, unit: "m",
      "smallest load travel that can be a rep")
    static let minRep = Parameter.number(
      "features.min_rep_s", 0.5, in: 0.1...10, unit: "s", "shortest rep")
    static let setRest = Parameter.number(
      "features.set_rest_s", 6, in: 0.5...600, unit: "s",
      "stillness at least this long separates sets (set detection)")
    static let minRepsConfidence = Parameter.number(
      "features.min_reps_confidence", 0.9, in: 0...1,
      "a set found in its recording gets a count this sure, else unknown")

    /// The parameters the features stage reads, as the pipeline file lists them.
    package static let declared: [ParameterDeclaration] = [
      .one(cutoff), .one(maxGap), .one(minTravel), .one(minRep),
      .one(setRest), .one(VelocityLossFlag.thresholdParameter), .one(minRepsConfidence),
    ]

    package init(_ parameters: ParameterSet) throws {
      cutoffHz = try parameters.number(Self.cutoff)
      maxGapSeconds = try parameters.number(Self.maxGap)
      minimumTravelMeters = try parameters.number(Self.minTravel)
      minimumRepSeconds = try parameters.number(Self.minRep)
      setRestSeconds = try parameters.number(Self.setRest)
      velocityLossThresholdPercent = try parameters.number(VelocityLossFlag.thresholdParameter)
      minimumRepsConfidence = try parameters.number(Self.minRepsConfidence)
    }
  }

  package let settings: Settings
  package let catalog: ExerciseCatalog

  /// The pose joints the features measure (shoulders, elbows, wrists, hips, knees and ankles);
  /// a reader may leave out the rest.
  package static let poseJoints = Set(
    PoseSignals.Side.allCases.flatMap { side in
      PoseSignals.BodyPoint.allCases.map { PoseSignals.joint($0, side: side) }
    })

  package init(settings: Settings, catalog: ExerciseCatalog) {
    self.settings = settings
    self.catalog = catalog
  }

  var segmenter: RepSegmenter {
    RepSegmenter(
      settings: .init(
        minimumTravel: settings.minimumTravelMeters, minimumRepSeconds: settings.minimumRepSeconds))
  }

  /// Extracts features. `body` calibrates the pose scale when the manifest gives none.
  package func extract(_ session: IngestedSession, body: BodyDimensions) throws
    -> SessionFeatures
  {
    let manifest = session.manifest
    var warnings: [String] = []
    let exercises = try manifest.sets.map { set -> ExerciseDefinition in
      guard let exercise = catalog.resolve(set.exerciseId) else {
        throw FeatureError.unusable("unknown exercise \(set.exerciseId)")
      }
      return exercise
    }
    var sets = zip(manifest.sets, exercises).map { set, exercise in
      SetFeatures(
        setNumber: set.setNumber, exerciseId: exercise.id, loadKg: set.loadKg,
        loggedReps: set.reps, loggedRPE: set.rpe, targetTempo: set.targetTempo,
        formLabel: set.formLabel, failed: set.failed, loadConfirmed: set.loadConfirmed,
        startSeconds: set.startSeconds,
        endSeconds: set.endSeconds, source: .log, reps: [], velocityLossPercent: nil)
    }
    var signals: PoseSignals? = nil
    if let pose = session.pose, !sets.isEmpty {
      signals = try measureOnCamera(
        pose, session: session, body: body, exercises: exercises, sets: &sets,
        warnings: &warnings)
    } else if let imu = session.imu, !sets.isEmpty,
      let tracks = ImuHeightTrack.countingAndMeasuring(imu)
    {
      measureOnImu(
        imu, tracks: tracks, manifest: manifest, exercises: exercises, sets: &sets,
        warnings: &warnings)
    }
    Self.leaveEmptyCountsUnknown(
      &sets, recorded: session.pose != nil || session.imu != nil)
    return SessionFeatures(
      sessionId: manifest.sessionId, athleteId: manifest.athleteId, startTime: manifest.startTime,
      endTime: manifest.endTime ?? Self.recordingsEnd(session), notes: manifest.notes, sets: sets,
      recordings: [session.pose?.quality, session.imu?.quality].compactMap { $0 },
      poseView: session.pose?.view, poseScale: signals?.scale,
      morpho: signals.flatMap { $0.scale.measuresLengths ? PoseMorpho($0) : nil },
      warnings: warnings, setAside: session.setAside)
  }

  /// Publishes as unknown the counts of the found sets of alternating exercises timed on one
  /// `side` (the near arm on video, one dumbbell): it lifts every other rep, and no rhythm of
  /// one side is read on it, so its reps are not the set's.
  static func leaveOneSidedCountsUnknown(
    _ sets: inout [SetFeatures], exercises: [ExerciseDefinition], found: [FoundSet?],
    side: String
  ) {
    for index in sets.indices
    where exercises[index].alternating && found[index] != nil && sets[index].repCountUnknown == nil
    {
      sets[index].repCountUnknown =
        "an alternating exercise's reps are timed on one \(side), which lifts every other rep"
      sets[index].countEvidence?.oneSideOfAlternating = true
    }
  }

  /// A set of a recorded session in which no rep was found has its count published as
  /// unknown, never as 0: an empty recording of a set is a failure to count, not a count. The
  /// logged reps stand in where there are some; a set the recording did not find keeps them.
  private static func leaveEmptyCountsUnknown(_ sets: inout [SetFeatures], recorded: Bool) {
    for index in sets.indices where sets[index].repCountUnknown == nil {
      if sets[index].source != .log, sets[index].reps.isEmpty {
        sets[index].repCountUnknown = "no rep was found in the set's recording"
      } else if recorded, sets[index].source == .log, sets[index].loggedReps == nil {
        sets[index].repCountUnknown =
          "the recording holds no rep of this set, and none were logged"
      }
    }
  }

  /// Where the manifest gives no end time: its start plus the last recorded sample.
  static func recordingsEnd(_ session: IngestedSession) -> String? {
    let last = [session.pose?.times.last, session.imu?.times.last].compactMap { $0 }.max()
    guard let last else { return nil }
    return ISODates.string(timestamp: session.manifest.startTime.timestamp + last)
  }

  /// (fastest − last) / fastest × 100, or nil with fewer than two reps.
  package static func velocityLoss(_ velocities: [Double]) -> Double? {
    guard velocities.count >= 2, let fastest = velocities.max(), fastest > 0,
      let last = velocities.last
    else {
      return nil
    }
    return (fastest - last) / fastest * 100
  }

  /// Velocity loss of the set, and the first rep whose loss from the fastest rep before it
  /// reached the configured threshold.
  private func applyVelocityLoss(_ set: inout SetFeatures) {
    let velocities = set.reps.compactMap(\.meanConcentricVelocity)
    guard velocities.count == set.reps.count else { return }
    set.velocityLossPercent = Self.velocityLoss(velocities)
    var fastest = 0.0
    for (index, velocity) in velocities.enumerated() {
      fastest = max(fastest, velocity)
      if fastest > 0, (fastest - velocity) / fastest * 100 >= settings.velocityLossThresholdPercent
      {
        set.velocityLossThresholdRep = index + 1
        return
      }
    }
  }

  /// Checks each found set's count against its signals (`RepCountCheck`): where the rhythm
  /// is clear and counts otherwise, the set's reps are cut from it (`RhythmReps`); returns the
  /// sets whose count the recording does not support, with the reason. `signals` gives a set's
  /// own signals (its timing signal first) and its phase order; `body` the rest of the body's,
  /// asked for only where a set's own signals show no rhythm.
  func checkCounts(
    _ segments: inout [FoundSet?], evidences: inout [Int: RepCountEvidence],
    swings: inout [Int: Int], grid: RepGrid,
    reading: (Int) -> RepCountCheck.Reading = { _ in .load },
    body: () -> [[Double]] = { [] }, walking: [Bool]? = nil,
    signals: (Int) -> (own: [[Double]], order: PhaseOrder)
  ) -> [Int: String] {
    var unknown: [Int: String] = [:]
    for index in segments.indices {
      guard let found = segments[index] else { continue }
      var (own, order) = signals(index)
      var setReading = reading(index)
      // Bounds the manifest gives are the set's: the reps are counted over all of them. An IMU
      // on the load is then read on its height alone, as its reps are found: within a set's
      // bounds the height drifts little, while an axis's swings about a fixed mean read an
      // acceleration's two pulses a rep as two swings.
      if !found.detected {
        setReading.findsSet = false
        if setReading.sensor == .loadImu { own = Array(own.prefix(1)) }
      }
      let check = RepCountCheck.check(
        reps: found.reps.count, own: own, reading: setReading, body: body, walking: walking,
        order: order, range: found.span, sampleRateHz: grid.sampleRateHz)
      // Within a limb's given bounds, its reps are where one of them recurs on its axes
      // (`RepTemplate`); elsewhere, and where no rep recurs, the check's verdict stands.
      let template =
        !found.detected && setReading.sensor == .limb && setReading.repsPerCycle == 1
        ? RepTemplate(
          axes: Array(own.prefix(3)), range: found.span, sampleRateHz: grid.sampleRateHz,
          periods: setReading.periods) : nil
      if let template {
        segments[index]?.reps = template.segments(times: grid.times, order: order)
      } else {
        switch check.verdict {
        case .supported:
          // No reps, and no activity to place the set by: the set was not found.
          if found.reps.isEmpty, found.active == nil { segments[index] = nil }
        case .unknown(let reason): unknown[index] = reason
        case .rhythm(let rhythm, let signal):
          segments[index]?.reps = rhythm.segments(
            signal: signal, order: order, times: grid.times,
            sampleRateHz: grid.sampleRateHz, range: found.span)
        }
      }
      guard let reps = segments[index]?.reps, !reps.isEmpty else {
        if let counted = check.swings, segments[index] != nil { swings[index] = counted }
        continue
      }
      var evidence = RepCountEvidence.gather(
        reps: reps, span: found.span, signals: own, reading: setReading,
        signalCounts: check.signalCounts, boundsFound: found.detected,
        sampleRateHz: grid.sampleRateHz, rhythms: check.rhythms)
      evidence.partLost = check.movementLost
      evidences[index] = evidence
      guard unknown[index] == nil else { continue }
      if let reason = evidence.implausibility {
        unknown[index] = reason
      } else if found.detected || setReading.sensor == .limb,
        evidence.confidence < settings.minimumRepsConfidence
      {
        unknown[index] = String(
          format: "%d reps were counted, but the recording does not show them clearly enough: "
            + "counts like this one (%@) were right on %.0f %% of real recordings, and %.0f %% "
            + "is needed", evidence.reps,
          evidence.periodAgrees
            ? "its rhythm agrees with them" : "its rhythm does not agree with them",
          100 * evidence.confidence, 100 * settings.minimumRepsConfidence)
      }
    }
    return unknown
  }

  /// The reps found for one set, whether its bounds were found in the recording, the samples
  /// it was looked for in (its bounds, or the active stretch it was detected in), and, where
  /// a set was found active without its reps (a watch's set whose count is unknown), the
  /// samples its bounds come from.
  typealias FoundSet = (
    reps: [RepSegmenter.Segment], detected: Bool, span: Range<Int>, active: Range<Int>?
  )

  /// Measures the reps of every set a segment list was found for (`measure` gets the set's
  /// index and its segments) and records where the numbers came from.
  func apply(
    _ segments: [FoundSet?], to sets: inout [SetFeatures],
    source: FeatureSource, times: [Double],
    measure: (Int, [RepSegmenter.Segment]) -> [RepFeatures]
  ) {
    for index in sets.indices {
      guard let found = segments[index] else { continue }
      let reps = measure(index, found.reps)
      sets[index].source = source
      sets[index].boundsDetected = found.detected
      if found.detected {
        sets[index].startSeconds =
          reps.first?.startSeconds ?? found.active.map { times[$0.lowerBound] }
        sets[index].endSeconds =
          reps.last?.endSeconds ?? found.active.map { times[$0.upperBound - 1] }
      }
      sets[index].reps = reps
      applyVelocityLoss(&sets[index])
    }
  }
}
