import AuraDomain
import Foundation

/// Finds sets in a whole recording, for manifests that give no set bounds.
///
/// The load is active where it moves more than half the minimum rep travel within a one-second
/// window; active stretches closer together than `restSeconds` belong to one set (sets are
/// separated by rest, reps are not). Each stretch, padded by a second, is segmented into reps
/// with the set's own travel, and a stretch with no rep (unracking, walking out, re-racking,
/// loading plates) is not a set. A set spans its first rep's start to its last rep's end.
/// Stretches that overlap spans already bounded by the manifest are skipped unsegmented.
struct SetDetector {
  let segmenter: RepSegmenter
  /// Shortest still period that separates two sets, seconds.
  let restSeconds: Double

  /// A detected set: its samples and reps.
  struct DetectedSet {
    var samples: Range<Int>
    var reps: [RepSegmenter.Segment]
    var times: ClosedRange<Double> { reps.first!.times.lowerBound...reps.last!.times.upperBound }
  }

  /// Sets in the recording. Activity is judged on `activity` (the height itself when nil; an
  /// IMU's levelled height bends between rests, so its activity is judged on the integrated
  /// height, which is flat wherever the load rests).
  func detect(
    height signal: RepSegmenter.Signal, timing: RepSegmenter.Signal, activity: [Double]? = nil,
    times: [Double], sampleRateHz: Double, order: PhaseOrder,
    excluding bounded: [ClosedRange<Double>] = []
  ) -> [DetectedSet] {
    let height = activity ?? signal.values
    let n = height.count
    let half = max(1, Int((0.5 * sampleRateHz).rounded()))
    let threshold = max(0.5 * segmenter.settings.minimumTravel, 6 * signal.noise)
    let (low, high) = Self.slidingExtremes(height, radius: half)
    let active = (0..<n).map { high[$0] - low[$0] > threshold }
    let stretches = Self.stretches(active, joinGap: Int(restSeconds * sampleRateHz))
    let pad = Int(sampleRateHz)
    return stretches.compactMap { stretch in
      let span = times[stretch.lowerBound]...times[stretch.upperBound - 1]
      guard !bounded.contains(where: { $0.overlaps(span) }) else { return nil }
      let samples = max(0, stretch.lowerBound - pad)..<min(n, stretch.upperBound + pad)
      let reps = segmenter.segment(
        height: signal, timing: timing, times: times, range: samples, order: order)
      return reps.isEmpty ? nil : DetectedSet(samples: samples, reps: reps)
    }
  }

  /// The runs of `active` samples, joined across still periods shorter than `joinGap` samples
  /// (the rest between sets).
  static func stretches(_ active: [Bool], joinGap: Int) -> [Range<Int>] {
    var stretches: [Range<Int>] = []
    for run in SignalFilter.runs(active) {
      if let last = stretches.last, run.lowerBound - last.upperBound < joinGap {
        stretches[stretches.count - 1] = last.lowerBound..<run.upperBound
      } else {
        stretches.append(run)
      }
    }
    return stretches
  }

  /// The least and greatest finite value within `radius` samples of each sample (+∞ and −∞
  /// where there is none), each in one pass (`slidingBest`), not by comparing every window
  /// whole (radius times the work).
  static func slidingExtremes(_ values: [Double], radius: Int) -> (low: [Double], high: [Double]) {
    (
      slidingBest(values, radius: radius, none: .infinity, by: <),
      slidingBest(values, radius: radius, none: -.infinity, by: >)
    )
  }

  /// The best finite value by `better` within `radius` samples of each sample (`none` where
  /// there is none). The window's candidates wait in a queue of indices, best at the front: a
  /// value leaves the front when the window moves past it, and the back when a newer, better
  /// value comes (it can no longer be any window's best).
  private static func slidingBest(
    _ values: [Double], radius: Int, none: Double, by better: (Double, Double) -> Bool
  ) -> [Double] {
    var best = [Double](repeating: none, count: values.count)
    // The queue is `candidates[front...]`: indices only grow, so the array never wraps.
    var candidates: [Int] = []
    var front = 0
    for j in 0..<(values.count + radius) {
      if j < values.count, values[j].isFinite {
        while candidates.count > front, better(values[j], values[candidates.last!]) {
          candidates.removeLast()
        }
        candidates.append(j)
      }
      let i = j - radius
      guard i >= 0 else { continue }
      while front < candidates.count, candidates[front] < i - radius { front += 1 }
      if front < candidates.count { best[i] = values[candidates[front]] }
    }
    return best
  }
}
