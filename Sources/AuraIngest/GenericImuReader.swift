import AuraDomain
import Foundation

/// Reads `generic` IMU CSV: `t,ax,ay,az,gx,gy,gz[,mx,my,mz]`, converting the manifest's
/// `accel_unit` (g, m/s2) and `gyro_unit` (deg/s, rad/s) to m/s² and rad/s at the edge.
public enum GenericImuReader {
  /// Standard gravity in m/s² per g.
  public static let standardGravity = 9.80665

  public static func read(data: Data, path: String, reference: RecordingReference) throws
    -> ImuSeries
  {
    let accelScale = try accelerationScale(reference.accelUnit, path: path)
    let gyroScale = try angularRateScale(reference.gyroUnit, path: path)
    let names = ["t", "ax", "ay", "az", "gx", "gy", "gz"]
    var indices: [Int] = []
    var width = 0
    var values: [[Double]] = Array(repeating: [], count: 6)
    var timeBase = TimeBase(path: path)
    try CSVReader.forEachRow(in: data, path: path) { row in
      if indices.isEmpty {
        let header = (0..<row.count).map { row.string($0).trimmingCharacters(in: .whitespaces) }
        width = header.count
        for name in names {
          guard let index = header.firstIndex(of: name) else {
            throw DatasetProblem(
              path: path, line: row.line,
              reason: "missing required column '\(name)' for format generic")
          }
          indices.append(index)
        }
        return
      }
      try row.checkWidth(width, path: path)
      var sample = [Double](repeating: 0, count: 7)
      for (k, index) in indices.enumerated() {
        guard let value = try row.finiteNumber(index, column: names[k], path: path) else {
          throw DatasetProblem(path: path, line: row.line, reason: "column '\(names[k])' is empty")
        }
        sample[k] = value
      }
      guard try timeBase.accept(sample[0], line: row.line) else { return }
      for axis in 0..<3 { values[axis].append(sample[1 + axis] * accelScale) }
      for axis in 0..<3 { values[3 + axis].append(sample[4 + axis] * gyroScale) }
    }
    guard !indices.isEmpty else { throw DatasetProblem(path: path, line: 0, reason: "empty file") }
    let (rate, gaps) = try timeBase.rateAndGaps()
    return ImuSeries(
      times: timeBase.times, accelX: values[0], accelY: values[1], accelZ: values[2],
      gyroX: values[3],
      gyroY: values[4], gyroZ: values[5], placement: reference.placement ?? "barbell",
      quality: RecordingQuality(
        path: path, samples: timeBase.times.count, sampleRateHz: rate,
        duplicateTimestamps: timeBase.duplicates, gaps: gaps, missingFraction: 0))
  }

  static func accelerationScale(_ unit: String?, path: String) throws -> Double {
    switch unit?.lowercased() {
    case "g": return standardGravity
    case "m/s2", "m/s^2", "m/s²", "mps2": return 1
    case nil:
      throw DatasetProblem(path: path, line: 0, reason: "manifest gives no accel_unit (g or m/s2)")
    case let other?:
      throw DatasetProblem(path: path, line: 0, reason: "unknown accel_unit '\(other)'")
    }
  }

  static func angularRateScale(_ unit: String?, path: String) throws -> Double {
    switch unit?.lowercased() {
    case "deg/s", "dps", "°/s": return Double.pi / 180
    case "rad/s": return 1
    case nil:
      throw DatasetProblem(
        path: path, line: 0, reason: "manifest gives no gyro_unit (deg/s or rad/s)")
    case let other?:
      throw DatasetProblem(path: path, line: 0, reason: "unknown gyro_unit '\(other)'")
    }
  }
}
