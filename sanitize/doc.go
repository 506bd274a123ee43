// Package sanitize cleans everything a feed or a server says before tidings
// stores or prints it.
//
// Pure functions cover the kinds of value a feed carries:
//
//   - [Text] for titles, authors, categories and channel descriptions:
//     plain text, kept as it is but for controls and extra white space
//     ('<', '>' and '&' are characters); [TextFromHTML] first when the
//     value is HTML (its text, references decoded once).
//   - [HTML] for item content and summaries: a restricted HTML subset with no
//     script, event handlers, styles, frames, objects or forms.
//   - [Link] for item and channel links: an absolute http or https URL, or "".
//   - [Terminal] for the UI, as defence in depth: whatever reaches the screen
//     loses ESC, C0 and C1 controls and bidi overrides, so a feed can neither
//     write to the clipboard (OSC 52), retitle the window nor fake the screen.
//   - [TerminalWriter] for streams: the one door out of the command line,
//     which drops what [Terminal] drops however the writes cut the text.
//     It lives here so the two share one definition of a control. Its raw
//     path, [RawTerminal], is for those who send sequences of their own.
//
// All functions, and a TerminalWriter, are safe for concurrent use. [Text]
// and [HTML] are idempotent: sanitizing a stored value again changes
// nothing.
// [TextFromHTML] is not, by design: its result is text, never to be read
// as HTML again.
//
// # The fast path
//
// bluemonday is the HTML sanitizer of record. A fragment made of text and
// simple tags — allowed elements, links and images, the tags of removed
// elements, comments, whole script and style elements, which is what feed
// content is — is written without its tokenizer (fastpath.go): text
// decoded and escaped as bluemonday would, bare tags from a table the
// policy built, links and images by the policy's own rules, and any other
// tag with attributes by one policy run over those tags alone. Anything
// else (an element whose content the policy skips or the tokenizer reads
// as raw text, a bare '<', an unquoted value) goes to the policy whole.
// The output is the policy's byte for byte: FuzzPolicyFast and
// TestPolicyFastMatchesPolicy compare them. One policy pass is final
// unless an attribute with a live scheme was dropped (fixpoint.go);
// TestHTMLOnePassIsFinal checks it on the corpora, and FuzzHTML's check
// that HTML(HTML(x)) == HTML(x) proves it on random input. Built with
// -tags tidings_nofast, the package runs bluemonday on every fragment and
// every check in full (fast_off.go lists the fast paths it turns off).
//
// # Benchmarks and fuzzing
//
//	go test ./sanitize -run XXX -bench . -count 8
//	go test -run XXX -fuzz '^FuzzPolicyFast$' -fuzztime 10m ./sanitize
//
// The fuzz targets (FuzzText, FuzzTextFromHTML, FuzzHTML, FuzzLink,
// FuzzTerminal, FuzzHTMLInertText, FuzzPolicyFast, FuzzHoldsLiveScheme)
// check that nothing live and no terminal control survives, that the
// functions are idempotent, and that the fast paths agree with the slow
// ones. They start from the third-party corpus in testdata/corpus.
package sanitize
