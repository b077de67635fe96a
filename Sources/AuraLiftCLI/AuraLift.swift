import ArgumentParser
import AuraPipeline
import AuraSupport
import Foundation

/// The `auralift` command: parses arguments and calls the library modules; no logic of its own.
@main
struct AuraLift: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "auralift",
    abstract: "Batch analytics over recorded strength-training sessions.",
    version: "auralift (\(Code.summary))",
    subcommands: [
      RunCommand.self, ShardCommand.self, PublishCommand.self, ExplainCommand.self,
      CacheCommand.self, ValidateCommand.self, StatusCommand.self,
      DeliverCommand.self, SweepCommand.self, ExperimentsCommand.self, CompareCommand.self,
      DictionaryCommand.self,
      ReportCommand.self,
      EvalCommand.self,
      SynthCommand.self, ComputeSessionCommand.self,
      BenchIngestCommand.self,
    ])

  /// Sets the memory policy and the files' permissions, then runs the chosen subcommand.
  static func main() async {
    if Array(CommandLine.arguments.dropFirst()) == ["--version"] {
      print(versionLine())
      return
    }
    ProcessMemory.keepFreedMemory()
    // What any command writes is its owner's alone unless a pipeline's output_mode says
    // otherwise (set when the pipeline file is read).
    umask(PipelineConfig.OutputMode.private.umask)
    do {
      let command = try await asyncParseAsRoot(nil)
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        // A synchronous command (shard, sweep, eval, …) blocks on its worker pool: it runs on
        // a thread of its own, never on one of Swift's cooperative pool.
        let parsed = ParsedCommand(command)
        try await OwnThread.run { try parsed.run() }
      }
    } catch {
      exit(withError: error)
    }
  }

  /// The release, the commit the binary was built from (recorded at build time, with
  /// "modified" where tracked files differed from it) and every stage's code version.
  static func versionLine() -> String {
    "auralift \(Code.release), \(commitText); \(Code.summary)"
  }

  /// `commit 0123456789ab` (and ` modified`), or why it is unknown.
  static var commitText: String {
    guard let commit = buildCommit else { return "commit unknown (built outside a git checkout)" }
    return "commit \(commit.commit.prefix(12))\(commit.modified ? " modified" : "")"
  }

  /// The commit the binary was built from, nil where the build could not tell.
  static var buildCommit: CodeCommit? {
    BuildInfo.commit.count == 40
      ? CodeCommit(commit: BuildInfo.commit, modified: BuildInfo.dirty) : nil
  }
}

/// A parsed synchronous command, handed to the one thread that runs it (`OwnThread`): it is
/// used by that thread alone.
private final class ParsedCommand: @unchecked Sendable {
  var command: ParsableCommand

  init(_ command: ParsableCommand) { self.command = command }

  func run() throws { try command.run() }
}
