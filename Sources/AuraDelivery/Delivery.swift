import AuraDomain
import AuraReports
import AuraStore
import AuraSupport
import Foundation
import Logging

/// Mails each coach their week (and each athlete theirs, where enabled) from the current
/// release: one message per recipient a week, handed to a sendmail-compatible command. A
/// recipient's mail is due from the settings' day on, where none went since that day began
/// (a run that missed the day sends it the next night); a report that changed after its week's
/// mail went is mailed again, marked corrected, only where the settings ask for corrections,
/// and at most once a day; identical content never goes twice. The ledger keeps a rerun from
/// sending again and lets a failed send be retried by the next run; `dryRun` writes the
/// messages into a folder instead, and `resend` sends every one now, whatever the day.
package struct Delivery: Sendable {
  package let out: URL
  package let settings: DeliverySettings

  package init(out: URL, settings: DeliverySettings) {
    self.out = out
    self.settings = settings
  }

  /// What a delivery did, recipient by recipient.
  package struct Outcome: Sendable, Equatable {
    /// `report → address` for each message handed over (or written, in a dry run).
    package var sent: [String] = []
    /// Messages already sent with the same report content.
    package var unchanged = 0
    /// Reports that changed since their week's mail went, not mailed again (corrections are
    /// off, or one went today).
    package var mailedThisWeek = 0
    /// Reports whose recipient has no email address.
    package var unaddressed: [String] = []
    /// `report → address: reason` for each message that was not handed over.
    package var failed: [String] = []
    /// Reports whose message was not tried, the mail command having failed on an earlier one
    /// this run: the next run sends them.
    package var deferred: [String] = []

    package init(
      sent: [String] = [], unchanged: Int = 0, mailedThisWeek: Int = 0,
      unaddressed: [String] = [], failed: [String] = [], deferred: [String] = []
    ) {
      self.sent = sent
      self.unchanged = unchanged
      self.mailedThisWeek = mailedThisWeek
      self.unaddressed = unaddressed
      self.failed = failed
      self.deferred = deferred
    }

    /// Messages not delivered this run: those that failed and those deferred.
    package var undelivered: Int { failed.count + deferred.count }

    /// What went wrong, a line a message that failed and one for those deferred.
    package var problems: [String] {
      guard !deferred.isEmpty else { return failed }
      let count = deferred.count
      let named = deferred.prefix(3).joined(separator: ", ") + (count > 3 ? ", …" : "")
      return failed + [
        "\(count) more message\(count == 1 ? "" : "s") deferred to the next run, the mail command having failed (\(named))"
      ]
    }
  }

  /// Delivers the current release's reports. `resend` sends even what the ledger says was sent.
  /// Once the mail command fails as a transport (it hung, or its relay is down), the messages
  /// after it are deferred to the next run, as a mail queue defers: a delivery holds the lock
  /// for at most one `timeout` beyond the messages that went.
  package func run(
    dryRun: URL? = nil, resend: Bool = false, now: Date = Date(),
    calendar: Calendar = .current, logger: Logger
  ) throws -> Outcome {
    let release = OutputLayout(out).currentRelease
    let database = release.appendingPathComponent(OutputLayout.databaseName)
    guard FileManager.default.fileExists(atPath: database.path) else {
      throw DeliveryError.unreadable(
        "\(out.path) has no published release to deliver: run the pipeline first")
    }
    let store = try StoreReader(databasePath: database.path)
    let briefs = try WeeklyBrief.all(
      store: store, athletes: settings.athletes, day: RunDay.today(now: now))
    let writer = try WeeklyEmail.Writer()
    let keys = ReportManifest.read(release)
    let addresses = try store.mailAddresses()
    let mailer = MailCommand(words: settings.command)
    var ledger = try DeliveryLedger(out: out)
    var outcome = Outcome()
    if let dryRun {
      try FileManager.default.createDirectory(at: dryRun, withIntermediateDirectories: true)
    }
    let sentAt = ISO8601DateFormatter().string(from: now)
    var transportDown = false
    for brief in briefs {
      guard let text = addresses[brief.report] else {
        outcome.unaddressed.append(brief.report)
        continue
      }
      // The dataset's reader sets a bad address aside; one that reached the database some
      // other way is refused here all the same.
      guard let address = EmailAddress(text) else {
        outcome.failed.append(
          "\(brief.report): \(EntityId.quoted(text)) \(EmailAddress.problem(text) ?? "")")
        continue
      }
      let key = keys[brief.report] ?? ""
      var correction = false
      if dryRun == nil, !resend {
        switch due(
          brief.report, address: address, key: key, ledger: ledger, now: now, calendar: calendar)
        {
        case .unchanged:
          outcome.unchanged += 1
          continue
        case .mailedThisWeek:
          outcome.mailedThisWeek += 1
          continue
        case .due(let corrected): correction = corrected
        }
      }
      if transportDown {
        outcome.deferred.append(brief.report)
        continue
      }
      do {
        let message = try self.message(
          brief, to: address, correction: correction, writer: writer, release: release, now: now)
        if let dryRun {
          try AtomicFile.write(
            message.bytes,
            to: dryRun.appendingPathComponent(
              brief.report.replacingOccurrences(of: "/", with: "-") + ".eml"))
        } else {
          try mailer.send(message.bytes, timeout: settings.timeout)
          try ledger.record(report: brief.report, address: address.text, key: key, at: sentAt)
        }
        outcome.sent.append("\(brief.report) → \(address)")
      } catch {
        let reason = "\(brief.report) → \(address): \(ErrorMessage.describe(error))"
        logger.warning("not delivered", metadata: ["message": .string(reason)])
        outcome.failed.append(reason)
        transportDown = (error as? MailCommand.Failure)?.transport ?? false
      }
    }
    return outcome
  }

  /// Whether a recipient's report is due by the ledger: sent already with this content,
  /// mailed this week and not to be corrected (corrections off, or one went today), or due,
  /// as a correction where its week's mail went already.
  private enum Due {
    case unchanged, mailedThisWeek
    case due(correction: Bool)
  }

  private func due(
    _ report: String, address: EmailAddress, key: String, ledger: DeliveryLedger, now: Date,
    calendar: Calendar
  ) -> Due {
    if ledger.wasSent(report: report, address: address.text, key: key) { return .unchanged }
    let weekBegan = settings.day.lastStart(atOrBefore: now, calendar: calendar)
    guard let last = ledger.last(report: report, address: address.text), last.at >= weekBegan
    else { return .due(correction: false) }
    guard settings.corrections, !calendar.isDate(last.at, inSameDayAs: now) else {
      return .mailedThisWeek
    }
    return .due(correction: true)
  }

  /// The message of `brief` to `address`: its report linked where the reports are served,
  /// else the recipient's own page attached, alone.
  private func message(
    _ brief: WeeklyBrief, to address: EmailAddress, correction: Bool, writer: WeeklyEmail.Writer,
    release: URL, now: Date
  ) throws -> MailMessage {
    let served = settings.baseURL.map { brief.linked(to: $0) } ?? brief
    let email = writer.email(served)
    var message = MailMessage(
      from: settings.from, to: [address],
      subject: correction ? "Corrected: \(email.subject)" : email.subject, text: email.text,
      html: email.html, date: now,
      messageId:
        "\(brief.runId).\(brief.report.replacingOccurrences(of: "/", with: "."))@auralift")
    if served.reportURL == nil {
      let page = try String(
        contentsOf: release.appendingPathComponent(brief.report + ".html"), encoding: .utf8)
      message.attachments = [
        .init(
          filename: "\(brief.isoWeek)-\(brief.name).html",
          contentType: "text/html; charset=utf-8",
          data: Data(StandalonePage.html(page).utf8))
      ]
    }
    return message
  }
}
