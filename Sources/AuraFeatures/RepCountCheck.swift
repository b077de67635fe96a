import Foundation

/// Whether the recording supports a set's rep count. Two counters that fail differently are
/// set against each other: the reps found one by one (`RepSegmenter`) and the set's rhythm
/// (`RepRhythm`). Where the movement repeats clearly and the two disagree by more than a rep,
/// or where most of the set was not seen, the count is published as unknown with the reason,
/// not as a number.
enum RepCountCheck {
  /// Rep periods the rhythm is looked for at, seconds.
  static let periods = 0.5...8.0
  /// The autocorrelation at the period above which the rhythm is trusted.
  static let clearRhythm = 0.5
  /// The share of a set's samples that must be seen.
  static let seenShare = 0.5

  /// Why `reps` reps found over `range` of `signals` (the timing signal first) are not a count
  /// to publish; nil when nothing says so.
  static func unknownReason(
    reps: Int, signals: [[Double]], range: Range<Int>, sampleRateHz: Double
  ) -> String? {
    guard !range.isEmpty, let first = signals.first else { return nil }
    let seen = first[range].count { $0.isFinite }
    if Double(seen) < seenShare * Double(range.count) {
      return String(
        format: "the recording lost the movement on %.0f %% of the set",
        100 * (1 - Double(seen) / Double(range.count)))
    }
    let rhythm =
      signals
      .compactMap {
        RepRhythm($0, range: range, sampleRateHz: sampleRateHz, periods: periods)
      }
      .max { $0.strength < $1.strength }
    guard let rhythm, rhythm.strength >= clearRhythm, max(reps, rhythm.cycles) >= 3,
      abs(rhythm.cycles - reps) > 1
    else { return nil }
    return String(
      format: "its rhythm (a rep every %.1f s) makes about %d reps where %d were found one by one",
      rhythm.period, rhythm.cycles, reps)
  }
}
