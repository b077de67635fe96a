/// Dataset text (a name) as a page or a message shows it among other text: the marks that
/// steer the direction of what follows, and the invisible characters that make one name look
/// like another, are removed; a name with right-to-left letters is wrapped in a first-strong
/// isolate (U+2068 … U+2069), which browsers, mail clients and terminals honour, so that it can
/// never reorder the words around it. Any other name is returned as it is.
package enum DisplayText {
  /// Direction marks, embeddings, overrides and isolates (Unicode's bidi controls).
  static let bidiControls: Set<UInt32> = [
    0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068,
    0x2069,
  ]
  /// Zero-width space, word joiner, zero-width no-break space, Mongolian vowel separator and
  /// soft hyphen: invisible between letters. (Zero-width joiners stay: emoji and scripts
  /// need them.)
  static let invisible: Set<UInt32> = [0x200B, 0x2060, 0xFEFF, 0x180E, 0x00AD]

  package static func isolated(_ text: String) -> String {
    var changed = false
    var rightToLeft = false
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if bidiControls.contains(scalar.value) || invisible.contains(scalar.value)
        || scalar.properties.generalCategory == .control
      {
        changed = true
        continue
      }
      if isRightToLeft(scalar) { rightToLeft = true }
      scalars.append(scalar)
    }
    let clean = changed ? String(scalars) : text
    return rightToLeft ? "\u{2068}\(clean)\u{2069}" : clean
  }

  /// Whether `scalar` is in a block of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana,
  /// N'Ko, Samaritan, Mandaic, their presentation forms, and the historic ones beyond the BMP).
  static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x10800...0x10FFF,
      0x1E800...0x1EFFF:
      return true
    default:
      return false
    }
  }
}
