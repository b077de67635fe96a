/// The values each tunable parameter may take (docs/input-bounds.md lists them; a test holds
/// the page and every numeric parameter of pipelines/nightly.yaml to this table). Every
/// number must be finite; one outside its range is a usage error naming the range, before
/// anything runs.
/// A pattern ends in `*` to cover a family of keys (one per muscle or movement pattern).
package enum ParameterBounds {
  package static let rules: [(pattern: String, range: ClosedRange<Double>)] = [
    ("ingest.pose_confidence_min", 0...1),
    ("features.filter_cutoff_hz", 0.5...20),
    ("features.max_gap_s", 0...5),
    ("features.min_travel_m", 0.001...1),
    ("features.min_rep_s", 0.1...10),
    ("features.min_reps_confidence", 0...1),
    ("features.set_rest_s", 0.5...600),
    ("features.velocity_loss_threshold_pct", 1...100),
    ("scoring.form.*_weight", 0...1),
    ("scoring.form.*_deg", 1...180),
    ("scoring.form.*_pct", 1...100),
    ("scoring.form.bar_path_free_m", 0...2),
    ("scoring.form.bar_path_tolerance_m", 0.001...2),
    ("scoring.form.feedback_below", 0...100),
    ("scoring.form.target_rom_deg.*", 10...180),
    ("scoring.xp.per_rep", 0...1_000),
    ("scoring.xp.stretch_bonus", 1...5),
    ("scoring.combo.form_threshold", 0...100),
    ("scoring.combo.step", 0...1),
    ("scoring.combo.cap", 1...10),
    ("scoring.lp.base", 0...1_000),
    ("scoring.lp.performance_gain", 0...1_000),
    ("scoring.lp.max_change", 0...1_000),
    ("scoring.lp.baseline_sessions", 1...1_000),
    ("scoring.lp.decay_per_idle_week", 0...1_000),
    ("scoring.lp.tier_thresholds", 0...1_000_000),
    ("aggregation.secondary_muscle_share", 0...1),
    ("aggregation.baseline_min_days", 1...365),
    ("aggregation.baseline_window_days", 1...365),
    ("aggregation.volume_landmarks.*", 0...100),
    ("aggregation.recovery.fatigue_per_set", 0...100),
    ("aggregation.recovery.near_failure_factor", 1...10),
    ("aggregation.recovery.heatmap_days", 1...366),
    ("aggregation.recovery.time_constant_h.*", 1...720),
    ("aggregation.effort.max_reliable_rir", 0...30),
    ("aggregation.effort.failure_velocity_loss_pct.*", 1...100),
    ("aggregation.strength.min_loads", 2...100),
    ("aggregation.strength.min_span", 0...1),
    ("aggregation.strength.min_r2", 0...1),
    ("aggregation.strength.window_days", 1...3_650),
    ("aggregation.strength.minimal_velocity_mps.*", 0.01...2),
    ("aggregation.nutrition.protein_g_per_kg", 0...10),
    ("aggregation.risk.*", 0.05...5),
    ("aggregation.roster.low_readiness", 0...100),
    ("aggregation.roster.velocity_loss_far_sets", 1...50),
    ("aggregation.roster.velocity_loss_margin_pts", 0...100),
    ("aggregation.roster.form_drop_pts", 0...100),
    ("aggregation.roster.record_reps_margin", 1...50),
    ("aggregation.roster.stale_after_days", 0...365),
    ("aggregation.plausibility.history_factor", 1.1...10),
    ("aggregation.plausibility.history_min_sessions", 1...100),
    ("aggregation.plausibility.max_lift_dots", 100...2_000),
  ]

  /// The range of `key`: its first matching rule's, nil where no rule names it.
  package static func range(of key: String) -> ClosedRange<Double>? {
    // Every settings read, report and plan asks for many keys: an exact rule is one
    // dictionary look-up, and only the few family rules are matched around their star.
    var first = exactRules[key]
    for family in familyRules where family.index < (first ?? Int.max) {
      if matches(family.pattern, key) {
        first = family.index
        break
      }
    }
    return first.map { rules[$0].range }
  }

  /// Each exact pattern's first rule.
  private static let exactRules: [String: Int] = rules.indices.reduce(into: [:]) { table, index in
    let pattern = rules[index].pattern
    if !pattern.contains("*"), table[pattern] == nil { table[pattern] = index }
  }

  /// The rules with a star, in table order.
  private static let familyRules: [(index: Int, pattern: String)] = rules.indices.compactMap {
    rules[$0].pattern.contains("*") ? ($0, rules[$0].pattern) : nil
  }

  /// Why `value` cannot be `key`'s; nil when it can.
  package static func problem(_ key: String, _ value: Double) -> String? {
    guard value.isFinite else { return "is \(value), not a finite number" }
    guard let range = range(of: key), !range.contains(value) else { return nil }
    return "is \(ParameterValue.canonical(value)), outside its range "
      + "\(ParameterValue.canonical(range.lowerBound))…\(ParameterValue.canonical(range.upperBound))"
  }

  /// `key` matches `pattern` exactly, or around its one `*`.
  static func matches(_ pattern: String, _ key: String) -> Bool {
    guard let star = pattern.firstIndex(of: "*") else { return pattern == key }
    let prefix = pattern[..<star]
    let suffix = pattern[pattern.index(after: star)...]
    return key.utf8.count >= prefix.utf8.count + suffix.utf8.count && key.hasPrefix(prefix)
      && key.hasSuffix(suffix)
  }
}
