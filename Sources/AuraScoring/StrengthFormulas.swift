import Foundation

/// Published strength formulas (SCIENCE.md §2-3). Coefficients are the published numbers;
/// every function has a test against SCIENCE.md's validation cases.
package enum StrengthFormulas {
  /// Epley: w·(1 + r/30). SCIENCE.md V-9: 100 kg × 5 → 116.67 kg.
  package static func epley(loadKg: Double, reps: Double) -> Double {
    reps <= 1 ? loadKg : loadKg * (1 + reps / 30)
  }

  /// e1RM with reps in reserve added to the reps done (RIR = 10 − RPE) before Epley.
  package static func estimatedOneRepMax(loadKg: Double, reps: Int, rpe: Double?) -> Double? {
    guard loadKg > 0, reps > 0 else { return nil }
    let inReserve = rpe.map { max(0, 10 - $0) } ?? 0
    return epley(loadKg: loadKg, reps: Double(reps) + inReserve)
  }

  /// The relative-strength score a ranking uses.
  package enum PointsFormula: String, Sendable, CaseIterable {
    case dots, wilks
    case ipfGL = "ipf_gl"
  }

  /// Points of a squat + bench + deadlift total with the chosen formula (IPF GL: classic).
  package static func points(
    _ formula: PointsFormula, totalKg: Double, bodyweightKg: Double, female: Bool
  ) -> Double {
    switch formula {
    case .dots: return dots(totalKg: totalKg, bodyweightKg: bodyweightKg, female: female)
    case .wilks: return wilks(totalKg: totalKg, bodyweightKg: bodyweightKg, female: female)
    case .ipfGL:
      return ipfGoodlift(
        totalKg: totalKg, bodyweightKg: bodyweightKg, female: female, event: .threeLift,
        equipped: false)
    }
  }

  /// DOTS points (BVDK): total × 500 / poly(bodyweight), bodyweight clamped as published.
  /// SCIENCE.md V-13: men 100 kg / 1000 → 615.52; women 60 kg / 500 → 554.27.
  package static func dots(totalKg: Double, bodyweightKg: Double, female: Bool) -> Double {
    let coefficients =
      female
      ? [-57.96288, 13.6175032, -0.1126655495, 0.0005158568, -0.0000010706]
      : [-307.75076, 24.0900756, -0.1918759221, 0.0007391293, -0.0000010930]
    let x = min(max(bodyweightKg, 40), female ? 150 : 210)
    return totalKg * 500 / polynomial(coefficients, x)
  }

  /// Original Wilks points: total × 500 / poly₅(bodyweight), clamped as OpenPowerlifting does.
  /// SCIENCE.md V-11: men 100 kg / 1000 → 608.589; women 60 kg / 500 → 557.443.
  package static func wilks(totalKg: Double, bodyweightKg: Double, female: Bool) -> Double {
    let coefficients =
      female
      ? [
        594.31747775582, -27.23842536447, 0.82112226871, -0.00930733913, 0.00004731582,
        -0.00000009054,
      ]
      : [-216.0475144, 16.2606339, -0.002388645, -0.00113732, 7.01863e-06, -1.291e-08]
    let x = female ? min(max(bodyweightKg, 26.51), 154.53) : min(max(bodyweightKg, 40), 201.9)
    return totalKg * 500 / polynomial(coefficients, x)
  }

  /// The lifts an IPF GL total covers.
  package enum Event: Sendable {
    case threeLift, benchOnly
  }

  /// IPF GL ("Goodlift") points: total × 100 / (A − B·e^(−C·bodyweight)); 0 below 35 kg.
  /// SCIENCE.md V-14: men equipped three-lift 92.04 kg / 1035 → 112.85; women classic bench
  /// 70.5 kg / 122.5 → 96.78.
  package static func ipfGoodlift(
    totalKg: Double, bodyweightKg: Double, female: Bool, event: Event, equipped: Bool
  ) -> Double {
    guard bodyweightKg >= 35 else { return 0 }
    let (a, b, c): (Double, Double, Double)
    switch (event, female, equipped) {
    case (.threeLift, false, false): (a, b, c) = (1199.72839, 1025.18162, 0.009210)
    case (.threeLift, false, true): (a, b, c) = (1236.25115, 1449.21864, 0.01644)
    case (.threeLift, true, false): (a, b, c) = (610.32796, 1045.59282, 0.03048)
    case (.threeLift, true, true): (a, b, c) = (758.63878, 949.31382, 0.02435)
    case (.benchOnly, false, false): (a, b, c) = (320.98041, 281.40258, 0.01008)
    case (.benchOnly, false, true): (a, b, c) = (381.22073, 733.79378, 0.02398)
    case (.benchOnly, true, false): (a, b, c) = (142.40398, 442.52671, 0.04724)
    case (.benchOnly, true, true): (a, b, c) = (221.82209, 357.00377, 0.02937)
    }
    return totalKg * 100 / (a - b * exp(-c * bodyweightKg))
  }

  /// Σ coefficients[i]·xⁱ.
  static func polynomial(_ coefficients: [Double], _ x: Double) -> Double {
    coefficients.reversed().reduce(0) { $0 * x + $1 }
  }
}
