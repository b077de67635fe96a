import AuraSupport
import Foundation
import Synchronization

/// Hands a message to a sendmail-compatible command (`sendmail -t -i`, `msmtp -t`), as cron
/// jobs send mail: the message on its standard input, the recipients in its headers.
struct MailCommand: Sendable {
  let words: [String]

  /// Why a message was not handed over. `transport` says the command itself is in trouble (it
  /// hung, was killed, left the message unread, or failed for a reason that is not this
  /// message's recipient), so that the run's remaining messages wait for the next run.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    let transport: Bool
  }

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
  /// `timeout` seconds. At the deadline the command and every process it started (its process
  /// group) are stopped, SIGTERM then SIGKILL two seconds later, and reaped within a bound,
  /// so that neither a hung relay nor a wrapper's hung child holds the run, and its output's
  /// lock, for ever. Throws `Failure` with the command's own words when it fails.
  func send(_ message: Data, timeout: Double = 60) throws {
    guard let path = executable() else {
      throw DeliveryError.unreadable(
        "\(words.first ?? "?") not found on PATH or in /usr/sbin (install it, or set deliver.command)"
      )
    }
    let command = words.joined(separator: " ")
    // A command that exits before reading the whole message must not end this process.
    signal(SIGPIPE, SIG_IGN)
    let (process, input, errors) = Self.command(path, arguments: Array(words.dropFirst()))
    // A read end of our own (never inherited) keeps the message's pipe open after the command
    // exits, so what it left unread can be counted there instead of guessed from the write.
    let unread = fcntl(input.fileHandleForReading.fileDescriptor, F_DUPFD_CLOEXEC, 0)
    guard unread >= 0 else {
      throw Failure(
        description: "\(command): no pipe for the message (errno \(errno))", transport: true)
    }
    var unreadOpen = true
    defer { if unreadOpen { close(unread) } }
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // Foundation's Process starts each command as the leader of a process group of its own.
    let group = process.processIdentifier
    // The message goes in while what the command says is read, so that neither pipe can fill
    // and stop both sides.
    let writeFailure = Mutex<String?>(nil)
    let written = DispatchSemaphore(value: 0)
    let writer = input.fileHandleForWriting
    DispatchQueue.global().async {
      do { try writer.write(contentsOf: message) } catch {
        writeFailure.withLock { $0 = ErrorMessage.reason(error) }
      }
      try? writer.close()
      written.signal()
    }
    let said = Mutex(Data())
    let heard = DispatchSemaphore(value: 0)
    let reader = errors.fileHandleForReading
    DispatchQueue.global().async {
      let data = reader.readDataToEndOfFile()
      said.withLock { $0 = data }
      heard.signal()
    }
    guard exited.wait(timeout: .now() + timeout) == .success else {
      Self.stop(group: group, exited: exited)
      close(unread)
      unreadOpen = false
      throw Failure(
        description:
          "\(command) took longer than \(Self.seconds(timeout)) s (deliver.timeout) and was stopped; the next run tries again",
        transport: true)
    }
    // The message is all in the pipe once the write returned; what is still there now was not
    // read. A write still blocked means the command left more than a pipe's buffer unread.
    let wroteAll = written.wait(timeout: .now() + 2) == .success
    var left: Int32 = 0
    if wroteAll, ioctl(unread, UInt(FIONREAD), &left) != 0 { left = -1 }
    close(unread)
    unreadOpen = false
    if !wroteAll, written.wait(timeout: .now() + 1) == .timedOut {
      // Something the command left behind holds the message's pipe without reading it.
      kill(-group, SIGKILL)
    }
    // A child the command left behind may hold its error pipe open: a moment, not a wait
    // without end.
    _ = heard.wait(timeout: .now() + 2)
    if let failure = Self.exitFailure(process, said: said.withLock { $0 }, command: command) {
      throw failure
    }
    if let failure = Self.unreadFailure(
      wroteAll: wroteAll, left: left, writeFailure: writeFailure.withLock { $0 },
      size: message.count, command: command)
    {
      throw failure
    }
  }

  /// The command at `path`, not started: the message goes to its standard input, its standard
  /// error is read, its output dropped.
  private static func command(_ path: String, arguments: [String]) -> (
    process: Process, input: Pipe, errors: Pipe
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    return (process, input, errors)
  }

  /// The failure of a command that did not exit 0, in its own last words (`said` on its
  /// standard error); nil where it exited 0.
  private static func exitFailure(_ process: Process, said: Data, command: String) -> Failure? {
    guard process.terminationReason != .exit || process.terminationStatus != 0 else { return nil }
    let words =
      String(decoding: said, as: UTF8.self)
      .split(whereSeparator: \.isNewline).last.map(String.init) ?? "no message"
    let status = process.terminationStatus
    let how =
      process.terminationReason == .exit ? "exited \(status)" : "was killed by signal \(status)"
    // sysexits: 65 (data) and 67 (no such user) are about this message; the rest are the
    // transport's.
    let transport = process.terminationReason != .exit || ![65, 67].contains(status)
    return Failure(description: "\(command) \(how): \(words)", transport: transport)
  }

  /// The failure of a command that exited 0 without reading the whole message (`size`
  /// bytes): the write did not finish (`wroteAll`), failed (`writeFailure`), or left `left`
  /// bytes in the pipe (-1: the pipe could not be read); nil where it read it all.
  private static func unreadFailure(
    wroteAll: Bool, left: Int32, writeFailure: String?, size: Int, command: String
  ) -> Failure? {
    guard !wroteAll || writeFailure != nil || left != 0 else { return nil }
    let what =
      writeFailure.map { "(\($0))" }
      ?? (wroteAll
        ? (left > 0 ? "(\(left) of \(size) bytes left)" : "(its pipe could not be read)")
        : "(over a pipe's buffer left)")
    return Failure(
      description:
        "\(command) exited 0 without reading the whole message \(what): not counted as delivered",
      transport: true)
  }

  /// Stops a command's process group: SIGTERM, SIGKILL two seconds later, and a bounded wait
  /// for the command's exit (a process in uninterruptible sleep may outlive even SIGKILL).
  private static func stop(group: pid_t, exited: DispatchSemaphore) {
    kill(-group, SIGTERM)
    if exited.wait(timeout: .now() + 2) == .timedOut {
      kill(-group, SIGKILL)
      _ = exited.wait(timeout: .now() + 5)
    } else {
      // The command ended; what it started and that ignored SIGTERM goes with it.
      kill(-group, SIGKILL)
    }
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
