import AuraDomain
import Foundation

/// Reads `generic` IMU CSV: `t,ax,ay,az[,gx,gy,gz][,mx,my,mz]`, converting the manifest's
/// `accel_unit` (g, m/s2) and `gyro_unit` (deg/s, rad/s) to m/s² and rad/s at the edge. The
/// gyroscope's three columns come together or not at all: many watches and bands record the
/// accelerometer alone.
enum GenericImuReader {
  static let accelColumns = ["t", "ax", "ay", "az"]
  static let gyroColumns = ["gx", "gy", "gz"]

  static func read(data: Data, path: String, reference: RecordingReference) throws -> ImuSeries {
    let accelScale = try ImuUnits.acceleration(reference.accelUnit, path: path)
    var hasGyro = false
    var table = try NumericTable.read(data: data, path: path) { header in
      let gyroFound = gyroColumns.filter(header.contains)
      hasGyro = !gyroFound.isEmpty
      let names = accelColumns + (hasGyro ? gyroColumns : [])
      return try names.map { name in
        guard let index = header.firstIndex(of: name) else {
          let together = gyroColumns.contains(name) ? " (gx, gy and gz come together)" : ""
          throw DatasetProblem(
            path: path, line: 1,
            reason: "missing required column '\(name)' for format generic\(together)")
        }
        return index
      }
    }
    let t = table.take(0)
    let accel = ImuStream(
      times: t, lines: table.lines, x: table.take(1, scaledBy: accelScale),
      y: table.take(2, scaledBy: accelScale), z: table.take(3, scaledBy: accelScale))
    var gyro: ImuStream? = nil
    if hasGyro {
      let gyroScale = try ImuUnits.angularRate(reference.gyroUnit, path: path)
      gyro = ImuStream(
        times: t, lines: table.lines, x: table.take(4, scaledBy: gyroScale),
        y: table.take(5, scaledBy: gyroScale), z: table.take(6, scaledBy: gyroScale))
    }
    return try ImuAssembler(
      path: path, format: "generic", placement: reference.placement ?? .barbell
    ).assemble(accel: accel, gyro: gyro)
  }
}
