import Foundation

/// A keyed container's entries, read mostly in the order they were written.
final class BinaryKeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let source: BinarySource
  let range: Range<Int>
  /// Where the next entry is expected.
  private var cursor: Int
  var codingPath: [any CodingKey] { [] }

  init(source: BinarySource, range: Range<Int>) {
    self.source = source
    self.range = range
    cursor = range.lowerBound
  }

  var allKeys: [Key] {
    var keys: [Key] = []
    var position = range.lowerBound
    while position < range.upperBound,
      let entry = try? source.key(at: position, end: range.upperBound),
      let next = try? source.skip(at: entry.value, end: range.upperBound)
    {
      let name = source.bytes.withUnsafeBufferPointer {
        String(decoding: UnsafeBufferPointer(rebasing: $0[entry.name]), as: UTF8.self)
      }
      if let key = Key(stringValue: name) { keys.append(key) }
      position = next
    }
    return keys
  }

  /// Where `key`'s value starts: at the cursor, or else anywhere in the container.
  private func locate(_ key: Key) throws -> Int? {
    let end = range.upperBound
    if cursor < end {
      let entry = try source.key(at: cursor, end: end)
      if source.matches(entry.name, key) { return entry.value }
    }
    var position = range.lowerBound
    while position < end {
      let entry = try source.key(at: position, end: end)
      if source.matches(entry.name, key) { return entry.value }
      position = try source.skip(at: entry.value, end: end)
    }
    return nil
  }

  /// Reads `key`'s value with `read`, and moves the cursor past it.
  private func read<T>(_ key: Key, _ read: (inout Int, Int) throws -> T) throws -> T {
    guard var position = try locate(key) else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: [], debugDescription: "no such key in the cache entry"))
    }
    let value = try read(&position, range.upperBound)
    cursor = position
    return value
  }

  func contains(_ key: Key) -> Bool { (try? locate(key)) != nil }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard var position = try locate(key), try source.null(at: &position, end: range.upperBound)
    else { return false }
    cursor = position
    return true
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try read(key) { try source.bool(at: &$0, end: $1) }
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try read(key) { try source.string(at: &$0, end: $1) }
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try read(key) { try source.double(at: &$0, end: $1) }
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try read(key) { try source.double(at: &$0, end: $1) })
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try read(key) { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try read(key) { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try read(key) { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try read(key) { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try read(key) { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try read(key) { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try read(key) { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try read(key) { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try read(key) { try source.integer(type, at: &$0, end: $1) }
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try read(key) { try source.integer(type, at: &$0, end: $1) }
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try read(key) { try source.value(type, at: &$0, end: $1) }
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    let content = try read(key) { try source.nested(at: &$0, end: $1) }
    return KeyedDecodingContainer(BinaryKeyedDecoder<NestedKey>(source: source, range: content))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let content = try read(key) { try source.nested(at: &$0, end: $1) }
    return BinaryUnkeyedDecoder(source: source, range: content)
  }

  func superDecoder() throws -> any Decoder {
    try superDecoder(forKey: Key(stringValue: "super")!)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    let content = try read(key) { try source.nested(at: &$0, end: $1) }
    return BinaryValueDecoder(source: source, range: content)
  }
}
