//go:build tidings_nofast

package sanitize

// fastPaths is false in a build with the tag tidings_nofast: every fast
// path of the package is switched off and its reference implementation
// runs instead, to tell a bug of a fast path from one of the reference or
// to check a new bluemonday on all of its input. The pairs, each held
// equal by the differential test beside it:
//
//   - policyFast (fastpath.go, fasttag.go, fastattrs.go) and the
//     bluemonday policy (policySanitize), chosen in applyPolicy;
//     TestPolicyFastMatchesPolicy, FuzzPolicyFast;
//   - isInertText and the full pass, chosen in HTML; FuzzHTMLInertText;
//   - htmlPass reporting its result final and a second pass that finds it
//     unchanged, chosen in htmlPass; TestHTMLOnePassIsFinal;
//   - holdsLiveScheme and its plain definition containsLiveScheme, chosen
//     in hasLiveScheme; FuzzHoldsLiveScheme;
//   - isCollapsed and collapseAll, chosen in collapse; FuzzText.
const fastPaths = false
