import AuraTestSupport
import Foundation
import Testing

/// An output holds personal data: what a run writes is its owner's alone unless the pipeline's
/// output_mode says the group, or everyone, may read it.
@Suite struct OutputModeTests {
  /// The permission bits of `path`.
  static func mode(_ path: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test(arguments: [(nil, 0o600, 0o700), ("group", 0o640, 0o750), ("shared", 0o644, 0o755)])
  func filesAreWrittenWithTheOutputMode(mode: String?, file: Int, folder: Int) throws {
    let root = try TestSupport.temporaryFolder("output-mode")
    defer { TestSupport.remove(root) }
    let nightly = try String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent("pipelines/nightly.yaml"),
      encoding: .utf8)
    var text = nightly.replacingOccurrences(
      of: "dataset: ../datasets/sample", with: "dataset: \(TestSupport.sampleDataset.path)"
    ).replacingOccurrences(of: "out: ../reports", with: "out: out")
    text = text.replacingOccurrences(
      of: "output_mode: private", with: mode.map { "output_mode: \($0)" } ?? "")
    let pipeline = root.appendingPathComponent("nightly.yaml")
    try Data(text.utf8).write(to: pipeline)
    // Under the shell's usual umask (022), which the command does not follow.
    let run = try TestSupport.cli(["run", pipeline.path, "--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    let current = root.appendingPathComponent("out/current").resolvingSymlinksInPath()
    #expect(try Self.mode(current.appendingPathComponent("auralift.sqlite")) == file)
    #expect(try Self.mode(current.appendingPathComponent("csv/user_profile.csv")) == file)
    #expect(try Self.mode(current.appendingPathComponent("coaches/c-1.html")) == file)
    #expect(try Self.mode(current.appendingPathComponent("coaches")) == folder)
    #expect(try Self.mode(root.appendingPathComponent("out/.state")) == folder)
  }

  /// Switching from shared to private makes what the output already holds private too:
  /// earlier releases, the records (coaches' emails) and the cache, not only what is written
  /// next.
  @Test func switchingToPrivateMakesEverythingEarlierPrivate() throws {
    let root = try TestSupport.temporaryFolder("output-mode-switch")
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let nightly = try String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent("pipelines/nightly.yaml"),
      encoding: .utf8
    ).replacingOccurrences(of: "dataset: ../datasets/sample", with: "dataset: \(dataset.path)")
      .replacingOccurrences(of: "out: ../reports", with: "out: out")
    let pipeline = root.appendingPathComponent("nightly.yaml")
    try Data(
      nightly.replacingOccurrences(of: "output_mode: private", with: "output_mode: shared").utf8
    )
    .write(to: pipeline)
    #expect(try TestSupport.cli(["run", pipeline.path, "--quiet"]).status == 0)
    let out = root.appendingPathComponent("out")
    func readableByOthers() throws -> [String] {
      try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { path in
        var info = stat()
        return lstat(out.path + "/" + path, &info) == 0 && info.st_mode & S_IFMT != S_IFLNK
          && info.st_mode & 0o077 != 0
      }
    }
    #expect(try readableByOthers().count > 50)
    try Data(nightly.utf8).write(to: pipeline)
    _ = try RunnerTests.copySession("s-000001", as: "s-private", in: dataset)
    let run = try TestSupport.cli(["run", pipeline.path, "--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    let releases = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent("releases").path)
    #expect(releases.count == 2, "the earlier release is kept: \(releases)")
    let open = try readableByOthers()
    #expect(open.isEmpty, "\(open.count) paths still readable by others: \(open.prefix(5))")
  }

  @Test func anUnknownOutputModeIsAUsageError() throws {
    let root = try TestSupport.temporaryFolder("output-mode-bad")
    defer { TestSupport.remove(root) }
    let pipeline = root.appendingPathComponent("bad.yaml")
    try Data("name: bad\noutput_mode: everyone\n".utf8).write(to: pipeline)
    let run = try TestSupport.cli(["run", pipeline.path])
    #expect(run.status == 64)
    #expect(run.stderr.contains("output_mode must be one of private, group, shared"))
  }
}
