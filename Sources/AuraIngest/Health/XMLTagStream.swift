import AuraDomain
import Foundation

/// Streams the start tags of a large XML file in fixed-size chunks, so memory stays flat
/// whatever the file's size. Comments, processing instructions, CDATA and a DOCTYPE with an
/// internal subset are skipped; entities in attribute values are decoded. Enough XML for
/// machine-written exports (Apple Health); not a validating parser.
struct XMLTagStream {
  /// One start (or empty-element) tag and the line it starts on. Attribute values are decoded
  /// only when asked for, so tags read for one attribute cost little.
  struct Tag {
    var name: String
    var line: Int
    fileprivate var bytes: ArraySlice<UInt8>
    fileprivate var attributes: [(key: Range<Int>, value: Range<Int>)]

    /// The decoded value of `attribute`, nil when the tag does not have it.
    subscript(attribute: String) -> String? {
      let key = attribute.utf8
      guard let found = attributes.first(where: { bytes[$0.key].elementsEqual(key) }) else {
        return nil
      }
      return XMLTagStream.decodingEntities(bytes[found.value])
    }
  }

  private let handle: FileHandle
  private let path: String
  private let chunkBytes: Int
  private var buffer: [UInt8] = []
  private var position = 0
  private var line = 1
  private var atEnd = false

  init(url: URL, path: String, chunkBytes: Int = 1 << 20) throws {
    guard let handle = try? FileHandle(forReadingFrom: url) else {
      throw DatasetProblem(path: path, line: 0, reason: "missing or unreadable")
    }
    self.handle = handle
    self.path = path
    self.chunkBytes = chunkBytes
  }

  /// The next start tag named in `wanted` (others are skipped), nil at the end of the file.
  mutating func next(wanted: Set<String>) throws -> Tag? {
    while true {
      guard let open = try find(UInt8(ascii: "<")) else { return nil }
      advance(to: open)
      guard let end = try markupEnd() else {
        throw DatasetProblem(path: path, line: line, reason: "unterminated markup at end of file")
      }
      let startLine = line
      let tag = parseTag(buffer[position..<end], wanted: wanted, line: startLine)
      advance(to: end)
      if let tag { return tag }
    }
  }

  /// The longest markup accepted: a bound on memory and on rescanning for hostile input.
  static let maximumMarkupBytes = 16 << 20

  /// Index of the next `byte` at or after the current position, reading more as needed.
  private mutating func find(_ byte: UInt8) throws -> Int? {
    var from = position
    while true {
      if let index = buffer[from...].firstIndex(of: byte) { return index }
      advance(to: buffer.count)  // text between tags: counted, then dropped
      guard try readMore() else { return nil }
      from = position
    }
  }

  /// One past the end of the markup that starts at `position` (`<`), reading more as needed.
  private mutating func markupEnd() throws -> Int? {
    while true {
      if buffer.count - position >= 9 || atEnd,
        let end = Self.markupEnd(in: buffer, from: position)
      {
        return end
      }
      guard buffer.count - position <= Self.maximumMarkupBytes else {
        throw DatasetProblem(path: path, line: line, reason: "markup longer than 16 MB")
      }
      guard try readMore() else { return Self.markupEnd(in: buffer, from: position) }
    }
  }

  /// Where the markup at `start` ends within `bytes`, or nil when it does not end there.
  private static func markupEnd(in bytes: [UInt8], from start: Int) -> Int? {
    func endOf(_ terminator: [UInt8], after offset: Int) -> Int? {
      var index = start + offset
      while index + terminator.count <= bytes.count {
        if bytes[index] == terminator[0],
          bytes[index..<(index + terminator.count)].elementsEqual(terminator)
        {
          return index + terminator.count
        }
        index += 1
      }
      return nil
    }
    let head = bytes[start..<min(bytes.count, start + 9)]
    if head.starts(with: Array("<!--".utf8)) { return endOf(Array("-->".utf8), after: 4) }
    if head.starts(with: Array("<![CDATA[".utf8)) { return endOf(Array("]]>".utf8), after: 9) }
    if head.starts(with: Array("<?".utf8)) { return endOf(Array("?>".utf8), after: 2) }
    // A tag or a declaration: ends at the first `>` outside quotes and outside `[...]`.
    var quote: UInt8? = nil
    var bracketDepth = 0
    var index = start + 1
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        bracketDepth += 1
      } else if byte == UInt8(ascii: "]") {
        bracketDepth -= 1
      } else if byte == UInt8(ascii: ">"), bracketDepth <= 0 {
        return index + 1
      }
      index += 1
    }
    return nil
  }

  /// The tag's name and attributes when it is a start tag named in `wanted`.
  private func parseTag(_ bytes: ArraySlice<UInt8>, wanted: Set<String>, line: Int) -> Tag? {
    var index = bytes.startIndex + 1
    let nameStart = index
    while index < bytes.endIndex, Self.isNameByte(bytes[index]) { index += 1 }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    guard wanted.contains(name) else { return nil }
    var attributes: [(key: Range<Int>, value: Range<Int>)] = []
    while index < bytes.endIndex {
      while index < bytes.endIndex, !Self.isNameByte(bytes[index]) { index += 1 }
      let keyStart = index
      while index < bytes.endIndex, Self.isNameByte(bytes[index]) { index += 1 }
      let key = keyStart..<index
      while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x3D { index += 1 }
      guard index < bytes.endIndex, bytes[index] == 0x22 || bytes[index] == 0x27 else { break }
      let quote = bytes[index]
      let valueStart = index + 1
      guard let valueEnd = bytes[valueStart...].firstIndex(of: quote) else { break }
      attributes.append((key, valueStart..<valueEnd))
      index = valueEnd + 1
    }
    return Tag(name: name, line: line, bytes: bytes, attributes: attributes)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || (byte >= 0x30 && byte <= 0x39)
      || byte == 0x5F || byte == 0x3A || byte == 0x2D || byte == 0x2E || byte >= 0x80
  }

  /// The text of an attribute value with the five named entities and character references
  /// (`&#39;`, `&#x27;`) decoded; anything else is kept as written.
  static func decodingEntities(_ bytes: ArraySlice<UInt8>) -> String {
    guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
    let named: [String: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
    var text = ""
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard bytes[index] == UInt8(ascii: "&"),
        let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";"))
      else {
        let next = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
        text += String(decoding: bytes[index..<next], as: UTF8.self)
        index = next
        continue
      }
      let entity = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
      if let replacement = named[entity] {
        text += replacement
      } else if entity.hasPrefix("#"),
        let code = entity.hasPrefix("#x")
          ? UInt32(entity.dropFirst(2), radix: 16) : UInt32(entity.dropFirst()),
        let scalar = Unicode.Scalar(code)
      {
        text.unicodeScalars.append(scalar)
      } else {
        text += "&" + entity + ";"
      }
      index = semicolon + 1
    }
    return text
  }

  /// Moves to `index`, counting the lines passed.
  private mutating func advance(to index: Int) {
    line += buffer[position..<index].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    position = index
  }

  /// Drops consumed bytes and appends the next chunk; false at the end of the file.
  private mutating func readMore() throws -> Bool {
    guard !atEnd else { return false }
    let chunk = try handle.read(upToCount: chunkBytes) ?? Data()
    if chunk.isEmpty {
      atEnd = true
      try? handle.close()
      return false
    }
    buffer.removeSubrange(0..<position)
    position = 0
    buffer.append(contentsOf: chunk)
    return true
  }
}
