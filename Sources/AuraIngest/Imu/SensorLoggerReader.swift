import AuraDomain
import Foundation

/// Reads a Sensor Logger export folder: `Accelerometer.csv` and `Gyroscope.csv` with
/// `time,seconds_elapsed,z,y,x` (`time` in epoch nanoseconds; m/s² and rad/s). As in the app,
/// `Accelerometer.csv` has gravity removed, so the specific force is `TotalAcceleration.csv`
/// when present, else `Accelerometer.csv` plus `Gravity.csv`. All files share the epoch clock.
enum SensorLoggerReader {
  static func read(folder: URL, path: String, reference: RecordingReference) throws -> ImuSeries {
    func file(_ name: String) throws -> ImuStream? {
      let url = folder.appendingPathComponent(name)
      guard FileManager.default.fileExists(atPath: url.path) else { return nil }
      return try readFile(
        data: RecordingDispatcher.load(url, "\(path)/\(name)"), path: "\(path)/\(name)")
    }
    guard let gyro = try file("Gyroscope.csv") else {
      throw DatasetProblem(path: path, line: 0, reason: "no Gyroscope.csv in the folder")
    }
    var notes: [String] = []
    var accel: ImuStream
    if let total = try file("TotalAcceleration.csv") {
      accel = total
      notes.append("specific force from TotalAcceleration.csv")
    } else {
      guard let user = try file("Accelerometer.csv") else {
        throw DatasetProblem(path: path, line: 0, reason: "no Accelerometer.csv in the folder")
      }
      guard let gravity = try file("Gravity.csv") else {
        throw DatasetProblem(
          path: path, line: 0,
          reason:
            "Accelerometer.csv has gravity removed: Gravity.csv or TotalAcceleration.csv is needed")
      }
      let aligned = ImuAssembler.resample(gravity, at: user.times)
      accel = user
      accel.x = zip(user.x, aligned.x).map(+)
      accel.y = zip(user.y, aligned.y).map(+)
      accel.z = zip(user.z, aligned.z).map(+)
      notes.append("specific force = Accelerometer.csv + Gravity.csv")
    }
    let start = min(accel.times.first ?? 0, gyro.times.first ?? 0)
    accel.times = accel.times.map { $0 - start }
    var shiftedGyro = gyro
    shiftedGyro.times = gyro.times.map { $0 - start }
    return try ImuAssembler(
      path: path, format: "sensorlogger", placement: reference.placement ?? .barbell
    ).assemble(accel: accel, gyro: shiftedGyro, notes: notes)
  }

  /// One Sensor Logger CSV: times in epoch seconds (from `time`, else `seconds_elapsed`), axes
  /// as written (already SI).
  static func readFile(data: Data, path: String) throws -> ImuStream {
    var timeIsEpoch = true
    var table = try NumericTable.read(data: data, path: path) { header in
      var selected: [Int] = []
      if let time = header.firstIndex(of: "time") {
        selected.append(time)
      } else if let elapsed = header.firstIndex(of: "seconds_elapsed") {
        selected.append(elapsed)
        timeIsEpoch = false
      } else {
        throw DatasetProblem(
          path: path, line: 1, reason: "missing required column 'time' (or 'seconds_elapsed')")
      }
      for axis in ["x", "y", "z"] {
        guard let index = header.firstIndex(of: axis) else {
          throw DatasetProblem(
            path: path, line: 1, reason: "missing required column '\(axis)' for format sensorlogger"
          )
        }
        selected.append(index)
      }
      return selected
    }
    var times = table.take(0)
    if timeIsEpoch { for i in times.indices { times[i] /= 1e9 } }  // nanoseconds
    return ImuStream(
      times: times, lines: table.lines, x: table.take(1), y: table.take(2), z: table.take(3))
  }
}
