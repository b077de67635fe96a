@preconcurrency import Crypto
import Foundation

/// SHA-256 over a sequence of strings, each hashed with its length in front, so ("ab", "c")
/// and ("a", "bc") never hash alike: what content keys and report digests are built from.
///
/// Sendable, its running `SHA256` trusted through `@preconcurrency import Crypto`: Crypto does
/// not mark it Sendable, but it is a copy-on-write value (its state is copied before a shared
/// one is updated), so copies on different threads never write to the same state. Everything
/// else in the type the compiler checks.
package struct FieldHasher: Sendable {
  private var hasher = SHA256()

  package init() {}

  /// Hashes `text` with its length in front.
  package mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var length = UInt64(bytes.count).littleEndian
      withUnsafeBytes(of: &length) { hasher.update(bufferPointer: $0) }
      hasher.update(bufferPointer: UnsafeRawBufferPointer(bytes))
    }
  }

  /// Lower-case hex SHA-256 of what was added (the hasher can go on being extended).
  package func hex() -> String { Self.hex(hasher.finalize()) }

  /// The SHA-256 of what was added, as bytes.
  package func digest() -> [UInt8] { Array(hasher.finalize()) }

  /// Lower-case hex SHA-256 of a byte string.
  package static func hex(of data: Data) -> String { hex(SHA256.hash(data: data)) }

  /// Lower-case hex of a digest's bytes, from a table: `String(format:)` per byte would
  /// dominate a run that finds nothing to do.
  package static func hex<Bytes: Sequence<UInt8>>(_ digest: Bytes) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64)
    for byte in digest {
      bytes.append(digits[Int(byte >> 4)])
      bytes.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
