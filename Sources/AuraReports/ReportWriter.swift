import AuraDomain
import AuraStore
import Foundation

/// Writes every report of a published database into a folder: `coaches/<id>.{md,html}` (the
/// roster and a page per athlete), `athletes/<id>.{md,html}` (the weekly report) and
/// `index.html`. Each file is written to a temporary name and renamed, so a reader never sees
/// a half-written report; reports of athletes or coaches no longer in the data are removed.
public enum ReportWriter {
  /// Renders and writes all reports; returns the paths written, relative to `folder`.
  @discardableResult
  public static func writeAll(store: StoreReader, folder: URL, generatedAt: String) throws
    -> [String]
  {
    let context = try ReportContext(store: store, generatedAt: generatedAt)
    let renderer = try ReportRenderer()
    let athletes = try store.athleteRows()
    let builder = AthleteWeekBuilder(context: context)
    let weeks = try athletes.map { try builder.build($0) }
    // Each athlete's page is rendered once, in both formats, and reused in their coach's
    // report; rendering (not reading the database) is the work, so it runs on every core.
    let pages = WorkerPool.map(weeks) { week in
      (html: renderer.html("athlete", week), markdown: renderer.markdown("athlete", week))
    }
    var files: [String: String] = [:]
    var pageOf: [String: (html: String, markdown: String)] = [:]
    for (athlete, page) in zip(athletes, pages) {
      pageOf[athlete.id] = page
      files["athletes/\(athlete.id).html"] = renderer.htmlPage(
        title: "\(athlete.username): week of \(context.windowLabel)", body: page.html,
        footer: context.footer)
      files["athletes/\(athlete.id).md"] = renderer.markdownDocument(
        heading: "Weekly report", body: page.markdown, footer: context.footer)
    }
    let coaches = try store.coaches()
    let coachBuilder = try CoachReportBuilder(context: context)
    for coach in coaches {
      let ownAthletes = athletes.filter { $0.coachId == coach.id }
      let view = try coachBuilder.build(coach: coach, athletes: ownAthletes)
      var html = view
      html.athletePages = ownAthletes.compactMap { pageOf[$0.id]?.html }
      var markdown = view
      markdown.athletePages = ownAthletes.compactMap { pageOf[$0.id]?.markdown }
      files["coaches/\(coach.id).html"] = renderer.htmlPage(
        title: "\(coach.name): roster, \(context.windowLabel)",
        body: renderer.html("coach", html), footer: context.footer)
      files["coaches/\(coach.id).md"] = renderer.markdownDocument(
        heading: nil, body: renderer.markdown("coach", markdown), footer: context.footer)
    }
    files["index.html"] = renderer.htmlPage(
      title: "AuraLift reports",
      body: renderer.html(
        "index",
        ReportIndex(
          window: context.windowLabel,
          coaches: coaches.map { .init(name: $0.name, path: "coaches/\($0.id)") },
          athletes: athletes.map { .init(name: $0.username, path: "athletes/\($0.id)") },
          quarantined: context.quarantine.map {
            .init(path: $0.path, line: String($0.line), reason: $0.reason)
          })), footer: context.footer)
    try write(files, into: folder, owning: ["athletes", "coaches"])
    return files.keys.sorted()
  }

  /// Writes a sweep's summary (`sweep.md`, `sweep.html`) and table (`sweep.csv`).
  public static func writeSweep(_ summary: SweepSummary, folder: URL) throws {
    let renderer = try ReportRenderer()
    try write(
      [
        "sweep.csv": summary.csv,
        "sweep.md": renderer.markdownDocument(
          heading: nil, body: renderer.markdown("sweep", summary.view), footer: summary.footer),
        "sweep.html": renderer.htmlPage(
          title: "Sweep \(summary.name)", body: renderer.html("sweep", summary.view),
          footer: summary.footer, wide: true),
      ], into: folder, owning: [])
  }

  /// Writes each file atomically, then removes files under the `owning` subfolders that this
  /// rendering did not produce.
  static func write(_ files: [String: String], into folder: URL, owning: [String]) throws {
    let fileManager = FileManager.default
    for (path, text) in files.sorted(by: { $0.key < $1.key }) {
      let url = folder.appendingPathComponent(path)
      try fileManager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
    }
    for subfolder in owning {
      let directory = folder.appendingPathComponent(subfolder)
      for name in (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
      where files["\(subfolder)/\(name)"] == nil {
        try fileManager.removeItem(at: directory.appendingPathComponent(name))
      }
    }
  }
}
