/// One or more series over shared x categories (weeks, parameter values). Each series has its
/// own marker shape and dash as well as colour, and a legend names them.
package struct LineChart: Sendable {
  /// One line; nil values leave a gap.
  package struct Series: Sendable {
    package var name: String
    package var values: [Double?]
    /// Text drawn beside each point (e.g. the tier at that week); empty strings skip a point.
    package var pointLabels: [String]

    package init(name: String, values: [Double?], pointLabels: [String] = []) {
      self.name = name
      self.values = values
      self.pointLabels = pointLabels
    }
  }

  package var title: String
  package var xLabel: String
  package var yLabel: String
  package var categories: [String]
  package var series: [Series]
  package var valueDigits: Int

  package init(
    title: String, xLabel: String, yLabel: String, categories: [String], series: [Series],
    valueDigits: Int = 1
  ) {
    self.title = title
    self.xLabel = xLabel
    self.yLabel = yLabel
    self.categories = categories
    self.series = series
    self.valueDigits = valueDigits
  }

  /// The chart as an SVG element, 360 units wide; the legend adds a row per two series.
  package func svg(width: Double = 360, height: Double = 200) -> String {
    let legendRows = series.count > 1 ? (series.count + 1) / 2 : 0
    let total = height + Double(legendRows) * 14
    let summary = series.map { line in
      line.name + ": "
        + zip(categories, line.values).compactMap { category, value in
          value.map { "\(category) \(format($0))" }
        }.joined(separator: ", ")
    }.joined(separator: "; ")
    var canvas = SVGCanvas(width: width, height: total, title: title, summary: summary)
    let values = series.flatMap { $0.values.compactMap { $0 } }
    let (area, scale) = PlotArea.draw(
      on: &canvas, xLabel: xLabel, yLabel: yLabel
    ) { range in
      LinearScale.nice(
        covering: values, range: (range.lowerBound + Double(legendRows) * 14)...range.upperBound,
        inverted: true, ticks: 4)
    }
    let slot = area.width / Double(max(1, categories.count))
    func x(_ index: Int) -> Double { area.left + slot * (Double(index) + 0.5) }
    let labelEvery = max(1, Int((Double(categories.count) * 44 / area.width).rounded(.up)))
    for (index, category) in categories.enumerated() where index % labelEvery == 0 {
      canvas.text(category, x: x(index), y: area.bottom + 12, size: 9, anchor: "middle")
    }
    for (number, line) in series.enumerated() {
      let colour = Palette.series[number % Palette.series.count]
      let dash = number == 0 ? nil : ["5 3", "2 2", "8 3 2 3"][(number - 1) % 3]
      var pieces: [String] = []
      var current = ""
      for (index, value) in line.values.enumerated() {
        guard let value else {
          if !current.isEmpty { pieces.append(current) }
          current = ""
          continue
        }
        current += (current.isEmpty ? "M" : "L") + "\(n(x(index))) \(n(scale(value)))"
      }
      if !current.isEmpty { pieces.append(current) }
      for piece in pieces { canvas.path(piece, stroke: colour, width: 2, dash: dash) }
      for (index, value) in line.values.enumerated() {
        guard let value else { continue }
        Marker(number).draw(
          on: &canvas, x: x(index), y: scale(value), colour: colour,
          tooltip: "\(line.name), \(categories[index]): \(format(value))")
        if index < line.pointLabels.count, !line.pointLabels[index].isEmpty {
          canvas.text(
            line.pointLabels[index], x: x(index), y: scale(value) - 7, size: 8, anchor: "middle",
            fill: Palette.muted)
        }
      }
    }
    if legendRows > 0 {
      for (number, line) in series.enumerated() {
        let column = Double(number % 2)
        let row = Double(number / 2)
        let lx = area.left + column * (area.width / 2)
        let ly = 28 + row * 14
        let colour = Palette.series[number % Palette.series.count]
        canvas.line(x1: lx, y1: ly - 3, x2: lx + 16, y2: ly - 3, stroke: colour, width: 2)
        Marker(number).draw(on: &canvas, x: lx + 8, y: ly - 3, colour: colour, tooltip: nil)
        canvas.text(line.name, x: lx + 20, y: ly, size: 10)
      }
    }
    return canvas.render()
  }

  private func format(_ value: Double) -> String { fixed(value, valueDigits) }
}

/// A point marker whose shape tells series apart without colour.
struct Marker {
  let shape: Int

  init(_ series: Int) { shape = series % 4 }

  func draw(on canvas: inout SVGCanvas, x: Double, y: Double, colour: String, tooltip: String?) {
    switch shape {
    case 0: canvas.ellipse(cx: x, cy: y, rx: 3.5, ry: 3.5, fill: colour, tooltip: tooltip)
    case 1:
      canvas.rect(x: x - 3.5, y: y - 3.5, width: 7, height: 7, fill: colour, tooltip: tooltip)
    case 2:
      canvas.path(
        "M\(n(x)) \(n(y - 4.5))L\(n(x + 4)) \(n(y + 3))L\(n(x - 4)) \(n(y + 3))Z", fill: colour,
        tooltip: tooltip)
    default:
      canvas.path(
        "M\(n(x)) \(n(y - 4.5))L\(n(x + 4)) \(n(y))L\(n(x)) \(n(y + 4.5))L\(n(x - 4)) \(n(y))Z",
        fill: colour, tooltip: tooltip)
    }
  }
}
