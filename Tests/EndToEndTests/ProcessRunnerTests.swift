import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The harness itself: output capture, stdin, exact environment, exit status, timeout, signals.
@Suite("ProcessRunner")
struct ProcessRunnerTests {
  private func shell(timeout: Duration = .seconds(30)) -> ProcessRunner {
    ProcessRunner(
      executable: URL(fileURLWithPath: "/bin/sh"), environment: ["PATH": "/usr/bin:/bin"],
      timeout: timeout)
  }

  @Test("stdout, stderr and the exit status are captured separately")
  func captures() async throws {
    let result = try await shell().run(["-c", "printf out; printf err >&2; exit 3"])
    #expect(result.exited(3), "\(result)")
    #expect(result.stdout == "out")
    #expect(result.stderr == "err")
    #expect(result.signal == nil)
    #expect(!result.timedOut)
  }

  @Test("stdin is passed through and large output is captured whole")
  func stdinAndLargeOutput() async throws {
    let input = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
    let result = try await shell().run(["-c", "cat; cat /dev/null >&2"], stdin: input)
    #expect(result.exited(0))
    #expect(result.standardOutput == input)
  }

  @Test("the child sees exactly the given environment")
  func exactEnvironment() async throws {
    let own = try #require(
      ProcessInfo.processInfo.environment.keys.first {
        !["PATH", "PWD", "OLDPWD", "SHLVL", "_", "ONLY"].contains($0)
      })
    let result = try await shell().run(["-c", "env | sort"], environment: ["ONLY": "this"])
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout.contains("ONLY=this\n"))
    #expect(result.stdout.contains("PATH=/usr/bin:/bin\n"))
    #expect(!result.stdout.contains("\n\(own)="), "\(own) leaked in: \(result.stdout)")
    #expect(!result.stdout.hasPrefix("\(own)="), "\(own) leaked in: \(result.stdout)")
  }

  @Test("a child that outlives the timeout is killed and reported")
  func timeoutKills() async throws {
    let result = try await shell(timeout: .seconds(1)).run(["-c", "exec sleep 30"])
    #expect(result.timedOut, "\(result)")
    #expect(result.signal == SIGKILL)
    #expect(!result.exited(0))
    #expect(result.duration < .seconds(30), "\(result)")
  }

  @Test("children start with no signals blocked, so SIGTERM ends them")
  func signalsReachChildren() async throws {
    let mask = try await shell().run(["-c", "grep SigBlk /proc/self/status"])
    #expect(mask.stdout.hasSuffix("0000000000000000\n"), "\(mask)")
    let running = try shell().start(["-c", "exec sleep 30"])
    running.send(SIGTERM)
    let result = await running.result()
    #expect(result.signal == SIGTERM, "\(result)")
    #expect(result.duration < .seconds(10))
  }

  @Test("output can be watched while the child runs, and stdin written step by step")
  func interactive() async throws {
    let running = try shell().start(
      ["-c", "while read line; do echo \"got $line\"; done"], standardInput: true)
    running.write("one\n")
    #expect(await ProcessRunner.waitUntil { running.standardOutputSoFar == "got one\n" })
    #expect(!running.hasExited)
    running.write("two\n")
    running.closeStandardInput()
    let result = await running.result()
    #expect(result.exited(0))
    #expect(result.stdout == "got one\ngot two\n")
  }

  @Test("a missing program throws instead of running")
  func missingProgram() async throws {
    let runner = ProcessRunner(executable: URL(fileURLWithPath: "/nonexistent/program"))
    await #expect(throws: (any Error).self) { try await runner.run([]) }
  }

  @Test("waitUntil gives up after its bound and returns false")
  func waitUntilBound() async {
    let clock = ContinuousClock()
    let start = clock.now
    let held = await ProcessRunner.waitUntil(timeout: .milliseconds(100)) { false }
    #expect(!held)
    #expect(clock.now - start >= .milliseconds(100))
    #expect(clock.now - start < .seconds(60))
    #expect(await ProcessRunner.waitUntil { true })
  }
}
