import Foundation

/// ISO 8601 dates and timestamps, always in UTC, parsed without locale surprises.
public enum ISODates {
  /// Day number since 1970-01-01 for "2026-11-02" (or the date part of a timestamp); nil if malformed.
  public static func day(_ text: String) -> Int? {
    let parts = text.prefix(10).split(separator: "-")
    guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]),
      let month = Int(parts[1]),
      let dayOfMonth = Int(parts[2]), (1...12).contains(month), (1...31).contains(dayOfMonth)
    else { return nil }
    var components = DateComponents()
    components.year = year
    components.month = month
    components.day = dayOfMonth
    guard let date = utcCalendar.date(from: components),
      utcCalendar.component(.day, from: date) == dayOfMonth
    else { return nil }
    return Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// Seconds since 1970 for "2026-11-02T18:03:00Z" (fractional seconds and offsets allowed).
  public static func timestamp(_ text: String) -> Double? {
    let withFraction = ISO8601DateFormatter()
    withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = withFraction.date(from: text) { return date.timeIntervalSince1970 }
    let plain = ISO8601DateFormatter()
    plain.formatOptions = [.withInternetDateTime]
    if let date = plain.date(from: text) { return date.timeIntervalSince1970 }
    if let day = day(text), text.count == 10 { return Double(day) * 86_400 }
    return nil
  }

  /// "2026-11-02" for a day number.
  public static func string(day: Int) -> String {
    let date = Date(timeIntervalSince1970: Double(day) * 86_400)
    let parts = utcCalendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
  }

  /// ISO week of a day number, as "2026-W45".
  public static func isoWeek(day: Int) -> String {
    let date = Date(timeIntervalSince1970: Double(day) * 86_400)
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
    return String(format: "%04d-W%02d", parts.yearForWeekOfYear!, parts.weekOfYear!)
  }

  /// Day number of the Monday that starts the ISO week containing `day`.
  public static func mondayOfWeek(day: Int) -> Int {
    // 1970-01-01 was a Thursday: (day + 3) mod 7 is 0 on Mondays.
    day - ((day + 3) % 7 + 7) % 7
  }

  static let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
}
