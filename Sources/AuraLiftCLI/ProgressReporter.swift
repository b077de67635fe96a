import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Reports a run's progress over its session partitions: a bar with counts and an ETA
/// redrawn in place on a terminal, or a plain log line at every tenth of the work otherwise
/// (under cron, where a bar would fill the log with carriage returns).
final class ProgressReporter: Sendable {
  private let started = Date()
  private let onTerminal: Bool
  private let logger: Logger
  private let state = Mutex(State())

  private struct State {
    var lastTenth = 0
    /// The most sessions reported done: workers finish out of order, and the bar never goes
    /// back.
    var shown = 0
    /// A bar is on the terminal's last line, not yet ended by a newline.
    var open = false
  }

  init(logger: Logger, onTerminal: Bool = isatty(STDERR_FILENO) == 1) {
    self.logger = logger
    self.onTerminal = onTerminal
  }

  func update(done: Int, total: Int) {
    guard total > 0 else { return }
    state.withLock { state in
      guard done > state.shown else { return }
      state.shown = done
      let elapsed = Date().timeIntervalSince(started)
      let eta = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
      if onTerminal {
        let width = 30
        let filled = width * done / total
        let bar =
          String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let line = String(format: "\r[%@] %d/%d sessions, ETA %.0f s", bar, done, total, eta)
        state.open = done < total
        FileHandle.standardError.write(Data((line + (state.open ? "" : "\n")).utf8))
      } else {
        let tenth = 10 * done / total
        guard tenth > state.lastTenth else { return }
        state.lastTenth = tenth
        logger.info(
          "progress",
          metadata: [
            "done": .stringConvertible(done), "total": .stringConvertible(total),
            "eta_seconds": .stringConvertible(Int(eta.rounded())),
          ])
      }
    }
  }
}

extension ProgressReporter {
  /// Ends a bar left open (a run that stopped short of its last session), so nothing printed
  /// next is glued to it.
  func finish() {
    state.withLock { state in
      if state.open { FileHandle.standardError.write(Data("\n".utf8)) }
      state.open = false
    }
  }
}

/// One JSON object per log line on stderr (`--log-format json`): time, level, label, message
/// and metadata, for log collectors. Numbers and flags given as such stay JSON numbers and
/// booleans; lists and maps stay arrays and objects.
struct JSONLogHandler: LogHandler {
  let label: String
  var logLevel: Logger.Level = .info
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    var object: [String: Any] = [
      "time": ISO8601DateFormatter().string(from: Date()), "level": event.level.rawValue,
      "label": label, "message": event.message.description,
    ]
    for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
      object[key] = Self.json(value)
    }
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    else { return }
    FileHandle.standardError.write(data + Data("\n".utf8))
  }

  /// A metadata value as JSON: numbers and booleans given as such stay so.
  static func json(_ value: Logger.Metadata.Value) -> Any {
    switch value {
    case .string(let text): return text
    case .stringConvertible(let item):
      switch item {
      case let number as Int: return number
      case let number as Int32: return Int(number)
      case let number as Double: return number.isFinite ? number : number.description
      case let flag as Bool: return flag
      default: return item.description
      }
    case .array(let items): return items.map(json)
    case .dictionary(let map): return map.mapValues(json)
    }
  }
}
