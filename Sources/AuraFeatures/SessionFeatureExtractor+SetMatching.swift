import AuraDomain
import AuraIngest

/// Which stretch of a recording each manifest set is: its own bounds where it gives them, else
/// the sets found in the recording, matched to the manifest's in order, or left unmatched
/// where which is which cannot be told.
extension SessionFeatureExtractor {
  /// Each manifest set that gives its bounds: its index, samples and seconds.
  static func boundedSets(_ manifestSets: [ManifestSet], grid: RepGrid) -> [(
    index: Int, range: Range<Int>, span: ClosedRange<Double>
  )] {
    manifestSets.enumerated().compactMap { index, set in
      guard let start = set.startSeconds, let end = set.endSeconds else { return nil }
      return (index, grid.index(atOrAfter: start)..<(grid.index(atOrAfter: end) + 1), start...end)
    }
  }

  /// The spans of each manifest set for an IMU on a limb (`LimbSetFinder`), their reps left to
  /// the rhythm: within its bounds where it has them, else the sets found in the rest of the
  /// recording, in order (the shortest dropped where there are too many); a recording of one
  /// set whole.
  func limbSegments(
    _ manifestSets: [ManifestSet], axes: [[Double]], grid: RepGrid, warnings: inout [String]
  ) -> [FoundSet?] {
    var result: [FoundSet?] = Array(repeating: nil, count: manifestSets.count)
    let bounds = Self.boundedSets(manifestSets, grid: grid)
    let bounded = bounds.map(\.span)
    for (index, range, _) in bounds { result[index] = ([], false, range, nil) }
    let unbounded = manifestSets.indices.filter { result[$0] == nil }
    if manifestSets.count == 1, unbounded == [0] {
      result[0] = ([], true, 0..<grid.times.count, nil)
      return result
    }
    guard !unbounded.isEmpty else { return result }
    var found = LimbSetFinder.sets(
      axes: axes, times: grid.times, sampleRateHz: grid.sampleRateHz,
      restSeconds: settings.setRestSeconds
    ).filter { set in
      let span = grid.times[set.span.lowerBound]...grid.times[set.span.upperBound - 1]
      return !bounded.contains { $0.overlaps(span) }
    }
    if found.count != unbounded.count {
      warnings.append(
        "found \(found.count) sets in the recording for \(unbounded.count) sets without bounds")
    }
    while found.count > unbounded.count {
      found.remove(at: found.indices.min { found[$0].span.count < found[$1].span.count }!)
    }
    for (index, set) in zip(unbounded, found) {
      result[index] = ([], true, set.span, set.active)
    }
    return result
  }

  /// Rep segments per manifest set: within its bounds where it has them, else the sets found
  /// in the rest of the recording (with the first set's exercise profile), in order. Sets the
  /// movement contradicts get a warning.
  func assignSegments(
    _ manifestSets: [ManifestSet], exercises: [ExerciseDefinition], tracks: [String: RepTrack],
    grid: RepGrid, warnings: inout [String], unmatched: inout [Int: String]
  ) -> [FoundSet?] {
    var result: [FoundSet?] = Array(repeating: nil, count: manifestSets.count)
    let bounds = Self.boundedSets(manifestSets, grid: grid)
    let bounded = bounds.map(\.span)
    for (index, range, _) in bounds {
      let set = manifestSets[index]
      let track = tracks[exercises[index].id]!
      let reps = segmenter.segment(
        height: track.height, timing: track.timing, times: grid.times, range: range,
        order: track.order)
      if reps.isEmpty { warnings.append("set \(set.setNumber): no rep found within its bounds") }
      result[index] = (reps, false, range, nil)
    }
    let first = tracks[exercises[0].id]!
    var candidates = SetDetector(segmenter: segmenter, restSeconds: settings.setRestSeconds)
      .detect(
        height: first.height, timing: first.timing, activity: first.activity, times: grid.times,
        sampleRateHz: grid.sampleRateHz, order: first.order, excluding: bounded)
    let unbounded = manifestSets.indices.filter { result[$0] == nil }
    if unbounded.isEmpty {
      for found in candidates {
        warnings.append(
          String(
            format: "movement of %d reps at %.1f–%.1f s lies outside every set's bounds",
            found.reps.count, found.times.lowerBound, found.times.upperBound))
      }
      return result
    }
    if candidates.count != unbounded.count {
      warnings.append(
        "found \(candidates.count) sets in the recording for \(unbounded.count) sets without bounds"
      )
    }
    // Too few: which set each one found is cannot be told (the one missed may be any), and a
    // set's numbers taken from another set's reps would be wrong. Every set without bounds
    // keeps what was logged, with the reason.
    if !candidates.isEmpty, candidates.count < unbounded.count {
      for index in unbounded {
        unmatched[index] = String(
          format: "%d sets were found in the recording for the %d logged without their times, "
            + "so which one this is cannot be told", candidates.count, unbounded.count)
      }
      return result
    }
    // Too many: drop the ones with the fewest reps (latest first), keeping recording order.
    while candidates.count > unbounded.count {
      let weakest = candidates.indices.reversed().min {
        candidates[$0].reps.count < candidates[$1].reps.count
      }!
      candidates.remove(at: weakest)
    }
    for (index, found) in zip(unbounded, candidates) {
      let track = tracks[exercises[index].id]!
      // Re-segment with the set's own exercise profile when it differs from the first set's.
      let reps =
        exercises[index].id == exercises[0].id
        ? found.reps
        : segmenter.segment(
          height: track.height, timing: track.timing, times: grid.times, range: found.samples,
          order: track.order)
      result[index] = (reps, true, found.samples, nil)
    }
    // A recording of one set: its count is checked over the whole recording, since a pause or
    // a faint stretch may split the set or hide it from the detector.
    if manifestSets.count == 1, unbounded == [0] {
      result[0] = (result[0]?.reps ?? [], true, 0..<grid.times.count, nil)
    }
    return result
  }
}
