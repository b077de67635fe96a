import AuraDomain
import AuraSupport
import Foundation

/// A set's reps counted as the places where one of its own reps recurs: the accelerometer
/// axes of a limb, within the set's bounds, are cut into windows a rhythm's period long; each
/// window is matched against the whole set (normalized cross-correlation, summed over the
/// axes), and the window whose matches of at least `similarity` add up to the most is the
/// template, its matches the reps. Template matching (Pernek et al. 2013 count a phone's reps
/// so) reads the whole shape of a rep on all three axes at once: a forearm that passes the
/// same angle to gravity rising and lowering swings an axis twice a rep, and the swings about
/// a rep's ends move with the bounds, but the rep's shape recurs once a rep. Its parameters
/// were chosen on the Apple Watch sets' tuning split. Where the set's bounds are not given it
/// is not used: the walk to the station and the set-up match a template as well as reps do.
struct RepTemplate {
  /// The rhythm's period, seconds.
  var period: Double
  /// Where each matched rep starts and ends, samples of the signals it was found on.
  var reps: [Range<Int>]

  /// The rate the axes are matched at: a limb's rep lasts 0.8 s or more, and its axes are
  /// low-passed at 3 Hz (`ImuRhythmSignals`).
  static let matchingRateHz = 20.0
  /// The least normalized cross-correlation of a window with the template that is a rep.
  static let similarity = 0.6
  /// How far, as a share of the period, a rep may run past either bound of the set: a
  /// template that starts mid-rep matches the first and last reps only in part.
  static let overhang = 0.3
  /// The shortest distance between two reps, as a share of the period.
  static let spacing = 0.6
  /// The least movement of a rep, as a share of the median matched window's (its norm about
  /// its means): where the bounds hold rest around the reps, the rest and the template's
  /// overhang match a template of a rep's end and the rest after it.
  static let activity = 0.5
  /// How long a stretch the axes are levelled over before the period is read, seconds.
  static let levelling = 8.0

  /// The reps of the set over `range` of `axes` (each axis sampled at `sampleRateHz`, at
  /// least two of them), at a period within `periods`; nil where the axes do not repeat
  /// within that range, hold two periods or less, or lose samples.
  init?(
    axes: [[Double]], range: Range<Int>, sampleRateHz: Double, periods: ClosedRange<Double>
  ) {
    let step = max(1, Int((sampleRateHz / Self.matchingRateHz).rounded()))
    let rate = sampleRateHz / Double(step)
    let samples = Array(stride(from: range.lowerBound, to: range.upperBound, by: step))
    let signals = axes.map { axis in samples.map { axis[$0] } }
    guard signals.allSatisfy({ $0.allSatisfy(\.isFinite) }),
      let lag = Self.periodLag(signals, rate: rate, periods: periods),
      samples.count > 2 * lag
    else { return nil }
    let centred = signals.map { axis in
      let mean = axis.reduce(0, +) / Double(axis.count)
      return axis.map { $0 - mean }
    }
    let margin = Int(Self.overhang * Double(lag))
    let padded = centred.map { axis in
      Array(repeating: axis[0], count: margin) + axis
        + Array(repeating: axis[axis.count - 1], count: margin)
    }
    let matcher = WindowMatcher(padded, length: lag)
    var best: (score: Double, starts: [Int])?
    for start in stride(from: 0, to: samples.count - lag, by: max(1, lag / 4)) {
      let similarity = matcher.similarity(to: centred.map { Array($0[start..<(start + lag)]) })
      var starts = Self.peaks(
        similarity, above: Self.similarity, apart: max(1, Int(Self.spacing * Double(lag))))
      if !starts.isEmpty {
        var norms = starts.map { matcher.norms[$0] }
        let typical = OrderStatistic.median(&norms)
        starts.removeAll { matcher.norms[$0] < Self.activity * typical }
      }
      let score = starts.reduce(0) { $0 + similarity[$1] }
      if score > best?.score ?? 0 { best = (score, starts) }
    }
    guard let best else { return nil }
    period = Double(lag) / rate
    reps = best.starts.map { start in
      let first = max(0, start - margin)
      let last = min(samples.count - 1, start - margin + lag)
      return samples[first]..<(samples[last] + 1)
    }
  }

  /// The reps as segments on `times`. A limb's reps are counted, not timed: a rep turns
  /// halfway through its window, and which half lifts the load is not known.
  func segments(times: [Double], order: PhaseOrder) -> [RepSegmenter.Segment] {
    reps.map { rep in
      let (start, turn, end) = (
        rep.lowerBound, (rep.lowerBound + rep.upperBound - 1) / 2, rep.upperBound - 1
      )
      let rising = times[start]...times[turn]
      let falling = times[turn]...times[end]
      return RepSegmenter.Segment(
        eccentric: order == .eccentricFirst ? rising : falling,
        concentric: order == .eccentricFirst ? falling : rising, samples: start...end)
    }
  }

  /// The lag, samples, of the highest peak within `periods` of the axes' summed
  /// autocorrelation, each axis taken about its moving mean over `levelling`. Not
  /// `RepRhythm.periodLag`: its first peak near the highest gives templates that count the
  /// generator's bounded watch sets exactly less often.
  private static func periodLag(_ axes: [[Double]], rate: Double, periods: ClosedRange<Double>)
    -> Int?
  {
    let count = axes[0].count
    let lowest = Int((periods.lowerBound * rate).rounded(.up))
    let highest = min(count - 2, Int(periods.upperBound * rate))
    guard lowest >= 1, highest > lowest else { return nil }
    let half = Int(Self.levelling * rate / 2)
    var correlation = [Double](repeating: 0, count: highest + 2)
    for axis in axes {
      let level = SignalFilter.movingMean(axis, half: half)
      let values = zip(axis, level).map { $0 - $1 }
      for lag in 0...(highest + 1) {
        var sum = 0.0
        for i in 0..<(count - lag) { sum += values[i] * values[i + lag] }
        correlation[lag] += sum
      }
    }
    guard correlation[0] > 0 else { return nil }
    // Typed closures: inferred, these comparisons took seconds to type-check.
    let isPeak = { (lag: Int) -> Bool in
      let value: Double = correlation[lag]
      return value > correlation[lag - 1] && value >= correlation[lag + 1]
    }
    let peak = (lowest...highest).filter(isPeak).max { (a: Int, b: Int) -> Bool in
      correlation[a] < correlation[b]
    }
    return peak
  }

  /// The local maxima of `values` at or above `floor`, the highest first taken and none
  /// nearer than `apart` samples to a higher one, in order.
  private static func peaks(_ values: [Double], above floor: Double, apart: Int) -> [Int] {
    guard values.count >= 3 else { return [] }
    let candidates = (1..<(values.count - 1)).filter { (index: Int) -> Bool in
      let value: Double = values[index]
      return value >= floor && value > values[index - 1] && value >= values[index + 1]
    }
    var kept: [Int] = []
    for candidate in candidates.sorted(by: { values[$0] > values[$1] })
    where kept.allSatisfy({ abs($0 - candidate) >= apart }) {
      kept.append(candidate)
    }
    return kept.sorted()
  }
}

/// The normalized cross-correlation of a multi-axis template with every window of signals of
/// its length: each window and the template taken about their own means on each axis, their
/// products summed over time and axes, over the product of their norms.
private struct WindowMatcher {
  let signals: [[Double]]
  let length: Int
  /// Each window's norm about its means.
  let norms: [Double]

  init(_ signals: [[Double]], length: Int) {
    self.signals = signals
    self.length = length
    let windows = signals[0].count - length + 1
    var squares = [Double](repeating: 0, count: max(0, windows))
    for axis in signals {
      var sum = 0.0
      var sumOfSquares = 0.0
      for i in 0..<length {
        sum += axis[i]
        sumOfSquares += axis[i] * axis[i]
      }
      for start in 0..<windows {
        if start > 0 {
          let (leaving, entering) = (axis[start - 1], axis[start + length - 1])
          sum += entering - leaving
          sumOfSquares += entering * entering - leaving * leaving
        }
        squares[start] += max(0, sumOfSquares - sum * sum / Double(length))
      }
    }
    norms = squares.map { $0.squareRoot() }
  }

  /// The similarity of `template` (one window per axis) to each window.
  func similarity(to template: [[Double]]) -> [Double] {
    let centred = template.map { axis in
      let mean = axis.reduce(0, +) / Double(axis.count)
      return axis.map { $0 - mean }
    }
    let templateNorm = centred.reduce(0) { $0 + $1.reduce(0) { $0 + $1 * $1 } }.squareRoot()
    // Each template sample's products with every window at once: contiguous runs that the
    // compiler vectorizes, where a window at a time would not be.
    var products = [Double](repeating: 0, count: norms.count)
    products.withUnsafeMutableBufferPointer { products in
      for (axis, shape) in zip(signals, centred) {
        axis.withUnsafeBufferPointer { axis in
          for (offset, weight) in shape.enumerated() {
            for start in products.indices { products[start] += weight * axis[start + offset] }
          }
        }
      }
    }
    return norms.indices.map { products[$0] / (norms[$0] * templateNorm + 1e-12) }
  }
}
