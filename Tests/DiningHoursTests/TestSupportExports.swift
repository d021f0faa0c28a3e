/// Every file of this target sees the shared test support (paths, runner, waits, JSON)
/// without an import of its own, so files move between test targets unchanged.
@_exported import TestSupport
