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

  func days(athleteId: String, wellness: [WellnessDay], sessions: [ScoredSession]) -> [ReadinessDay]
  {
    guard !wellness.isEmpty else { return [] }
    let dailyVolume = Dictionary(grouping: sessions) { ISODates.day($0.startTime) ?? 0 }
      .mapValues { $0.reduce(0) { $0 + $1.totalVolumeKg } }
    let firstDay = min(
      dailyVolume.keys.min() ?? Int.max,
      wellness.compactMap { ISODates.day($0.date) }.min() ?? Int.max)
    guard firstDay != Int.max else { return [] }
    let lastDay = wellness.compactMap { ISODates.day($0.date) }.max() ?? firstDay
    // Training load walked day by day from the first day of data.
    var loads: [Int: (ratio: Double?, fitness: Double, fatigue: Double)] = [:]
    var days = 0
    var ewma = TrainingLoad.WorkloadEWMA()
    var fitness = 0.0
    var fatigue = 0.0
    let banister = TrainingLoad.Banister()
    if lastDay >= firstDay {
      for day in firstDay...lastDay {
        let tonnes = (dailyVolume[day] ?? 0) / 1000
        days += 1
        ewma.add(tonnes)
        (fitness, fatigue, _) = banister.step(fitness: fitness, fatigue: fatigue, load: tonnes)
        // A ratio needs a week of history to mean anything.
        loads[day] = (days >= 7 ? ewma.ratio : nil, fitness, fatigue)
      }
    }
    var history: [(day: Int, lnHRV: Double?, metric: String, rhr: Double?)] = []
    var out: [ReadinessDay] = []
    for entry in wellness {
      guard let day = ISODates.day(entry.date) else { continue }
      let metric = entry.hrvMetric == "sdnn" ? "ln_sdnn" : "ln_rmssd"
      let window = history.filter { $0.day >= day - settings.baselineWindowDays && $0.day < day }
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
          status: baselineDays >= settings.baselineMinimumDays ? "ok" : "insufficient_history",
          hrvMetric: lnHRV == nil ? nil : metric,
          acuteChronicRatio: load?.ratio.map { ($0 * 1000).rounded() / 1000 },
          fitness: ((load?.fitness ?? 0) * 1000).rounded() / 1000,
          fatigue: ((load?.fatigue ?? 0) * 1000).rounded() / 1000))
      history.append((day, lnHRV, metric, entry.restingHeartRateBpm))
    }
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
