/// Medians of 6 or 7 values by branch-free sorting networks (Knuth, TAOCP 5.3.4): of single
/// numbers, or of four sets of numbers at once lane by lane, with the same operations in the
/// same order, so a lane's median is bit for bit the single number's.
enum SortingNetwork {
  /// What a network orders: a number, or four lane by lane.
  protocol Element {
    /// The smaller and the larger of the two.
    static func ordered(_ a: Self, _ b: Self) -> (low: Self, high: Self)
    /// Halfway between the two.
    static func midpoint(_ a: Self, _ b: Self) -> Self
  }

  /// The median of the 6 or 7 values at `values`, which it sorts.
  @inline(__always)
  static func median<T: Element>(_ values: UnsafeMutablePointer<T>, _ count: Int) -> T {
    @inline(__always) func order(_ a: Int, _ b: Int) {
      (values[a], values[b]) = T.ordered(values[a], values[b])
    }
    if count == 7 {
      order(0, 6)
      order(2, 3)
      order(4, 5)
      order(0, 2)
      order(1, 4)
      order(3, 6)
      order(0, 1)
      order(2, 5)
      order(3, 4)
      order(1, 2)
      order(4, 6)
      order(2, 3)
      order(4, 5)
      order(1, 2)
      order(3, 4)
      order(5, 6)
      return values[3]
    }
    precondition(count == 6, "a sorting network of \(count) values")
    order(0, 5)
    order(1, 3)
    order(2, 4)
    order(1, 2)
    order(3, 4)
    order(0, 3)
    order(2, 5)
    order(0, 1)
    order(2, 3)
    order(4, 5)
    order(1, 2)
    order(3, 4)
    return T.midpoint(values[2], values[3])
  }
}

extension Double: SortingNetwork.Element {
  @inline(__always)
  static func ordered(_ a: Double, _ b: Double) -> (low: Double, high: Double) {
    (min(a, b), max(a, b))
  }

  @inline(__always)
  static func midpoint(_ a: Double, _ b: Double) -> Double { (a + b) / 2 }
}

extension SIMD4: SortingNetwork.Element where Scalar == Double {
  @inline(__always)
  static func ordered(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> (
    low: SIMD4<Double>, high: SIMD4<Double>
  ) {
    // Lane by lane as `min` and `max` order two numbers (the standard library's
    // `pointwiseMin` is a call per lane).
    let swapped = b .< a
    return (a.replacing(with: b, where: swapped), b.replacing(with: a, where: swapped))
  }

  @inline(__always)
  static func midpoint(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> { (a + b) / 2 }
}
