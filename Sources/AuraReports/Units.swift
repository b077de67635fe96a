import AuraDomain
import Foundation

/// Numbers as reports print them: always with their unit, "–" where there is no value.
enum Units {
  static let missing = "–"

  static func number(_ value: Double?, _ digits: Int = 1) -> String {
    guard let value, value.isFinite else { return missing }
    return String(format: "%.\(digits)f", value)
  }

  /// Thousands separated by a thin space: 12 345.
  static func grouped(_ value: Double?) -> String {
    guard let value, value.isFinite else { return missing }
    let digits = String(Int(value.rounded()).magnitude)
    var out = ""
    for (index, character) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out += "\u{2009}" }
      out.append(character)
    }
    return (value < 0 ? "−" : "") + out
  }

  static func kg(_ value: Double?) -> String {
    guard let value else { return missing }
    return (value == value.rounded() || abs(value) >= 1000 ? grouped(value) : number(value))
      + " kg"
  }

  static func velocity(_ value: Double?) -> String {
    value == nil ? missing : number(value, 2) + " m/s"
  }

  static func percent(_ value: Double?, _ digits: Int = 0) -> String {
    value == nil ? missing : number(value, digits) + " %"
  }

  static func degrees(_ value: Double?) -> String {
    value == nil ? missing : number(value, 0) + "°"
  }

  static func score(_ value: Double?) -> String {
    value == nil ? missing : number(value, 0)
  }

  /// +12, −3, 0.
  static func signed(_ value: Int) -> String {
    value > 0 ? "+\(value)" : value < 0 ? "−\(-value)" : "0"
  }

  /// "Mon 16 Nov" from "2026-11-16…".
  static func day(_ iso: String) -> String {
    guard let number = ISODates.day(iso) else { return String(iso.prefix(10)) }
    let parts = iso.prefix(10).split(separator: "-").compactMap { Int($0) }
    // Day 0 (1970-01-01) was a Thursday.
    let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][(number % 7 + 7) % 7]
    let month = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ][parts[1] - 1]
    return "\(weekday) \(parts[2]) \(month)"
  }

  /// "back_squat" → "Back squat"; "low_readiness" → "Low readiness".
  static func words(_ identifier: String) -> String {
    let text = identifier.replacingOccurrences(of: "_", with: " ")
    return text.prefix(1).uppercased() + text.dropFirst()
  }
}
