import Foundation

/// Number columns packed as little-endian bytes (base64 in a JSON cache entry): Foundation's
/// `JSONDecoder` spends about 0.2 µs on each element of a number array, and an athlete's
/// history holds tens of thousands.
enum PackedColumn {
  static func pack(_ values: [Double]) -> Data {
    pack(values.map { $0.bitPattern })
  }

  static func pack(_ values: [Int]) -> Data {
    pack(values.map { UInt64(bitPattern: Int64($0)) })
  }

  static func pack(_ values: [Bool]) -> Data {
    Data(values.map { $0 ? 1 : 0 })
  }

  static func doubles(_ data: Data) throws -> [Double] {
    try words(data).map(Double.init(bitPattern:))
  }

  static func ints(_ data: Data) throws -> [Int] {
    try words(data).map { Int(Int64(bitPattern: $0)) }
  }

  static func bools(_ data: Data) -> [Bool] {
    data.map { $0 != 0 }
  }

  private static func pack(_ words: [UInt64]) -> Data {
    words.map(\.littleEndian).withUnsafeBufferPointer { Data(buffer: $0) }
  }

  private static func words(_ data: Data) throws -> [UInt64] {
    guard data.count % 8 == 0 else { throw Corrupt() }
    return data.withUnsafeBytes { bytes in
      (0..<(data.count / 8)).map {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))
      }
    }
  }

  /// A packed column whose length is not a whole number of values.
  struct Corrupt: Error {}
}
