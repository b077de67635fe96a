import ArgumentParser
import AuraDomain
import AuraExperiments
import AuraPipeline
import AuraStore
import AuraSupport
import Foundation
import Logging

/// `auralift sweep`: runs a grid of parameter variants as a named experiment.
struct SweepCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sweep",
    abstract: "Run a grid of parameter variants and write a comparison table.",
    discussion: """
      Each --set key=v1,v2,... is one axis of the grid; a key given twice, an unknown key or a \
      value out of its range is a usage error. Every sweep is a new folder \
      <experiments>/<name>-<id>/ (a short id, so a name reused never mixes grids). Variants \
      publish under it, one folder each, and share the production output's cache, so they \
      reuse every cached upstream result; the production output is never written. --parallel \
      variants run at once, the first of each distinct set of ingest and features parameters \
      first, so that features are computed once per set. The \
      comparison is sweep.csv (a table), sweep.md and sweep.html (with charts).
      """)

  @Argument(help: "Pipeline file.") var pipeline: String = "pipelines/nightly.yaml"
  @Option(help: "Dataset folder (overrides the file).") var dataset: String?
  @Option(help: "The production output whose cache the variants share (overrides the file).")
  var out: String?
  @Option(help: "Worker threads of each variant (0: one per core).") var workers: Int?
  @Option(help: "Variants run at once (default 2).") var parallel: Int = 2
  @Option(name: .customLong("set"), help: "A swept parameter: key=v1,v2,... (repeatable).")
  var axes: [String] = []
  @Option(help: "Experiment name.") var name: String = "sweep"
  @Option(
    help:
      "The metric the best variant is best at, and whether lower or higher is better: METRIC[:min|max] (default rpe_mae:min)."
  )
  var objective: String = "rpe_mae:min"
  @Option(help: "Folder that holds experiments.") var experiments: String = "experiments"
  @Flag(help: "Print nothing but errors while the variants run; the summary still follows.")
  var quiet = false
  @Option(help: "Lowest level the variants log (default: warning; error with --quiet).")
  var logLevel: RunOutputOptions.LogLevel?

  func run() throws {
    var sweep: Sweep
    do {
      var config = try PipelineConfig.load(path: pipeline)
      if let dataset { config.dataset = dataset }
      if let out { config.out = out }
      if let workers { config.workers = workers }
      try config.checkParameters()
      umask(config.outputMode.umask)
      if let problem = EntityId.problem(name) {
        throw PipelineError.config("--name \(EntityId.quoted(name)) \(problem)")
      }
      var hasher = FieldHasher()
      for part in axes + [Runner.timestamp(), String(getpid())] { hasher.add(part) }
      let id = String(hasher.hex().prefix(6))
      sweep = try Sweep(
        base: config, specs: axes,
        folder: URL(fileURLWithPath: experiments).appendingPathComponent("\(name)-\(id)"))
      guard parallel >= 1 else { throw PipelineError.config("--parallel \(parallel): at least 1") }
      sweep.parallel = parallel
      sweep.build = AuraLift.buildCommit
      sweep.objective = try SweepObjective.parse(objective).mapError {
        PipelineError.config($0.description)
      }.get()
    } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.usage)
    }
    var logger = Logger(label: "auralift")
    logger.logLevel = logLevel?.level ?? (quiet ? .error : .warning)
    // One line per finished variant, on stderr, instead of every session's log line.
    if !quiet {
      sweep.progress = { done, total, variant in
        FileHandle.standardError.write(
          Data("sweep: \(done) of \(total) variants done (\(variant))\n".utf8))
      }
    }
    let outcomes: [Sweep.Outcome]
    do { outcomes = try sweep.run(logger: logger) } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
    }
    print(try String(contentsOf: sweep.folder.appendingPathComponent("sweep.md"), encoding: .utf8))
    print("experiment: \(sweep.folder.path)")
    print("table:  \(sweep.folder.path)/sweep.csv (\(outcomes.count) variants)")
    print("report: \(sweep.folder.path)/sweep.html")
  }
}
