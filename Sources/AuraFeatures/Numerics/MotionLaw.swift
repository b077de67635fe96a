import Foundation

/// A smooth step on [0, 1] with zero velocity at both ends, from a one-parameter family of the
/// standard motion laws of cam design ordered by how gently they start and stop: harmonic
/// (cosine, `smoothness` 0), the 3-4-5 polynomial (the minimum-jerk profile of human
/// point-to-point movement, Flash & Hogan 1985; 1) and the 4-5-6-7 polynomial (2), with
/// mixtures of neighbours in between.
///
/// A joint's angle in a lift follows the human part of the family, harmonic to minimum jerk
/// (`human`); the height of a load arrives flatter where a joint straightens under it (at
/// lockout the height changes with the cosine of the angle), which the smoother laws cover.
struct MotionLaw: Sendable {
  /// 0 to 2 (clamped).
  var smoothness: Double

  /// The smoothest law of a joint's angle (minimum jerk), and of any signal.
  static let human = 1.0
  static let any = 2.0

  /// Half cosine, half minimum jerk: for a phase too short to tell.
  static let halfway = MotionLaw(smoothness: 0.5)

  /// The share of the travel at `x` (0 at the start, 1 at the end), clamped outside [0, 1].
  func callAsFunction(_ x: Double) -> Double {
    let x = min(max(x, 0), 1)
    let s = min(max(smoothness, 0), 2)
    let minimumJerk = x * x * x * (10 - 15 * x + 6 * x * x)
    if s <= 1 {
      return (1 - s) * Self.harmonic(x) + s * minimumJerk
    }
    let septic = x * x * x * x * (35 - 84 * x + 70 * x * x - 20 * x * x * x)
    return (2 - s) * minimumJerk + (s - 1) * septic
  }

  /// The law at four points at once (what a fit's inner loop evaluates), bit for bit the
  /// scalar law's values. Inlined: called, it takes its four lanes in two halves and the loop
  /// cannot overlap one call's chain of multiplications with the next.
  @inline(__always)
  func callAsFunction(_ x: SIMD4<Double>) -> SIMD4<Double> {
    let x = x.replacing(with: 0, where: x .< 0).replacing(with: 1, where: x .> 1)
    let s = min(max(smoothness, 0), 2)
    let jerkPolynomial: SIMD4<Double> = 10 - 15 * x + 6 * x * x
    let minimumJerk = x * x * x * jerkPolynomial
    if s <= 1 {
      return (1 - s) * Self.harmonic(x) + s * minimumJerk
    }
    // The scalar law's operations in its order (in pieces the type checker can take).
    let linear: SIMD4<Double> = 35 - 84 * x
    let square: SIMD4<Double> = 70 * x * x
    let cube: SIMD4<Double> = 20 * x * x * x
    let septic = x * x * x * x * (linear + square - cube)
    return (2 - s) * minimumJerk + (s - 1) * septic
  }

  /// (1 − cos πx) / 2 on [0, 1], as ½ + ½ sin(π(x − ½)) by its Taylor series to the 15th power
  /// (error under 1e-11): a fit evaluates the law at every sample of every candidate, and the
  /// series is several times faster than `cos`.
  static func harmonic(_ x: Double) -> Double {
    let w = Double.pi * (x - 0.5)
    let w2 = w * w
    // sin w = w (1 − w²/3! + w⁴/5! − … − w¹⁴/15!), by Horner's rule in w².
    var series = -1 / 1_307_674_368_000.0
    series = series * w2 + 1 / 6_227_020_800.0
    series = series * w2 - 1 / 39_916_800.0
    series = series * w2 + 1 / 362_880.0
    series = series * w2 - 1 / 5_040.0
    series = series * w2 + 1 / 120.0
    series = series * w2 - 1 / 6.0
    series = series * w2 + 1
    return 0.5 + 0.5 * w * series
  }

  /// `harmonic` at four points.
  @inline(__always)
  static func harmonic(_ x: SIMD4<Double>) -> SIMD4<Double> {
    let w = Double.pi * (x - 0.5)
    let w2 = w * w
    var series = SIMD4<Double>(repeating: -1 / 1_307_674_368_000.0)
    series = series * w2 + 1 / 6_227_020_800.0
    series = series * w2 - 1 / 39_916_800.0
    series = series * w2 + 1 / 362_880.0
    series = series * w2 - 1 / 5_040.0
    series = series * w2 + 1 / 120.0
    series = series * w2 - 1 / 6.0
    series = series * w2 + 1
    return 0.5 + 0.5 * w * series
  }
}
