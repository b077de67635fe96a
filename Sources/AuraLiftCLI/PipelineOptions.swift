import ArgumentParser
import AuraPipeline
import AuraPostgres
import Foundation

/// The options of a command that plans a pipeline without computing it (`explain`): the
/// pipeline file and the flags that change what it would compute.
struct PlanOptions: ParsableArguments {
  @Argument(help: "Pipeline file.") var pipeline: String = "pipelines/nightly.yaml"
  @Option(help: "Dataset folder (overrides the file).") var dataset: String?
  @Option(help: "Output folder (overrides the file).") var out: String?
  @Option(name: .customLong("set"), help: "Override a parameter: key=value (repeatable).")
  var overrides: [String] = []

  /// The pipeline file with the flags applied, its parameters checked; a bad file, flag or
  /// parameter is reported on stderr and exits with the usage code.
  func config(_ more: (inout PipelineConfig) throws -> Void = { _ in }) throws
    -> PipelineConfig
  {
    try PipelineOptions.config(path: pipeline) { config in
      if let dataset { config.dataset = dataset }
      if let out { config.out = out }
      for assignment in overrides { try config.override(assignment) }
      try more(&config)
    }
  }

  var arguments: [String] {
    var arguments = [pipeline]
    if let dataset { arguments += ["--dataset", dataset] }
    if let out { arguments += ["--out", out] }
    for assignment in overrides { arguments += ["--set", assignment] }
    return arguments
  }
}

/// The options of a command that computes sessions but publishes nothing (`shard`): the plan's
/// and the worker threads.
struct ComputeOptions: ParsableArguments {
  @OptionGroup var plan: PlanOptions
  @Option(help: "Worker threads (0: one per core).") var workers: Int?

  func config() throws -> PipelineConfig {
    try plan.config { config in
      if let workers { config.workers = workers }
    }
  }
}

/// The options of a command that computes and publishes (`run`, `publish`): the plan's, the
/// worker threads and the PostgreSQL store.
struct PipelineOptions: ParsableArguments {
  @OptionGroup var plan: PlanOptions
  @Option(help: "Worker threads (0: one per core).") var workers: Int?
  @Option(
    help:
      "Also publish into PostgreSQL: postgresql://user@host:port/db?schema=s (password in PGPASSWORD)."
  )
  var store: String?

  /// The pipeline file with the flags applied, its parameters checked.
  func config() throws -> PipelineConfig {
    try plan.config { config in
      if let workers { config.workers = workers }
      if let store {
        // Checked here, where a password in the URL is refused: it would show in `ps`.
        _ = try PostgresTarget(url: store, fromCommandLine: true)
        config.store = store
      }
    }
  }

  /// Arguments that give another command these options.
  var arguments: [String] {
    var arguments = plan.arguments
    if let workers { arguments += ["--workers", String(workers)] }
    if let store { arguments += ["--store", store] }
    return arguments
  }

  /// The pipeline file at `path`, changed by `flags`, its parameters and folders checked and
  /// its output mode applied; a bad file, flag or parameter is reported on stderr and exits
  /// with the usage code.
  static func config(path: String, flags: (inout PipelineConfig) throws -> Void) throws
    -> PipelineConfig
  {
    do {
      var config = try PipelineConfig.load(path: path)
      try flags(&config)
      try config.checkParameters()
      try config.checkFolders()
      umask(config.outputMode.umask)
      return config
    } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.usage)
    }
  }

}

/// The options of a command that reads a pipeline's published output and no more of the
/// pipeline than its folder and settings (cache, report, deliver): the file and `--out`.
struct OutputOptions: ParsableArguments {
  @Argument(help: "Pipeline file.") var pipeline: String = "pipelines/nightly.yaml"
  @Option(help: "Output folder (overrides the file).") var out: String?

  /// The pipeline file with `--out` applied.
  func config() throws -> PipelineConfig {
    try PipelineOptions.config(path: pipeline) { config in
      if let out { config.out = out }
    }
  }

  /// The output folder: `--out` alone where the pipeline file is not there (a monitor or an
  /// operator in `$HOME`), else the file's `out:` with `--out` applied.
  func outFolder() throws -> String {
    if let out, !FileManager.default.fileExists(atPath: pipeline) { return out }
    return try config().out
  }
}
