import Testing

@testable import AuraFeatures

/// The span a rep's fits and measures look at around it.
@Suite struct RepSurroundingsTests {
  static func rep(_ eccentric: ClosedRange<Double>, _ concentric: ClosedRange<Double>)
    -> RepSegmenter.Segment
  {
    RepSegmenter.Segment(eccentric: eccentric, concentric: concentric, samples: 0...1)
  }

  @Test func marginStopsHalfwayToTheNeighbours() {
    let reps = [Self.rep(1...2, 2...3), Self.rep(3.2...4, 4...5), Self.rep(7...8, 8...9)]
    let span = RepSegmenter.Segment.surroundings(of: 1, in: reps, margin: 0.4)
    #expect(abs(span.lower - 3.1) < 1e-12)
    #expect(abs(span.upper - 5.4) < 1e-12)
  }

  /// A fitted rep can reach past its neighbour's end; the neighbour's span is then the
  /// instant halfway to it, never inverted (an inverted span once stopped a whole run with a
  /// range trap when it became a range of samples).
  @Test func aNeighbourReachingPastTheRepLeavesAnInstant() {
    let reps = [Self.rep(1...2, 2...7), Self.rep(3...3.8, 3.8...4.5)]
    let span = RepSegmenter.Segment.surroundings(of: 1, in: reps, margin: 0.4)
    #expect(span.lower == 5)
    #expect(span.upper == 5)
  }
}
