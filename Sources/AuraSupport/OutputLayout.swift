import Foundation

/// An output folder's layout, named here and nowhere else:
///
/// - `current` → `releases/<run id>`: the link readers use, always a complete publication
///   (the database, `csv/`, the reports, `share/<coach>/`);
/// - `releases/`: the publications kept;
/// - `archive/`: past weeks' reports;
/// - `.cache/`: the stages' intermediates (unless the pipeline names another cache);
/// - `.state/`: what runs remember between them: the lock, file digests, sessions in flight,
///   `records.sqlite` (the last run's sessions and problems, the published key, the stores'
///   keys, the mails sent; `RunRecords`) and `last-run.json`.
package struct OutputLayout: Sendable {
  package let root: URL

  package init(_ root: URL) { self.root = root }
  package init(path: String) { root = URL(fileURLWithPath: path) }

  /// The link to the current release.
  package var current: URL { root.appendingPathComponent(Self.currentName) }
  /// The release `current` names (or `current` itself when it names none).
  package var currentRelease: URL { current.resolvingSymlinksInPath() }
  /// The current release's database.
  package var currentDatabase: URL { current.appendingPathComponent(Self.databaseName) }
  package var releases: URL { root.appendingPathComponent(Self.releasesName) }
  package var archive: URL { root.appendingPathComponent("archive") }
  package var cache: URL { root.appendingPathComponent(".cache") }
  package var state: URL { root.appendingPathComponent(".state") }

  /// A record of `.state`, by its file name.
  package func record(_ name: String) -> URL { state.appendingPathComponent(name) }
  /// Remembered file digests (`FileDigests`).
  package var digests: URL { record("digests.tsv") }
  /// Sessions being computed, for the next run to isolate if this one dies.
  package var inFlight: URL { record("in-flight") }
  /// The run lock.
  package var lock: URL { record("lock") }
  /// How the last run ended, for monitors (`auralift status`).
  package var lastRun: URL { record("last-run.json") }

  package static let currentName = "current"
  package static let releasesName = "releases"
  package static let databaseName = "auralift.sqlite"
  /// A release's folder of what each coach may see.
  package static let shareName = "share"
}
