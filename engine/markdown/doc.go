// Package markdown writes sanitized HTML as Markdown (CommonMark, with
// GitHub's tables and strikethrough): what the reader saves to a file
// and pipes to a command when asked for Markdown. It is pure: a string
// in, a string out, no I/O. Its input is HTML the sanitizer kept (see
// package sanitize for the elements), so it knows those elements and
// treats any other as a container of text.
package markdown
