import AuraDomain
import AuraSupport
import Foundation

/// Apple Health exports standing in for wellness.csv: `health/<athlete_id>/export.xml`, or the
/// unzipped `health/<athlete_id>/apple_health_export/export.xml`. A wellness.csv row for the
/// same athlete and day wins over the export's.
enum HealthExports {
  static func read(root: URL, athletes: Set<String>, problems: inout [DatasetProblem])
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
      guard athletes.contains(athlete) else {
        problems.append(
          DatasetProblem(
            path: path, line: 0, reason: "athlete_id '\(athlete)' is not in athletes.csv"))
        continue
      }
      do {
        let url = try SafePath.resolve(path, in: root, datasetRoot: root, reportAs: path)
        let export = try AppleHealthReader.read(url: url, path: path, athleteId: athlete)
        days += export.days
        problems += export.problems
      } catch let problem as DatasetProblem {
        problems.append(problem)
      } catch {
        problems.append(
          DatasetProblem(path: path, line: 0, reason: "unreadable: \(ErrorMessage.reason(error))"))
      }
    }
    return days
  }

  /// wellness.csv rows, plus the export's days that wellness.csv does not have.
  static func merge(csv: [WellnessDay], health: [WellnessDay]) -> [WellnessDay] {
    let covered = Set(csv.map { "\($0.athleteId)\u{1F}\($0.date)" })
    return csv + health.filter { !covered.contains("\($0.athleteId)\u{1F}\($0.date)") }
  }
}
