import EssentialFeed
import FeedTerminal
import Foundation

/// The detail screen of one image, as its ``ImageDetailController`` tells it: the text, the image, the comments
/// with their loading and error states.
@MainActor
final class BrowseDetail: ImageDetailView, ImageCommentsView, ResourceLoadingView, ResourceErrorView,
  FeedImageCellView
{
  let image: FeedImage
  private(set) var text: FeedImageViewModel?
  private(set) var picture: FeedImageCellViewModel<Thumbnail>?
  private(set) var comments: [ImageCommentViewModel]?
  private(set) var isLoadingComments = false
  private(set) var commentsError: String?
  /// The picture's box on the screen, in cells.
  var pictureBox = BrowseScreen.Box(columns: 32, rows: 12)
  /// The controller, set once made (it needs this object as its views).
  var controller: ImageDetailController<Thumbnail>?
  var onChange: () -> Void = {}
  /// What to say for a failed load of the comments, when the app knows more than the controller's message.
  var failure: () -> String? = { nil }

  init(image: FeedImage) {
    self.image = image
  }

  func display(_ viewModel: FeedImageViewModel) {
    text = viewModel
    onChange()
  }

  func display(_ viewModel: ImageCommentsViewModel) {
    comments = viewModel.comments
    onChange()
  }

  func display(_ viewModel: ResourceLoadingViewModel) {
    isLoadingComments = viewModel.isLoading
    onChange()
  }

  func display(_ viewModel: ResourceErrorViewModel) {
    commentsError = viewModel.message.map { failure() ?? $0 }
    onChange()
  }

  func display(_ viewModel: FeedImageCellViewModel<Thumbnail>, at index: Int) {
    picture = viewModel
    onChange()
  }
}

/// The liked images as the ``LikesController`` shows them: which are liked, which of those wait to be sent, and
/// the last message (a refused action, a failed load).
@MainActor
final class BrowseLikes: LikesView {
  private(set) var liked: [UUID: Bool] = [:]
  private(set) var message: String?
  var onChange: () -> Void = {}
  /// What to say for a failed load of the liked list, when the app knows more than the controller's message.
  var loadFailure: () -> String? = { nil }

  /// Whether the image is liked, and whether that waits to be sent.
  func state(of id: UUID) -> (liked: Bool, pending: Bool) {
    liked[id].map { (true, $0) } ?? (false, false)
  }

  /// How many liked images wait to be sent.
  var pendingCount: Int { liked.values.filter { $0 }.count }

  func display(_ entries: [LikedEntry]) {
    liked = Dictionary(entries.map { ($0.imageID, $0.pending) }, uniquingKeysWith: { $1 })
    onChange()
  }

  func display(message: String?) {
    self.message = message == ResourceErrorViewModel.loadFailure.message ? loadFailure() ?? message : message
    onChange()
  }
}
