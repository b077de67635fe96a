import Foundation

/// The values a dataset's quantities may take: wide enough for every real lifter, narrow
/// enough that nothing downstream can overflow or be moved by a typo (docs/input-bounds.md).
/// A value outside its range sets its row (or session) aside with the reason.
package enum PlausibleRange {
  /// Ranges per column (the dataset's names: `athletes.csv`'s `height_cm`, session.json's
  /// `load_kg`), in the column's own unit.
  package static let columns: [String: ClosedRange<Double>] = [
    // athletes.csv
    "height_cm": 50...272, "weight_kg": 20...400, "body_fat_pct": 1...75,
    // wellness.csv
    "hrv_ms": 1...500, "sleep_hours": 0...24, "sleep_quality": 0...100, "resting_hr": 20...250,
    "active_kcal": 0...20_000,
    // nutrition.csv
    "target_kcal": 0...20_000, "kcal": 0...20_000, "protein_g": 0...1_000, "carbs_g": 0...3_000,
    "fat_g": 0...1_000, "water_l": 0...30, "creatine_g": 0...100, "whey_g": 0...500,
    // morpho.csv
    "torso_cm": 10...150, "femur_cm": 10...100, "tibia_cm": 10...100, "humerus_cm": 10...80,
    "forearm_cm": 5...70, "shoulder_width_cm": 10...100, "hip_width_cm": 10...100,
    "arm_span_cm": 50...300,
    // session.json sets
    "load_kg": 0...1_500, "reps": 0...1_000, "rpe": 0...10, "start_s": 0...86_400,
    "end_s": 0...86_400,
    // session.json recordings
    "fps": 1...2_000, "image_width": 16...100_000, "image_height": 16...100_000,
    "scale.pixels_per_meter": 0.001...1_000_000,
  ]

  /// The earliest date a dataset may hold.
  package static let earliestDay = "1900-01-01"
  /// How far past the run's own time a date may lie (recordings of a device whose clock is
  /// ahead, a plan written for next month), days.
  package static let futureDays = 366

  /// Why `value` of `column` is implausible; nil when it is plausible or the column has no
  /// range.
  package static func problem(_ column: String, _ value: Double) -> String? {
    guard value.isFinite else { return "\(value) is not a finite number" }
    guard let range = columns[column], !range.contains(value) else { return nil }
    return "\(Self.format(value)) is outside \(Self.format(range.lowerBound))…"
      + "\(Self.format(range.upperBound))"
  }

  /// Why the day `text` begins with lies outside the dates a dataset may hold (from
  /// `earliestDay` to `futureDays` past `now`); nil when it lies inside.
  package static func dateProblem(_ text: String, now: Date = Date()) -> String? {
    guard let day = ISODates.day(text), let earliest = ISODates.day(earliestDay) else {
      return nil
    }
    let latest = Int((now.timeIntervalSince1970 / 86_400).rounded(.down)) + futureDays
    guard day < earliest || day > latest else { return nil }
    return "\(text.prefix(10)) is outside \(earliestDay)…\(ISODates.string(day: latest))"
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
  }
}
