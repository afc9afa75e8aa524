/// Something that draws itself into an area of a buffer. Widgets are values built for one
/// frame; anything that must survive between frames lives in a separate state struct.
public protocol Widget {
  /// Draws into `area` of `buffer`, never outside it.
  func render(in area: Rect, buffer: inout Buffer)
}
