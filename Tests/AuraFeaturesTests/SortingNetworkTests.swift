import Testing

@testable import AuraFeatures
@testable import AuraSynth

/// The medians of 6 and 7 values the outlier filter takes, one set or four at once.
@Suite struct SortingNetworkTests {
  @Test func fourAtOnceAreEachSetsMedian() {
    var random = SeededRandom(seed: 11)
    for count in [6, 7] {
      for _ in 0..<500 {
        // Values on a coarse grid, so that ties are common.
        let sets = (0..<4).map { _ in
          (0..<count).map { _ in (random.uniform(-5...5)).rounded() / 2 }
        }
        var lanes = (0..<count).map { k in SIMD4(sets.map { $0[k] }) }
        let together = lanes.withUnsafeMutableBufferPointer {
          SortingNetwork.median($0.baseAddress!, count)
        }
        for (lane, values) in sets.enumerated() {
          let sorted = values.sorted()
          let expected =
            count == 7 ? sorted[3] : (sorted[2] + sorted[3]) / 2
          var single = values
          let alone = single.withUnsafeMutableBufferPointer {
            SortingNetwork.median($0.baseAddress!, count)
          }
          #expect(alone == expected)
          #expect(together[lane] == expected)
        }
      }
    }
  }
}
