import TunesStorage

/// TunesStorage's SQLite response cache (named apart from ITunesClient's hook of the same
/// name).
public typealias DiskResponseCache = ResponseCacheStore
