import TerminalUI

/// Where an image goes inside an area of cells: as large as fits with its aspect kept,
/// centred.
package enum ImageFit {
  /// The cells `width`×`height` pixels take inside `area` with cells of `cell` pixels.
  package static func fit(width: Int, height: Int, in area: Rect, cell: CellPixels) -> Rect {
    guard width > 0, height > 0, !area.isEmpty, cell.width > 0, cell.height > 0 else {
      return Rect(x: area.x, y: area.y, width: 0, height: 0)
    }
    let areaWidth = Double(area.width * cell.width)
    let areaHeight = Double(area.height * cell.height)
    let scale = min(areaWidth / Double(width), areaHeight / Double(height))
    let columns = max(
      1, min(area.width, Int((Double(width) * scale / Double(cell.width)).rounded())))
    let rows = max(
      1, min(area.height, Int((Double(height) * scale / Double(cell.height)).rounded())))
    return Rect(
      x: area.x + (area.width - columns) / 2, y: area.y + (area.height - rows) / 2,
      width: columns, height: rows)
  }
}
