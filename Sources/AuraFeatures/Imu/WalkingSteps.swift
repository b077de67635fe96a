import Foundation

/// Where a watch's wearer walks. A walk to the bench swings the arm as regularly as reps and
/// as far, but every step also bounces the body: the acceleration's magnitude pulses at the
/// walking cadence, one pulse a step, far faster than a lift's reps. Walking is found as
/// pedometers find it (Rai et al. 2012, "Zee"): the magnitude's normalised autocorrelation
/// over a few seconds peaks at a step's period. Where a set's repeating stretch is a walk
/// (`RepCountCheck`), the signals are bridged over the walks, so that the arm's swings are not
/// read as reps.
enum WalkingSteps {
  /// A step's period, seconds: cadences of 80 to 170 steps a minute.
  static let stepPeriods = 0.35...0.75
  /// The seconds each look at the magnitude spans: four steps at the slowest cadence.
  static let windowSeconds = 3.0
  /// The autocorrelation at a step's period from which the magnitude pulses with steps.
  static let regularity = 0.6
  /// The autocorrelation two steps on: walking pulses step after step.
  static let repeatedRegularity = 0.4
  /// The least bounce of walking, g (root mean square about the magnitude's mean over a
  /// second): below it a wrist at rest, or a sensor's noise, may repeat by chance.
  static let bounceG = 0.03
  /// The rate the magnitude is looked at, Hz: ample for a cadence under 3 Hz.
  static let analysisRateHz = 25.0

  /// The samples of `magnitude` (the acceleration's, in g, low-passed, at `sampleRateHz`)
  /// where the wearer walks.
  static func mask(magnitude: [Double], sampleRateHz: Double) -> [Bool] {
    let n = magnitude.count
    let factor = max(1, Int(sampleRateHz / analysisRateHz))
    let rate = sampleRateHz / Double(factor)
    guard let level = RepRhythm.bridged(RepRhythm.blockMeans(magnitude[...], factor: factor))
    else { return Array(repeating: false, count: n) }
    let mean = SignalFilter.movingMean(level, half: Int(rate / 2))
    let bounce = zip(level, mean).map { $0 - $1 }
    let window = Int(windowSeconds * rate)
    let lags = max(1, Int(stepPeriods.lowerBound * rate))...Int(stepPeriods.upperBound * rate)
    var walking = [Bool](repeating: false, count: n)
    let reach = 2 * lags.upperBound + 1
    guard bounce.count > window + reach else { return walking }
    // Running sums of squares: every window's energy, and each lag's, cost nothing more.
    var squares = [0.0]
    squares.reserveCapacity(bounce.count + 1)
    for value in bounce { squares.append(squares[squares.count - 1] + value * value) }
    func energy(_ from: Int, _ count: Int) -> Double { squares[from + count] - squares[from] }
    let half = window / 2
    for start in stride(from: 0, through: bounce.count - window - reach, by: 2) {
      // Both halves of the window bounce: it lies on the walk, not beside it.
      guard
        [start, start + half].allSatisfy({
          energy($0, half) / Double(half) >= bounceG * bounceG
        })
      else { continue }
      let own = energy(start, window)
      let correlation = (0...reach).map { lag in
        var xy = 0.0
        for i in start..<(start + window) { xy += bounce[i] * bounce[i + lag] }
        let shifted = energy(start + lag, window)
        return shifted > 0 ? xy / (own * shifted).squareRoot() : 0
      }
      // A step's period is a peak that the steps repeat: the magnitude swings below its
      // mean between steps and pulses again two steps on. One jolt of a rep, a swing and a
      // half, peaks once.
      let steps = lags.contains { lag in
        correlation[lag] >= regularity && correlation[lag] >= correlation[lag - 1]
          && correlation[lag] >= correlation[lag + 1]
          && (correlation[1..<lag].min() ?? 0) <= -regularity / 3
          && correlation[2 * lag] >= repeatedRegularity
      }
      guard steps else { continue }
      for i in (start * factor)..<min(n, (start + window) * factor) { walking[i] = true }
    }
    return walking
  }

  /// Each of `signals` with its values where `walking` bridged linearly between the values
  /// either side (`SignalFilter.fillShortGaps`), held at an end.
  static func bridged(_ signals: [[Double]], over walking: [Bool]) -> [[Double]] {
    guard let first = walking.firstIndex(of: false), let last = walking.lastIndex(of: false),
      walking.contains(true)
    else { return signals }
    return signals.map { values in
      let filled = SignalFilter.fillShortGaps(
        zip(values, walking).map { $1 ? .nan : $0 }, maxGap: values.count
      ).values
      return values.indices.map { i in
        guard walking[i] else { return values[i] }
        return i < first ? values[first] : i > last ? values[last] : filled[i]
      }
    }
  }
}
