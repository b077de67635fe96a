/// The RTS (Tuchscherer) chart of %1RM by reps and RPE (SCIENCE.md §2.1), as one function of
/// effective reps n = reps + (10 − RPE) in half-rep steps. The verified core is 1-8 reps at
/// RPE 7-10; cells beyond 12 effective reps are not published and are not extrapolated.
package enum RPEChart {
  /// %1RM (as a fraction) at effective reps 1, 1.5, 2, ..., 12.
  static let fractions: [Double] = [
    1.000, 0.978, 0.955, 0.939, 0.922, 0.907, 0.892, 0.878, 0.863, 0.850, 0.837, 0.824, 0.811,
    0.799, 0.786, 0.774, 0.762, 0.751, 0.739, 0.723, 0.707, 0.694, 0.680,
  ]
  static let maximumEffectiveReps = 12.0

  /// Fraction of 1RM that `reps` at `rpe` stand for, linearly between half-rep cells; nil
  /// outside the chart (below 1 or above 12 effective reps).
  package static func fractionOfMax(reps: Double, rpe: Double) -> Double? {
    let effective = reps + (10 - rpe)
    guard effective >= 1, effective <= maximumEffectiveReps else { return nil }
    let position = (effective - 1) * 2
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, fractions.count - 1)
    let weight = position - Double(lower)
    return fractions[lower] * (1 - weight) + fractions[upper] * weight
  }

  /// e1RM from a set's load, reps and RPE. SCIENCE.md V-7: 100 kg × 5 @ RPE 8 → 123.3 kg.
  package static func estimatedOneRepMax(loadKg: Double, reps: Int, rpe: Double) -> Double? {
    fractionOfMax(reps: Double(reps), rpe: rpe).map { loadKg / $0 }
  }

  /// The RPE that makes `reps` at `fraction` of 1RM (the inverse of the chart), clamped to the
  /// chart's 10 at the top; nil when the set lies beyond 12 effective reps.
  package static func rpe(reps: Int, fractionOfMax fraction: Double) -> Double? {
    guard fraction > 0 else { return nil }
    if fraction >= 1 { return 10 }
    guard fraction >= fractions[fractions.count - 1] else { return nil }
    // The chart falls monotonically: find the half-rep cell pair around `fraction`.
    var index = 0
    while fractions[index + 1] > fraction { index += 1 }
    let span = fractions[index] - fractions[index + 1]
    let effective = 1 + (Double(index) + (fractions[index] - fraction) / span) / 2
    return min(10, 10 - (effective - Double(reps)))
  }
}
