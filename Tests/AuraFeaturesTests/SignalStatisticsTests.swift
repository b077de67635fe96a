import AuraDomain
import AuraIngest
import AuraSupport
import Foundation
import Testing

@testable import AuraFeatures
@testable import AuraSynth

/// The robust statistics the signal filter stands on: runs of a mask, selection over long
/// series, the noise deviation and outlier rejection.
@Suite struct SignalStatisticsTests {
  @Test func runsOfAMaskAreFoundToTheEnds() {
    #expect(SignalFilter.runs([]) == [])
    #expect(SignalFilter.runs([false, true, true, false, true]) == [1..<3, 4..<5])
    #expect(SignalFilter.runs([true, true, false, false]) == [0..<2])
  }

  /// Long series are selected among the values a sample brackets: the same order statistics
  /// and noise deviations as sorting gives, whether the sample brackets the rank (noise, a
  /// movement) or misses it (a sorted ramp sampled at its start of every stride, ties).
  @Test func longSeriesSelectionMatchesSorting() {
    var random = SeededRandom(seed: 5)
    for size in [2048, 2049, 5000, 20_001] {
      let series: [[Double]] = [
        (0..<size).map { _ in random.gaussian() },
        (0..<size).map { sin(Double($0) / 40) + 0.01 * random.gaussian() },
        (0..<size).map { Double($0 / 3) },
        (0..<size).map { Double($0 % 5) },
      ]
      for values in series {
        let sorted = values.sorted()
        for rank in Set([0, size / 2, (size - 1) * 9 / 10, size - 1]) {
          var scratch = values
          #expect(
            OrderStatistic.select(&scratch, rank: rank) == sorted[rank],
            "seed 13, size \(size), rank \(rank)")
        }
        let second = (1..<(size - 1)).map { (i: Int) -> Double in
          let difference: Double = values[i + 1] - 2 * values[i] + values[i - 1]
          return abs(difference)
        }.sorted()
        let half = second.count / 2
        let middle = second.count % 2 == 1 ? second[half] : (second[half - 1] + second[half]) / 2
        #expect(SignalFilter.noiseDeviation(values) == 1.4826 * middle / 6.0.squareRoot())
      }
    }
  }

  /// The Hampel filter removes tracking spikes from a noisy movement and nothing else.
  @Test func outlierRejectionRemovesSpikesOnly() {
    var random = SeededRandom(seed: 9)
    var values = (0..<600).map { i in
      300 * sin(Double(i) / 60 * 2 * .pi / 3) + 1.5 * random.gaussian()
    }
    let spikes = [100, 250, 401]
    for i in spikes { values[i] += 60 }
    let noise = SignalFilter.noiseDeviation(values)
    #expect(abs(noise - 1.5) < 0.3)
    let (clean, rejected) = SignalFilter.rejectOutliers(values, noise: noise)
    #expect(rejected.indices.filter { rejected[$0] } == spikes)
    #expect(spikes.allSatisfy { clean[$0].isNaN })
    // Beside a dropped frame a window is short and checked on its own: the same spikes go.
    for i in spikes { values[i + 2] = .nan }
    let (_, nearGaps) = SignalFilter.rejectOutliers(values, noise: noise)
    #expect(nearGaps.indices.filter { nearGaps[$0] } == spikes)
  }
}
