import ArgumentParser
import AuraDomain
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
      published without what it set aside (3) or left emails for the next run (4), or its \
      newest session is older than --max-data-age; 2 the last run published nothing, there is \
      no record, or the last publication is older than --max-age. The line ends with \
      perfdata (publication_age, data_age in seconds) for a monitor to graph. 2 also when \
      the publication the record names is gone; 3 (UNKNOWN) when the record's time lies more \
      than 5 minutes in the future (the clock moved back).
      """)

  @Argument(help: "Pipeline file (its out:), unless --out is given.")
  var pipeline: String = "pipelines/nightly.yaml"
  @Option(help: "Output folder; without it the pipeline file's out: is read.") var out: String?
  @Option(help: "The oldest a last publication may be: 26h, 90m, 2d or seconds.")
  var maxAge: String = "26h"
  @Option(
    help:
      "The oldest the newest session may be (36h, 7d, …) before a warning: data that stopped coming, whatever the runs do. Not checked without it."
  )
  var maxDataAge: String?

  func run() throws {
    let maximum = try Self.seconds(maxAge, option: "--max-age")
    let maximumDataAge = try maxDataAge.map { try Self.seconds($0, option: "--max-data-age") }
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
    let now = Date()
    // A record from the future (a clock set wrong, then right) would say OK for ever.
    if let finished = ISO8601DateFormatter().date(from: record.finishedAt),
      finished.timeIntervalSince(now) > Self.clockSkewSeconds
    {
      print(
        "UNKNOWN: the last run's record says it finished at \(record.finishedAt), later than now (\(ISO8601DateFormatter().string(from: now))): this machine's clock moved back"
      )
      throw ExitCode(3)
    }
    let age = record.lastSuccess.flatMap { ISO8601DateFormatter().date(from: $0.finishedAt) }
      .map { now.timeIntervalSince($0) }
    // Older records name only the day of the newest session.
    let dataAge = (record.newestSession ?? record.dataThrough).flatMap(ISODates.timestamp)
      .map { now.timeIntervalSince1970 - $0 }
    let details = [
      "last run \(record.runId) exited \(record.exitCode) at \(record.finishedAt)",
      record.lastSuccess.map {
        "last publication \($0.release ?? "?") at \($0.finishedAt)"
      } ?? "no publication recorded",
      record.dataThrough.map { day in
        "data through \(day)" + (dataAge.map { " (\(Self.duration($0)) old)" } ?? "")
      },
    ].compactMap { $0 }.joined(separator: "; ")
    let perfdata = Self.perfdata(
      publicationAge: age, dataAge: dataAge, maximumAge: maximum, maximumDataAge: maximumDataAge)
    if !LastRunRecord.published.contains(record.exitCode) {
      print("CRITICAL: \(details): \(record.error ?? "nothing published")\(perfdata)")
      throw ExitCode(2)
    }
    // What the record calls published must still be there.
    let database = OutputLayout(path: folder).currentDatabase
    guard FileManager.default.fileExists(atPath: database.path) else {
      print("CRITICAL: \(details): no publication left at \(database.path)\(perfdata)")
      throw ExitCode(2)
    }
    guard let age, age <= maximum else {
      print("CRITICAL: \(details): older than \(maxAge)\(perfdata)")
      throw ExitCode(2)
    }
    var warnings: [String] = []
    if record.exitCode != 0 {
      warnings.append(
        record.exitCode == 3
          ? "\(record.quarantined + record.failed) set aside"
          : "\(record.notDelivered ?? 0) emails not delivered")
    }
    if let maximumDataAge, let text = maxDataAge {
      if let dataAge {
        if dataAge > maximumDataAge {
          warnings.append("no new session for \(Self.duration(dataAge)), more than \(text)")
        }
      } else {
        warnings.append("no session published, so no data newer than \(text)")
      }
    }
    if !warnings.isEmpty {
      print("WARNING: \(details): \(warnings.joined(separator: "; "))\(perfdata)")
      throw ExitCode(1)
    }
    print("OK: \(details)\(perfdata)")
  }

  /// How far in the future a record's time may lie (clocks of machines that share an output
  /// disagree by seconds, not minutes).
  static let clockSkewSeconds: Double = 300

  /// An age as a person reads it: minutes under an hour, hours under two days, else days.
  static func duration(_ seconds: Double) -> String {
    let seconds = max(0, seconds)
    if seconds < 3600 { return "\(Int(seconds / 60)) min" }
    if seconds < 2 * 86400 { return String(format: "%.1f h", seconds / 3600) }
    return String(format: "%.1f days", seconds / 86400)
  }

  /// Nagios perfdata for a monitor to graph: each age in seconds, with the limit it is held
  /// to where there is one (`label=value;warn;crit`).
  static func perfdata(
    publicationAge: Double?, dataAge: Double?, maximumAge: Double, maximumDataAge: Double?
  ) -> String {
    var fields: [String] = []
    if let publicationAge {
      fields.append("publication_age=\(Int(publicationAge))s;;\(Int(maximumAge))")
    }
    if let dataAge {
      fields.append("data_age=\(Int(dataAge))s;\(maximumDataAge.map { String(Int($0)) } ?? "")")
    }
    return fields.isEmpty ? "" : " | " + fields.joined(separator: " ")
  }

  /// `text`, the value of `option`, in seconds; a usage error where it is not a duration.
  static func seconds(_ text: String, option: String) throws -> Double {
    guard let seconds = seconds(text) else {
      throw ExitCodes.reporting(
        PipelineError.config("\(option) \(text): a number of seconds, or with s, m, h or d"),
        otherwise: ExitCodes.usage)
    }
    return seconds
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
