// Keeps Swift's crash backtracer from waiting for a key on a terminal, without re-executing.
//
// The runtime reads SWIFT_BACKTRACE once, in a static constructor, and on a terminal its default
// is interactive: a crash in raw mode would wait for a key the person cannot see asked for. When
// the Swift runtime is linked statically (release builds), this constructor runs first (a
// priority of 101 sorts it before the runtime's default-priority constructors), so setting the
// variable here is in time. With a shared runtime (debug builds) libswiftCore's constructors have
// already run; nothing is set and tunes re-executes itself instead (BacktraceSafety).
#include "CStartup.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

static int preset;

// The runtime finds argv by walking back from `environ` on the initial stack; setenv moves
// `environ` to the heap, so the arguments glibc passes to this constructor are handed to the
// runtime first (its hook for hosts that set argv themselves).
extern void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) __attribute__((weak));

__attribute__((constructor(101))) static void tunes_preset_backtrace(int argc, char **argv,
                                                                     char **envp) {
  (void)envp;
  if (getenv("SWIFT_BACKTRACE") != NULL) return;
  if (isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1) return;
  // A shared runtime has read the variable already.
  void *shared = dlopen("libswiftCore.so", RTLD_LAZY | RTLD_NOLOAD);
  if (shared != NULL) {
    dlclose(shared);
    return;
  }
  if (_swift_stdlib_overrideUnsafeArgvArgc == NULL || argv == NULL) return;
  _swift_stdlib_overrideUnsafeArgvArgc(argv, argc);
  if (setenv("SWIFT_BACKTRACE", "interactive=no", 0) == 0) preset = 1;
}

int tunes_backtrace_preset(void) { return preset; }
