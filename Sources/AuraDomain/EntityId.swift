/// The ids of athletes, coaches, sessions and exercises. They name files (reports, cache
/// partitions) and go into links, so they are restricted to what is safe in every file system
/// and URL as it is: 1 to 64 ASCII letters, digits, `.`, `_` and `-`, starting with a letter or
/// a digit. A row whose id is not one is set aside with its reason.
package enum EntityId {
  package static let maximumLength = 64

  /// Why `id` cannot be an id (for messages, with the id quoted in part); nil when it can.
  package static func problem(_ id: String) -> String? {
    let bytes = Array(id.utf8)
    guard !bytes.isEmpty else { return "is empty" }
    guard bytes.count <= maximumLength else {
      return "is \(bytes.count) bytes long (at most \(maximumLength))"
    }
    guard isAlphanumeric(bytes[0]) else { return "must start with a letter or a digit" }
    guard
      bytes.allSatisfy({
        isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
          || $0 == UInt8(ascii: "-")
      })
    else {
      return "may hold only ASCII letters, digits, '.', '_' and '-'"
    }
    return nil
  }

  /// `id` shortened and with control characters escaped, to quote it in a message.
  package static func quoted(_ id: String) -> String {
    let shown = id.unicodeScalars.prefix(40).map { scalar in
      scalar.properties.generalCategory == .control
        ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }.joined()
    return "'\(shown)\(id.unicodeScalars.count > 40 ? "…" : "")'"
  }

  /// An ASCII letter or digit.
  static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
