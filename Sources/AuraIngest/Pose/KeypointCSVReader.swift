import AuraDomain
import Foundation

/// Reads the column-per-coordinate pose CSVs: `vision19` (`<joint>_x,_y,_c`, normalised, origin
/// bottom-left), `mediapipe33` (`<landmark>_x,_y,_z,_visibility`, normalised, origin top-left)
/// and `coco17` (`<keypoint>_x,_y,_c`, pixels or normalised, origin top-left). Time comes from
/// `t` (seconds) or, failing that, from `frame` and the manifest's fps.
enum KeypointCSVReader {
  static func read(
    data: Data, path: String, skeleton: Skeleton, reference: RecordingReference,
    minimumConfidence: Double, joints: Set<Joint> = Set(Joint.allCases)
  ) throws -> PoseSeries {
    let confidenceSuffix = skeleton == .mediapipe33 ? "_visibility" : "_c"
    var layout: [(joint: Joint, first: Int)] = []
    var timeIsFrame = false
    var table = try NumericTable.read(data: data, path: path) { header in
      var selected: [Int] = []
      if let t = header.firstIndex(of: "t") {
        selected.append(t)
      } else if let frame = header.firstIndex(of: "frame") {
        guard reference.fps != nil else {
          throw DatasetProblem(
            path: path, line: 1, reason: "no 't' column and no fps in the manifest")
        }
        selected.append(frame)
        timeIsFrame = true
      } else {
        throw DatasetProblem(
          path: path, line: 1, reason: "missing required column 't' (or 'frame' with fps)")
      }
      // Columns of joints not asked for are skipped unparsed (a third of a vision19 file).
      var matched = false
      for (name, joint) in zip(skeleton.keypoints, skeleton.joints) {
        guard let joint,
          let x = header.firstIndex(of: name + "_x"), let y = header.firstIndex(of: name + "_y"),
          let c = header.firstIndex(of: name + confidenceSuffix)
        else { continue }
        matched = true
        guard joints.contains(joint) else { continue }
        layout.append((joint, selected.count))
        selected += [x, y, c]
      }
      guard matched else {
        throw DatasetProblem(
          path: path, line: 1,
          reason:
            "declared format \(skeleton.rawValue) does not match the header (no <joint>_x,_y,\(confidenceSuffix) columns)"
        )
      }
      return selected
    }
    let frame = ImageFrame(
      width: reference.imageWidth, height: reference.imageHeight,
      normalised: skeleton != .coco17 || looksNormalised(table, layout: layout),
      originTopLeft: skeleton != .vision19)
    var raw = RawPose(
      times: timeIsFrame ? table.values[0].map { $0 / reference.fps! } : table.values[0],
      lines: table.lines, tracks: [:])
    if let note = frame.note { raw.notes.append(note) }
    for (joint, first) in layout {
      // Each column is moved out of the table (no copy) and converted in place.
      var x = table.take(first)
      var y = table.take(first + 1)
      x.withUnsafeMutableBufferPointer { for i in $0.indices { $0[i] = frame.x($0[i]) } }
      y.withUnsafeMutableBufferPointer { for i in $0.indices { $0[i] = frame.y($0[i]) } }
      raw.tracks[joint] = JointTrack(x: x, y: y, confidence: table.take(first + 2))
    }
    return try PoseAssembler(
      path: path, format: skeleton.rawValue, space: .image, reference: reference,
      minimumConfidence: minimumConfidence, keep: joints
    ).assemble(consume raw)
  }

  /// COCO CSVs come in pixels or normalised units: all coordinates within 0...1 means normalised.
  private static func looksNormalised(_ table: NumericTable, layout: [(joint: Joint, first: Int)])
    -> Bool
  {
    layout.allSatisfy { _, first in
      !table.values[first].contains { $0 > 1.0001 }
        && !table.values[first + 1].contains { $0 > 1.0001 }
    }
  }
}
