// Filled in by the cache use cases.
