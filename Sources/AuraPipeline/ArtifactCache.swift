import Foundation

/// Per-stage intermediates on disk under their content key: `<root>/<stage>/<k0k1>/<key>.json`.
/// Writes go to a temporary file first and are renamed into place, so a killed run never
/// leaves a half-written entry.
struct ArtifactCache: Sendable {
  let root: URL

  func url(stage: String, key: String) -> URL {
    root.appendingPathComponent(stage).appendingPathComponent(String(key.prefix(2)))
      .appendingPathComponent(key + ".json")
  }

  func load<T: Decodable>(_ type: T.Type, stage: String, key: String) -> T? {
    guard let data = try? Data(contentsOf: url(stage: stage, key: key)) else { return nil }
    return try? Self.decoder().decode(type, from: data)
  }

  func store<T: Encodable>(_ value: T, stage: String, key: String) throws {
    let target = url(stage: stage, key: key)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try AtomicFile.write(try Self.encoder().encode(value), to: target)
  }

  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return encoder
  }

  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return decoder
  }
}

/// Write-aside-then-rename file writes.
enum AtomicFile {
  static func write(_ data: Data, to url: URL) throws {
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(
        ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    try data.write(to: temporary)
    if rename(temporary.path, url.path) != 0 {
      try? FileManager.default.removeItem(at: temporary)
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
  }
}
