import AuraDomain
import Foundation

/// Finds repetitions in the vertical position of the load with hysteresis: a rep is an
/// excursion from the rest position past 30 % of the set's travel and back past 70 %, lasting
/// at least a minimum time. Phase boundaries are found separately for each phase where the
/// velocity leaves and re-enters a small still band, then moved to the nearest velocity minimum,
/// so pauses never split or merge reps.
struct RepSegmenter {
  struct Settings {
    /// Speed below which the load counts as still, m/s.
    var stillVelocity: Double
    /// Smallest travel of the load that can be a rep, metres.
    var minimumTravel: Double
    /// Shortest rep, seconds.
    var minimumRepSeconds: Double
  }

  /// One rep's phase boundaries as sample indices and as times (seconds).
  struct Segment {
    var start: Int
    var end: Int
    var eccentric: ClosedRange<Int>
    var concentric: ClosedRange<Int>
    var eccentricTimes: ClosedRange<Double>
    var concentricTimes: ClosedRange<Double>
  }

  let settings: Settings

  /// Segments reps of `height` (metres) over `range` of samples, with `velocity` its derivative.
  func segment(
    height: [Double], velocity: [Double], times: [Double], range: Range<Int>, order: PhaseOrder,
    sampleRateHz: Double
  ) -> [Segment] {
    let window = range.filter { height[$0].isFinite && velocity[$0].isFinite }
    guard window.count > 4 else { return [] }
    let sorted = window.map { height[$0] }.sorted()
    let low = sorted[Int(Double(sorted.count - 1) * 0.03)]
    let high = sorted[Int(Double(sorted.count - 1) * 0.97)]
    let travel = high - low
    guard travel >= settings.minimumTravel else { return [] }
    let lowMark = low + 0.3 * travel
    let highMark = low + 0.7 * travel
    let restHigh = order == .eccentricFirst
    // Excursions: leave the rest side past the far mark, come back past the near mark.
    var excursions: [(away: Int, back: Int)] = []
    var awayIndex: Int? = nil
    for i in window {
      let y = height[i]
      if let away = awayIndex {
        if restHigh ? y > highMark : y < lowMark {
          excursions.append((away, i))
          awayIndex = nil
        }
      } else if restHigh ? y < lowMark : y > highMark {
        awayIndex = i
      }
    }
    var segments: [Segment] = []
    let lowerBound = range.lowerBound
    let upperBound = range.upperBound - 1
    for excursion in excursions {
      // The first phase contains the "away" crossing; the second the "back" crossing.
      let firstSign: Double = restHigh ? -1 : 1
      let first = phase(
        around: excursion.away, sign: firstSign, velocity: velocity, lower: lowerBound,
        upper: upperBound)
      let second = phase(
        around: excursion.back, sign: -firstSign, velocity: velocity, lower: lowerBound,
        upper: upperBound)
      guard first.lowerBound < second.lowerBound else { continue }
      let duration = Double(second.upperBound - first.lowerBound) / sampleRateHz
      guard duration >= settings.minimumRepSeconds else { continue }
      let eccentric = restHigh ? first : second
      let concentric = restHigh ? second : first
      if let previous = segments.last, first.lowerBound < previous.end { continue }
      segments.append(
        Segment(
          start: first.lowerBound, end: second.upperBound, eccentric: eccentric,
          concentric: concentric,
          eccentricTimes: times[eccentric.lowerBound]...times[eccentric.upperBound],
          concentricTimes: times[concentric.lowerBound]...times[concentric.upperBound]))
    }
    return segments
  }

  /// The phase moving in direction `sign` that contains sample `index`: extends both ways while
  /// the velocity stays beyond the still band, then on to the nearest minimum of speed.
  private func phase(around index: Int, sign: Double, velocity: [Double], lower: Int, upper: Int)
    -> ClosedRange<Int>
  {
    let threshold = settings.stillVelocity
    var start = index
    while start > lower, sign * velocity[start - 1] > threshold { start -= 1 }
    while start > lower, sign * velocity[start - 1] > 0,
      abs(velocity[start - 1]) < abs(velocity[start])
    { start -= 1 }
    var end = index
    while end < upper, sign * velocity[end + 1] > threshold { end += 1 }
    while end < upper, sign * velocity[end + 1] > 0, abs(velocity[end + 1]) < abs(velocity[end]) {
      end += 1
    }
    return start...end
  }
}
