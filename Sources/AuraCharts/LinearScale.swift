import Foundation

/// Maps a value domain onto a pixel range, with "nice" tick values (1, 2, 2.5 or 5 × 10ⁿ).
package struct LinearScale: Sendable {
  package let domain: ClosedRange<Double>
  package let range: ClosedRange<Double>
  let inverted: Bool

  /// `inverted` maps the domain's low end to the range's high end (a y axis).
  package init(domain: ClosedRange<Double>, range: ClosedRange<Double>, inverted: Bool = false) {
    self.domain =
      domain.lowerBound == domain.upperBound
      ? (domain.lowerBound - 1)...(domain.upperBound + 1) : domain
    self.range = range
    self.inverted = inverted
  }

  /// A scale whose domain covers `values` (and `including`, such as zero or a threshold),
  /// widened to nice tick boundaries.
  package static func nice(
    covering values: [Double], including: [Double] = [], range: ClosedRange<Double>,
    inverted: Bool = false, ticks: Int = 5
  ) -> LinearScale {
    let all = (values + including).filter(\.isFinite)
    var low = all.min() ?? 0
    var high = all.max() ?? 1
    if low == high {
      // One value: centre it in a band a tenth of its size (at least ±1) either side.
      let half = max(1, abs(low) / 10)
      (low, high) = (low - half, high + half)
    }
    let step = niceStep((high - low) / Double(max(1, ticks)))
    let lower = tidy((low / step).rounded(.down) * step)
    var upper = tidy((high / step).rounded(.up) * step)
    if upper == lower { upper = lower + step }
    return LinearScale(domain: lower...upper, range: range, inverted: inverted)
  }

  /// The pixel position of `value`.
  package func callAsFunction(_ value: Double) -> Double {
    let span = domain.upperBound - domain.lowerBound
    let t = (value - domain.lowerBound) / span
    let pixels = range.upperBound - range.lowerBound
    return inverted ? range.upperBound - t * pixels : range.lowerBound + t * pixels
  }

  /// Tick values across the domain, about `count` of them, on nice steps.
  package func ticks(_ count: Int = 5) -> [Double] {
    let step = Self.niceStep((domain.upperBound - domain.lowerBound) / Double(max(1, count)))
    let first = Int((domain.lowerBound / step - 1e-9).rounded(.up))
    let last = Int((domain.upperBound / step + 1e-9).rounded(.down))
    guard first <= last else { return [] }
    return (first...last).map { Self.tidy(Double($0) * step) }
  }

  /// `value` without the binary rounding error of a multiplication (0.6000000000000001 → 0.6).
  static func tidy(_ value: Double) -> Double {
    (value * 1e9).rounded() / 1e9
  }

  /// The nice step at or above `raw`.
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return 1 }
    let magnitude = pow(10, (log10(raw)).rounded(.down))
    for factor in [1, 2, 2.5, 5, 10] where factor * magnitude >= raw * (1 - 1e-9) {
      return factor * magnitude
    }
    return 10 * magnitude
  }

  /// A tick label: as many decimals as the step needs (0.25 → two).
  package static func label(_ value: Double, step: Double) -> String {
    let decimals =
      (0...3).first { digits in
        let scaled = step * pow(10, Double(digits))
        return abs(scaled - scaled.rounded()) < 1e-6
      } ?? 3
    return fixed(value, decimals)
  }
}
