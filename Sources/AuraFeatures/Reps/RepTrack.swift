import AuraDomain

/// The signals one exercise's reps are counted (height) and timed (timing) on.
struct RepTrack {
  var height: RepSegmenter.Signal
  var timing: RepSegmenter.Signal
  var order: PhaseOrder
  /// What set detection judges movement on, when not the height (see `SetDetector`).
  var activity: [Double]? = nil
}

/// The even time grid the signals are sampled on.
struct RepGrid {
  var times: [Double]
  var sampleRateHz: Double

  /// The sample at or after time `t`.
  func index(atOrAfter t: Double) -> Int {
    let raw = Int(((t - times[0]) * sampleRateHz).rounded(.up))
    return min(max(0, raw), times.count - 1)
  }
}
