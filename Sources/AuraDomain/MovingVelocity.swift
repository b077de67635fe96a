/// The stretch of a concentric phase that mean concentric velocity is averaged over: where the
/// load rises at least `threshold` (0.05 m/s), from the fastest sample out to where it first
/// falls below, or to a turning point that drift holds above it.
///
/// A phase's ends, where the load leaves and reaches zero velocity, are the least observable
/// part of a lift: the load barely moves there, and how long it takes to stop depends on a
/// motion law that noise hides, so a mean velocity over the whole phase takes the error of its
/// duration, and one over the moving stretch does not. The convention reads higher than a
/// zero-to-zero mean, as linear-transducer apps that start and stop a rep at a small velocity
/// do. Used by the features for every source and by the generator for the truth it writes.
package enum MovingVelocity {
  /// Upward speed (m/s) at and above which the load counts as moving.
  package static let threshold = 0.05

  /// The moving stretch around the fastest sample of `velocity` in `window`, with its start
  /// and end (crossings interpolated between samples; the sample of a turning point, or a
  /// window's edge, where the velocity stays above the threshold) and its mean velocity
  /// (trapezoid distance over duration); nil where the window never reaches the threshold.
  package static func stretch(velocity v: [Double], times t: [Double], window: ClosedRange<Int>)
    -> (mean: Double, start: Double, end: Double)?
  {
    // The first fastest finite sample, its value kept in hand (reading it back through its
    // index made every step wait on the last).
    var peak = -1
    var fastest = -Double.infinity
    for k in window where v[k].isFinite && v[k] > fastest {
      peak = k
      fastest = v[k]
    }
    guard peak >= 0, fastest >= threshold else { return nil }
    // Out from the peak while the load moves, and no further than a turning point: where the
    // velocity, already under twice the threshold, stops falling (an integrated velocity's
    // drift can hold a pause at a few cm/s).
    func moving(_ k: Int, after previous: Int) -> Bool {
      v[k] >= threshold && (v[previous] >= 2 * threshold || v[k] < v[previous])
    }
    var first = peak
    while first > window.lowerBound, moving(first - 1, after: first) { first -= 1 }
    var last = peak
    while last < window.upperBound, moving(last + 1, after: last) { last += 1 }
    // Where the velocity crosses the threshold between samples `a` (below) and `b`.
    func crossing(_ a: Int, _ b: Int) -> Double {
      let w = v[b] != v[a] ? (threshold - v[a]) / (v[b] - v[a]) : 0
      return t[a] + (t[b] - t[a]) * min(max(w, 0), 1)
    }
    let start =
      first > window.lowerBound && v[first - 1] < threshold ? crossing(first - 1, first) : t[first]
    let end =
      last < window.upperBound && v[last + 1] < threshold ? crossing(last + 1, last) : t[last]
    guard end > start else { return nil }
    var distance = (t[first] - start) * (threshold + v[first]) / 2
    distance += (end - t[last]) * (threshold + v[last]) / 2
    for k in first..<last { distance += (t[k + 1] - t[k]) * (v[k] + v[k + 1]) / 2 }
    return (distance / (end - start), start, end)
  }
}
