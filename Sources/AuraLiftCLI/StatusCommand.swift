import ArgumentParser
import AuraPipeline
import AuraSupport
import Foundation

/// `auralift status`: the last run's record as a monitor reads it, with an exit code in the
/// Nagios convention that healthchecks-style probes and `systemd` `OnFailure=` units act on.
struct StatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Say how the last run ended and how old the last publication is.",
    discussion: """
      Reads <out>/.state/last-run.json. Exit codes: 0 the last run published everything; 1 it \
      published without what it set aside (3) or left emails for the next run (4); 2 the last \
      run published nothing, there is no record, or the last publication is older than \
      --max-age.
      """)

  @Argument(help: "Pipeline file (its out:), unless --out is given.")
  var pipeline: String = "pipelines/nightly.yaml"
  @Option(help: "Output folder; without it the pipeline file's out: is read.") var out: String?
  @Option(help: "The oldest a last publication may be: 26h, 90m, 2d or seconds.")
  var maxAge: String = "26h"

  func run() throws {
    guard let maximum = Self.seconds(maxAge) else {
      throw ExitCodes.reporting(
        PipelineError.config("--max-age \(maxAge): a number of seconds, or with s, m, h or d"),
        otherwise: ExitCodes.usage)
    }
    let folder: String
    if let out {
      folder = out
    } else {
      do { folder = try PipelineConfig.load(path: pipeline).out } catch {
        throw ExitCodes.reporting(error, otherwise: ExitCodes.usage)
      }
    }
    guard let record = LastRunRecord.read(out: folder) else {
      print("CRITICAL: no run recorded in \(OutputLayout(path: folder).lastRun.path)")
      throw ExitCode(2)
    }
    let age = record.lastSuccess.flatMap { ISO8601DateFormatter().date(from: $0.finishedAt) }
      .map { Date().timeIntervalSince($0) }
    let details = [
      "last run \(record.runId) exited \(record.exitCode) at \(record.finishedAt)",
      record.lastSuccess.map {
        "last publication \($0.release ?? "?") at \($0.finishedAt)"
      } ?? "no publication recorded",
      record.dataThrough.map { "data through \($0)" },
    ].compactMap { $0 }.joined(separator: "; ")
    if !LastRunRecord.published.contains(record.exitCode) {
      print("CRITICAL: \(details): \(record.error ?? "nothing published")")
      throw ExitCode(2)
    }
    guard let age, age <= maximum else {
      print("CRITICAL: \(details): older than \(maxAge)")
      throw ExitCode(2)
    }
    if record.exitCode != 0 {
      print(
        "WARNING: \(details): \(record.exitCode == 3 ? "\(record.quarantined + record.failed) set aside" : "\(record.notDelivered ?? 0) emails not delivered")"
      )
      throw ExitCode(1)
    }
    print("OK: \(details)")
  }

  /// `90`, `90s`, `15m`, `26h` or `2d` in seconds; nil for anything else.
  static func seconds(_ text: String) -> Double? {
    let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
    if let unit = text.last.flatMap({ units[$0] }), let value = Double(text.dropLast()) {
      return value.isFinite && value >= 0 ? value * unit : nil
    }
    return Double(text).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
  }
}
