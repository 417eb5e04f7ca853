import EssentialFeed
import Foundation

/// The deterministic feeds the crash writer saves: a serial number fixes every image, so a reader can tell which
/// save a cache came from and check that it holds exactly that save's feed.
public enum CrashFeed {
  /// The timestamp of save number `serial`: that many seconds after the reference date.
  public static func timestamp(serial: Int) -> Date {
    Date(timeIntervalSinceReferenceDate: TimeInterval(serial))
  }

  /// The save number a timestamp stands for, or `nil` when no save wrote it.
  public static func serial(of timestamp: Date) -> Int? {
    let value = timestamp.timeIntervalSinceReferenceDate
    return value.rounded() == value ? Int(value) : nil
  }

  /// The feed of save number `serial`: 200 to 1,400 images, every field fixed by the serial.
  public static func feed(serial: Int) -> [FeedImage] {
    (0..<(200 + (serial % 5) * 300)).map { index in
      let id = UUID(uuidString: String(format: "%08X-0000-4000-8000-%012X", serial, index)) ?? UUID()
      return FeedImage(
        id: id,
        description: index.isMultiple(of: 3) ? nil : "save \(serial) image \(index) — ünïcödé",
        location: index.isMultiple(of: 4) ? nil : "location \(index)",
        url: URL(string: "https://crash.example.com/\(serial)/\(index).jpg") ?? URL(fileURLWithPath: "/")
      )
    }
  }
}
