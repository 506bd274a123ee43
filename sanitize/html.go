package sanitize

import (
	"html"
	"strings"
)

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
	if fastPaths && isInertText(s) {
		return s
	}
	return fixpoint(s, htmlPass, escapeText)
}

// isInertText reports whether [HTML] would return s unchanged because it
// is plain text the policy writes back as it reads it: valid UTF-8 with no
// control but tab and newline and none of the characters the HTML
// tokenizer reads or the policy escapes: '<', '>', '&', quotes and CR.
// A plain-text summary (the description of many RSS feeds) is that, and
// skips the policy's tokenizer. FuzzHTMLInertText checks the claim.
func isInertText(s string) bool {
	return !strings.ContainsAny(s, "<>&\"'\r") && firstDropped(s, keepTab|keepLF) < 0
}

// htmlPass is one round of [HTML]: controls removed, the policy applied,
// controls removed again (decoded character references such as "&#27;"
// reach the output as raw characters), and last the attributes that still
// hold a live scheme further in (see [dropLiveSchemes]).
//
// It reports its result final when dropLiveSchemes removed nothing: then
// the result is the policy's own output less controls, which a second
// round returns unchanged. The policy writes only allowed elements and
// attributes, text and values escaped, so nothing in it is a control, a
// fallback tag or a value the policy refuses; the corpora and FuzzHTML,
// which checks HTML(HTML(x)) == HTML(x), are the proof (see
// TestHTMLOnePassIsFinal). Dropping an attribute may leave an element the
// policy removes when bare (an img without src), so then another round
// runs. Without fastPaths it reports nothing final, so that a second
// round checks every result.
func htmlPass(s string) (string, bool) {
	const layout = keepTab | keepLF | keepCR
	clean := stripControls(applyPolicy(unwrapFallback(stripControls(s, layout))), layout)
	out, dropped := dropLiveSchemes(clean)
	return out, fastPaths && !dropped
}

// applyPolicy is policy.Sanitize(s), computed by [policyFast] when s is
// plain text and simple tags of allowed elements, else by the policy's
// own run ([policySanitize]); without fastPaths, always by the policy.
// Like Sanitize it returns blank input as it is.
func applyPolicy(s string) string {
	if strings.TrimSpace(s) == "" {
		return s
	}
	if fastPaths {
		if out, ok := policyFast(s); ok {
			return out
		}
	}
	return policySanitize(s)
}

// policySanitize is policy.Sanitize(s) written into a builder sized for s,
// not a buffer that grows by doubling and is then copied into a string:
// the output of a fragment is about as long as the fragment (an eighth
// more leaves room for rel="nofollow" and escaped characters). Like
// Sanitize it returns "" should the policy fail.
func policySanitize(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	if err := policy.SanitizeReaderToWriter(strings.NewReader(s), &b); err != nil {
		return ""
	}
	return b.String()
}

// escapeText ends [HTML] on input that would not settle: the fragment's
// plain text, escaped, which the policy leaves as it is.
func escapeText(s string) string {
	return html.EscapeString(TextFromHTML(s))
}
