import Foundation

/// Reads a whole file only where it is a regular file no larger than a cap: a FIFO or a device
/// would block or never end, and a file of gigabytes would be held whole in memory.
package enum BoundedFile {
  package struct Refused: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) { self.description = description }
  }

  /// The contents of `url`; throws `Refused` naming it where it is not a regular file or is
  /// larger than `maxBytes`, and the system's error where it cannot be read.
  package static func read(_ url: URL, maxBytes: Int) throws -> Data {
    if let problem = problem(url.path, maxBytes: maxBytes) {
      throw Refused(description: "\(url.path) \(problem)")
    }
    return try Data(contentsOf: url)
  }

  /// Why `path` cannot be read whole, without the path ("is not a regular file"); nil when
  /// it can.
  package static func problem(_ path: String, maxBytes: Int) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return "cannot be read (\(String(cString: strerror(errno))))"
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return "is not a regular file" }
    guard info.st_size <= maxBytes else {
      return "is \(megabytes(Int(info.st_size))) MB, over the \(megabytes(maxBytes)) MB it may be"
    }
    return nil
  }

  private static func megabytes(_ bytes: Int) -> String {
    bytes >= 10_000_000 ? String(bytes / 1_000_000) : String(format: "%.1f", Double(bytes) / 1e6)
  }
}
