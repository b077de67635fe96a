import AuraDomain
import AuraIngest
import Foundation

/// Pose conditioned for measurement: one body side, resampled to a uniform grid, short gaps
/// filled, low-pass filtered, in metres (x towards the athlete's front, y up).
struct PoseSignals {
  /// Uniform sample times, seconds.
  let times: [Double]
  let sampleRateHz: Double
  /// Filtered positions in metres per joint role.
  let points: [BodyPoint: (x: [Double], y: [Double])]
  /// Samples of each role that were interpolated over a gap.
  let filled: [BodyPoint: [Bool]]
  let scale: PoseScale

  /// Side-free body points, taken from the more confident side of the body.
  enum BodyPoint: CaseIterable {
    case shoulder, elbow, wrist, hip, knee, ankle
  }

  struct Settings {
    var cutoffHz: Double
    var maxGapSeconds: Double
  }

  init(pose: PoseSeries, athleteHeightCm: Double?, settings: Settings) throws {
    let rate = pose.quality.sampleRateHz
    guard let first = pose.times.first, let last = pose.times.last, rate > 0 else {
      throw FeatureError.unusable("pose recording has no usable timestamps")
    }
    let count = Int(((last - first) * rate).rounded(.down)) + 1
    times = (0..<count).map { first + Double($0) / rate }
    sampleRateHz = rate
    let side = Self.confidentSide(pose)
    let maxGap = max(1, Int((settings.maxGapSeconds * rate).rounded()))
    var raw: [BodyPoint: (x: [Double], y: [Double])] = [:]
    var filled: [BodyPoint: [Bool]] = [:]
    for point in BodyPoint.allCases {
      guard let track = pose.joints[Self.joint(point, left: side)] else {
        throw FeatureError.unusable("pose recording lacks the \(point) joints")
      }
      let x = SignalFilter.fillShortGaps(
        Self.resample(track.x, from: pose.times, to: times), maxGap: maxGap)
      let y = SignalFilter.fillShortGaps(
        Self.resample(track.y, from: pose.times, to: times), maxGap: maxGap)
      raw[point] = (x.values, y.values)
      filled[point] = zip(x.filled, y.filled).map { $0 || $1 }
    }
    self.filled = filled
    let scale = try Self.scale(pose: pose, raw: raw, athleteHeightCm: athleteHeightCm)
    self.scale = scale
    // Face +x: if the toes (knee ahead of ankle when bending) point to -x, mirror.
    let facing = Self.facingSign(raw)
    var points: [BodyPoint: (x: [Double], y: [Double])] = [:]
    for (point, series) in raw {
      let x = series.x.map { facing * $0 / scale.pixelsPerMeter }
      let y = series.y.map { $0 / scale.pixelsPerMeter }
      points[point] = (
        SignalFilter.lowPass(x, cutoffHz: settings.cutoffHz, sampleRateHz: rate),
        SignalFilter.lowPass(y, cutoffHz: settings.cutoffHz, sampleRateHz: rate)
      )
    }
    self.points = points
  }

  /// Index of the first sample at or after `t`.
  func index(atOrAfter t: Double) -> Int {
    let raw = Int(((t - times[0]) * sampleRateHz).rounded(.up))
    return min(max(0, raw), times.count - 1)
  }

  static func joint(_ point: BodyPoint, left: Bool) -> Joint {
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
    var out = [Double](repeating: .nan, count: to.count)
    var j = 0
    for (i, t) in to.enumerated() {
      while j + 1 < from.count, from[j + 1] < t { j += 1 }
      if j + 1 >= from.count {
        out[i] = abs(from[j] - t) < 1e-9 ? values[j] : .nan
        continue
      }
      let t0 = from[j]
      let t1 = from[j + 1]
      if t <= t0 {
        out[i] = values[j]
        continue
      }
      let w = (t - t0) / (t1 - t0)
      out[i] = values[j] * (1 - w) + values[j + 1] * w
    }
    return out
  }

  /// Pixels per metre: from the manifest, else the median shank + thigh + trunk length in
  /// pixels over 0.779 of the athlete's height (Drillis & Contini segment ratios).
  static func scale(
    pose: PoseSeries, raw: [BodyPoint: (x: [Double], y: [Double])], athleteHeightCm: Double?
  )
    throws -> PoseScale
  {
    if let given = pose.pixelsPerMeter {
      return PoseScale(pixelsPerMeter: given, method: "manifest")
    }
    func length(_ a: BodyPoint, _ b: BodyPoint, _ i: Int) -> Double {
      hypot(raw[a]!.x[i] - raw[b]!.x[i], raw[a]!.y[i] - raw[b]!.y[i])
    }
    var chain: [Double] = []
    for i in 0..<(raw[.hip]?.x.count ?? 0) {
      let value = length(.ankle, .knee, i) + length(.knee, .hip, i) + length(.hip, .shoulder, i)
      if value.isFinite { chain.append(value) }
    }
    guard !chain.isEmpty else {
      throw FeatureError.unusable("no frame shows the legs and trunk to calibrate scale")
    }
    chain.sort()
    let pixels = chain[chain.count / 2]
    let heightMeters = (athleteHeightCm ?? 175) / 100
    return PoseScale(
      pixelsPerMeter: pixels / (0.779 * heightMeters),
      method: athleteHeightCm == nil ? "assumed_height" : "athlete_height")
  }

  /// +1 when the athlete faces +x (the knee bends forward of the ankle-hip line), else −1.
  static func facingSign(_ raw: [BodyPoint: (x: [Double], y: [Double])]) -> Double {
    var score = 0.0
    let knee = raw[.knee]!
    let ankle = raw[.ankle]!
    let hip = raw[.hip]!
    for i in 0..<knee.x.count {
      let offset = knee.x[i] - (ankle.x[i] + hip.x[i]) / 2
      if offset.isFinite { score += offset }
    }
    return score >= 0 ? 1 : -1
  }
}

/// Why a recording could not be measured.
public enum FeatureError: Error, CustomStringConvertible {
  case unusable(String)
  public var description: String {
    switch self {
    case .unusable(let reason): return reason
    }
  }
}
