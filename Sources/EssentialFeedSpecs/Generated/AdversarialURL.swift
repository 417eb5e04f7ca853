import EssentialFeed
import Foundation

/// URLs drawn to collide in a store that keys images by less than the whole URL: each family shares a base, and its
/// members differ only in case, in percent-encoding, in a trailing slash, in a query (present or not), in one byte
/// after a long common prefix, or are a relative URL and its absolute form (which are one key: the whole URL).
enum AdversarialURL {
  /// The bases of the families: a path with a query, a directory, and a path past 255 bytes.
  private static let bases = [
    "https://images.example.com/path/photo.jpg?size=large",
    "https://images.example.com/a%20b/",
    "https://images.example.com/" + String(repeating: "long-path/", count: 30) + "end.jpg",
  ]

  /// The members of family `family`: every variant of its base that a careless key would confuse with it.
  static func family(_ family: Int) -> [URL] {
    let base = bases[family % bases.count]
    let (withoutQuery, query) = split(base)
    let variants = [
      base,
      base.replacingOccurrences(of: "images.example", with: "IMAGES.example"),
      withoutQuery.uppercased().replacingOccurrences(
        of: "HTTPS://IMAGES.EXAMPLE.COM", with: "https://images.example.com")
        + query,
      base.replacingOccurrences(of: "%20", with: "%2520"),
      base.replacingOccurrences(of: "/path/", with: "/pa%74h/"),
      withoutQuery.hasSuffix("/") ? String(withoutQuery.dropLast()) + query : withoutQuery + "/" + query,
      query.isEmpty ? base + "?size=large" : withoutQuery,
      query.isEmpty ? base + "?" : withoutQuery + "?size=small",
      base.replacingOccurrences(of: "https:", with: "http:"),
      base + "#fragment",
      String(base.dropLast()) + (base.last == "x" ? "y" : "x"),
    ]
    let relative = "photo.jpg?v=\(family)"
    let relatives = ["https://images.example.com/relative/", "https://images.example.com/other/"].compactMap {
      URL(string: $0).flatMap { URL(string: relative, relativeTo: $0) }
    }
    return variants.compactMap { URL(string: $0) } + relatives
      + [URL(string: "https://images.example.com/relative/" + relative)].compactMap { $0 }
  }

  /// A URL of one of the families, or a new one of its own.
  static func any(using rng: inout SplitMix64) -> URL {
    let members = family(Int.random(in: 0..<bases.count, using: &rng))
    if Int.random(in: 0..<5, using: &rng) == 0 {
      return URL(string: "https://cdn.example.com/\(rng.next() % 10_000).png") ?? members[0]
    }
    return members[Int.random(in: 0..<members.count, using: &rng)]
  }

  /// The members of the family `url` (or its move to a namespace) belongs to, moved to the same namespace; none for
  /// a URL of no family.
  static func siblings(of url: URL, inNamespace namespace: Int) -> [URL] {
    let moved = { (member: URL) in Self.moved(member, toNamespace: namespace) }
    for index in bases.indices {
      let members = family(index).map(moved)
      if members.contains(where: { $0.absoluteString == url.absoluteString }) { return members }
    }
    return []
  }

  private static func split(_ url: String) -> (String, String) {
    guard let mark = url.firstIndex(of: "?") else { return (url, "") }
    return (String(url[..<mark]), String(url[mark...]))
  }
}

extension AdversarialURL {
  /// `url` with its host moved below `namespace`, the rest (case, escapes, query, base) kept.
  /// `count` URLs moved to `namespace`, no two the same: a sweep that needs several images needs them apart. The URL
  /// families are few, so four draws repeat one often: the least-recently-used sweep, skipped then, let a store whose
  /// reads are no use pass the first history of 1 seed in about 10.
  static func distinct(_ count: Int, inNamespace namespace: Int, using rng: inout SplitMix64) -> [URL] {
    var urls: [URL] = []
    while urls.count < count {
      let url = moved(any(using: &rng), toNamespace: namespace)
      if !urls.contains(where: { $0.absoluteString == url.absoluteString }) { urls.append(url) }
    }
    return urls
  }

  static func moved(_ url: URL, toNamespace namespace: Int) -> URL {
    if let base = url.baseURL {
      return URL(string: url.relativeString, relativeTo: moved(base, toNamespace: namespace)) ?? url
    }
    var text = url.absoluteString
    for host in ["images.example.com", "IMAGES.example.com", "cdn.example.com"] where text.contains("://" + host) {
      text = text.replacingOccurrences(of: "://" + host, with: "://h\(namespace)." + host)
      break
    }
    return URL(string: text) ?? url
  }
}

extension AdversarialURL {
  /// `url` moved from namespace `old` to `new`: a replay on a location where an earlier one left images.
  static func renamed(_ url: URL, from old: Int, to new: Int) -> URL {
    if let base = url.baseURL {
      return URL(string: url.relativeString, relativeTo: renamed(base, from: old, to: new)) ?? url
    }
    return URL(string: url.absoluteString.replacingOccurrences(of: "://h\(old).", with: "://h\(new).")) ?? url
  }
}

extension AdversarialURL {
  /// The plainest URL in the namespace of `url`: `https://h<namespace>.example.com/`, for a shrunk history.
  static func plainest(like url: URL) -> URL {
    let host = url.absoluteURL.host() ?? ""
    let namespace = host.hasPrefix("h") ? host.prefix { $0 != "." } : "h"
    return URL(string: "https://\(namespace).example.com/") ?? url
  }
}
