import AuraSupport
import Foundation
import Synchronization

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

  /// Sends `message`: delivered only when the command read all of it and exited 0 within
  /// `timeout` seconds. A command still running then is stopped (SIGTERM, then SIGKILL after
  /// two seconds) and the send fails, so a hung relay cannot hold the run, and its output's
  /// lock, for ever. Throws with the command's own words when it fails.
  func send(_ message: Data, timeout: Double = 60) throws {
    guard let path = executable() else {
      throw DeliveryError.unreadable(
        "\(words.first ?? "?") not found on PATH or in /usr/sbin (install it, or set deliver.command)"
      )
    }
    // A command that exits before reading the whole message must not end this process: the
    // write then fails with EPIPE instead, and says so.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = Array(words.dropFirst())
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // The message goes in while what the command says is read, so that neither pipe can fill
    // and stop both sides.
    let writeFailure = Mutex<String?>(nil)
    let said = Mutex(Data())
    let streams = DispatchGroup()
    let writer = input.fileHandleForWriting
    DispatchQueue.global().async(group: streams) {
      do { try writer.write(contentsOf: message) } catch {
        writeFailure.withLock { $0 = ErrorMessage.reason(error) }
      }
      try? writer.close()
    }
    let reader = errors.fileHandleForReading
    DispatchQueue.global().async(group: streams) {
      let data = reader.readDataToEndOfFile()
      said.withLock { $0 = data }
    }
    let command = words.joined(separator: " ")
    guard exited.wait(timeout: .now() + timeout) == .success else {
      process.terminate()
      if exited.wait(timeout: .now() + 2) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        exited.wait()
      }
      throw DeliveryError.unreadable(
        "\(command) took longer than \(Self.seconds(timeout)) s (deliver.timeout) and was stopped; the next run tries again"
      )
    }
    // A child the command left behind may hold its pipes open: the streams get a moment, not
    // a wait without end.
    _ = streams.wait(timeout: .now() + 2)
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      let words =
        String(decoding: said.withLock { $0 }, as: UTF8.self)
        .split(whereSeparator: \.isNewline).last.map(String.init) ?? "no message"
      let how =
        process.terminationReason == .exit
        ? "exited \(process.terminationStatus)"
        : "was killed by signal \(process.terminationStatus)"
      throw DeliveryError.unreadable("\(command) \(how): \(words)")
    }
    if let failure = writeFailure.withLock({ $0 }) {
      throw DeliveryError.unreadable(
        "\(command) exited 0 without reading the whole message (\(failure)): not counted as delivered"
      )
    }
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
