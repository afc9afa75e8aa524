// The build's commit, from generated/commit.h, which Scripts/build-info.sh writes before
// `make` builds (and touches this file when it changes). A plain `swift build` without the
// header still compiles and says so.
#include "CBuildInfo.h"

#if __has_include("generated/commit.h")
#include "generated/commit.h"
#endif

#ifndef TUNES_BUILD_COMMIT
#define TUNES_BUILD_COMMIT ""
#define TUNES_BUILD_DIRTY 0
#define TUNES_BUILD_NOTE "built without make (run make build or make release)"
#endif

const char *tunes_build_commit(void) { return TUNES_BUILD_COMMIT; }
int tunes_build_dirty(void) { return TUNES_BUILD_DIRTY; }
const char *tunes_build_note(void) { return TUNES_BUILD_NOTE; }
