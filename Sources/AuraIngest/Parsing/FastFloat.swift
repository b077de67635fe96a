import Foundation

/// Decimal text to `Double` without allocation, correctly rounded: plain decimals
/// (`[+-]digits[.digits][e[+-]digits]`) whose significand fits 2^53 and whose power of ten is
/// within ±22 are computed exactly (Clinger's fast path); everything else goes to `strtod`.
enum FastFloat {
  /// 10^k for 0 ≤ k ≤ 22, all exact in a Double.
  @inline(__always)
  private static func powerOfTen(_ k: Int) -> Double {
    switch k {
    case 0: return 1
    case 1: return 1e1
    case 2: return 1e2
    case 3: return 1e3
    case 4: return 1e4
    case 5: return 1e5
    case 6: return 1e6
    case 7: return 1e7
    case 8: return 1e8
    case 9: return 1e9
    case 10: return 1e10
    case 11: return 1e11
    case 12: return 1e12
    case 13: return 1e13
    case 14: return 1e14
    case 15: return 1e15
    case 16: return 1e16
    case 17: return 1e17
    case 18: return 1e18
    case 19: return 1e19
    case 20: return 1e20
    case 21: return 1e21
    default: return 1e22
    }
  }

  /// Parses the number that spans `start..<end` exactly. Returns nil when the bytes are not a
  /// plain decimal number (the caller treats the field as invalid or hands it to a full parser).
  @inline(__always)
  static func parse(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Double? {
    guard let (value, stop) = parsePrefix(start, end), stop == end else { return nil }
    return value
  }

  /// Parses the plain decimal number at the start of `start..<end` and returns it with where it
  /// stopped; nil when no number starts there.
  @inline(__always)
  static func parsePrefix(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> (
    Double, UnsafePointer<UInt8>
  )? {
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
    if digits < 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
      var value = Double(mantissa)
      if exponent < 0 {
        value /= powerOfTen(-exponent)
      } else {
        value *= powerOfTen(exponent)
      }
      return (negative ? -value : value, p)
    }
    return viaStrtod(start, p).map { ($0, p) }
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
