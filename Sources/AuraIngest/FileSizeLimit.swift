import Foundation

/// The largest input file read, a recording or a table (docs/input-bounds.md): hours of 60 Hz
/// pose fit in a fifth of it, and a larger file would need several times its size in memory.
enum FileSizeLimit {
  static let maxBytes: Int64 = 1_000_000_000

  /// "recording is 1.2 GB, over the 1 GB a recording may be" where the file at `url` is over
  /// `maxBytes` (`kind` names what it is); nil otherwise, or for a folder.
  static func problem(_ url: URL, kind: String) -> String? {
    guard
      let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
      attributes[.type] as? FileAttributeType != .typeDirectory,
      let size = attributes[.size] as? NSNumber, size.int64Value > maxBytes
    else { return nil }
    let sizes = String(
      format: "%.1f GB, over the %.0f GB", size.doubleValue / 1e9, Double(maxBytes) / 1e9)
    return "\(kind) is \(sizes) a \(kind) may be"
  }
}
