import Foundation

/// Writes an IMU recording (bar or wrist) in any IMU format of the dataset contract, as the devices and apps
/// that make them do (MetaWear at two rates in two files, Sensor Logger with gravity split out
/// and epoch-nanosecond clocks, SmartWeights with ISO timestamps and no gyroscope).
enum ImuFileWriter {
  static let formats = ["generic", "xio", "metawear", "sensorlogger", "smartweights"]

  /// Writes `imu` into `folder` and returns the manifest's recording entry. `startEpoch` is the
  /// recording's start in seconds since 1970.
  static func write(_ imu: ImuRecording, format: String, startEpoch: Double, to folder: URL) throws
    -> RecordingJSON
  {
    let g = 9.80665
    let file = imu.placement == "barbell" ? "bar.csv" : "\(imu.placement).csv"
    var entry = RecordingJSON(
      kind: "imu", path: file, format: format, placement: imu.placement, accelUnit: "g",
      gyroUnit: "deg/s")
    let rows = imu.times.indices
    switch format {
    case "generic":
      try table("t,ax,ay,az,gx,gy,gz", rows) { i in
        FixedPoint.text(imu.times[i], 4) + fields(imu.accelG[i], 4) + fields(imu.gyroDps[i], 2)
      }.write(to: folder.appendingPathComponent(file))
    case "xio":
      let header =
        "Time (s),Gyroscope X (deg/s),Gyroscope Y (deg/s),Gyroscope Z (deg/s),"
        + "Accelerometer X (g),Accelerometer Y (g),Accelerometer Z (g)"
      try table(header, rows) { i in
        FixedPoint.text(imu.times[i], 6) + fields(imu.gyroDps[i], 4) + fields(imu.accelG[i], 6)
      }.write(to: folder.appendingPathComponent(file))
    case "metawear":
      let directory = try recordingFolder("metawear", in: folder, entry: &entry)
      // The gyroscope runs at half the accelerometer's rate and starts one sample later.
      for (name, unit, step, offset, values) in [
        ("MetaWear_Session_Accelerometer.csv", "g", 1, 0, imu.accelG),
        ("MetaWear_Session_Gyroscope.csv", "deg/s", 2, 1, imu.gyroDps),
      ] {
        let header =
          "epoch (ms),time (-00:00),elapsed (s),x-axis (\(unit)),y-axis (\(unit)),z-axis (\(unit))"
        let first = imu.times[offset]
        try table(header, stride(from: offset, to: imu.times.count, by: step)) { i in
          FixedPoint.text(((startEpoch + imu.times[i]) * 1000).rounded(.down), 0) + ",T\(i),"
            + FixedPoint.text(imu.times[i] - first, 3) + fields(values[i], 4)
        }.write(to: directory.appendingPathComponent(name))
      }
    case "sensorlogger":
      let directory = try recordingFolder("sensorlogger", in: folder, entry: &entry)
      let gravity = imu.accelG.indices.map { i in
        (imu.gravityBySample.isEmpty ? imu.gravityG : imu.gravityBySample[i]).map { $0 * g }
      }
      for (name, values) in [
        ("Accelerometer.csv", zip(imu.accelG, gravity).map { zip($0, $1).map { $0 * g - $1 } }),
        ("Gravity.csv", gravity),
        ("Gyroscope.csv", imu.gyroDps.map { $0.map { $0 * Double.pi / 180 } }),
      ] {
        try table("time,seconds_elapsed,z,y,x", rows) { i in
          String(format: "%.0f,", ((startEpoch + imu.times[i]) * 1e9).rounded())
            + FixedPoint.text(imu.times[i], 6)
            + fields([values[i][2], values[i][1], values[i][0]], 6)
        }.write(to: directory.appendingPathComponent(name))
      }
    case "smartweights":
      entry.gyroUnit = nil
      let header = "workout_id,user_id,speed,velocity,angle,dateTime,xCoord,yCoord,zCoord"
      try table(header, rows) { i in
        "1,7,0,0,0,\(isoTimestamp(startEpoch + imu.times[i]))" + fields(imu.accelG[i], 4)
      }.write(to: folder.appendingPathComponent(file))
    default:
      throw CocoaError(
        .featureUnsupported, userInfo: [NSDebugDescriptionErrorKey: "IMU format \(format)"])
    }
    return entry
  }

  /// A CSV file: the header line, then one line per index.
  /// Creates the folder of a multi-file recording and points `entry` at it; the files name
  /// their units themselves.
  private static func recordingFolder(
    _ name: String, in folder: URL, entry: inout RecordingJSON
  ) throws -> URL {
    entry.path = name
    entry.accelUnit = nil
    entry.gyroUnit = nil
    let directory = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  private static func table<S: Sequence<Int>>(
    _ header: String, _ indices: S, _ line: (Int) -> String
  )
    -> Data
  {
    var out = header + "\n"
    for i in indices { out += line(i) + "\n" }
    return Data(out.utf8)
  }

  /// ",v1,v2,…", each with `decimals` digits after the point.
  private static func fields(_ values: [Double], _ decimals: Int) -> String {
    var out = ""
    for value in values {
      out += ","
      FixedPoint.append(value, decimals, to: &out)
    }
    return out
  }

  /// "2026-11-02T18:03:00.125Z" for epoch seconds.
  private static func isoTimestamp(_ epoch: Double) -> String {
    let milliseconds = Int((epoch * 1000).rounded())
    let seconds = milliseconds / 1000
    let date = Date(timeIntervalSince1970: Double(seconds))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", p.year!, p.month!, p.day!, p.hour!, p.minute!,
      p.second!, milliseconds % 1000)
  }
}
