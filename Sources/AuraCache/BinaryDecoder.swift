import Foundation

/// Reads back what `BinaryEncoder` wrote. Keys are looked up where the reader is (the next
/// entry, as the writer wrote them in the order they are read), then anywhere in the
/// container; a missing key, a value of another kind or a truncated entry is a
/// `DecodingError`.
struct BinaryDecoder {
  func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    let source = BinarySource(bytes: [UInt8](data))
    var position = 0
    let value = try source.value(type, at: &position, end: source.bytes.count)
    guard position == source.bytes.count else { throw BinarySource.corrupt("trailing bytes") }
    return value
  }
}

/// The encoded bytes and the reads every container shares; each read checks its bounds.
final class BinarySource {
  let bytes: [UInt8]

  init(bytes: [UInt8]) { self.bytes = bytes }

  static func corrupt(_ reason: String) -> DecodingError {
    .dataCorrupted(.init(codingPath: [], debugDescription: "binary cache entry: \(reason)"))
  }

  private func require(_ count: Int, at position: Int, end: Int) throws {
    guard position >= 0, count >= 0, position + count <= end else {
      throw Self.corrupt("truncated at byte \(position)")
    }
  }

  func kind(at position: Int, end: Int) throws -> BinaryKind {
    try require(1, at: position, end: end)
    guard let kind = BinaryKind(rawValue: bytes[position]) else {
      throw Self.corrupt("unknown kind \(bytes[position]) at byte \(position)")
    }
    return kind
  }

  private func word(at position: Int) -> UInt64 {
    bytes.withUnsafeBytes {
      UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }
  }

  private func length(at position: inout Int, end: Int) throws -> Int {
    try require(4, at: position, end: end)
    let count = bytes.withUnsafeBytes {
      Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
    }
    position += 4
    try require(count, at: position, end: end)
    return count
  }

  /// Reads a kind byte, which must be `expected`.
  private func expect(_ expected: BinaryKind, at position: inout Int, end: Int) throws {
    let found = try kind(at: position, end: end)
    guard found == expected else {
      throw Self.corrupt("expected \(expected), found \(found) at byte \(position)")
    }
    position += 1
  }

  func double(at position: inout Int, end: Int) throws -> Double {
    try expect(.double, at: &position, end: end)
    try require(8, at: position, end: end)
    defer { position += 8 }
    return Double(bitPattern: word(at: position))
  }

  func integer(at position: inout Int, end: Int) throws -> Int64 {
    try expect(.integer, at: &position, end: end)
    try require(8, at: position, end: end)
    defer { position += 8 }
    return Int64(bitPattern: word(at: position))
  }

  /// An integer that must fit `T`.
  func integer<T: FixedWidthInteger>(_ type: T.Type, at position: inout Int, end: Int)
    throws -> T
  {
    let raw = try integer(at: &position, end: end)
    guard let value = T(exactly: raw) else { throw Self.corrupt("\(raw) does not fit \(T.self)") }
    return value
  }

  func bool(at position: inout Int, end: Int) throws -> Bool {
    try expect(.bool, at: &position, end: end)
    try require(1, at: position, end: end)
    defer { position += 1 }
    return bytes[position] != 0
  }

  func string(at position: inout Int, end: Int) throws -> String {
    try expect(.string, at: &position, end: end)
    let count = try length(at: &position, end: end)
    defer { position += count }
    return bytes.withUnsafeBufferPointer {
      String(
        decoding: UnsafeBufferPointer(rebasing: $0[position..<(position + count)]), as: UTF8.self)
    }
  }

  /// The range of a nested value's content.
  func nested(at position: inout Int, end: Int) throws -> Range<Int> {
    try expect(.nested, at: &position, end: end)
    let count = try length(at: &position, end: end)
    defer { position += count }
    return position..<(position + count)
  }

  /// Whether a null is at `position`; reads it if so.
  func null(at position: inout Int, end: Int) throws -> Bool {
    guard try kind(at: position, end: end) == .null else { return false }
    position += 1
    return true
  }

  /// A value of type `T`: the kinds `BinarySink` writes for its types, else a nested value
  /// that `T` reads itself.
  func value<T: Decodable>(_ type: T.Type, at position: inout Int, end: Int) throws -> T {
    if T.self == Double.self {
      return unsafeBitCast(try double(at: &position, end: end), to: T.self)
    } else if T.self == String.self {
      return unsafeBitCast(try string(at: &position, end: end), to: T.self)
    } else if T.self == Int.self {
      return unsafeBitCast(try integer(Int.self, at: &position, end: end), to: T.self)
    } else if T.self == Bool.self {
      return unsafeBitCast(try bool(at: &position, end: end), to: T.self)
    } else if T.self == [Double].self {
      try expect(.doubles, at: &position, end: end)
      let count = try length(at: &position, end: end)
      guard count % 8 == 0 else { throw Self.corrupt("a number list of \(count) bytes") }
      let start = position
      position += count
      let values = (0..<(count / 8)).map { Double(bitPattern: word(at: start + $0 * 8)) }
      return unsafeBitCast(values, to: T.self)
    } else if T.self == Data.self {
      try expect(.bytes, at: &position, end: end)
      let count = try length(at: &position, end: end)
      defer { position += count }
      return unsafeBitCast(Data(bytes[position..<(position + count)]), to: T.self)
    }
    let content = try nested(at: &position, end: end)
    return try T(from: BinaryValueDecoder(source: self, range: content))
  }

  /// The position after the value at `position`.
  func skip(at position: Int, end: Int) throws -> Int {
    var next = position + 1
    switch try kind(at: position, end: end) {
    case .null: break
    case .bool: next += 1
    case .integer, .double: next += 8
    case .string, .nested, .bytes, .doubles: next += try length(at: &next, end: end)
    }
    try require(0, at: next, end: end)
    return next
  }

  /// The key of the entry at `position` and where its value starts.
  func key(at position: Int, end: Int) throws -> (name: Range<Int>, value: Int) {
    try require(1, at: position, end: end)
    let count = Int(bytes[position])
    try require(count, at: position + 1, end: end)
    return (position + 1..<(position + 1 + count), position + 1 + count)
  }

  /// Whether the bytes in `name` spell `key`.
  func matches(_ name: Range<Int>, _ key: any CodingKey) -> Bool {
    var text = key.stringValue
    return text.withUTF8 { utf8 in
      guard utf8.count == name.count else { return false }
      return zip(utf8, bytes[name]).allSatisfy { $0 == $1 }
    }
  }
}

/// The decoder a value reads its content through: the bytes of one nested value.
struct BinaryValueDecoder: Decoder {
  let source: BinarySource
  let range: Range<Int>
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<
    Key
  > {
    KeyedDecodingContainer(BinaryKeyedDecoder<Key>(source: source, range: range))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    BinaryUnkeyedDecoder(source: source, range: range)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    BinaryUnkeyedDecoder(source: source, range: range)
  }
}

/// Values one after another; a single value is the first of them.
final class BinaryUnkeyedDecoder: UnkeyedDecodingContainer, SingleValueDecodingContainer {
  let source: BinarySource
  let end: Int
  private var cursor: Int
  var codingPath: [any CodingKey] { [] }
  var count: Int? { nil }
  private(set) var currentIndex = 0
  var isAtEnd: Bool { cursor >= end }

  init(source: BinarySource, range: Range<Int>) {
    self.source = source
    end = range.upperBound
    cursor = range.lowerBound
  }

  private func read<T>(_ read: (inout Int, Int) throws -> T) throws -> T {
    let value = try read(&cursor, end)
    currentIndex += 1
    return value
  }

  /// A null is read (and passed) when there is one; otherwise nothing moves, so that a
  /// single value (an optional's) can be read after asking.
  func decodeNil() -> Bool {
    guard (try? source.null(at: &cursor, end: end)) == true else { return false }
    currentIndex += 1
    return true
  }

  func decode(_ type: Bool.Type) throws -> Bool {
    try read { try source.bool(at: &$0, end: $1) }
  }
  func decode(_ type: String.Type) throws -> String {
    try read { try source.string(at: &$0, end: $1) }
  }
  func decode(_ type: Double.Type) throws -> Double {
    try read { try source.double(at: &$0, end: $1) }
  }
  func decode(_ type: Float.Type) throws -> Float {
    Float(try read { try source.double(at: &$0, end: $1) })
  }
  func decode(_ type: Int.Type) throws -> Int {
    try read { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: Int8.Type) throws -> Int8 {
    try read { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: Int16.Type) throws -> Int16 {
    try read { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: Int32.Type) throws -> Int32 {
    try read { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: Int64.Type) throws -> Int64 {
    try read { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: UInt.Type) throws -> UInt {
    try read { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: UInt8.Type) throws -> UInt8 {
    try read { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: UInt16.Type) throws -> UInt16 {
    try read { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: UInt32.Type) throws -> UInt32 {
    try read { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: UInt64.Type) throws -> UInt64 {
    try read { try source.integer(type, at: &$0, end: $1) }
  }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try read { try source.value(type, at: &$0, end: $1) }
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let content = try read { try source.nested(at: &$0, end: $1) }
    return KeyedDecodingContainer(BinaryKeyedDecoder<NestedKey>(source: source, range: content))
  }

  func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let content = try read { try source.nested(at: &$0, end: $1) }
    return BinaryUnkeyedDecoder(source: source, range: content)
  }

  func superDecoder() throws -> any Decoder {
    let content = try read { try source.nested(at: &$0, end: $1) }
    return BinaryValueDecoder(source: source, range: content)
  }
}
