import AuraDomain
import Foundation

/// Reads an OpenPose output folder: one `*_keypoints.json` (or `*.json`) per frame with
/// `people[].pose_keypoints_2d` (or the old `pose_keypoints`) as x, y, confidence triples in
/// pixels, origin top-left, zeros for a missing point. Frames are ordered by the number in their
/// file name and timed by the manifest's fps (the files carry no timestamps). With several
/// people in a frame, one person is followed: the most confident in the first frame, then the
/// one nearest to where that person was.
enum OpenPoseFolderReader {
  static func read(
    folder: URL, path: String, reference: RecordingReference, minimumConfidence: Double,
    joints: Set<Joint> = Set(Joint.allCases)
  ) throws -> PoseSeries {
    guard let fps = reference.fps, fps > 0 else {
      throw DatasetProblem(
        path: path, line: 0,
        reason: "openpose frames carry no timestamps: the manifest must give fps")
    }
    let files = try frameFiles(in: folder, path: path)
    let parser = JSONDocumentParser()
    var frames: [(number: Int, people: [[Double]])] = []
    var keypointCount: Int? = nil
    for (name, number) in files {
      let filePath = "\(path)/\(name)"
      let data = try RecordingDispatcher.load(folder.appendingPathComponent(name), filePath)
      let root = try parser.parse(data, path: filePath)
      guard let people = root["people"], people.isArray else {
        throw DatasetProblem(path: filePath, line: 0, reason: "$.people: missing or not an array")
      }
      var poses: [[Double]] = []
      for (index, person) in people.elements.enumerated() {
        let location = "$.people[\(index)]"
        guard let values = (person["pose_keypoints_2d"] ?? person["pose_keypoints"])?.numbers
        else {
          throw DatasetProblem(
            path: filePath, line: 0,
            reason: "\(location).pose_keypoints_2d: missing or not an array")
        }
        if values.isEmpty { continue }
        guard values.count % 3 == 0, values.allSatisfy({ $0.isFinite }) else {
          throw DatasetProblem(
            path: filePath, line: 0,
            reason: "\(location).pose_keypoints_2d: expected numeric x, y, confidence triples")
        }
        if let expected = keypointCount, expected != values.count / 3 {
          throw DatasetProblem(
            path: filePath, line: 0,
            reason: "\(location): \(values.count / 3) keypoints, earlier frames have \(expected)")
        }
        keypointCount = values.count / 3
        poses.append(values)
      }
      frames.append((number, poses))
    }
    guard let keypointCount else {
      throw DatasetProblem(path: path, line: 0, reason: "no person in any frame")
    }
    let skeleton = try layout(
      keypointCount: keypointCount, declared: reference.skeleton, frames: frames.map(\.people),
      path: path)
    let tracked = PersonTracker.follow(frames.map(\.people), keypoints: keypointCount)
    let image = ImageFrame(
      width: reference.imageWidth, height: reference.imageHeight, normalised: false,
      originTopLeft: true)
    let first = frames[0].number
    var raw = RawPose(
      times: frames.map { Double($0.number - first) / fps }, lines: nil, tracks: [:],
      notes: ["keypoint layout \(skeleton.rawValue)"])
    if tracked.crowdedFrames > 0 {
      raw.notes.append(
        "\(tracked.crowdedFrames) frames had several people: followed one person across frames")
    }
    for (index, joint) in skeleton.joints.enumerated() {
      guard let joint else { continue }
      var track = JointTrack(x: [], y: [], confidence: [])
      for pose in tracked.poses {
        let c = pose.map { $0[3 * index + 2] } ?? 0
        let present = c > 0
        track.x.append(present ? image.x(pose![3 * index]) : .nan)
        track.y.append(present ? image.y(pose![3 * index + 1]) : .nan)
        track.confidence.append(c)
      }
      raw.tracks[joint] = track
    }
    return try PoseAssembler(
      path: path, format: "openpose", space: .image, reference: reference,
      minimumConfidence: minimumConfidence, keep: joints
    ).assemble(consume raw)
  }

  /// The folder's frame files with their frame numbers, in frame order.
  static func frameFiles(in folder: URL, path: String) throws -> [(name: String, number: Int)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
    guard !names.isEmpty else {
      throw DatasetProblem(path: path, line: 0, reason: "no per-frame .json files in the folder")
    }
    let numbered = try names.map { name -> (name: String, number: Int) in
      guard let number = frameNumber(name) else {
        throw DatasetProblem(
          path: "\(path)/\(name)", line: 0, reason: "no frame number in the file name")
      }
      return (name, number)
    }
    return numbered.sorted { ($0.number, $0.name) < ($1.number, $1.name) }
  }

  /// The last run of digits in a name such as `clip_000000000012_keypoints.json` or
  /// `cam01.0081.json`.
  static func frameNumber(_ name: String) -> Int? {
    var stem = Substring(name.dropLast(".json".count))
    if stem.hasSuffix("_keypoints") { stem = stem.dropLast("_keypoints".count) }
    let digits = stem.reversed().prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 15 else { return nil }
    return Int(String(digits.reversed()))
  }

  /// The keypoint layout: the manifest's `skeleton` when given, else from the count (18: COCO-18)
  /// and, for 25 points, from geometry: BODY_25B's points 1-2 are eyes beside the nose, BODY_25's
  /// are the neck and a shoulder.
  static func layout(keypointCount: Int, declared: String?, frames: [[[Double]]], path: String)
    throws -> Skeleton
  {
    if let declared {
      guard let skeleton = Skeleton(rawValue: declared.lowercased()),
        [.body25, .body25B, .coco18].contains(skeleton)
      else {
        throw DatasetProblem(
          path: path, line: 0, reason: "unknown skeleton '\(declared)' (body_25, body_25b, coco18)")
      }
      guard skeleton.keypoints.count == keypointCount else {
        throw DatasetProblem(
          path: path, line: 0,
          reason:
            "skeleton \(declared) has \(skeleton.keypoints.count) points, files have \(keypointCount)"
        )
      }
      return skeleton
    }
    switch keypointCount {
    case 18: return .coco18
    case 25:
      var ratios: [Double] = []
      for pose in frames.joined() {
        func point(_ i: Int) -> (Double, Double)? {
          pose[3 * i + 2] > 0 ? (pose[3 * i], pose[3 * i + 1]) : nil
        }
        guard let nose = point(0), let a = point(1), let b = point(2), let c = point(5),
          let d = point(6)
        else { continue }
        func distance(_ p: (Double, Double)) -> Double { hypot(p.0 - nose.0, p.1 - nose.1) }
        let far = distance(c) + distance(d)
        if far > 0 { ratios.append((distance(a) + distance(b)) / far) }
      }
      guard !ratios.isEmpty else { return .body25 }
      ratios.sort()
      return ratios[ratios.count / 2] < 0.4 ? .body25B : .body25
    default:
      throw DatasetProblem(
        path: path, line: 0,
        reason: "\(keypointCount) keypoints per person: not BODY_25, BODY_25B or COCO-18")
    }
  }
}

/// Follows one person through frames that may hold several, in any order.
enum PersonTracker {
  struct Result {
    /// The followed person's keypoint triples per frame (nil where nobody was seen).
    var poses: [[Double]?]
    var crowdedFrames: Int
  }

  static func follow(_ frames: [[[Double]]], keypoints: Int) -> Result {
    var last: [Double]? = nil
    var poses: [[Double]?] = []
    var crowded = 0
    for people in frames {
      if people.count > 1 { crowded += 1 }
      guard !people.isEmpty else {
        poses.append(nil)
        continue
      }
      let chosen: [Double]
      if let previous = last {
        chosen = people.min {
          distance($0, previous, keypoints) < distance($1, previous, keypoints)
        }!
      } else {
        chosen = people.max { confidence($0) < confidence($1) }!
      }
      var updated = last ?? chosen
      for k in 0..<keypoints where chosen[3 * k + 2] > 0 {
        updated[3 * k] = chosen[3 * k]
        updated[3 * k + 1] = chosen[3 * k + 1]
        updated[3 * k + 2] = chosen[3 * k + 2]
      }
      last = updated
      poses.append(chosen)
    }
    return Result(poses: poses, crowdedFrames: crowded)
  }

  private static func confidence(_ pose: [Double]) -> Double {
    stride(from: 2, to: pose.count, by: 3).reduce(0) { $0 + pose[$1] }
  }

  /// Mean distance over the points both poses see; infinite when they share none.
  private static func distance(_ a: [Double], _ b: [Double], _ keypoints: Int) -> Double {
    var total = 0.0
    var count = 0
    for k in 0..<keypoints where a[3 * k + 2] > 0 && b[3 * k + 2] > 0 {
      total += hypot(a[3 * k] - b[3 * k], a[3 * k + 1] - b[3 * k + 1])
      count += 1
    }
    return count == 0 ? .infinity : total / Double(count)
  }
}
