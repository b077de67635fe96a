import ArgumentParser
import AuraPipeline

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

  /// Sets the memory policy, then runs the chosen subcommand.
  static func main() {
    ProcessMemory.keepFreedMemory()
    main(nil)
  }
}
