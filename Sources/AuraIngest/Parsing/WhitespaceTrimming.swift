import Foundation

extension String {
  /// The string without leading and trailing whitespace, exactly as
  /// `trimmingCharacters(in: .whitespaces)`, which it calls only when an end is a tab, a space
  /// or not ASCII. Foundation's trimming goes through NSString for every string, and every
  /// column name of every recording is trimmed.
  var trimmingWhitespace: String {
    guard let first = utf8.first, let last = utf8.last else { return self }
    func isPlain(_ byte: UInt8) -> Bool {
      byte < 0x80 && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t")
    }
    return isPlain(first) && isPlain(last) ? self : trimmingCharacters(in: .whitespaces)
  }
}
