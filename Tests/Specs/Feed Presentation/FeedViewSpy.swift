import EssentialFeed
import Foundation
import TestSupport

/// Records everything the controller shows, in order.
@MainActor
final class FeedViewSpy: FeedView, ResourceLoadingView, ResourceErrorView, FeedImageCellView, LoadMoreView {
  enum Message: Equatable {
    case feed([FeedImageViewModel])
    case loading(Bool)
    case error(String?)
    case image(FeedImageCellViewModel<String>, at: Int)
    case loadMore(LoadMoreViewModel)
  }

  private(set) var messages: [Message] = [] {
    didSet { changes.changed() }
  }
  private let changes: StateChanges

  /// Creates a spy that reports each message to `changes`.
  init(changes: StateChanges) {
    self.changes = changes
  }

  var loadingStates: [Bool] { messages.compactMap { if case .loading(let value) = $0 { value } else { nil } } }
  var errors: [String?] { messages.compactMap { if case .error(let value) = $0 { .some(value) } else { nil } } }
  var feeds: [[FeedImageViewModel]] { messages.compactMap { if case .feed(let items) = $0 { items } else { nil } } }
  var loadMoreStates: [LoadMoreViewModel] {
    messages.compactMap { if case .loadMore(let value) = $0 { value } else { nil } }
  }
  func images(at index: Int) -> [FeedImageCellViewModel<String>] {
    messages.compactMap { if case .image(let value, let at) = $0, at == index { value } else { nil } }
  }

  /// The position of the first item of each feed shown.
  private(set) var startIndices: [Int] = []

  func display(_ viewModel: FeedViewModel) {
    startIndices.append(viewModel.startIndex)
    messages.append(.feed(viewModel.items))
  }
  func display(_ viewModel: ResourceLoadingViewModel) { messages.append(.loading(viewModel.isLoading)) }
  func display(_ viewModel: ResourceErrorViewModel) { messages.append(.error(viewModel.message)) }
  func display(_ viewModel: FeedImageCellViewModel<String>, at index: Int) {
    messages.append(.image(viewModel, at: index))
  }
  func display(_ viewModel: LoadMoreViewModel) { messages.append(.loadMore(viewModel)) }
}

/// Image data the test transformer decodes, and data it rejects as invalid.
func validImageData(_ name: String = "image") -> Data { Data("valid:\(name)".utf8) }
let invalidImageData = Data("garbage".utf8)

/// Decodes `valid:<name>` to `<name>`; anything else is invalid.
let testImageTransformer: @Sendable (Data) -> String? = { data in
  let text = String(decoding: data, as: UTF8.self)
  return text.hasPrefix("valid:") ? String(text.dropFirst(6)) : nil
}
