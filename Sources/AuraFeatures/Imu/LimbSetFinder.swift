import AuraDomain
import AuraSupport
import Foundation

/// Finds sets in the recording of an IMU worn on a limb, for manifests that give no set bounds.
/// A watch's height is not the load's, so neither the bar's set detector (the load moving more
/// than half a rep's travel) nor its rep segmenter applies: the forearm is active where one of
/// the accelerometer's axes swings, within a second, by more than a quarter of the largest
/// swings in the recording (a mark relative to the recording, not an absolute one). Active
/// stretches closer together than the rest between sets are one set; a stretch shorter than
/// two of the shortest reps is a gesture, not a set. The reps within are the rhythm's
/// (`RepCountCheck`).
enum LimbSetFinder {
  /// The share of the recording's large swings (95th percentile) that marks movement.
  static let activeShare = 0.25
  /// The shortest stretch that is a set, seconds.
  static let shortestSet = 1.0

  /// The sets in `axes` (the low-passed accelerometer axes on `times`), in recording order:
  /// the samples where the forearm was found active, and those padded by a second, where its
  /// rhythm is read (a rep's rest extreme may lie just outside the activity).
  static func sets(axes: [[Double]], times: [Double], sampleRateHz: Double, restSeconds: Double)
    -> [(active: Range<Int>, span: Range<Int>)]
  {
    guard let n = axes.first?.count, n > 1 else { return [] }
    let radius = max(1, Int((0.5 * sampleRateHz).rounded()))
    var swing = [Double](repeating: 0, count: n)
    for axis in axes {
      let (low, high) = SetDetector.slidingExtremes(axis, radius: radius)
      for i in 0..<n where high[i].isFinite && low[i].isFinite {
        swing[i] = max(swing[i], high[i] - low[i])
      }
    }
    var sorted = swing
    let mark = activeShare * OrderStatistic.select(&sorted, rank: Int(Double(n - 1) * 0.95))
    guard mark > 0 else { return [] }
    let stretches = SetDetector.stretches(
      swing.map { $0 > mark }, joinGap: Int(restSeconds * sampleRateHz))
    let pad = Int(sampleRateHz)
    return
      stretches
      .filter { times[$0.upperBound - 1] - times[$0.lowerBound] >= shortestSet }
      .map { ($0, max(0, $0.lowerBound - pad)..<min(n, $0.upperBound + pad)) }
  }
}
