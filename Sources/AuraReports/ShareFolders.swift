import AuraSupport
import Foundation

/// `share/<coach>/` in a release: one folder per coach holding that coach's pages alone, laid
/// out as in the release so that their links hold (`coaches/<coach>.html`, their roster, and
/// `athletes/<id>.html`, with an `index.html` that opens the roster), safe to serve behind
/// the platform's login. The database, the CSVs (emails, birth dates) and the index of every
/// coach stay out of it.
package enum ShareFolders {
  /// Writes the folders of `rosters` (as `ReportWriter.Written` gives them) into `release`.
  package static func write(release: URL, rosters: [ReportWriter.Roster]) throws {
    let share = release.appendingPathComponent(OutputLayout.shareName)
    try? FileManager.default.removeItem(at: share)
    for roster in rosters {
      let coach = roster.coach
      let folder = share.appendingPathComponent(coach)
      try ReleaseFiles.link(
        release.appendingPathComponent("coaches/\(coach).html"),
        to: folder.appendingPathComponent("coaches/\(coach).html"))
      try Data(
        """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8">\
        <meta http-equiv="refresh" content="0; url=coaches/\(coach).html">\
        <title>Weekly roster</title></head>\
        <body><a href="coaches/\(coach).html">Weekly roster</a></body></html>

        """.utf8
      ).write(to: folder.appendingPathComponent("index.html"))
      for athlete in roster.athletes {
        try ReleaseFiles.link(
          release.appendingPathComponent("athletes/\(athlete).html"),
          to: folder.appendingPathComponent("athletes/\(athlete).html"))
      }
    }
  }
}

/// Files of releases and archives, which live on one file system.
package enum ReleaseFiles {
  /// Puts the file `source` at `target` as a hard link, or a copy where linking fails;
  /// atomically, by way of a temporary name.
  package static func link(_ source: URL, to target: URL) throws {
    let fileManager = FileManager.default
    try fileManager.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    let temporary = target.deletingLastPathComponent().appendingPathComponent(
      ".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).link")
    try? fileManager.removeItem(at: temporary)
    do {
      try fileManager.linkItem(at: source, to: temporary)
    } catch {
      try fileManager.copyItem(at: source, to: temporary)
    }
    guard rename(temporary.path, target.path) == 0 else {
      try? fileManager.removeItem(at: temporary)
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
    }
  }
}
