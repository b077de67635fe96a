import Foundation

/// `String(format: "%.Nf", value)`, byte for byte, without a format string: the generator
/// writes millions of samples, and parsing a format and boxing its arguments for each took
/// two thirds of its time. Written by hand: no mirrored package prints a fixed number of
/// decimals. A value whose decimal rounding the scaled product cannot settle (within an ulp
/// of a half, or too large) is handed to `String(format:)`, so the text is always printf's.
enum FixedPoint {
  private static let scales: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6]

  /// `value` with `decimals` (0 to 6) digits after the point, as `%.{decimals}f` prints it.
  static func text(_ value: Double, _ decimals: Int) -> String {
    var out = ""
    append(value, decimals, to: &out)
    return out
  }

  /// Appends `text(value, decimals)` to `out`.
  static func append(_ value: Double, _ decimals: Int, to out: inout String) {
    guard value.isFinite, (0...6).contains(decimals) else {
      out += String(format: "%.\(decimals)f", value)
      return
    }
    let scaled = abs(value) * scales[decimals]
    let whole = scaled.rounded(.down)
    let fraction = scaled - whole
    // The product is within half an ulp of the exact value: near a half, or past 2^50, the
    // exact decimal rounding is printf's to make.
    guard scaled < 0x1p50, abs(fraction - 0.5) > max(1e-9, scaled * 0x1p-50) else {
      out += String(format: "%.\(decimals)f", value)
      return
    }
    let units = UInt64(whole) + (fraction > 0.5 ? 1 : 0)
    // The digits right to left into a small buffer, then appended once (a text of at most 15
    // bytes is stored inline, without an allocation).
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
      var index = 24
      var rest = units
      var written = 0
      repeat {
        index -= 1
        buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        written += 1
        if written == decimals {
          index -= 1
          buffer[index] = UInt8(ascii: ".")
        }
      } while rest > 0 || written <= decimals
      if value.sign == .minus {
        index -= 1
        buffer[index] = UInt8(ascii: "-")
      }
      out += String(decoding: UnsafeBufferPointer(rebasing: buffer[index...]), as: UTF8.self)
    }
  }
}
