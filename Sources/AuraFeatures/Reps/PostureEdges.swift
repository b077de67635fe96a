import AuraSupport

extension RepRhythm {
  /// How far beyond every other extreme of its side, as a share of the rep's swing, an extreme
  /// at either end of a found set lies where it is a change of posture (chosen on the tuning
  /// splits of the watch and muvr sets).
  static let postureEdgeShare = 0.75
  /// The extremes a side needs, its ends included, before its ends are judged: four besides
  /// them at least, or the spread of a rep's extremes is not known (a short set's end is then
  /// as likely one of its reps).
  static let postureEdgeSide = 6

  /// The rhythm without the extremes at either end of the set where the limb was held otherwise
  /// than through the reps: a wrist hanging before it reaches up to the bar, or lowered to put
  /// the weights down. A swing's extremes read about the moving mean look like a rep's there,
  /// but on `signal` as recorded such an end lies beyond every other extreme of its side by
  /// more than `postureEdgeShare` of the rep's swing (the median top less the median bottom,
  /// the ends left out). Nothing is left out where a side has fewer than `postureEdgeSide`
  /// extremes, or where the tops do not lie above the bottoms on `signal`.
  func withoutPostureEdges(on signal: [Double]) -> RepRhythm {
    guard tops.count >= Self.postureEdgeSide, bottoms.count >= Self.postureEdgeSide else {
      return self
    }
    var innerTops = tops.dropFirst().dropLast().map { signal[$0] }
    var innerBottoms = bottoms.dropFirst().dropLast().map { signal[$0] }
    let swing = OrderStatistic.median(&innerTops) - OrderStatistic.median(&innerBottoms)
    guard swing > 0 else { return self }
    func kept(_ extremes: [Int], beyond: (Double) -> Double) -> [Int] {
      var kept = extremes
      if beyond(signal[kept[kept.count - 1]]) > Self.postureEdgeShare * swing { kept.removeLast() }
      if beyond(signal[kept[0]]) > Self.postureEdgeShare * swing { kept.removeFirst() }
      return kept
    }
    let highest = innerTops.max()!
    let lowest = innerBottoms.min()!
    var result = self
    result.tops = kept(tops) { $0 - highest }
    result.bottoms = kept(bottoms) { lowest - $0 }
    return result
  }
}
