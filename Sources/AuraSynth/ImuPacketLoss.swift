extension ImuRecording {
  /// Samples a watch app streams a packet at a time (muvr's Pebble app sent 112 at 50 Hz).
  static let packetSamples = 112

  /// The recording as an app on a busy link keeps it: while it sends one packet the next is
  /// dropped, so every other packet is lost (muvr's recordings jump at 7 or 8 edges in 8),
  /// and the samples kept are numbered at the rate, as if none were lost (the app writes no
  /// time of its own). The set's time and its reps go with the lost packets, so no count from
  /// it can be right.
  func losingPackets() -> ImuRecording {
    var kept: [Int] = []
    for start in stride(from: 0, to: times.count, by: 2 * Self.packetSamples) {
      kept += start..<min(start + Self.packetSamples, times.count)
    }
    var lost = self
    lost.times = kept.indices.map { (times.first ?? 0) + Double($0) / rateHz }
    lost.accelG = kept.map { accelG[$0] }
    lost.gyroDps = gyroDps.isEmpty ? [] : kept.map { gyroDps[$0] }
    lost.gravityBySample = gravityBySample.isEmpty ? [] : kept.map { gravityBySample[$0] }
    return lost
  }
}
