import Foundation
import Testing

@testable import AuraDelivery

/// A message counts as delivered only when the command read all of it and exited 0 in time.
@Suite struct MailCommandTests {
  static let message = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)

  @Test func aCommandThatReadsEverythingAndExitsZeroDelivers() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "auralift-sent-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    try MailCommand(words: ["sh", "-c", "cat > '\(file.path)'"]).send(Self.message, timeout: 30)
    #expect(try Data(contentsOf: file) == Self.message)
  }

  @Test func aCommandThatHangsIsStoppedAtTheTimeout() throws {
    let started = Date()
    #expect {
      try MailCommand(words: ["sleep", "600"]).send(Self.message, timeout: 1)
    } throws: { error in
      "\(error)".contains("took longer than 1 s (deliver.timeout) and was stopped")
    }
    // SIGTERM ends sleep at once; the bound is the timeout plus the grace period and margin.
    #expect(Date().timeIntervalSince(started) < 20)
  }

  @Test func aCommandThatIgnoresSIGTERMIsKilled() throws {
    #expect {
      try MailCommand(words: ["sh", "-c", "trap '' TERM; sleep 30 & wait; sleep 30"]).send(
        Data("hi".utf8), timeout: 1)
    } throws: { error in
      "\(error)".contains("was stopped")
    }
  }

  @Test func exitingZeroWithoutReadingIsNotDelivered() throws {
    #expect {
      try MailCommand(words: ["true"]).send(Self.message, timeout: 30)
    } throws: { error in
      "\(error)".contains("exited 0 without reading the whole message")
    }
  }

  @Test func aFailingCommandIsNamedWithWhatItSaid() throws {
    #expect {
      try MailCommand(words: ["sh", "-c", "cat >/dev/null; echo 'relay refused' >&2; exit 75"])
        .send(Data("hi".utf8), timeout: 30)
    } throws: { error in
      "\(error)".contains("exited 75: relay refused")
    }
  }
}
