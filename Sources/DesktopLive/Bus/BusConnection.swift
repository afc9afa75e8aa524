import CGio
import Dispatch
import Glibc
import Synchronization

/// A connection to a message bus (GDBus) served on a thread of its own, `tunes-dbus`.
///
/// The thread makes a `GMainContext`, connects, exports the interfaces, asks for a well-known
/// name, then sleeps in `g_main_loop_run` (in `poll`, no timers) until a call, a property read or
/// work from another thread (`perform`, through `g_main_context_invoke_full`) wakes it. Method
/// handlers, property reads and reply callbacks all run there, one at a time.
///
/// `open` waits for the whole start, bounded by its timeout: a bus that accepts the socket but
/// never answers is cancelled (`GCancellable`) and reported as `.timedOut`.
///
/// `@unchecked Sendable`: the C pointers are made before the thread starts and never replaced;
/// `connection` and the registrations are touched on the bus thread only, the rest under `state`.
package final class BusConnection: @unchecked Sendable {
  /// Why a connection could not be opened.
  package enum Failure: Error, Equatable, Sendable {
    /// The address could not be connected to (GDBus's message).
    case unreachable(String)
    /// The bus did not finish the start (authentication, `Hello`, `RequestName`) in time.
    case timedOut(Duration)
    /// Every name asked for is owned by another connection.
    case namesTaken([String])
    /// The bus or GDBus refused a step after connecting (its message).
    case refused(String)
  }

  /// What the start learnt, reported to `open` by the bus thread.
  private struct Started: Sendable {
    var uniqueName: String
    var ownedName: String?
  }

  private struct State {
    var started: Result<Started, Failure>?
    var closed = false
    var threadID: pid_t = 0
  }

  private let address: String
  private let path: String
  private let interfaces: [BusInterface]
  private let names: [String]
  private let timeout: Duration
  private let context: OpaquePointer
  private let loop: OpaquePointer
  private let cancellable: UnsafeMutablePointer<GCancellable>
  private let state = Mutex(State())
  private let startedSignal = DispatchSemaphore(value: 0)
  private var thread: UnsafeMutablePointer<GThread>?
  // Bus thread only.
  private var connection: OpaquePointer?
  private var nodeInfo: UnsafeMutablePointer<GDBusNodeInfo>?
  private var registrations: [guint] = []

  private init(
    address: String, path: String, interfaces: [BusInterface], names: [String],
    timeout: Duration
  ) {
    self.address = address
    self.path = path
    self.interfaces = interfaces
    self.names = names
    self.timeout = timeout
    context = g_main_context_new()
    loop = g_main_loop_new(context, 0)
    cancellable = g_cancellable_new()
  }

  deinit {
    g_main_loop_unref(loop)
    g_main_context_unref(context)
    g_object_unref(cancellable)
  }

  /// Connects to the bus at `address` (a D-Bus address such as `unix:path=/run/user/1000/bus`),
  /// exports `interfaces` at `path`, and owns the first of `names` the bus grants.
  ///
  /// Blocks the caller until the bus thread has done all that or `timeout` has passed.
  /// - Returns: the open connection, or why not: `namesTaken` when `names` is not empty and the
  ///   bus granted none of them.
  package static func open(
    address: String, path: String = "/", interfaces: [BusInterface] = [], names: [String] = [],
    timeout: Duration = .seconds(3)
  ) -> Result<BusConnection, Failure> {
    let bus = BusConnection(
      address: address, path: path, interfaces: interfaces, names: names, timeout: timeout)
    let retained = Unmanaged.passRetained(bus).toOpaque()
    // A GThread: GLib names it (what `top -H` and /proc/self/task/*/comm show).
    bus.thread = g_thread_try_new(
      "tunes-dbus",
      { raw in
        guard let raw else { return nil }
        Unmanaged<BusConnection>.fromOpaque(raw).takeRetainedValue().run()
        return nil
      }, retained, nil)
    guard bus.thread != nil else {
      Unmanaged<BusConnection>.fromOpaque(retained).release()
      return .failure(.refused("no thread for the bus"))
    }
    if bus.startedSignal.wait(timeout: .now() + timeout.dispatchInterval) == .timedOut {
      // Wake whatever the thread is blocked in; it reports the cancellation at once.
      g_cancellable_cancel(bus.cancellable)
      if bus.startedSignal.wait(timeout: .now() + .seconds(2)) == .timedOut {
        // Leave it to end on its own: should its start still succeed, the loop quits at once.
        bus.state.withLock { $0.closed = true }
        bus.queueQuit()
        g_thread_unref(bus.thread)
        return .failure(.timedOut(timeout))
      }
    }
    switch bus.state.withLock({ $0.started }) {
    case .success(let started)?:
      bus.uniqueName = started.uniqueName
      bus.ownedName = started.ownedName
      return .success(bus)
    case .failure(let failure)?:
      g_thread_join(bus.thread)
      bus.state.withLock { $0.closed = true }
      return .failure(failure)
    case nil:
      g_thread_join(bus.thread)
      return .failure(.refused("the bus thread ended without a word"))
    }
  }

  /// The connection's unique name on the bus, e.g. `:1.42`.
  package private(set) var uniqueName = ""
  /// The well-known name owned, if any was asked for.
  package private(set) var ownedName: String?

  /// The bus thread's kernel thread id (for measuring its CPU time in `/proc/self/task/ID/stat`).
  package var threadID: pid_t { state.withLock { $0.threadID } }

  /// Runs `work` on the bus thread (at once when called there); dropped once closed.
  package func perform(_ work: @escaping @Sendable () -> Void) {
    guard !state.withLock({ $0.closed }) else { return }
    let box = Unmanaged.passRetained(Work(work)).toOpaque()
    g_main_context_invoke_full(
      context, 0,
      { raw in
        if let raw { Unmanaged<Work>.fromOpaque(raw).takeUnretainedValue().body() }
        return 0
      }, box,
      { raw in
        if let raw { Unmanaged<Work>.fromOpaque(raw).release() }
      })
  }

  /// Emits `signal` of `interface` from `path` to everyone listening, from the bus thread.
  package func emit(path: String, interface: String, signal: String, arguments: [BusValue]) {
    perform { [self] in
      guard let connection else { return }
      var error: UnsafeMutablePointer<GError>?
      g_dbus_connection_emit_signal(
        connection, nil, path, interface, signal, BusValue.tuple(arguments), &error)
      _ = Self.message(taking: error)
    }
  }

  /// Calls `method` on `destination` without blocking; `reply` gets the answer's values or the
  /// error (also when `timeout` passes first) on the bus thread.
  package func call(
    destination: String, path: String, interface: String, method: String,
    arguments: [BusValue], timeout: Duration = .seconds(5),
    reply: @escaping @Sendable (Result<[BusValue], BusError>) -> Void
  ) {
    perform { [self] in
      guard let connection else {
        return reply(.failure(BusError(name: "tunes.Closed", message: "closed")))
      }
      let box = Unmanaged.passRetained(Reply(reply)).toOpaque()
      g_dbus_connection_call(
        connection, destination, path, interface, method, BusValue.tuple(arguments), nil,
        G_DBUS_CALL_FLAGS_NONE, timeout.milliseconds, nil,
        { source, result, raw in
          guard let raw else { return }
          let reply = Unmanaged<Reply>.fromOpaque(raw).takeRetainedValue()
          var error: UnsafeMutablePointer<GError>?
          let answer = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
          if let answer {
            defer { g_variant_unref(answer) }
            reply.body(.success(BusValue.members(ofTuple: answer)))
          } else {
            reply.body(.failure(BusConnection.busError(taking: error)))
          }
        }, box)
    }
  }

  /// Releases the name, stops the loop and joins the thread (detaches it when called on the bus
  /// thread itself). Safe to call more than once.
  package func close() {
    let first = state.withLock { state in
      defer { state.closed = true }
      return !state.closed
    }
    guard first else { return }
    queueQuit()
    if g_thread_self() == thread {
      g_thread_unref(thread)
    } else {
      g_thread_join(thread)
    }
  }

  /// Quits the loop from the bus thread: queued on its context (or at once when called there),
  /// so a quit that comes before the loop has started running is not lost, as a bare
  /// `g_main_loop_quit` would be.
  private func queueQuit() {
    g_main_context_invoke_full(
      context, 0,
      { raw in
        g_main_loop_quit(OpaquePointer(raw))
        return 0
      }, UnsafeMutableRawPointer(loop), nil)
  }

  // MARK: The bus thread

  private func run() {
    var signals = sigset_t()
    sigfillset(&signals)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    let threadID = Self.currentThreadID()
    state.withLock { $0.threadID = threadID }
    g_main_context_push_thread_default(context)
    defer { g_main_context_pop_thread_default(context) }
    let started = start()
    state.withLock { $0.started = started }
    startedSignal.signal()
    if case .success = started { g_main_loop_run(loop) }
    stop()
  }

  private func start() -> Result<Started, Failure> {
    var error: UnsafeMutablePointer<GError>?
    let flags = GDBusConnectionFlags(
      rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
        | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
    connection = g_dbus_connection_new_for_address_sync(address, flags, nil, cancellable, &error)
    guard let connection else {
      let message = Self.message(taking: error)
      return .failure(cancelled ? .timedOut(timeout) : .unreachable(message))
    }
    g_dbus_connection_set_exit_on_close(connection, 0)
    if case .failure(let failure) = register(on: connection) { return .failure(failure) }
    let unique = g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
    guard !names.isEmpty else { return .success(Started(uniqueName: unique, ownedName: nil)) }
    for name in names {
      switch requestName(name, on: connection) {
      case .success(true): return .success(Started(uniqueName: unique, ownedName: name))
      case .success(false): continue
      case .failure(let failure): return .failure(failure)
      }
    }
    return .failure(.namesTaken(names))
  }

  private var cancelled: Bool { g_cancellable_is_cancelled(cancellable) != 0 }

  private func register(on connection: OpaquePointer) -> Result<Void, Failure> {
    guard !interfaces.isEmpty else { return .success(()) }
    var error: UnsafeMutablePointer<GError>?
    let xml = "<node>" + interfaces.map(\.introspectionXML).joined() + "</node>"
    guard let info = g_dbus_node_info_new_for_xml(xml, &error) else {
      return .failure(.refused("introspection: \(Self.message(taking: error))"))
    }
    nodeInfo = info
    for interface in interfaces {
      guard let interfaceInfo = g_dbus_node_info_lookup_interface(info, interface.name) else {
        return .failure(.refused("no introspection for \(interface.name)"))
      }
      let exported = Unmanaged.passRetained(ExportedInterface(interface)).toOpaque()
      let id = g_dbus_connection_register_object(
        connection, path, interfaceInfo, ExportedInterface.vtable, exported,
        { raw in
          if let raw { Unmanaged<ExportedInterface>.fromOpaque(raw).release() }
        }, &error)
      guard id != 0 else {
        return .failure(.refused("\(interface.name): \(Self.message(taking: error))"))
      }
      registrations.append(id)
    }
    return .success(())
  }

  /// `RequestName` with `DO_NOT_QUEUE`: `true` when owned, `false` when another owner has it.
  private func requestName(_ name: String, on connection: OpaquePointer) -> Result<Bool, Failure> {
    var error: UnsafeMutablePointer<GError>?
    let answer = g_dbus_connection_call_sync(
      connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
      "RequestName", BusValue.tuple([.string(name), .uint32(4)]), nil, G_DBUS_CALL_FLAGS_NONE,
      timeout.milliseconds, cancellable, &error)
    guard let answer else {
      let message = Self.message(taking: error)
      return .failure(cancelled ? .timedOut(timeout) : .refused("RequestName: \(message)"))
    }
    defer { g_variant_unref(answer) }
    // 1: primary owner, 4: already the owner; 3: exists (2, queued, cannot happen here).
    guard case .uint32(let code)? = BusValue.members(ofTuple: answer).first else {
      return .failure(.refused("RequestName: an answer of an unexpected type"))
    }
    return .success(code == 1 || code == 4)
  }

  private func stop() {
    guard let connection else { return }
    for id in registrations { g_dbus_connection_unregister_object(connection, id) }
    registrations = []
    if case .success(let started)? = state.withLock({ $0.started }), let name = started.ownedName {
      // Closing would release it too; asking first means the name is gone when close() returns.
      let answer = g_dbus_connection_call_sync(
        connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
        "ReleaseName", BusValue.tuple([.string(name)]), nil, G_DBUS_CALL_FLAGS_NONE, 1000, nil,
        nil)
      if let answer { g_variant_unref(answer) }
    }
    g_dbus_connection_close_sync(connection, nil, nil)
    g_object_unref(UnsafeMutableRawPointer(connection))
    self.connection = nil
    if let nodeInfo { g_dbus_node_info_unref(nodeInfo) }
    nodeInfo = nil
  }

  /// The calling thread's kernel id, from the `/proc/thread-self` link (`PID/task/TID`); 0 when
  /// /proc is not mounted. (Glibc's `gettid` is not visible to Swift.)
  private static func currentThreadID() -> pid_t {
    var target = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &target, target.count - 1)
    guard count > 0 else { return 0 }
    let link = String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return link.split(separator: "/").last.flatMap { pid_t($0) } ?? 0
  }

  // MARK: Errors

  /// The error's message (freeing the error); empty for none.
  static func message(taking error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "" }
    defer { g_error_free(error) }
    return error.pointee.message.map { String(cString: $0) } ?? ""
  }

  /// The error as a D-Bus error name and message (freeing the error).
  static func busError(taking error: UnsafeMutablePointer<GError>?) -> BusError {
    guard let error else { return BusError(name: "tunes.Unknown", message: "no reply") }
    var name = "org.freedesktop.DBus.Error.Failed"
    if let remote = g_dbus_error_get_remote_error(error) {
      name = String(cString: remote)
      g_free(remote)
    }
    g_dbus_error_strip_remote_error(error)
    return BusError(name: name, message: message(taking: error))
  }
}

/// Work for the bus thread, boxed to travel through a C `user_data` pointer.
private final class Work: Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// A reply callback, boxed to travel through a C `user_data` pointer.
private final class Reply: Sendable {
  let body: @Sendable (Result<[BusValue], BusError>) -> Void
  init(_ body: @escaping @Sendable (Result<[BusValue], BusError>) -> Void) { self.body = body }
}

extension Duration {
  /// The duration in whole milliseconds, for GDBus's `timeout_msec` (at most `Int32.max`).
  var milliseconds: Int32 {
    let (seconds, attoseconds) = components
    let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    return Int32(clamping: max(total, 0))
  }

  /// The duration as a Dispatch interval (whole milliseconds).
  var dispatchInterval: DispatchTimeInterval { .milliseconds(Int(milliseconds)) }
}
