import Foundation

/// The pipeline file's `deliver:` block: how the nightly run mails each coach their week.
///
///     deliver:
///       command: msmtp -t        # a sendmail-compatible command (default: sendmail -t -i)
///       from: AuraLift <reports@gym.example>
///       athletes: false          # also mail athletes who have an email in athletes.csv
package struct DeliverySettings: Sendable, Equatable {
  /// The program and its arguments; the message is given on its standard input and its
  /// recipients are in the message's headers, as `sendmail -t` reads them.
  package var command: [String] = ["sendmail", "-t", "-i"]
  package var from: String
  package var athletes = false

  package init(command: [String] = ["sendmail", "-t", "-i"], from: String, athletes: Bool = false) {
    self.command = command
    self.from = from
    self.athletes = athletes
  }

  /// Reads the block; `problem` names what is wrong with it (the caller adds the file).
  package init(yaml: Any) throws {
    guard let map = yaml as? [String: Any] else {
      throw DeliveryError.settings("deliver must be a mapping (command, from, athletes)")
    }
    let known: Set<String> = ["command", "from", "athletes"]
    if let unknown = map.keys.sorted().first(where: { !known.contains($0) }) {
      throw DeliveryError.settings(
        "deliver.\(unknown) is not a setting (known: command, from, athletes)")
    }
    guard let from = map["from"] as? String, from.contains("@") else {
      throw DeliveryError.settings(
        "deliver.from must be the sender's address, e.g. 'AuraLift <reports@gym.example>'")
    }
    self.from = from
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
