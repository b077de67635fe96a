import AuraDomain
import Foundation

/// One set to perform in a recorded session.
struct PlannedSet {
  var setNumber: Int
  var loadKg: Double
  var reps: Int
  /// Mean concentric velocity of the first rep, m/s.
  var firstRepVelocity: Double
  /// Fraction of velocity lost by the last rep (0.1 = 10 %).
  var velocityLoss: Double
  var rpe: Double
  /// Share of the full range each rep covers: 1, or less for a set of partial reps (bad form:
  /// shallow squats and presses, pulls that stop short of lockout).
  var range = 1.0
  /// True when one more rep is attempted after the last and fails partway up (only for lifts
  /// that start at the bottom: a failed squat or bench press ends on safeties or with a
  /// spotter, which the body model cannot show).
  var failsAfterLastRep = false
}

/// What the synthesizer produced for one recorded session.
struct RecordedSession {
  var pose: FilmedPose
  var imu: ImuRecording?
  var fps: Double
  var truth: SessionTruth
}

/// Moves the stick figure through the planned sets and films it: pose keypoints with camera
/// noise and dropouts, an optional bar IMU (specific force in a rotated sensor frame, with bias
/// and noise), and the exact truth of every rep.
struct RecordedSessionSynthesizer {
  let exercise: ExerciseDefinition
  let kinematics: ExerciseKinematics
  let noise: NoiseProfile

  static let jointNames = [
    "nose", "left_eye", "right_eye", "left_ear", "right_ear", "left_shoulder", "right_shoulder",
    "neck",
    "left_elbow", "right_elbow", "left_wrist", "right_wrist", "root", "left_hip", "right_hip",
    "left_knee",
    "right_knee", "left_ankle", "right_ankle",
  ]

  func synthesize(
    sessionId: String, sets: [PlannedSet], withImu: Bool, fps: Double, imuRateHz: Double,
    imuPlacement: String = "barbell", watchApp: Bool = false, barFailures: Bool = false,
    random: inout SeededRandom
  ) -> RecordedSession {
    let concentricFirst = exercise.phaseOrder == .concentricFirst
    let restProgress = concentricFirst ? 1.0 : 0.0
    var timeline = Timeline(startProgress: restProgress)
    timeline.hold(random.uniform(2.5...4))
    // A watch app's recording holds the walk up to each set and the posture around it; drawn
    // only then, so that other datasets stay as they were.
    let wearsWatch = withImu && imuPlacement == "wrist" && watchApp
    var gestures = WristGestures()
    // Drawn only then, so that other datasets stay as they were.
    let onRealBar = withImu && imuPlacement == "barbell" && barFailures
    var roll = BarRoll(turnPerProgress: exercise.id == "biceps_curl" ? 1.6 : 0)
    var setTruths: [SetTruth] = []
    // Each rep's seconds, and which side lifted it where the sides take turns.
    var repSpans: [(span: ClosedRange<Double>, side: Int)] = []
    for (setIndex, set) in sets.enumerated() {
      if setIndex > 0 { timeline.hold(random.uniform(8...14)) }
      if wearsWatch { timeline.hold(gestures.approach(from: timeline.end, random: &random)) }
      let setStart = timeline.end
      if onRealBar {
        roll.wait(until: setStart)
        BarRoll.setUpSwing(&timeline, from: restProgress, random: &random)
      }
      var reps: [RepTruth] = []
      for rep in 0..<set.reps {
        let repStart = timeline.end
        reps.append(
          perform(
            rep, of: set, on: &timeline, concentricFirst: concentricFirst, onRealBar: onRealBar,
            random: &random))
        repSpans.append((repStart...reps[reps.count - 1].endSeconds, rep % 2))
        if rep < set.reps - 1, !onRealBar { timeline.hold(random.uniform(0.2...0.9)) }
      }
      if set.failsAfterLastRep { failAttempt(set, on: &timeline, random: &random) }
      func loss(_ velocity: KeyPath<RepTruth, Double>) -> Double {
        let fastest = reps.map { $0[keyPath: velocity] }.max() ?? 0
        return fastest > 0 ? (fastest - reps.last![keyPath: velocity]) / fastest * 100 : 0
      }
      setTruths.append(
        SetTruth(
          setNumber: set.setNumber, exercise: exercise.id, startSeconds: setStart,
          endSeconds: timeline.end,
          reps: set.reps, velocityLossPercent: loss(\.meanConcentricVelocity),
          movingVelocityLossPercent: loss(\.movingMeanConcentricVelocity), repList: reps,
          formLabel: set.range < 1 ? "bad" : "good",
          failed: set.failsAfterLastRep))
      if wearsWatch { timeline.hold(gestures.leave(at: timeline.end, random: &random)) }
      if onRealBar { roll.drift(until: timeline.end, random: &random) }
    }
    timeline.hold(random.uniform(2...3))

    let camera = Camera(pattern: exercise.pattern, random: &random)
    let pose = filmPose(timeline, camera: camera, fps: fps, random: &random)
    // A watch on one wrist of an alternating exercise rests through the other side's reps;
    // which side starts is drawn only then, so that other datasets stay as they were.
    var worn = timeline
    if withImu, imuPlacement == "wrist", exercise.alternating {
      let otherSide = random.chance(0.5) ? 0 : 1
      worn = timeline.holding(
        restProgress, during: repSpans.filter { $0.side == otherSide }.map(\.span))
    }
    let imu =
      withImu
      ? recordImu(
        worn, rateHz: imuRateHz, placement: imuPlacement, gestures: gestures,
        roll: onRealBar ? roll : nil, random: &random)
      : nil
    return RecordedSession(
      pose: pose, imu: imu, fps: fps, truth: SessionTruth(sessionId: sessionId, sets: setTruths))
  }

  /// Rep `rep` (from 0) of `set`, moved on `timeline`: its velocity falls with the set's
  /// velocity loss, a partial rep stops short of the bottom (eccentric first) or of the top
  /// (concentric first), and it pauses between its phases. Returns its truth.
  private func perform(
    _ rep: Int, of set: PlannedSet, on timeline: inout Timeline, concentricFirst: Bool,
    onRealBar: Bool, random: inout SeededRandom
  ) -> RepTruth {
    let fraction = set.reps > 1 ? Double(rep) / Double(set.reps - 1) : 0
    let velocity = set.firstRepVelocity * (1 - set.velocityLoss * pow(fraction, 1.3))
    // Progress runs from the top (0) to the bottom (1).
    let depth = concentricFirst ? 1.0 : min(1, random.uniform(0.93...1.03)) * set.range
    let top = concentricFirst ? 1 - set.range : 0
    let displacement = kinematics.pose(top).bar.y - kinematics.pose(depth).bar.y
    let concentric = displacement / velocity
    let eccentric = random.uniform(1.2...2.6)
    let pause =
      onRealBar
      ? random.uniform(0.0...0.15)
      : random.chance(0.25) ? random.uniform(0.8...1.6) : random.uniform(0.0...0.4)
    let repStart = timeline.end
    let blend = random.unit()
    if concentricFirst {
      timeline.move(to: top, duration: concentric, blend: blend)
      timeline.hold(pause)
      timeline.move(to: depth, duration: eccentric, blend: random.unit())
    } else {
      timeline.move(to: depth, duration: eccentric, blend: random.unit())
      timeline.hold(pause)
      timeline.move(to: 0, duration: concentric, blend: blend)
    }
    let repEnd = timeline.end
    let concentricStart = concentricFirst ? repStart : repEnd - concentric
    return RepTruth(
      repNumber: rep + 1, startSeconds: repStart, endSeconds: repEnd,
      eccentricSeconds: eccentric,
      pauseSeconds: pause, concentricSeconds: concentric,
      romDegrees: rangeOfMotion(timeline, from: repStart, to: repEnd),
      meanConcentricVelocity: displacement / concentric,
      peakConcentricVelocity: peakVelocity(
        timeline, from: concentricStart, to: concentricStart + concentric),
      movingMeanConcentricVelocity: movingVelocity(
        timeline, from: concentricStart, to: concentricStart + concentric))
  }

  /// The failed attempt after a set's last rep: the load leaves the floor slowly, stalls
  /// partway and is lowered.
  private func failAttempt(
    _ set: PlannedSet, on timeline: inout Timeline, random: inout SeededRandom
  ) {
    timeline.hold(random.uniform(0.3...0.9))
    let stall = 1 - set.range * random.uniform(0.2...0.45)
    let velocity = set.firstRepVelocity * (1 - set.velocityLoss) * random.uniform(0.3...0.5)
    let rise = kinematics.pose(stall).bar.y - kinematics.pose(1).bar.y
    timeline.move(to: stall, duration: rise / velocity, blend: random.unit())
    timeline.hold(random.uniform(0.4...1.0))
    timeline.move(to: 1, duration: random.uniform(0.6...1.2), blend: random.unit())
  }

  private func rangeOfMotion(_ timeline: Timeline, from start: Double, to end: Double) -> Double {
    var low = Double.infinity
    var high = -Double.infinity
    for step in 0...400 {
      let t = start + (end - start) * Double(step) / 400
      let angle = kinematics.primaryAngle(
        kinematics.pose(timeline.progress(at: t)), joint: exercise.primaryJoint)
      low = min(low, angle)
      high = max(high, angle)
    }
    return high - low
  }

  private func barHeight(_ timeline: Timeline, _ t: Double) -> Double {
    kinematics.pose(timeline.progress(at: t)).bar.y
  }

  /// The mean velocity over the phase's moving stretch (`MovingVelocity`), from the bar's
  /// velocity every millisecond.
  private func movingVelocity(_ timeline: Timeline, from start: Double, to end: Double) -> Double {
    let h = 0.0005
    let steps = max(2, Int(((end - start) / 0.001).rounded()))
    let times = (0...steps).map { start + (end - start) * Double($0) / Double(steps) }
    let velocity = times.map {
      (barHeight(timeline, $0 + h) - barHeight(timeline, $0 - h)) / (2 * h)
    }
    return MovingVelocity.stretch(velocity: velocity, times: times, window: 0...steps)?.mean ?? 0
  }

  private func peakVelocity(_ timeline: Timeline, from start: Double, to end: Double) -> Double {
    var peak = 0.0
    let h = 0.0005
    for step in 1..<500 {
      let t = start + (end - start) * Double(step) / 500
      peak = max(peak, (barHeight(timeline, t + h) - barHeight(timeline, t - h)) / (2 * h))
    }
    return peak
  }

  /// The camera: image size, scale, where the athlete stands and which way they face.
  struct Camera {
    var width = 1080.0
    var height = 1920.0
    var pixelsPerMeter: Double
    var originX: Double
    var originY: Double
    var facesLeft: Bool

    init(pattern: MovementPattern, random: inout SeededRandom) {
      // Lying on a bench the body reaches 0.9 m behind the shoulders, in a plank 1.4 m.
      let lying = pattern == .horizontalPress
      let plank = pattern == .pushUp
      pixelsPerMeter =
        lying
        ? random.uniform(420...520) : plank ? random.uniform(380...450) : random.uniform(620...760)
      originX =
        lying
        ? random.uniform(640...700) : plank ? random.uniform(700...760) : random.uniform(480...600)
      originY = random.uniform(120...220)
      facesLeft = random.chance(0.3)
    }

    func pixel(_ point: Point2) -> (x: Double, y: Double) {
      let x = originX + point.x * pixelsPerMeter
      return (facesLeft ? width - x : x, originY + point.y * pixelsPerMeter)
    }
  }

  private func joints(_ pose: BodyPose) -> [Point2] {
    let up = pose.headDirection
    let forward = Point2(x: up.y, y: -up.x)
    let s = kinematics.segments
    let neck = pose.shoulder + up * 0.04
    let nose = pose.shoulder + up * (s.head * 0.75) + forward * 0.07
    let eye = nose + up * 0.03 - forward * 0.015
    let ear = nose + up * 0.02 - forward * 0.09
    let far = Point2(x: -0.012, y: 0.004)
    return [
      nose, eye, eye + far, ear, ear + far, pose.shoulder, pose.shoulder + far, neck, pose.elbow,
      pose.elbow + far, pose.wrist, pose.wrist + far, pose.hip, pose.hip, pose.hip + far, pose.knee,
      pose.knee + far, pose.ankle, pose.ankle + far,
    ]
  }

  private func filmPose(
    _ timeline: Timeline, camera: Camera, fps: Double, random: inout SeededRandom
  ) -> FilmedPose {
    let frames = Int(timeline.end * fps)
    var film = FilmedPose(camera: camera, jointCount: Self.jointNames.count, frames: frames)
    var dropoutLeft = [Int](repeating: 0, count: Self.jointNames.count)
    let farSide: Set<Int> = [2, 4, 6, 9, 11, 14, 16, 18]
    for frame in 0..<frames {
      let t =
        Double(frame) / fps + (frame > 0 ? noise.timestampJitter * random.gaussian() * 0.3 : 0)
      let points = joints(kinematics.pose(timeline.progress(at: t)))
      film.times.append((t * 10_000).rounded() / 10_000)
      for (index, point) in points.enumerated() {
        if dropoutLeft[index] == 0, random.chance(noise.dropoutChance) {
          dropoutLeft[index] = random.integer(1...8)
        }
        var confidence =
          farSide.contains(index) ? random.uniform(0.55...0.85) : random.uniform(0.8...0.98)
        let pixel = camera.pixel(point)
        var x = (pixel.x + noise.pixelSigma * random.gaussian()) / camera.width
        var y = (pixel.y + noise.pixelSigma * random.gaussian()) / camera.height
        if dropoutLeft[index] > 0 {
          dropoutLeft[index] -= 1
          confidence = random.uniform(0.0...0.15)
          x += random.uniform(-0.05...0.05)
          y += random.uniform(-0.05...0.05)
        }
        film.x[index].append((x * 10_000).rounded() / 10_000)
        film.y[index].append((y * 10_000).rounded() / 10_000)
        film.confidence[index].append((confidence * 100).rounded() / 100)
      }
    }
    return film
  }

  /// The IMU on the bar, or on the wrist (`placement` "wrist"): a watch strapped at a random
  /// angle, turning with the forearm and with the `gestures` around the sets, so that
  /// gravity's share of each axis swings with them.
  private func recordImu(
    _ timeline: Timeline, rateHz: Double, placement: String, gestures: WristGestures,
    roll barRoll: BarRoll?, random: inout SeededRandom
  ) -> ImuRecording {
    let rotation = Rotation.random(&random)
    let bias = (0..<3).map { _ in noise.accelBiasG * random.gaussian() }
    let gyroBias = (0..<3).map { _ in 0.3 * random.gaussian() }
    let g = 9.80665
    let h = 0.002
    let samples = Int(timeline.end * rateHz)
    let onWrist = placement == "wrist"
    var recording = ImuRecording(
      rateHz: rateHz, placement: placement, gravityG: rotation.transposedApply([0, 1, 0]))
    /// The forearm's direction (elbow to wrist) in the sagittal plane, tilted by the gesture
    /// at second `t`.
    func forearm(_ pose: BodyPose, at t: Double) -> (x: Double, y: Double) {
      let (dx, dy) = (pose.wrist.x - pose.elbow.x, pose.wrist.y - pose.elbow.y)
      let angle = atan2(dy, dx) + gestures.tilt.progress(at: t)
      return (cos(angle), sin(angle))
    }
    /// A world vector (x forward, y up, z lateral) in the frame of a forearm along `u` (x along
    /// it, y across it in the sagittal plane, z lateral), rolled about its axis by `roll`.
    func limbFrame(_ v: [Double], _ u: (x: Double, y: Double), roll: Double) -> [Double] {
      let across = -v[0] * u.y + v[1] * u.x
      return [
        v[0] * u.x + v[1] * u.y, across * cos(roll) + v[2] * sin(roll),
        -across * sin(roll) + v[2] * cos(roll),
      ]
    }
    for sample in 0..<samples {
      let t = Double(sample) / rateHz
      let (before, now, after) = (
        kinematics.pose(timeline.progress(at: t - h)), kinematics.pose(timeline.progress(at: t)),
        kinematics.pose(timeline.progress(at: t + h))
      )
      let (p0, p1, p2) =
        onWrist ? (before.wrist, now.wrist, after.wrist) : (before.bar, now.bar, after.bar)
      let ax = (p2.x - 2 * p1.x + p0.x) / (h * h)
      let ay = (p2.y - 2 * p1.y + p0.y) / (h * h) + (onWrist ? gestures.bounce(at: t) : 0)
      // Specific force in the world frame (on the wrist, in the forearm's), then into the
      // sensor frame.
      let u = forearm(now, at: t)
      let roll = gestures.roll.progress(at: t)
      let force = onWrist ? limbFrame([ax, ay + g, 0], u, roll: roll) : [ax, ay + g, 0]
      // A bar that rolls turns about its own axis (the world's lateral z) under the sensor.
      let barTurn = barRoll?.angle(at: t, timeline) ?? 0
      let sensor = rotation.transposedApply(
        [
          force[0] * cos(barTurn) + force[1] * sin(barTurn),
          -force[0] * sin(barTurn) + force[1] * cos(barTurn), force[2],
        ])
      recording.times.append(t)
      recording.accelG.append(
        (0..<3).map { sensor[$0] / g + bias[$0] + noise.accelNoiseG * random.gaussian() })
      var turning = [0.0, 0.0, 0.0]
      if let barRoll {
        let rate =
          (barRoll.angle(at: t + h, timeline) - barRoll.angle(at: t - h, timeline)) / (2 * h)
        turning = rotation.transposedApply([0, 0, rate * 180 / Double.pi])
      }
      if onWrist {
        let (a, b) = (forearm(before, at: t - h), forearm(after, at: t + h))
        let turn = atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y) / (2 * h)
        let rollRate =
          (gestures.roll.progress(at: t + h) - gestures.roll.progress(at: t - h)) / (2 * h)
        // The sagittal turn is about the lateral axis, which the roll turns with the watch.
        let radiansPerSecond = [rollRate, turn * sin(roll), turn * cos(roll)]
        turning = rotation.transposedApply(radiansPerSecond.map { $0 * 180 / Double.pi })
        recording.gravityBySample.append(
          rotation.transposedApply(limbFrame([0, 1, 0], u, roll: roll)))
      }
      recording.gyroDps.append(
        (0..<3).map { turning[$0] + gyroBias[$0] + noise.gyroNoiseDps * random.gaussian() })
    }
    return recording
  }
}

/// A 3×3 rotation matrix (sensor to world).
struct Rotation {
  var m: [[Double]]

  /// A uniformly random orientation (Shoemake's method).
  static func random(_ random: inout SeededRandom) -> Rotation {
    let u1 = random.unit()
    let u2 = random.unit()
    let u3 = random.unit()
    let a = (1 - u1).squareRoot()
    let b = u1.squareRoot()
    let (w, x, y, z) = (
      a * sin(2 * .pi * u2), a * cos(2 * .pi * u2), b * sin(2 * .pi * u3), b * cos(2 * .pi * u3)
    )
    return Rotation(m: [
      [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
      [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
      [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])
  }

  /// Rᵀ·v: a world vector expressed in the sensor frame.
  func transposedApply(_ v: [Double]) -> [Double] {
    (0..<3).map { column in (0..<3).reduce(0) { $0 + m[$1][column] * v[$1] } }
  }
}
