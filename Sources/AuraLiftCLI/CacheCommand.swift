import ArgumentParser
import AuraPipeline
import Foundation

/// `auralift cache status|gc`: what the cache holds, and removing what the latest run does
/// not use.
struct CacheCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cache", abstract: "Inspect or clean the intermediate cache of an output folder.",
    subcommands: [Status.self, Collect.self])

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status",
      abstract: "Entries and size per stage, and how many the latest run uses.")
    @OptionGroup var options: OutputOptions

    func run() throws {
      let out = URL(fileURLWithPath: try options.outFolder())
      let usage: [CacheHousekeeping.StageUsage]
      do { usage = try CacheHousekeeping(out: out).status() } catch {
        throw ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
      }
      if usage.isEmpty { print("cache is empty") }
      for stage in usage {
        print(
          "\(stage.stage): \(stage.entries) entries, \(Self.megabytes(stage.bytes)); used by the latest run: \(stage.entriesInUse) entries, \(Self.megabytes(stage.bytesInUse))"
        )
      }
    }

    static func megabytes(_ bytes: Int64) -> String {
      String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
  }

  struct Collect: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "gc",
      abstract: "Remove the entries the latest run does not use (or only enough to fit --max-size)."
    )
    @OptionGroup var options: OutputOptions
    @Option(help: "Keep the newest unused entries while the cache stays within this many MB.")
    var maxSize: Double?
    @Option(help: "Seconds to wait for a run on the same output to finish.")
    var wait: Double = 0

    func run() throws {
      if let maxSize, !(0...1_000_000_000).contains(maxSize) {
        throw ExitCodes.reporting(
          PipelineError.config("--max-size \(maxSize): megabytes from 0 to 1000000000"),
          otherwise: ExitCodes.usage)
      }
      let out = URL(fileURLWithPath: try options.outFolder())
      do {
        let removed = try CacheHousekeeping(out: out).collect(
          maxBytes: maxSize.map { Int64($0 * 1_048_576) }, waitForLock: wait)
        print("removed \(removed.entries) entries, \(Status.megabytes(removed.bytes))")
      } catch {
        throw ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
      }
    }
  }
}
