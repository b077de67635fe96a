import Foundation

/// Training-load models (SCIENCE.md §5): the Banister fitness–fatigue model and the
/// acute:chronic workload ratio. ACWR is shown as a trend, not an injury verdict
/// (Impellizzeri 2020).
package enum TrainingLoad {
  /// One day of the Banister model, recursive form: fitness and fatigue decay with τ1 and τ2
  /// days and both take today's load; performance = p0 + k1·fitness − k2·fatigue.
  package struct Banister: Sendable, Equatable {
    package var fitnessDays: Double
    package var fatigueDays: Double
    package var fitnessGain: Double
    package var fatigueGain: Double
    package var basePerformance: Double

    package init(
      fitnessDays: Double = 42, fatigueDays: Double = 7, fitnessGain: Double = 1,
      fatigueGain: Double = 2, basePerformance: Double = 0
    ) {
      self.fitnessDays = fitnessDays
      self.fatigueDays = fatigueDays
      self.fitnessGain = fitnessGain
      self.fatigueGain = fatigueGain
      self.basePerformance = basePerformance
    }

    /// The next day's (fitness, fatigue, performance). V-17: 100, 60, load 50 → 147.647,
    /// 102.013, −56.378.
    package func step(fitness: Double, fatigue: Double, load: Double) -> (
      fitness: Double, fatigue: Double, performance: Double
    ) {
      let f = fitness * exp(-1 / fitnessDays) + load
      let d = fatigue * exp(-1 / fatigueDays) + load
      return (f, d, basePerformance + fitnessGain * f - fatigueGain * d)
    }
  }

  /// Acute:chronic ratio with exponentially weighted averages (Williams 2017): λ = 2/(N + 1),
  /// N = 7 and 28, seeded with the first day's load. V-19: 28 d × 100 then 7 d × 200 → 1.339.
  package static func ewmaRatio(dailyLoads: [Double], acuteDays: Int = 7, chronicDays: Int = 28)
    -> Double?
  {
    var ewma = WorkloadEWMA(acuteDays: acuteDays, chronicDays: chronicDays)
    for load in dailyLoads { ewma.add(load) }
    return ewma.ratio
  }

  /// The acute and chronic EWMAs, one day at a time.
  package struct WorkloadEWMA: Codable, Sendable {
    let acuteLambda: Double
    let chronicLambda: Double
    package private(set) var acute: Double? = nil
    package private(set) var chronic: Double? = nil

    package init(acuteDays: Int = 7, chronicDays: Int = 28) {
      acuteLambda = 2 / (Double(acuteDays) + 1)
      chronicLambda = 2 / (Double(chronicDays) + 1)
    }

    /// Adds the next day's load (the first day seeds both averages).
    package mutating func add(_ load: Double) {
      acute = acute.map { acuteLambda * load + (1 - acuteLambda) * $0 } ?? load
      chronic = chronic.map { chronicLambda * load + (1 - chronicLambda) * $0 } ?? load
    }

    /// acute / chronic; nil before any day or while the chronic average is zero.
    package var ratio: Double? {
      guard let acute, let chronic, chronic > 0 else { return nil }
      return acute / chronic
    }
  }
}
