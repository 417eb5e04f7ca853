import ArgumentParser
import EssentialFeed
import Foundation

/// The options every likes command takes.
struct LikesOptions: ParsableArguments {
  @OptionGroup var network: NetworkOptions

  @OptionGroup var options: CommonOptions

  /// The options these were given.
  var appOptions: AppOptions { AppOptions(network: network, common: options) }
}

/// `feed like` and `feed discard`: one image id, checked to be an id, and the action stored then sent.
protocol LikeActionCommand: AsyncParsableCommand {
  static var kind: PendingLikeAction.Kind { get }
  var imageID: String { get }
  var likes: LikesOptions { get }
}

extension LikeActionCommand {
  func validate() throws { _ = try id() }

  func run() async throws {
    try await FeedApp.reportingErrors {
      try AppOutput.print(try await FeedApp.act(Self.kind, on: try id(), likes.appOptions), json: likes.options.json)
    }
  }

  private func id() throws -> UUID {
    guard let id = UUID(uuidString: imageID) else {
      throw ValidationError(AppLanguage.current.text("ERROR_NOT_AN_ID", imageID))
    }
    return id
  }
}

extension FeedCommand {
  /// Likes an image.
  struct Like: LikeActionCommand {
    static let configuration = CommandConfiguration(
      commandName: "like",
      abstract: "Likes an image: stored first, then sent; when the server cannot take it, it stays pending (exit 0).")
    static let kind = PendingLikeAction.Kind.like

    @Argument(help: "The image's id.")
    var imageID: String

    @OptionGroup var likes: LikesOptions
  }

  /// Takes back the like of an image.
  struct Discard: LikeActionCommand {
    static let configuration = CommandConfiguration(
      commandName: "discard",
      abstract: "Takes back the like of an image: stored first, then sent; pending when the server cannot take it.")
    static let kind = PendingLikeAction.Kind.discard

    @Argument(help: "The image's id.")
    var imageID: String

    @OptionGroup var likes: LikesOptions
  }

  /// Lists the liked images.
  struct Likes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "likes",
      abstract: "Lists the liked images: the server's list with the pending likes and discards on top (marked).")

    @OptionGroup var likes: LikesOptions

    func run() async throws {
      try await FeedApp.reportingErrors {
        try AppOutput.print(try await FeedApp.likes(likes.appOptions), json: likes.options.json)
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
        try AppOutput.print(try await FeedApp.sync(likes.appOptions), json: likes.options.json)
      }
    }
  }
}
