import AuraCache
import AuraDomain
import AuraPipeline
import AuraReports
import AuraStore
import AuraSupport
import Foundation
import Logging
import Synchronization

/// A research sweep: the pipeline run once per point of a parameter grid, each variant as a
/// named experiment with its own output folder, all sharing the production run's cache so that
/// every upstream result is reused. The production output is never written, and no variant
/// mails anyone or publishes into a PostgreSQL store (`withoutSideEffects`). The comparison
/// summary (CSV, Markdown and HTML, see `SweepSummary`) holds each variant's parameters, what
/// it computed, and metrics against the labels the dataset has.
package struct Sweep {
  package let base: PipelineConfig
  /// The swept parameters, each with its values, in the order given.
  package let axes: [(key: String, values: [String])]
  /// Where the experiment's variants and table go.
  package let folder: URL
  /// What the best variant is best at.
  package var objective: SweepObjective = .default
  /// The most variants one sweep may have: each is a whole publication of the dataset.
  package static let maximumVariants = 1000
  /// How many variants run at once, each with its own worker pool.
  package var parallel = 2
  /// The commit the running binary was built from and whether it was modified, for the
  /// record.
  package var build: CodeCommit?
  /// Called as each variant finishes: how many are done, of how many, and which.
  package var progress: (@Sendable (Int, Int, String) -> Void)?

  /// One point of the grid.
  package struct Variant: Sendable {
    package var name: String
    /// `key=value` for each swept parameter.
    package var assignments: [String]
  }

  /// One variant's outcome.
  package struct Outcome: Sendable {
    package var variant: Variant
    package var summary: RunSummary
    package var metrics: SweepMetrics
  }

  /// `specs` are `key=v1,v2,...`: every key a parameter of the pipeline (an unknown one is
  /// answered with the nearest known one), none given twice, every value one the parameter may
  /// take (its declaration, `ParameterCatalog`); anything else is a usage error before a variant runs.
  package init(base: PipelineConfig, specs: [String], folder: URL) throws {
    var axes: [(key: String, values: [String])] = []
    for spec in specs {
      guard let equals = spec.firstIndex(of: "=") else {
        throw PipelineError.config("sweep '\(spec)' is not key=v1,v2,...")
      }
      let key = String(spec[..<equals])
      guard base.parameters[key] != nil else {
        let known = Array(base.parameters.values.keys)
        let hint = Self.nearest(key, among: known).map { "; did you mean '\($0)'?" } ?? ""
        throw PipelineError.config("unknown parameter '\(key)'\(hint)")
      }
      guard !axes.contains(where: { $0.key == key }) else {
        throw PipelineError.config(
          "parameter '\(key)' is swept twice: give all its values in one --set")
      }
      let values = spec[spec.index(after: equals)...].split(
        separator: ",", omittingEmptySubsequences: false
      ).map(String.init)
      guard values != [""] else { throw PipelineError.config("sweep '\(spec)' has no values") }
      guard !values.contains("") else {
        throw PipelineError.config(
          "sweep '\(spec)' has an empty value (two commas, or one at an end)")
      }
      guard Set(values).count == values.count else {
        throw PipelineError.config("sweep '\(spec)' repeats a value")
      }
      for value in values {
        var variant = base
        try variant.override("\(key)=\(value)")
        try variant.checkParameters()
      }
      axes.append((key, values))
    }
    guard !axes.isEmpty else { throw PipelineError.config("a sweep needs at least one --set") }
    let size = axes.reduce(1) { $0.multipliedReportingOverflow(by: $1.values.count).partialValue }
    guard size <= Self.maximumVariants, size > 0 else {
      throw PipelineError.config(
        "the grid has \(axes.map { String($0.values.count) }.joined(separator: " × ")) variants, over the \(Self.maximumVariants) a sweep may run: sweep fewer values, or in parts"
      )
    }
    self.base = base
    self.axes = axes
    self.folder = folder
  }

  /// The known name closest to `name` by edit distance, if one is close enough to be a typo
  /// (at most a third of its length apart).
  static func nearest(_ name: String, among names: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
      var row = Array(0...b.count)
      for (i, x) in a.enumerated() {
        var previous = row[0]
        row[0] = i + 1
        for (j, y) in b.enumerated() {
          let substitution = previous + (x == y ? 0 : 1)
          previous = row[j + 1]
          row[j + 1] = min(substitution, row[j] + 1, row[j + 1] + 1)
        }
      }
      return row[b.count]
    }
    let target = Array(name)
    guard
      let best = names.map({ ($0, distance(target, Array($0))) }).min(by: {
        ($0.1, $0.0) < ($1.1, $1.0)
      }), best.1 <= max(2, name.count / 3)
    else { return nil }
    return best.0
  }

  /// Every combination of the axes' values, the last axis varying fastest.
  package var variants: [Variant] {
    var grid: [[String]] = [[]]
    for axis in axes {
      grid = grid.flatMap { prefix in axis.values.map { prefix + ["\(axis.key)=\($0)"] } }
    }
    let width = String(grid.count).count
    return grid.enumerated().map { index, assignments in
      Variant(name: String(format: "v%0*d", width, index + 1), assignments: assignments)
    }
  }

  /// Runs every variant in turn and writes `sweep.csv`, `sweep.md` and `sweep.html`, the whole
  /// experiment as one table (`results.csv`) and its record (`experiment.json`, with
  /// `commandLine`) into the folder.
  package func run(logger: Logger, commandLine: [String] = CommandLine.arguments) throws
    -> [Outcome]
  {
    let startedAt = Runner.timestamp()
    let productionOut = URL(fileURLWithPath: base.out).standardizedFileURL
    let productionCache = OutputLayout(productionOut).cache.path
    var configs: [PipelineConfig] = []
    var parameters: [String: ParameterSet] = [:]
    for variant in variants {
      var config = base.withoutSideEffects
      config.out = folder.appendingPathComponent(variant.name).path
      config.cacheFolder = base.cacheFolder ?? productionCache
      for assignment in variant.assignments { try config.override(assignment) }
      parameters[variant.name] = config.parameters
      configs.append(config)
    }
    let outcomes = try runVariants(configs, logger: logger)
    try ReportWriter.writeSweep(summary(outcomes), folder: folder)
    try AtomicFile.write(
      Data(
        Self.results(outcomes, parameters: parameters, experiment: folder.lastPathComponent).utf8),
      to: folder.appendingPathComponent("results.csv"))
    let memory = FileDigests(file: OutputLayout(productionOut).digests)
    let pipelineURL = base.path.map { URL(fileURLWithPath: $0) }
    try ExperimentRecord(
      name: folder.lastPathComponent, commandLine: commandLine,
      codeVersion: Code.summary,
      commit: pipelineURL.flatMap { ExperimentRecord.commit(in: $0.deletingLastPathComponent()) },
      codeCommit: build?.commit, codeModified: build?.modified,
      dataset: URL(fileURLWithPath: base.dataset).standardizedFileURL.path,
      datasetDigest: try memory.datasetDigest(ofFolder: base.dataset),
      pipeline: pipelineURL?.standardizedFileURL.path ?? base.name,
      pipelineDigest: pipelineURL.flatMap { try? Data(contentsOf: $0) }.map(FieldHasher.hex(of:)),
      objective: objective.description,
      grid: axes.map { .init(key: $0.key, values: $0.values) },
      variants: outcomes.map { outcome in
        .init(
          name: outcome.variant.name,
          parameters: (parameters[outcome.variant.name]?.values ?? [:]).mapValues(
            RecordedParameter.init),
          setAside: outcome.summary.quarantined.count,
          metrics: Dictionary(
            uniqueKeysWithValues: zip(SweepMetrics.columns, outcome.metrics.values).compactMap {
              column, value in Double(value).map { (column, $0) }
            }))
      },
      startedAt: startedAt, finishedAt: Runner.timestamp()
    ).write(to: folder)
    return outcomes
  }

  /// Runs the variants `parallel` at a time. The first variant of each distinct features
  /// template (the code and the parameters the features stage reads, from the stage table)
  /// runs before the others, so that features are computed once per template and every later
  /// variant finds them in the shared cache (its entries are created once, whoever writes
  /// first). Outcomes are in the variants' order.
  func runVariants(_ configs: [PipelineConfig], logger: Logger) throws -> [Outcome] {
    let variants = variants
    var seen: Set<String> = []
    var first: [Int] = []
    var rest: [Int] = []
    for (index, config) in configs.enumerated() {
      let upstream = Stage.features.key(parameters: config.parameters).finalize()
      if seen.insert(upstream).inserted { first.append(index) } else { rest.append(index) }
    }
    var results = [Result<Outcome, any Error>?](repeating: nil, count: configs.count)
    let finished = Mutex(0)
    let progress = progress
    for wave in [first, rest] where !wave.isEmpty {
      let outcomes = WorkerPool.map(wave, workers: parallel) { index in
        Result {
          let variant = variants[index]
          let summary = try Runner(config: configs[index], logger: logger, build: build).run()
          var metadata: Logger.Metadata = [
            "variant": .string(variant.name),
            "assignments": .string(variant.assignments.joined(separator: " ")),
          ]
          for (field, count) in summary.computedCounts {
            metadata[field] = .stringConvertible(count)
          }
          logger.info("variant run", metadata: metadata)
          // Counted and reported under one lock, so the lines come out in their count's order.
          finished.withLock { count in
            count += 1
            progress?(
              count, configs.count,
              "\(variant.name) \(variant.assignments.joined(separator: " "))")
          }
          let database = OutputLayout(folder.appendingPathComponent(variant.name)).currentDatabase
          return Outcome(
            variant: variant, summary: summary,
            metrics: try SweepMetrics(databasePath: database.path))
        }
      }
      for (index, outcome) in zip(wave, outcomes) { results[index] = outcome }
      // A failure in a wave ends the sweep before the next: its error, in the variants' order.
      for case .failure(let error)? in results { throw error }
    }
    return try results.map { try $0!.get() }
  }

  /// The whole experiment as one CSV table for pandas, R or DuckDB: a `variant` column, every
  /// parameter (swept or not) as its own column, then every metric.
  static func results(
    _ outcomes: [Outcome], parameters: [String: ParameterSet], experiment: String
  ) -> String {
    let keys = Set(parameters.values.flatMap(\.values.keys)).sorted()
    func field(_ text: String) -> String {
      text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
        ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
    let header = (["experiment", "variant"] + keys + ["set_aside"] + SweepMetrics.columns).map(
      field
    ).joined(separator: ",")
    let rows = outcomes.map { outcome in
      let values = parameters[outcome.variant.name]?.values ?? [:]
      return
        ([experiment, outcome.variant.name] + keys.map { values[$0]?.description ?? "" }
        + [String(outcome.summary.quarantined.count)] + outcome.metrics.values).map(field)
        .joined(separator: ",")
    }
    return ([header] + rows).joined(separator: "\n") + "\n"
  }

  /// The sweep as its summary reports it.
  func summary(_ outcomes: [Outcome]) -> SweepSummary {
    SweepSummary(
      name: folder.lastPathComponent, pipeline: base.name, dataset: base.dataset, axes: axes,
      variants: outcomes.map { outcome in
        SweepSummary.Variant(
          name: outcome.variant.name,
          values: outcome.variant.assignments.map {
            String($0.split(separator: "=", maxSplits: 1)[1])
          },
          featuresComputed: outcome.summary.featuresComputed.count,
          scoringComputed: outcome.summary.scoringComputed.count,
          setAside: outcome.summary.quarantined.count, metrics: outcome.metrics)
      },
      footer: ReportFooter(
        codeVersion: Code.summary, parametersHash: "one per variant",
        runId: folder.lastPathComponent, dataWindow: base.dataset,
        generatedAt: Runner.timestamp()), objective: objective)
  }
}
