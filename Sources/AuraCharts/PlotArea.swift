/// The inner rectangle of a chart with its title, y axis (grid lines, tick labels, a rotated
/// label with units) and x-axis label drawn: what every x/y chart shares.
struct PlotArea {
  let left: Double
  let top: Double
  let right: Double
  let bottom: Double

  /// Lays out a plot inside a canvas and draws its frame. `yScale` is built from the returned
  /// vertical range by the caller's values, so it is passed as a closure of that range.
  static func draw(
    on canvas: inout SVGCanvas, xLabel: String, yLabel: String,
    yScale makeScale: (ClosedRange<Double>) -> LinearScale
  ) -> (PlotArea, LinearScale) {
    let top = 36.0
    let bottom = canvas.height - 34
    let scale = makeScale(top...bottom)
    let ticks = scale.ticks(4)
    let step = ticks.count > 1 ? ticks[1] - ticks[0] : 1
    let labels = ticks.map { LinearScale.label($0, step: step) }
    // The rotated axis label takes 18 px; each tick label character about 6 px at size 10.
    let widest = Double(labels.map(\.count).max() ?? 1)
    let area = PlotArea(left: 22 + 6 * widest, top: top, right: canvas.width - 10, bottom: bottom)
    canvas.heading()
    for (tick, label) in zip(ticks, labels) {
      let y = scale(tick)
      canvas.line(x1: area.left, y1: y, x2: area.right, y2: y, stroke: Palette.grid)
      canvas.text(
        label, x: area.left - 4, y: y + 3.5, size: 10,
        anchor: "end", fill: Palette.muted)
    }
    canvas.line(
      x1: area.left, y1: area.bottom, x2: area.right, y2: area.bottom, stroke: Palette.outline)
    canvas.text(
      yLabel, x: 11, y: (area.top + area.bottom) / 2, size: 10, anchor: "middle",
      fill: Palette.muted, rotate: -90)
    canvas.text(
      xLabel, x: (area.left + area.right) / 2, y: canvas.height - 4, size: 10, anchor: "middle",
      fill: Palette.muted)
    return (area, scale)
  }

  var width: Double { right - left }
}
