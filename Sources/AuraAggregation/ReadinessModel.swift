import AuraDomain
import AuraIngest
import AuraScoring
import Foundation

/// Daily readiness against the athlete's own rolling baseline (SCIENCE.md §6): HRV as lnRMSSD
/// z-score, resting heart rate z-score (lower is better), sleep against 8 h blended with its
/// quality, and training load as the acute (7 d) to chronic (28 d) volume ratio. Each z-score
/// maps to 0-100 as 50 + 20·z, clamped; readiness is the mean of the available components.
struct ReadinessModel {
  let settings: Aggregator.Settings

  func days(athleteId: String, wellness: [WellnessDay], sessions: [ScoredSession]) -> [ReadinessDay]
  {
    let dailyVolume = Dictionary(grouping: sessions) { ISODates.day($0.startTime) ?? 0 }
      .mapValues { $0.reduce(0) { $0 + $1.totalVolumeKg } }
    var history: [(day: Int, lnHRV: Double?, rhr: Double?)] = []
    var out: [ReadinessDay] = []
    for entry in wellness {
      guard let day = ISODates.day(entry.date) else { continue }
      let window = history.filter { $0.day >= day - settings.baselineWindowDays && $0.day < day }
      let lnHRV = entry.hrvMilliseconds.flatMap { $0 > 0 ? log($0) : nil }
      let hrv = zComponent(lnHRV, baseline: window.compactMap(\.lnHRV), higherIsBetter: true)
      let rhr = zComponent(
        entry.restingHeartRateBpm, baseline: window.compactMap(\.rhr), higherIsBetter: false)
      var sleep: Double? = nil
      if let hours = entry.sleepHours {
        let duration = min(100, hours / 8 * 100)
        sleep = entry.sleepQuality.map { 0.5 * duration + 0.5 * $0 } ?? duration
      }
      let acute = (day - 6...day).reduce(0.0) { $0 + (dailyVolume[$1] ?? 0) }
      let chronic = (day - 27...day).reduce(0.0) { $0 + (dailyVolume[$1] ?? 0) } / 4
      // ACWR 0.8-1.3 is the usual "sweet spot"; above it readiness falls.
      let load: Double? =
        chronic > 0 ? max(0, min(100, 100 - max(0, acute / chronic - 1) * 150)) : nil
      let components = [hrv, sleep, rhr, load].compactMap { $0 }
      out.append(
        ReadinessDay(
          athleteId: athleteId, date: entry.date,
          readiness: components.isEmpty
            ? nil : (components.reduce(0, +) / Double(components.count) * 10).rounded() / 10,
          hrvComponent: hrv, sleepComponent: sleep, restingHeartRateComponent: rhr,
          loadComponent: load))
      history.append((day, lnHRV, entry.restingHeartRateBpm))
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
