import AuraReports
import AuraStore
import Foundation

/// `auralift report`: renders the reports again from a published database, recomputing
/// nothing. It holds the output's lock while it writes, so it never interleaves with a run;
/// every report file is replaced atomically.
package struct ReportRefresh {
  package let out: URL
  /// The database to read; by default the current publication's.
  package let database: URL
  /// Where the reports go; by default beside the database.
  package let folder: URL

  package init(out: URL, database: URL? = nil, folder: URL? = nil) {
    self.out = out
    let published = (database ?? out.appendingPathComponent("current/auralift.sqlite"))
      .resolvingSymlinksInPath()
    self.database = published
    self.folder = folder ?? published.deletingLastPathComponent()
  }

  /// Renders every report; returns the paths written, relative to `folder`.
  package func render(waitForLock: TimeInterval) throws -> [String] {
    guard FileManager.default.fileExists(atPath: database.path) else {
      throw PipelineError.fatal(
        "no published database at \(database.path): run `auralift run` first")
    }
    let lock = try RunLock(
      out: out, owner: .current(startedAt: Runner.timestamp()), wait: waitForLock)
    defer { lock.release() }
    return try ReportWriter.writeAll(
      store: try StoreReader(databasePath: database.path), folder: folder,
      generatedAt: Runner.timestamp()
    ).paths
  }
}
