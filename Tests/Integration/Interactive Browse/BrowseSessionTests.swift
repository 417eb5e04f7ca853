import EssentialFeed
import FeedTerminal
import Foundation
import Testing

@testable import FeedCLI

@MainActor
@Suite("feed browse on a screen, without a terminal")
struct BrowseSessionTests {
  @Test("TRM-5 rows appear when the screen does: text, status line, and a moving shimmer while images load")
  func rowsAppear() async {
    let sut = BrowseHarness()
    sut.session.start()
    await sut.wait("the first page") { !sut.list.rows.isEmpty }

    #expect(sut.screen.line(1).contains("1. Morning light on the old harbour #1"))
    #expect(sut.screen.line(2).contains("Lisbon, Portugal"))
    #expect(sut.screen.line(5).contains("2. Rain on the tram lines #2"))
    #expect(sut.screen.line(17).contains("server · item 1 · \(sut.list.rows.count) in window · 0 pending likes"))
    #expect(sut.screen.line(1).hasPrefix("▌ ░░░░░░░░░░"))
    let before = sut.screen
    sut.session.tick()
    #expect((2..<12).contains { sut.screen[1, $0].style != before[1, $0].style })
    #expect(sut.screen.line(1) == before.line(1))
    #expect(sut.events.likesReloaded == 1)
  }

  @Test("TRM-49 a screen moves only while a picture on it loads: once every one is drawn, a tick changes nothing")
  func stillOnceDrawn() async {
    let sut = BrowseHarness()
    sut.session.start()
    await sut.wait("the four rows on screen requested") {
      Set(sut.images.requests).isSuperset(of: (0..<4).map(sut.url))
    }
    #expect(sut.screen.text.contains("░") && sut.screen.animated, "a shimmer is drawn: the screen moves")

    for row in 0..<4 {
      sut.images.complete(sut.url(row), with: .success(ControlledImageLoader.image(for: sut.url(row))))
    }
    await sut.wait("every row on screen shows its thumbnail") { !sut.screen.text.contains("░") }
    let before = sut.screen
    #expect(!before.animated, "nothing on screen moves: the app need not draw it again on a tick")
    sut.session.tick()
    #expect(sut.screen == before)

    sut.press(.enter)
    await sut.wait("the detail's picture requested") { sut.screen.text.contains("Esc back") }
    #expect(sut.screen.animated == (sut.screen.text.contains("░")), "the detail moves while its picture loads")
  }

  @Test("TRM-6 rows on screen load their images; rows leaving the screen cancel theirs; rows near it prefetch")
  func visibleHiddenPrefetch() async {
    let sut = BrowseHarness()
    sut.session.start()
    await sut.wait("the four rows on screen requested") {
      Set(sut.images.requests).isSuperset(of: (0..<4).map(sut.url))
    }
    #expect(Set(sut.images.requests.prefix(4)) == Set((0..<4).map(sut.url)))
    await sut.wait("rows below prefetched") { sut.images.requests.contains(sut.url(4)) }
    await sut.wait("the page after loaded: the last row was near the screen") { sut.list.rows.count == 20 }

    sut.press(.pageDown, .pageDown)
    await sut.wait("rows 9 to 12 requested") { Set(sut.images.requests).isSuperset(of: (8..<12).map(sut.url)) }
    await sut.wait("rows 1 to 4 cancelled") { Set(sut.images.cancelled).isSuperset(of: (0..<4).map(sut.url)) }
    #expect(sut.screen.line(1).contains("9. "))

    sut.images.complete(sut.url(8), with: .success(ControlledImageLoader.image(for: sut.url(8))))
    await sut.wait("row 9's thumbnail") { sut.screen.line(1).hasPrefix("▌ ▀▀▀▀▀▀▀▀▀▀ 9. ") }
  }

  @Test("TRM-7 a failed or undecodable image offers a retry; t retries the selected row's image")
  func retry() async {
    let sut = BrowseHarness()
    sut.session.start()
    await sut.wait("rows 1 and 2 requested") { sut.images.waitingURLs.contains(sut.url(1)) }
    sut.images.complete(sut.url(0), with: .success(Data("not a picture".utf8)))
    sut.images.complete(sut.url(1), with: .failure(URLError(.timedOut)))
    await sut.wait("both rows offer a retry") {
      sut.screen.line(2).contains("↻ t retry") && sut.screen.line(6).contains("↻ t retry")
    }
    let before = sut.images.requests.filter { $0 == sut.url(1) }.count

    sut.press(.down, .character("t"))

    await sut.wait("row 2 requested again") { sut.images.requests.filter { $0 == sut.url(1) }.count == before + 1 }
    #expect(sut.screen.line(5).contains("░░░"))
  }

  @Test("TRM-8 End follows the window's pages to the end of the list and Home back to its start; memory stays bounded")
  func endAndHome() async throws {
    let sut = BrowseHarness(count: 100, capacity: 60)
    sut.images.answerAll()
    sut.session.start()
    await sut.wait("the first page") { !sut.list.rows.isEmpty }

    sut.press(.end)
    await sut.wait("the last row selected") { sut.list.selection == 99 }
    #expect(sut.screen.line(13).contains("100. "))
    #expect(sut.list.rows.count <= 60)
    #expect(sut.list.view.images.keys.allSatisfy(sut.list.rows.contains))
    #expect(await sut.window.statistics.mostImagesHeld <= 60)

    sut.press(.home)
    await sut.wait("the first row selected") { sut.list.selection == 0 && sut.list.rows.lowerBound == 0 }
    #expect(sut.screen.line(1).contains("1. Morning light"))

    sut.press(.pageDown, .pageDown, .character("r"))
    await sut.wait("the reload selected the first row") { sut.list.selection == 0 && sut.list.target == nil }
    #expect(!sut.list.view.isLoading)
  }

  @Test("TRM-9 l likes the selected image (and discards a liked one); a pending like shows on its row")
  func likes() async throws {
    let sut = BrowseHarness()
    sut.session.start()
    await sut.wait("the first page") { !sut.list.rows.isEmpty }

    sut.press(.down, .character("l"))
    #expect(sut.events.likes.map(\.0) == [sut.feed[1]])
    #expect(sut.events.likes.map(\.liked) == [false])

    sut.session.likes.display([LikedEntry(imageID: sut.feed[1].id, image: nil, pending: true)])
    #expect(sut.screen.line(7).contains("♥ liked · pending"))
    let status = sut.screen.line(17)
    #expect(status.contains("· 1 pending like") && !status.contains("1 pending likes"), "\(status)")  // APP-38
    sut.press(.character("l"))
    #expect(sut.events.likes.map(\.liked) == [false, true])
  }

  @Test("TRM-10 Enter opens the selected image's detail; Esc goes back; q and Control-C quit")
  func detailAndQuit() async throws {
    let sut = BrowseHarness()
    sut.session.start()
    await sut.wait("the first page") { !sut.list.rows.isEmpty }

    sut.press(.down, .down, .enter)
    #expect(sut.events.details == [sut.feed[2]])
    do {  // a scope: the test holds the detail only here, so its release can be seen below
      guard case .detail(let detail) = sut.session.mode else {
        Issue.record("no detail screen")
        return
      }
      detail.display(FeedImagePresenter.map(sut.feed[2]))
      detail.display(
        ImageCommentsViewModel(comments: [
          ImageCommentViewModel(message: "Lovely light", date: "2 days ago", username: "ana")
        ]))
      #expect(sut.text.contains("A quiet street after the festival #3"))
      #expect(sut.text.contains("Loading comments…"))
      detail.display(ResourceLoadingViewModel(isLoading: false))
      #expect(sut.text.contains("ana · 2 days ago"))
      #expect(sut.text.contains("Lovely light"))
      detail.display(ImageCommentsViewModel(comments: []))
      #expect(sut.text.contains("No comments yet."))
      detail.display(ResourceErrorViewModel(message: "Couldn't connect to server"))
      #expect(sut.text.contains("Couldn't connect to server · r to retry"))
    }
    await sut.wait("the detail's image requested") { sut.images.waitingURLs.contains(sut.url(2)) }

    sut.press(.escape)
    #expect(sut.screen.line(0).contains("Feed"))
    await sut.wait("the detail freed, its image load cancelled") {
      sut.events.lastDetail == nil && sut.images.cancelled.contains(sut.url(2))
    }
    #expect(sut.session.handle(.character("q")) == false)
    #expect(sut.session.handle(.interrupt) == false)
  }

  @Test("TRM-11 / types a search: Enter shows the results as a list, q is typed not quitting, Esc goes back")
  func search() async throws {
    let sut = BrowseHarness()
    sut.session.start()
    await sut.wait("the first page") { !sut.list.rows.isEmpty }

    sut.press(.character("/"), .character("R"), .character("x"), .backspace)
    #expect(sut.session.handle(.character("q")))
    sut.press(.backspace)
    #expect(sut.screen.line(17).contains("Search: R█"))
    let feedRequests = sut.images.requests.count
    sut.press(.character("a"), .character("i"), .character("n"), .enter)
    #expect(sut.events.searches == ["Rain"])
    await sut.wait("the feed's rows hidden under the results: their loads cancelled") {
      Set(sut.images.cancelled).isSuperset(of: (0..<4).map(sut.url))
    }
    await sut.wait("the results") { !sut.session.list.rows.isEmpty }
    #expect(sut.screen.line(0).contains("Search: Rain"))
    #expect(sut.screen.line(1).contains("1. Rain on the tram lines #2"))
    #expect(sut.screen.line(5).contains("2. Rain on the tram lines #10"))

    sut.press(.escape)
    #expect(sut.screen.line(0).contains("Feed"))
    #expect(sut.session.lists.count == 1)
    await sut.wait("the feed's rows requested again") { sut.images.requests.count > feedRequests + 4 }
  }

  @Test("TRM-12 a new terminal size lays the screen out again: more rows shown, and their images loaded")
  func resize() async throws {
    let sut = BrowseHarness(rows: 18)
    sut.session.start()
    await sut.wait("the first page") { !sut.list.rows.isEmpty }

    sut.session.resize(columns: 60, rows: 30)

    #expect(sut.screen.width == 60 && sut.screen.height == 30)
    #expect(sut.list.rowsPerScreen == 7)
    #expect(sut.screen.line(25).contains("7. Northern lights"))
    #expect(sut.screen.line(29).contains("item 1"))
    await sut.wait("rows 5 to 7 requested") { Set(sut.images.requests).isSuperset(of: (4..<7).map(sut.url)) }
  }

  @Test("TRM-18 a window holding little more than a screen never moves by itself, and Home and End still get there")
  func smallWindow() async throws {
    let sut = BrowseHarness(count: 60, capacity: 8, pageLimit: 4, rows: 18)
    sut.images.answerAll()
    sut.session.start()
    await sut.wait("the first page") { !sut.list.rows.isEmpty }
    await sut.waitUntilAtRest()  // everything the first page set off has happened: nothing moves after this

    #expect(sut.list.selection == 0)
    #expect(sut.list.rows.lowerBound == 0)
    #expect(sut.remotePages.value <= 2)

    sut.press(.end)
    await sut.wait("the last row") { sut.list.selection == 59 }
    sut.press(.home)
    await sut.wait("the first row") { sut.list.selection == 0 && sut.list.rows.lowerBound == 0 }
    #expect(sut.list.rows.count <= 8)
  }
}
