import AuraDomain

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

  /// Median sample rate (Hz) and the number of intervals over twice the median.
  static func rateAndGaps(_ times: [Double], path: String) throws -> (rate: Double, gaps: Int) {
    guard times.count >= 2 else {
      throw DatasetProblem(path: path, line: 0, reason: "fewer than 2 samples")
    }
    let median = medianInterval(times)
    let gaps = zip(times.dropFirst(), times).reduce(0) { $0 + ($1.0 - $1.1 > 2 * median ? 1 : 0) }
    return (1 / median, gaps)
  }

  /// The median of the intervals between consecutive times (at least 2 times).
  static func medianInterval(_ times: [Double]) -> Double {
    var intervals = zip(times.dropFirst(), times).map { $0 - $1 }
    intervals.sort()
    return intervals[intervals.count / 2]
  }
}
