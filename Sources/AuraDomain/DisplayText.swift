/// Dataset text (a name) as a page or a message shows it among other text: the marks that
/// steer the direction of what follows, and the invisible characters that make one name look
/// like another, are removed, and control characters become spaces; a name with right-to-left
/// letters is wrapped in a first-strong
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
    let clean = cleaned(text)
    return clean.unicodeScalars.contains(where: isRightToLeft) ? "\u{2068}\(clean)\u{2069}" : clean
  }

  /// `text` without direction controls and invisible characters, each control character or
  /// line break a space: what a page, a mail header or a file name may show of dataset text.
  package static func cleaned(_ text: String) -> String {
    guard
      text.unicodeScalars.contains(where: {
        bidiControls.contains($0.value) || invisible.contains($0.value) || isBreak($0)
      })
    else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars
    where !bidiControls.contains(scalar.value) && !invisible.contains(scalar.value) {
      scalars.append(isBreak(scalar) ? " " : scalar)
    }
    return String(scalars)
  }

  /// A control character, or a line or paragraph separator.
  static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    default: false
    }
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
