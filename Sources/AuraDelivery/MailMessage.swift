import AuraDomain
import Foundation

/// An email as RFC 5322 and MIME (RFC 2045-2047, 2231) have it: a plain-text and an HTML body
/// as alternatives, and files attached; every part base64 (lines of 76), so that 8-bit text
/// and long HTML lines cross any mail relay intact. Addresses are `EmailAddress` values (one
/// mailbox each, nothing a header could be split on); names and the subject lose their
/// direction and invisible characters and their line breaks (`DisplayText.cleaned`), are
/// RFC 2047-encoded where not plain ASCII, and every header
/// is folded to lines of at most 78 characters; attachment names are RFC 2231-encoded.
/// Hand-written: no mirrored Swift package composes email messages (multipart-kit writes
/// HTTP form data).
package struct MailMessage: Sendable {
  package var from: Mailbox
  package var to: [EmailAddress]
  package var subject: String
  package var text: String
  package var html: String
  package var attachments: [Attachment] = []
  /// The date and message id, fixed by the caller so that a message can be written again
  /// byte for byte (a dry run, a test).
  package var date: Date
  package var messageId: String

  package struct Attachment: Sendable {
    package var filename: String
    package var contentType: String
    package var data: Data

    package init(filename: String, contentType: String, data: Data) {
      self.filename = filename
      self.contentType = contentType
      self.data = data
    }
  }

  package init(
    from: Mailbox, to: [EmailAddress], subject: String, text: String, html: String, date: Date,
    messageId: String
  ) {
    self.from = from
    self.to = to
    self.subject = subject
    self.text = text
    self.html = html
    self.date = date
    self.messageId = messageId
  }

  /// The message's bytes, lines ending in CRLF, as `sendmail -t` reads it.
  package var bytes: Data {
    let boundary =
      "auralift-"
      + String(messageId.utf8.reduce(UInt64(5381)) { ($0 &* 33) ^ UInt64($1) }, radix: 36)
    var lines = [
      Self.folded("From", Self.mailbox(from)),
      Self.folded("To", to.map(\.text).joined(separator: ", ")),
      Self.folded("Subject", Self.encodedWords(subject)),
      "Date: \(Self.rfc5322Date(date))",
      "Message-ID: <\(messageId)>",
      "MIME-Version: 1.0",
      "Auto-Submitted: auto-generated",
      "Content-Type: multipart/mixed; boundary=\"\(boundary)-m\"",
      "",
      "--\(boundary)-m",
      "Content-Type: multipart/alternative; boundary=\"\(boundary)-a\"",
      "",
      "--\(boundary)-a",
    ]
    lines += Self.part(type: "text/plain; charset=utf-8", data: Data(text.utf8))
    lines.append("--\(boundary)-a")
    lines += Self.part(type: "text/html; charset=utf-8", data: Data(html.utf8))
    lines.append("--\(boundary)-a--")
    for attachment in attachments {
      lines.append("--\(boundary)-m")
      let name = Self.attachmentName(attachment.filename)
      lines += Self.part(
        type: "\(attachment.contentType); name=\"\(name.ascii)\"", data: attachment.data,
        disposition: name.disposition)
    }
    lines.append("--\(boundary)-m--")
    return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
  }

  /// A MIME part's headers and its base64 body.
  static func part(type: String, data: Data, disposition: String? = nil) -> [String] {
    var lines = ["Content-Type: \(type)", "Content-Transfer-Encoding: base64"]
    if let disposition { lines.append("Content-Disposition: \(disposition)") }
    lines.append("")
    lines += data.base64EncodedString(options: [
      .lineLength76Characters, .endLineWithCarriageReturn,
    ])
    .split(separator: "\r").map(String.init)
    return lines
  }

  /// A mailbox as a header holds it: `Name <address>`, the name quoted or encoded as needed.
  static func mailbox(_ mailbox: Mailbox) -> String {
    guard let name = mailbox.name.map(DisplayText.cleaned), !name.allSatisfy({ $0 == " " }) else {
      return mailbox.address.text
    }
    let plain = name.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 }
    let phrase =
      !plain
      ? encodedWords(name)
      : name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " })
        ? name
        : "\""
          + name.replacingOccurrences(of: "\\", with: "\\\\")
          .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    return "\(phrase) <\(mailbox.address.text)>"
  }

  /// Unstructured header text: as it is where plain ASCII, else RFC 2047 encoded words of at
  /// most 39 bytes (64 characters, so that one fits a line after `Subject: `), never
  /// splitting a character, so that folding can break between them.
  static func encodedWords(_ text: String) -> String {
    let clean = DisplayText.cleaned(text)
    if clean.unicodeScalars.allSatisfy({ $0.isASCII }), !clean.contains("=?") { return clean }
    var words: [String] = []
    var chunk = Data()
    for character in clean {
      let bytes = Data(String(character).utf8)
      if chunk.count + bytes.count > 39, !chunk.isEmpty {
        words.append("=?utf-8?b?\(chunk.base64EncodedString())?=")
        chunk = Data()
      }
      chunk += bytes
    }
    if !chunk.isEmpty { words.append("=?utf-8?b?\(chunk.base64EncodedString())?=") }
    return words.joined(separator: " ")
  }

  /// `Name: value`, folded at spaces (RFC 5322 2.2.3) so that no line passes 78 characters
  /// where the words allow it.
  static func folded(_ name: String, _ value: String) -> String {
    var lines: [String] = []
    var line = "\(name):"
    for word in value.split(separator: " ", omittingEmptySubsequences: true) {
      if line.count + 1 + word.count > 78, line.contains(" ") || lines.count > 0 {
        lines.append(line)
        line = ""
      }
      line += " " + word
    }
    lines.append(line)
    return lines.joined(separator: "\r\n")
  }

  /// A file name as an attachment's headers carry it: cleaned as names are, path and quote
  /// characters and spaces replaced; plain ASCII as `filename="…"`, otherwise RFC 2231's `filename*0*=utf-8''…`
  /// continued over lines of at most 78 characters. The ASCII shape of the name is also
  /// the Content-Type's `name`, for clients that read no other.
  static func attachmentName(_ filename: String) -> (ascii: String, disposition: String) {
    let clean = String(
      DisplayText.cleaned(filename).map { "/\\\"".contains($0) || $0 == " " ? "_" : $0 })
    let ascii = String(clean.unicodeScalars.map { $0.isASCII ? Character($0) : "_" })
    guard ascii != clean else { return (ascii, "attachment; filename=\"\(ascii)\"") }
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    var segments: [String] = []
    var segment = "utf-8''"
    for byte in clean.utf8 {
      let piece =
        unreserved.contains(byte) ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
      if segment.count + piece.count > 56 {
        segments.append(segment)
        segment = ""
      }
      segment += piece
    }
    segments.append(segment)
    let parameters = segments.enumerated().map { " filename*\($0.offset)*=\($0.element)" }
    return (ascii, "attachment;\r\n" + parameters.joined(separator: ";\r\n"))
  }

  /// `Thu, 26 Nov 2026 13:05:00 +0000`.
  static func rfc5322Date(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
    return formatter.string(from: date)
  }
}
