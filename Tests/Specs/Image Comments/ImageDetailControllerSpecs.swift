import EssentialFeed
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("Image detail", .leakChecked)
struct ImageDetailControllerSpecs {
  let changes = StateChanges()
  let view: DetailViewSpy
  let imageLoader: PendingImageDataLoader
  let comments: PendingLoads<[ImageComment]>
  let image = uniqueImage(description: "a description", location: "a location")
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  init() {
    view = DetailViewSpy(changes: changes)
    imageLoader = PendingImageDataLoader(changes: changes)
    comments = PendingLoads(changes: changes)
  }

  @Test("DT-1 on appear: the image's text at once, then its image and its comments, each with a loading state")
  func showsEverything() async throws {
    let sut = makeSUT()
    sut.viewDidAppear()

    #expect(view.texts == [FeedImagePresenter.map(image)])
    #expect(view.images == [.loading])
    #expect(view.loadingStates == [true])
    try await imageLoader.loads.complete(0, with: .success(validImageData("photo")))
    let comment = ImageComment(id: UUID(), message: "nice", createdAt: now - 86_400, username: "ana")
    try await comments.complete(0, with: .success([comment]))
    try await changes.wait(for: "the image and the comments") { view.images.count == 2 && view.comments.count == 1 }

    #expect(view.images.last == .loaded("photo"))
    #expect(
      view.comments == [ImageCommentsPresenter.map([comment], currentDate: now, calendar: calendar, locale: locale)])
    #expect(view.comments.first?.comments.first?.date == "1 day ago")
    #expect(view.loadingStates == [true, false])
  }

  @Test("DT-2 comments that fail show the localized error; retry loads them again and hides it")
  func commentsRetry() async throws {
    let sut = makeSUT()
    sut.viewDidAppear()
    try await comments.complete(0, with: .failure(AnyError()))
    try await changes.wait(for: "the comments' error") { view.errors.last == .some(connectionError) }

    sut.retryComments()
    try await comments.complete(1, with: .success([]))
    try await changes.wait(for: "the empty comments") { view.comments.count == 1 }

    #expect(view.errors.last == .some(nil))
    #expect(view.comments == [ImageCommentsViewModel(comments: [])])
  }

  @Test("DT-3 an image that fails offers a retry, which loads it again")
  func imageRetry() async throws {
    let sut = makeSUT()
    sut.viewDidAppear()
    try await imageLoader.loads.complete(0, with: .failure(AnyError()))
    try await changes.wait(for: "the retry") { view.images.last == .retry }

    sut.retryImage()
    try await imageLoader.loads.complete(1, with: .success(validImageData("again")))
    try await changes.wait(for: "the image") { view.images.last == .loaded("again") }

    #expect(imageLoader.loads.requests == [image.url, image.url])
  }

  @Test("DT-4 a detail released while it loads is freed at once and cancels both loads")
  func releasedWhileLoading() async throws {
    var sut: ImageDetailController<String>? = makeSUT()
    sut?.viewDidAppear()
    try await imageLoader.loads.waitForRequests(count: 1)
    try await comments.waitForRequests(count: 1)

    let reference = WeakReference(sut)
    sut = nil

    #expect(reference.object == nil)
    try await imageLoader.loads.waitForCancellation(of: [0])
    try await comments.waitForCancellation(of: [0])
  }

  private var calendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
  }
  private var locale: Locale { Locale(identifier: "en_US") }
  private var connectionError: String { LoadResourcePresenter<[FeedImage], NullResourceView>.loadError }

  private func makeSUT() -> ImageDetailController<String> {
    let sut = ImageDetailController(
      image: image, imageLoader: imageLoader, commentsLoader: { [comments] in try await comments.load(nil) },
      imageTransformer: testImageTransformer, detailView: view, imageView: view, commentsView: view,
      loadingView: view, errorView: view, relativeTo: { [now] in now }, calendar: calendar, locale: locale)
    trackForMemoryLeaks(sut)
    return sut
  }
}

/// Records what the detail controller shows.
@MainActor
final class DetailViewSpy: ImageDetailView, ImageCommentsView, FeedImageCellView, ResourceLoadingView, ResourceErrorView
{
  private(set) var texts: [FeedImageViewModel] = [] { didSet { changes.changed() } }
  private(set) var images: [FeedImageCellViewModel<String>] = [] { didSet { changes.changed() } }
  private(set) var comments: [ImageCommentsViewModel] = [] { didSet { changes.changed() } }
  private(set) var loadingStates: [Bool] = [] { didSet { changes.changed() } }
  private(set) var errors: [String?] = [] { didSet { changes.changed() } }
  private let changes: StateChanges

  init(changes: StateChanges) {
    self.changes = changes
  }

  func display(_ viewModel: FeedImageViewModel) { texts.append(viewModel) }
  func display(_ viewModel: ImageCommentsViewModel) { comments.append(viewModel) }
  func display(_ viewModel: FeedImageCellViewModel<String>, at index: Int) { images.append(viewModel) }
  func display(_ viewModel: ResourceLoadingViewModel) { loadingStates.append(viewModel.isLoading) }
  func display(_ viewModel: ResourceErrorViewModel) { errors.append(viewModel.message) }
}
