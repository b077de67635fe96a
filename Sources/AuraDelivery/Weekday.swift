import Foundation

/// A day of the week, and when it last began.
package enum Weekday: String, CaseIterable, Sendable, Equatable {
  case monday, tuesday, wednesday, thursday, friday, saturday, sunday

  /// The start of the latest day of this name at or before `now`, in `calendar`'s time zone.
  package func lastStart(atOrBefore now: Date, calendar: Calendar = .current) -> Date {
    // Foundation numbers the days from Sunday (1) to Saturday (7).
    let number = (Self.allCases.firstIndex(of: self)! + 1) % 7 + 1
    let today = calendar.startOfDay(for: now)
    let back = (calendar.component(.weekday, from: today) - number + 7) % 7
    return calendar.date(byAdding: .day, value: -back, to: today)!
  }
}
