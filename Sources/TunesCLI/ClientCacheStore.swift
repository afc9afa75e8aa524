import ITunesClient

/// The client's cache hook. This file imports only ITunesClient so the name is unambiguous: the storage
/// module has a type of the same name, and `ITunesClient.X` would name a member of the struct.
typealias ClientCacheStore = ResponseCacheStore
