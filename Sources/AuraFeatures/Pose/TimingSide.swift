import AuraDomain
import AuraSupport
import Foundation

/// One body side's timing angle (degrees): conditioned, unfiltered (NaN where a point was
/// filled), and its noise. Two sides are combined by mapping one onto the other's scale and
/// averaging them with inverse-variance weights.
struct TimingSide {
  var values: [Double]
  var unfiltered: [Double]
  /// Standard deviation of the noise in `values`, degrees.
  var noise: Double

  /// This side on `reference`'s scale, through the least-squares line from `reference` to this
  /// side over the samples both see; nil when they do not move together (|correlation| under
  /// 0.9, fewer than 10 shared samples) or the slope is outside 0.5-2 in magnitude.
  func mapped(onto reference: TimingSide) -> TimingSide? {
    let pairs = zip(reference.values, values).filter { $0.0.isFinite && $0.1.isFinite }
    guard pairs.count >= 10,
      let line = LeastSquaresLine(x: pairs.map(\.0), y: pairs.map(\.1)),
      line.syy > 0, abs(line.sxy) >= 0.9 * (line.sxx * line.syy).squareRoot(),
      (0.5...2).contains(abs(line.slope))
    else { return nil }
    let (slope, intercept) = (line.slope, line.intercept)
    func map(_ series: [Double]) -> [Double] { series.map { ($0 - intercept) / slope } }
    return TimingSide(
      values: map(values), unfiltered: map(unfiltered), noise: noise / abs(slope))
  }

  /// Both sides averaged sample by sample, weighted by the inverse of their noise variance
  /// (equally when either side's noise is zero, as on coordinates quantized coarser than their
  /// jitter); where one is missing, the other.
  func averaged(with other: TimingSide) -> TimingSide {
    let weighted = noise > 0 && other.noise > 0
    let weight = weighted ? 1 / (noise * noise) : 1
    let otherWeight = weighted ? 1 / (other.noise * other.noise) : 1
    func mean(_ a: [Double], _ b: [Double]) -> [Double] {
      zip(a, b).map { x, y in
        guard x.isFinite else { return y }
        guard y.isFinite else { return x }
        return (weight * x + otherWeight * y) / (weight + otherWeight)
      }
    }
    return TimingSide(
      values: mean(values, other.values), unfiltered: mean(unfiltered, other.unfiltered),
      noise: weighted ? 1 / (weight + otherWeight).squareRoot() : min(noise, other.noise))
  }
}
