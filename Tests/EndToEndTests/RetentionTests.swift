import AuraTestSupport
import Foundation
import Testing

/// What a nightly output keeps: `keep_releases` releases, the reports of the newest
/// `keep_weeks` weeks under archive/, and per coach a folder with their pages alone.
@Suite struct RetentionTests {
  /// Adds a copy of s-000001 as `id`, started at `start`.
  static func addSession(_ id: String, start: String, to dataset: URL) throws {
    _ = try RunnerTests.copySession("s-000001", as: id, in: dataset, start: start)
  }

  @Test func releasesAndWeeksAreKeptAsConfigured() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    let pipeline = root.appendingPathComponent("nightly.yaml")
    let nightly = try String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent("pipelines/nightly.yaml"),
      encoding: .utf8)
    try Data(
      (nightly.replacingOccurrences(of: "dataset: ../datasets/sample", with: "dataset: dataset")
        .replacingOccurrences(of: "out: ../reports", with: "out: out")
        + "\nretention:\n  keep_releases: 3\n  keep_weeks: 2\n  cache_max_mb: 1\n").utf8
    ).write(to: pipeline)
    // The weeks added run past today's: the runs are made as of the last day of the year.
    var environment = ProcessInfo.processInfo.environment
    environment["AURALIFT_TODAY"] = "2026-12-31"
    func run() throws {
      let run = try TestSupport.cli(["run", pipeline.path, "--quiet"], environment: environment)
      #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }
    try run()
    #expect(try Self.weeks(out) == ["2026-W47"])
    for (id, start) in [
      ("s-w48", "2026-11-24T18:00:00Z"), ("s-w49", "2026-12-01T18:00:00Z"),
      ("s-w50", "2026-12-08T18:00:00Z"),
    ] {
      try Self.addSession(id, start: start, to: dataset)
      try run()
    }
    let releases = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent("releases").path)
    #expect(releases.count == 3, "\(releases)")
    #expect(try Self.weeks(out) == ["2026-W49", "2026-W50"])
    // The newest week's archive is the current release's reports, byte for byte.
    for report in ["coaches/c-1.html", "athletes/a-01.md"] {
      #expect(
        try Data(contentsOf: out.appendingPathComponent("archive/2026-W50/\(report)"))
          == Data(contentsOf: out.appendingPathComponent("current/\(report)")))
    }
    // An unchanged rerun keeps the same releases and weeks.
    try run()
    #expect(try Self.weeks(out) == ["2026-W49", "2026-W50"])
    // Entries of other parameters are collected by the next run, within cache_max_mb.
    let variant = try TestSupport.cli(
      ["run", pipeline.path, "--quiet", "--set", "scoring.form.depth_weight=0.4"],
      environment: environment)
    #expect(variant.status == 0)
    try run()
    let status = try TestSupport.cli(["cache", "status", pipeline.path])
    let scoring = status.stdout.split(separator: "\n").first { $0.hasPrefix("scoring:") } ?? ""
    #expect(scoring.hasPrefix("scoring: 21 entries"), "\(status.stdout)")
    #expect(scoring.contains("used by the latest run: 21 entries"), "\(status.stdout)")
  }

  @Test func eachCoachsFolderHoldsTheirPagesAlone() throws {
    let release = try TestSupport.publishedSample.get()
    var found: [String] = []
    let share = release.appendingPathComponent("share").resolvingSymlinksInPath()
    let enumerator = FileManager.default.enumerator(atPath: share.path)
    while let path = enumerator?.nextObject() as? String {
      var folder: ObjCBool = false
      if FileManager.default.fileExists(
        atPath: share.appendingPathComponent(path).path, isDirectory: &folder), !folder.boolValue
      {
        found.append(path)
      }
    }
    #expect(
      found.sorted() == [
        "c-1/athletes/a-01.html", "c-1/athletes/a-03.html", "c-1/coaches/c-1.html",
        "c-1/index.html", "c-2/athletes/a-02.html", "c-2/coaches/c-2.html", "c-2/index.html",
      ])
    #expect(
      try Data(contentsOf: share.appendingPathComponent("c-1/coaches/c-1.html"))
        == Data(contentsOf: release.appendingPathComponent("coaches/c-1.html")))
    let page = try String(
      contentsOf: share.appendingPathComponent("c-2/coaches/c-2.html"), encoding: .utf8)
    #expect(page.contains("squat_sara2") && !page.contains("iron_mike1"))
    // Every link of a shared page stays inside the coach's folder and finds its page.
    for file in found where file.hasSuffix(".html") {
      let page = share.appendingPathComponent(file)
      let html = try String(contentsOf: page, encoding: .utf8)
      let hrefs = try NSRegularExpression(pattern: ##"href="([^"#:]+)""##)
      let links = hrefs.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
        Range($0.range(at: 1), in: html).map { html[$0] }
      }
      for link in links {
        let target = page.deletingLastPathComponent().appendingPathComponent(String(link))
          .standardizedFileURL
        #expect(
          target.path.hasPrefix(share.appendingPathComponent(String(file.prefix(3))).path),
          "\(file) links out of its folder: \(link)")
        #expect(FileManager.default.fileExists(atPath: target.path), "\(file) → \(link)")
      }
    }
  }

  static func weeks(_ out: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent("archive").path
    ).filter { !$0.hasPrefix(".") }.sorted()
  }
}
