import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The largest input file read, a recording or a table (docs/input-bounds.md): hours of 60 Hz
/// pose fit in a fifth of it, and a larger file would need several times its size in memory.
enum FileSizeLimit {
  static let maxBytes: Int64 = 1_000_000_000

  /// "recording is 1.2 GB, over the 1 GB a recording may be" where the file at `url` is over
  /// `maxBytes` (`kind` names what it is); nil otherwise, or for a folder.
  static func problem(_ url: URL, kind: String) -> String? {
    // One `stat` (following links, as the read does): FileManager's attributes also look up
    // the owner's and group's names, reading /etc/passwd and /etc/group for every file.
    var info = stat()
    guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR,
      Int64(info.st_size) > maxBytes
    else { return nil }
    let sizes = String(
      format: "%.1f GB, over the %.0f GB", Double(info.st_size) / 1e9, Double(maxBytes) / 1e9)
    return "\(kind) is \(sizes) a \(kind) may be"
  }
}
