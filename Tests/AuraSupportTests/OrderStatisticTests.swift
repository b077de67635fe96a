import AuraSupport
import Testing

@testable import AuraSynth

/// Order statistics by selection, against sorting.
@Suite struct OrderStatisticTests {
  /// Selection gives the same order statistic as sorting, with duplicates and at every size.
  @Test func selectionMatchesSorting() {
    var random = SeededRandom(seed: 13)
    for size in [1, 2, 7, 16, 17, 18, 100, 1001] {
      for _ in 0..<20 {
        let values = (0..<size).map { _ in
          Double(random.integer(0...(size / 2)))
        }
        let sorted = values.sorted()
        for rank in Set([0, size / 2, (size - 1) * 9 / 10, size - 1]) {
          var scratch = values
          #expect(
            OrderStatistic.select(&scratch, rank: rank) == sorted[rank],
            "seed 13, size \(size), rank \(rank)")
        }
      }
    }
  }
}
