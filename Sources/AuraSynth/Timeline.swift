import Foundation

/// Progress through a movement over time: piecewise segments from one progress value to
/// another with a smooth profile (zero velocity at both ends of every segment).
struct Timeline {
  struct Segment {
    var start: Double
    var end: Double
    var from: Double
    var to: Double
    /// Mix between a cosine (1) and a minimum-jerk (0) profile.
    var blend: Double
  }

  private(set) var segments: [Segment] = []
  private(set) var end: Double = 0
  private var current: Double

  init(startProgress: Double) { current = startProgress }

  /// Moves to progress `to` over `duration` seconds (holds when `to` equals the current value).
  mutating func move(to target: Double, duration: Double, blend: Double = 0.5) {
    segments.append(
      Segment(start: end, end: end + duration, from: current, to: target, blend: blend))
    end += duration
    current = target
  }

  /// Holds the current progress for `duration` seconds.
  mutating func hold(_ duration: Double) { move(to: current, duration: duration) }

  /// This timeline held at `progress` through each of `spans` (seconds) that starts and ends
  /// at that progress: a limb sitting out the other side's reps.
  func holding(_ progress: Double, during spans: [ClosedRange<Double>]) -> Timeline {
    var held = self
    for index in held.segments.indices {
      let segment = held.segments[index]
      if spans.contains(where: { $0.contains(segment.start) && $0.contains(segment.end) }) {
        held.segments[index].from = progress
        held.segments[index].to = progress
      }
    }
    return held
  }

  /// Progress at time `t` (clamped to the timeline).
  func progress(at t: Double) -> Double {
    guard let first = segments.first else { return current }
    if t <= first.start { return first.from }
    var low = 0
    var high = segments.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if segments[mid].start <= t { low = mid } else { high = mid - 1 }
    }
    let segment = segments[low]
    guard t < segment.end else { return segment.to }
    let tau = (t - segment.start) / (segment.end - segment.start)
    let cosine = 0.5 - 0.5 * cos(Double.pi * tau)
    let minimumJerk = tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
    let shape = segment.blend * cosine + (1 - segment.blend) * minimumJerk
    return segment.from + (segment.to - segment.from) * shape
  }
}
