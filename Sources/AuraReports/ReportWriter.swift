import AuraDomain
import AuraStore
import AuraSupport
import Foundation

/// Writes every report of a published database into a folder: `coaches/<id>.{md,html}` (the
/// roster, linking each athlete's page), `athletes/<id>.{md,html}` (the weekly report) and
/// `index.html`. Each report is partitioned by its content (`ReportDigest`): one whose digest
/// the previous release recorded is linked from it, not rendered again, so a run that changed
/// one athlete renders that athlete's report and their coach's (a coach's key covers their
/// athletes' pages, which the coach's email attaches). Each file is written to a
/// temporary name and renamed, so a reader never sees a half-written report; reports of
/// athletes or coaches no longer in the data are removed.
package enum ReportWriter {
  /// What a rendering wrote.
  package struct Written: Sendable {
    /// The folder the reports are in.
    package var folder: URL
    /// How many reports (athletes' and coaches') there are.
    package var reports: Int
    /// How many reports were rendered anew; the rest were linked from `previous` (a linked
    /// report's files are the previous release's: the same inodes).
    package var rendered: Int
    /// The ISO week the reports are of.
    package var isoWeek: String
    /// Each coach with their athletes, as the reports group them.
    package var rosters: [Roster]

    /// Every report file and `index.html`, relative to the folder, in path order (from the
    /// manifest).
    package var paths: [String] {
      (["index.html"] + ReportManifest.read(folder).keys.flatMap { Report.files(of: $0) })
        .sorted()
    }

  }

  /// Calls `body` with the path of each report file its manifest lists in `folder`, relative
  /// to it, one at a time.
  package static func forEachReportFile(in folder: URL, _ body: (String) throws -> Void) throws {
    var manifest = TSVTable.Cursor(
      folder.appendingPathComponent(ReportManifest.fileName), columns: 2)
    while let record = manifest.next() {
      for path in Report.files(of: record[0]) { try body(path) }
    }
  }

  package struct Roster: Sendable {
    package var coach: String
    package var athletes: [String]
  }

  /// Athletes whose pages are built, rendered and written together: what is held at once.
  static let athletesPerChunk = 256

  /// Renders and writes all reports, taking unchanged ones from the release folder `previous`.
  /// Athletes' pages are made a chunk at a time, each written (or linked) as soon as it is
  /// rendered and its digest added to the manifest, so that memory holds one chunk's pages
  /// whatever the number of athletes; what stays is what the coaches' pages and the index need
  /// (coached athletes' digests, athletes with something recorded). Pages are written
  /// `atomically` (to a temporary name, renamed) unless the folder is a release being staged,
  /// which nobody reads before it is complete.
  @discardableResult
  package static func writeAll(
    store: StoreReader, folder: URL, generatedAt: String, previous: URL? = nil,
    atomically: Bool = true
  ) throws -> Written {
    let context = try ReportContext(store: store, generatedAt: generatedAt)
    let renderer = try ReportRenderer()
    let earlier = Set(ReportManifest.read(folder).keys)
    let withRecords = try store.athletesWithRecords()
    var made = Made(
      manifest: try TSVTable.Appender(folder.appendingPathComponent(ReportManifest.fileName)),
      previous: ReportManifest.Lookup(previous))
    let destination = Destination(folder: folder, previous: previous, atomically: atomically)
    try writeAthletes(
      store: store, withRecords: withRecords, context: context, renderer: renderer,
      destination: destination, made: &made)
    // A coach's key covers their athletes' pages, which the coach's email attaches.
    let coaches = try store.coaches()
    let coachBuilder = try CoachReportBuilder(context: context)
    var rosters: [Roster] = []
    for coach in coaches {
      let athletes = try store.athleteRows(coachId: coach.id)
      let stem = "coaches/\(coach.id)"
      try made.add(
        try writeCoach(
          coach, athletes: athletes,
          athleteDigests: athletes.map { made.coachedDigests[$0.id] ?? "" }, builder: coachBuilder,
          context: context, renderer: renderer, destination: destination,
          previousDigest: made.previous.digest(of: stem)))
      rosters.append(Roster(coach: coach.id, athletes: athletes.map(\.id)))
    }
    try writeIndex(
      coaches: coaches, listed: made.listed, nothingRecorded: made.nothingRecorded,
      context: context, renderer: renderer, folder: folder)
    try made.manifest.finish()
    if !earlier.isEmpty {
      try removeLeftovers(
        of: earlier, in: folder, owning: ["athletes", "coaches"],
        keeping: Set(ReportManifest.read(folder).keys.flatMap { Report.files(of: $0) }))
    }
    return Written(
      folder: folder, reports: made.reports, rendered: made.rendered,
      isoWeek: context.isoWeek, rosters: rosters)
  }

  /// What the pages made so far leave behind: the manifest being written, the previous one
  /// being read alongside, and what the coaches' pages, the index and the summary need.
  private struct Made {
    let manifest: TSVTable.Appender
    var previous: ReportManifest.Lookup
    var reports = 0
    var rendered = 0
    /// The page digests of athletes who have a coach.
    var coachedDigests: [String: String] = [:]
    /// Athletes with something recorded, for the index.
    var listed: [ReportRows.Athlete] = []
    var nothingRecorded = 0

    mutating func add(_ report: Report) throws {
      try manifest.append([report.stem, report.digest])
      reports += 1
      if !report.reusable { rendered += 1 }
    }
  }

  /// How many athletes are read from the database at once.
  static let athletesPerPage = 4096

  /// Each athlete's page, a chunk at a time on every core: their view is built, converted
  /// for the templates, digested and, where the previous release lacks that digest, rendered
  /// in both formats and written. In id order.
  private static func writeAthletes(
    store: StoreReader, withRecords: Set<String>, context: ReportContext,
    renderer: ReportRenderer, destination: Destination, made: inout Made
  ) throws {
    let builder = AthleteWeekBuilder(context: context)
    var after: String? = nil
    while true {
      let page = try store.athleteRows(after: after, limit: athletesPerPage)
      guard let last = page.last else { break }
      after = last.id
      for start in stride(from: 0, to: page.count, by: athletesPerChunk) {
        let chunk = Array(page[start..<min(start + athletesPerChunk, page.count)])
        let previousDigests = chunk.map { made.previous.digest(of: "athletes/\($0.id)") }
        let reports = WorkerPool.map(Array(zip(chunk, previousDigests))) { athlete, previous in
          Result { () throws -> Report in
            let recorded = withRecords.contains(athlete.id)
            let template = recorded ? "athlete" : "nothing-recorded"
            let view =
              recorded
              ? TemplateValue.convert(try builder.build(athlete)) as Any
              : TemplateValue.convert(builder.nothingRecorded(athlete)) as Any
            let title = "\(athlete.username): \(context.windowLabel)"
            var digest = ReportDigest(title: title, footer: context.footer)
            digest.add(view: view)
            return try destination.place(
              stem: "athletes/\(athlete.id)", digest: digest.finalize(), previous: previous
            ) {
              (
                html: renderer.htmlPage(
                  title: title, body: renderer.html(template, converted: view),
                  footer: context.footer),
                markdown: renderer.markdownDocument(
                  heading: "Weekly report", body: renderer.markdown(template, converted: view),
                  footer: context.footer)
              )
            }
          }
        }
        for (athlete, result) in zip(chunk, reports) {
          let report = try result.get()
          try made.add(report)
          if athlete.coachId != nil { made.coachedDigests[athlete.id] = report.digest }
          if withRecords.contains(athlete.id) {
            made.listed.append(athlete)
          } else {
            made.nothingRecorded += 1
          }
        }
      }
    }
  }

  /// A coach's roster page, its digest covering their athletes' pages (`athleteDigests`).
  private static func writeCoach(
    _ coach: ReportRows.Coach, athletes: [ReportRows.Athlete], athleteDigests: [String],
    builder: CoachReportBuilder, context: ReportContext, renderer: ReportRenderer,
    destination: Destination, previousDigest: String?
  ) throws -> Report {
    let view = try builder.build(coach: coach, athletes: athletes)
    let title = "\(coach.name): roster, \(context.windowLabel)"
    var digest = ReportDigest(title: title, footer: context.footer)
    digest.add(view: TemplateValue.convert(view))
    for athleteDigest in athleteDigests { digest.add(athleteDigest) }
    return try destination.place(
      stem: "coaches/\(coach.id)", digest: digest.finalize(), previous: previousDigest
    ) {
      (
        html: renderer.htmlPage(
          title: title, body: renderer.html("coach", view), footer: context.footer),
        markdown: renderer.markdownDocument(
          heading: nil, body: renderer.markdown("coach", view), footer: context.footer)
      )
    }
  }

  /// `index.html`: the coaches, the athletes with something recorded (`listed`), how many
  /// have nothing, and what the run set aside.
  private static func writeIndex(
    coaches: [ReportRows.Coach], listed: [ReportRows.Athlete], nothingRecorded: Int,
    context: ReportContext, renderer: ReportRenderer, folder: URL
  ) throws {
    let index = renderer.htmlPage(
      title: "AuraLift reports",
      body: renderer.html(
        "index",
        ReportIndex(
          window: context.windowHeading,
          coaches: coaches.map { .init(name: $0.name, path: "coaches/\($0.id)") },
          athletes: listed.map { .init(name: $0.username, path: "athletes/\($0.id)") },
          nothingRecorded: ReportIndex.nothingRecorded(nothingRecorded),
          quarantined: context.quarantine.map {
            .init(path: $0.path, line: String($0.line), reason: $0.reason)
          })), footer: context.footer)
    try writeFile(index, at: "index.html", in: folder)
  }

  /// Where a rendering's reports go: each is linked from the release folder `previous` where
  /// that release recorded its digest, else rendered by `pages` and written.
  private struct Destination: Sendable {
    let folder: URL
    let previous: URL?
    let atomically: Bool

    /// `previous` is the digest the previous release recorded for `stem`.
    func place(
      stem: String, digest: String, previous recorded: String?,
      pages: () -> (html: String, markdown: String)
    ) throws -> Report {
      var report = Report(stem: stem, digest: digest)
      report.reusable = recorded == digest && ReportWriter.exists(stem, in: previous)
      if report.reusable, let previous {
        for path in report.files {
          try ReleaseFiles.link(
            previous.appendingPathComponent(path), to: folder.appendingPathComponent(path))
        }
        return report
      }
      let made = pages()
      try writeFile(made.html, at: stem + ".html", in: folder, atomically: atomically)
      try writeFile(made.markdown, at: stem + ".md", in: folder, atomically: atomically)
      return report
    }
  }

  /// One partitioned report: its path without extension and its content key.
  private struct Report {
    var stem: String
    var digest: String
    var reusable = false
    var files: [String] { Self.files(of: stem) }

    static func files(of stem: String) -> [String] { [stem + ".html", stem + ".md"] }
  }

  /// Whether both files of the report `stem` are in `folder`.
  private static func exists(_ stem: String, in folder: URL?) -> Bool {
    guard let folder else { return false }
    return ["html", "md"].allSatisfy {
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(stem).\($0)").path)
    }
  }

  /// Writes a sweep's summary (`sweep.md`, `sweep.html`) and table (`sweep.csv`).
  package static func writeSweep(_ summary: SweepSummary, folder: URL) throws {
    let renderer = try ReportRenderer()
    try write(
      [
        "sweep.csv": summary.csv,
        "sweep.md": renderer.markdownDocument(
          heading: nil, body: renderer.markdown("sweep", summary.view), footer: summary.footer),
        "sweep.html": renderer.htmlPage(
          title: "Sweep \(summary.name)", body: renderer.html("sweep", summary.view),
          footer: summary.footer, wide: true),
      ], into: folder, owning: [], keeping: [])
  }

  /// Writes each file atomically, then removes the reports under the `owning` subfolders that
  /// an earlier rendering into `folder` wrote (its `reports.tsv` lists them) and this one
  /// neither produced nor is `keeping`. Files it did not write are never removed: `report --to`
  /// may name a folder that holds other things.
  static func write(
    _ files: [String: String], into folder: URL, owning: [String], keeping: Set<String>
  ) throws {
    let earlier = Set(ReportManifest.read(folder).keys)
    for (path, text) in files.sorted(by: { $0.key < $1.key }) {
      try writeFile(text, at: path, in: folder)
    }
    try removeLeftovers(
      of: earlier, in: folder, owning: owning, keeping: keeping.union(files.keys))
  }

  /// Writes `text` to `path` under `folder`, `atomically` (a temporary name, renamed) or not.
  static func writeFile(
    _ text: String, at path: String, in folder: URL, atomically: Bool = true
  ) throws {
    let url = folder.appendingPathComponent(path)
    let data = Data(text.utf8)
    if !atomically, (try? data.write(to: url)) != nil { return }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url, options: atomically ? .atomic : [])
  }

  /// Removes the reports under the `owning` subfolders of `folder` that an earlier rendering
  /// listed (`earlier`, the stems of its `reports.tsv`) and that are not in `keeping`.
  static func removeLeftovers(
    of earlier: Set<String>, in folder: URL, owning: [String], keeping: Set<String>
  ) throws {
    let fileManager = FileManager.default
    for subfolder in owning {
      let directory = folder.appendingPathComponent(subfolder)
      for name in (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
      where !keeping.contains("\(subfolder)/\(name)") {
        let stem = "\(subfolder)/\((name as NSString).deletingPathExtension)"
        guard earlier.contains(stem), name.hasSuffix(".html") || name.hasSuffix(".md") else {
          continue
        }
        try fileManager.removeItem(at: directory.appendingPathComponent(name))
      }
    }
  }
}
