/// Artwork: a request (URL, pixel size) → memory cache → disk cache → coalesced download →
/// decode (JPEG through TurboJPEG, PNG through libpng, chosen by the magic bytes) → scale.
package enum Artwork {}
