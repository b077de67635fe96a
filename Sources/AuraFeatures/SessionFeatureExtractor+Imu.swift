import AuraDomain
import AuraIngest
import Foundation

/// A session with an IMU and no camera: its sets counted and timed on the IMU alone.
extension SessionFeatureExtractor {
  /// Measures `sets` on `imu` (`tracks`: its height as reps are counted and as they are
  /// measured).
  func measureOnImu(
    _ imu: ImuSeries, tracks: (counting: ImuHeightTrack, measuring: ImuHeightTrack),
    manifest: SessionManifest, exercises: [ExerciseDefinition], sets: inout [SetFeatures],
    warnings: inout [String]
  ) {
    let track = tracks.counting
    // No camera: reps are counted and timed on the load's height from the bar IMU. On a
    // limb the height is not the load's: sets are found and their rhythm read on the
    // accelerometer's axes, which turn through gravity at every rep.
    let onLimb = ImuRhythmSignals.placements.contains(imu.placement)
    let measurer = ImuRepMeasurer(
      track: tracks.measuring, counting: track, ridesLoad: !onLimb)
    let own: [[Double]]
    var segments: [FoundSet?]
    var unmatched: [Int: String] = [:]
    if onLimb {
      own = ImuRhythmSignals.candidates(
        imu, times: track.times, sampleRateHz: track.sampleRateHz)
      segments = limbSegments(manifest.sets, axes: own, grid: track.grid, warnings: &warnings)
    } else {
      var tracks: [String: RepTrack] = [:]
      for exercise in exercises {
        tracks[exercise.id] = RepTrack(
          height: measurer.height, timing: measurer.height, order: exercise.phaseOrder,
          activity: track.height)
      }
      segments = assignSegments(
        manifest.sets, exercises: exercises, tracks: tracks, grid: track.grid,
        warnings: &warnings, unmatched: &unmatched)
      // The axes and magnitudes are read only for a set found in the recording: within
      // given bounds the height alone is (`checkCounts`).
      own =
        [measurer.height.values]
        + (segments.contains { $0?.detected == true }
          ? ImuRhythmSignals.loadCandidates(
            imu, times: track.times, sampleRateHz: track.sampleRateHz) : [])
    }
    // A watch's wearer may walk up to a set found in the recording (the acceleration's
    // magnitude is its fourth signal); sets with bounds are read within them.
    let walking =
      onLimb && segments.contains(where: { $0?.detected == true })
      ? WalkingSteps.mask(magnitude: own[3], sampleRateHz: track.sampleRateHz) : nil
    var evidences: [Int: RepCountEvidence] = [:]
    var swings: [Int: Int] = [:]
    var unknown = checkCounts(
      &segments, evidences: &evidences, swings: &swings, grid: track.grid,
      reading: { onLimb ? (exercises[$0].alternating ? .oneSide : .limb) : .loadImu },
      walking: walking, signals: { (own, exercises[$0].phaseOrder) })
    unknown.merge(unmatched) { $1 }
    // A set the IMU shows no rep of has no count from it: the logged one stands.
    for index in sets.indices
    where (segments[index]?.reps.isEmpty ?? true) && unknown[index] == nil {
      unknown[index] =
        onLimb
        ? "the \(imu.placement)'s accelerometer shows no clear rhythm"
        : "no rep was found on the \(imu.placement)'s height"
    }
    if onLimb {
      Self.markLimbSets(
        &sets, placement: imu.placement, exercises: exercises, found: segments,
        warnings: &warnings)
    }
    var travels: [Int: Double] = [:]
    apply(segments, to: &sets, source: .imu, times: track.grid.times) { index, found in
      let measured = measurer.measure(found)
      travels[index] = measured.travel
      return measured.reps
    }
    if !onLimb {
      for index in evidences.keys { evidences[index]?.travel = travels[index] }
    }
    Self.record(
      (unknown, evidences, swings), of: imu, exercises: exercises, found: segments, sets: &sets,
      warnings: &warnings)
  }

  /// Gives the sets what their counts' checks found (why a count is unknown, its evidence,
  /// the swings of a set without reps), then what the recording itself rules out: counts of a
  /// recording that lost packets, and a dumbbell's reps of one side.
  private static func record(
    _ checks: (unknown: [Int: String], evidences: [Int: RepCountEvidence], swings: [Int: Int]),
    of imu: ImuSeries, exercises: [ExerciseDefinition], found: [FoundSet?],
    sets: inout [SetFeatures], warnings: inout [String]
  ) {
    let onLimb = ImuRhythmSignals.placements.contains(imu.placement)
    for (index, reason) in checks.unknown { sets[index].repCountUnknown = reason }
    for (index, evidence) in checks.evidences { sets[index].countEvidence = evidence }
    // A limb's swings of an alternating exercise are one side's (doubled with the range); a
    // dumbbell's are one dumbbell's, not the set's.
    for (index, count) in checks.swings where onLimb || !exercises[index].alternating {
      sets[index].swings = .init(count: count)
    }
    if let lost = imu.quality.lostPackets {
      leaveLostPacketsUnknown(&sets, lost: lost, found: found, warnings: &warnings)
    }
    if imu.placement == .dumbbell {
      leaveOneSidedCountsUnknown(&sets, exercises: exercises, found: found, side: "dumbbell")
    }
  }

  /// A watch gives neither the bar's velocity (its height is the forearm's, turned with it)
  /// nor which way the load moves (a rep's turning point is found, not its phases); on one
  /// side of an alternating exercise it times every other rep of the set.
  private static func markLimbSets(
    _ sets: inout [SetFeatures], placement: ImuPlacement, exercises: [ExerciseDefinition],
    found: [FoundSet?], warnings: inout [String]
  ) {
    warnings.append("no bar velocity from an IMU on the \(placement): it does not ride the load")
    for index in sets.indices {
      sets[index].phasesMeasured = false
      // The other side's reps of an alternating exercise fall between this side's.
      if exercises[index].alternating { sets[index].repsPerMeasuredRep = 2 }
    }
    if sets.indices.contains(where: { exercises[$0].alternating && found[$0] != nil }) {
      warnings.append(
        "an IMU on one \(placement) sees one side of an alternating exercise: its sets "
          + "count twice the reps it times")
    }
  }

  /// Reps made while a packet was lost are not in the recording, wherever they fell, and the
  /// velocities and phases of those it holds span the lost time: every found set's count is
  /// unknown, and its velocities and phases are not published.
  private static func leaveLostPacketsUnknown(
    _ sets: inout [SetFeatures], lost: LostPackets, found: [FoundSet?], warnings: inout [String]
  ) {
    warnings.append(
      "the IMU recording lost packets of samples without their time: no rep count, velocity "
        + "or tempo from it")
    for index in sets.indices where found[index] != nil {
      sets[index].repCountUnknown =
        "the recording lost packets of samples without their time (\(lost.evidence)), so "
        + "reps made meanwhile are missing from it"
      for rep in sets[index].reps.indices { sets[index].reps[rep].imuVelocity = nil }
      sets[index].velocityLossPercent = nil
      sets[index].velocityLossThresholdRep = nil
      sets[index].phasesMeasured = false
      sets[index].countEvidence?.partLost = true
      sets[index].swings?.partLost = true
    }
  }
}
