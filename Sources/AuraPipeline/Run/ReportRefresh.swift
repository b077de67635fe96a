import AuraReports
import AuraStore
import AuraSupport
import Foundation

/// `auralift report`: renders the reports again from a published database, recomputing
/// nothing. It holds the output's lock while it writes, so it never interleaves with a run;
/// every report file is replaced atomically. `current` is read once the lock is held, so a
/// report that waited for a run renders what that run published, never the release it
/// replaced (which retention may have removed).
package struct ReportRefresh {
  package let out: URL
  /// The database to read, as given; by default the current publication's.
  let requestedDatabase: URL?
  /// Where the reports go, as given; by default beside the database.
  let requestedFolder: URL?

  package init(out: URL, database: URL? = nil, folder: URL? = nil) {
    self.out = out
    requestedDatabase = database
    requestedFolder = folder
  }

  /// What a rendering read and wrote.
  package struct Rendered: Sendable {
    package var database: URL
    package var folder: URL
    /// The paths written, relative to `folder`.
    package var paths: [String]
  }

  /// Renders every report.
  package func render(waitForLock: TimeInterval) throws -> Rendered {
    let lock = try RunLock(
      out: out, owner: .current(startedAt: Runner.timestamp()), wait: waitForLock)
    defer { lock.release() }
    let database = (requestedDatabase ?? OutputLayout(out).currentDatabase)
      .resolvingSymlinksInPath()
    guard FileManager.default.fileExists(atPath: database.path) else {
      throw PipelineError.fatal(
        "no published database at \(database.path): run `auralift run` first")
    }
    let folder = requestedFolder ?? database.deletingLastPathComponent()
    let paths = try ReportWriter.writeAll(
      store: try StoreReader(databasePath: database.path), folder: folder,
      generatedAt: Runner.timestamp()
    ).paths
    return Rendered(database: database, folder: folder, paths: paths)
  }
}
