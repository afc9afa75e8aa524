#ifndef TUNES_CSTARTUP_H
#define TUNES_CSTARTUP_H

/// How many of the lazily bound libraries (libcurl, GIO, GObject, GLib, chafa, TurboJPEG, libpng)
/// this process has loaded so far through the stubs of lazy.c (0 at start).
int tunes_lazy_libraries_loaded(void);

/// 1 when the start-up code set `SWIFT_BACKTRACE=interactive=no` before the Swift runtime read
/// it (see backtrace.c), else 0.
int tunes_backtrace_preset(void);

#endif
