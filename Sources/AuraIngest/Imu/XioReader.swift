import AuraDomain
import Foundation

/// Reads x-io style CSV: `Time (s),Gyroscope X (deg/s),...,Accelerometer X (g),...` with the
/// units taken from the header (magnetometer columns are ignored).
enum XioReader {
  static func read(data: Data, path: String, reference: RecordingReference) throws -> ImuSeries {
    var scales: [Double] = []
    let names = [
      "Time", "Accelerometer X", "Accelerometer Y", "Accelerometer Z", "Gyroscope X",
      "Gyroscope Y", "Gyroscope Z",
    ]
    var table = try NumericTable.read(data: data, path: path) { header in
      try names.enumerated().map { position, name in
        guard let (index, unit) = ImuUnits.column(name, in: header) else {
          throw DatasetProblem(
            path: path, line: 1, reason: "missing required column '\(name) (unit)' for format xio")
        }
        switch position {
        case 0:
          guard unit == nil || unit == "s" else {
            throw DatasetProblem(path: path, line: 1, reason: "time unit '\(unit!)' is not seconds")
          }
          scales.append(1)
        case 1...3:
          scales.append(try ImuUnits.acceleration(unit ?? reference.accelUnit, path: path))
        default: scales.append(try ImuUnits.angularRate(unit ?? reference.gyroUnit, path: path))
        }
        return index
      }
    }
    let c = (0..<7).map { table.take($0, scaledBy: scales[$0]) }
    return try ImuAssembler(path: path, format: "xio", placement: reference.placement ?? .barbell)
      .assemble(
        accel: ImuStream(times: c[0], lines: table.lines, x: c[1], y: c[2], z: c[3]),
        gyro: ImuStream(times: c[0], lines: table.lines, x: c[4], y: c[5], z: c[6]))
  }
}
