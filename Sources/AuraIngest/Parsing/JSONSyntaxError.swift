import Foundation

/// Where JSON text first breaks the grammar (RFC 8259), as a line and column, for messages:
/// Foundation's decoder says only that the data is not valid JSON, and simdjson names the
/// error without its place. Written by hand because neither reports a position.
struct JSONSyntaxError: Error, Equatable {
  var line: Int
  var column: Int
  var reason: String

  /// The first syntax error in `data`; nil when it is well-formed JSON.
  static func find(in data: Data) -> JSONSyntaxError? {
    var scanner = Scanner(bytes: Array(data))
    do {
      scanner.skipSpace()
      try scanner.value(depth: 0)
      scanner.skipSpace()
      if scanner.index < scanner.bytes.count { throw scanner.error("text after the JSON value") }
      return nil
    } catch let error as JSONSyntaxError {
      return error
    } catch {
      return nil
    }
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
      self.bytes = bytes
      // A UTF-8 byte-order mark is allowed before the value.
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    func error(_ reason: String) -> JSONSyntaxError {
      var (line, column) = (1, 1)
      for byte in bytes[..<min(index, bytes.count)] {
        if byte == 0x0A {
          (line, column) = (line + 1, 1)
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
      while let byte = current, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws {
      skipSpace()
      guard current == byte else { throw error("expected \(what)") }
      index += 1
    }

    mutating func value(depth: Int) throws {
      guard depth < 512 else { throw error("nested too deeply") }
      skipSpace()
      guard let byte = current else { throw error("expected a value, found the end") }
      switch byte {
      case UInt8(ascii: "{"):
        try members(closedBy: "}") { scanner in
          scanner.skipSpace()
          guard scanner.current == UInt8(ascii: "\"") else {
            throw scanner.error("expected a quoted key")
          }
          try scanner.string()
          try scanner.expect(UInt8(ascii: ":"), "':' after a key")
          try scanner.value(depth: depth + 1)
        }
      case UInt8(ascii: "["):
        try members(closedBy: "]") { try $0.value(depth: depth + 1) }
      case UInt8(ascii: "\""): try string()
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
      default: throw error("expected a value")
      }
    }

    /// The members of an object or an array from its opening bracket on: none, or `member`s
    /// separated by commas, then `close`.
    mutating func members(
      closedBy close: Unicode.Scalar, _ member: (inout Scanner) throws -> Void
    ) throws {
      index += 1
      skipSpace()
      if current == UInt8(ascii: close) {
        index += 1
        return
      }
      while true {
        try member(&self)
        skipSpace()
        guard current == UInt8(ascii: ",") else {
          try expect(UInt8(ascii: close), "',' or '\(close)'")
          return
        }
        index += 1
      }
    }

    mutating func literal(_ word: String) throws {
      let expected = Array(word.utf8)
      guard bytes[index...].starts(with: expected) else { throw error("expected '\(word)'") }
      index += expected.count
    }

    mutating func string() throws {
      index += 1
      while let byte = current {
        if byte < 0x20 { throw error("a control character inside a string") }
        index += 1
        if byte == UInt8(ascii: "\"") { return }
        if byte == UInt8(ascii: "\\") {
          guard current != nil else { break }
          index += 1
        }
      }
      throw error("a string that does not end")
    }

    /// A number; one without a fraction or exponent must fit 64 bits, which is all a decoder
    /// can read it into (a 20-digit integer is otherwise only "malformed JSON", nowhere).
    mutating func number() throws {
      let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
      let start = index
      if current == UInt8(ascii: "-") { index += 1 }
      guard let first = current, digits.contains(first) else { throw error("expected a digit") }
      while let byte = current,
        digits.contains(byte) || [0x2E, 0x65, 0x45, 0x2B, 0x2D].contains(byte)
      {
        index += 1
      }
      let token = bytes[start..<index]
      if !token.contains(where: { [0x2E, 0x65, 0x45].contains($0) }),
        Int64(String(decoding: token, as: UTF8.self)) == nil
      {
        let end = index
        index = start
        let shown = String(decoding: token.prefix(24), as: UTF8.self)
        let failure = error(
          "the integer \(shown)\(token.count > 24 ? "…" : "") (\(token.count) characters) does not fit 64 bits"
        )
        index = end
        throw failure
      }
    }
  }
}
