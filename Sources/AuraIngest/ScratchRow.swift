import AuraDomain

/// A row of a per-athlete table as `RowsByAthlete` sets it aside: its fields one after the
/// other, read back in the order written. Written by hand because a generic `Codable` coder
/// costs several times more per row, and every row is written once and read twice a run.
package protocol ScratchRow: Sendable {
  var athleteId: String { get }
  func write(to row: inout ScratchRowWriter)
  init(from row: inout ScratchRowReader)
}

/// Writes a row's fields: a text as its UTF-8 length (4 bytes) and bytes; a number as a
/// presence byte and its 8 bytes, bit for bit.
package struct ScratchRowWriter {
  private(set) var bytes: [UInt8] = []

  /// Empties it for the next row, keeping its room.
  mutating func clear() { bytes.removeAll(keepingCapacity: true) }

  mutating func text(_ value: String) {
    var text = value
    text.withUTF8 { utf8 in
      length(utf8.count)
      bytes.append(contentsOf: utf8)
    }
  }

  mutating func text(_ value: String?) {
    bytes.append(value == nil ? 0 : 1)
    if let value { text(value) }
  }

  mutating func number(_ value: Double?) {
    guard let value else { return bytes.append(0) }
    bytes.append(1)
    withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func length(_ count: Int) {
    withUnsafeBytes(of: UInt32(count).littleEndian) { bytes.append(contentsOf: $0) }
  }
}

/// Reads back what `ScratchRowWriter` wrote, in the same order. The bytes are the run's own: a
/// read past their end is a broken scratch file, and stops the run.
package struct ScratchRowReader {
  private let bytes: [UInt8]
  private(set) var position: Int

  init(_ bytes: [UInt8], at position: Int = 0) {
    self.bytes = bytes
    self.position = position
  }

  mutating func text() -> String {
    let count = length()
    let text = String(decoding: take(count), as: UTF8.self)
    return text
  }

  mutating func optionalText() -> String? {
    take(1).first! == 0 ? nil : text()
  }

  mutating func number() -> Double? {
    guard take(1).first! != 0 else { return nil }
    let raw = take(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    return Double(bitPattern: raw)
  }

  mutating func length() -> Int {
    Int(take(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
  }

  private mutating func take(_ count: Int) -> ArraySlice<UInt8> {
    precondition(position + count <= bytes.count, "the run's scratch file holds a broken row")
    defer { position += count }
    return bytes[position..<position + count]
  }
}

extension WellnessDay: ScratchRow {
  package func write(to row: inout ScratchRowWriter) {
    row.text(athleteId)
    row.text(date)
    row.number(hrvMilliseconds)
    row.text(hrvMetric.rawValue)
    row.number(sleepHours)
    row.number(sleepQuality)
    row.number(restingHeartRateBpm)
    row.number(activeKcal)
    row.text(cyclePhase)
  }

  package init(from row: inout ScratchRowReader) {
    self.init(
      athleteId: row.text(), date: row.text(), hrvMilliseconds: row.number(),
      hrvMetric: HRVMetric(rawValue: row.text()) ?? .rmssd, sleepHours: row.number(),
      sleepQuality: row.number(), restingHeartRateBpm: row.number(), activeKcal: row.number(),
      cyclePhase: row.optionalText())
  }
}

/// A per-day row whose other fields are optional numbers: written as its athlete, its date,
/// then `numberFields` in order.
protocol NumbersOfADay: ScratchRow, AthleteDayRow {
  static var numberFields: [WritableKeyPath<Self, Double?> & Sendable] { get }
  /// The row with no number.
  init(athleteId: String, date: String)
}

extension NumbersOfADay {
  package func write(to row: inout ScratchRowWriter) {
    row.text(athleteId)
    row.text(date)
    for field in Self.numberFields { row.number(self[keyPath: field]) }
  }

  package init(from row: inout ScratchRowReader) {
    self.init(athleteId: row.text(), date: row.text())
    for field in Self.numberFields { self[keyPath: field] = row.number() }
  }
}

extension NutritionDay: NumbersOfADay {
  static let numberFields: [WritableKeyPath<NutritionDay, Double?> & Sendable] = [
    \.targetKcal, \.kcal, \.proteinGrams, \.carbsGrams, \.fatGrams, \.waterLiters,
    \.creatineGrams, \.wheyGrams,
  ]

  init(athleteId: String, date: String) {
    self.init(
      athleteId: athleteId, date: date, targetKcal: nil, kcal: nil, proteinGrams: nil,
      carbsGrams: nil, fatGrams: nil, waterLiters: nil, creatineGrams: nil, wheyGrams: nil)
  }
}

extension MorphoRecord: NumbersOfADay {
  static let numberFields: [WritableKeyPath<MorphoRecord, Double?> & Sendable] = [
    \.torsoCm, \.femurCm, \.tibiaCm, \.humerusCm, \.forearmCm, \.shoulderWidthCm,
    \.hipWidthCm, \.armSpanCm,
  ]

  init(athleteId: String, date: String) {
    self.init(
      athleteId: athleteId, date: date, torsoCm: nil, femurCm: nil, tibiaCm: nil,
      humerusCm: nil, forearmCm: nil, shoulderWidthCm: nil, hipWidthCm: nil, armSpanCm: nil)
  }
}
