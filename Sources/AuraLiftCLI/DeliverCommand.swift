import ArgumentParser
import AuraDelivery
import AuraDomain
import AuraPipeline
import AuraSupport
import Foundation
import Logging

/// `auralift deliver`: mails each coach (and athlete, where enabled) the current release's
/// week, as the pipeline's `deliver:` block says.
struct DeliverCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deliver",
    abstract: "Mail each coach their weekly report (the pipeline's deliver: block).",
    discussion: """
      One message per coach a week: a short summary (roster, who needs attention and why) and \
      the full report attached, handed to the deliver: block's command (sendmail -t -i by \
      default; msmtp -t on most cron hosts). A coach's mail is due from the block's day \
      (default monday) on, where none went since that day began; a report that changed after \
      its mail went is mailed again, marked corrected, only with corrections: true, at most \
      once a day. <out>/.state/records.sqlite (table delivery) records each message sent by its report's \
      content: a rerun sends nothing again, identical content never goes twice (unless \
      --resend, which sends every mail now, whatever the day), and a failed send is retried \
      next time. A run whose pipeline \
      has a deliver: block ends with this. Exit codes: 0 delivered (or nothing new), 4 some \
      messages not delivered (listed; retried next run), 2 nothing to deliver from, 64 usage, \
      75 a run holds the output's lock.
      """)

  @OptionGroup var options: OutputOptions
  @Option(help: "Write the messages into this folder (one .eml each) instead of sending them.")
  var dryRun: String?
  @Flag(help: "Send every mail now, whatever the day and whatever the ledger says was sent.")
  var resend = false
  @Flag(help: "Print nothing when all is well.") var quiet = false
  @Option(help: "Seconds to wait for a run on the same output to finish.") var wait: Double = 0

  func run() throws {
    let config = try options.config()
    guard
      let settings = config.delivery
        ?? (dryRun != nil
          ? DeliverySettings(from: Mailbox(address: EmailAddress("auralift@localhost")!)) : nil)
    else {
      throw ExitCodes.reporting(
        PipelineError.config(
          "\(config.path ?? "the pipeline") has no deliver: block (command, from): nothing says how to send"
        ), otherwise: ExitCodes.usage)
    }
    var logger = Logger(label: "auralift")
    logger.logLevel = quiet ? .error : .warning
    let outcome: Delivery.Outcome
    do {
      let out = URL(fileURLWithPath: config.out).standardizedFileURL
      let lock = try RunLock(
        out: out, owner: .current(startedAt: Runner.timestamp()), wait: wait)
      defer { lock.release() }
      outcome = try Delivery(out: out, settings: settings).run(
        dryRun: dryRun.map { URL(fileURLWithPath: $0) }, resend: resend, logger: logger)
    } catch {
      throw ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
    }
    for problem in outcome.problems { print("not delivered: \(problem)") }
    if let dryRun {
      if !quiet { print("written: \(outcome.sent.count) messages into \(dryRun)/ (nothing sent)") }
    } else if !quiet || !outcome.failed.isEmpty {
      print(Self.line(outcome))
    }
    if !outcome.failed.isEmpty { throw ExitCodes.undelivered }
  }

  /// One line: how many messages went, were unchanged, had no address or failed.
  static func line(_ outcome: Delivery.Outcome) -> String {
    var parts = ["delivered: \(outcome.sent.count) message\(outcome.sent.count == 1 ? "" : "s")"]
    if outcome.unchanged > 0 { parts.append("\(outcome.unchanged) unchanged since sent") }
    if outcome.mailedThisWeek > 0 {
      parts.append("\(outcome.mailedThisWeek) already mailed this week (changed since)")
    }
    if !outcome.unaddressed.isEmpty {
      parts.append("\(outcome.unaddressed.count) without an email address")
    }
    if !outcome.failed.isEmpty { parts.append("\(outcome.failed.count) not delivered") }
    if !outcome.deferred.isEmpty { parts.append("\(outcome.deferred.count) deferred") }
    return parts.joined(separator: "; ")
  }
}
