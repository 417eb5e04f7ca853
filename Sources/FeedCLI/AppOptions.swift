import EssentialFeedCache
import Foundation

/// What a command was asked, parsed once: where the feed comes from, where the cache lives, and how to answer. Every
/// command makes its ``AppEnvironment`` from it.
struct AppOptions: Sendable {
  /// A server's base URL; without one, the embedded demo server (unless `offline`).
  var url: String?
  /// How many images the embedded demo server's feed has (`--items`); its default of 64 when `nil`.
  var embeddedItems: Int?
  /// Use no network: everything comes from the cache.
  var offline = false
  /// The cache directory; the default one when `nil`.
  var store: String?
  var storeKind = FeedStorage.Kind.fileSystem
  /// Answer in JSON instead of text.
  var json = false
  /// The most pages of the feed loaded (`--max-pages`): a feed still going there is cut, and said to be.
  var maximumPages = FeedComposer.defaultMaximumPages
  var limits = NetworkLimits()
  var imageLimits = ImageCacheLimits.app
  var language = AppLanguage.current
  var now: @Sendable () -> Date = Date.init
}

extension AppOptions {
  /// The options of a command line.
  init(
    server: ServerOptions? = nil, network: NetworkOptions? = nil, common: CommonOptions,
    imageCache: ImageCacheOptions? = nil, maximumPages: Int = FeedComposer.defaultMaximumPages,
    embeddedItems: Int? = nil
  ) {
    self.init(
      url: server?.url, embeddedItems: embeddedItems, offline: network?.offline ?? false, store: common.store,
      storeKind: common.storeKind,
      json: common.json, maximumPages: maximumPages, limits: server?.limits ?? NetworkLimits(),
      imageLimits: imageCache?.limits ?? .app)
  }
}
