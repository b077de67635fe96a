import Foundation

/// No data from the future: a session, or a wellness, nutrition or morpho row, dated after the
/// run's day (with a day's tolerance for a device whose time zone is ahead) is set aside until
/// that day comes, so that no page, mail or status names a week after the run's. The check
/// is made at every run, never cached: the same input becomes valid when its day comes.
package enum RunDay {
  /// Days past the run's day (UTC) a date may lie.
  package static let toleranceDays = 1

  /// The variable that sets the run's day (`YYYY-MM-DD`), to replay a past night or to run
  /// as of a later one.
  package static let variable = "AURALIFT_TODAY"

  /// The run's day, days since 1970: `AURALIFT_TODAY` where it is a date, else today (UTC).
  /// Read with getenv, not ProcessInfo's environment, which copies the whole environment on
  /// each call: every dated row of a table asks.
  package static func today(now: Date = Date()) -> Int {
    if let raw = getenv(variable), strlen(raw) == 10, let day = ISODates.day(String(cString: raw)) {
      return day
    }
    return Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// Why something dated `day` cannot be used by a run on `runDay`; nil when it can.
  package static func problem(day: Int, runDay: Int = today()) -> String? {
    guard day > runDay + toleranceDays else { return nil }
    return
      "\(ISODates.string(day: day))\(marker)\(ISODates.string(day: runDay)) (a day's tolerance for time zones): set aside until then"
  }

  /// The day whose coming lifts a problem `problem(day:runDay:)` stated (its reason may carry a
  /// prefix, such as the column); nil for any other problem.
  package static func heldUntil(_ reason: String) -> Int? {
    guard let range = reason.range(of: marker) else { return nil }
    let before = reason[..<range.lowerBound]
    return ISODates.day(String(before.suffix(10)))
  }

  /// Whether a problem of `problem(day:runDay:)` no longer holds on `runDay`.
  package static func isDue(_ reason: String, runDay: Int = today()) -> Bool {
    heldUntil(reason).map { $0 <= runDay + toleranceDays } ?? false
  }

  private static let marker = " is after the run's day "
}
