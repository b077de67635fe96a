import AuraDomain
import Foundation

/// Reads SmartWeights sensor rows: `workout_id,user_id,speed,velocity,angle,dateTime,xCoord,
/// yCoord,zCoord`. The coordinates are the dumbbell sensor's accelerometer axes (in the
/// manifest's `accel_unit`, g when it gives none, which the quality notes say); `dateTime` is
/// ISO 8601 or epoch seconds. The device has no gyroscope stream.
enum SmartWeightsReader {
  static func read(data: Data, path: String, reference: RecordingReference) throws -> ImuSeries {
    var notes: [String] = []
    if reference.accelUnit == nil {
      notes.append("accel_unit not given: SmartWeights coordinates read as g")
    }
    let scale = try ImuUnits.acceleration(reference.accelUnit ?? "g", path: path)
    let table = try CSVReader.readTable(data: data, path: path)
    let time = try table.column("dateTime")
    let axes = try ["xCoord", "yCoord", "zCoord"].map { try table.column($0) }
    var stream = ImuStream(times: [], lines: [], x: [], y: [], z: [])
    for row in table.rows {
      guard row.fields.count >= table.header.count else {
        throw DatasetProblem(
          path: path, line: row.line,
          reason: "truncated row: \(row.fields.count) fields, header has \(table.header.count)")
      }
      let stamp = row.fields[time]
      guard let seconds = ISODates.timestamp(stamp) ?? Double(stamp), seconds.isFinite else {
        throw DatasetProblem(
          path: path, line: row.line, reason: "column 'dateTime': '\(stamp)' is not a timestamp")
      }
      var values: [Double] = []
      for (axis, index) in zip(["xCoord", "yCoord", "zCoord"], axes) {
        guard let value = Double(row.fields[index]), value.isFinite else {
          throw DatasetProblem(
            path: path, line: row.line,
            reason: "column '\(axis)': '\(row.fields[index])' is not a finite number")
        }
        values.append(value * scale)
      }
      stream.times.append(seconds)
      stream.lines?.append(Int32(clamping: row.line))
      stream.x.append(values[0])
      stream.y.append(values[1])
      stream.z.append(values[2])
    }
    let start = stream.times.first ?? 0
    stream.times = stream.times.map { $0 - start }
    return try ImuAssembler(
      path: path, format: "smartweights", placement: reference.placement ?? .dumbbell
    ).assemble(accel: stream, gyro: nil, notes: notes)
  }
}
