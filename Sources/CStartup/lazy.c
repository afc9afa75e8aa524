// Lazy binding of the network, desktop and image libraries, for a fast cold start.
//
// `tunes --version` or `tunes search` do not need libcurl's tree (GnuTLS, OpenSSL, Kerberos,
// LDAP, SSH…), GIO or the image libraries, yet the dynamic loader used to map and relocate all
// 48 of them before `main` (about 80 % of a cold start). The `tunes` executable instead links
// stubs of their functions (stubs.S, hidden, so the libraries never bind to them): a stub's first
// call loads its library with dlopen and looks the function up here, and later calls jump
// straight to it. The linker flag `--as-needed` then leaves the libraries out of the executable's
// dependencies. FoundationNetworking's own calls into libcurl bind to the same stubs.
//
// On other architectures stubs.S is empty and the functions link to the libraries as usual.
#include "CStartup.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
  LIB_CURL,
  LIB_GIO,
  LIB_GOBJECT,
  LIB_GLIB,
  LIB_CHAFA,
  LIB_TURBOJPEG,
  LIB_PNG,
  LIB_COUNT
};

static const char *const sonames[LIB_COUNT] = {
    "libcurl.so.4",   "libgio-2.0.so.0", "libgobject-2.0.so.0", "libglib-2.0.so.0",
    "libchafa.so.0",  "libturbojpeg.so.0", "libpng16.so.16",
};

// The Debian package that holds each library, for the message when it cannot be loaded.
static const char *const packages[LIB_COUNT] = {
    "libcurl4", "libglib2.0-0", "libglib2.0-0", "libglib2.0-0",
    "libchafa0", "libturbojpeg0", "libpng16-16",
};

struct lazy_entry {
  int library;
  const char *name;
};

static const struct lazy_entry entries[] = {
#define LAZY(library, function) {library, #function},
#include "lazy-symbols.h"
#undef LAZY
};

// One slot a function, in the order of lazy-symbols.h (stubs.S reads slot N for its Nth stub).
__attribute__((visibility("hidden"))) void *tunes_lazy_table[sizeof entries / sizeof entries[0]];

static void *handles[LIB_COUNT];
static int loaded;

static void say(const char *text) {
  size_t length = strlen(text);
  while (length > 0) {
    ssize_t written = write(STDERR_FILENO, text, length);
    if (written <= 0) return;
    text += written;
    length -= (size_t)written;
  }
}

static void fail(int library, const char *what, const char *detail) {
  say("tunes: cannot load ");
  say(what);
  say(": ");
  say(detail ? detail : "unknown error");
  say("\ntunes: this needs ");
  say(sonames[library]);
  say(" (Debian package ");
  say(packages[library]);
  say(").\n");
  _exit(69);  // EX_UNAVAILABLE
}

// Called by a stub the first time (from any thread; racing callers store the same pointer).
__attribute__((visibility("hidden"))) void *tunes_lazy_resolve(unsigned long index) {
  const struct lazy_entry *entry = &entries[index];
  void *handle = __atomic_load_n(&handles[entry->library], __ATOMIC_ACQUIRE);
  if (handle == NULL) {
    handle = dlopen(sonames[entry->library], RTLD_NOW | RTLD_GLOBAL);
    if (handle == NULL) fail(entry->library, sonames[entry->library], dlerror());
    void *expected = NULL;
    if (__atomic_compare_exchange_n(&handles[entry->library], &expected, handle, 0,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
      __atomic_add_fetch(&loaded, 1, __ATOMIC_RELAXED);
    }
  }
  void *function = dlsym(handle, entry->name);
  if (function == NULL) fail(entry->library, entry->name, dlerror());
  __atomic_store_n(&tunes_lazy_table[index], function, __ATOMIC_RELEASE);
  return function;
}

int tunes_lazy_libraries_loaded(void) { return __atomic_load_n(&loaded, __ATOMIC_RELAXED); }
