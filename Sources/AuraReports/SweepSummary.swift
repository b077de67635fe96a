import AuraCharts
import AuraStore

/// A finished sweep as its summary shows it: the grid, each variant's values, work and
/// metrics. The CSV, Markdown and HTML summaries all read their table from here.
package struct SweepSummary: Sendable {
  /// One point of the grid and what it gave.
  package struct Variant: Sendable {
    package var name: String
    /// The swept parameters' values, in the order of `axes`.
    package var values: [String]
    package var featuresComputed, scoringComputed: Int
    /// Inputs the variant's run set aside (its quarantine's rows): metrics over fewer sets.
    package var setAside: Int
    package var metrics: SweepMetrics

    package init(
      name: String, values: [String], featuresComputed: Int, scoringComputed: Int,
      setAside: Int, metrics: SweepMetrics
    ) {
      self.name = name
      self.values = values
      self.featuresComputed = featuresComputed
      self.scoringComputed = scoringComputed
      self.setAside = setAside
      self.metrics = metrics
    }
  }

  package var name, pipeline, dataset: String
  package var axes: [(key: String, values: [String])]
  package var variants: [Variant]
  package var footer: ReportFooter
  package var objective: SweepObjective = .default

  package init(
    name: String, pipeline: String, dataset: String, axes: [(key: String, values: [String])],
    variants: [Variant], footer: ReportFooter, objective: SweepObjective = .default
  ) {
    self.objective = objective
    self.name = name
    self.pipeline = pipeline
    self.dataset = dataset
    self.axes = axes
    self.variants = variants
    self.footer = footer
  }

  /// The table's column names.
  package var header: [String] {
    ["variant"] + axes.map(\.key) + ["features_computed", "scoring_computed", "set_aside"]
      + SweepMetrics.columns
  }

  /// One variant's table row, in `header` order.
  package func cells(_ variant: Variant) -> [String] {
    [variant.name] + variant.values
      + [
        String(variant.featuresComputed), String(variant.scoringComputed),
        String(variant.setAside),
      ]
      + variant.metrics.values
  }

  /// The table as CSV.
  package var csv: String {
    ([header] + variants.map(cells)).map { $0.joined(separator: ",") }.joined(separator: "\n")
      + "\n"
  }

  /// What the objective makes of the variants.
  package var verdict: SweepObjective.Verdict {
    objective.verdict(variants.map { ($0.name, $0.metrics.value(of: objective.metric)) })
  }

  /// The verdict as a sentence: the best variant and its parameters, a tie, or why there is no
  /// best.
  var verdictText: String {
    let metric = objective.metric
    func parameters(_ name: String) -> String {
      guard let variant = variants.first(where: { $0.name == name }) else { return name }
      return "\(name) ("
        + zip(axes, variant.values).map { "\($0.0.key) = \($0.1)" }.joined(separator: ", ") + ")"
    }
    switch verdict {
    case .best(let name, let value):
      return "Best \(objective): \(parameters(name)), \(metric) \(Units.number(value, 3))"
    case .tie(let names, let value):
      return
        "Tie on \(objective): \(names.map(parameters).joined(separator: ", ")) all have \(metric) \(Units.number(value, 3))"
    case .noVariation(let value):
      return
        "\(metric) does not vary across the variants (all \(Units.number(value, 3))): no variant is best by it"
    case .noValues:
      return "No variant has \(metric): the dataset lacks the labels it compares with"
    }
  }

  /// Which labels the metrics compared with, and which the dataset lacks.
  var labelsNote: String {
    let metrics = variants.map(\.metrics)
    let labels: [(present: Bool, name: String)] = [
      (metrics.contains { $0.rpeSets > 0 }, "reported RPE (rpe_mae)"),
      (metrics.contains { $0.repCountExactPercent != nil }, "logged reps (rep_count_exact_pct)"),
      (
        metrics.contains { $0.formAUC != nil },
        "sets labelled good or bad (form_auc, the chance a good set scores above a bad one)"
      ),
      (
        metrics.contains { $0.failedSets > 0 },
        "sets labelled as ended by a failed rep (auto_stop_recall_pct; auto_stop_false_alarm_pct over the sets labelled not failed)"
      ),
    ]
    let present = labels.filter(\.present).map(\.name)
    let missing = labels.filter { !$0.present }.map(\.name)
    var note =
      present.isEmpty
      ? "This dataset has no labels to compare with."
      : "Metrics compare with the labels the dataset has: " + present.joined(separator: "; ") + "."
    if !missing.isEmpty {
      note += " It has no " + missing.joined(separator: "; ") + "."
    }
    return note
  }

  /// What the template renders.
  var view: View {
    View(
      name: name, pipeline: pipeline, dataset: dataset, variantCount: variants.count,
      axes: axes.map { .init(key: $0.key, values: $0.values.joined(separator: ", ")) },
      best: verdictText,
      header: header,
      // A zero-width space after "_" and "." lets a long column name wrap on a narrow screen.
      wrappingHeader: header.map {
        $0.replacingOccurrences(of: "_", with: "_\u{200B}")
          .replacingOccurrences(of: ".", with: ".\u{200B}")
      },
      rows: variants.map { .init(cells: cells($0)) },
      labelsNote: labelsNote,
      charts: charts, footer: footer)
  }

  struct View {
    var name, pipeline, dataset: String
    var variantCount: Int
    var axes: [Axis]
    var best: String?
    var header, wrappingHeader: [String]
    var rows: [Row]
    var labelsNote: String
    var charts: [String]
    var footer: ReportFooter

    struct Axis {
      var key, values: String
    }

    struct Row {
      var cells: [String]
    }
  }

  /// The metrics a chart plots against each swept parameter, with their axis labels.
  static let plotted: [(title: String, unit: String, value: @Sendable (SweepMetrics) -> Double?)] =
    [
      ("RPE mean absolute error", "RPE points", { $0.rpeMeanAbsoluteError }),
      ("Mean form score", "score (0-100)", { $0.meanFormScore }),
      ("Sets with form feedback", "% of recorded sets", { $0.feedbackPercent }),
      ("Mean league points", "LP", { $0.meanLeaguePoints }),
      ("Form score AUC, good vs bad sets", "AUC (0-1)", { $0.formAUC }),
      ("Failed sets flagged auto-stop", "% of failed sets", { $0.autoStopRecallPercent }),
    ]

  /// For each parameter with two or more values, each metric averaged over the variants that
  /// share the parameter's value.
  var charts: [String] {
    var out: [String] = []
    for (index, axis) in axes.enumerated() where axis.values.count >= 2 {
      for metric in Self.plotted {
        let means: [Double?] = axis.values.map { value in
          let matching = variants.filter { $0.values[index] == value }.compactMap {
            metric.value($0.metrics)
          }
          return matching.isEmpty ? nil : matching.reduce(0, +) / Double(matching.count)
        }
        guard means.contains(where: { $0 != nil }) else { continue }
        out.append(
          LineChart(
            title: "\(metric.title) by \(axis.key.split(separator: ".").last ?? "")",
            xLabel: axis.key, yLabel: metric.unit, categories: axis.values,
            series: [.init(name: metric.title, values: means)], valueDigits: 2
          ).svg(height: 180))
      }
    }
    return out
  }
}
