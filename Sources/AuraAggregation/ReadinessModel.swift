import AuraDomain
import AuraIngest
import AuraScoring
import Foundation

/// Daily readiness against the athlete's own rolling baseline (SCIENCE.md §6, our weighting):
/// HRV as ln(RMSSD) or ln(SDNN), each compared only with its own kind, as a z-score; resting
/// heart rate as a z-score (lower is better); sleep against 8 h blended with its quality; and
/// training load from the EWMA acute:chronic ratio of daily volume (Williams 2017). Each z-score
/// maps to 0-100 as 50 + 20·z, clamped; readiness is the mean of the available components.
/// Until the baseline has `baselineMinimumDays` days the day is marked insufficient_history and
/// HRV and RHR are left out.
struct ReadinessModel {
  let settings: AggregationSettings

  /// What readiness carries from one ISO week of an athlete's data to the next: the training
  /// load walked day by day from the first day of data, and the wellness days that may still
  /// fall in a later day's baseline window.
  struct Fold: Codable, Sendable {
    /// The first day the load has not been walked through; nil before any data.
    var nextDay: Int? = nil
    var daysWalked = 0
    var ewma = TrainingLoad.WorkloadEWMA()
    var fitness = 0.0
    var fatigue = 0.0
    var baseline: [BaselineDay] = []
  }

  struct BaselineDay: Codable, Sendable {
    var day: Int
    var lnHRV: Double?
    var metric: String
    var rhr: Double?
  }

  /// The readiness of each of `wellness` (one ISO week's days, in date order), given the
  /// week's `sessions`; walks the training load through `lastDay` (the week's Sunday) and
  /// carries what later weeks need in `fold`.
  func days(
    athleteId: String, wellness: [WellnessDay], sessions: [ScoredSession], through lastDay: Int,
    fold: inout Fold
  ) -> [ReadinessDay] {
    let dailyVolume = Dictionary(grouping: sessions) { $0.startTime.day }
      .mapValues { $0.reduce(0) { $0 + $1.totalVolumeKg } }
    if fold.nextDay == nil {
      fold.nextDay = (Array(dailyVolume.keys) + wellness.compactMap { ISODates.day($0.date) })
        .min()
    }
    // Training load walked day by day from the first day of data.
    var loads: [Int: (ratio: Double?, fitness: Double, fatigue: Double)] = [:]
    let banister = TrainingLoad.Banister()
    if let firstDay = fold.nextDay, lastDay >= firstDay {
      for day in firstDay...lastDay {
        let tonnes = (dailyVolume[day] ?? 0) / 1000
        fold.daysWalked += 1
        fold.ewma.add(tonnes)
        (fold.fitness, fold.fatigue, _) = banister.step(
          fitness: fold.fitness, fatigue: fold.fatigue, load: tonnes)
        // A ratio needs a week of history to mean anything.
        loads[day] = (fold.daysWalked >= 7 ? fold.ewma.ratio : nil, fold.fitness, fold.fatigue)
      }
      fold.nextDay = lastDay + 1
    }
    var out: [ReadinessDay] = []
    for entry in wellness {
      guard let day = ISODates.day(entry.date) else { continue }
      let metric = entry.hrvMetric.publishedName
      let window = fold.baseline.filter {
        $0.day >= day - settings.baselineWindowDays && $0.day < day
      }
      let lnHRV = entry.hrvMilliseconds.flatMap { $0 > 0 ? log($0) : nil }
      let hrv = zComponent(
        lnHRV, baseline: window.filter { $0.metric == metric }.compactMap(\.lnHRV),
        higherIsBetter: true)
      let rhr = zComponent(
        entry.restingHeartRateBpm, baseline: window.compactMap(\.rhr), higherIsBetter: false)
      var sleep: Double? = nil
      if let hours = entry.sleepHours {
        let duration = min(100, hours / 8 * 100)
        sleep = entry.sleepQuality.map { 0.5 * duration + 0.5 * $0 } ?? duration
      }
      let load = loads[day]
      // Above a ratio of 1 (acute load over the chronic trend) readiness falls.
      let loadComponent = load?.ratio.map { max(0, min(100, 100 - max(0, $0 - 1) * 150)) }
      let components = [hrv, sleep, rhr, loadComponent].compactMap { $0 }
      let baselineDays = window.count
      out.append(
        ReadinessDay(
          athleteId: athleteId, date: entry.date,
          readiness: components.isEmpty
            ? nil : (components.reduce(0, +) / Double(components.count) * 10).rounded() / 10,
          hrvComponent: hrv, sleepComponent: sleep, restingHeartRateComponent: rhr,
          loadComponent: loadComponent,
          status: baselineDays >= settings.baselineMinimumDays ? .ok : .insufficientHistory,
          hrvMetric: lnHRV == nil ? nil : metric,
          acuteChronicRatio: load?.ratio.map { ($0 * 1000).rounded() / 1000 },
          fitness: ((load?.fitness ?? 0) * 1000).rounded() / 1000,
          fatigue: ((load?.fatigue ?? 0) * 1000).rounded() / 1000))
      fold.baseline.append(
        BaselineDay(day: day, lnHRV: lnHRV, metric: metric, rhr: entry.restingHeartRateBpm))
    }
    // Days are walked in order, so one out of this day's window is out of every later one's.
    fold.baseline.removeAll { $0.day < lastDay - settings.baselineWindowDays }
    return out
  }

  private func zComponent(_ value: Double?, baseline: [Double], higherIsBetter: Bool) -> Double? {
    guard let value, baseline.count >= settings.baselineMinimumDays else { return nil }
    let mean = baseline.reduce(0, +) / Double(baseline.count)
    let variance =
      baseline.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(1, baseline.count - 1))
    let sd = max(variance.squareRoot(), 1e-6)
    let z = (value - mean) / sd * (higherIsBetter ? 1 : -1)
    return (max(0, min(100, 50 + 20 * z)) * 10).rounded() / 10
  }
}
