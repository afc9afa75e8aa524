import Glibc

/// The size of the terminal window in cells and, when the terminal reports it, in pixels.
package struct WindowSize: Sendable, Equatable {
  /// Columns.
  package var cols: Int
  /// Rows.
  package var rows: Int
  /// Width of the text area in pixels; 0 when the terminal does not say.
  package var pixelWidth: Int
  /// Height of the text area in pixels; 0 when the terminal does not say.
  package var pixelHeight: Int

  /// Creates a window size.
  package init(cols: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
    self.cols = cols
    self.rows = rows
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }

  /// Reads the window size of the terminal on `fd` (`TIOCGWINSZ`).
  /// - Returns: `nil` when `fd` is not a terminal or reports zero columns or rows.
  package static func read(fd: Int32 = STDOUT_FILENO) -> WindowSize? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return nil
    }
    return WindowSize(
      cols: Int(size.ws_col), rows: Int(size.ws_row),
      pixelWidth: Int(size.ws_xpixel), pixelHeight: Int(size.ws_ypixel))
  }

  /// The size of one cell in pixels, when the terminal reports pixel sizes.
  package var cellPixelSize: (width: Int, height: Int)? {
    guard pixelWidth > 0, pixelHeight > 0, cols > 0, rows > 0 else { return nil }
    return (pixelWidth / cols, pixelHeight / rows)
  }
}

/// A size in pixels.
package struct PixelSize: Sendable, Equatable {
  /// Pixels across.
  package var width: Int
  /// Pixels down.
  package var height: Int

  /// Creates a size.
  package init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

extension WindowSize {
  /// One cell's size in pixels, from the window's pixel size over its cells; `nil` when the
  /// terminal does not fill in the pixel fields.
  package var cellPixels: PixelSize? {
    guard pixelWidth > 0, pixelHeight > 0, cols > 0, rows > 0 else { return nil }
    return PixelSize(width: pixelWidth / cols, height: pixelHeight / rows)
  }
}
