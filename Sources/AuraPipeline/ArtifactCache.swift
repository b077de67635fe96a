import Foundation

/// Per-stage intermediates on disk under their content key: `<root>/<stage>/<k0k1>/<key>.entry`.
/// An entry is the key's fields (`label<TAB>value` lines, so that a later run can say what
/// changed), a blank line, then the result as JSON: one file per entry, as creating files is a
/// large share of a cold run. Writes go to a temporary file first and are renamed into place,
/// so a killed run never leaves a half-written entry.
struct ArtifactCache: Sendable {
  let root: URL
  private static let separator = Data("\n\n".utf8)

  func url(stage: String, key: String) -> URL {
    root.appendingPathComponent(stage).appendingPathComponent(String(key.prefix(2)))
      .appendingPathComponent(key + ".entry")
  }

  func load<T: Decodable>(_ type: T.Type, stage: String, key: String) -> T? {
    guard let data = try? Data(contentsOf: url(stage: stage, key: key)),
      let split = data.firstRange(of: Self.separator)
    else { return nil }
    return try? Self.decoder().decode(type, from: data[split.upperBound...])
  }

  /// Stores `value` under `key`, with the key's fields.
  func store<T: Encodable>(_ value: T, stage: String, key: String, fields: ContentKey) throws {
    let target = url(stage: stage, key: key)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    var data = Data(fields.serialized.utf8)
    data.append(Self.separator.last!)
    data.append(try Self.encoder().encode(value))
    try AtomicFile.write(data, to: target)
  }

  /// Whether a result is stored under `key`.
  func contains(stage: String, key: String) -> Bool {
    FileManager.default.fileExists(atPath: url(stage: stage, key: key).path)
  }

  /// The fields of the key a result was stored under, if it is still there.
  func fields(stage: String, key: String) -> [ContentKey.Field]? {
    guard let data = try? Data(contentsOf: url(stage: stage, key: key)),
      let split = data.firstRange(of: Self.separator)
    else { return nil }
    return ContentKey.fields(from: String(decoding: data[..<split.lowerBound], as: UTF8.self))
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
