import ITunesCatalog

/// What happened on a detail screen. Results name the item they belong to (`itemID`); they reach
/// every detail in the stack showing that item and are dropped when none does.
public enum DetailAction: Equatable, Sendable {
  /// The full lookup by id answered.
  case detailsLoaded(itemID: Int64, Result<CatalogItem, FeatureError>)
  /// The tracks or episodes lookup answered.
  case tracksLoaded(itemID: Int64, Result<[CatalogItem], FeatureError>)
  /// The author lookup answered; `nil` when it returned nothing usable (the block is not drawn).
  case authorLoaded(itemID: Int64, Result<AuthorBlock?, FeatureError>)
  /// The description was scrolled by this many lines (negative: up).
  case scrolled(Int)
  /// One of the author's works was opened (index into `AuthorBlock.works`).
  case workOpened(Int)
  /// `o`: open the item's store page.
  case openStoreLinkRequested
  /// `a`: open the author's store page.
  case openAuthorLinkRequested
}
