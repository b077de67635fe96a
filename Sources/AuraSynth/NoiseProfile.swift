/// How noisy the generated recordings are.
package enum NoiseProfile: String, Sendable, CaseIterable {
  case low, high

  /// Standard deviation of keypoint noise in pixels.
  var pixelSigma: Double { self == .low ? 1.5 : 5.0 }
  /// Probability per joint and frame that a dropout (low-confidence run) starts.
  var dropoutChance: Double { self == .low ? 0.002 : 0.01 }
  /// Accelerometer white noise, in g.
  var accelNoiseG: Double { self == .low ? 0.01 : 0.03 }
  /// Accelerometer bias magnitude per axis, in g.
  var accelBiasG: Double { self == .low ? 0.005 : 0.015 }
  /// Gyroscope white noise, deg/s.
  var gyroNoiseDps: Double { self == .low ? 0.2 : 0.8 }
  /// Jitter of frame timestamps, seconds.
  var timestampJitter: Double { self == .low ? 0.0 : 0.002 }
}
