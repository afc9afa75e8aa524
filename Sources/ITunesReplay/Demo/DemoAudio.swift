import Foundation

/// The demo's preview audio, made on request: a WAV file (16-bit PCM, mono, 16 kHz) of a short
/// tune, different for every item id and the same on every run, so no audio file or encoder is
/// needed at run time.
package enum DemoAudio {
  /// Samples per second.
  static let sampleRate = 16_000
  /// A pentatonic scale (A minor), in hertz.
  static let scale: [Double] = [220.00, 261.63, 293.66, 329.63, 392.00, 440.00, 523.25, 587.33]

  /// The WAV for an item: `seconds` long, its tune chosen by `id`.
  package static func wav(id: Int64, seconds: Int = DemoCatalogue.previewSeconds) -> Data {
    var random = DemoRandom(seed: UInt64(bitPattern: id) ^ 0x5741_5645)
    let notes = (0..<8).map { _ in scale[random.int(0...(scale.count - 1))] }
    let noteLength = sampleRate * 3 / 8
    let count = sampleRate * seconds
    var samples = [Int16](repeating: 0, count: count)
    var phase = 0.0
    var harmonic = 0.0
    for index in 0..<count {
      let note = (index / noteLength) % notes.count
      let within = Double(index % noteLength) / Double(sampleRate)
      let frequency = notes[note]
      phase += 2 * Double.pi * frequency / Double(sampleRate)
      harmonic += 4 * Double.pi * frequency / Double(sampleRate)
      if phase > 2 * Double.pi { phase -= 2 * Double.pi }
      if harmonic > 2 * Double.pi { harmonic -= 2 * Double.pi }
      let attack = min(1, within / 0.01)
      let envelope = attack * exp(-3 * within)
      let value = (sin(phase) + 0.3 * sin(harmonic)) * envelope * 0.35
      samples[index] = Int16(max(-1, min(1, value)) * Double(Int16.max))
    }
    return header(sampleCount: count) + samples.withUnsafeBytes { Data($0) }
  }

  /// A RIFF/WAVE header for `sampleCount` 16-bit mono samples (little-endian, as x86 and ARM
  /// store them).
  static func header(sampleCount: Int) -> Data {
    var data = Data()
    func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
    func append32(_ value: UInt32) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    func append16(_ value: UInt16) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    let bytes = UInt32(sampleCount * 2)
    append("RIFF")
    append32(36 + bytes)
    append("WAVE")
    append("fmt ")
    append32(16)
    append16(1)
    append16(1)
    append32(UInt32(sampleRate))
    append32(UInt32(sampleRate * 2))
    append16(2)
    append16(16)
    append("data")
    append32(bytes)
    return data
  }

  /// The media the demo serves for a path below `/media/`: previews as
  /// `itunes-assets/AudioPreview/Demo/<id>.wav`.
  static func media(path: String) -> CatalogEngine.GeneratedMedia? {
    let prefix = DemoCatalogue.previewPrefix + "/"
    guard path.hasPrefix(prefix), path.hasSuffix(".wav"),
      let id = Int64(path.dropFirst(prefix.count).dropLast(4)), id > DemoGenerator.idBase
    else { return nil }
    return CatalogEngine.GeneratedMedia(body: wav(id: id), contentType: "audio/wav")
  }
}
