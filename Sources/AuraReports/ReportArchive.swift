import AuraSupport
import Foundation

/// `<out>/archive/<ISO week>/`: the reports (coaches/ and athletes/, HTML and Markdown) of the
/// last release of each reporting week, so that last month's report is still there after the
/// releases it came from are gone. The newest `keepWeeks` weeks are kept.
package enum ReportArchive {
  /// Archives the coaches' and athletes' reports of `release` (what `written` says it holds)
  /// under their reporting week, replacing that week's whole, then removes weeks beyond the
  /// newest `keepWeeks`.
  package static func archive(
    release: URL, written: ReportWriter.Written, out: URL, keepWeeks: Int
  ) throws {
    let week = written.isoWeek
    let archive = OutputLayout(out).archive
    let fileManager = FileManager.default
    try fileManager.createDirectory(at: archive, withIntermediateDirectories: true)
    let pid = ProcessInfo.processInfo.processIdentifier
    let staging = archive.appendingPathComponent(".\(week).\(pid).partial")
    try? fileManager.removeItem(at: staging)
    try ReportWriter.forEachReportFile(in: release) { path in
      try ReleaseFiles.link(
        release.appendingPathComponent(path), to: staging.appendingPathComponent(path))
    }
    // The week's folder is swapped whole: a reader sees the old one or the new one.
    let final = archive.appendingPathComponent(week)
    let old = archive.appendingPathComponent(".\(week).\(pid).old")
    try? fileManager.removeItem(at: old)
    if fileManager.fileExists(atPath: final.path) { try fileManager.moveItem(at: final, to: old) }
    try fileManager.moveItem(at: staging, to: final)
    try? fileManager.removeItem(at: old)
    let weeks = try fileManager.contentsOfDirectory(atPath: archive.path)
      .filter { isWeek($0) }.sorted()
    for name in weeks.dropLast(max(keepWeeks, 1)) {
      try? fileManager.removeItem(at: archive.appendingPathComponent(name))
    }
  }

  /// `YYYY-Www`.
  static func isWeek(_ name: String) -> Bool {
    let parts = name.split(separator: "-W")
    return parts.count == 2 && parts[0].count == 4 && parts[1].count == 2
      && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
  }
}
