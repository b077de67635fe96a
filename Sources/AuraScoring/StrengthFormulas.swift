import Foundation

/// Published strength formulas (SCIENCE.md §2-3).
public enum StrengthFormulas {
  /// Epley: w·(1 + r/30). SCIENCE.md V-9: 100 kg × 5 → 116.67 kg.
  public static func epley(loadKg: Double, reps: Double) -> Double {
    reps <= 1 ? loadKg : loadKg * (1 + reps / 30)
  }

  /// e1RM with reps in reserve added to the reps done (RIR = 10 − RPE) before Epley.
  public static func estimatedOneRepMax(loadKg: Double, reps: Int, rpe: Double?) -> Double? {
    guard loadKg > 0, reps > 0 else { return nil }
    let inReserve = rpe.map { max(0, 10 - $0) } ?? 0
    return epley(loadKg: loadKg, reps: Double(reps) + inReserve)
  }

  /// DOTS points (BVDK): total × 500 / poly(bodyweight), bodyweight clamped as published.
  /// SCIENCE.md V-13: men 100 kg / 1000 → 615.52; women 60 kg / 500 → 554.27.
  public static func dots(totalKg: Double, bodyweightKg: Double, female: Bool) -> Double {
    let (a, b, c, d, e, low, high) =
      female
      ? (-0.0000010706, 0.0005158568, -0.1126655495, 13.6175032, -57.96288, 40.0, 150.0)
      : (-0.0000010930, 0.0007391293, -0.1918759221, 24.0900756, -307.75076, 40.0, 210.0)
    let x = min(max(bodyweightKg, low), high)
    let denominator = a * pow(x, 4) + b * pow(x, 3) + c * x * x + d * x + e
    return totalKg * 500 / denominator
  }
}
