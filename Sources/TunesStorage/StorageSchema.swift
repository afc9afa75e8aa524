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
