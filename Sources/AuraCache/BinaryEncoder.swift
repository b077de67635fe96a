import Foundation

/// A compact binary form of `Codable` values, for cache entries, which a rerun reads back in
/// bulk: JSON's text is too slow to write and to parse for that. Every value is a kind byte
/// (`BinaryKind`) and its payload;
/// numbers are their 8 little-endian bytes, so a Double comes back bit for bit (NaN and
/// infinities included); strings, containers and nested values carry their byte length, so a
/// reader can skip what it does not ask for. A keyed container is a sequence of entries, each
/// the key's UTF-8 (one length byte) and a value.
///
/// Entries are only read by the code that wrote them (a cache key names the code's version),
/// but a reader still checks every key and kind: a mismatch is a `DecodingError`, which the
/// cache reads as a miss.
struct BinaryEncoder {
  /// `value` in binary form.
  func encode<T: Encodable>(_ value: T) throws -> Data {
    let sink = BinarySink()
    try sink.append(value, depth: 0)
    sink.close(deeperThan: -1)
    return Data(sink.bytes)
  }
}

/// What kind of payload follows a value's kind byte.
enum BinaryKind: UInt8 {
  case null = 0
  case bool, integer, double, string
  /// Containers and nested values: a 4-byte length, then the content.
  case nested
  /// `Data` and `[Double]`: a 4-byte length, then the raw bytes.
  case bytes, doubles
}

/// The bytes being written, and the lengths of nested values not yet known. A nested
/// container's length is known when its parent writes again (or the encoding ends): writing at
/// a depth closes every open value deeper than it.
final class BinarySink {
  var bytes: [UInt8] = []
  /// Open nested values: where each one's length goes, and its depth.
  private var open: [(offset: Int, depth: Int)] = []

  func byte(_ value: UInt8) { bytes.append(value) }

  func word(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  func string(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      length(utf8.count)
      bytes.append(contentsOf: utf8)
    }
  }

  func key(_ key: any CodingKey) throws {
    var name = key.stringValue
    try name.withUTF8 { utf8 in
      guard utf8.count <= Int(UInt8.max) else {
        throw EncodingError.invalidValue(
          key.stringValue, .init(codingPath: [key], debugDescription: "key longer than 255 bytes"))
      }
      bytes.append(UInt8(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  func length(_ count: Int) {
    withUnsafeBytes(of: UInt32(count).littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Starts a nested value at `depth`: its kind and a length to be filled in on closing.
  func openNested(depth: Int) {
    byte(BinaryKind.nested.rawValue)
    open.append((bytes.count, depth))
    length(0)
  }

  /// Fills in the lengths of the open nested values deeper than `depth`.
  func close(deeperThan depth: Int) {
    while let last = open.last, last.depth > depth {
      open.removeLast()
      let count = UInt32(bytes.count - last.offset - 4).littleEndian
      withUnsafeBytes(of: count) { raw in
        for index in 0..<4 { bytes[last.offset + index] = raw[index] }
      }
    }
  }

  /// Writes `value` as written from a container at `depth`. Types are told apart by their
  /// metatypes (a pointer comparison; a dynamic cast costs more than the write).
  func append<T: Encodable>(_ value: T, depth: Int) throws {
    close(deeperThan: depth)
    if T.self == Double.self {
      byte(BinaryKind.double.rawValue)
      word(unsafeBitCast(value, to: Double.self).bitPattern)
    } else if T.self == String.self {
      byte(BinaryKind.string.rawValue)
      string(unsafeBitCast(value, to: String.self))
    } else if T.self == Int.self {
      byte(BinaryKind.integer.rawValue)
      word(UInt64(bitPattern: Int64(unsafeBitCast(value, to: Int.self))))
    } else if T.self == Bool.self {
      byte(BinaryKind.bool.rawValue)
      byte(unsafeBitCast(value, to: Bool.self) ? 1 : 0)
    } else if T.self == [Double].self {
      let values = unsafeBitCast(value, to: [Double].self)
      byte(BinaryKind.doubles.rawValue)
      length(values.count * 8)
      for element in values { word(element.bitPattern) }
    } else if T.self == Data.self {
      let data = unsafeBitCast(value, to: Data.self)
      byte(BinaryKind.bytes.rawValue)
      length(data.count)
      bytes.append(contentsOf: data)
    } else {
      openNested(depth: depth + 1)
      try value.encode(to: BinaryValueEncoder(sink: self, depth: depth + 1))
      close(deeperThan: depth)
    }
  }

  func appendNil(depth: Int) {
    close(deeperThan: depth)
    byte(BinaryKind.null.rawValue)
  }

  func append(_ value: Bool, depth: Int) {
    close(deeperThan: depth)
    byte(BinaryKind.bool.rawValue)
    byte(value ? 1 : 0)
  }

  func append(integer value: Int64, depth: Int) {
    close(deeperThan: depth)
    byte(BinaryKind.integer.rawValue)
    word(UInt64(bitPattern: value))
  }

  func append(unsigned value: UInt64, depth: Int) throws {
    guard value <= UInt64(Int64.max) else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: "integer beyond Int64"))
    }
    append(integer: Int64(value), depth: depth)
  }
}

/// The encoder a value writes its content through, at a nesting depth.
struct BinaryValueEncoder: Encoder {
  let sink: BinarySink
  let depth: Int
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(BinaryKeyedEncoder<Key>(sink: sink, depth: depth))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    BinaryUnkeyedEncoder(sink: sink, depth: depth)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    BinaryUnkeyedEncoder(sink: sink, depth: depth)
  }
}

/// Entries: a key, then its value.
struct BinaryKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let sink: BinarySink
  let depth: Int
  var codingPath: [any CodingKey] { [] }

  private func key(_ key: Key) throws {
    sink.close(deeperThan: depth)
    try sink.key(key)
  }

  mutating func encodeNil(forKey key: Key) throws {
    try self.key(key)
    sink.appendNil(depth: depth)
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try self.key(key)
    sink.append(value, depth: depth)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    try self.key(key)
    try sink.append(value, depth: depth)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    try self.key(key)
    try sink.append(value, depth: depth)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    try self.key(key)
    try sink.append(Double(value), depth: depth)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    try self.key(key)
    sink.append(integer: Int64(value), depth: depth)
  }
  mutating func encode(_ value: Int8, forKey key: Key) throws {
    try self.key(key)
    sink.append(integer: Int64(value), depth: depth)
  }
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    try self.key(key)
    sink.append(integer: Int64(value), depth: depth)
  }
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    try self.key(key)
    sink.append(integer: Int64(value), depth: depth)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    try self.key(key)
    sink.append(integer: value, depth: depth)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    try self.key(key)
    try sink.append(unsigned: UInt64(value), depth: depth)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    try self.key(key)
    try sink.append(unsigned: UInt64(value), depth: depth)
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    try self.key(key)
    try sink.append(unsigned: UInt64(value), depth: depth)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    try self.key(key)
    try sink.append(unsigned: UInt64(value), depth: depth)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    try self.key(key)
    try sink.append(unsigned: value, depth: depth)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try self.key(key)
    try sink.append(value, depth: depth)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    // A key longer than 255 bytes cannot be reported from here; it is reported when the
    // reader finds no such key.
    try? self.key(key)
    sink.openNested(depth: depth + 1)
    return KeyedEncodingContainer(BinaryKeyedEncoder<NestedKey>(sink: sink, depth: depth + 1))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    try? self.key(key)
    sink.openNested(depth: depth + 1)
    return BinaryUnkeyedEncoder(sink: sink, depth: depth + 1)
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(forKey: Key(stringValue: "super")!)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    try? self.key(key)
    sink.openNested(depth: depth + 1)
    return BinaryValueEncoder(sink: sink, depth: depth + 1)
  }
}

/// Values one after another; a single value is the same with one.
struct BinaryUnkeyedEncoder: UnkeyedEncodingContainer, SingleValueEncodingContainer {
  let sink: BinarySink
  let depth: Int
  var codingPath: [any CodingKey] { [] }
  private(set) var count = 0

  init(sink: BinarySink, depth: Int) {
    self.sink = sink
    self.depth = depth
  }

  mutating func encodeNil() throws {
    count += 1
    sink.appendNil(depth: depth)
  }
  mutating func encode(_ value: Bool) throws {
    count += 1
    sink.append(value, depth: depth)
  }
  mutating func encode(_ value: String) throws {
    count += 1
    try sink.append(value, depth: depth)
  }
  mutating func encode(_ value: Double) throws {
    count += 1
    try sink.append(value, depth: depth)
  }
  mutating func encode(_ value: Float) throws {
    count += 1
    try sink.append(Double(value), depth: depth)
  }
  mutating func encode(_ value: Int) throws {
    count += 1
    sink.append(integer: Int64(value), depth: depth)
  }
  mutating func encode(_ value: Int8) throws {
    count += 1
    sink.append(integer: Int64(value), depth: depth)
  }
  mutating func encode(_ value: Int16) throws {
    count += 1
    sink.append(integer: Int64(value), depth: depth)
  }
  mutating func encode(_ value: Int32) throws {
    count += 1
    sink.append(integer: Int64(value), depth: depth)
  }
  mutating func encode(_ value: Int64) throws {
    count += 1
    sink.append(integer: value, depth: depth)
  }
  mutating func encode(_ value: UInt) throws {
    count += 1
    try sink.append(unsigned: UInt64(value), depth: depth)
  }
  mutating func encode(_ value: UInt8) throws {
    count += 1
    try sink.append(unsigned: UInt64(value), depth: depth)
  }
  mutating func encode(_ value: UInt16) throws {
    count += 1
    try sink.append(unsigned: UInt64(value), depth: depth)
  }
  mutating func encode(_ value: UInt32) throws {
    count += 1
    try sink.append(unsigned: UInt64(value), depth: depth)
  }
  mutating func encode(_ value: UInt64) throws {
    count += 1
    try sink.append(unsigned: value, depth: depth)
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    count += 1
    try sink.append(value, depth: depth)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    count += 1
    sink.close(deeperThan: depth)
    sink.openNested(depth: depth + 1)
    return KeyedEncodingContainer(BinaryKeyedEncoder<NestedKey>(sink: sink, depth: depth + 1))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    count += 1
    sink.close(deeperThan: depth)
    sink.openNested(depth: depth + 1)
    return BinaryUnkeyedEncoder(sink: sink, depth: depth + 1)
  }

  mutating func superEncoder() -> any Encoder {
    count += 1
    sink.close(deeperThan: depth)
    sink.openNested(depth: depth + 1)
    return BinaryValueEncoder(sink: sink, depth: depth + 1)
  }
}
