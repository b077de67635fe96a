import Foundation

/// An email as RFC 5322 and MIME (RFC 2045-2047) have it: a plain-text and an HTML body as
/// alternatives, and files attached; every part base64 (lines of 76), so that 8-bit text and
/// long HTML lines cross any mail relay intact, and non-ASCII header words encoded.
/// Hand-written: no mirrored Swift package composes email messages (multipart-kit writes
/// HTTP form data).
package struct MailMessage: Sendable {
  package var from: String
  package var to: [String]
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
    from: String, to: [String], subject: String, text: String, html: String, date: Date,
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
      "From: \(Self.header(from))",
      "To: \(to.map(Self.header).joined(separator: ", "))",
      "Subject: \(Self.header(subject))",
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
      lines += Self.part(
        type: attachment.contentType, data: attachment.data,
        disposition: "attachment; filename=\"\(attachment.filename)\"")
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

  /// A header value: as it is when ASCII, else each non-ASCII word RFC 2047-encoded (an
  /// address's angle brackets stay plain so that relays can read it).
  static func header(_ value: String) -> String {
    let clean = value.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(
      of: "\n", with: " ")
    return clean.split(separator: " ", omittingEmptySubsequences: false).map { word in
      word.unicodeScalars.allSatisfy(\.isASCII)
        ? String(word) : "=?utf-8?b?\(Data(word.utf8).base64EncodedString())?="
    }.joined(separator: " ")
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
