import AuraSupport
import Foundation

/// `<out>/.state/deliveries.tsv`: every message handed over, by report, address and the
/// report's content key, with when. A report whose key and address are in it is not sent
/// again (a rerun, an unchanged week); a failed send is not in it, so the next run retries.
package struct DeliveryLedger: Sendable {
  package let file: URL
  /// report, address and content key of every record.
  private var sent: Set<[String]>
  /// The latest message to each report and address: its content key and when it went.
  private var latest: [[String]: (key: String, at: Date)] = [:]

  package init(out: URL) {
    file = OutputLayout(out).deliveries
    let records = TSVTable.read(file, columns: 4).dropFirst()
    sent = Set(records.map { Array($0.prefix(3)) })
    let dates = ISO8601DateFormatter()
    for record in records {
      guard let at = dates.date(from: record[3]) else { continue }
      let recipient = [record[0], record[1]]
      if latest[recipient].map({ $0.at <= at }) ?? true { latest[recipient] = (record[2], at) }
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

  /// Records a message handed over, appending its line at once: a run killed after a send
  /// does not send it again. (A line cut short by a crash has too few fields and is skipped
  /// when read: that message is sent once more.)
  package mutating func record(report: String, address: String, key: String, at time: String)
    throws
  {
    sent.insert([report, address, key])
    if let date = ISO8601DateFormatter().date(from: time) {
      latest[[report, address]] = (key, date)
    }
    let fileManager = FileManager.default
    if !fileManager.fileExists(atPath: file.path) {
      try TSVTable.write([["report", "address", "content_key", "sent_at"]], to: file)
    }
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: TSVTable.encoded([[report, address, key, time]]))
  }
}
