import Foundation

extension CatalogEngine {
  /// The genre service's answer from `genreTrees`: the tree of genre `id` in storefront `cc`
  /// (a storefront without trees answers as the fallback one), or `{}` for an id it does not
  /// know, as Apple answers. `nil` when the catalogue has no genre trees.
  func genreAnswer(_ parameters: [String: String]) -> ReplayResponse? {
    let genreTrees = genreTrees.isEmpty ? servedLater?.value.genreTrees ?? [:] : genreTrees
    guard !genreTrees.isEmpty else { return nil }
    var store = (parameters["cc"] ?? "us").lowercased()
    let id = parameters["id"].flatMap { Int($0) } ?? 0
    if genreTrees[DemoGenres.Served.treeKey(country: store, id: id)] == nil,
      let fallbackStorefront, !storefronts.contains(store)
    {
      store = fallbackStorefront
    }
    let body = genreTrees[DemoGenres.Served.treeKey(country: store, id: id)] ?? Data("{}".utf8)
    return ReplayResponse(
      status: 200, body: body, headers: ["Content-Type": "text/javascript; charset=utf-8"])
  }
}
