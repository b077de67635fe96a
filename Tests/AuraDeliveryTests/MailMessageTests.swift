import AuraDomain
import AuraTestSupport
import Foundation
import Testing

@testable import AuraDelivery

/// Messages as Python's strict email parser reads them: one recipient per address whatever a
/// dataset's text holds, non-ASCII names and file names encoded (RFC 2047, 2231), headers
/// folded, control and bidi characters out of headers and file names.
@Suite struct MailMessageTests {
  /// The headers, the attachments' decoded names and every line's length, as Python reads them.
  static func parsed(_ message: MailMessage) throws -> [String: Any] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "auralift-mail-\(UUID().uuidString).eml")
    defer { try? FileManager.default.removeItem(at: file) }
    try message.bytes.write(to: file)
    let script = """
      import email, email.policy, json, sys
      raw = open(sys.argv[1], 'rb').read()
      m = email.message_from_bytes(raw, policy=email.policy.strict)
      assert not m.defects, m.defects
      parts = [p for p in m.walk() if not p.is_multipart()]
      for p in parts:
        for name in ('Content-Type', 'Content-Disposition'):
          assert not (p[name] and p[name].defects), p[name].defects
      print(json.dumps({'to': [str(a.addr_spec) for a in m['To'].addresses],
        'from_name': m['From'].addresses[0].display_name,
        'from': m['From'].addresses[0].addr_spec, 'subject': str(m['Subject']),
        'files': [p.get_filename() for p in parts if p.get_filename()],
        'longest': max(len(l) for l in raw.split(b'\\r\\n'))}))
      """
    let (status, data) = try TestSupport.python(script, [file.path])
    try #require(status == 0, "the message does not parse")
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  static func message(from: String, subject: String, attachment: String) throws -> MailMessage {
    var message = MailMessage(
      from: try Mailbox.parse(from), to: [EmailAddress("rivera@example.com")!],
      subject: subject, text: "text", html: "<p>html</p>",
      date: Date(timeIntervalSince1970: 1_795_000_000), messageId: "r1.coaches.c-1@auralift")
    message.attachments = [
      .init(filename: attachment, contentType: "text/html; charset=utf-8", data: Data("<p>".utf8))
    ]
    return message
  }

  @Test func nonASCIINamesAndLongSubjectsAreEncodedAndFolded() throws {
    let subject =
      "Wochenbericht 2026-W47 für Jörg Müller und Zoë Ångström — "
      + String(repeating: "Kniebeuge ", count: 12) + "Ende"
    let message = try Self.message(
      from: "Trainerin Søren Ødegård <reports@gym.example>", subject: subject,
      attachment: "2026-W47-jörg_müller1.html")
    let parsed = try Self.parsed(message)
    #expect(parsed["to"] as? [String] == ["rivera@example.com"])
    #expect(parsed["from"] as? String == "reports@gym.example")
    #expect(parsed["from_name"] as? String == "Trainerin Søren Ødegård")
    #expect(parsed["subject"] as? String == subject)
    #expect(parsed["files"] as? [String] == ["2026-W47-jörg_müller1.html"])
    #expect((parsed["longest"] as? Int ?? 999) <= 78)
    let headers = String(decoding: message.bytes.prefix(2000), as: UTF8.self)
    #expect(headers.contains("filename*0*=utf-8''2026-W47-j%C3%B6rg_m%C3%BCller1.html"))
    #expect(headers.contains("name=\"2026-W47-j_rg_m_ller1.html\""))
  }

  /// A line break, a second address or a bidi override in what the dataset gives cannot add a
  /// recipient, a header or a misleading file name.
  @Test func datasetTextCannotAddHeadersOrRecipients() throws {
    for text in [
      "rivera@example.com\r\nBcc: attacker@evil.example", "rivera@example.com, b@evil.example",
      "rivera@example.com\nBcc:x@y.z", "Rivera <rivera@example.com>", "rivera@@example.com",
      "rivera@example.com;b@evil.example", "riv era@example.com", "",
    ] {
      #expect(EmailAddress(text) == nil, "\(text.debugDescription) was taken as one address")
    }
    #expect(EmailAddress("first.last+gym@mail.example.com") != nil)
    let message = try Self.message(
      from: "AuraLift <reports@gym.example>",
      subject: "Weekly report\r\nBcc: attacker@evil.example",
      attachment: "2026-W47-evil\u{202E}lmth.exe.png\r\nContent-Type: text/x")
    let parsed = try Self.parsed(message)
    #expect(parsed["to"] as? [String] == ["rivera@example.com"])
    let headers = String(decoding: message.bytes.prefix(2000), as: UTF8.self)
    #expect(!headers.contains("\r\nBcc:"))
    #expect(!headers.contains("\u{202E}"))
    #expect(parsed["files"] as? [String] == ["2026-W47-evillmth.exe.png__Content-Type:_text_x"])
  }

  @Test func aSenderMustBeOneMailbox() throws {
    #expect(throws: MailboxError.self) { try Mailbox.parse("AuraLift <a@x, b@y>") }
    #expect(throws: MailboxError.self) { try Mailbox.parse("AuraLift <a@x> <b@y>") }
    #expect(throws: MailboxError.self) { try Mailbox.parse("Aura\nLift <a@x>") }
    #expect(throws: MailboxError.self) { try Mailbox.parse("no address") }
    #expect(try Mailbox.parse("\"Gym, Inc.\" <reports@gym.example>").name == "Gym, Inc.")
    #expect(try Mailbox.parse("reports@gym.example").name == nil)
  }
}
