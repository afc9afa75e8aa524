import ITunesClient

/// The client module's cache hook type, named unambiguously.
typealias ITunesClientCacheStore = ResponseCacheStore
