import AuraSupport
import Foundation

/// Where a recording holds its set: the stretch in which its signals repeat, one rep like the
/// next. A watch's recording of a set also holds what came before and after it (walking to the
/// bench, lying down on it, picking the weights up, putting them down), which swings as much
/// as a rep, or more, but does not repeat. The signals (a limb's accelerometer axes, in one
/// unit) are taken together, each weighing as far as it swings, so that the axis a rep turns
/// through gravity leads. Each is first taken about its moving median over the longest period
/// (`SignalFilter.movingMedian`), which leaves a change of posture the step it is, so that the
/// changes of posture around the set do not hide it.
struct RepeatingStretch {
  /// The samples of the stretch, in the grid of the signals given.
  var samples: Range<Int>
  /// The period the signals repeat at over the whole span, seconds: the rep's, or a multiple
  /// of it where the median the signals are taken about wanders with smooth swings.
  var period: Double

  /// How alike one period of the signals and the next must be (their joint correlation).
  static let likeness = 0.7
  /// How much faster or slower the next rep may be: a set slows as it tires.
  static let tempoChange = 4.0 / 3.0
  /// The share of the span's larger swings (90th percentile, over one period) both periods
  /// must reach: flat stretches are alike without repeating a movement.
  static let swingShare = 0.1
  /// The longest pause within a set, in periods: runs of repeating reps closer than this are
  /// one set.
  static let pausePeriods = 3
  /// The fewest periods a run must span: one rep like the next (a run of about two periods)
  /// is not yet a rhythm, as a rhythm counts no set under three reps (`RepCountCheck`); two
  /// such pairs in a row span two and a half periods or more.
  static let shortestRun = 2.5

  /// The longest run of `signals` over `range` (sampled at `sampleRateHz`) in which each
  /// period swings and is followed by one like it (`likeness`, `tempoChange`, `swingShare`),
  /// runs closer than `pausePeriods` joined. The period is the signals' joint autocorrelation's
  /// (`RepRhythm.periodLag`) within `periods` seconds. Nil where no signal has half its samples,
  /// fewer than two periods fit, or nothing repeats.
  init?(
    _ signals: [[Double]], range: Range<Int>, sampleRateHz: Double,
    periods: ClosedRange<Double>
  ) {
    let factor = max(1, Int(sampleRateHz / RepRhythm.analysisRateHz))
    let rate = sampleRateHz / Double(factor)
    let lags = RepRhythm.lags(periods, rateHz: rate)
    let channels = signals.compactMap { values in
      RepRhythm.bridged(RepRhythm.blockMeans(values[range], factor: factor)).map { x in
        zip(x, SignalFilter.movingMedian(x, half: lags.upperBound / 2)).map { $0 - $1 }
      }
    }
    guard let (lag, _) = RepRhythm.periodLag(of: channels, lags: lags),
      let run = Self.repeatingRun(channels, lag: lag)
    else { return nil }
    let end = min(range.upperBound, range.lowerBound + run.upperBound * factor)
    samples = (range.lowerBound + run.lowerBound * factor)..<end
    period = Double(lag) / rate
  }

  /// The longest run in which each period of `lag` samples swings and is followed by one like
  /// it, runs closer than `pausePeriods` joined; nil where it spans under `shortestRun`
  /// periods.
  private static func repeatingRun(_ channels: [[Double]], lag: Int) -> Range<Int>? {
    let n = channels[0].count
    guard n >= 2 * lag else { return nil }
    var swing = [Double](repeating: 0, count: n)
    for channel in channels {
      let (low, high) = SetDetector.slidingExtremes(channel, radius: lag / 2)
      for i in 0..<n { swing[i] += high[i] - low[i] }
    }
    var sorted = swing
    let mark = Self.swingShare * OrderStatistic.select(&sorted, rank: Int(Double(n - 1) * 0.9))
    let shortest = max(1, Int((Double(lag) / Self.tempoChange).rounded()))
    let longest = Int((Double(lag) * Self.tempoChange).rounded())
    var repeating = [Bool](repeating: false, count: n)
    for start in 0...(n - 2 * lag) where swing[start + lag / 2] >= mark {
      let nextStarts = shortest...max(shortest, min(longest, n - lag - start))
      guard
        let next = nextStarts.first(where: {
          swing[$0 + start + lag / 2] >= mark
            && Self.likeness(channels, start, start + $0, length: lag) >= Self.likeness
        })
      else { continue }
      for i in start..<(start + next + lag) { repeating[i] = true }
    }
    let run = SetDetector.stretches(repeating, joinGap: Self.pausePeriods * lag).max {
      $0.count < $1.count
    }
    return run.flatMap { Double($0.count) >= Self.shortestRun * Double(lag) ? $0 : nil }
  }

  /// The joint correlation of the signals' stretches of `length` samples from `a` and from
  /// `b`, each stretch taken about its own mean.
  private static func likeness(_ channels: [[Double]], _ a: Int, _ b: Int, length: Int) -> Double {
    var (xy, xx, yy) = (0.0, 0.0, 0.0)
    for x in channels {
      let meanA = x[a..<(a + length)].reduce(0, +) / Double(length)
      let meanB = x[b..<(b + length)].reduce(0, +) / Double(length)
      for i in 0..<length {
        let (u, v) = (x[a + i] - meanA, x[b + i] - meanB)
        xy += u * v
        xx += u * u
        yy += v * v
      }
    }
    return xx > 0 && yy > 0 ? xy / (xx * yy).squareRoot() : 0
  }
}
