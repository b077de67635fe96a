import Foundation

/// Order statistics of number series (medians, quantiles) by selection, O(n), rather than by
/// sorting, O(n log n): sample intervals, pose scale, rep quantiles and robust noise all need
/// them.
package enum OrderStatistic {
  /// The median of `values` (not NaN; the mean of the two middle values for an even count),
  /// which it may reorder.
  package static func median(_ values: inout [Double]) -> Double {
    let n = values.count
    let upperRank = n / 2
    let lowerRank = n % 2 == 0 ? upperRank - 1 : upperRank
    if let (below, inside) = bracket(values, ranks: lowerRank...upperRank) {
      var inside = inside
      let upper = partitionSelect(&inside, rank: upperRank - below)
      guard lowerRank < upperRank else { return upper }
      return (inside[0..<(upperRank - below)].max()! + upper) / 2
    }
    let upper = partitionSelect(&values, rank: upperRank)
    guard lowerRank < upperRank else { return upper }
    // The lower middle is the largest of the values now left of the upper one.
    return (values[0..<upperRank].max()! + upper) / 2
  }

  /// The value of rank `rank` (0 = smallest) among `values` (not NaN), which it may reorder:
  /// O(n) instead of a full sort.
  package static func select(_ values: inout [Double], rank: Int) -> Double {
    if let (below, inside) = bracket(values, ranks: rank...rank) {
      var inside = inside
      return partitionSelect(&inside, rank: rank - below)
    }
    return partitionSelect(&values, rank: rank)
  }

  /// For a long series (2048 values or more), where selection on everything costs most: the
  /// values between two of a strided 256-value sample's, taken 24 places (three standard
  /// deviations of a sampled rank) either side of where `ranks` fall, and how many values lie
  /// below them. One branch-free pass gathers them; nil when `ranks` are not among them (the
  /// sample missed), so the caller selects among all values instead. A rank `r` of all values
  /// is rank `r - below` of those inside.
  private static func bracket(_ values: [Double], ranks: ClosedRange<Int>) -> (
    below: Int, inside: [Double]
  )? {
    let n = values.count
    let sampleCount = 256
    guard n >= 2048 else { return nil }
    let stride = n / sampleCount
    var sample = (0..<sampleCount).map { values[$0 * stride] }
    let position = ranks.lowerBound * sampleCount / n
    let low = partitionSelect(&sample, rank: max(0, position - 24))
    let high = partitionSelect(&sample, rank: min(sampleCount - 1, position + 24))
    var below = 0
    let inside = [Double](unsafeUninitializedCapacity: n) { buffer, count in
      values.withUnsafeBufferPointer { v in
        var gathered = 0
        for value in v {
          buffer[gathered] = value
          gathered += value >= low && value <= high ? 1 : 0
          below += value < low ? 1 : 0
        }
        count = gathered
      }
    }
    guard below <= ranks.lowerBound, ranks.upperBound < below + inside.count else { return nil }
    return (below, inside)
  }

  /// `select` by quickselect (insertion sort for short ranges), which reorders `values` so that
  /// smaller values come before rank `rank` and larger after. Each round moves the values under
  /// a median-of-three pivot to the front and, when the rank lies beyond them, the values equal
  /// to it next, so that a run of ties takes one round. The partitions do not branch on a
  /// comparison: its bit is added to the count (a conditional increment compiled to a branch,
  /// and on noise each comparison is a coin flip for the branch predictor, which Hoare's
  /// partition pays on every comparison).
  private static func partitionSelect(_ values: inout [Double], rank: Int) -> Double {
    values.withUnsafeMutableBufferPointer { v in
      var low = 0
      var high = v.count - 1
      while high - low > 16 {
        let middle = (low + high) / 2
        if v[middle] < v[low] { v.swapAt(middle, low) }
        if v[high] < v[low] { v.swapAt(high, low) }
        if v[high] < v[middle] { v.swapAt(high, middle) }
        let pivot = v[middle]
        // v[low..<less] < pivot ≤ v[less...high].
        var less = low
        for i in low...high {
          let value = v[i]
          v[i] = v[less]
          v[less] = value
          less &+= Int(unsafeBitCast(value < pivot, to: UInt8.self))
        }
        if rank < less {
          high = less - 1
          continue
        }
        // v[less..<equal] == pivot < v[equal...high]; the pivot itself is among them.
        var equal = less
        for i in less...high {
          let value = v[i]
          v[i] = v[equal]
          v[equal] = value
          equal &+= Int(unsafeBitCast(value == pivot, to: UInt8.self))
        }
        if rank < equal { return pivot }
        low = equal
      }
      // Insertion sort of the short range left.
      if low < high {
        for k in (low + 1)...high {
          let value = v[k]
          var m = k - 1
          while m >= low, v[m] > value {
            v[m + 1] = v[m]
            m -= 1
          }
          v[m + 1] = value
        }
      }
      return v[rank]
    }
  }
}
