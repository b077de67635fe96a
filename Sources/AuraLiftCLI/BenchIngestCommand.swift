import ArgumentParser
import AuraIngest
import Foundation

/// `auralift bench-ingest`: single-core parse throughput of one recording, for `make bench`.
struct BenchIngestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-ingest",
    abstract: "Parse one recording repeatedly on one core and print MB/s and frames/s.")

  @Argument(help: "Recording file or folder.") var path: String
  @Option(help: "pose, imu or health (an Apple Health export.xml).") var kind: String = "pose"
  @Option(help: "Declared format (detected when absent).") var format: String?
  @Option(help: "Frames per second, for formats without timestamps.") var fps: Double?
  @Option(help: "Repetitions; the best is reported.") var repeats: Int = 5

  func run() throws {
    let url = URL(fileURLWithPath: path)
    let reference = RecordingReference(
      kind: kind == "imu" ? .imu : .pose, path: url.lastPathComponent, format: format, fps: fps,
      imageWidth: 1080,
      imageHeight: 1920, accelUnit: "g", gyroUnit: "deg/s")
    let bytes = Self.size(of: url)
    var best = Double.infinity
    var frames = 0
    for _ in 0..<max(1, repeats) {
      let start = DispatchTime.now().uptimeNanoseconds
      if kind == "health" {
        frames = try AppleHealthReader.read(url: url, path: path, athleteId: "bench").days.count
      } else if kind == "pose" {
        frames = try RecordingReader.readPose(
          url: url, reference: reference, minimumConfidence: 0.3
        ).times.count
      } else {
        frames = try RecordingReader.readImu(url: url, reference: reference).times.count
      }
      best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    print(
      String(
        format: "%@ %.1f MB %d frames %.4f s %.1f MB/s %.0f frames/s, peak RSS %.0f MB",
        url.lastPathComponent, Double(bytes) / 1e6, frames, best, Double(bytes) / 1e6 / best,
        Double(frames) / best, ProcessMemory.peakResidentMegabytes))
  }

  /// Bytes of a file, or of every file in a folder.
  static func size(of url: URL) -> Int {
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
    let files =
      isFolder.boolValue
      ? ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).map {
        url.appendingPathComponent($0).path
      } : [url.path]
    return files.reduce(0) {
      $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0)
    }
  }
}
