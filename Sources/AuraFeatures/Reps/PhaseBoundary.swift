import Foundation

/// Where a smooth movement leaves one level and arrives at the next, to a fraction of a sample.
///
/// A threshold on velocity or position cuts every phase short, because a movement starts and
/// ends slowly (a 5 % threshold loses 14-19 % of a phase), and extrapolating the first
/// crossings back to the level is ill-conditioned in noise. Instead every sample of the phase
/// between 4 % and 96 % of its travel is used. The phase is modelled as a smooth step S from
/// one level to the other over [start, end], S a `MotionLaw` (harmonic through minimum jerk to
/// the 4-5-6-7 polynomial) in steps of 0.05. For each law, a sample's share u of the travel gives
/// x = S⁻¹(u), and sample time is linear in x, t = start + (end − start) · x, so start and end
/// come from a least-squares line; the law with the smallest residual wins (its tests give the
/// errors on simulated phases). (The dataset generator draws its profiles from
/// harmonic/3-4-5 mixtures, which this family contains; a real lift gets the law nearest it.)
/// The levels this fit needs are read off the signal, and the signal is filtered, so it is a
/// first estimate that `RepFit` refines.
enum PhaseBoundary {
  /// A fitted phase: its start and end, and the motion law it follows.
  struct Fit {
    var range: ClosedRange<Double>
    var law: MotionLaw
  }

  /// Every law in steps of 0.05 of smoothness with its inverse step: x at
  /// u = k / (resolution − 1).
  private static let inverses: [(law: MotionLaw, inverse: [Double])] = (0...40).map { step in
    let law = MotionLaw(smoothness: Double(step) / 20)
    return (law, inverseStep(law.callAsFunction))
  }
  private static let resolution = 2001

  /// The samples of one phase a fit uses: each one's share of the travel (between 4 % and
  /// 96 %) and its time; or, with too few of them, the span they cover.
  struct Samples {
    var shares: [Double] = []
    var times: [Double] = []
    var span: ClosedRange<Double>? = nil

    /// Every `stride`-th sample, so that at most `count` remain (a fit's first, coarse pass).
    func thinned(to count: Int) -> Samples {
      let stride = max(1, (shares.count + count - 1) / count)
      guard stride > 1 else { return self }
      let kept = Swift.stride(from: 0, to: shares.count, by: stride)
      return Samples(shares: kept.map { shares[$0] }, times: kept.map { times[$0] }, span: span)
    }
  }

  /// The times the phase containing sample `inside` leaves `from` and reaches `to` (levels of
  /// `y`), searching no further than `lower` and `upper`, with laws no smoother than
  /// `smoothest`; nil with too few samples to fit.
  static func fit(
    _ y: [Double], times: [Double], inside: Int, lower: Int, upper: Int, from: Double, to: Double,
    smoothest: Double
  ) -> Fit? {
    samples(y, times: times, inside: inside, lower: lower, upper: upper, from: from, to: to)
      .flatMap { fit($0, smoothest: smoothest, lever: nil)?.fit }
  }

  /// The samples of the phase containing sample `inside`, from `from` to `to` (levels of `y`),
  /// searching no further than `lower` and `upper`: from `inside` out while the share of the
  /// travel stays within (4 %, 96 %). Nil where the levels are equal or no phase is found.
  static func samples(
    _ y: [Double], times: [Double], inside: Int, lower: Int, upper: Int, from: Double, to: Double
  ) -> Samples? {
    let travel = to - from
    guard travel != 0 else { return nil }
    func share(_ i: Int) -> Double { (y[i] - from) / travel }
    var first = inside
    while first > lower, !(share(first - 1) <= 0.04) { first -= 1 }
    var last = inside
    while last < upper, !(share(last + 1) >= 0.96) { last += 1 }
    var samples = Samples()
    for i in first...last where y[i].isFinite {
      let u = share(i)
      guard u > 0.04, u < 0.96 else { continue }
      samples.shares.append(u)
      samples.times.append(times[i])
    }
    guard samples.shares.count >= 4 else {
      return last > first ? Samples(span: times[first]...times[last]) : nil
    }
    return samples
  }

  /// The best fit of `samples` over the laws no smoother than `smoothest` (every
  /// `lawStride`-th of them), the travel bent by `lever` (straight when nil), and its residual
  /// sum of squares (s²); a phase with too few samples gets their span, a halfway law and no
  /// residual.
  static func fit(
    _ samples: Samples, smoothest: Double, lever: LeverGeometry?, lawStride: Int = 1
  ) -> (
    fit: Fit, residual: Double
  )? {
    if let span = samples.span { return (Fit(range: span, law: .halfway), 0) }
    let rotation =
      lever.map { lever in samples.shares.map { lever.rotationShare(atTravel: $0) } }
      ?? samples.shares
    // Where each sample falls in the laws' tables (the same cell and weight for every law).
    let count = rotation.count
    var cells = [Int](repeating: 0, count: count)
    var weights = [Double](repeating: 0, count: count)
    for k in 0..<count {
      let position = min(max(rotation[k], 0), 1) * Double(resolution - 1)
      cells[k] = min(Int(position), resolution - 2)
      weights[k] = position - Double(cells[k])
    }
    let t = samples.times
    let meanT = t.reduce(0, +) / Double(count)
    var best: (fit: Fit, residual: Double)? = nil
    var xs = [Double](repeating: 0, count: count)
    for index in Swift.stride(from: 0, to: inverses.count, by: lawStride) {
      let law = inverses[index].law
      guard law.smoothness <= smoothest else { continue }
      inverses[index].inverse.withUnsafeBufferPointer { inverse in
        for k in 0..<count {
          xs[k] = inverse[cells[k]] * (1 - weights[k]) + inverse[cells[k] + 1] * weights[k]
        }
      }
      guard let line = Self.line(xs, t, meanT: meanT), line.slope > 0 else { continue }
      if best == nil || line.residual < best!.residual {
        best = (Fit(range: line.intercept...(line.intercept + line.slope), law: law), line.residual)
      }
    }
    return best
  }

  /// Least-squares t = intercept + slope · x (`meanT` the mean of `t`) and its residual sum of
  /// squares, summed sample by sample: near-equal laws must rank alike on a mirrored signal,
  /// whose values differ only by rounding.
  private static func line(_ x: [Double], _ t: [Double], meanT: Double) -> (
    intercept: Double, slope: Double, residual: Double
  )? {
    let n = Double(x.count)
    let meanX = x.reduce(0, +) / n
    var sxx = 0.0
    var sxt = 0.0
    for k in x.indices {
      sxx += (x[k] - meanX) * (x[k] - meanX)
      sxt += (x[k] - meanX) * (t[k] - meanT)
    }
    guard sxx > 0 else { return nil }
    let slope = sxt / sxx
    let intercept = meanT - slope * meanX
    var residual = 0.0
    for k in x.indices {
      let e = t[k] - intercept - slope * x[k]
      residual += e * e
    }
    return (intercept, slope, residual)
  }

  /// The inverse of a monotone step on [0, 1] tabulated on an even grid of u, by
  /// interpolation between the step's values on a fine grid of x.
  private static func inverseStep(_ step: (Double) -> Double) -> [Double] {
    let steps = 20_000
    let values = (0...steps).map { step(Double($0) / Double(steps)) }
    var inverse = [Double](repeating: 0, count: resolution)
    var k = 0
    for j in 0..<resolution {
      let target = Double(j) / Double(resolution - 1)
      while k < steps - 1, values[k + 1] < target { k += 1 }
      let span = values[k + 1] - values[k]
      let w = span > 0 ? (target - values[k]) / span : 0
      inverse[j] = (Double(k) + min(max(w, 0), 1)) / Double(steps)
    }
    return inverse
  }
}
