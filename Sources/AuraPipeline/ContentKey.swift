import AuraDomain
import Crypto
import Foundation

/// Builds cache keys from content: every field is length-prefixed so ("ab","c") and ("a","bc")
/// never collide; nothing random, time- or environment-dependent goes in.
struct ContentKey {
  private var hasher = SHA256()

  init(stage: String, codeVersion: Int) {
    add("stage")
    add(stage)
    add("code")
    add(String(codeVersion))
  }

  mutating func add(_ text: String) { add(Data(text.utf8)) }

  mutating func add(_ data: Data) {
    var length = UInt64(data.count).littleEndian
    withUnsafeBytes(of: &length) { hasher.update(bufferPointer: $0) }
    hasher.update(data: data)
  }

  /// Adds only the declared parameters, canonically: sorted `key=value`, missing ones named.
  mutating func add(parameters: ParameterSet, keys: [String]) {
    add("parameters")
    add(String(keys.count))
    for (key, value) in parameters.restricted(to: keys) {
      add(key)
      add(value?.description ?? "<missing>")
    }
  }

  /// Hex digest.
  func finalize() -> String { hasher.finalize().map { String(format: "%02x", $0) }.joined() }

  /// Digest of every regular file in `folder` (names sorted; name and bytes of each).
  static func folderDigest(_ folder: URL) throws -> String {
    var key = ContentKey(stage: "folder", codeVersion: 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    for name in names where !name.hasPrefix(".") {
      let url = folder.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        continue
      }
      key.add(name)
      key.add(isDirectory.boolValue ? Data(try folderDigest(url).utf8) : try Data(contentsOf: url))
    }
    return key.finalize()
  }

  /// Digest of one file's bytes, or a marker when it is absent.
  static func fileDigest(_ url: URL) -> String {
    var key = ContentKey(stage: "file", codeVersion: 0)
    if let data = try? Data(contentsOf: url) { key.add(data) } else { key.add("<absent>") }
    return key.finalize()
  }
}
