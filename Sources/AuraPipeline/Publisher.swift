import AuraDomain
import AuraReports
import AuraStore
import AuraSupport
import Foundation

/// Publishes a run atomically: everything is written into `releases/<run id>.partial`, renamed
/// to `releases/<run id>`, and `current` is switched to it by renaming a new symlink over the
/// old one. A run that fails midway leaves `current` on the previous complete run.
struct Publisher {
  let out: URL
  var retention = RetentionSettings()

  /// What a publication's writer returns: everything besides the sessions, and the athlete
  /// partitions the sessions were written from.
  struct Contents {
    var bundle: PublishBundle
    var partitions: [AthletePartition]
  }

  /// Publishes a run: `sessions` writes the sessions and returns the rest. With `previous` (the
  /// current release's database), the new database starts as its copy and keeps the session
  /// rows the writer does not replace. Reports whose content the current release already has
  /// are linked from it. Returns what the reports' rendering wrote.
  @discardableResult
  func publish(
    runId: String, generatedAt: String, reusing previous: URL?,
    sessions: (any SessionWriter) throws -> Contents
  ) throws -> ReportWriter.Written {
    let fileManager = FileManager.default
    let releases = OutputLayout(out).releases
    try fileManager.createDirectory(at: releases, withIntermediateDirectories: true)
    let staging = releases.appendingPathComponent(runId + ".partial")
    try? fileManager.removeItem(at: staging)
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
    defer { if let local { try? fileManager.removeItem(at: local) } }
    let database = (local ?? staging).appendingPathComponent(OutputLayout.databaseName).path
    let store = SQLiteStore()
    var partitions: [AthletePartition] = []
    try store.publish(databasePath: database, reusing: previous?.path) { writer in
      let contents = try sessions(writer)
      partitions = contents.partitions
      return contents.bundle
    }
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
          ? current.resolvingSymlinksInPath() : nil)
    }
    try ShareFolders.write(release: staging, rosters: reports.rosters)
    if local != nil {
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
