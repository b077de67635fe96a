import AuraCache
import AuraDomain
import AuraPipeline
import AuraStore
import AuraSupport
import Foundation

/// `experiment.json`: everything needed to cite a sweep or an evaluation (`kind`) and run it
/// again: the command line,
/// the code's stage versions and the commit the binary was built from, the pipeline file's
/// repository's commit, the dataset's path and content digest, the pipeline
/// file's digest, the grid, each variant's parameters and metrics, and when it ran.
package struct ExperimentRecord: Encodable {
  var name: String
  /// "sweep", or "eval": one variant, the pipeline's parameters, and its `targets`.
  var kind = "sweep"
  var commandLine: [String]
  var codeVersion: String
  /// The commit of the repository the pipeline file lives in, where git can say.
  var commit: String?
  /// The commit the running binary was built from, and whether tracked files differed from it
  /// (recorded at build time); nil where the build could not tell.
  var codeCommit: String?
  var codeModified: Bool?
  var dataset: String
  /// `FileDigests.datasetDigest`: the dataset's files by path and content, as the `run` table
  /// of each variant cites it.
  var datasetDigest: String
  var pipeline: String
  var pipelineDigest: String?
  var objective: String
  var grid: [Axis]
  var variants: [Variant]
  /// An evaluation's accuracy targets, each with what was measured.
  var targets: [Target]? = nil
  var startedAt: String
  var finishedAt: String

  /// One accuracy target of an evaluation and what was measured against it.
  package struct Target: Encodable, Sendable {
    var name: String
    /// As the table prints it, with its unit ("0.523 °", "none").
    var measured: String
    var target: String
    var passed: Bool
    /// The measured number; absent where nothing was measured.
    var value: Double?

    package init(name: String, measured: String, target: String, passed: Bool, value: Double?) {
      self.name = name
      self.measured = measured
      self.target = target
      self.passed = passed
      self.value = value
    }
  }

  struct Axis: Encodable {
    var key: String
    var values: [String]
  }

  struct Variant: Encodable {
    var name: String
    /// Each as its type: a JSON number, string, boolean or list of numbers.
    var parameters: [String: RecordedParameter]
    /// Inputs the variant's run set aside (rows of its quarantine).
    var setAside: Int
    /// Numbers, as JSON numbers (a metric the dataset has no label for is left out).
    var metrics: [String: Double]
  }

  /// `git rev-parse HEAD` in `folder`, or nil where git is missing or it is no repository.
  package static func commit(in folder: URL) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    process.arguments = ["-C", folder.path, "rev-parse", "HEAD"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let commit = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return process.terminationStatus == 0 && commit.count == 40 ? commit : nil
  }

  func write(to folder: URL) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try AtomicFile.write(
      try encoder.encode(self), to: folder.appendingPathComponent("experiment.json"))
  }
}
