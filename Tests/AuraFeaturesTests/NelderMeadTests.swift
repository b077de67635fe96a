import Testing

@testable import AuraFeatures

/// The simplex search a rep fit runs for every rep.
@Suite struct NelderMeadTests {
  /// A narrow, tilted valley (Rosenbrock's function), minimum at (1, 1), from the textbook
  /// start (−1.2, 1).
  @Test func findsTheBottomOfRosenbrocksValley() {
    var evaluations = 0
    let best = NelderMead.minimize(
      { p in
        evaluations += 1
        return 100 * (p[1] - p[0] * p[0]) * (p[1] - p[0] * p[0]) + (1 - p[0]) * (1 - p[0])
      }, from: [-1.2, 1], step: 0.1, tolerance: 1e-6)
    #expect(abs(best[0] - 1) < 1e-4)
    #expect(abs(best[1] - 1) < 1e-4)
    #expect(evaluations < 400)
  }
}
