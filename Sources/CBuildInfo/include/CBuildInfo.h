#ifndef TUNES_CBUILDINFO_H
#define TUNES_CBUILDINFO_H

/// The git commit the binary was built from ("" when unknown).
const char *tunes_build_commit(void);
/// 1 when the working tree had uncommitted changes at build time, else 0.
int tunes_build_dirty(void);
/// Why the commit is unknown ("" when it is known).
const char *tunes_build_note(void);

#endif
