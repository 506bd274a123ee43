package sanitize

// maxPasses bounds how often [fixpoint] re-applies a pass. Real input settles
// after one or two; more is only needed for values escaped many times over.
const maxPasses = 8

// fixpoint applies pass to s until its result is final, which makes the
// caller idempotent: what it returns, pass returns unchanged. pass reports
// a result it knows to be final (a second pass would return it as it is);
// otherwise the result is final once a pass no longer changes it. Should
// maxPasses not suffice, fallback, whose result pass must leave unchanged,
// ends the loop.
func fixpoint(s string, pass func(string) (string, bool), fallback func(string) string) string {
	cur := s
	for range maxPasses {
		next, final := pass(cur)
		if final || next == cur {
			return next
		}
		cur = next
	}
	return fallback(cur)
}
