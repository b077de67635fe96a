import AuraDomain
import AuraIngest
import Foundation

/// A session with a camera: its sets measured on the pose (with the velocities of a bar IMU
/// that rides the load, where one recorded the session too).
extension SessionFeatureExtractor {
  /// Measures `sets` on `pose`, scaled by `body` where the manifest gives no scale; returns the
  /// conditioned pose signals the session's scale and morphology come from.
  func measureOnCamera(
    _ pose: PoseSeries, session: IngestedSession, body: BodyDimensions,
    exercises: [ExerciseDefinition], sets: inout [SetFeatures], warnings: inout [String]
  ) throws -> PoseSignals {
    let manifest = session.manifest
    // The far side is measured on the exercises' primary joints only (range of motion on
    // both sides, rep timing from both).
    let primaryPoints = exercises.flatMap { exercise in
      let (a, b, c) = JointAngles.points(exercise.primaryJoint)
      return [a, b, c]
    }
    let conditioned = try PoseSignals(
      pose: pose, body: body,
      settings: .init(cutoffHz: settings.cutoffHz, maxGapSeconds: settings.maxGapSeconds),
      farPoints: Set(primaryPoints))
    if conditioned.scale.method == "assumed_height" {
      warnings.append("athlete height unknown: pose scale assumes 175 cm")
    }
    if !conditioned.scale.measuresLengths {
      warnings.append(
        "no frame shows the legs and trunk: the pose is scaled by the arm, and gives no bar "
          + "velocity or path")
    }
    // An IMU on a limb does not ride the load: the camera times and measures the reps. Nor
    // is one that lost packets of samples read: its velocities would span the lost time.
    let imu = session.imu.flatMap {
      ImuRhythmSignals.placements.contains($0.placement) || $0.quality.lostPackets != nil
        ? nil : ImuHeightTrack($0)
    }
    if session.imu?.quality.lostPackets != nil {
      warnings.append(
        "the IMU recording lost packets of samples without their time: velocities come from "
          + "the camera")
    }
    var measurers: [String: RepMeasurer] = [:]
    for exercise in exercises where measurers[exercise.id] == nil {
      measurers[exercise.id] = RepMeasurer(exercise: exercise, signals: conditioned, imu: imu)
    }
    let grid = RepGrid(times: conditioned.times, sampleRateHz: conditioned.sampleRateHz)
    var unmatched: [Int: String] = [:]
    var segments = assignSegments(
      manifest.sets, exercises: exercises,
      tracks: measurers.mapValues {
        RepTrack(height: $0.height, timing: $0.timing, order: $0.exercise.phaseOrder)
      }, grid: grid, warnings: &warnings, unmatched: &unmatched)
    // The body's signals are worked out only for a set whose own signals show no rhythm.
    var bodySignals: [[Double]]? = nil
    func bodyRhythmSignals() -> [[Double]] {
      if bodySignals == nil { bodySignals = conditioned.rhythmCandidates }
      return bodySignals!
    }
    var evidences: [Int: RepCountEvidence] = [:]
    var swings: [Int: Int] = [:]
    let unknown = checkCounts(
      &segments, evidences: &evidences, swings: &swings, grid: grid, body: bodyRhythmSignals
    ) {
      let measurer = measurers[exercises[$0].id]!
      return (
        [measurer.timing.values, measurer.height.values],
        measurer.exercise.phaseOrder
      )
    }
    apply(segments, to: &sets, source: imu == nil ? .pose : .poseAndImu, times: grid.times) {
      measurers[exercises[$0].id]!.measure($1)
    }
    for (index, reason) in unknown.merging(unmatched, uniquingKeysWith: { $1 }) {
      sets[index].repCountUnknown = reason
    }
    for (index, evidence) in evidences { sets[index].countEvidence = evidence }
    // The near arm's swings are one side's reps of an alternating exercise: not the set's.
    for (index, count) in swings where !exercises[index].alternating {
      sets[index].swings = .init(count: count)
    }
    // The camera times reps on the near arm.
    Self.leaveOneSidedCountsUnknown(&sets, exercises: exercises, found: segments, side: "arm")
    return conditioned
  }
}
