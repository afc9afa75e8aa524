import ITunesClient

/// ITunesClient's cache hook (named apart from TunesStorage's store of the same name).
public typealias ClientResponseCache = ResponseCacheStore
