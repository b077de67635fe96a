import AuraDomain
import AuraSupport

/// Checks a recording's timestamps: time going backwards is an error naming the line, a
/// repeated timestamp drops the later sample (and is counted), and the sample rate is derived
/// from the data, never assumed.
struct TimeAxis {
  /// Indices of the samples kept (strictly increasing times); filled only when there are
  /// duplicates, since otherwise every sample is kept.
  var kept: [Int]
  var duplicates: Int

  /// `lines[i]` is the line of sample `i` for messages (nil: messages name the sample index).
  init(times: [Double], lines: [Int32]?, path: String) throws {
    kept = []
    duplicates = 0
    var last = -Double.infinity
    for (index, t) in times.enumerated() {
      guard t.isFinite else {
        throw DatasetProblem(
          path: path, line: lines.map { Int($0[index]) } ?? 0,
          reason: "timestamp of sample \(index + 1) is missing or not finite")
      }
      if t < last {
        throw DatasetProblem(
          path: path, line: lines.map { Int($0[index]) } ?? 0,
          reason: "timestamp \(t) goes backwards (previous \(last))")
      }
      if t == last {
        if duplicates == 0 { kept = Array(0..<index) }
        duplicates += 1
        continue
      }
      if duplicates > 0 { kept.append(index) }
      last = t
    }
  }

  /// The sample rate (Hz) and the number of intervals over twice the median. The rate is the
  /// number of regular intervals (within half and one and a half medians) over their total
  /// length: timestamps rounded to a tenth of a millisecond put 30 Hz frames 0.0333 or 0.0334 s
  /// apart, whose median reads 30.03 Hz, a drift of 0.06 s a minute against the frames.
  static func rateAndGaps(_ times: [Double], path: String) throws -> (rate: Double, gaps: Int) {
    guard times.count >= 2 else {
      throw DatasetProblem(path: path, line: 0, reason: "fewer than 2 samples")
    }
    let median = medianInterval(times)
    var gaps = 0
    var regular = 0
    var span = 0.0
    for (next, previous) in zip(times.dropFirst(), times) {
      let interval = next - previous
      if interval > 2 * median { gaps += 1 }
      if interval >= 0.5 * median, interval <= 1.5 * median {
        regular += 1
        span += interval
      }
    }
    return (regular > 0 ? Double(regular) / span : 1 / median, gaps)
  }

  /// The median of the intervals between consecutive times (at least 2 times).
  static func medianInterval(_ times: [Double]) -> Double {
    var intervals = zip(times.dropFirst(), times).map { $0 - $1 }
    return OrderStatistic.select(&intervals, rank: intervals.count / 2)
  }
}
