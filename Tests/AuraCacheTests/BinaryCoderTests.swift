import Foundation
import Testing

@testable import AuraCache

/// The cache's binary form gives back exactly what was stored (every Double bit for bit), and
/// anything it cannot read for certain is an error, which the cache treats as a miss.
@Suite struct BinaryCoderTests {
  enum Source: Codable, Equatable {
    case pose(format: String, joints: Int)
    case imu(rateHz: Double?)
    case none
  }

  enum Side: String, Codable { case left, right }

  struct Sample: Codable, Equatable {
    var name: String
    var values: [Double]
    var optional: Double?
    var missing: Int?
    var flags: [Bool]
    var side: Side
    var sources: [Source]
    var nested: [[Int]]
    var bytes: Data
    var table: [String: Double]
    var last: Int8
  }

  static let sample = Sample(
    name: "s-17 ünïcode", values: [0.1, -0.0, 1e-310, .greatestFiniteMagnitude, 3],
    optional: 2.5, missing: nil, flags: [true, false], side: .right,
    sources: [.pose(format: "coco17", joints: 17), .imu(rateHz: nil), .none, .imu(rateHz: 100)],
    nested: [[1, 2], [], [-3]], bytes: Data([0, 255, 7]), table: ["a": 1, "b": -2], last: -5)

  @Test func aValueComesBackEqual() throws {
    let data = try BinaryEncoder().encode(Self.sample)
    #expect(try BinaryDecoder().decode(Sample.self, from: data) == Self.sample)
  }

  @Test func nanAndInfinitiesComeBackBitForBit() throws {
    let values = [Double.nan, -.infinity, .infinity, Double(bitPattern: 0x7FF8_0000_0000_0001)]
    let back = try BinaryDecoder().decode(
      [Double].self, from: BinaryEncoder().encode(values))
    #expect(back.map(\.bitPattern) == values.map(\.bitPattern))
    let optional: [Double?] = [.nan, nil, 1]
    let optionalBack = try BinaryDecoder().decode(
      [Double?].self, from: BinaryEncoder().encode(optional))
    #expect(optionalBack.map { $0?.bitPattern } == optional.map { $0?.bitPattern })
  }

  /// A reader that asks for keys in another order than they were written still finds them.
  struct Reordered: Decodable, Equatable {
    var last: Int8
    var name: String
    var optional: Double?
    var missing: Int?
  }

  @Test func keysAreFoundInAnyOrderAndAbsentOptionalsAreNil() throws {
    let data = try BinaryEncoder().encode(Self.sample)
    let reordered = try BinaryDecoder().decode(Reordered.self, from: data)
    #expect(reordered == Reordered(last: -5, name: Self.sample.name, optional: 2.5, missing: nil))
  }

  struct Renamed: Decodable { var title: String }
  struct Retyped: Decodable { var name: Double }
  struct Narrowed: Decodable {
    var nested: [[Int8]]
    var last: UInt8
  }

  @Test func aMissingKeyAWrongKindOrTruncatedBytesAreErrors() throws {
    let data = try BinaryEncoder().encode(Self.sample)
    #expect(throws: DecodingError.self) { try BinaryDecoder().decode(Renamed.self, from: data) }
    #expect(throws: DecodingError.self) { try BinaryDecoder().decode(Retyped.self, from: data) }
    // -5 does not fit a UInt8.
    #expect(throws: DecodingError.self) { try BinaryDecoder().decode(Narrowed.self, from: data) }
    for cut in [1, 7, data.count / 2, data.count - 1] {
      #expect(throws: DecodingError.self) {
        try BinaryDecoder().decode(Sample.self, from: data.prefix(cut))
      }
    }
    #expect(throws: DecodingError.self) {
      try BinaryDecoder().decode(Sample.self, from: data + Data([0]))
    }
  }
}
