import AuraSupport
import Foundation

/// Samples a recording lost without its timestamps showing it. A wearable streams its samples
/// in packets of a fixed size and may drop a packet when the link is busy (muvr's Pebble app
/// logs "dropped message" and sends the next). Where the app then numbers the samples it
/// received, or stamps them at its nominal rate, the time is gone without a gap: the signal
/// jumps at the edges of the lost packets, and reps made meanwhile are not in the recording.
/// Those edges lie a whole number of packets apart, which movement seldom keeps to the sample.
package struct LostPackets: Codable, Sendable, Equatable {
  /// Samples from one packet edge to the next.
  package var packetSamples: Int
  /// Edges, of those on that lattice within the recording, where the signal jumps.
  package var jumps: Int
  package var edges: Int

  /// What the signal shows, for notes and reasons.
  package var evidence: String {
    "its accelerometer jumps at \(jumps) of \(edges) points \(packetSamples) samples apart"
  }

  /// A step between two samples is a jump where it is this many times the median of its
  /// neighbours' non-zero steps: a held sample's zero steps say nothing of the signal's pace.
  static let jumpRatio = 4.0
  /// Steps each side whose median a step is compared with.
  static let neighbours = 5
  /// The packet sizes looked at, in samples.
  static let packetSizes = 8...512
  /// The expected number of lattices of chance jumps, over the lattices looked at (every
  /// packet size and offset, or a whole-packet recording's sizes), below which the jumps are
  /// taken for lost packets.
  static let chanceLattices = 0.01
  /// The same, where jumps fall on under half the lattice's edges.
  static let chanceLatticesOfFew = 1e-6

  /// The lost packets of a recording sampled as `x`, `y`, `z`; nil where its jumps keep to
  /// no packet lattice more often than chance would.
  ///
  /// Every packet size is tried at its likeliest offset. Where no lattice stands out from
  /// chance among those, and the recording is a whole number of packets of some sizes, the
  /// lattices of those sizes that start at its first sample are tried, held to the same bars:
  /// a device that streams packets writes whole ones, so the lattice is known up to its size,
  /// and far fewer are tried. A loss shown at 3 of 4 edges then stands out from chance, as it
  /// cannot among every offset.
  package static func find(x: [Double], y: [Double], z: [Double]) -> LostPackets? {
    let steps = (0..<max(0, x.count - 1)).map { i in
      let (dx, dy, dz) = (x[i + 1] - x[i], y[i + 1] - y[i], z[i + 1] - z[i])
      return (dx * dx + dy * dy + dz * dz).squareRoot()
    }
    var scratch: [Double] = []
    let jumps = steps.indices.filter { isJump(at: $0, in: steps, scratch: &scratch) }
    let count = steps.count
    let largest = min(Self.packetSizes.upperBound, count / 3)
    guard jumps.count >= 3, largest >= Self.packetSizes.lowerBound else { return nil }
    let sizes = Self.packetSizes.lowerBound...largest
    // A jump's chance of falling on any one lattice point.
    let share = Double(jumps.count) / Double(count)
    // The lattice's chance of holding so many jumps, times the lattices tried; nil where that
    // does not clear the bar.
    func candidate(size: Int, offset: Int, onLattice: Int, lattices: Double) -> Candidate? {
      guard onLattice >= 3 else { return nil }
      let edges = (count - 1 - offset) / size + 1
      // No more jumps on the lattice than its share: nothing to test.
      guard Double(onLattice) > share * Double(edges) else { return nil }
      let chance = lattices * binomialTail(trials: edges, atLeast: onLattice, p: share)
      // A set's reps jolt the sensor at their own pace, which may put a few jolts on one
      // lattice by chance; jumps on under half of its edges must be far past chance.
      let bar = 2 * onLattice >= edges ? Self.chanceLattices : Self.chanceLatticesOfFew
      guard chance < bar else { return nil }
      return (chance, LostPackets(packetSamples: size, jumps: onLattice, edges: edges))
    }
    let everyOffset = Double(sizes.reduce(0, +))
    let atAnyOffset = sizes.compactMap { size -> Candidate? in
      var onOffset = [Int](repeating: 0, count: size)
      for jump in jumps { onOffset[jump % size] += 1 }
      guard let offset = onOffset.indices.max(by: { onOffset[$0] < onOffset[$1] }) else {
        return nil
      }
      return candidate(
        size: size, offset: offset, onLattice: onOffset[offset], lattices: everyOffset)
    }
    if let best = atAnyOffset.min(by: { $0.chance < $1.chance }) { return best.found }
    // Sizes the recording is a whole number of; their edges are the steps after each packet's
    // last sample.
    let whole = sizes.filter { x.count % $0 == 0 }
    let fromTheStart = whole.compactMap { size in
      let onLattice = jumps.count { $0 % size == size - 1 }
      return candidate(
        size: size, offset: size - 1, onLattice: onLattice, lattices: Double(whole.count))
    }
    return fromTheStart.min { $0.chance < $1.chance }?.found
  }

  /// A lattice whose jumps clear the bar, with the expected number of chance lattices.
  private typealias Candidate = (chance: Double, found: LostPackets)

  /// Whether step `index` is many times what its neighbours' non-zero steps are.
  private static func isJump(at index: Int, in steps: [Double], scratch moving: inout [Double])
    -> Bool
  {
    guard steps[index] > 0 else { return false }
    let around = max(0, index - neighbours)..<min(steps.count, index + 1 + neighbours)
    // Most steps are no larger than their least neighbour times the ratio: no median needed.
    var least = Double.infinity
    for other in around where other != index && steps[other] > 0 {
      least = min(least, steps[other])
    }
    guard steps[index] > jumpRatio * least else { return false }
    moving.removeAll(keepingCapacity: true)
    for other in around where other != index && steps[other] > 0 {
      moving.append(steps[other])
    }
    guard moving.count >= 3 else { return false }
    return steps[index] > jumpRatio * OrderStatistic.median(&moving)
  }

  /// P(at least `atLeast` successes in `trials` with success probability `p`), summed in logs
  /// so that long recordings' many edges do not overflow.
  static func binomialTail(trials: Int, atLeast: Int, p: Double) -> Double {
    guard atLeast > 0 else { return 1 }
    guard atLeast <= trials, p > 0 else { return 0 }
    guard p < 1 else { return 1 }
    let n = Double(trials)
    let (logP, logQ) = (Foundation.log(p), Foundation.log1p(-p))
    var total = 0.0
    for k in atLeast...trials {
      let kk = Double(k)
      let ways: Double = lgamma(n + 1) - lgamma(kk + 1) - lgamma(n - kk + 1)
      let term = exp(ways + kk * logP + (n - kk) * logQ)
      total += term
      if kk > n * p, term < total * 1e-12 { break }
    }
    return min(1, total)
  }
}
