/// Weekly sets per muscle as horizontal bars over the muscle's volume landmarks: below MEV,
/// MEV–MAV, MAV, MAV–MRV and above MRV shaded behind each bar, and the band written beside it.
package struct VolumeBandChart: Sendable {
  /// One muscle's week.
  package struct Row: Sendable {
    package var muscle: String
    package var sets: Double
    /// The band as the pipeline published it, written beside the bar (e.g. "MEV–MAV").
    package var band: String
    /// RP's landmarks, sets per week: MEV, the low and high end of MAV, MRV.
    package var landmarks: [Double]

    package init(muscle: String, sets: Double, band: String, landmarks: [Double]) {
      self.muscle = muscle
      self.sets = sets
      self.band = band
      self.landmarks = landmarks
    }
  }

  package var title: String
  package var rows: [Row]

  package init(title: String, rows: [Row]) {
    self.title = title
    self.rows = rows
  }

  static let bands: [(name: String, fill: String)] = [
    ("below MEV", "#eef0f3"), ("MEV–MAV", "#dcefe6"), ("MAV", "#a8dcc5"), ("MAV–MRV", "#fbe7c2"),
    ("above MRV", "#f8d3c0"),
  ]

  /// The chart as an SVG element, 360 units wide, one 20-unit row per muscle.
  package func svg(width: Double = 360) -> String {
    let rowHeight = 20.0
    let top = 24.0
    let height = top + rowHeight * Double(rows.count) + 60
    let summary = rows.map { "\($0.muscle) \(format($0.sets)) sets (\($0.band))" }.joined(
      separator: ", ")
    var canvas = SVGCanvas(width: width, height: height, title: title, summary: summary)
    canvas.heading()
    let labelWidth = 104.0
    let upper = rows.map { max(($0.landmarks.last ?? 0) * 1.15, $0.sets) }.max() ?? 10
    // Room on the right for the longest "7.5 · below MEV" (about 5.5 px a character at 9 px).
    let valueWidth =
      Double(rows.map { "\(format($0.sets)) · \($0.band)".count }.max() ?? 10) * 5.5 + 8
    let scale = LinearScale.nice(
      covering: [0, upper], range: labelWidth...(width - valueWidth), ticks: 4)
    for (index, row) in rows.enumerated() {
      let y = top + rowHeight * Double(index)
      canvas.text(row.muscle, x: labelWidth - 4, y: y + 13, size: 10, anchor: "end")
      let edges = [scale.domain.lowerBound] + row.landmarks + [scale.domain.upperBound]
      for (band, (low, high)) in zip(Self.bands, zip(edges, edges.dropFirst())) where high > low {
        canvas.rect(
          x: scale(low), y: y + 2, width: scale(high) - scale(low), height: rowHeight - 4,
          fill: band.fill)
      }
      canvas.rect(
        x: scale(0), y: y + 6, width: scale(row.sets) - scale(0), height: rowHeight - 12,
        fill: Palette.ink,
        tooltip:
          "\(row.muscle): \(format(row.sets)) sets; landmarks MEV, MAV, MRV: "
          + row.landmarks.map(format).joined(separator: ", ")
      )
      canvas.text(
        "\(format(row.sets)) · \(row.band)", x: scale.range.upperBound + 4, y: y + 13, size: 9)
    }
    let axisY = top + rowHeight * Double(rows.count) + 2
    let ticks = scale.ticks(4)
    for tick in ticks {
      canvas.text(
        format(tick), x: scale(tick), y: axisY + 10, size: 9, anchor: "middle",
        fill: Palette.muted)
    }
    canvas.text(
      "sets per week (secondary muscles count half)", x: scale(scale.domain.upperBound / 2),
      y: axisY + 22, size: 9, anchor: "middle", fill: Palette.muted)
    for (index, band) in Self.bands.enumerated() {
      let x = 4 + Double(index % 3) * 110
      let y = axisY + 30 + Double(index / 3) * 14
      canvas.rect(x: x, y: y, width: 10, height: 10, fill: band.fill, stroke: Palette.outline)
      canvas.text(band.name, x: x + 13, y: y + 9, size: 9)
    }
    return canvas.render()
  }

  private func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }
}
