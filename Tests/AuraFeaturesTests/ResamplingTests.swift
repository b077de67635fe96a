import Testing

@testable import AuraFeatures

/// Pose samples moved onto the uniform grid features are measured on.
@Suite struct ResamplingTests {
  /// Linear interpolation between the samples around each grid time; a grid time at or before
  /// the first sample takes that sample, one at the last sample takes it, one past it is NaN;
  /// NaN samples stay NaN where they are used.
  @Test func interpolatesBetweenTheSamplesAroundEachTime() {
    let source = [0.0, 0.1, 0.25, 0.3]
    let grid = [-0.05, 0.0, 0.05, 0.2, 0.3, 0.35]
    let resampling = PoseSignals.Resampling(from: source, to: grid)
    let out = resampling.apply([1, 2, 5, 7])
    #expect(out[0] == 1 && out[1] == 1)
    #expect(abs(out[2] - 1.5) < 1e-12)
    #expect(abs(out[3] - 4) < 1e-12)
    #expect(out[4] == 7)
    #expect(out[5].isNaN)
    // One plan serves every series with these times; a gap spreads to its neighbours only.
    let gappy = resampling.apply([1, .nan, 5, 7])
    #expect(gappy[1] == 1 && gappy[2].isNaN && gappy[3].isNaN && gappy[4] == 7)
    #expect(
      PoseSignals.resample([1, 2, 5, 7], from: source, to: grid).elementsEqual(out) {
        $0 == $1 || ($0.isNaN && $1.isNaN)
      })
  }
}
