import AuraTestSupport
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

  /// A message that fits the pipe's buffer is written whether or not anyone reads it: what
  /// the command left in the pipe says it did not take the message.
  @Test func aMessageThatFitsThePipeLeftUnreadIsNotDelivered() throws {
    let message = Data(repeating: UInt8(ascii: "m"), count: 16_384)
    #expect {
      try MailCommand(words: ["sh", "-c", "sleep 0.3; exit 0"]).send(message, timeout: 30)
    } throws: { error in
      "\(error)".contains("(16384 of 16384 bytes left): not counted as delivered")
        && (error as? MailCommand.Failure)?.transport == true
    }
    #expect {
      try MailCommand(words: ["sh", "-c", "head -c 100 >/dev/null"]).send(message, timeout: 30)
    } throws: { error in
      "\(error)".contains("(16284 of 16384 bytes left)")
    }
  }

  /// A wrapper script whose child hangs: the whole process group is stopped at the deadline,
  /// the child included, and the send ends within the deadline and its grace period.
  @Test func aWrapperWhoseChildHangsIsStoppedWithItsChild() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let wrapper = folder.appendingPathComponent("sendmail-wrapper")
    let childFile = folder.appendingPathComponent("child.pid")
    try Data("#!/bin/sh\nsleep 1000 &\necho $! > '\(childFile.path)'\nwait\n".utf8).write(
      to: wrapper)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
    let started = Date()
    #expect {
      try MailCommand(words: [wrapper.path]).send(Self.message, timeout: 1)
    } throws: { error in
      "\(error)".contains("took longer than 1 s (deliver.timeout) and was stopped")
    }
    #expect(Date().timeIntervalSince(started) < 10)
    let child = try #require(
      pid_t(
        String(decoding: Data(contentsOf: childFile), as: UTF8.self).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    #expect(Self.ended(child), "the wrapper's child \(child) outlived the send")
  }

  /// Whether `pid` has ended (gone, or a zombie nobody reaped yet), within two seconds.
  static func ended(_ pid: pid_t) -> Bool {
    for _ in 0..<20 {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
        return true
      }
      // The state follows the command's name in parentheses.
      if let close = stat.lastIndex(of: ")"),
        stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
      {
        return true
      }
      usleep(100_000)
    }
    return false
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
