import Foundation

/// Per-stage intermediates on disk under their content key: `<root>/<stage>/<k0k1>/<key>.json`
/// (and the key's fields in `<key>.fields`).
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

  /// Stores `value` under `key`, with the key's fields beside it (`<key>.fields`, written
  /// first) so that a later run can say what changed.
  func store<T: Encodable>(_ value: T, stage: String, key: String, fields: ContentKey) throws {
    let target = url(stage: stage, key: key)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try AtomicFile.write(Data(fields.serialized.utf8), to: fieldsURL(target))
    try AtomicFile.write(try Self.encoder().encode(value), to: target)
  }

  /// Whether a result is stored under `key`.
  func contains(stage: String, key: String) -> Bool {
    FileManager.default.fileExists(atPath: url(stage: stage, key: key).path)
  }

  /// The fields of the key a result was stored under, if they are still there.
  func fields(stage: String, key: String) -> [ContentKey.Field]? {
    guard
      let text = try? String(contentsOf: fieldsURL(url(stage: stage, key: key)), encoding: .utf8)
    else { return nil }
    return ContentKey.fields(from: text)
  }

  private func fieldsURL(_ entry: URL) -> URL {
    entry.deletingPathExtension().appendingPathExtension("fields")
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
