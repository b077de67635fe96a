import ArgumentParser
import AuraDelivery
import AuraDomain
import AuraPipeline
import AuraPostgres
import AuraSupport
import Foundation

/// Exit codes of `run` (and `explain`), for schedulers; the README lists them.
enum ExitCodes {
  /// Everything published (or already up to date).
  static let success = ExitCode(0)
  /// Nothing published: the pipeline or the dataset as a whole is unusable, or publication
  /// failed; the previous publication stays current.
  static let nothingPublished = ExitCode(2)
  /// Published, without the quarantined or failed partitions listed on stdout.
  static let partial = ExitCode(3)
  /// Published, but weekly emails not delivered (listed on stdout; the next run retries them).
  static let undelivered = ExitCode(4)
  /// Bad command line or pipeline file (sysexits EX_USAGE).
  static let usage = ExitCode(64)
  /// Another run holds the output's lock beyond `--wait`, or a shard's manifest is missing
  /// (sysexits EX_TEMPFAIL: try later).
  static let lockHeld = ExitCode(75)

  /// Writes `error` to stderr (a file-system error as "path: reason") and returns the code a
  /// scheduler acts on: `lockHeld` for a held lock, `usage` for a bad pipeline file, option or
  /// parameter, `otherwise` for anything else.
  static func reporting(_ error: any Error, otherwise: ExitCode) -> ExitCode {
    FileHandle.standardError.write(Data("auralift: \(ErrorMessage.describe(error))\n".utf8))
    switch error {
    case PipelineError.lockHeld, PipelineError.shardsMissing: return lockHeld
    case PipelineError.config, is ParameterError: return usage
    case DeliveryError.settings: return usage
    case let failure as PostgresFailure: return ExitCode(failure.exitCode)
    case let failed as StoreFailed: return ExitCode(failed.failure.exitCode)
    default: return otherwise
    }
  }
}
