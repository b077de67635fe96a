import AuraDomain
import AuraSupport
import Foundation

/// Signal conditioning for uniformly sampled series with NaN gaps.
package enum SignalFilter {
  /// The stretches of consecutive true samples in `mask`, in order.
  static func runs(_ mask: [Bool]) -> [Range<Int>] {
    var found: [Range<Int>] = []
    var start = 0
    while start < mask.count {
      guard mask[start] else {
        start += 1
        continue
      }
      var end = start
      while end < mask.count, mask[end] { end += 1 }
      found.append(start..<end)
      start = end
    }
    return found
  }

  /// The mean of each sample's neighbourhood of `half` samples either side (fewer at the ends).
  static func movingMean(_ values: [Double], half: Int) -> [Double] {
    let n = values.count
    var sums = [Double](repeating: 0, count: n + 1)
    for i in 0..<n { sums[i + 1] = sums[i] + values[i] }
    return (0..<n).map { i in
      let low = max(0, i - half)
      let high = min(n, i + half + 1)
      return (sums[high] - sums[low]) / Double(high - low)
    }
  }

  /// The median of each sample's neighbourhood of `half` samples either side (fewer at the
  /// ends). Unlike a mean it keeps a step (a change of posture) where it is. Over a window
  /// longer than a swing's period it stays within the swing, but where the swing dwells as
  /// long at both its extremes it wanders between them as the window takes in more of one: a
  /// level to find movement against, not to read a swing's middle from. Each window's median
  /// is selected anew (samples times window work), which at a rhythm's analysis rate is cheap.
  static func movingMedian(_ values: [Double], half: Int) -> [Double] {
    let n = values.count
    var window: [Double] = []
    window.reserveCapacity(2 * half + 1)
    return (0..<n).map { i in
      window.removeAll(keepingCapacity: true)
      window.append(contentsOf: values[max(0, i - half)..<min(n, i + half + 1)])
      return OrderStatistic.median(&window)
    }
  }

  /// The trapezoidal running integral of `values` sampled at `times`, starting at zero.
  static func integral(_ values: ArraySlice<Double>, times: ArraySlice<Double>) -> [Double] {
    guard !values.isEmpty else { return [] }
    var out = [0.0]
    out.reserveCapacity(values.count)
    for (i, t) in zip(values.indices.dropFirst(), times.indices.dropFirst()) {
      out.append(out[out.count - 1] + 0.5 * (values[i] + values[i - 1]) * (times[t] - times[t - 1]))
    }
    return out
  }

  /// Linear interpolation over NaN runs of at most `maxGap` samples; longer runs stay NaN.
  /// Returns the series and which samples were filled.
  package static func fillShortGaps(_ values: [Double], maxGap: Int) -> (
    values: [Double], filled: [Bool]
  ) {
    var out = values
    var filled = [Bool](repeating: false, count: values.count)
    var index = 0
    while index < out.count {
      guard out[index].isNaN else {
        index += 1
        continue
      }
      let start = index
      while index < out.count, out[index].isNaN { index += 1 }
      let length = index - start
      guard start > 0, index < out.count, length <= maxGap else { continue }
      let left = out[start - 1]
      let right = out[index]
      for k in start..<index {
        out[k] = left + (right - left) * Double(k - start + 1) / Double(length + 1)
        filled[k] = true
      }
    }
    return (out, filled)
  }

  /// Robust standard deviation of white noise in a smooth series, from its second differences
  /// (var(Δ²y) = 6σ² for white noise; the median absolute deviation ignores motion and spikes).
  package static func noiseDeviation(_ values: [Double]) -> Double {
    var second: [Double] = []
    second.reserveCapacity(values.count)
    for i in 1..<max(1, values.count - 1) {
      let d = values[i + 1] - 2 * values[i] + values[i - 1]
      if d.isFinite { second.append(abs(d)) }
    }
    guard !second.isEmpty else { return 0 }
    return 1.4826 * OrderStatistic.median(&second) / 6.0.squareRoot()
  }

  /// Hampel filter on the local trend: within the 7 samples around each sample, the slope is
  /// the median of the steps between neighbours, and a sample further than five robust
  /// standard deviations from the median of the detrended window (and further than five times
  /// `noise`, the series' own noise deviation) becomes NaN. Detrending keeps fast movement from
  /// widening the spread and hiding a spike. Returns the series and which samples were rejected.
  package static func rejectOutliers(_ values: [Double], noise: Double) -> (
    values: [Double], rejected: [Bool]
  ) {
    var out = values
    var rejected = [Bool](repeating: false, count: values.count)
    let floor = 5 * noise
    guard floor > 0 else { return (out, rejected) }
    let n = values.count
    // Three small stack buffers reused for every sample: the steps, the detrended window and
    // its deviations (at most 7 values each), sorted in place by insertion.
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 24) { buffer in
      let steps = buffer.baseAddress!
      let window = steps + 8
      let deviations = steps + 16
      values.withUnsafeBufferPointer { v in
        func check(_ i: Int) {
          guard v[i].isFinite else { return }
          let low = max(0, i - 3)
          let high = min(n - 1, i + 3)
          var stepCount = 0
          for j in low..<high where v[j].isFinite && v[j + 1].isFinite {
            steps[stepCount] = v[j + 1] - v[j]
            stepCount += 1
          }
          guard stepCount >= 4 else { return }
          let slope = smallMedian(steps, stepCount)
          var windowCount = 0
          for j in low...high where v[j].isFinite {
            window[windowCount] = v[j] - slope * Double(j - i)
            windowCount += 1
          }
          let center = smallMedian(window, windowCount)
          // Within the noise floor a sample stands, whatever the spread: skip computing it.
          guard abs(v[i] - center) > floor else { return }
          for k in 0..<windowCount { deviations[k] = abs(window[k] - center) }
          let spread = 1.4826 * smallMedian(deviations, windowCount)
          if abs(v[i] - center) > 5 * spread {
            out[i] = .nan
            rejected[i] = true
          }
        }
        var i = 0
        while i < n {
          // Four samples with full, finite windows at once: most stand within the noise floor,
          // and the rest are checked one by one (`check` gives them the same values).
          if i >= 3, i + 6 < n, (i - 3...i + 6).allSatisfy({ v[$0].isFinite }) {
            let outside = outsideFloor(v, from: i, floor: floor)
            if any(outside) {
              for lane in 0..<4 where outside[lane] { check(i + lane) }
            }
            i += 4
          } else {
            check(i)
            i += 1
          }
        }
      }
    }
    return (out, rejected)
  }

  /// For samples `i` to `i + 3` of `v` (finite from `i − 3` to `i + 6`): whether each lies
  /// further than `floor` from the median of its detrended window, by `rejectOutliers`'s
  /// steps on four lanes (the same sorting networks, so the same medians bit for bit).
  private static func outsideFloor(
    _ v: UnsafeBufferPointer<Double>, from i: Int, floor: Double
  ) -> SIMDMask<SIMD4<Int64>> {
    @inline(__always) func lanes(_ j: Int) -> SIMD4<Double> {
      SIMD4(v[j], v[j + 1], v[j + 2], v[j + 3])
    }
    return withUnsafeTemporaryAllocation(of: SIMD4<Double>.self, capacity: 7) { buffer in
      let lane = buffer.baseAddress!
      for k in 0..<6 { lane[k] = lanes(i - 2 + k) - lanes(i - 3 + k) }
      let slope = SortingNetwork.median(lane, 6)
      for k in 0..<7 { lane[k] = lanes(i - 3 + k) - slope * Double(k - 3) }
      let center = SortingNetwork.median(lane, 7)
      let distance = lanes(i) - center
      return distance.replacing(with: -distance, where: distance .< 0) .> floor
    }
  }

  /// The median of `count` values (a handful) at `values`, which it sorts: full windows of 7
  /// and 6 by branch-free sorting networks (`SortingNetwork`), others by insertion.
  @inline(__always)
  private static func smallMedian(_ values: UnsafeMutablePointer<Double>, _ count: Int) -> Double {
    if count == 6 || count == 7 { return SortingNetwork.median(values, count) }
    for k in 1..<count {
      let value = values[k]
      var j = k - 1
      while j >= 0, values[j] > value {
        values[j + 1] = values[j]
        j -= 1
      }
      values[j + 1] = value
    }
    return count % 2 == 1 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2
  }

  /// Zero-phase 2nd-order Butterworth low-pass applied forward and backward to each contiguous
  /// (non-NaN) chunk. `cutoffHz` is the cutoff of the whole zero-phase filter: the single-pass
  /// design frequency is raised by Winter's correction (1/0.802) so the double pass lands on it.
  package static func lowPass(_ values: [Double], cutoffHz: Double, sampleRateHz: Double)
    -> [Double]
  {
    lowPass(values, values, cutoffHz: cutoffHz, sampleRateHz: sampleRateHz).0
  }

  /// `lowPass` of two series at once (a track's x and y), each bit for bit as on its own: the
  /// filter's recursion waits on its multiplications, so two series side by side in the
  /// lanes of one vector take the time of one. Series
  /// of different lengths or NaN samples are filtered one after the other.
  package static func lowPass(
    _ first: [Double], _ second: [Double], cutoffHz: Double, sampleRateHz: Double
  ) -> ([Double], [Double]) {
    let n = first.count
    // The two series side by side, unless their lengths or NaN samples differ.
    var sameGaps = n == second.count
    var pairs = [SIMD2<Double>](repeating: .zero, count: sameGaps ? n : 0)
    if sameGaps {
      first.withUnsafeBufferPointer { a in
        second.withUnsafeBufferPointer { b in
          pairs.withUnsafeMutableBufferPointer { pair in
            for i in 0..<n {
              sameGaps = sameGaps && a[i].isNaN == b[i].isNaN
              pair[i] = SIMD2(a[i], b[i])
            }
          }
        }
      }
    }
    guard sameGaps else {
      return (
        lowPass(first, cutoffHz: cutoffHz, sampleRateHz: sampleRateHz),
        lowPass(second, cutoffHz: cutoffHz, sampleRateHz: sampleRateHz)
      )
    }
    var index = 0
    while index < n {
      guard !first[index].isNaN else {
        index += 1
        continue
      }
      let start = index
      while index < n, !first[index].isNaN { index += 1 }
      pairs.replaceSubrange(
        start..<index,
        with: filtfilt(
          Array(pairs[start..<index]), cutoffHz: cutoffHz, sampleRateHz: sampleRateHz))
    }
    return pairs.withUnsafeBufferPointer { pair in
      (
        [Double](unsafeUninitializedCapacity: n) { lane, count in
          for i in 0..<n { lane[i] = pair[i][0] }
          count = n
        },
        [Double](unsafeUninitializedCapacity: n) { lane, count in
          for i in 0..<n { lane[i] = pair[i][1] }
          count = n
        }
      )
    }
  }

  static func filtfilt(_ x: [SIMD2<Double>], cutoffHz: Double, sampleRateHz: Double)
    -> [SIMD2<Double>]
  {
    guard x.count >= 4 else { return x }
    let corrected = min(cutoffHz / 0.802, sampleRateHz * 0.45)
    let k = tan(Double.pi * corrected / sampleRateHz)
    let norm = 1 / (1 + 2.0.squareRoot() * k + k * k)
    let b0 = k * k * norm
    let b1 = 2 * b0
    let a1 = 2 * (k * k - 1) * norm
    let a2 = (1 - 2.0.squareRoot() * k + k * k) * norm
    // Odd extension at both ends damps the start-up transient.
    let pad = min(x.count - 1, max(6, Int(sampleRateHz / cutoffHz)))
    var extended = [SIMD2<Double>]()
    extended.reserveCapacity(x.count + 2 * pad)
    for i in stride(from: pad, through: 1, by: -1) { extended.append(2 * x[0] - x[i]) }
    extended.append(contentsOf: x)
    for i in 1...pad { extended.append(2 * x[x.count - 1] - x[x.count - 1 - i]) }
    // Forward, then backward, in place (a sample is read before it is overwritten), each pass
    // starting from rest at its first sample.
    extended.withUnsafeMutableBufferPointer { y in
      func pass(_ indices: some Sequence<Int>, from start: SIMD2<Double>) {
        var (x1, x2, y1, y2) = (start, start, start, start)
        for n in indices {
          let sample = y[n]
          let value = b0 * sample + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2
          x2 = x1
          x1 = sample
          y2 = y1
          y1 = value
          y[n] = value
        }
      }
      pass(0..<y.count, from: y[0])
      pass(stride(from: y.count - 1, through: 0, by: -1), from: y[y.count - 1])
    }
    return Array(extended[pad..<(pad + x.count)])
  }
}
