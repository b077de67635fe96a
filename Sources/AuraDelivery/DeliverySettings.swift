import AuraDomain
import Foundation

/// The pipeline file's `deliver:` block: how the nightly run mails each coach their week.
///
///     deliver:
///       command: msmtp -t        # a sendmail-compatible command (default: sendmail -t -i)
///       from: AuraLift <reports@gym.example>
///       athletes: false          # also mail athletes who have an email in athletes.csv
///       timeout: 60              # seconds the command may take for one message (1-3600)
///       day: monday              # the day of the week the weekly mail goes (default monday)
///       corrections: false       # mail a week again, marked corrected, when its report changed
///       base_url: https://reports.gym.example   # where the release's share/ folder is served
package struct DeliverySettings: Sendable, Equatable {
  /// The program and its arguments; the message is given on its standard input and its
  /// recipients are in the message's headers, as `sendmail -t` reads them.
  package var command: [String] = ["sendmail", "-t", "-i"]
  package var from: Mailbox
  package var athletes = false
  /// How long the command may take to read and accept one message, seconds; past it the
  /// command is killed and the message is left for the next run.
  package var timeout: Double = 60
  package static let timeoutRange = 1.0...3600.0
  /// The day of the week (the machine's local time) from which each week's mail is due.
  package var day = Weekday.monday
  /// Whether a report that changed after its week's mail went is mailed again, marked
  /// corrected (at most once a day).
  package var corrections = false
  /// Where the release's `share/` folder is served (http or https, no trailing slash): mail
  /// then links each name to `<base_url>/share/<coach>/…` and attaches nothing. Without it the
  /// mail attaches the recipient's own page, its links to other pages left out.
  package var baseURL: String? = nil
  package static let known = [
    "command", "from", "athletes", "timeout", "day", "corrections", "base_url",
  ]

  package init(
    command: [String] = ["sendmail", "-t", "-i"], from: Mailbox, athletes: Bool = false,
    timeout: Double = 60, day: Weekday = .monday, corrections: Bool = false
  ) {
    self.command = command
    self.from = from
    self.athletes = athletes
    self.timeout = timeout
    self.day = day
    self.corrections = corrections
  }

  /// Reads the block; `problem` names what is wrong with it (the caller adds the file).
  package init(yaml: Any) throws {
    guard let map = yaml as? [String: Any] else {
      throw DeliveryError.settings(
        "deliver must be a mapping (\(Self.known.joined(separator: ", ")))")
    }
    if let unknown = map.keys.sorted().first(where: { !Self.known.contains($0) }) {
      throw DeliveryError.settings(
        "deliver.\(unknown) is not a setting (known: \(Self.known.joined(separator: ", ")))")
    }
    guard let from = map["from"] as? String else {
      throw DeliveryError.settings(
        "deliver.from must be the sender's address, e.g. 'AuraLift <reports@gym.example>'")
    }
    do { self.from = try Mailbox.parse(from) } catch {
      throw DeliveryError.settings(
        "deliver.from must be the sender's address, e.g. 'AuraLift <reports@gym.example>': \(error)"
      )
    }
    if let timeout = map["timeout"] {
      guard let seconds = (timeout as? Int).map(Double.init) ?? (timeout as? Double),
        Self.timeoutRange.contains(seconds)
      else {
        throw DeliveryError.settings(
          "deliver.timeout must be seconds from 1 to 3600 (the time one message may take)")
      }
      self.timeout = seconds
    }
    if let command = map["command"] {
      guard let text = command as? String,
        case let words = text.split(separator: " ").map(String.init), !words.isEmpty
      else { throw DeliveryError.settings("deliver.command must be a command line") }
      self.command = words
    }
    if let athletes = map["athletes"] {
      guard let flag = athletes as? Bool else {
        throw DeliveryError.settings("deliver.athletes must be true or false")
      }
      self.athletes = flag
    }
    if let day = map["day"] {
      guard let name = day as? String, let weekday = Weekday(rawValue: name.lowercased()) else {
        throw DeliveryError.settings(
          "deliver.day must be a day of the week (\(Weekday.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      self.day = weekday
    }
    if let corrections = map["corrections"] {
      guard let flag = corrections as? Bool else {
        throw DeliveryError.settings("deliver.corrections must be true or false")
      }
      self.corrections = flag
    }
    if let base = map["base_url"] {
      guard let text = base as? String, let url = URL(string: text),
        ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil,
        url.query == nil, url.fragment == nil,
        !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0 == "\"" })
      else {
        throw DeliveryError.settings(
          "deliver.base_url must be an http or https address without query or fragment, like https://reports.gym.example"
        )
      }
      baseURL = text.hasSuffix("/") ? String(text.dropLast()) : text
    }
  }
}

package enum DeliveryError: Error, CustomStringConvertible {
  case settings(String)
  case unreadable(String)

  package var description: String {
    switch self {
    case .settings(let message), .unreadable(let message): return message
    }
  }
}
