import Foundation

/// Refines the four boundaries of one rep (first phase, turning point, second phase) by fitting
/// the whole rep at once to the unfiltered signal where there is one (a pose angle): rest level, far level and rest level again,
/// joined by the two phases' motion laws, least squares over every sample around the rep.
///
/// The phases fitted one at a time on the filtered signal (`PhaseBoundary`) came out long: a
/// low-pass filter widens every movement it smooths (at the default 3 Hz, concentric phases by
/// 0.05 s on noise-free squats), and a level read off the samples near an extreme leans towards
/// the extreme. Here nothing is filtered, the three levels are not read off but solved for
/// (they enter the model linearly, so for given boundaries they have a closed form), and the
/// boundaries and each phase's law are searched by Nelder-Mead from the first estimate.
enum RepFit {
  /// The two phases refined, with laws no smoother than `smoothest`, or nil when the window
  /// has too few samples or the fit ends on a phase shorter than 0.05 s.
  static func refine(
    _ y: [Double], times: [Double], window: ClosedRange<Int>, first: PhaseBoundary.Fit,
    second: PhaseBoundary.Fit, smoothest: Double
  ) -> (first: ClosedRange<Double>, second: ClosedRange<Double>)? {
    let samples = window.filter { y[$0].isFinite }
    guard samples.count >= 12 else { return nil }
    let t = samples.map { times[$0] }
    let mean = samples.reduce(0) { $0 + y[$1] } / Double(samples.count)
    let values = samples.map { y[$0] - mean }
    let energy = values.reduce(0) { $0 + $1 * $1 }
    // Start, first duration, pause, second duration (any values give phases in order), and
    // each phase's smoothness.
    func boundaries(_ p: [Double]) -> (Double, Double, Double, Double) {
      let e1 = p[0] + abs(p[1])
      let s2 = e1 + abs(p[2])
      return (p[0], e1, s2, s2 + abs(p[3]))
    }
    func residual(_ p: [Double]) -> Double {
      let (s1, e1, s2, e2) = boundaries(p)
      let laws = (min(p[4], smoothest), min(p[5], smoothest))
      return sumOfSquares(
        values, t, energy: energy,
        Phase(start: s1, duration: max(e1 - s1, 1e-4), law: MotionLaw(smoothness: laws.0)),
        Phase(start: s2, duration: max(e2 - s2, 1e-4), law: MotionLaw(smoothness: laws.1)))
    }
    let start = [
      first.range.lowerBound, first.range.upperBound - first.range.lowerBound,
      max(0, second.range.lowerBound - first.range.upperBound),
      second.range.upperBound - second.range.lowerBound, first.law.smoothness,
      second.law.smoothness,
    ]
    // A second search from the first's result escapes a simplex that collapsed early.
    let coarse = NelderMead.minimize(residual, from: start, step: 0.03, tolerance: 1e-4)
    let best = NelderMead.minimize(residual, from: coarse, step: 0.01, tolerance: 1e-4)
    let (s1, e1, s2, e2) = boundaries(best)
    guard e1 - s1 > 0.05, e2 - s2 > 0.05 else { return nil }
    return (s1...e1, s2...e2)
  }

  private struct Phase {
    var start: Double
    var duration: Double
    var law: MotionLaw

    /// The share of the phase's travel done at time `t`.
    func share(_ t: Double) -> Double {
      t <= start ? 0 : t >= start + duration ? 1 : law((t - start) / duration)
    }
  }

  /// The residual sum of squares of the best three levels for phases `a` and `b`, given the
  /// signal's sum of squares `energy`: energy − rᵀβ for the least-squares levels β.
  private static func sumOfSquares(
    _ y: [Double], _ t: [Double], energy: Double, _ a: Phase, _ b: Phase
  ) -> Double {
    // Basis: the level before the first phase, between the phases and after the second.
    var m00 = 0.0
    var m01 = 0.0
    var m02 = 0.0
    var m11 = 0.0
    var m12 = 0.0
    var m22 = 0.0
    var r0 = 0.0
    var r1 = 0.0
    var r2 = 0.0
    for k in t.indices {
      let u = a.share(t[k])
      let v = b.share(t[k])
      let (x0, x1, x2) = (1 - u, u - v, v)
      m00 += x0 * x0
      m01 += x0 * x1
      m02 += x0 * x2
      m11 += x1 * x1
      m12 += x1 * x2
      m22 += x2 * x2
      r0 += x0 * y[k]
      r1 += x1 * y[k]
      r2 += x2 * y[k]
    }
    // Cramer's rule on the symmetric normal equations.
    let c00 = m11 * m22 - m12 * m12
    let c01 = m02 * m12 - m01 * m22
    let c02 = m01 * m12 - m02 * m11
    let determinant = m00 * c00 + m01 * c01 + m02 * c02
    guard abs(determinant) > 1e-9 else { return .infinity }
    let c11 = m00 * m22 - m02 * m02
    let c12 = m01 * m02 - m00 * m12
    let c22 = m00 * m11 - m01 * m01
    let b0 = (c00 * r0 + c01 * r1 + c02 * r2) / determinant
    let b1 = (c01 * r0 + c11 * r1 + c12 * r2) / determinant
    let b2 = (c02 * r0 + c12 * r1 + c22 * r2) / determinant
    return energy - (b0 * r0 + b1 * r1 + b2 * r2)
  }
}
