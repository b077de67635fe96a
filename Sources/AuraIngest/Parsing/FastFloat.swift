import Foundation

/// Decimal text to `Double` without allocation, correctly rounded: plain decimals
/// (`[+-]digits[.digits][e[+-]digits]`) whose significand fits 2^53 and whose power of ten is
/// within ±22 are computed exactly (Clinger's fast path); everything else goes to `strtod`.
enum FastFloat {
  private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

  /// Parses the number that spans `start..<end` exactly. Returns nil when the bytes are not a
  /// plain decimal number (the caller treats the field as invalid or hands it to a full parser).
  @inline(__always)
  static func parse(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Double? {
    var p = start
    var negative = false
    if p < end, p.pointee == UInt8(ascii: "-") || p.pointee == UInt8(ascii: "+") {
      negative = p.pointee == UInt8(ascii: "-")
      p += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    var sawDigit = false
    while p < end, p.pointee &- 48 < 10 {
      sawDigit = true
      if digits < 19 {
        mantissa = mantissa &* 10 &+ UInt64(p.pointee &- 48)
        if mantissa != 0 { digits += 1 }
      } else {
        exponent += 1
      }
      p += 1
    }
    if p < end, p.pointee == UInt8(ascii: ".") {
      p += 1
      while p < end, p.pointee &- 48 < 10 {
        sawDigit = true
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(p.pointee &- 48)
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        }
        p += 1
      }
    }
    guard sawDigit else { return nil }
    if p < end, p.pointee | 0x20 == UInt8(ascii: "e") {
      p += 1
      var exponentNegative = false
      if p < end, p.pointee == UInt8(ascii: "-") || p.pointee == UInt8(ascii: "+") {
        exponentNegative = p.pointee == UInt8(ascii: "-")
        p += 1
      }
      var value = 0
      var sawExponentDigit = false
      while p < end, p.pointee &- 48 < 10 {
        sawExponentDigit = true
        if value < 100_000 { value = value * 10 + Int(p.pointee &- 48) }
        p += 1
      }
      guard sawExponentDigit else { return nil }
      exponent += exponentNegative ? -value : value
    }
    guard p == end else { return nil }
    if digits < 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
      var value = Double(mantissa)
      if exponent < 0 {
        value /= powersOfTen[-exponent]
      } else {
        value *= powersOfTen[exponent]
      }
      return negative ? -value : value
    }
    return viaStrtod(start, end)
  }

  /// The slow, exact route for long significands and large exponents.
  private static func viaStrtod(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>)
    -> Double?
  {
    let count = end - start
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer in
      let base = buffer.baseAddress!
      UnsafeMutableRawPointer(base).copyMemory(from: start, byteCount: count)
      base[count] = 0
      var stop: UnsafeMutablePointer<CChar>? = nil
      let value = strtod(base, &stop)
      return stop == base + count ? value : nil
    }
  }
}
