import AuraDomain
import AuraSupport
import Foundation

/// Reps read from a set's rhythm (`RepRhythm`): one per turning point of the signal's cycles,
/// each from the rest extreme before it to the one after it.
struct RhythmReps: Equatable {
  /// How the extreme a rep turns at is told.
  enum Side: Equatable, Sendable {
    /// From the exercise: a signal that rises with the load (its correlation with the timing
    /// signal, which does) turns at its tops in exercises that lift first and at its bottoms
    /// in those that lower first.
    case byTiming
    /// The fewer of the extremes, where the signal's sign says nothing of the load's way (an
    /// accelerometer axis): a set resting at one extreme shows one more of it than it has reps.
    case fewerExtremes
    /// The way the signal skews: a limb resting through the other side's reps of an
    /// alternating exercise dwells at its rest far longer than at its turns, which are brief
    /// excursions from it, however many of its rests the set's edges show.
    case briefExcursions
  }

  let rhythm: RepRhythm
  let turnsAtTops: Bool

  /// The rhythm of `signal` over `range`, its turning side told as `side` says, for an
  /// exercise moving in `order` whose timing signal (rising with the load) is `timing`.
  init(
    _ rhythm: RepRhythm, signal: [Double], side: Side, timing: [Double], order: PhaseOrder,
    range: Range<Int>
  ) {
    self.rhythm = rhythm
    switch side {
    case .byTiming:
      turnsAtTops = Self.risesWith(signal, timing, range: range) == (order == .concentricFirst)
    case .fewerExtremes:
      turnsAtTops = rhythm.tops.count <= rhythm.bottoms.count
    case .briefExcursions:
      turnsAtTops = Self.skew(signal[range].filter(\.isFinite)) >= 0
    }
  }

  /// The third central moment of `x`: its sign is the way its long tail points.
  private static func skew(_ x: [Double]) -> Double {
    guard !x.isEmpty else { return 0 }
    let mean = x.reduce(0, +) / Double(x.count)
    return x.reduce(0) { $0 + pow($1 - mean, 3) } / Double(x.count)
  }

  /// The samples the reps turn at.
  var turns: [Int] { turnsAtTops ? rhythm.tops : rhythm.bottoms }

  /// The reps on `signal` over `range` of the grid `times`, sampled at `sampleRateHz`, their
  /// phases in `order`.
  func segments(
    signal: [Double], order: PhaseOrder, times: [Double], sampleRateHz: Double, range: Range<Int>
  ) -> [RepSegmenter.Segment] {
    let turns = turns
    guard !turns.isEmpty else { return [] }
    // The rest extreme of the signal between two samples (its lowest finite sample where reps
    // turn at tops); `fallback` where there is no sample between them.
    func rest(_ samples: Range<Int>, fallback: Int) -> Int {
      guard !samples.isEmpty else { return fallback }
      return samples.filter { signal[$0].isFinite }.min {
        turnsAtTops ? signal[$0] < signal[$1] : signal[$0] > signal[$1]
      } ?? samples.lowerBound + samples.count / 2
    }
    let reach = Int((rhythm.period * sampleRateHz).rounded())
    let first = turns[0]
    var bounds = [rest(max(range.lowerBound, first - reach)..<first, fallback: first)]
    for (turn, next) in zip(turns, turns.dropFirst()) {
      bounds.append(rest((turn + 1)..<next, fallback: turn))
    }
    let last = turns[turns.count - 1]
    bounds.append(
      rest((last + 1)..<min(range.upperBound, signal.count, last + reach + 1), fallback: last))
    return turns.indices.map { i in
      let (start, turn, end) = (bounds[i], turns[i], bounds[i + 1])
      let rising = times[start]...times[turn]
      let falling = times[turn]...times[end]
      return RepSegmenter.Segment(
        eccentric: order == .eccentricFirst ? rising : falling,
        concentric: order == .eccentricFirst ? falling : rising, samples: start...end)
    }
  }

  /// Whether `a` rises with `b` over `range` (on the samples both know): the sign of their
  /// covariance, true where it cannot be told.
  private static func risesWith(_ a: [Double], _ b: [Double], range: Range<Int>) -> Bool {
    let known = range.filter { a[$0].isFinite && b[$0].isFinite }
    guard let line = LeastSquaresLine(x: known.map { b[$0] }, y: known.map { a[$0] }) else {
      return true
    }
    return line.sxy >= 0
  }
}
