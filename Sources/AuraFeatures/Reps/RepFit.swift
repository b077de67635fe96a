import Foundation

/// Refines the four boundaries of one rep (first phase, turning point, second phase) by fitting
/// the whole rep at once to the unfiltered signal where there is one (a pose angle): rest
/// level, far level and rest level again, joined by the two phases' motion laws, least squares
/// over every sample around the rep.
///
/// The phases fitted one at a time on the filtered signal (`PhaseBoundary`) came out long: a
/// low-pass filter widens every movement it smooths (at the default 3 Hz, concentric phases by
/// 0.05 s on noise-free squats), and a level read off the samples near an extreme leans towards
/// the extreme. Here nothing is filtered, the three levels are not read off but solved for
/// (they enter the model linearly, so for given boundaries they have a closed form), and the
/// boundaries and each phase's law are searched by Nelder-Mead from the first estimate, to
/// 1 ms.
enum RepFit {
  /// The two phases refined, with laws no smoother than `smoothest`, or nil when the window
  /// has too few samples or the fit ends on a phase shorter than 0.05 s.
  static func refine(
    _ y: [Double], times: [Double], window: ClosedRange<Int>, first: PhaseBoundary.Fit,
    second: PhaseBoundary.Fit, smoothest: Double
  ) -> (first: PhaseBoundary.Fit, second: PhaseBoundary.Fit)? {
    let samples = window.filter { y[$0].isFinite }
    guard samples.count >= 12 else { return nil }
    let t = samples.map { times[$0] }
    let mean = samples.reduce(0) { $0 + y[$1] } / Double(samples.count)
    let values = samples.map { y[$0] - mean }
    let energy = values.reduce(0) { $0 + $1 * $1 }
    let fitted = Samples(t: t, y: values)
    // Each phase's midpoint and duration (a law's smoothness trades with the duration about
    // the midpoint, which it leaves alone), and its smoothness.
    func boundaries(
      _ middle1: Double, _ duration1: Double, _ middle2: Double, _ duration2: Double
    ) -> (Double, Double, Double, Double) {
      let (h1, h2) = (abs(duration1) / 2, abs(duration2) / 2)
      return (middle1 - h1, middle1 + h1, middle2 - h2, middle2 + h2)
    }
    // A law's smoothness mirrored into [0, smoothest]: beyond a bound the residual keeps a
    // slope for the search to follow back (clamping would leave a plateau it can stall on).
    func law(_ p: Double) -> MotionLaw {
      let period = 2 * smoothest
      let folded = abs(p).truncatingRemainder(dividingBy: period)
      return MotionLaw(smoothness: folded > smoothest ? period - folded : folded)
    }
    func residual(_ p: UnsafeBufferPointer<Double>) -> Double {
      let (s1, e1, s2, e2) = boundaries(p[0], p[1], p[2], p[3])
      // The phases may meet but not overlap.
      guard s2 >= e1 else { return .infinity }
      return sumOfSquares(
        fitted, energy: energy,
        Phase(start: s1, duration: max(e1 - s1, 1e-4), law: law(p[4])),
        Phase(start: s2, duration: max(e2 - s2, 1e-4), law: law(p[5])))
    }
    let secondStart = max(second.range.lowerBound, first.range.upperBound)
    let secondEnd = max(second.range.upperBound, secondStart + 0.01)
    let start = [
      (first.range.lowerBound + first.range.upperBound) / 2,
      first.range.upperBound - first.range.lowerBound, (secondStart + secondEnd) / 2,
      secondEnd - secondStart, first.law.smoothness, second.law.smoothness,
    ]
    // One search, to 1 ms: a law's smoothness trades with its phase's duration along a long,
    // flat valley, so on an exact rep it stops within about 6 ms of the truth, far inside the
    // 30-40 ms that keypoint noise leaves (a second search from the result, which got closer,
    // cost a third of the feature stage and changed no accuracy figure; stopping the two
    // smoothnesses sooner, at 2e-3 to 1e-2, halved the evaluations but left the exact rep of
    // RepFitTests 52 ms off).
    let best = NelderMead.minimize(residual, from: start, step: 0.03, tolerance: 1e-3)
    let (s1, e1, s2, e2) = boundaries(best[0], best[1], best[2], best[3])
    guard e1 - s1 > 0.05, e2 - s2 > 0.05 else { return nil }
    return (
      PhaseBoundary.Fit(range: s1...e1, law: law(best[4])),
      PhaseBoundary.Fit(range: s2...e2, law: law(best[5]))
    )
  }

  /// The least-squares levels of `y` over `window` (finite samples) before, between and after
  /// two fitted phases: the rest the rep left, its far turning point and the rest it came back
  /// to. The far level less the rest levels is the rep's range without the bias of its extreme
  /// samples, which noise pushes outwards. Nil with too few samples.
  static func levels(
    _ y: [Double], times: [Double], window: ClosedRange<Int>, first: PhaseBoundary.Fit,
    second: PhaseBoundary.Fit
  ) -> (before: Double, far: Double, after: Double)? {
    let samples = window.filter { y[$0].isFinite }
    guard samples.count >= 12 else { return nil }
    func phase(_ fit: PhaseBoundary.Fit) -> Phase {
      Phase(
        start: fit.range.lowerBound,
        duration: max(fit.range.upperBound - fit.range.lowerBound, 1e-4), law: fit.law)
    }
    let fitted = Samples(t: samples.map { times[$0] }, y: samples.map { y[$0] })
    return solveLevels(fitted, phase(first), phase(second)).map {
      (before: $0.levels.0, far: $0.levels.1, after: $0.levels.2)
    }
  }

  private struct Phase {
    var start: Double
    var duration: Double
    var law: MotionLaw
  }

  /// The samples of one window, with running sums for the stretches where the model is flat.
  private struct Samples {
    let t: [Double]
    let y: [Double]
    /// `sums[k]` is the sum of the first `k` values.
    let sums: [Double]

    init(t: [Double], y: [Double]) {
      self.t = t
      self.y = y
      var sums = [0.0]
      sums.reserveCapacity(y.count + 1)
      for value in y { sums.append(sums[sums.count - 1] + value) }
      self.sums = sums
    }

    /// The first sample after `time` (binary search): samples at or before a phase's start
    /// have not moved, those at or after its end have arrived. Branch-free (the halving picks
    /// its half by a conditional move): every residual searches four times, and each step's
    /// comparison is a coin flip for a branch predictor.
    func index(after time: Double) -> Int {
      t.withUnsafeBufferPointer { t in
        guard !t.isEmpty else { return 0 }
        var base = 0
        var count = t.count
        while count > 1 {
          let half = count / 2
          base = t[base + half] <= time ? base + half : base
          count -= half
        }
        return base + Int(unsafeBitCast(t[base] <= time, to: UInt8.self))
      }
    }
  }

  /// The residual sum of squares of the best three levels for phases `a` and `b` (`b` starting
  /// at or after `a`'s end), given the signal's sum of squares `energy`: energy − rᵀβ for the
  /// least-squares levels β (`solveLevels`: only samples inside a phase need its law; each
  /// flat stretch adds its count and sum).
  private static func sumOfSquares(
    _ samples: Samples, energy: Double, _ a: Phase, _ b: Phase
  ) -> Double {
    guard let solved = solveLevels(samples, a, b) else { return .infinity }
    return energy - solved.explained
  }

  /// The least-squares levels β for phases `a` and `b` and the sum of squares they explain,
  /// rᵀβ; nil when the normal equations are singular.
  private static func solveLevels(_ samples: Samples, _ a: Phase, _ b: Phase) -> (
    levels: (Double, Double, Double), explained: Double
  )? {
    // Basis: the level before the first phase, between the phases and after the second.
    let t = samples.t
    let y = samples.y
    let aStart = samples.index(after: a.start)
    let aEnd = max(aStart, samples.index(after: a.start + a.duration))
    let bStart = max(aEnd, samples.index(after: b.start))
    let bEnd = max(bStart, samples.index(after: b.start + b.duration))
    func flat(_ range: Range<Int>) -> (count: Double, sum: Double) {
      (Double(range.count), samples.sums[range.upperBound] - samples.sums[range.lowerBound])
    }
    let before = flat(0..<aStart)
    let between = flat(aEnd..<bStart)
    let after = flat(bEnd..<t.count)
    // A phase's samples, each u of the way from the level before it to the one after:
    // Σ(1 − u)², Σ(1 − u)u, Σu², Σ(1 − u)y and Σuy (on unchecked buffers: these loops are most
    // of a fit's time).
    func sums(_ phase: Phase, _ range: Range<Int>) -> (Double, Double, Double, Double, Double) {
      t.withUnsafeBufferPointer { t in
        y.withUnsafeBufferPointer { y in
          // Four samples at a time, then the rest one by one.
          var v = (
            SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>()
          )
          var k = range.lowerBound
          while k + 4 <= range.upperBound {
            let times = SIMD4(t[k], t[k + 1], t[k + 2], t[k + 3])
            let values = SIMD4(y[k], y[k + 1], y[k + 2], y[k + 3])
            let u = phase.law((times - phase.start) / phase.duration)
            let rest = 1 - u
            v.0 += rest * rest
            v.1 += rest * u
            v.2 += u * u
            v.3 += rest * values
            v.4 += u * values
            k += 4
          }
          var s = (v.0.sum(), v.1.sum(), v.2.sum(), v.3.sum(), v.4.sum())
          for k in k..<range.upperBound {
            let u = phase.law((t[k] - phase.start) / phase.duration)
            s.0 += (1 - u) * (1 - u)
            s.1 += (1 - u) * u
            s.2 += u * u
            s.3 += (1 - u) * y[k]
            s.4 += u * y[k]
          }
          return s
        }
      }
    }
    let sa = sums(a, aStart..<aEnd)
    let sb = sums(b, bStart..<bEnd)
    let m00 = before.count + sa.0
    let m01 = sa.1
    let m11 = between.count + sa.2 + sb.0
    let m12 = sb.1
    let m22 = after.count + sb.2
    let r0 = before.sum + sa.3
    let r1 = between.sum + sa.4 + sb.3
    let r2 = after.sum + sb.4
    // Cramer's rule on the symmetric normal equations (the first and last levels share no
    // sample: m02 = 0).
    let c00 = m11 * m22 - m12 * m12
    let c01 = -m01 * m22
    let c02 = m01 * m12
    let determinant = m00 * c00 + m01 * c01
    guard abs(determinant) > 1e-9 else { return nil }
    let c11 = m00 * m22
    let c12 = -m00 * m12
    let c22 = m00 * m11 - m01 * m01
    let b0 = (c00 * r0 + c01 * r1 + c02 * r2) / determinant
    let b1 = (c01 * r0 + c11 * r1 + c12 * r2) / determinant
    let b2 = (c02 * r0 + c12 * r1 + c22 * r2) / determinant
    return ((b0, b1, b2), b0 * r0 + b1 * r1 + b2 * r2)
  }
}
