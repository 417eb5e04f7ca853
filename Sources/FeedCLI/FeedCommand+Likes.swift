import ArgumentParser
import EssentialFeed
import Foundation

/// The options every likes command takes.
struct LikesOptions: ParsableArguments {
  @OptionGroup var network: NetworkOptions

  @OptionGroup var options: CommonOptions
}

/// An image id argument, checked to be an id.
private func imageID(_ text: String) throws -> UUID {
  guard let id = UUID(uuidString: text) else {
    throw ValidationError(AppLanguage.current.text("ERROR_NOT_AN_ID", text))
  }
  return id
}

extension FeedCommand {
  /// Likes an image.
  struct Like: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "like",
      abstract: "Likes an image: stored first, then sent; when the server cannot take it, it stays pending (exit 0).")

    @Argument(help: "The image's id.")
    var imageID: String

    @OptionGroup var likes: LikesOptions

    func validate() throws { _ = try FeedCommand.imageIDArgument(imageID) }

    func run() async throws {
      try await FeedApp.reportingErrors {
        print(try await FeedApp.act(.like, on: try FeedCommand.imageIDArgument(imageID), likes: likes))
      }
    }
  }

  /// Takes back the like of an image.
  struct Discard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "discard",
      abstract: "Takes back the like of an image: stored first, then sent; pending when the server cannot take it.")

    @Argument(help: "The image's id.")
    var imageID: String

    @OptionGroup var likes: LikesOptions

    func validate() throws { _ = try FeedCommand.imageIDArgument(imageID) }

    func run() async throws {
      try await FeedApp.reportingErrors {
        print(try await FeedApp.act(.discard, on: try FeedCommand.imageIDArgument(imageID), likes: likes))
      }
    }
  }

  /// Lists the liked images.
  struct Likes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "likes",
      abstract: "Lists the liked images: the server's list with the pending likes and discards on top (marked).")

    @OptionGroup var likes: LikesOptions

    func run() async throws {
      try await FeedApp.reportingErrors {
        let (network, options) = (likes.network, likes.options)
        print(
          try await FeedApp.likes(
            url: network.url, offline: network.offline, store: options.store, storeKind: options.storeKind,
            json: options.json, limits: network.limits))
      }
    }
  }

  /// Sends the pending likes and discards once.
  struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Sends the pending likes and discards once, and says what was sent and what is left.")

    @OptionGroup var likes: LikesOptions

    func run() async throws {
      try await FeedApp.reportingErrors {
        let (network, options) = (likes.network, likes.options)
        print(
          try await FeedApp.sync(
            url: network.url, offline: network.offline, store: options.store, storeKind: options.storeKind,
            json: options.json, limits: network.limits))
      }
    }
  }

  static func imageIDArgument(_ text: String) throws -> UUID {
    try imageID(text)
  }
}

extension FeedApp {
  static func act(_ kind: PendingLikeAction.Kind, on id: UUID, likes: LikesOptions) async throws -> String {
    try await act(
      kind, on: id, url: likes.network.url, offline: likes.network.offline, store: likes.options.store,
      storeKind: likes.options.storeKind, json: likes.options.json, limits: likes.network.limits)
  }
}
