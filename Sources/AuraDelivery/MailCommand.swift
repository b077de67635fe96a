import AuraSupport
import Foundation

/// Hands a message to a sendmail-compatible command (`sendmail -t -i`, `msmtp -t`), as cron
/// jobs send mail: the message on its standard input, the recipients in its headers.
struct MailCommand: Sendable {
  let words: [String]

  /// The program's path: as given when it has a '/', else the first match on PATH, then in
  /// /usr/sbin and /usr/lib (where sendmail lives, and which cron's PATH leaves out).
  func executable(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    guard let program = words.first else { return nil }
    if program.contains("/") {
      return FileManager.default.isExecutableFile(atPath: program) ? program : nil
    }
    let folders =
      (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
      + ["/usr/sbin", "/sbin", "/usr/lib"]
    return folders.map { "\($0)/\(program)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Sends `message`; throws with the command's own words when it fails.
  func send(_ message: Data) throws {
    guard let path = executable() else {
      throw DeliveryError.unreadable(
        "\(words.first ?? "?") not found on PATH or in /usr/sbin (install it, or set deliver.command)"
      )
    }
    // A command that exits before reading the whole message must not end this process.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = Array(words.dropFirst())
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    // The message goes in while what the command says is read, so that neither pipe can fill
    // and stop both sides.
    let writer = input.fileHandleForWriting
    let said = try WorkerPool.alongside {
      try? writer.write(contentsOf: message)
      try? writer.close()
    } _: {
      errors.fileHandleForReading.readDataToEndOfFile()
    }
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      let words =
        String(decoding: said, as: UTF8.self)
        .split(whereSeparator: \.isNewline).last.map(String.init) ?? "no message"
      throw DeliveryError.unreadable(
        "\(self.words.joined(separator: " ")) exited \(process.terminationStatus): \(words)")
    }
  }
}
