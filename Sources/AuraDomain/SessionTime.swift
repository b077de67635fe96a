/// A session's start as the dataset gives it (ISO 8601), parsed once at ingest: the text as
/// given (what is published), its epoch seconds and its day. Encoded as the text alone;
/// decoding text that is not ISO 8601 fails, so every value has a day and a timestamp, and no
/// later stage parses it again or falls back to a made-up date.
package struct SessionTime: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The ISO 8601 text as the dataset gives it.
  package let text: String
  /// Seconds since 1970-01-01T00:00:00Z.
  package let timestamp: Double
  /// Days since 1970-01-01 of the date as written (the athlete's local date).
  package let day: Int

  /// `text` parsed; nil when it is not ISO 8601.
  package init?(_ text: String) {
    guard let timestamp = ISODates.timestamp(text), let day = ISODates.day(text) else {
      return nil
    }
    self.text = text
    self.timestamp = timestamp
    self.day = day
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let parsed = SessionTime(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not an ISO 8601 time")
    }
    self = parsed
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }

  /// Ordered as their texts are, as the published tables always ordered them.
  package static func < (a: SessionTime, b: SessionTime) -> Bool { a.text < b.text }

  package var description: String { text }
}
