import Foundation

/// Every schema migration of tunes' two databases, numbered in this one place.
///
/// Add a step by appending `SchemaMigration(version: n + 1, …)`; never edit a step that has shipped.
public enum StorageSchema {
  /// `tunes.sqlite`: search history and favourites.
  public static let library: [SchemaMigration] = [
    SchemaMigration(
      version: 1,
      sql: """
        CREATE TABLE history (
          id INTEGER PRIMARY KEY,
          query TEXT NOT NULL,
          query_key TEXT NOT NULL UNIQUE,
          filters TEXT NOT NULL DEFAULT '{}',
          searched_at REAL NOT NULL,
          seq INTEGER NOT NULL
        );
        CREATE INDEX history_recency ON history(seq DESC);
        CREATE TABLE favorites (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL,
          title TEXT NOT NULL,
          payload TEXT NOT NULL CHECK (json_valid(payload) AND json_type(payload) = 'object'),
          added_at REAL NOT NULL,
          seq INTEGER NOT NULL
        );
        CREATE INDEX favorites_recency ON favorites(added_at DESC, seq DESC);
        """),
    // The fields a favourites table shows become columns SQLite derives from the payload when a
    // row is written (STORED generated columns), so listing 10,000 reads plain columns instead of
    // parsing 10,000 JSON documents. The payload stays the one source; SQLite cannot add STORED
    // columns to a table, so it is rebuilt.
    SchemaMigration(
      version: 2,
      sql: """
        CREATE TABLE favorites_v2 (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL,
          title TEXT NOT NULL,
          payload TEXT NOT NULL CHECK (json_valid(payload) AND json_type(payload) = 'object'),
          added_at REAL NOT NULL,
          seq INTEGER NOT NULL,
          author TEXT GENERATED ALWAYS AS (json_extract(payload, '$.author')) STORED,
          collection TEXT GENERATED ALWAYS AS (json_extract(payload, '$.collection')) STORED,
          duration_ms INTEGER
            GENERATED ALWAYS AS (json_extract(payload, '$.durationMillis')) STORED,
          price TEXT GENERATED ALWAYS AS (json_extract(payload, '$.price')) STORED,
          currency TEXT GENERATED ALWAYS AS (json_extract(payload, '$.currency')) STORED,
          formatted_price TEXT
            GENERATED ALWAYS AS (json_extract(payload, '$.formattedPrice')) STORED,
          release_date TEXT GENERATED ALWAYS AS (json_extract(payload, '$.releaseDate')) STORED
        );
        INSERT INTO favorites_v2 (id, kind, title, payload, added_at, seq)
          SELECT id, kind, title, payload, added_at, seq FROM favorites;
        DROP TABLE favorites;
        ALTER TABLE favorites_v2 RENAME TO favorites;
        CREATE INDEX favorites_recency ON favorites(added_at DESC, seq DESC);
        """),
    // Where each podcast episode was left, and whether it was heard to the end.
    SchemaMigration(
      version: 3,
      sql: """
        CREATE TABLE episode_progress (
          id INTEGER PRIMARY KEY,
          position REAL NOT NULL CHECK (position >= 0),
          duration REAL,
          played INTEGER NOT NULL DEFAULT 0 CHECK (played IN (0, 1)),
          updated_at REAL NOT NULL
        );
        """),
    // Keeping watch (`tunes watch`, `tunes where`, `tunes releases`): dated snapshots of watched
    // items per storefront, the changes found between them, storefront sweeps that resume, and
    // the works of followed creators already seen. New tables only, so the step stands alone
    // whatever number it ends up with.
    SchemaMigration(
      version: 4,
      sql: """
        CREATE TABLE watch_snapshots (
          id INTEGER PRIMARY KEY,
          item_id INTEGER NOT NULL,
          country TEXT NOT NULL,
          kind TEXT NOT NULL,
          taken_at REAL NOT NULL,
          checked_at REAL NOT NULL,
          available INTEGER NOT NULL,
          title TEXT,
          currency TEXT,
          prices TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(prices)),
          version TEXT,
          version_date REAL,
          release_notes TEXT,
          track_count INTEGER,
          rating_count INTEGER
        );
        CREATE INDEX watch_snapshots_item ON watch_snapshots(item_id, country, id DESC);
        CREATE TABLE watch_changes (
          id INTEGER PRIMARY KEY,
          item_id INTEGER NOT NULL,
          country TEXT NOT NULL,
          kind TEXT NOT NULL,
          title TEXT NOT NULL,
          change TEXT NOT NULL,
          field TEXT,
          old TEXT,
          new TEXT,
          currency TEXT,
          notes TEXT,
          found_at REAL NOT NULL
        );
        CREATE INDEX watch_changes_recency ON watch_changes(found_at DESC, id DESC);
        CREATE TABLE where_sweeps (
          id INTEGER PRIMARY KEY,
          sweep_key TEXT NOT NULL,
          started_at REAL NOT NULL,
          finished_at REAL
        );
        CREATE INDEX where_sweeps_key ON where_sweeps(sweep_key, id DESC);
        CREATE TABLE where_storefronts (
          sweep_id INTEGER NOT NULL REFERENCES where_sweeps(id) ON DELETE CASCADE,
          country TEXT NOT NULL,
          asked_at REAL NOT NULL,
          answers TEXT NOT NULL CHECK (json_valid(answers)),
          PRIMARY KEY (sweep_id, country)
        );
        CREATE TABLE release_seen (
          creator_id INTEGER NOT NULL,
          country TEXT NOT NULL,
          item_id INTEGER NOT NULL,
          seen_at REAL NOT NULL,
          PRIMARY KEY (creator_id, country, item_id)
        );
        CREATE TABLE release_checks (
          creator_id INTEGER NOT NULL,
          country TEXT NOT NULL,
          checked_at REAL NOT NULL,
          PRIMARY KEY (creator_id, country)
        );
        """),
    // The favourites screen pages by kind and by title as well as by date: each order an index,
    // so a page (keyset or offset) reads only its rows. The count of each kind is kept by
    // triggers, so the screen opens on 100,000 favourites without counting them.
    SchemaMigration(
      version: 5,
      sql: """
        CREATE INDEX favorites_kind ON favorites(kind, added_at DESC, seq DESC);
        CREATE INDEX favorites_title ON favorites(title COLLATE NOCASE, id);
        CREATE TABLE favorite_kinds (
          kind TEXT PRIMARY KEY,
          count INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO favorite_kinds (kind, count) SELECT kind, count(*) FROM favorites GROUP BY kind;
        CREATE TRIGGER favorites_kind_added AFTER INSERT ON favorites BEGIN
          INSERT INTO favorite_kinds (kind, count) VALUES (new.kind, 1)
            ON CONFLICT (kind) DO UPDATE SET count = count + 1;
        END;
        CREATE TRIGGER favorites_kind_removed AFTER DELETE ON favorites BEGIN
          UPDATE favorite_kinds SET count = count - 1 WHERE kind = old.kind;
          DELETE FROM favorite_kinds WHERE kind = old.kind AND count <= 0;
        END;
        CREATE TRIGGER favorites_kind_changed AFTER UPDATE OF kind ON favorites
          WHEN old.kind IS NOT new.kind BEGIN
          UPDATE favorite_kinds SET count = count - 1 WHERE kind = old.kind;
          DELETE FROM favorite_kinds WHERE kind = old.kind AND count <= 0;
          INSERT INTO favorite_kinds (kind, count) VALUES (new.kind, 1)
            ON CONFLICT (kind) DO UPDATE SET count = count + 1;
        END;
        """),
  ]

  /// `responses.sqlite`: the response cache.
  public static let responseCache: [SchemaMigration] = [
    SchemaMigration(
      version: 1,
      sql: """
        CREATE TABLE responses (
          key TEXT PRIMARY KEY,
          body BLOB NOT NULL,
          fetched_at REAL NOT NULL,
          used_seq INTEGER NOT NULL,
          size INTEGER NOT NULL
        );
        CREATE INDEX responses_lru ON responses(used_seq);
        """),
    // Bodies move to their own table, so marking an entry as used rewrites a few bytes instead of
    // the whole body. The cache is disposable: version 1's entries are dropped, not copied.
    SchemaMigration(
      version: 2,
      sql: """
        DROP TABLE responses;
        CREATE TABLE responses (
          key TEXT PRIMARY KEY,
          fetched_at REAL NOT NULL,
          used_seq INTEGER NOT NULL,
          size INTEGER NOT NULL
        );
        CREATE INDEX responses_lru ON responses(used_seq);
        CREATE TABLE response_bodies (
          key TEXT PRIMARY KEY,
          body BLOB NOT NULL
        );
        """),
    // Keys start with the origin the answer came from (`https://itunes.apple.com:443 /search?…`),
    // so an answer from `--api-base` is never served for Apple. Version 2's keys name no origin
    // and could be any server's: they are dropped.
    SchemaMigration(
      version: 3,
      sql: """
        DELETE FROM response_bodies;
        DELETE FROM responses;
        """),
  ]
}
