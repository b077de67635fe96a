/// One mailbox's address, as RFC 5321 lets a mail server accept it unquoted: `local@domain`,
/// ASCII only, the local part a dot-atom of at most 64 bytes, the domain labels of letters,
/// digits and hyphens, 254 bytes in all. Anything else, and above all a second address, a
/// comma, a space or a line break that would add a header, is refused with its reason, so a
/// value of this type can go into a header as it is.
package struct EmailAddress: Sendable, Hashable, CustomStringConvertible {
  package let text: String
  package var description: String { text }

  /// `text` as an address, or nil with `problem(text)` saying why not.
  package init?(_ text: String) {
    guard Self.problem(text) == nil else { return nil }
    self.text = text
  }

  /// The characters RFC 5322 allows in an atom besides letters and digits.
  private static let atomSymbols = Set("!#$%&'*+-/=?^_`{|}~".utf8)

  /// Why `text` is not one plain address (for messages); nil when it is.
  package static func problem(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty else { return "is empty" }
    guard bytes.count <= 254 else { return "is \(bytes.count) bytes long (at most 254)" }
    if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "holds a control character (a line break would start a new header)"
    }
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      return "holds non-ASCII characters (internationalised addresses are not supported)"
    }
    let parts = bytes.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      return parts.count == 1
        ? "has no '@'" : "holds \(parts.count - 1) '@': one mailbox per address"
    }
    let (local, domain) = (Array(parts[0]), Array(parts[1]))
    if bytes.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") }) {
      return "holds ',' or ';': one mailbox per address"
    }
    guard (1...64).contains(local.count) else { return "has a local part of 1 to 64 bytes" }
    let dot = UInt8(ascii: ".")
    let atoms = local.split(separator: dot, omittingEmptySubsequences: false)
    guard
      atoms.allSatisfy({ atom in
        !atom.isEmpty && atom.allSatisfy { EntityId.isAlphanumeric($0) || atomSymbols.contains($0) }
      })
    else {
      return "has a local part that is not letters, digits, dots and !#$%&'*+-/=?^_`{|}~"
    }
    let labels = domain.split(separator: dot, omittingEmptySubsequences: false)
    guard
      labels.allSatisfy({ label in
        (1...63).contains(label.count) && label.first != UInt8(ascii: "-")
          && label.last != UInt8(ascii: "-")
          && label.allSatisfy { EntityId.isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
      })
    else { return "has a domain that is not labels of letters, digits and '-'" }
    return nil
  }

}

/// A sender or recipient: an address and, optionally, the name shown beside it
/// (`AuraLift <reports@gym.example>`).
package struct Mailbox: Sendable, Hashable {
  package var name: String?
  package var address: EmailAddress

  package init(name: String? = nil, address: EmailAddress) {
    self.name = name
    self.address = address
  }

  /// Reads `Name <address>` or a bare address; throws a message saying what is wrong.
  package static func parse(_ text: String) throws(MailboxError) -> Mailbox {
    let trimmed = text.trimmingWhitespace
    guard trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") else {
      guard let address = EmailAddress(trimmed) else {
        throw MailboxError("'\(trimmed)' \(EmailAddress.problem(trimmed) ?? "")")
      }
      return Mailbox(address: address)
    }
    let inner = String(
      trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
    guard let address = EmailAddress(inner) else {
      throw MailboxError("'\(inner)' \(EmailAddress.problem(inner) ?? "")")
    }
    var name = String(trimmed[..<open]).trimmingWhitespace
    if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 {
      name = String(name.dropFirst().dropLast())
    }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw MailboxError("the name before <\(inner)> holds a control character")
    }
    if name.contains("<") || name.contains(">") {
      throw MailboxError("'\(trimmed)' holds more than one <address>")
    }
    return Mailbox(name: name.isEmpty ? nil : name, address: address)
  }
}

package struct MailboxError: Error, CustomStringConvertible {
  package var description: String
  init(_ description: String) { self.description = description }
}

extension String {
  fileprivate var trimmingWhitespace: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
