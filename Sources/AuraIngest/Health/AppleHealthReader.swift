import AuraDomain
import Foundation

/// Turns an Apple Health `export.xml` into daily wellness rows for one athlete, streaming it
/// (exports run to hundreds of MB). Read: HRV (SDNN, ms), resting heart rate (count/min),
/// sleep analysis and active energy. A day is the local calendar day Apple wrote. Per day:
/// HRV and resting heart rate are the mean of the day's readings; active energy is summed (kJ
/// converted to kcal); sleep is the union of the "asleep" intervals (so an iPhone and a watch
/// recording the same night are not counted twice), credited to the day the sleep ends.
/// A record with a bad value or date is reported with its line and skipped.
package enum AppleHealthReader {
  static let hrv = "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"
  static let restingHeartRate = "HKQuantityTypeIdentifierRestingHeartRate"
  static let activeEnergy = "HKQuantityTypeIdentifierActiveEnergyBurned"
  static let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
  /// At most this many problems are listed per file; the rest are counted.
  static let problemLimit = 20

  /// The daily rows found in the export, and the problems of the records skipped. The file is
  /// read `chunkBytes` at a time.
  package static func read(
    url: URL, path: String, athleteId: String, chunkBytes: Int = 1 << 20
  ) throws -> (days: [WellnessDay], problems: [DatasetProblem]) {
    var stream = try XMLTagStream(url: url, path: path, chunkBytes: chunkBytes)
    var days = DailyHealth(path: path)
    var problems: [DatasetProblem] = []
    var skipped = 0
    var sawRoot = false
    while let tag = try stream.next(wanted: ["HealthData", "Record"]) {
      if tag.name == "HealthData" {
        sawRoot = true
        continue
      }
      do { try days.add(tag) } catch let problem as DatasetProblem {
        skipped += 1
        if problems.count < problemLimit { problems.append(problem) }
      }
    }
    guard sawRoot else {
      throw DatasetProblem(
        path: path, line: 1, reason: "not an Apple Health export (no <HealthData>)")
    }
    if skipped > problems.count {
      problems.append(
        DatasetProblem(
          path: path, line: 0, reason: "\(skipped - problems.count) more records skipped"))
    }
    return (days.rows(athleteId: athleteId), problems)
  }
}

/// Per-day sums of the records read so far.
private struct DailyHealth {
  let path: String
  /// A mean built one reading at a time.
  struct Mean {
    var sum = 0.0
    var count = 0
    var value: Double { sum / Double(count) }

    mutating func add(_ reading: Double) {
      sum += reading
      count += 1
    }
  }

  var hrv: [String: Mean] = [:]
  var restingHeartRate: [String: Mean] = [:]
  var activeKcal: [String: Double] = [:]
  /// Asleep intervals (seconds since 1970) by the day they end.
  var asleep: [String: [(start: Double, end: Double)]] = [:]

  mutating func add(_ tag: XMLTagStream.Tag) throws {
    guard let type = tag["type"] else { return }
    switch type {
    case AppleHealthReader.hrv:
      let (day, value) = try reading(tag)
      hrv[day, default: Mean()].add(value)
    case AppleHealthReader.restingHeartRate:
      let (day, value) = try reading(tag)
      restingHeartRate[day, default: Mean()].add(value)
    case AppleHealthReader.activeEnergy:
      let (day, value) = try reading(tag)
      let kcal = tag["unit"]?.lowercased() == "kj" ? value / 4.184 : value
      activeKcal[day, default: 0] += kcal
    case AppleHealthReader.sleep:
      // "Asleep", "AsleepCore", "AsleepDeep", "AsleepREM", "AsleepUnspecified"; not InBed or Awake.
      guard tag["value"]?.hasPrefix("HKCategoryValueSleepAnalysisAsleep") == true
      else { return }
      let start = try time(tag, "startDate")
      let end = try time(tag, "endDate")
      guard end >= start else {
        throw DatasetProblem(
          path: path, line: tag.line, reason: "sleep record ends before it starts")
      }
      asleep[String(tag["endDate"]!.prefix(10)), default: []].append((start, end))
    default:
      return
    }
  }

  /// The local day and the finite value of a quantity record.
  private func reading(_ tag: XMLTagStream.Tag) throws -> (String, Double) {
    _ = try time(tag, "startDate")
    guard let text = tag["value"], let value = Double(text), value.isFinite else {
      throw DatasetProblem(
        path: path, line: tag.line,
        reason: "Record value '\(tag["value"] ?? "")' is not a finite number")
    }
    return (String(tag["startDate"]!.prefix(10)), value)
  }

  /// The record's time in `attribute`, within the dates every table's are (none before 2000,
  /// none after the run's day).
  private func time(_ tag: XMLTagStream.Tag, _ attribute: String) throws -> Double {
    guard let text = tag[attribute], let seconds = ISODates.timestamp(text) else {
      throw DatasetProblem(
        path: path, line: tag.line,
        reason: "Record \(attribute) '\(tag[attribute] ?? "")' is not a date")
    }
    if let problem = PlausibleRange.dateProblem(text)
      ?? ISODates.day(text).flatMap({ RunDay.problem(day: $0) })
    {
      throw DatasetProblem(path: path, line: tag.line, reason: "Record \(attribute): \(problem)")
    }
    return seconds
  }

  func rows(athleteId: String) -> [WellnessDay] {
    let dates = Set(hrv.keys).union(restingHeartRate.keys).union(activeKcal.keys).union(
      asleep.keys)
    return dates.sorted().map { date in
      WellnessDay(
        athleteId: athleteId, date: date,
        hrvMilliseconds: hrv[date]?.value, hrvMetric: .sdnn,
        sleepHours: asleep[date].map { Self.unionSeconds($0) / 3600 }, sleepQuality: nil,
        restingHeartRateBpm: restingHeartRate[date]?.value,
        activeKcal: activeKcal[date], cyclePhase: nil)
    }
  }

  /// Total length of the union of intervals.
  static func unionSeconds(_ intervals: [(start: Double, end: Double)]) -> Double {
    var total = 0.0
    var current: (start: Double, end: Double)? = nil
    for interval in intervals.sorted(by: { $0.start < $1.start }) {
      if let open = current, interval.start <= open.end {
        current = (open.start, max(open.end, interval.end))
      } else {
        if let open = current { total += open.end - open.start }
        current = interval
      }
    }
    if let open = current { total += open.end - open.start }
    return total
  }
}
