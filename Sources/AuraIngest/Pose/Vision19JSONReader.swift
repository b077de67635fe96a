import AuraDomain
import Foundation

/// Reads Apple Vision pose JSON: `[{"t": 0.033, "joints": {"left_knee": [x, y, c], ...}}]`,
/// coordinates normalised 0..1 with the origin bottom-left. Errors name the JSON path.
enum Vision19JSONReader {
  static func read(
    data: Data, path: String, reference: RecordingReference, minimumConfidence: Double,
    joints: Set<Joint> = Set(Joint.allCases), parser: JSONDocumentParser = JSONDocumentParser()
  ) throws -> PoseSeries {
    let root = try parser.parse(data, path: path)
    guard root.isArray else {
      throw DatasetProblem(path: path, line: 0, reason: "$: expected an array of frames")
    }
    let frames = root.elements
    let frame = ImageFrame(
      width: reference.imageWidth, height: reference.imageHeight, normalised: true,
      originTopLeft: false)
    var raw = RawPose(times: [], lines: nil, tracks: [:])
    if let note = frame.note { raw.notes.append(note) }
    var tracks = [JointTrack](
      repeating: JointTrack(x: [], y: [], confidence: []), count: Joint.allCases.count)
    var seen = Set<Joint>()
    for (index, entry) in frames.enumerated() {
      guard let t = entry["t"]?.number else {
        throw DatasetProblem(path: path, line: 0, reason: "$[\(index)].t: missing or not a number")
      }
      guard let jointsObject = entry["joints"], jointsObject.isObject else {
        throw DatasetProblem(
          path: path, line: 0, reason: "$[\(index)].joints: missing or not an object")
      }
      raw.times.append(t)
      for (slot, joint) in Joint.allCases.enumerated() {
        var (x, y, confidence) = (Double.nan, Double.nan, 0.0)  // an absent joint
        if let point = jointsObject[joint.rawValue] {
          guard let numbers = point.numbers, numbers.count == 3,
            numbers.allSatisfy({ $0.isFinite })
          else {
            throw DatasetProblem(
              path: path, line: 0,
              reason: "$[\(index)].joints.\(joint.rawValue): expected [x, y, confidence] numbers")
          }
          (x, y, confidence) = (numbers[0], numbers[1], numbers[2])
          seen.insert(joint)
        }
        tracks[slot].x.append(frame.x(x))
        tracks[slot].y.append(frame.y(y))
        tracks[slot].confidence.append(confidence)
      }
    }
    guard !frames.isEmpty else { throw DatasetProblem(path: path, line: 0, reason: "no frames") }
    for (slot, joint) in Joint.allCases.enumerated() where seen.contains(joint) {
      raw.tracks[joint] = tracks[slot]
    }
    return try PoseAssembler(
      path: path, format: "vision19", space: .image, reference: reference,
      minimumConfidence: minimumConfidence, keep: joints
    ).assemble(consume raw)
  }
}
