import ArgumentParser
import EssentialFeed
import Foundation

/// The options every likes command takes, each a group of its own beside the others (see ``NetworkOptions``).
protocol LikesCommand: AsyncParsableCommand {
  var server: ServerOptions { get }
  var network: NetworkOptions { get }
  var options: CommonOptions { get }
}

extension LikesCommand {
  /// The options these were given.
  var appOptions: AppOptions { AppOptions(server: server, network: network, common: options) }

  func validate() throws { try network.validate(with: server) }
}

/// `feed like` and `feed discard`: one image id, checked to be an id, and the action stored then sent.
protocol LikeActionCommand: LikesCommand {
  static var kind: PendingLikeAction.Kind { get }
  var imageID: String { get }
}

extension LikeActionCommand {
  func validate() throws {
    try network.validate(with: server)
    _ = try id()
  }

  func run() async throws {
    try await FeedApp.reportingErrors {
      try AppOutput.print(try await FeedApp.act(Self.kind, on: try id(), appOptions), json: options.json)
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

    @OptionGroup var server: ServerOptions

    @OptionGroup var network: NetworkOptions

    @OptionGroup var options: CommonOptions
  }

  /// Takes back the like of an image.
  struct Discard: LikeActionCommand {
    static let configuration = CommandConfiguration(
      commandName: "discard",
      abstract: "Takes back the like of an image: stored first, then sent; pending when the server cannot take it.")
    static let kind = PendingLikeAction.Kind.discard

    @Argument(help: "The image's id.")
    var imageID: String

    @OptionGroup var server: ServerOptions

    @OptionGroup var network: NetworkOptions

    @OptionGroup var options: CommonOptions
  }

  /// Lists the liked images.
  struct Likes: LikesCommand {
    static let configuration = CommandConfiguration(
      commandName: "likes",
      abstract: "Lists the liked images: the server's list with the pending likes and discards on top (marked).")

    @OptionGroup var server: ServerOptions

    @OptionGroup var network: NetworkOptions

    @OptionGroup var options: CommonOptions

    func run() async throws {
      try await FeedApp.reportingErrors {
        try AppOutput.print(try await FeedApp.likes(appOptions), json: options.json)
      }
    }
  }

  /// Sends the pending likes and discards once.
  struct Sync: LikesCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Sends the pending likes and discards once, and says what was sent and what is left.")

    @OptionGroup var server: ServerOptions

    @OptionGroup var network: NetworkOptions

    @OptionGroup var options: CommonOptions

    func run() async throws {
      try await FeedApp.reportingErrors {
        try AppOutput.print(try await FeedApp.sync(appOptions), json: options.json)
      }
    }
  }
}
