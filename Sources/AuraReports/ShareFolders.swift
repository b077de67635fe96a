import AuraStore
import Foundation

/// `share/<coach>/` in a release: one folder per coach holding that coach's pages alone, laid
/// out as in the release so that their links hold (`coaches/<coach>.html`, their roster, and
/// `athletes/<id>.html`, with an `index.html` that opens the roster), safe to serve behind
/// the platform's login. The database, the CSVs (emails, birth dates) and the index of every
/// coach stay out of it.
package enum ShareFolders {
  package static func write(release: URL, store: StoreReader) throws {
    let share = release.appendingPathComponent("share")
    try? FileManager.default.removeItem(at: share)
    let athletes = try store.athleteRows()
    for coach in try store.coaches() {
      let folder = share.appendingPathComponent(coach.id)
      try ReleaseFiles.link(
        release.appendingPathComponent("coaches/\(coach.id).html"),
        to: folder.appendingPathComponent("coaches/\(coach.id).html"))
      try Data(
        """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8">\
        <meta http-equiv="refresh" content="0; url=coaches/\(coach.id).html">\
        <title>Weekly roster</title></head>\
        <body><a href="coaches/\(coach.id).html">Weekly roster</a></body></html>

        """.utf8
      ).write(to: folder.appendingPathComponent("index.html"))
      for athlete in athletes where athlete.coachId == coach.id {
        try ReleaseFiles.link(
          release.appendingPathComponent("athletes/\(athlete.id).html"),
          to: folder.appendingPathComponent("athletes/\(athlete.id).html"))
      }
    }
  }
}

/// Files of releases and archives, which live on one file system.
package enum ReleaseFiles {
  /// `source` at `target` as a hard link, or a copy where linking fails.
  package static func link(_ source: URL, to target: URL) throws {
    let fileManager = FileManager.default
    try fileManager.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? fileManager.removeItem(at: target)
    do { try fileManager.linkItem(at: source, to: target) } catch {
      try fileManager.copyItem(at: source, to: target)
    }
  }
}
