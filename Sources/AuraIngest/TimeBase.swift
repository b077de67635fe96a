import AuraDomain

/// Checks timestamps as rows arrive: backwards time is an error, a repeated timestamp drops the
/// row (and is counted); the sample rate is derived from the data, never assumed.
struct TimeBase {
  let path: String
  private(set) var times: [Double] = []
  private(set) var duplicates = 0

  init(path: String) { self.path = path }

  /// True when the row at `line` with time `t` is kept.
  mutating func accept(_ t: Double, line: Int) throws -> Bool {
    if let last = times.last {
      if t < last {
        throw DatasetProblem(
          path: path, line: line, reason: "timestamp \(t) goes backwards (previous \(last))")
      }
      if t == last {
        duplicates += 1
        return false
      }
    }
    times.append(t)
    return true
  }

  /// Median sample rate (Hz) and the number of intervals over twice the median.
  func rateAndGaps() throws -> (rate: Double, gaps: Int) {
    guard times.count >= 2 else {
      throw DatasetProblem(path: path, line: 0, reason: "fewer than 2 samples")
    }
    var intervals = zip(times.dropFirst(), times).map { $0 - $1 }
    intervals.sort()
    let median = intervals[intervals.count / 2]
    let gaps = intervals.reduce(0) { $0 + ($1 > 2 * median ? 1 : 0) }
    return (1 / median, gaps)
  }
}

extension CSVRow {
  /// The field as a finite number, nil when empty; a problem naming the column otherwise.
  func finiteNumber(_ index: Int, column: String, path: String) throws -> Double? {
    switch number(index) {
    case .empty: return nil
    case .value(let value): return value
    case .nonFinite:
      throw DatasetProblem(
        path: path, line: line, reason: "column '\(column)': non-finite value '\(string(index))'")
    case .invalid:
      throw DatasetProblem(
        path: path, line: line, reason: "column '\(column)': '\(string(index))' is not a number")
    }
  }

  /// Throws when the row has fewer fields than the header (a truncated row); extra trailing
  /// fields are allowed only when empty.
  func checkWidth(_ width: Int, path: String) throws {
    if count < width {
      throw DatasetProblem(
        path: path, line: line, reason: "truncated row: \(count) fields, header has \(width)")
    }
    for index in width..<count where !isEmpty(index) {
      throw DatasetProblem(
        path: path, line: line, reason: "row has \(count) fields, header has \(width)")
    }
  }
}
