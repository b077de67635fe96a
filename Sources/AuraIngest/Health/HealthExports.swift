import AuraDomain
import AuraSupport
import Foundation

/// Apple Health exports standing in for wellness.csv: `health/<athlete_id>/export.xml`, or the
/// unzipped `health/<athlete_id>/apple_health_export/export.xml`. A wellness.csv row for the
/// same athlete and day wins over the export's.
enum HealthExports {
  static func read(root: URL, athletes: AthleteRoster, problems: inout [DatasetProblem])
    -> [WellnessDay]
  {
    let folder = root.appendingPathComponent("health")
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return []
    }
    var days: [WellnessDay] = []
    for athlete in names.sorted() where !athlete.hasPrefix(".") {
      let candidates = ["\(athlete)/export.xml", "\(athlete)/apple_health_export/export.xml"]
      guard
        let relative = candidates.first(where: {
          FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        })
      else { continue }
      let path = "health/\(relative)"
      guard athletes.contains(id: athlete) else {
        problems.append(
          DatasetProblem(
            path: path, line: 0, reason: "athlete_id '\(athlete)' is not in athletes.csv",
            missingAthlete: athlete))
        continue
      }
      do {
        let url = try SafePath.resolve(path, in: root, datasetRoot: root, reportAs: path)
        let export = try AppleHealthReader.read(url: url, path: path, athleteId: athlete)
        problems += export.problems
        for day in export.days {
          if let future = ISODates.day(day.date).flatMap({ RunDay.problem(day: $0) }) {
            problems.append(
              DatasetProblem(path: path, line: 0, reason: "a record of \(future)"))
            continue
          }
          days.append(plausible(day, path: path, problems: &problems))
        }
      } catch let problem as DatasetProblem {
        problems.append(problem)
      } catch {
        problems.append(
          DatasetProblem(path: path, line: 0, reason: "unreadable: \(ErrorMessage.reason(error))"))
      }
    }
    return days
  }

  /// `day` with each value outside its plausible range (the same as wellness.csv's columns)
  /// left out, and a problem naming it: a watch's reading is data like any other.
  static func plausible(_ day: WellnessDay, path: String, problems: inout [DatasetProblem])
    -> WellnessDay
  {
    var day = day
    let date = day.date
    func check(_ column: String, _ value: inout Double?) {
      guard let number = value, let problem = PlausibleRange.problem(column, number) else {
        return
      }
      problems.append(
        DatasetProblem(
          path: path, line: 0,
          reason: "\(column) on \(date): \(problem); that day is kept without it"))
      value = nil
    }
    check("hrv_ms", &day.hrvMilliseconds)
    check("sleep_hours", &day.sleepHours)
    check("resting_hr", &day.restingHeartRateBpm)
    check("active_kcal", &day.activeKcal)
    return day
  }

  /// What a wellness.csv row and an export's day have the same of when they are the same day.
  static func key(_ day: WellnessDay) -> String { "\(day.athleteId)\u{1F}\(day.date)" }
}
