import AuraFeatures
import AuraIngest
import AuraSupport
import Foundation

/// Rep counts and set detection on real recordings, per source, exercise and modality, against
/// the product's contract: a count that is published is right (among the sets given a count,
/// 90 % exact for an IMU and 95 % within one; 90 % within one for a camera), counts are
/// published often enough (on 75 % of the sets) and never fall below a plain counter (an
/// IMU's exact share of all sets 60 %); and set detection's F1 of 0.95 where a recording holds
/// several sets. A set the features declined to count ("unknown") is a miss in the shares of
/// all sets, and is left out of the shares of the sets given a count.
package struct RealDataReport: Sendable {
  /// One labelled set: the authors' count beside the measured one (nil: none measured).
  package struct SetOutcome: Sendable {
    package var label: RealSetLabel
    package var modality: String
    package var measured: Int?
    /// Why the count is unknown, where the features said so (or the session failed).
    package var unknownReason: String?
    /// The evidence the count was checked against, where a count was found.
    package var evidence: RepCountEvidence? = nil
    /// The reps the set holds at 90 % (`SetFeatures.repsInterval`), where it has one.
    package var interval: ClosedRange<Int>? = nil
    /// The swings a range was made around where no rep was found (`SetFeatures.swings`).
    package var swings: SetFeatures.Swings? = nil

    /// The class the interval was calibrated in, as the set list names it.
    var intervalClass: String {
      if let evidence { return "\(evidence.errorClass)" }
      guard interval != nil else { return "" }
      guard let swings else { return "no count" }
      return swings.partLost ? "swings/part lost" : "swings"
    }

    var counted: Int? { unknownReason == nil ? measured : nil }
    var exact: Bool { counted == label.reps }
    var withinOne: Bool { counted.map { abs($0 - label.reps) <= 1 } ?? false }
  }

  /// What one session contributes.
  package struct SessionOutcome: Sendable {
    package var sets: [SetOutcome] = []
    /// Set detection in the recording, under its source's "all" row of its modality.
    package var detection: (key: GroupKey, tally: Tally)? = nil
  }

  /// Counts of one group.
  package struct Tally: Sendable {
    package var sets = 0
    package var exact = 0
    package var withinOne = 0
    package var unknown = 0
    /// Counted sets (not unknown) within one rep of the authors' count, and exact.
    package var countedWithinOne = 0
    package var countedExact = 0
    package var absoluteErrors: [Double] = []
    package var trueSets = 0
    package var detectedSets = 0
    package var matchedSets = 0
    /// Sets whose interval holds the authors' count (a set without one is a miss), and each
    /// interval's width (highest less lowest).
    package var intervalHolds = 0
    package var intervalWidths: [Double] = []

    mutating func add(_ set: SetOutcome) {
      sets += 1
      exact += set.exact ? 1 : 0
      withinOne += set.withinOne ? 1 : 0
      unknown += set.unknownReason == nil ? 0 : 1
      countedWithinOne += set.counted != nil && set.withinOne ? 1 : 0
      countedExact += set.counted != nil && set.exact ? 1 : 0
      if let counted = set.counted { absoluteErrors.append(Double(abs(counted - set.label.reps))) }
      if let interval = set.interval {
        intervalHolds += interval.contains(set.label.reps) ? 1 : 0
        intervalWidths.append(Double(interval.upperBound - interval.lowerBound))
      }
    }

    mutating func merge(_ other: Tally) {
      sets += other.sets
      exact += other.exact
      withinOne += other.withinOne
      unknown += other.unknown
      countedWithinOne += other.countedWithinOne
      countedExact += other.countedExact
      absoluteErrors += other.absoluteErrors
      trueSets += other.trueSets
      detectedSets += other.detectedSets
      matchedSets += other.matchedSets
      intervalHolds += other.intervalHolds
      intervalWidths += other.intervalWidths
    }

    package var exactRate: Double? { sets == 0 ? nil : Double(exact) / Double(sets) }
    package var withinOneRate: Double? { sets == 0 ? nil : Double(withinOne) / Double(sets) }
    /// Share of the counted sets (those not unknown) within one rep: what a published count is
    /// worth.
    package var countedWithinOneRate: Double? {
      sets == unknown ? nil : Double(countedWithinOne) / Double(sets - unknown)
    }
    /// Share of the counted sets with the exact count.
    package var countedExactRate: Double? {
      sets == unknown ? nil : Double(countedExact) / Double(sets - unknown)
    }
    /// Share of the sets given a count.
    package var publishedRate: Double? {
      sets == 0 ? nil : Double(sets - unknown) / Double(sets)
    }
    /// Mean absolute count error over the sets that were counted.
    package var countMAE: Double? {
      absoluteErrors.isEmpty ? nil : absoluteErrors.reduce(0, +) / Double(absoluteErrors.count)
    }
    /// Share of the sets whose interval holds the authors' count.
    package var intervalCoverage: Double? {
      sets == 0 ? nil : Double(intervalHolds) / Double(sets)
    }
    /// The median interval width, reps, over the sets given one.
    package var intervalMedianWidth: Double? {
      var widths = intervalWidths
      return widths.isEmpty ? nil : OrderStatistic.median(&widths)
    }
    package var setDetectionF1: Double? {
      AccuracyTally.f1(trueSets: trueSets, detectedSets: detectedSets, matchedSets: matchedSets)
    }
  }

  package struct GroupKey: Hashable, Sendable, Comparable {
    package var source: String
    package var exercise: String
    package var modality: String
    package static func < (a: GroupKey, b: GroupKey) -> Bool {
      (a.modality, a.source, a.exercise) < (b.modality, b.source, b.exercise)
    }
  }

  package var groups: [GroupKey: Tally] = [:]
  package var sets: [SetOutcome] = []
  /// Whether the sets were counted within their authors' bounds rather than found.
  package var givenBounds = false

  package init(givenBounds: Bool = false) { self.givenBounds = givenBounds }

  mutating func add(_ outcome: SessionOutcome) {
    for set in outcome.sets {
      groups[
        .init(source: set.label.source, exercise: set.label.exercise, modality: set.modality),
        default: .init()
      ].add(set)
      sets.append(set)
    }
    if let (key, tally) = outcome.detection { groups[key, default: .init()].merge(tally) }
  }

  /// Every group of one modality together.
  package func total(modality: String) -> Tally {
    groups.filter { $0.key.modality == modality }.values.reduce(into: Tally()) { $0.merge($1) }
  }

  package var modalities: [String] { Set(groups.keys.map(\.modality)).sorted() }

  /// Group rows, then a total per modality.
  package var rows: [(source: String, exercise: String, modality: String, tally: Tally)] {
    groups.keys.sorted().map { ($0.source, $0.exercise, $0.modality, groups[$0]!) }
      + modalities.map { ("all", "all", $0, total(modality: $0)) }
  }

  static let columns = [
    "source", "exercise", "modality", "sets", "reps_exact_pct", "reps_within_one_pct",
    "unknown_sets", "published_pct", "counted_exact_pct", "counted_within_one_pct", "count_mae",
    "set_detection_f1", "interval_holds_pct", "interval_median_width",
  ]

  private static func cells(_ tally: Tally) -> [String] {
    func format(_ value: Double?, _ pattern: String) -> String {
      value.map { String(format: pattern, $0) } ?? ""
    }
    return [
      String(tally.sets), format(tally.exactRate.map { $0 * 100 }, "%.1f"),
      format(tally.withinOneRate.map { $0 * 100 }, "%.1f"), String(tally.unknown),
      format(tally.publishedRate.map { $0 * 100 }, "%.1f"),
      format(tally.countedExactRate.map { $0 * 100 }, "%.1f"),
      format(tally.countedWithinOneRate.map { $0 * 100 }, "%.1f"),
      format(tally.countMAE, "%.2f"), format(tally.setDetectionF1, "%.3f"),
      format(tally.intervalCoverage.map { $0 * 100 }, "%.1f"),
      format(tally.intervalMedianWidth, "%.1f"),
    ]
  }

  package var csv: String {
    var lines = [Self.columns.joined(separator: ",")]
    for row in rows {
      lines.append(
        ([row.source, row.exercise, row.modality] + Self.cells(row.tally)).joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every labelled set, the authors' count beside the measured one, for a look at the misses.
  package var setsCSV: String {
    var lines = [
      "session_id,set_number,source,exercise,modality,labelled_reps,measured_reps,unknown_reason,"
        + "confidence,evidence_reps,period_s,strength,reps_by_period,longest_rep_s,travel_m,"
        + "rhythmic_signals,agreeing_signals,reps_low,reps_high,interval_class,swings"
    ]
    for set in sets.sorted(by: {
      ($0.label.sessionId, $0.label.setNumber) < ($1.label.sessionId, $1.label.setNumber)
    }) {
      let reason = (set.unknownReason ?? "").replacingOccurrences(of: "\"", with: "\"\"")
      let labelled: [String] = [
        set.label.sessionId, String(set.label.setNumber), set.label.source, set.label.exercise,
        set.modality, String(set.label.reps), set.measured.map(String.init) ?? "",
        reason.isEmpty ? "" : "\"\(reason)\"",
      ]
      let interval = [
        set.interval.map { String($0.lowerBound) } ?? "",
        set.interval.map { String($0.upperBound) } ?? "",
        set.intervalClass, set.swings.map { String($0.count) } ?? "",
      ]
      lines.append(
        (labelled + Self.evidenceCells(set.evidence) + interval).joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The evidence columns of `setsCSV`, empty where no count was found.
  private static func evidenceCells(_ evidence: RepCountEvidence?) -> [String] {
    guard let evidence else { return Array(repeating: "", count: 9) }
    func number(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "" }
    return [
      number(evidence.confidence), String(evidence.reps), number(evidence.period),
      number(evidence.strength), number(evidence.repsByPeriod), number(evidence.longestRep),
      number(evidence.travel), String(evidence.rhythmicSignals), String(evidence.agreeingSignals),
    ]
  }

  package var markdown: String {
    MarkdownTable.render(
      header: [
        "source", "exercise", "modality", "sets", "exact %", "within one %", "unknown",
        "published %", "counted exact %", "counted within one %", "count MAE", "set F1",
        "interval holds %", "interval width",
      ],
      rows: rows.map { [$0.source, $0.exercise, $0.modality] + Self.cells($0.tally) },
      checks: targetChecks)
  }

  /// Each modality's total against its target; set detection where it was measured. None
  /// where the sets were counted within their authors' bounds: the targets are for sets
  /// found in their recordings.
  package var targetChecks: [AccuracyReport.TargetCheck] {
    var checks: [AccuracyReport.TargetCheck] = []
    guard !givenBounds else { return checks }
    let atLeast = AccuracyReport.TargetCheck.atLeast
    for modality in modalities {
      let total = total(modality: modality)
      if total.sets > 0 {
        if modality == "pose" {
          checks.append(
            atLeast("pose sets given a count within one rep", total.countedWithinOneRate, 0.9))
        } else {
          checks.append(
            atLeast("\(modality) sets given a count exact", total.countedExactRate, 0.9))
          checks.append(
            atLeast(
              "\(modality) sets given a count within one rep", total.countedWithinOneRate, 0.95))
          checks.append(atLeast("\(modality) sets with the exact count", total.exactRate, 0.6))
        }
        checks.append(atLeast("\(modality) sets given a count", total.publishedRate, 0.75))
      }
      if total.trueSets > 0 {
        checks.append(atLeast("\(modality) set detection F1", total.setDetectionF1, 0.95))
      }
    }
    return checks
  }
}
