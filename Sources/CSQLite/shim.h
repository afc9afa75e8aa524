#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: the one setting tunes changes.
// Leaves the write-ahead log as it is when the last connection closes, instead of checkpointing
// it into the database (fsyncs) on every short command; SQLite's automatic checkpoint still runs.
static inline int csqlite_skip_checkpoint_on_close(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
