import ArgumentParser
import AuraPipeline
import Foundation

/// `auralift compute-session` (hidden): computes one session's stages into a run's cache. A
/// run starts it for a session an earlier run died on, so that a crash fails that session only.
struct ComputeSessionCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compute-session",
    abstract: "Compute one session folder's stages into the cache (what `run` isolates).",
    shouldDisplay: false)

  @OptionGroup var options: PipelineOptions
  @Option(help: "The session folder, under the dataset's sessions/.")
  var session: String

  func run() throws {
    let config = try options.config()
    do { try Runner(config: config).computeSession(folder: session) } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
    }
  }

  /// How `run` with `options` starts this command: this executable, the same options.
  static func isolation(_ options: PipelineOptions) -> SessionIsolation? {
    guard let executable = Bundle.main.executableURL else { return nil }
    let arguments = options.arguments
    return SessionIsolation(executable: executable) { folder in
      ["compute-session"] + arguments + ["--session", folder]
    }
  }
}
