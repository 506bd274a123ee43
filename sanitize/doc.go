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
//
// All functions are safe for concurrent use. [Text] and [HTML] are
// idempotent: sanitizing a stored value again changes nothing.
// [TextFromHTML] is not, by design: its result is text, never to be read
// as HTML again.
package sanitize
