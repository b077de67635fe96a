import AuraDomain
import Foundation

/// Reads Apple Vision body-pose CSV (`vision19`): `t` then `<joint>_x,<joint>_y,<joint>_c` per
/// joint, coordinates normalised 0..1 with the origin bottom-left.
public enum Vision19CSVReader {
  /// Parses `data` into pixel coordinates (y up) using the image size; joints whose confidence is
  /// below `minimumConfidence` become NaN. `fps` is used only when the file has no `t` column.
  public static func read(
    data: Data, path: String, reference: RecordingReference, minimumConfidence: Double
  ) throws -> PoseSeries {
    let width = reference.imageWidth ?? 1
    let height = reference.imageHeight ?? 1
    var header: [String] = []
    var timeColumn: Int? = nil
    var columns: [(joint: Joint, x: Int, y: Int, c: Int)] = []
    var xs: [[Double]] = []
    var ys: [[Double]] = []
    var cs: [[Double]] = []
    var timeBase = TimeBase(path: path)
    var rowIndex = 0
    var missing = 0

    try CSVReader.forEachRow(in: data, path: path) { row in
      if header.isEmpty {
        header = (0..<row.count).map { row.string($0).trimmingCharacters(in: .whitespaces) }
        timeColumn = header.firstIndex(of: "t")
        for joint in Joint.allCases {
          guard let x = header.firstIndex(of: joint.rawValue + "_x"),
            let y = header.firstIndex(of: joint.rawValue + "_y"),
            let c = header.firstIndex(of: joint.rawValue + "_c")
          else { continue }
          columns.append((joint, x, y, c))
        }
        guard !columns.isEmpty else {
          throw DatasetProblem(
            path: path, line: row.line,
            reason:
              "declared format vision19 does not match the header (no <joint>_x/_y/_c columns)")
        }
        guard timeColumn != nil || reference.fps != nil else {
          throw DatasetProblem(
            path: path, line: row.line, reason: "no 't' column and no fps in the manifest")
        }
        xs = Array(repeating: [], count: columns.count)
        ys = xs
        cs = xs
        return
      }
      try row.checkWidth(header.count, path: path)
      let t: Double
      if let timeColumn {
        guard let value = try row.finiteNumber(timeColumn, column: "t", path: path) else {
          throw DatasetProblem(path: path, line: row.line, reason: "column 't' is empty")
        }
        t = value
      } else {
        t = Double(rowIndex) / reference.fps!
      }
      rowIndex += 1
      guard try timeBase.accept(t, line: row.line) else { return }
      for (index, column) in columns.enumerated() {
        let name = column.joint.rawValue
        let x = try row.finiteNumber(column.x, column: name + "_x", path: path)
        let y = try row.finiteNumber(column.y, column: name + "_y", path: path)
        let c = try row.finiteNumber(column.c, column: name + "_c", path: path) ?? 0
        if let x, let y, c >= minimumConfidence {
          xs[index].append(x * width)
          ys[index].append(y * height)
        } else {
          xs[index].append(.nan)
          ys[index].append(.nan)
          missing += 1
        }
        cs[index].append(c)
      }
    }
    guard !header.isEmpty else { throw DatasetProblem(path: path, line: 0, reason: "empty file") }
    let (rate, gaps) = try timeBase.rateAndGaps()
    var joints: [Joint: JointTrack] = [:]
    for (index, column) in columns.enumerated() {
      joints[column.joint] = JointTrack(x: xs[index], y: ys[index], confidence: cs[index])
    }
    let samples = timeBase.times.count
    return PoseSeries(
      times: timeBase.times, joints: joints, pixelsPerMeter: reference.pixelsPerMeter,
      view: reference.view ?? "sagittal",
      quality: RecordingQuality(
        path: path, samples: samples, sampleRateHz: rate, duplicateTimestamps: timeBase.duplicates,
        gaps: gaps, missingFraction: Double(missing) / Double(max(1, samples * columns.count))))
  }
}
