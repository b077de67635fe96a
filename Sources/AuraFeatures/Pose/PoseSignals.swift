import AuraDomain
import AuraIngest
import AuraSupport
import Foundation

/// Pose conditioned for measurement: both body sides resampled to a uniform grid, outliers
/// rejected, short gaps filled, low-pass filtered, in metres with x towards the athlete's
/// front, y up and z (3-D sources only) to the side.
struct PoseSignals {
  /// Uniform sample times, seconds.
  let times: [Double]
  let sampleRateHz: Double
  /// Conditioned tracks per body side and point.
  let sides: [Side: [BodyPoint: Track]]
  /// The same tracks before the low-pass filter (in metres, facing +x): what phases are fitted
  /// on, since a filter widens every movement it smooths.
  private let unfilteredSides: [Side: [BodyPoint: Track]]
  /// The side facing the camera (the more confident one); side-free measures use it.
  let nearSide: Side
  let scale: PoseScale

  enum Side: String, CaseIterable { case left, right }

  /// Side-free body points.
  enum BodyPoint: CaseIterable {
    case shoulder, elbow, wrist, hip, knee, ankle
  }

  /// One point's conditioned track.
  struct Track {
    var x: [Double]
    var y: [Double]
    var z: [Double]?
    /// Samples that were interpolated over a gap or replaced as outliers.
    var filled: [Bool]
    /// Standard deviation of the noise left in `y` after filtering, metres.
    var noise: Double
  }

  struct Settings {
    var cutoffHz: Double
    var maxGapSeconds: Double
  }

  /// A point on the near side.
  subscript(_ point: BodyPoint) -> Track { sides[nearSide]![point]! }

  /// Conditions every point of the near side and `farPoints` of the far side, which only adds
  /// a second view of the exercises' primary joints.
  init(
    pose: PoseSeries, body: BodyDimensions, settings: Settings,
    farPoints: Set<BodyPoint> = Set(BodyPoint.allCases)
  ) throws {
    let rate = pose.quality.sampleRateHz
    guard let first = pose.times.first, let last = pose.times.last, rate > 0 else {
      throw FeatureError.unusable("pose recording has no usable timestamps")
    }
    let count = Int(((last - first) * rate).rounded(.down)) + 1
    times = (0..<count).map { first + Double($0) / rate }
    sampleRateHz = rate
    nearSide = Self.confidentSide(pose) ? .left : .right
    let maxGap = max(1, Int((settings.maxGapSeconds * rate).rounded()))
    var raw: [Side: [BodyPoint: Track]] = [:]
    let resampling = Resampling(from: pose.times, to: times)
    for side in Side.allCases {
      for point in BodyPoint.allCases where side == nearSide || farPoints.contains(point) {
        guard let track = pose.joints[Self.joint(point, side: side)] else {
          if side == nearSide {
            throw FeatureError.unusable("pose recording lacks the \(point) joints")
          }
          continue
        }
        raw[side, default: [:]][point] = Self.condition(track, on: resampling, maxGap: maxGap)
      }
    }
    let scale = try Self.scale(pose: pose, near: raw[nearSide]!, body: body)
    self.scale = scale
    // Face +x: mirror when the knee bends towards −x.
    let facing = Self.facingSign(raw[nearSide]!)
    let perMeter = scale.pixelsPerMeter
    let passFraction = min(1, (2 * settings.cutoffHz / rate).squareRoot())
    unfilteredSides = raw.mapValues { points in
      points.mapValues { track in
        Track(
          x: track.x.map { facing * $0 / perMeter }, y: track.y.map { $0 / perMeter },
          z: track.z.map { $0.map { $0 / perMeter } }, filled: track.filled,
          noise: track.noise / perMeter)
      }
    }
    sides = unfilteredSides.mapValues { points in
      points.mapValues { track in
        let (x, y) = SignalFilter.lowPass(
          track.x, track.y, cutoffHz: settings.cutoffHz, sampleRateHz: rate)
        let z = track.z.map {
          SignalFilter.lowPass($0, cutoffHz: settings.cutoffHz, sampleRateHz: rate)
        }
        return Track(x: x, y: y, z: z, filled: track.filled, noise: track.noise * passFraction)
      }
    }
  }

  private init(_ signals: PoseSignals, sides: [Side: [BodyPoint: Track]]) {
    times = signals.times
    sampleRateHz = signals.sampleRateHz
    self.sides = sides
    unfilteredSides = sides
    nearSide = signals.nearSide
    scale = signals.scale
  }

  /// These signals before the low-pass filter.
  var unfiltered: PoseSignals { PoseSignals(self, sides: unfilteredSides) }

  /// Index of the first sample at or after `t`.
  func index(atOrAfter t: Double) -> Int {
    let raw = Int(((t - times[0]) * sampleRateHz).rounded(.up))
    return min(max(0, raw), times.count - 1)
  }

  /// Resampled onto `grid`, outliers replaced, short gaps filled; in source units, unfiltered.
  /// `noise` is the raw noise of y estimated from second differences (σ² = var(Δ²y) / 6).
  private static func condition(_ track: JointTrack, on resampling: Resampling, maxGap: Int)
    -> Track
  {
    var rejected = [Bool](repeating: false, count: resampling.count)
    func prepare(_ values: [Double]) -> (values: [Double], filled: [Bool], noise: Double) {
      let resampled = resampling.apply(values)
      let noise = SignalFilter.noiseDeviation(resampled)
      let (clean, outliers) = SignalFilter.rejectOutliers(resampled, noise: noise)
      for i in outliers.indices where outliers[i] { rejected[i] = true }
      let (filledValues, filled) = SignalFilter.fillShortGaps(clean, maxGap: maxGap)
      return (filledValues, filled, noise)
    }
    let x = prepare(track.x)
    let y = prepare(track.y)
    let z = track.z.map(prepare)
    var filled = zip(x.filled, y.filled).map { $0 || $1 }
    for i in filled.indices where rejected[i] || z?.filled[i] == true { filled[i] = true }
    return Track(x: x.values, y: y.values, z: z?.values, filled: filled, noise: y.noise)
  }

  static func joint(_ point: BodyPoint, side: Side) -> Joint {
    let left = side == .left
    switch point {
    case .shoulder: return left ? .leftShoulder : .rightShoulder
    case .elbow: return left ? .leftElbow : .rightElbow
    case .wrist: return left ? .leftWrist : .rightWrist
    case .hip: return left ? .leftHip : .rightHip
    case .knee: return left ? .leftKnee : .rightKnee
    case .ankle: return left ? .leftAnkle : .rightAnkle
    }
  }

  /// True when the left side is, on average, the more confident (the side facing the camera).
  static func confidentSide(_ pose: PoseSeries) -> Bool {
    func mean(_ joints: [Joint]) -> Double {
      let values = joints.compactMap { pose.joints[$0]?.confidence }.flatMap { $0 }
      return values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }
    return mean([.leftShoulder, .leftHip, .leftKnee, .leftElbow])
      >= mean([.rightShoulder, .rightHip, .rightKnee, .rightElbow])
  }

  /// Linear interpolation of `values` sampled at `from` onto `to`; NaN stays NaN.
  static func resample(_ values: [Double], from: [Double], to: [Double]) -> [Double] {
    Resampling(from: from, to: to).apply(values)
  }

  /// Where each time of a grid falls among a series' sample times, worked out once for every
  /// coordinate of every joint, which share their timestamps, rather than searched again for
  /// each.
  struct Resampling {
    /// Per grid time: how its value is made.
    private var steps: [Step] = []
    /// How many sample times the grid was placed among.
    private let sourceCount: Int

    private struct Step {
      /// The sample at or before the grid time.
      var lower: Int
      /// The weight of the sample after it: values[lower] × (1 − weight) + values[lower + 1]
      /// × weight.
      var weight: Double
      var mode: Mode
    }

    private enum Mode: UInt8 {
      /// The sample itself: the grid time is at or before it, or matches the last one.
      case sample
      /// Past the last sample: NaN.
      case missing
      case interpolated
    }

    init(from: [Double], to: [Double]) {
      sourceCount = from.count
      steps.reserveCapacity(to.count)
      var j = 0
      for t in to {
        while j + 1 < from.count, from[j + 1] < t { j += 1 }
        if j + 1 >= from.count {
          steps.append(
            Step(lower: j, weight: 0, mode: abs(from[j] - t) < 1e-9 ? .sample : .missing))
        } else if t <= from[j] {
          steps.append(Step(lower: j, weight: 0, mode: .sample))
        } else {
          let w = (t - from[j]) / (from[j + 1] - from[j])
          steps.append(Step(lower: j, weight: w, mode: .interpolated))
        }
      }
    }

    /// How many times the grid has.
    var count: Int { steps.count }

    /// `values` (sampled at the times this was made from) on the grid.
    func apply(_ values: [Double]) -> [Double] {
      precondition(values.count == sourceCount, "one value per sample time")
      return [Double](unsafeUninitializedCapacity: steps.count) { out, count in
        values.withUnsafeBufferPointer { values in
          for (i, step) in steps.enumerated() {
            let j = step.lower
            switch step.mode {
            case .sample: out[i] = values[j]
            case .missing: out[i] = .nan
            case .interpolated:
              out[i] = values[j] * (1 - step.weight) + values[j + 1] * step.weight
            }
          }
        }
        count = steps.count
      }
    }
  }

  /// Units per metre: from the manifest (or 1 for world metres), else the median shank +
  /// thigh + trunk length over the same length from the athlete's body scan, else over 0.779
  /// of their height (Drillis & Contini ratios; an athlete's own proportions differ from these
  /// by a few percent, and so did velocities); where no frame shows the legs and trunk, the
  /// arm (`armScale`).
  static func scale(pose: PoseSeries, near: [BodyPoint: Track], body: BodyDimensions)
    throws -> PoseScale
  {
    if let given = pose.pixelsPerMeter {
      return PoseScale(
        pixelsPerMeter: given, method: pose.space == .world ? "world_metres" : "manifest")
    }
    var chain: [Double] = []
    let (ankle, knee, hip, shoulder) = (near[.ankle]!, near[.knee]!, near[.hip]!, near[.shoulder]!)
    for i in hip.x.indices {
      let value =
        Self.distance(ankle, knee, i) + Self.distance(knee, hip, i)
        + Self.distance(hip, shoulder, i)
      if value.isFinite { chain.append(value) }
    }
    guard !chain.isEmpty else { return try armScale(near: near, body: body) }
    let pixels = OrderStatistic.select(&chain, rank: chain.count / 2)
    if let scanned = body.legAndTrunkCm {
      return PoseScale(pixelsPerMeter: pixels / (scanned / 100), method: "body_scan")
    }
    let heightMeters = (body.heightCm ?? 175) / 100
    return PoseScale(
      pixelsPerMeter: pixels / (0.779 * heightMeters),
      method: body.heightCm == nil ? "assumed_height" : "athlete_height")
  }

  /// The scale of a clip framed from the waist up: the upper arm and forearm over 0.332 of
  /// the athlete's height (Drillis & Contini: 0.186 + 0.146), at their longest (the 90th
  /// percentile), since an arm turned towards the camera only looks shorter.
  static func armScale(near: [BodyPoint: Track], body: BodyDimensions) throws -> PoseScale {
    let (shoulder, elbow, wrist) = (near[.shoulder]!, near[.elbow]!, near[.wrist]!)
    var chain: [Double] = shoulder.x.indices.compactMap { i in
      let value = Self.distance(shoulder, elbow, i) + Self.distance(elbow, wrist, i)
      return value.isFinite && value > 0 ? value : nil
    }
    guard !chain.isEmpty else {
      throw FeatureError.unusable(
        "no frame shows the legs and trunk, or an arm, to calibrate scale")
    }
    let pixels = OrderStatistic.select(&chain, rank: (chain.count - 1) * 9 / 10)
    let heightMeters = (body.heightCm ?? 175) / 100
    return PoseScale(pixelsPerMeter: pixels / (0.332 * heightMeters), method: PoseScale.armLength)
  }

  /// Distance between two tracks at sample `i` (3-D where both have depth).
  static func distance(_ a: Track, _ b: Track, _ i: Int) -> Double {
    let dz = (a.z?[i] ?? 0) - (b.z?[i] ?? 0)
    return (pow(a.x[i] - b.x[i], 2) + pow(a.y[i] - b.y[i], 2) + dz * dz).squareRoot()
  }

  /// +1 when the athlete faces +x (the knee bends forward of the ankle-hip line), else −1.
  static func facingSign(_ near: [BodyPoint: Track]) -> Double {
    var score = 0.0
    let knee = near[.knee]!
    let ankle = near[.ankle]!
    let hip = near[.hip]!
    for i in knee.x.indices {
      let offset = knee.x[i] - (ankle.x[i] + hip.x[i]) / 2
      if offset.isFinite { score += offset }
    }
    return score >= 0 ? 1 : -1
  }
}

/// Why a recording could not be measured.
package enum FeatureError: Error, CustomStringConvertible {
  case unusable(String)
  package var description: String {
    switch self {
    case .unusable(let reason): return reason
    }
  }
}
