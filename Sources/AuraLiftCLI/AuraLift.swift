import ArgumentParser
import AuraPipeline
import Foundation

/// The `auralift` command: parses arguments and calls the library modules; no logic of its own.
@main
struct AuraLift: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "auralift",
    abstract: "Batch analytics over recorded strength-training sessions.",
    version: "auralift (\(StageVersions.summary))",
    subcommands: [
      RunCommand.self, ShardCommand.self, PublishCommand.self, ExplainCommand.self,
      CacheCommand.self, ValidateCommand.self,
      DeliverCommand.self, SweepCommand.self, CompareCommand.self, DictionaryCommand.self,
      ReportCommand.self,
      EvalCommand.self,
      SynthCommand.self, ComputeSessionCommand.self,
      BenchIngestCommand.self,
    ])

  /// Sets the memory policy and the files' permissions, then runs the chosen subcommand.
  static func main() {
    if Array(CommandLine.arguments.dropFirst()) == ["--version"] {
      print(versionLine())
      return
    }
    ProcessMemory.keepFreedMemory()
    // What any command writes is its owner's alone unless a pipeline's output_mode says
    // otherwise (set when the pipeline file is read).
    umask(PipelineConfig.OutputMode.private.umask)
    main(nil)
  }

  /// The release, the commit the binary was built from (the git checkout it lives in, if
  /// any) and every stage's code version.
  static func versionLine() -> String {
    let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let commit =
      ExperimentRecord.commit(in: binary.deletingLastPathComponent())
      .map { "commit \($0.prefix(12))" } ?? "commit unknown (not in a git checkout)"
    return "auralift \(StageVersions.release), \(commit); \(StageVersions.summary)"
  }
}
