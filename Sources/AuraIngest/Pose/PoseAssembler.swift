import AuraDomain

/// What a pose reader produced before the common checks: one value per frame and joint, in
/// the canonical space (y up), NaN where the file had no value.
struct RawPose {
  var times: [Double]
  /// Line (CSV) of each frame for messages; nil where frames are files or array entries.
  var lines: [Int32]?
  var tracks: [Joint: JointTrack]
  var notes: [String] = []
}

/// Turns a reader's `RawPose` into a canonical `PoseSeries` of the joints it is to `keep`: checks
/// the time axis, drops repeated timestamps, blanks joints below the confidence threshold,
/// derives Vision's `neck` and `root` from the shoulders and hips where the format lacks them,
/// and measures quality.
struct PoseAssembler {
  var path: String
  var format: String
  var space: PoseSpace
  var reference: RecordingReference
  var minimumConfidence: Double
  /// The joints to keep (a reader may have skipped the others already).
  var keep: Set<Joint> = Set(Joint.allCases)

  func assemble(_ raw: consuming RawPose) throws -> PoseSeries {
    guard !raw.tracks.isEmpty else {
      throw DatasetProblem(path: path, line: 0, reason: "no known joints in the \(format) data")
    }
    let axis = try TimeAxis(times: raw.times, lines: raw.lines, path: path)
    let times = axis.duplicates == 0 ? raw.times : axis.kept.map { raw.times[$0] }
    let (rate, gaps) = try TimeAxis.rateAndGaps(times, path: path)
    var joints: [Joint: JointTrack] = [:]
    var missing = 0
    var remaining = raw.tracks.filter { keep.contains($0.key) }
    let trackCount = remaining.count
    raw.tracks = [:]  // each track is then held once and blanked in place
    for joint in Array(remaining.keys) {
      var track = remaining.removeValue(forKey: joint)!
      if axis.duplicates > 0 { track = Self.keeping(axis.kept, of: track) }
      joints[joint] = Self.blankingMissing(consume track, minimumConfidence, missing: &missing)
    }
    var notes = raw.notes
    for (derived, pair) in [
      (Joint.neck, (Joint.leftShoulder, Joint.rightShoulder)),
      (.root, (.leftHip, .rightHip)),
    ] where joints[derived] == nil && keep.contains(derived) {
      guard let a = joints[pair.0], let b = joints[pair.1] else { continue }
      joints[derived] = Self.midpoint(a, b)
      notes.append(
        "\(derived.rawValue) derived as the midpoint of \(pair.0.rawValue) and \(pair.1.rawValue)")
    }
    let samples = times.count
    return PoseSeries(
      times: times, joints: joints,
      pixelsPerMeter: space == .world ? 1 : reference.pixelsPerMeter, space: space,
      view: reference.view ?? "sagittal",
      quality: RecordingQuality(
        path: path, format: format, samples: samples, sampleRateHz: rate,
        duplicateTimestamps: axis.duplicates, gaps: gaps,
        missingFraction: Double(missing) / Double(max(1, samples * trackCount)),
        resampled: false, notes: notes))
  }

  /// The samples of `track` at `indices` (repeated timestamps dropped).
  static func keeping(_ indices: [Int], of track: JointTrack) -> JointTrack {
    JointTrack(
      x: indices.map { track.x[$0] }, y: indices.map { track.y[$0] },
      z: track.z.map { z in indices.map { z[$0] } },
      confidence: indices.map { track.confidence[$0] })
  }

  /// The track with NaN positions where the joint is missing or below the threshold, and
  /// confidence 0 where it was not finite; changed in place when uniquely held.
  static func blankingMissing(
    _ track: consuming JointTrack, _ threshold: Double, missing: inout Int
  )
    -> JointTrack
  {
    let hasZ = track.z != nil
    var z = track.z ?? []
    track.z = nil  // held once while blanked in place
    track.x.withUnsafeMutableBufferPointer { x in
      track.y.withUnsafeMutableBufferPointer { y in
        track.confidence.withUnsafeMutableBufferPointer { confidence in
          for index in x.indices {
            let c = confidence[index]
            if x[index].isFinite && y[index].isFinite && c.isFinite && c >= threshold { continue }
            missing += 1
            x[index] = .nan
            y[index] = .nan
            if hasZ { z[index] = .nan }
            if !c.isFinite { confidence[index] = 0 }
          }
        }
      }
    }
    if hasZ { track.z = z }
    return track
  }

  static func midpoint(_ a: JointTrack, _ b: JointTrack) -> JointTrack {
    JointTrack(
      x: zip(a.x, b.x).map { ($0 + $1) / 2 }, y: zip(a.y, b.y).map { ($0 + $1) / 2 },
      z: a.z.flatMap { az in b.z.map { bz in zip(az, bz).map { ($0 + $1) / 2 } } },
      confidence: zip(a.confidence, b.confidence).map { min($0, $1) })
  }
}

/// How a format's coordinates become canonical image coordinates (pixels, y up).
struct ImageFrame {
  var width: Double?
  var height: Double?
  var normalised: Bool
  var originTopLeft: Bool

  /// Canonical x for a file's x.
  @inline(__always) func x(_ value: Double) -> Double {
    normalised ? value * (width ?? 1) : value
  }

  /// Canonical (upward) y for a file's y.
  @inline(__always) func y(_ value: Double) -> Double {
    let pixels = normalised ? value * (height ?? 1) : value
    guard originTopLeft else { return pixels }
    return (normalised ? (height ?? 1) : (height ?? 0)) - pixels
  }

  /// A note for the quality record when the image size had to be assumed.
  var note: String? {
    normalised && (width == nil || height == nil)
      ? "image_width/image_height not in the manifest: normalised units kept (aspect ratio unknown)"
      : nil
  }
}
