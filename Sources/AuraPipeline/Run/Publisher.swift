import AuraDomain
import AuraReports
import AuraStore
import AuraSupport
import Foundation

/// Publishes a run atomically: everything is written into `releases/<run id>.partial`
/// (`stage`; the runner writes the database there), renamed to `releases/<run id>`, and
/// `current` is switched to it by renaming a new symlink over the old one (`complete`). A run
/// that fails midway leaves `current` on the previous complete run.
struct Publisher {
  let out: URL
  var retention = RetentionSettings()

  /// What a publication's writer returns: everything besides the sessions, and the athlete
  /// partitions the sessions were written from.
  struct Contents {
    var bundle: PublishBundle
    var partitions: [AthletePartition]
  }

  /// A release being built: its folder (`releases/<run id>.partial`) and where its database is
  /// written (on a network filesystem, a local temporary folder's, copied in by `complete`).
  struct Staging {
    let runId: String
    let folder: URL
    let local: URL?
    var database: String {
      (local ?? folder).appendingPathComponent(OutputLayout.databaseName).path
    }

    /// Removes the local temporary folder, if any: the caller's, once the release is complete
    /// or has failed.
    func removeLocal() {
      if let local { try? FileManager.default.removeItem(at: local) }
    }

    /// Removes what a failed publication staged, so that a disk it filled is freed.
    func discard() {
      try? FileManager.default.removeItem(at: folder)
      removeLocal()
    }
  }

  /// Starts the release of run `runId`: its staging folder, empty. The caller writes the
  /// database at `Staging.database` (`SQLiteStore.publish`), then calls `complete`, or
  /// `discard` when it fails. Partial releases left by runs that were killed go first: the
  /// caller holds the output's lock, so none of them is being written, and on a full disk
  /// they hold the space this one needs.
  func stage(runId: String) throws -> Staging {
    let fileManager = FileManager.default
    let releases = OutputLayout(out).releases
    try fileManager.createDirectory(at: releases, withIntermediateDirectories: true)
    for name in try fileManager.contentsOfDirectory(atPath: releases.path)
    where name.hasSuffix(".partial") {
      try? fileManager.removeItem(at: releases.appendingPathComponent(name))
    }
    let staging = releases.appendingPathComponent(runId + ".partial")
    try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
    // SQLite is never written over a network filesystem: there the database is built in a
    // local temporary folder and copied into the release once complete.
    let local =
      NetworkFileSystem.contains(out.path)
      ? fileManager.temporaryDirectory.appendingPathComponent(
        "auralift-publish-\(ProcessInfo.processInfo.processIdentifier)-\(runId)") : nil
    if let local {
      try? fileManager.removeItem(at: local)
      try fileManager.createDirectory(at: local, withIntermediateDirectories: true)
    }
    return Staging(runId: runId, folder: staging, local: local)
  }

  /// Completes a release whose database is written: its partitions, CSV export and reports
  /// (reports whose content the current release already has are linked from it), then swaps
  /// `current` to it and prunes and archives. Returns what the reports' rendering wrote.
  @discardableResult
  func complete(_ release: Staging, partitions: [AthletePartition], generatedAt: String) throws
    -> ReportWriter.Written
  {
    let fileManager = FileManager.default
    let releases = OutputLayout(out).releases
    let staging = release.folder
    let database = release.database
    let runId = release.runId
    let store = SQLiteStore()
    try PublishedPartitions.write(partitions, release: staging)
    let current = OutputLayout(out).current
    // The CSV export and the reports only read the finished database: side by side.
    let reports = try WorkerPool.alongside {
      try store.exportCSV(
        databasePath: database, folder: staging.appendingPathComponent("csv").path)
    } _: {
      try ReportWriter.writeAll(
        store: try StoreReader(databasePath: database), folder: staging,
        generatedAt: generatedAt,
        previous: fileManager.fileExists(atPath: current.path)
          ? current.resolvingSymlinksInPath() : nil, atomically: false)
    }
    try ShareFolders.write(release: staging, rosters: reports.rosters)
    if release.local != nil {
      try fileManager.copyItem(
        atPath: database, toPath: staging.appendingPathComponent(OutputLayout.databaseName).path)
    }
    // Two runs of one second over the same inputs share a run id; the later release takes the
    // next free name, never the earlier one's folder, which `current` may name: removing it
    // could leave `current` naming a folder with part of its files gone.
    var final = releases.appendingPathComponent(runId)
    var suffix = 2
    while fileManager.fileExists(atPath: final.path) {
      final = releases.appendingPathComponent("\(runId)-\(suffix)")
      suffix += 1
    }
    try fileManager.moveItem(at: staging, to: final)

    let replaced =
      fileManager.fileExists(atPath: current.path)
      ? current.resolvingSymlinksInPath().lastPathComponent : nil
    let link = out.appendingPathComponent(".current.\(ProcessInfo.processInfo.processIdentifier)")
    try? fileManager.removeItem(at: link)
    try fileManager.createSymbolicLink(
      atPath: link.path,
      withDestinationPath: OutputLayout.releasesName + "/" + final.lastPathComponent)
    guard rename(link.path, OutputLayout(out).current.path) == 0 else {
      throw CocoaError(
        .fileWriteUnknown,
        userInfo: [NSFilePathErrorKey: OutputLayout(out).current.path])
    }
    try pruneReleases(keeping: final.lastPathComponent, replaced: replaced)
    if retention.keepWeeks > 0 {
      try ReportArchive.archive(
        release: final, written: reports, out: out, keepWeeks: retention.keepWeeks)
    }
    return reports
  }

  /// Keeps `keepReleases` releases: the current one, the one it `replaced` (the next store
  /// publication diffs against it), then the newest others; removes the rest and stale
  /// partials. Names sort by their start second only, so two runs in one second must not
  /// decide which of them is kept.
  private func pruneReleases(keeping current: String, replaced: String?) throws {
    let releases = OutputLayout(out).releases
    let names = try FileManager.default.contentsOfDirectory(atPath: releases.path).sorted()
    var keep: [String] = [current]
    if let replaced, replaced != current, names.contains(replaced) { keep.append(replaced) }
    let others = names.filter { !$0.hasSuffix(".partial") && !keep.contains($0) }
    keep += others.suffix(max(max(retention.keepReleases, 1) - keep.count, 0))
    if retention.keepReleases <= 1 { keep = [current] }
    let kept = Set(keep)
    for name in names where !kept.contains(name) {
      try? FileManager.default.removeItem(at: releases.appendingPathComponent(name))
    }
  }
}
