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
    /// Every report file, relative to the folder.
    package var paths: [String]
    /// How many reports (athletes' and coaches') there are.
    package var reports: Int
    /// The reports (paths without extension) rendered anew; the rest came from `previous`.
    package var rendered: [String]
    /// The ISO week the reports are of.
    package var isoWeek: String
    /// Each coach with their athletes, as the reports group them.
    package var rosters: [Roster]
  }

  package struct Roster: Sendable {
    package var coach: String
    package var athletes: [String]
  }

  /// Athletes whose pages are built, rendered and written together: what is held at once.
  static let athletesPerChunk = 256

  /// Renders and writes all reports, taking unchanged ones from the release folder `previous`.
  /// Athletes' pages are made a chunk at a time, each written (or linked) as soon as it is
  /// rendered, so that memory holds one chunk's pages whatever the number of athletes. Pages
  /// are written `atomically` (to a temporary name, renamed) unless the folder is a release
  /// being staged, which nobody reads before it is complete.
  @discardableResult
  package static func writeAll(
    store: StoreReader, folder: URL, generatedAt: String, previous: URL? = nil,
    atomically: Bool = true
  ) throws -> Written {
    let context = try ReportContext(store: store, generatedAt: generatedAt)
    let renderer = try ReportRenderer()
    let athletes = try store.athleteRows()
    let previousDigests = previous.map(ReportManifest.read) ?? [:]
    let earlier = Set(ReportManifest.read(folder).keys)
    let withRecords = try store.athletesWithRecords()
    let destination = Destination(
      folder: folder, previous: previous, digests: previousDigests, atomically: atomically)
    let athleteReports = try writeAthletes(
      athletes, withRecords: withRecords, context: context, renderer: renderer,
      destination: destination)
    // A coach's key covers their athletes' pages, which the coach's email attaches.
    let coaches = try store.coaches()
    var coachAthletes: [String: [Int]] = [:]
    for (index, athlete) in athletes.enumerated() {
      if let coach = athlete.coachId { coachAthletes[coach, default: []].append(index) }
    }
    let coachBuilder = try CoachReportBuilder(context: context)
    let coachReports = try coaches.map { coach in
      let mine = coachAthletes[coach.id] ?? []
      return try writeCoach(
        coach, athletes: mine.map { athletes[$0] },
        athleteDigests: mine.map { athleteReports[$0].digest }, builder: coachBuilder,
        context: context, renderer: renderer, destination: destination)
    }
    let reports = athleteReports + coachReports
    try writeIndex(
      coaches: coaches, athletes: athletes, withRecords: withRecords, context: context,
      renderer: renderer, folder: folder)
    try writeFile(
      ReportManifest.text(
        Dictionary(uniqueKeysWithValues: reports.map { ($0.stem, $0.digest) })),
      at: ReportManifest.fileName, in: folder)
    try removeLeftovers(
      of: earlier, in: folder, owning: ["athletes", "coaches"],
      keeping: Set(reports.flatMap(\.files)))
    return Written(
      paths: (["index.html"] + reports.flatMap(\.files)).sorted(),
      reports: reports.count, rendered: reports.filter { !$0.reusable }.map(\.stem).sorted(),
      isoWeek: context.isoWeek,
      rosters: coaches.map { coach in
        Roster(coach: coach.id, athletes: (coachAthletes[coach.id] ?? []).map { athletes[$0].id })
      })
  }

  /// Each athlete's page, a chunk at a time on every core: their view is built, converted
  /// for the templates, digested and, where the previous release lacks that digest, rendered
  /// in both formats and written. In the order of `athletes`.
  private static func writeAthletes(
    _ athletes: [ReportRows.Athlete], withRecords: Set<String>, context: ReportContext,
    renderer: ReportRenderer, destination: Destination
  ) throws -> [Report] {
    let builder = AthleteWeekBuilder(context: context)
    var reports: [Report] = []
    reports.reserveCapacity(athletes.count)
    for start in stride(from: 0, to: athletes.count, by: athletesPerChunk) {
      let chunk = Array(athletes[start..<min(start + athletesPerChunk, athletes.count)])
      let made = WorkerPool.map(chunk) { athlete in
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
          return try destination.place(stem: "athletes/\(athlete.id)", digest: digest.finalize()) {
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
      reports += try made.map { try $0.get() }
    }
    return reports
  }

  /// A coach's roster page, its digest covering their athletes' pages (`athleteDigests`).
  private static func writeCoach(
    _ coach: ReportRows.Coach, athletes: [ReportRows.Athlete], athleteDigests: [String],
    builder: CoachReportBuilder, context: ReportContext, renderer: ReportRenderer,
    destination: Destination
  ) throws -> Report {
    let view = try builder.build(coach: coach, athletes: athletes)
    let title = "\(coach.name): roster, \(context.windowLabel)"
    var digest = ReportDigest(title: title, footer: context.footer)
    digest.add(view: TemplateValue.convert(view))
    for athleteDigest in athleteDigests { digest.add(athleteDigest) }
    return try destination.place(stem: "coaches/\(coach.id)", digest: digest.finalize()) {
      (
        html: renderer.htmlPage(
          title: title, body: renderer.html("coach", view), footer: context.footer),
        markdown: renderer.markdownDocument(
          heading: nil, body: renderer.markdown("coach", view), footer: context.footer)
      )
    }
  }

  /// `index.html`: the coaches, the athletes with something recorded, how many have nothing,
  /// and what the run set aside.
  private static func writeIndex(
    coaches: [ReportRows.Coach], athletes: [ReportRows.Athlete], withRecords: Set<String>,
    context: ReportContext, renderer: ReportRenderer, folder: URL
  ) throws {
    let listed = athletes.filter { withRecords.contains($0.id) }
    let index = renderer.htmlPage(
      title: "AuraLift reports",
      body: renderer.html(
        "index",
        ReportIndex(
          window: context.windowHeading,
          coaches: coaches.map { .init(name: $0.name, path: "coaches/\($0.id)") },
          athletes: listed.map { .init(name: $0.username, path: "athletes/\($0.id)") },
          nothingRecorded: ReportIndex.nothingRecorded(athletes.count - listed.count),
          quarantined: context.quarantine.map {
            .init(path: $0.path, line: String($0.line), reason: $0.reason)
          })), footer: context.footer)
    try writeFile(index, at: "index.html", in: folder)
  }

  /// Where a rendering's reports go: each is linked from the release folder `previous` where
  /// that release recorded its digest (`digests`), else rendered by `pages` and written.
  private struct Destination: Sendable {
    let folder: URL
    let previous: URL?
    let digests: [String: String]
    let atomically: Bool

    func place(stem: String, digest: String, pages: () -> (html: String, markdown: String))
      throws -> Report
    {
      var report = Report(stem: stem, digest: digest)
      report.reusable = ReportWriter.reusable(report, digests: digests, in: previous)
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
    var files: [String] { [stem + ".html", stem + ".md"] }
  }

  /// Whether the previous release (`folder`, whose manifest gave `digests`) holds `report`
  /// as it is now: the same digest, and both its files.
  private static func reusable(_ report: Report, digests: [String: String], in folder: URL?)
    -> Bool
  {
    digests[report.stem] == report.digest && exists(report.stem, in: folder)
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
