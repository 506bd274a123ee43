package sanitize

// maxPasses bounds how often [fixpoint] re-applies a pass. Real input settles
// after one or two; more is only needed for values escaped many times over.
const maxPasses = 8

// fixpoint applies pass to s until the result no longer changes, which makes
// the caller idempotent: what it returns, pass returns unchanged. settled may
// report early that a result is known to be stable. Should maxPasses not
// suffice, fallback, whose result pass must leave unchanged, ends the loop.
func fixpoint(s string, pass func(string) string, settled func(string) bool, fallback func(string) string) string {
	cur := s
	for range maxPasses {
		next := pass(cur)
		if next == cur || settled(next) {
			return next
		}
		cur = next
	}
	return fallback(cur)
}
