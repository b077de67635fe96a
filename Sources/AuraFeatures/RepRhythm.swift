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

  /// The rate the rhythm is looked for at: faster signals are averaged down to it, since a
  /// period of half a second or more needs no finer steps and the autocorrelation's cost grows
  /// with the square of the samples.
  static let analysisRateHz = 15.0

  /// The rhythm of `values` (NaN where unknown; gaps are bridged linearly) over `range`,
  /// sampled at `sampleRateHz`, for periods of `periods` seconds; nil where fewer than two
  /// periods fit, under half the samples are known, or the signal does not repeat.
  init?(_ values: [Double], range: Range<Int>, sampleRateHz: Double, periods: ClosedRange<Double>) {
    let factor = max(1, Int(sampleRateHz / Self.analysisRateHz))
    let rate = sampleRateHz / Double(factor)
    guard let bridged = Self.bridged(Self.blockMeans(values[range], factor: factor)) else {
      return nil
    }
    let minimumLag = max(1, Int((periods.lowerBound * rate).rounded()))
    let maximumLag = min(Int((periods.upperBound * rate).rounded()), bridged.count / 2)
    guard maximumLag > minimumLag + 1 else { return nil }
    let mean = bridged.reduce(0, +) / Double(bridged.count)
    let centred = bridged.map { $0 - mean }
    var squares = [Double](repeating: 0, count: centred.count + 1)
    for (i, x) in centred.enumerated() { squares[i + 1] = squares[i] + x * x }
    let correlations = (minimumLag...maximumLag).map {
      Self.correlation(centred, squares: squares, lag: $0)
    }
    // Local maxima; the first within 85 % of the highest is the period, not a multiple of it.
    let peaks = correlations.indices.dropFirst().dropLast().filter {
      correlations[$0] > correlations[$0 - 1] && correlations[$0] >= correlations[$0 + 1]
    }
    guard let top = peaks.map({ correlations[$0] }).max(), top > 0,
      let first = peaks.first(where: { correlations[$0] >= 0.85 * top })
    else { return nil }
    period = Double(first + minimumLag) / rate
    strength = correlations[first]
    cycles = Self.cycles(centred, window: first + minimumLag)
  }

  /// Pearson's correlation of the signal with itself `lag` samples later; `squares` are the
  /// running sums of its squares.
  private static func correlation(_ x: [Double], squares: [Double], lag: Int) -> Double {
    let n = x.count
    var xy = 0.0
    for i in 0..<(n - lag) { xy += x[i] * x[i + lag] }
    let xx = squares[n - lag]
    let yy = squares[n] - squares[lag]
    return xx > 0 && yy > 0 ? xy / (xx * yy).squareRoot() : 0
  }

  /// Cycles of `x` about its moving mean over `window` samples: swings from below −h to above
  /// +h, h a fifth of the 5th-95th percentile range of the detrended signal.
  private static func cycles(_ x: [Double], window: Int) -> Int {
    let trend = SignalFilter.movingMean(x, half: max(1, window / 2))
    let detrended = zip(x, trend).map { $0 - $1 }
    var sorted = detrended
    let last = Double(detrended.count - 1)
    let low = OrderStatistic.select(&sorted, rank: Int(last * 0.05))
    let high = OrderStatistic.select(&sorted, rank: Int(last * 0.95))
    let mark = 0.2 * (high - low)
    guard mark > 0 else { return 0 }
    var count = 0
    var below = false
    for value in detrended {
      if value < -mark {
        below = true
      } else if value > mark {
        if below { count += 1 }
        below = false
      }
    }
    return count
  }

  /// The mean of the finite values of each block of `factor` samples (NaN where none is).
  static func blockMeans(_ values: ArraySlice<Double>, factor: Int) -> [Double] {
    guard factor > 1 else { return Array(values) }
    return stride(from: values.startIndex, to: values.endIndex, by: factor).map { start in
      var (sum, count) = (0.0, 0)
      for value in values[start..<min(start + factor, values.endIndex)] where value.isFinite {
        sum += value
        count += 1
      }
      return count > 0 ? sum / Double(count) : .nan
    }
  }

  /// The values with NaN runs filled linearly between their finite neighbours
  /// (`SignalFilter.fillShortGaps`) and held at the ends; nil when under half are finite.
  static func bridged(_ values: [Double]) -> [Double]? {
    guard let first = values.firstIndex(where: \.isFinite),
      let last = values.lastIndex(where: \.isFinite),
      values.count { $0.isFinite } * 2 >= values.count
    else { return nil }
    var result = SignalFilter.fillShortGaps(values, maxGap: values.count).values
    for i in 0..<first { result[i] = values[first] }
    for i in (last + 1)..<values.count { result[i] = values[last] }
    return result
  }
}
