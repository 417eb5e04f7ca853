/// What one read of the torn-state phase (``TornState``) saw.
enum TornRead: Sendable {
  /// One whole written value: the serial all its parts agree on.
  case whole(Int)
  /// Parts of different values, or nothing where a value was always kept: what the reader saw, for the failure.
  case torn(String)
}
