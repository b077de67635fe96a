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
      return (1 - s) * (0.5 - 0.5 * cos(Double.pi * x)) + s * minimumJerk
    }
    let septic = x * x * x * x * (35 - 84 * x + 70 * x * x - 20 * x * x * x)
    return (2 - s) * minimumJerk + (s - 1) * septic
  }
}
