//go:build !tidings_nofast

package sanitize

// fastPaths is true in the default build: each fast path of the package
// runs, and falls back to its reference implementation only where it gives
// up. Building with the tag tidings_nofast sets it false (see fast_off.go).
const fastPaths = true
