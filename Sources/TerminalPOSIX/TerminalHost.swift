import Foundation
import Glibc

/// Everything the app needs from the terminal, set up in the right order.
///
/// ```swift
/// let host = try TerminalHost.start()
/// defer { host.stop() }
/// for await event in host.input.events { … }
/// ```
/// `start` enters raw mode, probes capabilities (keeping any early key presses), then starts
/// the input stream with signal handling.
package struct TerminalHost: Sendable {
  /// Raw mode and restore.
  package let session: TerminalSession
  /// Input bytes and signals.
  package let input: TerminalInput
  /// Output.
  package let writer: TerminalWriter
  /// Colour depth, hyperlinks and synchronized output.
  package let capabilities: TerminalCapabilities
  /// The window size at start, when known.
  package let initialSize: WindowSize?
  /// What the terminal answered at start (graphics, cell size, version); inside tmux with
  /// passthrough, the outer terminal's answers.
  package let probe: CapabilityProbe.Result
  /// Inside tmux: the pane, whether passthrough was turned on, and what tmux said.
  package let tmux: TmuxContext?

  /// tunes' tmux pane as the start found it.
  package struct TmuxContext: Sendable {
    /// The pane (asked again for its offset after a resize).
    package let pane: TmuxPane
    /// How turning passthrough on went.
    package let passthrough: TmuxPane.Passthrough
    /// What tmux said about itself and its client, `nil` when it did not answer.
    package let info: TmuxPane.Info?

    /// Whether the probe asks the outer terminal through passthrough: only when passthrough
    /// is on and a client is attached (nobody would answer a detached session; the probe would
    /// wait its whole timeout).
    package var asksOuterTerminal: Bool {
      passthrough.isOn && (info.map { $0.clientTerminal != nil } ?? true)
    }
  }

  /// Inside tmux (by `environment`): turns passthrough on for the pane (put back at the
  /// session's final leave) and asks tmux about its client. `nil` outside tmux.
  package static func prepareTmux(
    session: TerminalSession, environment: [String: String]
  ) -> TmuxContext? {
    guard let pane = TmuxPane.current(environment: environment) else { return nil }
    let passthrough = pane.enablePassthrough()
    if passthrough == .enabled { session.onFinalLeave { pane.restorePassthrough() } }
    return TmuxContext(pane: pane, passthrough: passthrough, info: pane.info())
  }

  /// Inside tmux with passthrough: asks tmux to send this process SIGWINCH whenever its window
  /// may be back on screen (pixels drawn through passthrough do not survive tmux redrawing the
  /// pane); the hooks go at the session's final leave.
  package static func redrawOnReturn(session: TerminalSession, tmux: TmuxContext) {
    guard tmux.passthrough.isOn, tmux.pane.addReturnHooks(pid: getpid()) else { return }
    session.onFinalLeave { tmux.pane.removeReturnHooks() }
  }

  /// Whether standard input and standard output are both terminals (the app can run).
  package static var standardStreamsAreTerminals: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// Enters raw mode, probes the terminal and starts reading input.
  /// - Parameters:
  ///   - session: the terminal, standard input and output by default.
  ///   - environment: the environment for the capability heuristics.
  ///   - probeTimeout: the bound on waiting for the terminal's replies.
  ///   - handleSignals: whether to install the signal handlers (tests pass `false`).
  /// - Throws: ``TerminalPOSIXError`` when the terminal cannot be set up; it is restored.
  package static func start(
    session: TerminalSession = TerminalSession(),
    environment: [String: String] = ProcessInfo.processInfo.environment,
    probeTimeout: Duration = .seconds(1),
    handleSignals: Bool = true
  ) throws -> TerminalHost {
    try session.enter()
    do {
      let tmux = prepareTmux(session: session, environment: environment)
      let probe = CapabilityProbe.run(
        session: session, timeout: probeTimeout, tmuxPassthrough: tmux?.asksOuterTerminal)
      var capabilities = TerminalCapabilities.fromEnvironment(environment)
      capabilities.synchronizedOutput = probe.synchronizedOutput
      let input = try TerminalInput(session: session, pending: probe.leftover)
      input.start(handleSignals: handleSignals)
      return TerminalHost(
        session: session, input: input, writer: TerminalWriter(fd: session.outputFD),
        capabilities: capabilities, initialSize: WindowSize.read(fd: session.outputFD),
        probe: probe, tmux: tmux)
    } catch {
      session.leave()
      throw error
    }
  }

  /// Stops the input and restores the terminal.
  package func stop() {
    input.stop()
    session.leave()
  }
}
