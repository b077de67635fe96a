import AuraDomain
import AuraSupport
import Foundation

/// The rhythm of a set, found without looking for reps one by one: the period at which a
/// movement signal repeats (its autocorrelation's first strong peak) and the turning points of
/// the cycles of that period. It is the field's usual counter for continuous, unevenly paced
/// movement: it needs no stillness between reps and no absolute threshold, since every mark it
/// sets is relative to the set's own period and amplitude.
struct RepRhythm: Equatable {
  /// Seconds from one rep to the next.
  var period: Double
  /// The signal's autocorrelation at that period, 0-1: how alike consecutive reps are.
  var strength: Double
  /// The samples (indices into the values given) of the signal's tops and bottoms: the
  /// extremes of its swings past a fifth of the set's amplitude above and below its moving
  /// mean (two periods wide), once averaged over a quarter period (`smoothingSeconds` at
  /// most). A set that rests at one extreme before and after its reps shows one more of that
  /// extreme than it has reps.
  var tops: [Int]
  var bottoms: [Int]

  /// Reps when nothing says which extreme a rep turns at: the fewer of tops and bottoms.
  var count: Int { min(tops.count, bottoms.count) }

  /// The rate the rhythm is looked for at: faster signals are averaged down to it, since a
  /// period of 0.4 s or more needs no finer steps and the autocorrelation's cost grows
  /// with the square of the samples.
  static let analysisRateHz = 15.0
  /// How far a swing must reach either side of the moving mean to count, as a share of the
  /// 5th-95th percentile range of the detrended set.
  static let swingShare = 0.2
  /// The longest the detrended signal is averaged over before its swings are read: a quarter
  /// of the period, so that the wiggles within a rep (a curl's two accelerations, a joint's
  /// jitter) are not read as swings, but never more than this, so that a period found at twice
  /// the rep's does not average reps away.
  static let smoothingSeconds = 0.8

  /// The rhythm of `values` (NaN where unknown; gaps are bridged linearly) over `range`,
  /// sampled at `sampleRateHz`, for periods of `periods` seconds; nil where fewer than two
  /// periods fit, under half the samples are known, or the signal does not repeat. With
  /// `midrange`, the swings are read about the moving midrange (halfway between the least and
  /// greatest values within a period) instead of the moving mean: a signal resting long
  /// between brief swings has a mean near its rest, which its rests would then not pass. With
  /// `levelledOver` (seconds: a period of the set found elsewhere, one rep or a few), the
  /// signal is taken about its moving mean over that span rather than its mean: over a whole
  /// number of reps, what the moving mean follows is the posture they are made in, not them.
  init?(
    _ values: [Double], range: Range<Int>, sampleRateHz: Double, periods: ClosedRange<Double>,
    midrange: Bool = false, levelledOver: Double? = nil
  ) {
    let factor = max(1, Int(sampleRateHz / Self.analysisRateHz))
    let rate = sampleRateHz / Double(factor)
    guard let bridged = Self.bridged(Self.blockMeans(values[range], factor: factor)) else {
      return nil
    }
    let level =
      levelledOver.map {
        SignalFilter.movingMean(bridged, half: Int(($0 * rate / 2).rounded()))
      } ?? Array(repeating: bridged.reduce(0, +) / Double(bridged.count), count: bridged.count)
    let centred = zip(bridged, level).map { $0 - $1 }
    guard
      let (lag, strength) = Self.periodLag(
        of: [centred], lags: Self.lags(periods, rateHz: rate))
    else { return nil }
    period = Double(lag) / rate
    self.strength = strength
    let trend: [Double]
    if midrange {
      let (low, high) = SetDetector.slidingExtremes(centred, radius: lag)
      trend = zip(low, high).map { ($0 + $1) / 2 }
    } else {
      trend = SignalFilter.movingMean(centred, half: lag)
    }
    let smoothing = min(lag / 8, Int((Self.smoothingSeconds * rate / 2).rounded()))
    let detrended = SignalFilter.movingMean(zip(centred, trend).map { $0 - $1 }, half: smoothing)
    let swings = Self.swings(detrended, mark: Self.swingShare * Self.spread(detrended))
    // Back to the samples given: the extreme of each block the turning point was found in.
    func located(_ blocks: [Int], sign: Double) -> [Int] {
      blocks.map { block in
        let start = range.lowerBound + block * factor
        let samples = start..<min(start + factor, range.upperBound)
        return samples.filter { values[$0].isFinite }.max { sign * values[$0] < sign * values[$1] }
          ?? samples.lowerBound + samples.count / 2
      }
    }
    tops = located(swings.tops, sign: 1)
    bottoms = located(swings.bottoms, sign: -1)
  }

  /// The lags, in samples at `rateHz`, of `periods` seconds.
  static func lags(_ periods: ClosedRange<Double>, rateHz: Double) -> ClosedRange<Int> {
    let shortest = max(1, Int((periods.lowerBound * rateHz).rounded()))
    return shortest...max(shortest, Int((periods.upperBound * rateHz).rounded()))
  }

  /// The period of `signals` (each about its own level, all as long) among `lags` samples, and
  /// their autocorrelation there. The autocorrelation is joint: the products of each signal
  /// with itself `lag` samples later, summed over all, over the root of both sides' sums of
  /// squares (one signal's is Pearson's), so that each weighs as far as it swings. The period
  /// is the first of its local maxima within 85 % of the highest, not a multiple of it. Nil
  /// where fewer than two periods fit or nothing repeats.
  static func periodLag(of signals: [[Double]], lags: ClosedRange<Int>) -> (
    lag: Int, strength: Double
  )? {
    guard let n = signals.first?.count else { return nil }
    let longest = min(lags.upperBound, n / 2)
    guard longest > lags.lowerBound + 1 else { return nil }
    // Running sums of squares, so that each lag's sides cost nothing more.
    let squares = signals.map { x in
      var sums = [Double](repeating: 0, count: n + 1)
      for (i, value) in x.enumerated() { sums[i + 1] = sums[i] + value * value }
      return sums
    }
    let products = laggedProducts(signals, count: n, lags: lags.lowerBound...longest)
    let correlations = (lags.lowerBound...longest).map { lag -> Double in
      let xy = products[lag - lags.lowerBound]
      var (xx, yy) = (0.0, 0.0)
      for sums in squares {
        xx += sums[n - lag]
        yy += sums[n] - sums[lag]
      }
      return xx > 0 && yy > 0 ? xy / (xx * yy).squareRoot() : 0
    }
    let peaks = correlations.indices.dropFirst().dropLast().filter {
      correlations[$0] > correlations[$0 - 1] && correlations[$0] >= correlations[$0 + 1]
    }
    guard let top = peaks.map({ correlations[$0] }).max(), top > 0,
      let first = peaks.first(where: { correlations[$0] >= 0.85 * top })
    else { return nil }
    return (first + lags.lowerBound, correlations[first])
  }

  /// For each lag, Σ x[i]·x[i + lag] (i + lag < `n`, the signals' length) over every signal in
  /// turn, summed in that order (so each
  /// sum is the one a loop per lag makes, to the bit). Four lags at a time, one SIMD lane
  /// each: one lag's sum is a chain of dependent additions, and four chains side by side
  /// take about the time of one.
  static func laggedProducts(_ signals: [[Double]], count n: Int, lags: ClosedRange<Int>)
    -> [Double]
  {
    var products = [Double](repeating: 0, count: lags.count)
    for signal in signals {
      signal.withUnsafeBufferPointer { x in
        var first = lags.lowerBound
        while first <= lags.upperBound {
          let width = min(4, lags.upperBound - first + 1)
          let slot = first - lags.lowerBound
          var sums = SIMD4<Double>()
          for lane in 0..<width { sums[lane] = products[slot + lane] }
          // Every lane's terms up to where the longest lag of the four runs out.
          let shared = max(0, n - (first + width - 1))
          if width == 4 {
            for i in 0..<shared {
              let j = i + first
              let later = SIMD4<Double>(x[j], x[j + 1], x[j + 2], x[j + 3])
              sums += SIMD4<Double>(repeating: x[i]) * later
            }
          } else {
            for i in 0..<shared {
              for lane in 0..<width { sums[lane] += x[i] * x[i + first + lane] }
            }
          }
          // Then each shorter lag's last terms, in order.
          for lane in 0..<width {
            var sum = sums[lane]
            for i in shared..<max(shared, n - first - lane) { sum += x[i] * x[i + first + lane] }
            products[slot + lane] = sum
          }
          first += width
        }
      }
    }
    return products
  }

  /// The 5th-95th percentile range of `x`.
  private static func spread(_ x: [Double]) -> Double {
    var sorted = x
    let last = Double(x.count - 1)
    let low = OrderStatistic.select(&sorted, rank: Int(last * 0.05))
    let high = OrderStatistic.select(&sorted, rank: Int(last * 0.95))
    return high - low
  }

  /// The tops and bottoms of the swings of `x` about zero: the highest sample of each stretch
  /// from where it rises past `mark` to where it falls below −`mark`, and the lowest of each
  /// stretch the other way. The marks make a rest (a plateau with noise on it) one extreme,
  /// however it jitters.
  static func swings(_ x: [Double], mark: Double) -> (tops: [Int], bottoms: [Int]) {
    guard mark > 0 else { return ([], []) }
    var (tops, bottoms) = ([Int](), [Int]())
    var high: Bool? = nil
    for (i, value) in x.enumerated() {
      if value > mark {
        if high != true {
          tops.append(i)
          high = true
        } else if value > x[tops[tops.count - 1]] {
          tops[tops.count - 1] = i
        }
      } else if value < -mark {
        if high != false {
          bottoms.append(i)
          high = false
        } else if value < x[bottoms[bottoms.count - 1]] {
          bottoms[bottoms.count - 1] = i
        }
      }
    }
    return (tops, bottoms)
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
      values.count(where: \.isFinite) * 2 >= values.count
    else { return nil }
    var result = SignalFilter.fillShortGaps(values, maxGap: values.count).values
    for i in 0..<first { result[i] = values[first] }
    for i in (last + 1)..<values.count { result[i] = values[last] }
    return result
  }
}
