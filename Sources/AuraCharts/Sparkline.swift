/// A word-sized chart for a table cell: one value per period (an ISO week), oldest first, as
/// bars or as a line, with no text inside it (its numbers are in its `<desc>` and beside it),
/// so nothing can overflow its box. A missing value leaves a gap.
package struct Sparkline: Sendable {
  package enum Style: Sendable { case bars, line }

  package var title: String
  package var values: [Double?]
  package var style: Style
  /// The top of the scale; nil scales to the largest value.
  package var maximum: Double?

  package init(title: String, values: [Double?], style: Style, maximum: Double? = nil) {
    self.title = title
    self.values = values
    self.style = style
    self.maximum = maximum
  }

  static let width = 96.0
  static let height = 24.0

  /// The SVG, or nil when no period has a value.
  package func render(summary: String) -> String? {
    let known = values.compactMap { $0 }
    guard !known.isEmpty, !values.isEmpty else { return nil }
    let top = max(maximum ?? known.max() ?? 1, 1e-9)
    var canvas = SVGCanvas(width: Self.width, height: Self.height, title: title, summary: summary)
    canvas.cssClass = "spark"
    let step = Self.width / Double(values.count)
    func y(_ value: Double) -> Double {
      Self.height - 2 - (Self.height - 4) * min(value, top) / top
    }
    canvas.line(
      x1: 0, y1: Self.height - 1, x2: Self.width, y2: Self.height - 1, stroke: Palette.grid)
    switch style {
    case .bars:
      for (index, value) in values.enumerated() {
        guard let value else { continue }
        canvas.rect(
          x: Double(index) * step + 1, y: y(value), width: step - 2,
          height: Self.height - 1 - y(value), fill: Palette.accent)
      }
    case .line:
      var data = ""
      var open = false
      for (index, value) in values.enumerated() {
        guard let value else {
          open = false
          continue
        }
        let x = (Double(index) + 0.5) * step
        data += "\(open ? "L" : "M")\(n(x)) \(n(y(value)))"
        open = true
      }
      canvas.path(data, stroke: Palette.accent, width: 1.5)
      if let last = values.indices.last(where: { values[$0] != nil }), let value = values[last] {
        canvas.ellipse(
          cx: (Double(last) + 0.5) * step, cy: y(value), rx: 2, ry: 2, fill: Palette.accent)
      }
    }
    return canvas.render()
  }
}
