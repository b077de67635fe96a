import AuraDomain
import Foundation

/// The rhythm of a set, found without looking for reps one by one: the period at which a
/// movement signal repeats (its autocorrelation's first strong peak) and how many cycles of it
/// the set holds. It is the field's usual counter for continuous, unevenly paced movement and
/// serves here as an independent check of the rep count (`RepCountCheck`), since it fails in
/// other ways than counting excursions past fixed marks does.
struct RepRhythm: Equatable {
  /// Seconds from one rep to the next.
  var period: Double
  /// The signal's autocorrelation at that period, 0-1: how alike consecutive reps are.
  var strength: Double
  /// Full cycles of the signal, each swinging past a fifth of the set's amplitude above and
  /// below its moving mean (a period wide).
  var cycles: Int

  /// The rhythm of `values` (NaN where unknown; gaps are bridged linearly) over `range`,
  /// sampled at `sampleRateHz`, for periods of `periods` seconds; nil where fewer than two
  /// periods fit or the signal does not repeat.
  init?(_ values: [Double], range: Range<Int>, sampleRateHz: Double, periods: ClosedRange<Double>) {
    guard let bridged = Self.bridged(Array(values[range])) else { return nil }
    let minimumLag = max(1, Int((periods.lowerBound * sampleRateHz).rounded()))
    let maximumLag = min(Int((periods.upperBound * sampleRateHz).rounded()), bridged.count / 2)
    guard maximumLag > minimumLag + 1 else { return nil }
    let mean = bridged.reduce(0, +) / Double(bridged.count)
    let centred = bridged.map { $0 - mean }
    let correlations = (minimumLag...maximumLag).map { Self.correlation(centred, lag: $0) }
    // Local maxima; the first within 85 % of the highest is the period, not a multiple of it.
    let peaks = correlations.indices.dropFirst().dropLast().filter {
      correlations[$0] > correlations[$0 - 1] && correlations[$0] >= correlations[$0 + 1]
    }
    guard let top = peaks.map({ correlations[$0] }).max(), top > 0,
      let first = peaks.first(where: { correlations[$0] >= 0.85 * top })
    else { return nil }
    period = Double(first + minimumLag) / sampleRateHz
    strength = correlations[first]
    cycles = Self.cycles(centred, window: first + minimumLag)
  }

  /// Pearson's correlation of the signal with itself `lag` samples later.
  private static func correlation(_ x: [Double], lag: Int) -> Double {
    var (xy, xx, yy) = (0.0, 0.0, 0.0)
    for i in 0..<(x.count - lag) {
      xy += x[i] * x[i + lag]
      xx += x[i] * x[i]
      yy += x[i + lag] * x[i + lag]
    }
    return xx > 0 && yy > 0 ? xy / (xx * yy).squareRoot() : 0
  }

  /// Cycles of `x` about its moving mean over `window` samples: swings from below −h to above
  /// +h, h a fifth of the 5th-95th percentile range of the detrended signal.
  private static func cycles(_ x: [Double], window: Int) -> Int {
    let n = x.count
    var sums = [Double](repeating: 0, count: n + 1)
    for i in 0..<n { sums[i + 1] = sums[i] + x[i] }
    let half = max(1, window / 2)
    let detrended = (0..<n).map { i -> Double in
      let low = max(0, i - half)
      let high = min(n, i + half + 1)
      return x[i] - (sums[high] - sums[low]) / Double(high - low)
    }
    var sorted = detrended
    let low = OrderStatistic.select(&sorted, rank: Int(Double(n - 1) * 0.05))
    let high = OrderStatistic.select(&sorted, rank: Int(Double(n - 1) * 0.95))
    let mark = 0.2 * (high - low)
    guard mark > 0 else { return 0 }
    var count = 0
    var below: Bool? = nil
    for value in detrended {
      if value < -mark {
        below = true
      } else if value > mark, below == true {
        count += 1
        below = false
      } else if value > mark, below == nil {
        below = false
      }
    }
    return count
  }

  /// The values with NaN runs filled linearly between their finite neighbours (held at the
  /// ends); nil when under half are finite.
  static func bridged(_ values: [Double]) -> [Double]? {
    let known = values.indices.filter { values[$0].isFinite }
    guard known.count * 2 >= values.count, let first = known.first, let last = known.last else {
      return nil
    }
    var result = values
    for i in 0..<first { result[i] = values[first] }
    for i in (last + 1)..<values.count { result[i] = values[last] }
    for (a, b) in zip(known, known.dropFirst()) where b > a + 1 {
      for i in (a + 1)..<b {
        let w = Double(i - a) / Double(b - a)
        result[i] = values[a] * (1 - w) + values[b] * w
      }
    }
    return result
  }
}
