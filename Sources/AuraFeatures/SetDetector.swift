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
    // Active stretches, joined across still periods shorter than the rest between sets.
    let joinGap = Int(restSeconds * sampleRateHz)
    var stretches: [Range<Int>] = []
    for run in SignalFilter.runs(active) {
      if let last = stretches.last, run.lowerBound - last.upperBound < joinGap {
        stretches[stretches.count - 1] = last.lowerBound..<run.upperBound
      } else {
        stretches.append(run)
      }
    }
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

  /// The least and greatest finite value within `radius` samples of each sample (+∞ and −∞
  /// where there is none), in one pass: each window's candidates wait in a queue of indices
  /// whose values rise (for the least) or fall (for the greatest), so a value leaves the front
  /// when the window moves past it or the back when a newer value beats it. Comparing every
  /// window whole was 1 % of a cold run.
  static func slidingExtremes(_ values: [Double], radius: Int) -> (low: [Double], high: [Double]) {
    let n = values.count
    var low = [Double](repeating: .infinity, count: n)
    var high = [Double](repeating: -.infinity, count: n)
    // Each queue is `indices[front...]`: indices only grow, so the array never wraps.
    var rising = (indices: [Int](), front: 0)
    var falling = (indices: [Int](), front: 0)
    for j in 0..<(n + radius) {
      if j < n, values[j].isFinite {
        while rising.indices.count > rising.front, values[rising.indices.last!] > values[j] {
          rising.indices.removeLast()
        }
        rising.indices.append(j)
        while falling.indices.count > falling.front, values[falling.indices.last!] < values[j] {
          falling.indices.removeLast()
        }
        falling.indices.append(j)
      }
      let i = j - radius
      guard i >= 0 else { continue }
      while rising.front < rising.indices.count, rising.indices[rising.front] < i - radius {
        rising.front += 1
      }
      while falling.front < falling.indices.count, falling.indices[falling.front] < i - radius {
        falling.front += 1
      }
      if rising.front < rising.indices.count { low[i] = values[rising.indices[rising.front]] }
      if falling.front < falling.indices.count { high[i] = values[falling.indices[falling.front]] }
    }
    return (low, high)
  }
}
