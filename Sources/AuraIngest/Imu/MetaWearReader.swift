import AuraDomain
import Foundation

/// Reads MetaBase / MetaMotion exports: one CSV per sensor (`epoch (ms),time (...),elapsed (s),
/// x-axis (g),y-axis (g),z-axis (g)`, the gyroscope's in deg/s), usually at different rates.
/// The recording path is a folder holding them (or a single accelerometer file); files are told
/// apart by their axis unit, put on one clock by their epoch, then aligned by the assembler.
enum MetaWearReader {
  static func read(url: URL, path: String, reference: RecordingReference) throws -> ImuSeries {
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
    let files: [(url: URL, path: String)] =
      isFolder.boolValue
      ? try FileManager.default.contentsOfDirectory(atPath: url.path).filter {
        $0.lowercased().hasSuffix(".csv")
      }.sorted().map { (url.appendingPathComponent($0), "\(path)/\($0)") }
      : [(url, path)]
    var accel: (stream: SensorFile, scale: Double)? = nil
    var gyro: (stream: SensorFile, scale: Double)? = nil
    for file in files {
      let sensor = try SensorFile.read(url: file.url, path: file.path)
      if let scale = try? ImuUnits.acceleration(sensor.unit, path: file.path) {
        guard accel == nil else {
          throw DatasetProblem(path: file.path, line: 0, reason: "a second accelerometer file")
        }
        accel = (sensor, scale)
      } else if let scale = try? ImuUnits.angularRate(sensor.unit, path: file.path) {
        guard gyro == nil else {
          throw DatasetProblem(path: file.path, line: 0, reason: "a second gyroscope file")
        }
        gyro = (sensor, scale)
      } else {
        throw DatasetProblem(
          path: file.path, line: 1,
          reason: "axis unit '\(sensor.unit ?? "")' is neither g nor deg/s")
      }
    }
    guard let accel else {
      throw DatasetProblem(path: path, line: 0, reason: "no accelerometer file (x-axis (g))")
    }
    let start = min(accel.stream.epochStart ?? 0, gyro?.stream.epochStart ?? .infinity)
    return try ImuAssembler(
      path: path, format: "metawear", placement: reference.placement ?? .barbell
    )
    .assemble(
      accel: accel.stream.stream(scale: accel.scale, clockStart: start),
      gyro: gyro.map { $0.stream.stream(scale: $0.scale, clockStart: start) },
      notes: gyro == nil ? ["no gyroscope file"] : [])
  }

  /// One MetaBase sensor file.
  struct SensorFile {
    var table: NumericTable
    var unit: String?
    var epochColumn: Int?
    var elapsedColumn: Int?

    /// Epoch seconds of the first sample, when the file has `epoch (ms)`.
    var epochStart: Double? {
      epochColumn.flatMap { table.rowCount > 0 ? table.column($0)[0] / 1000 : nil }
    }

    static func read(url: URL, path: String) throws -> SensorFile {
      let data = try RecordingDispatcher.load(url, path)
      var unit: String? = nil
      var epoch: Int? = nil
      var elapsed: Int? = nil
      let table = try NumericTable.read(data: data, path: path) { header in
        var selected: [Int] = []
        for axis in ["x-axis", "y-axis", "z-axis"] {
          guard let (index, axisUnit) = ImuUnits.column(axis, in: header) else {
            throw DatasetProblem(
              path: path, line: 1,
              reason: "missing required column '\(axis) (unit)' for format metawear")
          }
          unit = axisUnit
          selected.append(index)
        }
        if let (index, _) = ImuUnits.column("epoch", in: header) {
          epoch = selected.count
          selected.append(index)
        }
        if let (index, _) = ImuUnits.column("elapsed", in: header) {
          elapsed = selected.count
          selected.append(index)
        }
        guard epoch != nil || elapsed != nil else {
          throw DatasetProblem(
            path: path, line: 1, reason: "no time column ('epoch (ms)' or 'elapsed (s)')")
        }
        return selected
      }
      return SensorFile(table: table, unit: unit, epochColumn: epoch, elapsedColumn: elapsed)
    }

    /// The samples in SI units on the shared clock (seconds since `clockStart` epoch seconds):
    /// the fine `elapsed` column, shifted by where this file's epoch starts.
    consuming func stream(scale: Double, clockStart: Double) -> ImuStream {
      let offset = epochStart.map { $0 - clockStart } ?? 0
      let times: [Double]
      if let elapsedColumn {
        let elapsed = table.column(elapsedColumn)
        times = elapsed.map { $0 - (elapsed.first ?? 0) + offset }
      } else {
        times = table.column(epochColumn!).map { $0 / 1000 - clockStart }
      }
      return ImuStream(
        times: times, lines: table.lines, x: table.take(0, scaledBy: scale),
        y: table.take(1, scaledBy: scale), z: table.take(2, scaledBy: scale))
    }
  }
}
