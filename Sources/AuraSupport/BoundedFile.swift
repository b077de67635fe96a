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
    var info = stat()
    guard stat(url.path, &info) == 0 else {
      throw Refused(description: "\(url.path): \(String(cString: strerror(errno)))")
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw Refused(description: "\(url.path) is not a regular file")
    }
    guard info.st_size <= maxBytes else {
      throw Refused(
        description:
          "\(url.path) is \(megabytes(Int(info.st_size))) MB, over the \(megabytes(maxBytes)) MB it may be"
      )
    }
    return try Data(contentsOf: url)
  }

  private static func megabytes(_ bytes: Int) -> String {
    bytes >= 10_000_000 ? String(bytes / 1_000_000) : String(format: "%.1f", Double(bytes) / 1e6)
  }
}
