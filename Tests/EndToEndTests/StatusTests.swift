import AuraTestSupport
import Foundation
import Testing

/// `auralift status` as a monitor calls it: from any folder with `--out` alone, OK after a
/// publication, CRITICAL when the last run published nothing (the last success kept) or the
/// last publication is too old, and when nothing was ever recorded.
@Suite struct StatusTests {
  @Test func statusSaysHowTheLastRunEndedAndHowOldThePublicationIs() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let out = root.appendingPathComponent("out")
    let status = { (extra: [String]) in
      try TestSupport.cli(["status", "--out", out.path] + extra, in: root)
    }
    let none = try status([])
    #expect(none.status == 2 && none.stdout.hasPrefix("CRITICAL: no run recorded"))

    let run = try TestSupport.cli([
      "run", "pipelines/nightly.yaml", "--dataset", TestSupport.sampleDataset.path, "--out",
      out.path, "--quiet",
    ])
    #expect(run.status == 0)
    let ok = try status([])
    #expect(ok.status == 0, "\(ok.stdout)")
    #expect(ok.stdout.hasPrefix("OK: last run "))
    #expect(ok.stdout.contains("data through 20"), "\(ok.stdout)")
    let record = try Self.record(out)
    let success = try #require(record["last_success"] as? [String: Any])
    #expect(success["release"] as? String == record["release"] as? String)
    #expect((record["run_id"] as? String)?.isEmpty == false)

    let old = try status(["--max-age", "0s"])
    #expect(old.status == 2 && old.stdout.contains("older than 0s"), "\(old.stdout)")
    #expect(try status(["--max-age", "soon"]).status == 64)

    // A run that publishes nothing: CRITICAL, its error, and the last success kept.
    let failed = try TestSupport.cli([
      "run", "pipelines/nightly.yaml", "--dataset", root.appendingPathComponent("nowhere").path,
      "--out", out.path, "--quiet",
    ])
    #expect(failed.status == 2)
    let critical = try status([])
    #expect(critical.status == 2)
    #expect(critical.stdout.contains("exited 2"), "\(critical.stdout)")
    #expect(critical.stdout.contains("no dataset folder"))
    let after = try Self.record(out)
    #expect(after["last_success"] as? [String: String] == success as? [String: String])
    #expect(after["run_id"] as? String != record["run_id"] as? String)

    // A record whose time lies in the future (the clock moved back): UNKNOWN, not OK for ever.
    let recordFile = out.appendingPathComponent(".state/last-run.json")
    var future = record
    future["finished_at"] = "2999-01-01T00:00:00Z"
    future["last_success"] = ["finished_at": "2999-01-01T00:00:00Z", "release": success["release"]]
    try JSONSerialization.data(withJSONObject: future).write(to: recordFile)
    let skewed = try status([])
    #expect(skewed.status == 3, "\(skewed.stdout)")
    #expect(skewed.stdout.hasPrefix("UNKNOWN: "), "\(skewed.stdout)")
    #expect(skewed.stdout.contains("clock moved back"))
    // A successful record whose publication is gone: CRITICAL, naming what is missing.
    try Data(JSONSerialization.data(withJSONObject: record)).write(to: recordFile)
    #expect(try status([]).status == 0)
    try FileManager.default.removeItem(at: out.appendingPathComponent("current"))
    let gone = try status([])
    #expect(gone.status == 2, "\(gone.stdout)")
    #expect(gone.stdout.contains("no publication left at"), "\(gone.stdout)")
  }

  static func record(_ out: URL) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent(".state/last-run.json")))
        as? [String: Any])
  }

  /// `cache status`, `cache gc` and `report` need only the output folder: from a folder with
  /// no pipelines/ (cron's $HOME), `--out` is enough; a size that is not one is a usage error.
  @Test func outputCommandsRunFromAnyFolderWithOut() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let out = root.appendingPathComponent("out")
    let run = try TestSupport.cli([
      "run", "pipelines/nightly.yaml", "--dataset", TestSupport.sampleDataset.path, "--out",
      out.path, "--quiet",
    ])
    #expect(run.status == 0)
    let home = root.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let status = try TestSupport.cli(["cache", "status", "--out", out.path], in: home)
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.contains("entries"), "\(status.stdout)")
    let collected = try TestSupport.cli(["cache", "gc", "--out", out.path], in: home)
    #expect(collected.status == 0, "\(collected.stderr)")
    let report = try TestSupport.cli(["report", "--out", out.path], in: home)
    #expect(report.status == 0, "\(report.stderr)")
    for size in ["nan", "-1", "1e300"] {
      let bad = try TestSupport.cli(
        ["cache", "gc", "--out", out.path, "--max-size", size], in: home)
      #expect(bad.status == 64, "\(size): \(bad.stderr)")
    }
  }
}
