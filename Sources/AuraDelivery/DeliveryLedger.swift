import AuraStore
import Foundation

/// Every message handed over, by report, address and the report's content key, with when
/// (the `delivery` table of `RunRecords`). A report whose key and address are in it is not
/// sent again (a rerun, an unchanged week); a failed send is not in it, so the next run
/// retries.
package struct DeliveryLedger: Sendable {
  private let out: URL
  /// Opened at the first message recorded: a dry run writes nothing.
  private var records: RunRecords?
  /// report, address and content key of every record.
  private var sent: Set<[String]>
  /// The latest message to each report and address: its content key and when it went.
  private var latest: [[String]: (key: String, at: Date)] = [:]

  /// The ledger of `out`; throws where its records cannot be read, rather than mail
  /// everyone again.
  package init(out: URL) throws {
    self.out = out
    let records = try RunRecords.readable(out: out).deliveries()
    sent = Set(records.map { [$0.report, $0.address, $0.contentKey] })
    let dates = ISO8601DateFormatter()
    for record in records {
      guard let at = dates.date(from: record.sentAt) else { continue }
      let recipient = [record.report, record.address]
      if latest[recipient].map({ $0.at <= at }) ?? true {
        latest[recipient] = (record.contentKey, at)
      }
    }
  }

  /// The latest message this report went in to this address: its content key, and when.
  package func last(report: String, address: String) -> (key: String, at: Date)? {
    latest[[report, address]]
  }

  /// Whether this report, with this content, went to this address.
  package func wasSent(report: String, address: String, key: String) -> Bool {
    sent.contains([report, address, key])
  }

  /// Records a message handed over, committed at once: a run killed after a send does not
  /// send it again.
  package mutating func record(report: String, address: String, key: String, at time: String)
    throws
  {
    sent.insert([report, address, key])
    if let date = ISO8601DateFormatter().date(from: time) {
      latest[[report, address]] = (key, date)
    }
    if records == nil { records = try RunRecords.writable(out: out) }
    try records?.record(.init(report: report, address: address, contentKey: key, sentAt: time))
  }
}
