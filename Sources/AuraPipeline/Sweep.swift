import AuraStore
import Foundation
import Logging

/// A research sweep: the pipeline run once per point of a parameter grid, each variant as a
/// named experiment with its own output folder, all sharing the production run's cache so that
/// every upstream result is reused. The production output is never written. The comparison
/// table (CSV and Markdown) holds each variant's parameters, what it computed, and metrics
/// against the labels the dataset has.
public struct Sweep {
  public let base: PipelineConfig
  /// The swept parameters, each with its values, in the order given.
  public let axes: [(key: String, values: [String])]
  /// Where the experiment's variants and table go.
  public let folder: URL

  /// One point of the grid.
  public struct Variant: Sendable {
    public var name: String
    /// `key=value` for each swept parameter.
    public var assignments: [String]
  }

  /// One variant's outcome.
  public struct Outcome: Sendable {
    public var variant: Variant
    public var summary: RunSummary
    public var metrics: SweepMetrics
  }

  /// `specs` are `key=v1,v2,...`; every key must be a parameter of the pipeline.
  public init(base: PipelineConfig, specs: [String], folder: URL) throws {
    var axes: [(String, [String])] = []
    for spec in specs {
      guard let equals = spec.firstIndex(of: "=") else {
        throw PipelineError.config("sweep '\(spec)' is not key=v1,v2,...")
      }
      let key = String(spec[..<equals])
      guard base.parameters[key] != nil else {
        throw PipelineError.config("unknown parameter '\(key)'")
      }
      let values = spec[spec.index(after: equals)...].split(separator: ",").map(String.init)
      guard !values.isEmpty else { throw PipelineError.config("sweep '\(spec)' has no values") }
      axes.append((key, values))
    }
    guard !axes.isEmpty else { throw PipelineError.config("a sweep needs at least one --set") }
    self.base = base
    self.axes = axes
    self.folder = folder
  }

  /// Every combination of the axes' values, the last axis varying fastest.
  public var variants: [Variant] {
    var grid: [[String]] = [[]]
    for axis in axes {
      grid = grid.flatMap { prefix in axis.values.map { prefix + ["\(axis.key)=\($0)"] } }
    }
    let width = String(grid.count).count
    return grid.enumerated().map { index, assignments in
      Variant(name: String(format: "v%0*d", width, index + 1), assignments: assignments)
    }
  }

  /// Runs every variant in turn and writes `sweep.csv` and `sweep.md` into the folder.
  public func run(logger: Logger) throws -> [Outcome] {
    let productionCache = URL(fileURLWithPath: base.out).standardizedFileURL
      .appendingPathComponent(".cache").path
    var outcomes: [Outcome] = []
    for variant in variants {
      var config = base
      config.out = folder.appendingPathComponent(variant.name).path
      config.cacheFolder = base.cacheFolder ?? productionCache
      for assignment in variant.assignments { try config.override(assignment) }
      let summary = try Runner(config: config, logger: logger).run()
      logger.info(
        "\(variant.name) \(variant.assignments.joined(separator: " ")): features computed \(summary.featuresComputed.count), scoring computed \(summary.scoringComputed.count)"
      )
      let database = folder.appendingPathComponent("\(variant.name)/current/auralift.sqlite").path
      outcomes.append(
        Outcome(
          variant: variant, summary: summary, metrics: try SweepMetrics(databasePath: database)))
    }
    try write(csv(outcomes), to: "sweep.csv")
    try write(markdown(outcomes), to: "sweep.md")
    return outcomes
  }

  var header: [String] {
    ["variant"] + axes.map(\.key) + ["features_computed", "scoring_computed"]
      + SweepMetrics.columns
  }

  func cells(_ outcome: Outcome) -> [String] {
    [outcome.variant.name]
      + outcome.variant.assignments.map { String($0.split(separator: "=", maxSplits: 1)[1]) }
      + [
        String(outcome.summary.featuresComputed.count),
        String(outcome.summary.scoringComputed.count),
      ] + outcome.metrics.values
  }

  func csv(_ outcomes: [Outcome]) -> String {
    ([header] + outcomes.map(cells)).map { $0.joined(separator: ",") }.joined(separator: "\n")
      + "\n"
  }

  /// The table as Markdown, with the variant of lowest RPE error named when there are labels.
  func markdown(_ outcomes: [Outcome]) -> String {
    var text = "# Sweep \(folder.lastPathComponent)\n\n"
    text += "Pipeline `\(base.name)`, dataset `\(base.dataset)`; grid: "
    text += axes.map { "`\($0.key)` ∈ {\($0.values.joined(separator: ", "))}" }.joined(
      separator: " × ")
    text += ".\n\n| " + header.joined(separator: " | ") + " |\n|"
    text += String(repeating: " --- |", count: header.count) + "\n"
    for outcome in outcomes { text += "| " + cells(outcome).joined(separator: " | ") + " |\n" }
    let labelled = outcomes.filter { $0.metrics.rpeMeanAbsoluteError != nil }
    if let best = labelled.min(by: {
      ($0.metrics.rpeMeanAbsoluteError!, $0.variant.name)
        < ($1.metrics.rpeMeanAbsoluteError!, $1.variant.name)
    }) {
      text +=
        "\nLowest RPE error: \(best.variant.name) (\(best.variant.assignments.joined(separator: ", "))).\n"
    }
    text +=
      "\nMetrics compare with the labels the dataset has: reported RPE (rpe_mae) and logged reps (rep_count_exact_pct). Form against labelled good/bad clips and auto-stop against failed sets need labels this dataset does not have.\n"
    return text
  }

  /// Writes a file of the table atomically (temporary file, then rename).
  func write(_ text: String, to name: String) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: folder.appendingPathComponent(name), options: .atomic)
  }
}
