/// Holds an object weakly, so a test can check the object was released: the case study's `trackForMemoryLeaks`,
/// in Swift Testing form, usable on Swift 6.1 (which has no `weak let`).
final class WeakReference<Object: AnyObject> {
  private(set) weak var object: Object?

  init(_ object: Object?) {
    self.object = object
  }
}
