/// Vertical bars with an optional horizontal threshold line: per-rep velocity against the
/// velocity-loss threshold. Bars past the threshold are hatched as well as coloured.
package struct BarChart: Sendable {
  /// One bar.
  package struct Bar: Sendable {
    package var label: String
    package var value: Double
    /// Drawn hatched in the warning colour (e.g. a rep past the velocity-loss threshold).
    package var flagged: Bool

    package init(label: String, value: Double, flagged: Bool = false) {
      self.label = label
      self.value = value
      self.flagged = flagged
    }
  }

  /// A horizontal reference line with its label (e.g. "20 % loss: 0.52 m/s").
  package struct Threshold: Sendable {
    package var value: Double
    package var label: String

    package init(value: Double, label: String) {
      self.value = value
      self.label = label
    }
  }

  package var title: String
  package var xLabel: String
  package var yLabel: String
  package var bars: [Bar]
  package var threshold: Threshold?
  /// How bar values are printed above the bars.
  package var valueDigits: Int

  package init(
    title: String, xLabel: String, yLabel: String, bars: [Bar], threshold: Threshold? = nil,
    valueDigits: Int = 2
  ) {
    self.title = title
    self.xLabel = xLabel
    self.yLabel = yLabel
    self.bars = bars
    self.threshold = threshold
    self.valueDigits = valueDigits
  }

  /// The chart as an SVG element, 360 units wide.
  package func svg(width: Double = 360, height: Double = 190) -> String {
    let values = bars.map(\.value)
    var summary =
      "\(bars.count) bars: "
      + bars.map { "\($0.label) \(format($0.value))" }.joined(
        separator: ", ")
    if let threshold { summary += "; threshold \(threshold.label)" }
    var canvas = SVGCanvas(width: width, height: height, title: title, summary: summary)
    canvas.define(Palette.hatch)
    let (area, scale) = PlotArea.draw(
      on: &canvas, xLabel: xLabel, yLabel: yLabel
    ) { range in
      LinearScale.nice(
        covering: values, including: [0] + (threshold.map { [$0.value] } ?? []), range: range,
        inverted: true, ticks: 4)
    }
    let slot = area.width / Double(max(1, bars.count))
    let barWidth = min(34, slot * 0.7)
    for (index, bar) in bars.enumerated() {
      let x = area.left + slot * (Double(index) + 0.5)
      let top = scale(bar.value)
      let fill = bar.flagged ? Palette.warning : Palette.accent
      let tooltip = "\(bar.label): \(format(bar.value))" + (bar.flagged ? " (past threshold)" : "")
      canvas.rect(
        x: x - barWidth / 2, y: top, width: barWidth, height: area.bottom - top, fill: fill,
        tooltip: tooltip)
      if bar.flagged {
        canvas.rect(
          x: x - barWidth / 2, y: top, width: barWidth, height: area.bottom - top,
          fill: Palette.hatchFill)
      }
      canvas.text(format(bar.value), x: x, y: top - 3, size: 9, anchor: "middle")
      canvas.text(bar.label, x: x, y: area.bottom + 12, size: 10, anchor: "middle")
    }
    if let threshold {
      let y = scale(threshold.value)
      canvas.line(
        x1: area.left, y1: y, x2: area.right, y2: y, stroke: Palette.bad, width: 1.5, dash: "5 3")
      canvas.line(
        x1: area.right - 22, y1: 24, x2: area.right, y2: 24, stroke: Palette.bad, width: 1.5,
        dash: "5 3")
      canvas.text(
        threshold.label, x: area.right - 26, y: 27, size: 9, anchor: "end", fill: Palette.bad)
    }
    return canvas.render()
  }

  private func format(_ value: Double) -> String { fixed(value, valueDigits) }
}
