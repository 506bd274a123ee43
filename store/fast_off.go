//go:build tidings_nofast

package store

// fastPaths is false in a build with the tag tidings_nofast: every fast
// path of the package is switched off and its reference implementation
// runs instead, to tell a bug of a fast path from one of the reference.
// The pairs, each held equal by the differential test beside it:
//
//   - indexTextFast and indexTextRef (fts_text_ref.go), chosen in
//     indexText; TestIndexTextEqualsItsReference, FuzzIndexText;
//   - the ASCII-literal search for ~ patterns and the RE2 expression,
//     chosen in compileMatcher; TestMatcherAgreesWithRegexp,
//     FuzzMatcherAgreesWithRegexp;
//   - the Go evaluation of rules at merge time (rules_eval.go) and the SQL
//     that compileFilter writes for lists, chosen in evaluator.holds;
//     TestRuleEvaluationAgreesWithSQL and its Combined sibling.
const fastPaths = false
