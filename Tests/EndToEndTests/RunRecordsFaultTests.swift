import AuraTestSupport
import Foundation
import Testing

/// The run's records (`.state/records.sqlite`) fail safe and say so: a file SQLite cannot
/// read is named and moved aside, and the run goes on from empty records; one another writer
/// holds stops the run before `current` moves; the cache is never collected on records that
/// cannot be read.
@Suite struct RunRecordsFaultTests {
  static func run(_ out: URL, quiet: Bool = true) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try TestSupport.cli(
      [
        "run", "pipelines/nightly.yaml", "--dataset", TestSupport.sampleDataset.path, "--out",
        out.path,
      ] + (quiet ? ["--quiet"] : []))
  }

  @Test func damagedRecordsAreMovedAsideAndTheRunGoesOn() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let out = root.appendingPathComponent("out")
    #expect(try Self.run(out).status == 0)
    let records = out.appendingPathComponent(".state/records.sqlite")
    var noise = SystemRandomNumberGenerator()
    try Data((0..<40_000).map { _ in UInt8.random(in: 0...255, using: &noise) }).write(
      to: records)
    // The cache cannot be collected on them: nothing is removed.
    let cache = out.appendingPathComponent(".cache")
    let entries = try FileManager.default.subpathsOfDirectory(atPath: cache.path).count
    let collected = try TestSupport.cli(["cache", "gc", "--out", out.path])
    #expect(collected.status != 0, "\(collected.stdout)")
    #expect(
      collected.stderr.contains("\(records.path) cannot be read"), "\(collected.stderr)")
    #expect(try FileManager.default.subpathsOfDirectory(atPath: cache.path).count == entries)
    // The run names the file, moves it aside and publishes.
    let again = try Self.run(out)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("the run's records could not be read: moved aside"))
    #expect(again.stderr.contains("moved_to="))
    let state = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent(".state").path)
    #expect(state.contains { $0.hasPrefix("records.sqlite.unreadable-") }, "\(state)")
    // The next run finds everything up to date, and says nothing.
    let third = try Self.run(out)
    #expect(third.status == 0 && third.stdout.isEmpty && third.stderr.isEmpty, "\(third)")
  }

  @Test func recordsAnotherWriterHoldsStopTheRunBeforeCurrentMoves() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    let first = try TestSupport.cli([
      "run", "pipelines/nightly.yaml", "--dataset", dataset.path, "--out", out.path, "--quiet",
    ])
    #expect(first.status == 0)
    let current = out.appendingPathComponent("current").resolvingSymlinksInPath().path
    _ = try RunnerTests.copySession("s-000001", as: "s-held", in: dataset)
    // Python holds the records' write lock for longer than a run waits for it (10 s).
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = [
      "python3", "-c",
      "import sqlite3, sys, time; db = sqlite3.connect(sys.argv[1], isolation_level=None); db.execute('BEGIN EXCLUSIVE'); print('held', flush=True); time.sleep(25)",
      out.appendingPathComponent(".state/records.sqlite").path,
    ]
    let said = Pipe()
    holder.standardOutput = said
    try holder.run()
    defer { holder.terminate() }
    _ = said.fileHandleForReading.readData(ofLength: 5)
    let held = try TestSupport.cli([
      "run", "pipelines/nightly.yaml", "--dataset", dataset.path, "--out", out.path, "--quiet",
    ])
    #expect(held.status == 2, "\(held.stderr)")
    #expect(held.stderr.contains("records.sqlite cannot be written"), "\(held.stderr)")
    #expect(
      out.appendingPathComponent("current").resolvingSymlinksInPath().path == current,
      "current moved though the run's records could not be written")
  }
}
