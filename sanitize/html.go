package sanitize

import "html"

// HTML returns the HTML fragment s restricted to harmless structure, for
// item content and summaries. It keeps paragraphs, headings, lists, quotes,
// code, emphasis, tables, figures, links (href, title) and images (src, alt,
// title, width, height). It removes script and style elements with their
// content, event-handler and style attributes, frames, objects, embeds,
// applets, forms and their controls, meta, base and link elements, SVG and
// MathML, and comments. A removed element keeps its text where that is
// text: the fallback of an iframe, object or noscript, the text of
// MathML ("a+b") and of SVG titles and descriptions; script and style
// content goes. URLs must be http, https, mailto or relative; img
// src may also be a base64 PNG, GIF, JPEG or WebP data: URL. Links get
// rel="nofollow". Finally every control that could drive a terminal (ESC
// and the other C0 controls except '\t', '\n' and '\r', DEL, C1, bidi
// controls, U+FEFF) and invalid UTF-8 is removed.
//
// HTML is idempotent: its result passes through it unchanged.
func HTML(s string) string {
	return fixpoint(s, htmlPass, never, escapeText)
}

// htmlPass is one round of [HTML]: controls removed, the policy applied,
// then controls removed again, since decoded character references such as
// "&#27;" reach the output as raw characters. Attributes that still hold
// a live scheme further in go too (see [dropLiveSchemes]).
func htmlPass(s string) string {
	const layout = keepTab | keepLF | keepCR
	return stripControls(dropLiveSchemes(policy.Sanitize(unwrapFallback(stripControls(s, layout)))), layout)
}

// never reports that no result of [htmlPass] is known to be final without
// running it again.
func never(string) bool { return false }

// escapeText ends [HTML] on input that would not settle: the fragment's
// plain text, escaped, which the policy leaves as it is.
func escapeText(s string) string {
	return html.EscapeString(TextFromHTML(s))
}
