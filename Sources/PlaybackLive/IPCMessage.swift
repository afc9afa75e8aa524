import Foundation
import Playback

/// One line mpv sent over its IPC socket: a reply (`request_id`, `error`, `data`) or an event
/// (`event`, and for property changes `id`, `name`, `data`; for `end-file` `reason`,
/// `file_error`, `playlist_entry_id`).
struct IPCMessage: Equatable, Sendable {
  /// The request this replies to (events have none).
  var requestID: Int?
  /// `"success"` or mpv's error text, for replies.
  var error: String?
  /// The event's name, for events.
  var event: String?
  /// The property's name, for `property-change`.
  var name: String?
  /// `end-file`'s reason: `eof`, `stop`, `quit`, `error`, `redirect`.
  var reason: String?
  /// `end-file`'s error text, e.g. `loading failed`.
  var fileError: String?
  /// The playlist entry an event or a `loadfile` reply is about.
  var playlistEntryID: Int?
  /// `data` as a number.
  var number: Double?
  /// `data` as a flag.
  var flag: Bool?
  /// `data` as text.
  var text: String?
  /// A `log-message` event's text.
  var logText: String?

  /// Parses one line; `nil` when it is not a JSON object.
  static func parse(_ line: Data) -> IPCMessage? {
    guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
      return nil
    }
    var message = IPCMessage()
    message.event = object["event"] as? String
    if message.event == nil {
      message.requestID = (object["request_id"] as? NSNumber)?.intValue
      message.error = object["error"] as? String
    }
    message.name = object["name"] as? String
    message.reason = object["reason"] as? String
    message.fileError = object["file_error"] as? String
    message.logText = object["text"] as? String
    message.playlistEntryID = (object["playlist_entry_id"] as? NSNumber)?.intValue
    let data = object["data"]
    if let entry = (data as? [String: Any])?["playlist_entry_id"] as? NSNumber {
      message.playlistEntryID = entry.intValue
    }
    if let string = data as? String {
      message.text = string
    } else if data is NSNumber || data is Bool || data is Double || data is Int {
      message.number = (data as? NSNumber)?.doubleValue ?? (data as? Double)
      message.flag = (data as? Bool) ?? (data as? NSNumber)?.boolValue
    }
    return message
  }

  /// Encodes a command with its request id as one line.
  static func encode(_ command: [IPCArgument], requestID: Int) -> Data {
    let object: [String: Any] = ["command": command.map(\.value), "request_id": requestID]
    var data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    data.append(0x0A)
    return data
  }
}

/// One argument of an mpv command.
enum IPCArgument: Equatable, Sendable, ExpressibleByStringLiteral {
  case string(String)
  case number(Double)
  case integer(Int)
  case flag(Bool)

  /// A text argument.
  init(stringLiteral value: String) { self = .string(value) }

  var value: Any {
    switch self {
    case .string(let text): return text
    case .number(let number): return number
    case .integer(let integer): return integer
    case .flag(let flag): return flag
    }
  }
}
