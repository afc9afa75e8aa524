/// The kitty graphics protocol, written by hand: chafa's kitty output has no ids, so its images
/// could not be moved or deleted one by one. Images are transmitted once (PNG, in chunks of
/// 4096 base64 bytes), then placed and deleted by image and placement id. Every command asks
/// for no reply (`q=2`), so nothing comes back on the input.
package enum KittyGraphics {
  /// The graphics query sent at start-up: a 1×1 image the terminal checks and forgets; kitty
  /// answers `ESC _ G i=31;OK ESC \`.
  package static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"

  /// Transmits `png` as image `id`, without showing it.
  package static func transmit(png: [UInt8], id: UInt32) -> [UInt8] {
    transmit(base64: Base64.encode(png), id: id)
  }

  /// Transmits an image already in base64 (made off the UI loop) as image `id`.
  package static func transmit(base64 payload: [UInt8], id: UInt32) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(payload.count + payload.count / 4096 * 16 + 64)
    var start = 0
    repeat {
      let end = min(payload.count, start + 4096)
      let more = end < payload.count ? 1 : 0
      out.append(contentsOf: Array("\u{1B}_G".utf8))
      if start == 0 {
        out.append(contentsOf: Array("a=t,f=100,t=d,i=\(id),q=2,m=\(more)".utf8))
      } else {
        out.append(contentsOf: Array("m=\(more)".utf8))
      }
      out.append(UInt8(ascii: ";"))
      out.append(contentsOf: payload[start..<end])
      out.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
      start = end
    } while start < payload.count
    return out
  }

  /// Shows image `id` at the cursor, scaled to `columns`×`rows` cells, as placement
  /// `placement`; the cursor does not move. `source` picks the image's pixels to show (kitty's
  /// `x`, `y`, `w`, `h`): the part that covers the cells, `nil` for all of it.
  package static func place(
    id: UInt32, placement: UInt32, columns: Int, rows: Int, source: ImageFit.PixelRect? = nil
  ) -> [UInt8] {
    var keys = "a=p,i=\(id),p=\(placement),c=\(columns),r=\(rows)"
    if let source {
      keys += ",x=\(source.x),y=\(source.y),w=\(source.width),h=\(source.height)"
    }
    return Array("\u{1B}_G\(keys),C=1,q=2\u{1B}\\".utf8)
  }

  /// Removes one placement; the image stays transmitted.
  package static func deletePlacement(id: UInt32, placement: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=i,i=\(id),p=\(placement),q=2\u{1B}\\".utf8)
  }

  /// Removes every placement on the screen; the images stay transmitted.
  package static let deleteAllPlacements = Array("\u{1B}_Ga=d,d=a,q=2\u{1B}\\".utf8)

  /// Frees every image and placement (when tunes gives the terminal back).
  package static let deleteAllImages = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
}

extension KittyGraphics {
  /// A virtual placement of image `id` over `columns`×`rows` cells, shown wherever its Unicode
  /// placeholders are (see ``KittyPlaceholders``).
  /// `source` picks the pixels to show (the cover crop), as for ``place(id:placement:columns:rows:source:)``.
  package static func placeVirtual(
    id: UInt32, columns: Int, rows: Int, source: ImageFit.PixelRect? = nil
  ) -> [UInt8] {
    var keys = "a=p,U=1,i=\(id),c=\(columns),r=\(rows)"
    if let source {
      keys += ",x=\(source.x),y=\(source.y),w=\(source.width),h=\(source.height)"
    }
    return Array("\u{1B}_G\(keys),q=2\u{1B}\\".utf8)
  }

  /// Frees image `id` and its placements (its number is given to another image).
  package static func deleteImage(id: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
  }
}
