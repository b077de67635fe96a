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

  /// Renders and writes all reports, taking unchanged ones from the release folder `previous`.
  @discardableResult
  package static func writeAll(
    store: StoreReader, folder: URL, generatedAt: String, previous: URL? = nil
  ) throws -> Written {
    let context = try ReportContext(store: store, generatedAt: generatedAt)
    let renderer = try ReportRenderer()
    let athletes = try store.athleteRows()
    let builder = AthleteWeekBuilder(context: context)
    let previousDigests = previous.map(ReportManifest.read) ?? [:]
    var reports: [Report] = []

    // Building an athlete's view is most of the reports' time after rendering: both run on
    // every core.
    let weeks = try WorkerPool.map(athletes) { athlete in Result { try builder.build(athlete) } }
      .map { try $0.get() }
    // Each athlete's view is converted for the templates once, on the thread that digests it
    // and, where the previous release lacks that digest, renders it (in both formats).
    let pages = WorkerPool.map(Array(zip(athletes, weeks))) {
      athlete, week -> (report: Report, page: RenderedPage?) in
      let view = TemplateValue.convert(week) as Any
      let stem = "athletes/\(athlete.id)"
      let title = "\(athlete.username): \(context.windowLabel)"
      var digest = ReportDigest(title: title, footer: context.footer)
      digest.add(view: view)
      var report = Report(stem: stem, title: title, digest: digest.finalize())
      report.reusable = Self.reusable(report, digests: previousDigests, in: previous)
      guard !report.reusable else { return (report: report, page: nil) }
      let page = RenderedPage(
        html: renderer.html("athlete", converted: view),
        markdown: renderer.markdown("athlete", converted: view))
      return (report: report, page: page)
    }
    reports += pages.map(\.report)
    let coaches = try store.coaches()
    let coachBuilder = try CoachReportBuilder(context: context)
    var coachViews: [CoachReportView] = []
    for coach in coaches {
      let view = try coachBuilder.build(
        coach: coach, athletes: athletes.filter { $0.coachId == coach.id })
      let title = "\(coach.name): roster, \(context.windowLabel)"
      var digest = ReportDigest(title: title, footer: context.footer)
      digest.add(view: TemplateValue.convert(view))
      for (athlete, report) in zip(athletes, reports) where athlete.coachId == coach.id {
        digest.add(report.digest)
      }
      coachViews.append(view)
      var report = Report(stem: "coaches/\(coach.id)", title: title, digest: digest.finalize())
      report.reusable = Self.reusable(report, digests: previousDigests, in: previous)
      reports.append(report)
    }
    let stale = Set(reports.filter { !$0.reusable }.map(\.stem))

    var files: [String: String] = [:]
    for (athlete, (report, page)) in zip(athletes, pages) {
      guard let page else { continue }
      files["athletes/\(athlete.id).html"] = renderer.htmlPage(
        title: report.title, body: page.html, footer: context.footer)
      files["athletes/\(athlete.id).md"] = renderer.markdownDocument(
        heading: "Weekly report", body: page.markdown, footer: context.footer)
    }
    let coachReports = reports.suffix(coaches.count)
    for (coach, (view, report)) in zip(coaches, zip(coachViews, coachReports))
    where stale.contains(report.stem) {
      files["coaches/\(coach.id).html"] = renderer.htmlPage(
        title: report.title, body: renderer.html("coach", view), footer: context.footer)
      files["coaches/\(coach.id).md"] = renderer.markdownDocument(
        heading: nil, body: renderer.markdown("coach", view), footer: context.footer)
    }
    files["index.html"] = renderer.htmlPage(
      title: "AuraLift reports",
      body: renderer.html(
        "index",
        ReportIndex(
          window: context.windowHeading,
          coaches: coaches.map { .init(name: $0.name, path: "coaches/\($0.id)") },
          athletes: athletes.map { .init(name: $0.username, path: "athletes/\($0.id)") },
          quarantined: context.quarantine.map {
            .init(path: $0.path, line: String($0.line), reason: $0.reason)
          })), footer: context.footer)
    files[ReportManifest.fileName] = ReportManifest.text(
      Dictionary(uniqueKeysWithValues: reports.map { ($0.stem, $0.digest) }))
    var linked: [String] = []
    if let previous {
      for report in reports where report.reusable {
        for path in report.files {
          try ReleaseFiles.link(
            previous.appendingPathComponent(path), to: folder.appendingPathComponent(path))
          linked.append(path)
        }
      }
    }
    try write(files, into: folder, owning: ["athletes", "coaches"], keeping: Set(linked))
    return Written(
      paths: (Array(files.keys) + linked).filter { $0 != ReportManifest.fileName }.sorted(),
      reports: reports.count, rendered: stale.sorted(), isoWeek: context.isoWeek,
      rosters: coaches.map { coach in
        Roster(coach: coach.id, athletes: athletes.filter { $0.coachId == coach.id }.map(\.id))
      })
  }

  /// A page's body in both formats.
  private struct RenderedPage {
    var html: String
    var markdown: String
  }

  /// One partitioned report: its path without extension and its content key.
  private struct Report {
    var stem: String
    var title: String
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
    let fileManager = FileManager.default
    let earlier = Set(ReportManifest.read(folder).keys)
    for (path, text) in files.sorted(by: { $0.key < $1.key }) {
      let url = folder.appendingPathComponent(path)
      try fileManager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
    }
    for subfolder in owning {
      let directory = folder.appendingPathComponent(subfolder)
      for name in (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
      where files["\(subfolder)/\(name)"] == nil && !keeping.contains("\(subfolder)/\(name)") {
        let stem = "\(subfolder)/\((name as NSString).deletingPathExtension)"
        guard earlier.contains(stem), name.hasSuffix(".html") || name.hasSuffix(".md") else {
          continue
        }
        try fileManager.removeItem(at: directory.appendingPathComponent(name))
      }
    }
  }
}
