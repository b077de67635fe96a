import Foundation

/// ISO 8601 dates and timestamps, always in UTC, parsed without locale surprises.
package enum ISODates {
  /// Day number since 1970-01-01 for "2026-11-02" (or the date part of a timestamp); nil if malformed.
  package static func day(_ text: String) -> Int? {
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

  /// Seconds since 1970 for "2026-11-02T18:03:00Z", with fractional seconds and offsets
  /// ("+01:00", "+0100"), a space instead of the "T", and a space before the offset (Apple
  /// Health writes "2026-11-02 07:12:33 +0100"). A bare date is its midnight UTC. Nil if malformed.
  package static func timestamp(_ text: String) -> Double? {
    var bytes = Array(text.utf8)
    while bytes.last == 0x20 { bytes.removeLast() }
    if bytes.count == 10 { return day(text).map { Double($0) * 86_400 } }
    func digits(_ at: Int, _ count: Int) -> Int? {
      guard at + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[at..<(at + count)] {
        guard byte >= 48, byte <= 57 else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      return value
    }
    guard bytes.count >= 19, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 32,
      bytes[13] == 58, bytes[16] == 58, let year = digits(0, 4), let month = digits(5, 2),
      let dayOfMonth = digits(8, 2), let hour = digits(11, 2), let minute = digits(14, 2),
      let second = digits(17, 2), (1...12).contains(month),
      (1...daysIn(month: month, year: year)).contains(dayOfMonth), hour < 24, minute < 60,
      second <= 60
    else { return nil }
    var index = 19
    var fraction = 0.0
    if index < bytes.count, bytes[index] == 46 {
      index += 1
      var scale = 0.1
      let start = index
      while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
        fraction += Double(bytes[index] - 48) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    if index < bytes.count, bytes[index] == 32 { index += 1 }
    var offsetSeconds = 0
    if index < bytes.count {
      if bytes[index] == 90, index == bytes.count - 1 {
        index += 1
      } else if bytes[index] == 43 || bytes[index] == 45 {
        let sign = bytes[index] == 45 ? -1 : 1
        guard let hours = digits(index + 1, 2) else { return nil }
        var next = index + 3
        if next < bytes.count, bytes[next] == 58 { next += 1 }
        guard let minutes = digits(next, 2), next + 2 == bytes.count else { return nil }
        offsetSeconds = sign * (hours * 3600 + minutes * 60)
        index = bytes.count
      } else {
        return nil
      }
    }
    let days = daysFromCivil(year: year, month: month, day: dayOfMonth)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    return Double(seconds) + fraction
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// "2026-11-02" for a day number.
  package static func string(day: Int) -> String {
    let date = Date(timeIntervalSince1970: Double(day) * 86_400)
    let parts = utcCalendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
  }

  /// "2026-11-02T18:03:00Z" for seconds since 1970, rounded to the nearest second.
  package static func string(timestamp: Double) -> String {
    let seconds = Int(timestamp.rounded())
    let day = Int((Double(seconds) / 86_400).rounded(.down))
    let inDay = seconds - day * 86_400
    return string(day: day)
      + String(format: "T%02d:%02d:%02dZ", inDay / 3600, inDay / 60 % 60, inDay % 60)
  }

  /// ISO week of a day number, as "2026-W45".
  package static func isoWeek(day: Int) -> String {
    let date = Date(timeIntervalSince1970: Double(day) * 86_400)
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
    return String(format: "%04d-W%02d", parts.yearForWeekOfYear!, parts.weekOfYear!)
  }

  /// Day number of the Monday that starts the ISO week containing `day`.
  package static func mondayOfWeek(day: Int) -> Int {
    // 1970-01-01 was a Thursday: (day + 3) mod 7 is 0 on Mondays.
    day - ((day + 3) % 7 + 7) % 7
  }

  static let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
}
