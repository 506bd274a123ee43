//go:build tidings_nofast

package feed

// fastPaths is false in a build with the tag tidings_nofast: every fast
// path of the package is switched off and its reference implementation
// runs instead, to tell a bug of a fast path from one of the reference.
// The pairs, each held equal by the differential test beside it:
//
//   - parseTreeFast (treefast*.go) and encoding/xml (parseTreeDecoder),
//     chosen in parseTree; TestTreeFastMatchesDecoder, FuzzTreeFast;
//   - the hand-written date matchers (dates_match.go) and the regular
//     expressions of dates_ref.go, chosen in the *Parts functions there;
//     TestDateMatchersMatchTheirPatterns, FuzzDateMatchers.
const fastPaths = false
