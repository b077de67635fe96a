import AuraDomain
import AuraSupport
import Foundation

/// Finds repetitions in the vertical position of the load.
///
/// Counting uses hysteresis: a rep is an excursion from the rest side past 70 % of the set's
/// travel (3rd to 97th percentile) and back past 30 %, so a pause, a sticking point or noise
/// never splits or merges reps, and small movements (unracking, walking out, settling the
/// bar) are never reps. Each rep must also last `minimumRepSeconds` and move at least
/// `minimumTravel` metres.
///
/// The boundaries of each phase are then found separately (`PhaseBoundary`) and refined by
/// fitting the whole rep at once (`RepFit`), so the eccentric, pause and concentric durations
/// do not depend on a velocity threshold. They are found on a timing signal: the primary
/// joint's angle, turned to rise with the load. Near lockout a joint's angle changes at first
/// order while the load's height changes only at second order (the cosine of a nearly straight
/// joint), so on the height alone a phase seems to start about 0.2 s late at the top.
struct RepSegmenter {
  struct Settings {
    /// Smallest travel of the load that can be a rep, metres.
    var minimumTravel: Double
    /// Shortest rep, seconds.
    var minimumRepSeconds: Double
  }

  /// One rep: its phases in seconds, the samples it spans, and the load's concentric travel.
  struct Segment {
    var eccentric: ClosedRange<Double>
    var concentric: ClosedRange<Double>
    var samples: ClosedRange<Int>
    /// The motion laws the timing signal follows over each phase.
    var concentricLaw: MotionLaw = .halfway
    var eccentricLaw: MotionLaw = .halfway
    /// The phase of the rep that a drifting height flattened (a slow leg taken for rest,
    /// `swingExcursions`), if any: it spans the halfway mark to the turning point, its
    /// duration is unknown (`ImuRepMeasurer` imputes one), and a velocity integrated from the
    /// wrong zero-velocity point is not the load's.
    var flattened: Phase? = nil

    /// The load going down, and going up.
    enum Phase { case eccentric, concentric }

    /// The times of `phase`.
    subscript(_ phase: Phase) -> ClosedRange<Double> {
      get { phase == .eccentric ? eccentric : concentric }
      set {
        if phase == .eccentric { eccentric = newValue } else { concentric = newValue }
      }
    }

    /// The span around segment `number` of `segments`: `margin` seconds either side of it, and
    /// no further than halfway to its neighbours. A neighbour may overlap it when fitted, so
    /// the span need not cover the segment; it is never inverted (a neighbour reaching past
    /// the segment's far side leaves a span of one instant at its halfway mark).
    static func surroundings(of number: Int, in segments: [Segment], margin: Double) -> (
      lower: Double, upper: Double
    ) {
      let times = segments[number].times
      let previousEnd = number > 0 ? segments[number - 1].times.upperBound : -Double.infinity
      let nextStart =
        number + 1 < segments.count ? segments[number + 1].times.lowerBound : Double.infinity
      let lower = max(times.lowerBound - margin, (previousEnd + times.lowerBound) / 2)
      let upper = min(times.upperBound + margin, (times.upperBound + nextStart) / 2)
      return (lower, max(lower, upper))
    }

    /// From the first movement to the end of the last phase.
    var times: ClosedRange<Double> {
      min(
        eccentric.lowerBound, concentric.lowerBound)...max(
          eccentric.upperBound, concentric.upperBound)
    }
    /// Moves the end of the rep's last phase to `t`.
    mutating func setEnd(_ t: Double) {
      if eccentric.upperBound >= concentric.upperBound {
        eccentric = min(eccentric.lowerBound, t)...t
      } else {
        concentric = min(concentric.lowerBound, t)...t
      }
    }

    /// Moves the start of the rep's first phase to `t`.
    mutating func setStart(_ t: Double) {
      if eccentric.lowerBound <= concentric.lowerBound {
        eccentric = t...max(eccentric.upperBound, t)
      } else {
        concentric = t...max(concentric.upperBound, t)
      }
    }

    /// Sets the rep's phases from their fits in the order they happen, and the concentric
    /// phase's law; overlapping phases meet halfway, inside the rep (a fit may overshoot the
    /// other's end), and none reaches past the recording (a rep at its very start or end is
    /// fitted past it). The samples span the rep.
    mutating func setPhases(
      _ firstFit: PhaseBoundary.Fit, _ secondFit: PhaseBoundary.Fit, order: PhaseOrder,
      times: [Double]
    ) {
      let (start, end) = (times.first ?? -.infinity, times.last ?? .infinity)
      let first = max(firstFit.range.lowerBound, start)...max(firstFit.range.upperBound, start)
      let second = min(secondFit.range.lowerBound, end)...min(secondFit.range.upperBound, end)
      concentricLaw = order == .eccentricFirst ? secondFit.law : firstFit.law
      eccentricLaw = order == .eccentricFirst ? firstFit.law : secondFit.law
      var firstEnd = first.upperBound
      var secondStart = second.lowerBound
      if secondStart < firstEnd {
        let middle = min(max((secondStart + firstEnd) / 2, first.lowerBound), second.upperBound)
        firstEnd = middle
        secondStart = middle
      }
      let firstPhase = first.lowerBound...firstEnd
      let secondPhase = secondStart...second.upperBound
      (eccentric, concentric) =
        order == .eccentricFirst ? (firstPhase, secondPhase) : (secondPhase, firstPhase)
      let startIndex = RepSegmenter.index(of: first.lowerBound, in: times, from: samples.lowerBound)
      let endIndex = RepSegmenter.index(of: second.upperBound, in: times, from: samples.upperBound)
      samples = startIndex...max(startIndex, endIndex)
    }

    /// Dwell at the turning point between the two phases.
    var pause: Double {
      max(concentric.lowerBound, eccentric.lowerBound)
        - min(
          eccentric.upperBound, concentric.upperBound)
    }
  }

  let settings: Settings

  /// A signal with the standard deviation of its noise.
  struct Signal {
    var values: [Double]
    var noise: Double
    /// The signal before low-pass filtering, where it was filtered: whole reps are refitted on
    /// it (`RepFit`), as the filter widens every phase.
    var unfiltered: [Double]? = nil
    /// The smoothest motion law its phases may follow: a joint angle's are human
    /// (`MotionLaw.human`), a load's height may arrive flatter.
    var smoothest = MotionLaw.any
    /// Whether its level wanders within a set (a height integrated from an accelerometer):
    /// reps are then counted on its swings (`turningPoints`), not against fixed marks.
    var drifts = false
  }

  /// Segments reps of `height` (metres, NaN where unknown) over `range` of samples, timing
  /// the phases on `timing` (rising with the load; the height itself when nil).
  func segment(
    height: Signal, timing: Signal? = nil, times: [Double], range: Range<Int>, order: PhaseOrder
  ) -> [Segment] {
    let timing = timing ?? height
    let y = height.values
    let window = range.filter { y[$0].isFinite }
    guard window.count > 4 else { return [] }
    var values = window.map { y[$0] }
    let low = OrderStatistic.select(&values, rank: Int(Double(values.count - 1) * 0.03))
    let high = OrderStatistic.select(&values, rank: Int(Double(values.count - 1) * 0.97))
    guard high - low >= settings.minimumTravel else { return [] }
    let excursions =
      height.drifts
      ? Self.swingExcursions(
        y, window: window, minimum: max(settings.minimumTravel, 0.2 * (high - low)),
        restHigh: order == .eccentricFirst)
      : Self.excursions(
        y, window: window, lowMark: low + 0.3 * (high - low),
        highMark: low + 0.7 * (high - low), restHigh: order == .eccentricFirst)
    var timed: [Timed] = []
    for (number, excursion) in excursions.enumerated() {
      let before = number > 0 ? excursions[number - 1].back : range.lowerBound
      let after = number + 1 < excursions.count ? excursions[number + 1].away : range.upperBound - 1
      // Where the timing signal cannot time the rep (a joint hidden), the height does.
      guard
        let rep = measure(
          height: height, timing: timing, times: times, excursion: excursion, before: before,
          after: after, order: order)
          ?? measure(
            height: height, timing: height, times: times, excursion: excursion, before: before,
            after: after, order: order)
      else { continue }
      timed.append(rep)
    }
    var segments: [Segment] = []
    let found = timed.map(\.segment)
    for (number, rep) in timed.enumerated() {
      var segment = rep.segment
      // The whole rep refitted over its samples and up to halfway to its neighbours.
      let span = Segment.surroundings(of: number, in: found, margin: 0.4)
      let lower = Self.index(of: span.lower, in: times, from: segment.samples.lowerBound)
      let upper = Self.index(of: span.upper, in: times, from: segment.samples.upperBound)
      let window = lower...upper
      if segment.flattened == nil,
        let refined = RepFit.refine(
          rep.signal.unfiltered ?? rep.signal.values, times: times, window: window,
          first: rep.first, second: rep.second, smoothest: rep.signal.smoothest)
      {
        segment.setPhases(refined.first, refined.second, order: order, times: times)
      }
      // Timing never changes the count: overlapping neighbours meet halfway.
      if let previous = segments.last, segment.times.lowerBound < previous.times.upperBound {
        let middle = (segment.times.lowerBound + previous.times.upperBound) / 2
        segments[segments.count - 1].setEnd(middle)
        segment.setStart(middle)
      }
      segments.append(segment)
    }
    return segments
  }

  /// A rep as first timed: its segment, each phase's fit and the signal they were fitted on.
  private struct Timed {
    var segment: Segment
    var first: PhaseBoundary.Fit
    var second: PhaseBoundary.Fit
    var signal: Signal
  }

  /// Excursions from the rest side: the sample where the load passes the mark far from rest
  /// ("away") and where it next passes the mark near rest coming back ("back"). Rest is high
  /// when the rep starts at the top (squat, bench press) and low when it starts at the bottom.
  private static func excursions(
    _ height: [Double], window: [Int], lowMark: Double, highMark: Double, restHigh: Bool
  ) -> [(away: Int, back: Int)] {
    var found: [(away: Int, back: Int)] = []
    var away: Int? = nil
    let awayMark = restHigh ? lowMark : highMark
    let backMark = restHigh ? highMark : lowMark
    for i in window {
      let y = height[i]
      if let start = away {
        if restHigh ? y > backMark : y < backMark {
          found.append((start, i))
          away = nil
        }
      } else if restHigh ? y < awayMark : y > awayMark {
        away = i
      }
    }
    return found
  }

  /// Excursions of a signal whose level wanders: from the swings between its turning points
  /// at least `minimum` apart, the typical one (their median) is found, and every swing of at
  /// least 40 % of it turns. Each far turning point between two rest-side ones whose longer
  /// side swings at least 70 % of the typical one is a rep (a failed attempt stalls short of
  /// that on both sides), from where the signal passes halfway to it ("away") to where it
  /// passes halfway back. Swings, not fixed marks, because an integrated height's level can
  /// move by a third of the travel between a set's first and last rep (a slow eccentric
  /// partly taken for rest); the window's edges stand for a flattened first or last leg's
  /// turning point.
  static func swingExcursions(
    _ y: [Double], window: [Int], minimum: Double, restHigh: Bool
  ) -> [(away: Int, back: Int)] {
    let first = turningPoints(y, window: window, threshold: minimum)
    var swings = zip(first, first.dropFirst()).map { abs(y[$0.index] - y[$1.index]) }
    guard !swings.isEmpty else { return [] }
    let typical = OrderStatistic.select(&swings, rank: swings.count / 2)
    var points = turningPoints(y, window: window, threshold: max(minimum / 2, 0.4 * typical))
    // A slow leg next to the rest before or after the set can be taken for rest itself and
    // integrated flat, so the set starts (or ends) at a far turning point: the window's edge
    // stands for the unseen rest-side one, and the rep is judged on its other leg.
    if let first = points.first, let start = window.first, first.high != restHigh,
      start < first.index
    {
      points.insert((start, restHigh), at: 0)
    }
    if let last = points.last, let end = window.last, last.high != restHigh, end > last.index {
      points.append((end, restHigh))
    }
    // The first sample after `from` past the mark halfway to `to`.
    func halfway(_ from: Int, _ to: Int) -> Int? {
      let mark = (y[from] + y[to]) / 2
      return (from...to).first { y[to] < y[from] ? y[$0] <= mark : y[$0] >= mark }
    }
    var found: [(away: Int, back: Int)] = []
    for k in points.indices.dropFirst().dropLast() where points[k].high != restHigh {
      let (before, far, after) = (points[k - 1].index, points[k].index, points[k + 1].index)
      guard max(abs(y[far] - y[before]), abs(y[far] - y[after])) >= 0.7 * typical else {
        continue
      }
      guard let away = halfway(before, far), let back = halfway(far, after) else { continue }
      found.append((away, back))
    }
    return found
  }

  /// Alternate highs and lows of `y` over `window` (finite samples, in order), each at least
  /// `threshold` from the one before: a zigzag that follows the signal and turns only when it
  /// has come back `threshold` from its latest extreme.
  static func turningPoints(_ y: [Double], window: [Int], threshold: Double) -> [(
    index: Int, high: Bool
  )] {
    guard let start = window.first else { return [] }
    var points: [(index: Int, high: Bool)] = []
    var rising: Bool? = nil
    var (highest, lowest, candidate) = (start, start, start)
    for i in window {
      switch rising {
      case nil:
        if y[i] > y[highest] { highest = i }
        if y[i] < y[lowest] { lowest = i }
        if y[highest] - y[lowest] >= threshold {
          let up = highest > lowest
          points.append(up ? (lowest, false) : (highest, true))
          (rising, candidate) = (up, up ? highest : lowest)
        }
      case true?:
        if y[i] > y[candidate] {
          candidate = i
        } else if y[candidate] - y[i] >= threshold {
          points.append((candidate, true))
          (rising, candidate) = (false, i)
        }
      case false?:
        if y[i] < y[candidate] {
          candidate = i
        } else if y[i] - y[candidate] >= threshold {
          points.append((candidate, false))
          (rising, candidate) = (true, i)
        }
      }
    }
    if let rising { points.append((candidate, rising)) }
    return points
  }

  /// The phases of one excursion. `before` and `after` bound the rest on either side (the
  /// neighbouring reps' crossings).
  private func measure(
    height: Signal, timing: Signal, times: [Double], excursion: (away: Int, back: Int),
    before: Int, after: Int, order: PhaseOrder
  ) -> Timed? {
    let restHigh = order == .eccentricFirst
    let y = height.values
    // The load's rest levels before and after and its far turning point give the travel.
    let noise = height.noise
    guard let restBefore = Self.level(y, before...excursion.away, highest: restHigh, noise: noise),
      let turn = Self.level(y, excursion.away...excursion.back, highest: !restHigh, noise: noise),
      let restAfter = Self.level(y, excursion.back...after, highest: restHigh, noise: noise)
    else { return nil }
    let firstTravel = abs(restBefore.value - turn.value)
    let secondTravel = abs(restAfter.value - turn.value)
    // A drifting height's reps were already judged on their swings, one of whose legs may
    // have been flattened (`swingExcursions`).
    let travel = height.drifts ? max(firstTravel, secondTravel) : min(firstTravel, secondTravel)
    guard travel >= settings.minimumTravel else { return nil }
    // The same levels on the timing signal time the phases.
    let t = timing.values
    let tNoise = timing.noise
    guard let tBefore = Self.level(t, before...excursion.away, highest: restHigh, noise: tNoise),
      let tTurn = Self.level(t, excursion.away...excursion.back, highest: !restHigh, noise: tNoise),
      let tAfter = Self.level(t, excursion.back...after, highest: restHigh, noise: tNoise),
      t[excursion.away].isFinite, t[excursion.back].isFinite
    else { return nil }
    // A flattened leg (a drifting height's only) is not fitted (`Segment.flattened`).
    let flattenedFirst = firstTravel < secondTravel
    let flattened: Segment.Phase? =
      min(firstTravel, secondTravel) >= settings.minimumTravel
      ? nil : flattenedFirst == restHigh ? .eccentric : .concentric
    let turnTime = times[tTurn.index]
    guard
      let first = flattened != nil && flattenedFirst
        ? PhaseBoundary.Fit(range: min(times[excursion.away], turnTime)...turnTime, law: .halfway)
        : PhaseBoundary.fit(
          t, times: times, inside: excursion.away, lower: tBefore.index, upper: tTurn.index,
          from: tBefore.value, to: tTurn.value, smoothest: timing.smoothest),
      let second = flattened != nil && !flattenedFirst
        ? PhaseBoundary.Fit(range: turnTime...max(times[excursion.back], turnTime), law: .halfway)
        : PhaseBoundary.fit(
          t, times: times, inside: excursion.back, lower: tTurn.index, upper: tAfter.index,
          from: tTurn.value, to: tAfter.value, smoothest: timing.smoothest)
    else { return nil }
    guard
      flattened != nil
        || second.range.upperBound - first.range.lowerBound >= settings.minimumRepSeconds
    else {
      return nil
    }
    var segment = Segment(
      eccentric: 0...0, concentric: 0...0, samples: excursion.away...excursion.back)
    segment.setPhases(first, second, order: order, times: times)
    segment.flattened = flattened
    return Timed(segment: segment, first: first, second: second, signal: timing)
  }

  /// The level the signal dwells at around its highest (or lowest) point in `range`: the mean
  /// of the samples within six noise deviations of that extreme. The noise estimate (from
  /// second differences) misses the slow wander of a filtered joint at rest, so a narrower
  /// band (three deviations) kept only the samples near the extreme: the level overshot and
  /// both phases came out long (concentric by 0.034 s on average, against 0.019 s with six on
  /// the same low-noise data). The index is the extreme's.
  private static func level(_ y: [Double], _ range: ClosedRange<Int>, highest: Bool, noise: Double)
    -> (index: Int, value: Double)?
  {
    guard let peak = extreme(y, range, highest: highest) else { return nil }
    var sum = 0.0
    var count = 0
    for i in range where y[i].isFinite && abs(y[i] - peak.value) <= 6 * noise {
      sum += y[i]
      count += 1
    }
    return (peak.index, sum / Double(count))
  }

  /// The highest (or lowest) finite sample in `range` and its index.
  private static func extreme(_ y: [Double], _ range: ClosedRange<Int>, highest: Bool) -> (
    index: Int, value: Double
  )? {
    var best: (index: Int, value: Double)? = nil
    for i in range where y[i].isFinite {
      if let current = best, highest ? y[i] <= current.value : y[i] >= current.value { continue }
      best = (i, y[i])
    }
    return best
  }

  /// The sample nearest time `t`, searching from `start`.
  static func index(of t: Double, in times: [Double], from start: Int) -> Int {
    var i = min(max(0, start), times.count - 1)
    while i > 0, times[i] > t { i -= 1 }
    while i + 1 < times.count, times[i + 1] <= t { i += 1 }
    if i + 1 < times.count, times[i + 1] - t < t - times[i] { i += 1 }
    return i
  }
}
